import { redirect } from "@remix-run/node";
import { agentFlags, requireAgent } from "~/accounts/guards.server";
import { AGENT_MENU, agentPageOpen, agentPath, DEFAULT_AGENT_PAGE } from "~/domain/agent-menu";

// The agent centre opens on its default page (agentTeamOverview), or the first page open to this
// agent when the operator switched that one off.
export async function agentIndexLoader(request: Request) {
  const ctx = await requireAgent(request);
  const open = (page: string) => agentPageOpen(AGENT_MENU.find((m) => m.page === page)!, ctx.status.modules, null);
  if (open(DEFAULT_AGENT_PAGE)) return redirect(agentPath(DEFAULT_AGENT_PAGE));
  const flags = await agentFlags(request, ctx).catch(() => null);
  const first = AGENT_MENU.find((m) => agentPageOpen(m, ctx.status.modules, flags));
  if (!first) throw new Response(null, { status: 404 });
  return redirect(first.path);
}
