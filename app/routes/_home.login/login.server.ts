import { parseWithZod } from "@conform-to/zod";
import { data, redirect } from "@remix-run/node";
import { requestContext } from "~/context.server";
import { loginSchema, safeRedirect } from "~/domain/login";
import { createGateway, GatewayError, PlatformError } from "~/gateway/index.server";
import { mediaUrl } from "~/html.server";
import { pageMeta } from "~/i18n/t.server";
import { requireHuman } from "~/security.server";
import { commitSession } from "~/session.server";

export async function loginLoader(request: Request) {
  const ctx = await requestContext(request);
  const url = new URL(request.url);
  const redirectTo = safeRedirect(url.searchParams.get("redirectTo"), "/");
  // Already signed in: nothing to do here.
  if (ctx.session.get("token")) throw redirect(redirectTo);
  const announcements = await ctx.gateway.content.announcements().catch(() => null);
  const b = announcements?.banners?.find((x) => x.groupName === "w_login");
  const src = mediaUrl(b?.url);
  return {
    redirectTo,
    banner: src ? { src, title: b?.title ?? "" } : null,
    meta: await pageMeta(request, "auth:login.title"),
  };
}

/** Known platform codes get our own words; anything else shows the platform's message. */
function loginFailureMessage(error: PlatformError): string {
  if (error.errorCode === "login.failed") return "auth:login.failed";
  if (error.errorCode === "login_blocked_by_self_exclusion") return "auth:login.selfExcluded";
  if (error.errorCode === "function.not.available") return "auth:login.unavailable";
  return error.message || "auth:login.failed";
}

export async function loginAction(request: Request) {
  const formData = await request.formData();
  await requireHuman(formData);
  const submission = parseWithZod(formData, { schema: loginSchema });
  if (submission.status !== "success") {
    return data(submission.reply({ hideFields: ["password"] }), { status: 400 });
  }
  const ctx = await requestContext(request);
  const { username, password, redirectTo } = submission.value;
  try {
    const result = await ctx.gateway.session.login({ username, password, type: "username" });
    const session = ctx.session;
    session.set("token", result.token);
    session.set("userName", result.userName ?? username);
    session.set("accountType", result.customerType ?? 0);
    // Member info with the new token: rank level picks the customer-service channel.
    const info = await createGateway({ ...ctx.gateway.context, token: result.token }).member.info().catch(() => null);
    if (info) {
      session.set("rankLevel", info.clubLabel?.rankLevel ?? 0);
      if (typeof info.type === "number") session.set("accountType", info.type);
    }
    session.flash("notice", "flash.welcome");
    return redirect(safeRedirect(redirectTo, "/"), { headers: { "Set-Cookie": await commitSession(session) } });
  } catch (error) {
    if (error instanceof PlatformError) {
      return data(submission.reply({ formErrors: [loginFailureMessage(error)], hideFields: ["password"] }), { status: 400 });
    }
    if (error instanceof GatewayError) {
      return data(submission.reply({ formErrors: ["common:error.platformUnavailable"], hideFields: ["password"] }), { status: 503 });
    }
    throw error;
  }
}
