import { redirect } from "@remix-run/node";
import type { RequestContext } from "~/context.server";
import { mustChangePassword } from "~/domain/errors";
import { safeRedirect } from "~/domain/paths";
import { moduleOn } from "~/domain/modules";
import { createGateway } from "~/gateway/index.server";
import type { LoginResult } from "~/gateway/accounts.server";
import { commitSession, redirectWithNotice } from "~/session.server";

export type LoginMethod = "username" | "sms" | "register" | "social" | "freeplay" | "verification";

/**
 * Every way in ends here: the token and account facts go into the session, member info is
 * loaded, and the player goes on, or first to the forced password change.
 */
export async function startSession(
  ctx: RequestContext,
  result: LoginResult,
  method: LoginMethod,
  redirectTo: string,
  extraHeaders?: Headers,
) {
  const session = ctx.session;
  // A game left open by whoever used this browser before is not the new player's.
  for (const key of ["captchaRequired", "captchaId", "captchaAt", "twoFactor", "sms", "socialState", "game"] as const) session.unset(key);
  session.set("token", result.token);
  session.set("startedAt", Date.now());
  session.set("userName", result.userName ?? "");
  session.set("accountType", result.customerType ?? 0);
  const signedIn = createGateway({ ...ctx.gateway.context, token: result.token });
  const [info, rg] = await Promise.all([
    signedIn.member.info().catch(() => null),
    // The reality check the member chose, if any: reminders count from this session's start.
    moduleOn(ctx.status.modules, "RESPGAMING3") ? signedIn.player.responsibleGaming().catch(() => null) : Promise.resolve(null),
  ]);
  session.unset("realityCheck");
  if (rg?.realityCheckMinutes) {
    session.set("realityCheck", { minutes: rg.realityCheckMinutes, startedAt: Number(rg.sessionStartedAt ?? Date.now()) || Date.now() });
  }
  if (info) {
    session.set("rankLevel", info.clubLabel?.rankLevel ?? 0);
    if (typeof info.type === "number") session.set("accountType", info.type);
    if (info.account) session.set("userName", info.account);
  }
  const forced = mustChangePassword({
    defaultPassword: result.defaultPassword,
    passwordExpired: result.passwordExpired,
    expiryEnforced: moduleOn(ctx.status.modules, "PWDEXPFORCECHANGE3"),
    method,
  });
  const headers = new Headers(extraHeaders);
  if (forced) {
    session.set("mustChangePassword", true);
    headers.append("Set-Cookie", await commitSession(session));
    return redirect("/change-password", { headers });
  }
  session.unset("mustChangePassword");
  const welcome = method === "freeplay" ? "flash.welcomeTrial" : result.firstTimeLogin ? "flash.welcomeNew" : "flash.welcome";
  return redirectWithNotice(session, safeRedirect(redirectTo, "/"), welcome, "notice", headers);
}
