import { parseWithZod } from "@conform-to/zod";
import { data, redirect } from "@remix-run/node";
import { startSession } from "~/accounts/session-start.server";
import { recordSmsSent, refusal, sliderAnswer, sliderFor, smsSecondsLeft } from "~/accounts/verification.server";
import { requestContext, type RequestContext } from "~/context.server";
import { message } from "~/domain/messages";
import { moduleOn } from "~/domain/modules";
import { pageMeta } from "~/i18n/t.server";
import { limitAttempt } from "~/limits.server";
import { honeypotInputProps, humanForm } from "~/security.server";
import { deviceOf, withDeviceCookie } from "~/accounts/device.server";
import { twoFactorRedirect } from "~/accounts/two-factor.server";
import { COMMON_PASSWORD_MESSAGE, isCommonPassword } from "~/accounts/common-passwords.server";
import { commitSession } from "~/session.server";
import { emailResetSchema, phoneResetSchema } from "./schema";
import { retryAfter } from "~/request-scope.server";

export type ResetTab = "email" | "phone";

function enabledTabs(ctx: RequestContext): ResetTab[] {
  const tabs: ResetTab[] = [];
  if (moduleOn(ctx.status.modules, "CHNGPASSMAIL3")) tabs.push("email");
  if (moduleOn(ctx.status.modules, "CHNGPASSVERIF3")) tabs.push("phone");
  return tabs;
}

export async function forgotLoader(request: Request) {
  const ctx = await requestContext(request);
  if (ctx.session.get("token")) throw redirect("/");
  const tabs = enabledTabs(ctx);
  const asked = new URL(request.url).searchParams.get("tab");
  const tab = tabs.find((t) => t === asked) ?? tabs[0] ?? null;
  const [slider, countries] = await Promise.all([
    tab === "phone" ? sliderFor(ctx, "login") : null,
    tab === "phone" ? ctx.gateway.accounts.countries().catch(() => []) : [],
  ]);
  return {
    tabs,
    tab,
    slider,
    countries,
    smsSecondsLeft: smsSecondsLeft(ctx.session, "reset"),
    honeypot: await honeypotInputProps(),
    meta: await pageMeta(request, "auth:forgot.title"),
  };
}

export async function forgotAction(request: Request) {
  const formData = await humanForm(request);
  const ctx = await requestContext(request);
  const tab = formData.get("tab");
  if (!enabledTabs(ctx).some((t) => t === tab)) return new Response("This way of resetting is not enabled.", { status: 400 });

  if (tab === "email") {
    const submission = parseWithZod(formData, { schema: emailResetSchema });
    if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
    try {
      await limitAttempt("forgot", submission.value.username);
      await ctx.gateway.accounts.forgotByEmail(submission.value);
    } catch (error) {
      return refusal(submission.reply, error);
    }
    // The same words whether or not the user name and email match an account.
    return data({ result: submission.reply({ resetForm: true }), notice: "auth:forgot.emailSent" });
  }

  const submission = parseWithZod(formData, { schema: phoneResetSchema });
  const hide = { hideFields: ["newPassword"] };
  if (submission.status !== "success") return data({ result: submission.reply(hide) }, { status: 400 });
  const { mobileNum, countryDialingCode, verificationCode, newPassword, intent } = submission.value;
  try {
    if (intent === "send-code") {
      const wait = smsSecondsLeft(ctx.session, "reset");
      if (wait > 0)
        return data(
          { result: submission.reply({ ...hide, formErrors: [message("auth:sms.wait", wait)] }) },
          { status: 429, headers: retryAfter(wait) },
        );
      const slider = sliderAnswer(formData);
      await limitAttempt("sms", mobileNum);
      const sent = await ctx.gateway.accounts.smsWithoutLogin({ mobileNum, countryDialingCode, sliderCaptcha: slider });
      const countdown = recordSmsSent(ctx.session, "reset", mobileNum, sent.expiredMinutes);
      return data(
        { result: submission.reply(hide), notice: "auth:sms.sent", smsSecondsLeft: countdown },
        { headers: { "Set-Cookie": await commitSession(ctx.session) } },
      );
    }
    if (newPassword && isCommonPassword(newPassword)) {
      return data({ result: submission.reply({ ...hide, fieldErrors: { newPassword: [COMMON_PASSWORD_MESSAGE] } }) }, { status: 400 });
    }
    await limitAttempt("forgot", mobileNum);
    await ctx.gateway.accounts.resetByPhone({
      mobileNum,
      countryDialingCode,
      verificationCode: verificationCode ?? "",
      newPassword: newPassword ?? "",
    });
    // Then the player is logged in with the new password.
    const device = deviceOf(request);
    ctx.session.unset("sms");
    try {
      const result = await ctx.gateway.session.login({
        username: mobileNum,
        password: newPassword ?? "",
        type: "username",
        countryDialingCode,
        loginDeviceId: device.id,
      });
      return withDeviceCookie(await startSession(ctx, result, "username", "/"), device.setCookie);
    } catch (error) {
      // The password is changed already; a new device still shows the code two-factor asks for.
      const twoFactor = await twoFactorRedirect(ctx, error, "/");
      if (twoFactor) return withDeviceCookie(twoFactor, device.setCookie);
      throw error;
    }
  } catch (error) {
    return refusal((o) => submission.reply({ ...o, ...hide }), error);
  }
}
