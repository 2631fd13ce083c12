import { parseWithZod } from "@conform-to/zod";
import { data, redirect } from "@remix-run/node";
import { rememberCookieHeader, readRemembered } from "~/accounts/remember.server";
import { deviceOf, withDeviceCookie } from "~/accounts/device.server";
import type { AccountActionData, AccountAnswer } from "~/accounts/action-data";
import { startSession } from "~/accounts/session-start.server";
import { twoFactorRedirect } from "~/accounts/two-factor.server";
import { socialButtons } from "~/accounts/social.server";
import { recordSmsSent, refusal, sliderAnswer, sliderFor, smsSecondsLeft } from "~/accounts/verification.server";
import { tooManyRequests } from "~/accounts/refusal.server";
import { requestContext, type RequestContext } from "~/context.server";
import { errorMessage } from "~/domain/errors";
import { sendCodeSchema, smsLoginSchema, usernameLoginSchema } from "~/domain/login";
import { safeRedirect } from "~/domain/paths";
import { message } from "~/domain/messages";
import { moduleOn } from "~/domain/modules";
import { PlatformError } from "~/gateway/index.server";
import { mediaUrl } from "~/html.server";
import { pageMeta } from "~/i18n/t.server";
import { limitAttempt } from "~/limits.server";
import { honeypotInputProps, humanForm } from "~/security.server";
import { commitSession } from "~/session.server";
import { z } from "zod";
import { retryAfter } from "~/request-scope.server";

export type LoginTab = "username" | "mobile";

export async function loginLoader(request: Request) {
  const ctx = await requestContext(request);
  const url = new URL(request.url);
  const redirectTo = safeRedirect(url.searchParams.get("redirectTo"), "/");
  if (ctx.session.get("token")) throw redirect(redirectTo);
  const smsLogin = moduleOn(ctx.status.modules, "MOBILEVERCODELOGIN3");
  const tab: LoginTab = smsLogin && url.searchParams.get("tab") === "mobile" ? "mobile" : "username";
  const [announcements, slider, countries, remembered] = await Promise.all([
    ctx.gateway.content.announcements().catch(() => null),
    sliderFor(ctx, "login"),
    tab === "mobile" ? ctx.gateway.accounts.countries().catch(() => []) : Promise.resolve([]),
    readRemembered(request),
  ]);
  const b = announcements?.banners?.find((x) => x.groupName === "w_login");
  const src = mediaUrl(b?.url);
  return {
    redirectTo,
    tab,
    smsLogin,
    freePlay: moduleOn(ctx.status.modules, "FREEPLAY3"),
    social: socialButtons(ctx.status.modules),
    // The captcha image comes from /captcha; the stamp makes the browser fetch a new one each render.
    captcha: tab === "username" && ctx.session.get("captchaRequired") === true ? { stamp: Date.now() } : null,
    slider,
    countries,
    remembered,
    smsSecondsLeft: smsSecondsLeft(ctx.session, "login"),
    banner: src ? { src, title: b?.title ?? "" } : null,
    honeypot: await honeypotInputProps(),
    meta: await pageMeta(request, "auth:login.title"),
  };
}

async function withSession(ctx: RequestContext, body: AccountActionData, status: number) {
  return data(body, { status, headers: { "Set-Cookie": await commitSession(ctx.session) } });
}

