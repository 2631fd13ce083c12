import { data, redirect } from "@remix-run/node";
import { requestContext } from "~/context.server";
import { canEnterAgentCentre, loginCheck } from "~/domain/account";

/**
 * The login check of SPEC point 5 for account pages: a visitor goes to the login modal (and
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

/** The agent centre: agents only (types 1, 2, 41, 42); anyone else is told they are not an agent (403). */
export async function requireAgent(request: Request) {
  const ctx = await requireMember(request);
  if (!canEnterAgentCentre(ctx.session.get("accountType"))) throw data({ reason: "not-an-agent" }, { status: 403 });
  return ctx;
}
