import { requireAgentPage } from "~/accounts/guards.server";
import type { AgentPageKey } from "~/domain/agent-menu";
import { settlingPending } from "~/money/pending.server";
import { csrfForm } from "~/security.server";

/**
 * The start of every agent-centre action: an agent (anyone else 403 before anything is read), the
 * page's module and flag (404), then the CSRF token (403). Returns the context and the form.
 */
export async function agentAction(request: Request, page: AgentPageKey) {
  const ctx = await requireAgentPage(request, page);
  const formData = await csrfForm(request);
  settlingPending(ctx.session, formData);
  return { ctx, formData };
}