async function usernameLogin(ctx: RequestContext, formData: FormData, loginDeviceId: string) {
  const submission = parseWithZod(formData, { schema: usernameLoginSchema });
  const hide = { hideFields: ["password"] };
  if (submission.status !== "success") return data({ result: submission.reply(hide) }, { status: 400 });
  const { username, password, captcha, remember, redirectTo } = submission.value;
  const captchaRequired = ctx.session.get("captchaRequired") === true;
  if (captchaRequired && !captcha) {
    return data({ result: submission.reply({ ...hide, fieldErrors: { captcha: ["auth:captcha.required"] } }) }, { status: 400 });
  }
  const slider = sliderAnswer(formData);
  try {
    await limitAttempt("login", username);
    const result = await ctx.gateway.session.login(
      { username, password, type: "username", captcha: captcha || undefined, sliderCaptcha: slider, loginDeviceId },
      ctx.session.get("captchaId"),
    );
    const headers = new Headers({ "Set-Cookie": await rememberCookieHeader(remember ? { userName: username } : null) });
    return startSession(ctx, result, "username", redirectTo ?? "/", headers);
  } catch (error) {
    // Not a wrong password but too many failed logins from this network (decision 036): a 429.
    if (!(error instanceof PlatformError) || tooManyRequests(error)) return refusal((o) => submission.reply({ ...o, ...hide }), error);
    const twoFactor = await twoFactorRedirect(ctx, error, redirectTo);
    if (twoFactor) throw twoFactor;
    // A failure that carries the captcha flag turns the image captcha on for this player.
    const captchaOn = z.object({ captcha: z.literal(true) }).safeParse(error.value).success;
    if (captchaOn) ctx.session.set("captchaRequired", true);
    const text = errorMessage(error.errorCode, error.message);
    const result =
      error.errorCode === "captcha.invalid"
        ? submission.reply({ ...hide, fieldErrors: { captcha: [text] } })
        : submission.reply({ ...hide, formErrors: [text] });
    return withSession(ctx, { result, captcha: captchaOn ? { stamp: Date.now() } : undefined }, 400);
  }
}

async function sendLoginCode(ctx: RequestContext, formData: FormData) {
  const submission = parseWithZod(formData, { schema: sendCodeSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const wait = smsSecondsLeft(ctx.session, "login");
  if (wait > 0)
    return data({ result: submission.reply({ formErrors: [message("auth:sms.wait", wait)] }) }, { status: 429, headers: retryAfter(wait) });
  const slider = sliderAnswer(formData);
  try {
    await limitAttempt("sms", submission.value.mobileNum);
    const sent = await ctx.gateway.accounts.smsWithoutLogin({ ...submission.value, sliderCaptcha: slider });
    const countdown = recordSmsSent(ctx.session, "login", submission.value.mobileNum, sent.expiredMinutes);
    return withSession(ctx, { result: submission.reply(), notice: "auth:sms.sent", smsSecondsLeft: countdown }, 200);
  } catch (error) {
    return refusal(submission.reply, error);
  }
}

async function smsLogin(ctx: RequestContext, formData: FormData, loginDeviceId: string) {
  const submission = parseWithZod(formData, { schema: smsLoginSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const { mobileNum, countryDialingCode, code = "", remember, redirectTo } = submission.value;
  try {
    await limitAttempt("login", mobileNum);
    const result = await ctx.gateway.session.login({ username: mobileNum, password: code, type: "sms", countryDialingCode, loginDeviceId });
    const headers = new Headers({
      "Set-Cookie": await rememberCookieHeader(remember ? { mobile: mobileNum, dialingCode: countryDialingCode } : null),
    });
    return startSession(ctx, result, "sms", redirectTo ?? "/", headers);
  } catch (error) {
    return refusal(submission.reply, error);
  }
}

export async function loginAction(request: Request): Promise<AccountAnswer> {
  const formData = await humanForm(request);
  const ctx = await requestContext(request);
  // The device cookie goes with whatever the login answers, the two-factor redirect included.
  const device = deviceOf(request);
  try {
    const mobile = formData.get("tab") === "mobile" && moduleOn(ctx.status.modules, "MOBILEVERCODELOGIN3");
    if (mobile && formData.get("intent") === "send-code") return withDeviceCookie(await sendLoginCode(ctx, formData), device.setCookie);
    if (mobile) return withDeviceCookie(await smsLogin(ctx, formData, device.id), device.setCookie);
    return withDeviceCookie(await usernameLogin(ctx, formData, device.id), device.setCookie);
  } catch (thrown) {
    throw withDeviceCookie(thrown, device.setCookie);
  }
}
