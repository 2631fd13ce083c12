import { data } from "@remix-run/node";
import { agentFlags, requireAgent } from "~/accounts/guards.server";
import { AGENT_MENU, agentFlag, agentPageOpen } from "~/domain/agent-menu";
import { centreReturn } from "~/domain/member-menu";
import { commitSession } from "~/session.server";

// The agent centre (docs/SPEC.md point 2): agents only, checked here and again in each page's loader
// (loaders run in parallel). Entries follow their module and, for contracts, the consolidated
// flags; a contract entry whose request waits for this agent's answer carries a badge.
export async function agentLoader(request: Request) {
  const ctx = await requireAgent(request);
  const flags = await agentFlags(request, ctx).catch(() => null);
  const came = centreReturn(request.headers.get("Referer"), new URL(request.url).origin);
  const headers = new Headers();
  if (came && came !== ctx.session.get("centreReturn")) {
    ctx.session.set("centreReturn", came);
    headers.append("Set-Cookie", await commitSession(ctx.session));
  }
  const menu = AGENT_MENU.filter((m) => agentPageOpen(m, ctx.status.modules, flags)).map(({ page, labelKey, path, condition }) => ({
    page,
    labelKey,
    path,
    badge: condition && agentFlag(flags, condition) === 2 ? 1 : undefined,
  }));
  return data({ menu, closeTo: came ?? ctx.session.get("centreReturn") ?? "/" }, { headers });
}
