import { data, redirect } from "@remix-run/node";
import { requestContext, sessionExpiredRedirect } from "~/context.server";
import { canEnterAgentCentre, loginCheck } from "~/domain/account";
import { AGENT_MENU, type AgentFlags, type AgentPageKey, agentPageOpen, needsFlags } from "~/domain/agent-menu";
import { MEMBER_MENU, type MemberPageKey, memberPageOpen } from "~/domain/member-menu";
import { GatewayError, PlatformError } from "~/gateway/errors.server";
import { log } from "~/request-scope.server";
import type { AppSession } from "~/session.server";

/** A signed-in real member: a token, and an account type other than the trial (demo) one (TRIAL_ACCOUNT_TYPE). */
export function isRealMember(session: AppSession): boolean {
  return loginCheck({ token: session.get("token"), accountType: session.get("accountType") }) === "ok";
}

/**
 * The login check of docs/SPEC.md point 5 for account pages: a visitor goes to the login modal (and
 * back here afterwards); a trial account is refused with the real-account-needed message (403).
 */
export async function requireMember(request: Request) {
  const ctx = await requestContext(request);
  const check = loginCheck({ token: ctx.session.get("token"), accountType: ctx.session.get("accountType") });
  if (check === "login-required") {
    const url = new URL(request.url);
    throw redirect(`/login?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
  }
  if (check === "real-account-needed") throw data({ reason: "real-account-needed" }, { status: 403 });
  return ctx;
}

/**
 * A member-centre page whose menu entry needs a module (cashback MANPLAYREB3, referral REFERRAL3,
 * …) or a condition (transfer to upline: an upline): without it the page does not exist for this
 * member (404), as its entry is not in the menu. The member's info is asked for only when needed.
 */
export async function requireMemberPage(request: Request, page: MemberPageKey) {
  const ctx = await requireMember(request);
  const entry = MEMBER_MENU.find((m) => m.page === page)!;
  const info = entry.condition === "toUpline" ? await ctx.gateway.member.info().catch(readFailed(request)) : null;
  if (!memberPageOpen(entry, ctx.status.modules, info)) throw data({ reason: "not-found" }, { status: 404 });
  return ctx;
}

/** The agent centre: agents only (types 1, 2, 41, 42); anyone else is told they are not an agent (403). */
export async function requireAgent(request: Request) {
  const ctx = await requireMember(request);
  if (!canEnterAgentCentre(ctx.session.get("accountType"))) throw data({ reason: "not-an-agent" }, { status: 403 });
  return ctx;
}

/** The agent's consolidated contract flags, or null when none of the contract modules is on. */
export async function agentFlags(request: Request, ctx: Awaited<ReturnType<typeof requireAgent>>): Promise<AgentFlags | null> {
  if (!needsFlags(ctx.status.modules)) return null;
  return ctx.gateway.agent.contractFlags().catch(readFailed(request));
}

/**
 * An agent-centre page: its module off, or (for a contract page) its consolidated flag off, and the
 * page does not exist for this agent (404), as its entry is not in the menu.
 */
export async function requireAgentPage(request: Request, page: AgentPageKey) {
  const ctx = await requireAgent(request);
  const entry = AGENT_MENU.find((m) => m.page === page)!;
  const flags = entry.condition ? await agentFlags(request, ctx) : null;
  if (!agentPageOpen(entry, ctx.status.modules, flags)) throw data({ reason: "not-found" }, { status: 404 });
  return Object.assign(ctx, { flags });
}

/**
 * For a member page's reads: a gone session goes to the login modal; any other failure is a 503
 * that the member centre's error boundary shows inside the centre. Use as `.catch(readFailed(request))`.
 */
export function readFailed(request: Request) {
  return async (error: unknown): Promise<never> => {
    // A block's read (blockFailed) may already have answered with the redirect to login.
    if (error instanceof Response) throw error;
    throw await sessionExpiredRedirect(request, error).catch(() => data({ reason: "unavailable" }, { status: 503 }));
  };
}

/**
 * The read of a block the page can draw without (decision 038): its failure leaves that block out
 * (null, the page says that part is unavailable) instead of failing the page; a session the
 * platform no longer knows still goes to login. The gateway client has logged the failing call.
 */
export function blockFailed(request: Request) {
  return async (error: unknown): Promise<null> => {
    const response = await sessionExpiredRedirect(request, error).catch(() => null);
    if (response) throw response;
    if (!(error instanceof GatewayError || error instanceof PlatformError))
      log().warn({ err: error }, "a block's read failed; drawn without it");
    return null;
  };
}
