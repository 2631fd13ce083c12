import { parseWithZod } from "@conform-to/zod";
import { data, redirect } from "@remix-run/node";
import { socialButtons } from "~/accounts/social.server";
import type { AccountAnswer } from "~/accounts/action-data";
import { startSession } from "~/accounts/session-start.server";
import { recordSmsSent, refusal, sliderAnswer, sliderFor, smsSecondsLeft } from "~/accounts/verification.server";
import { tooManyRequests } from "~/accounts/refusal.server";
import { requestContext, type RequestContext } from "~/context.server";
import { sendCodeSchema } from "~/domain/login";
import { message } from "~/domain/messages";
import { moduleOn } from "~/domain/modules";
import { formFields, registerPayload, registerSchema, type RegisterOptions } from "~/domain/register";
import { PlatformError } from "~/gateway/index.server";
import { mediaUrl } from "~/html.server";
import { pageMeta } from "~/i18n/t.server";
import { limitAttempt } from "~/limits.server";
import { honeypotInputProps, humanForm } from "~/security.server";
import { deviceOf, withDeviceCookie } from "~/accounts/device.server";
import { COMMON_PASSWORD_MESSAGE, isCommonPassword } from "~/accounts/common-passwords.server";
import { commitSession } from "~/session.server";
import { retryAfter } from "~/request-scope.server";
import { registerRefusal } from "~/accounts/register-refusal.server";

/** Mobile registration is offered when MOBILENUMREG3 is on, and is then the default. */
function modes(ctx: RequestContext): ("account" | "mobile")[] {
  return moduleOn(ctx.status.modules, "MOBILENUMREG3") ? ["mobile", "account"] : ["account"];
}

function optionsFor(ctx: RequestContext, mode: "account" | "mobile"): RegisterOptions {
  return {
    mode,
    smsVerification: moduleOn(ctx.status.modules, "REGMOBVERF3"),
    mobilePassword: moduleOn(ctx.status.modules, "MOBILENUMPASSREG3"),
    minimumAge: ctx.status.minimumAge,
  };
}

export async function registerLoader(request: Request) {
  const ctx = await requestContext(request);
  if (ctx.session.get("token")) throw redirect("/");
  const url = new URL(request.url);
  const available = modes(ctx);
  const mode = available.find((m) => m === url.searchParams.get("tab")) ?? available[0]!;
  const [settings, countries, slider, announcements] = await Promise.all([
    ctx.gateway.accounts.registerSettings().catch(() => []),
    ctx.gateway.accounts.countries().catch(() => []),
    sliderFor(ctx, "register"),
    ctx.gateway.content.announcements().catch(() => null),
  ]);
  const b = announcements?.banners?.find((x) => x.groupName === "w_register");
  const options = optionsFor(ctx, mode);
  return {
    social: socialButtons(ctx.status.modules),
    mode,
    modes: available,
    settings,
    options,
    fields: formFields(settings, options).map((f) => f.field),
    countries,
    slider,
    termsUrl: ctx.status.termsUrl ?? "/about/terms",
    // ?referralCode= pre-fills the referral code (docs/SPEC.md point 2).
    referralCode: url.searchParams.get("referralCode")?.slice(0, 64) ?? "",
    affiliateCode: (url.searchParams.get("affiliateCode") ?? url.searchParams.get("aff"))?.slice(0, 64) ?? "",
    smsSecondsLeft: smsSecondsLeft(ctx.session, "register"),
    banner: mediaUrl(b?.url) ? { src: mediaUrl(b?.url)!, title: b?.title ?? "" } : null,
    honeypot: await honeypotInputProps(),
    meta: await pageMeta(request, "auth:register.title"),
  };
}

export async function registerAction(request: Request): Promise<AccountAnswer> {
  const formData = await humanForm(request);
  const ctx = await requestContext(request);
  const mode = modes(ctx).find((m) => m === formData.get("mode")) ?? "account";
  const options = optionsFor(ctx, mode);
  const settings = await ctx.gateway.accounts.registerSettings().catch(() => []);
  const schema = registerSchema(settings, options);
  const hide = { hideFields: ["password", "confirmPassword", "paymentPassword"] };
  const slider = sliderAnswer(formData);

  if (formData.get("intent") === "send-code") {
    const submission = parseWithZod(formData, { schema: sendCodeSchema });
    if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
    const wait = smsSecondsLeft(ctx.session, "register");
    if (wait > 0)
      return data(
        { result: submission.reply({ formErrors: [message("auth:sms.wait", wait)] }) },
        { status: 429, headers: retryAfter(wait) },
      );
    try {
      await limitAttempt("sms", submission.value.mobileNum);
      const sent = await ctx.gateway.accounts.smsForRegister({ ...submission.value, sliderCaptcha: slider });
      const countdown = recordSmsSent(ctx.session, "register", submission.value.mobileNum, sent.expiredMinutes);
      return data(
        { result: submission.reply(), notice: "auth:sms.sent", smsSecondsLeft: countdown },
        { headers: { "Set-Cookie": await commitSession(ctx.session) } },
      );
    } catch (error) {
      return refusal(submission.reply, error);
    }
  }

  const submission = parseWithZod(formData, { schema });
  if (submission.status !== "success") return data({ result: submission.reply(hide) }, { status: 400 });
  const url = new URL(request.url);
  const value = submission.value as Record<string, unknown>;
  if (typeof value.password === "string" && isCommonPassword(value.password)) {
    return data({ result: submission.reply({ ...hide, fieldErrors: { password: [COMMON_PASSWORD_MESSAGE] } }) }, { status: 400 });
  }
  try {
    await limitAttempt("register");
    // The affiliate code is checked with the platform before registering; a failure stops here.
    const affiliate = typeof value.affiliateCode === "string" ? value.affiliateCode : "";
    if (affiliate) {
      try {
        await ctx.gateway.accounts.checkAffiliate(affiliate, url.host);
      } catch (error) {
        if (!(error instanceof PlatformError)) throw error;
        const text = "auth:register.invitationInvalid";
        return data({ result: submission.reply({ ...hide, formErrors: [text], fieldErrors: { affiliateCode: [text] } }) }, { status: 400 });
      }
    }
    const payload = registerPayload(value, options, { registerUrl: `${url.origin}/register`, domain: url.host });
    // The new member's first device: known to two-factor from the start.
    const device = deviceOf(request);
    const result = await ctx.gateway.accounts.register({ ...payload, loginDeviceId: device.id, sliderCaptcha: slider }, mode);
    ctx.session.unset("sms");
    return withDeviceCookie(await startSession(ctx, result, "register", "/"), device.setCookie);
  } catch (error) {
    if (error instanceof PlatformError && !tooManyRequests(error))
      return data({ result: submission.reply({ ...hide, ...registerRefusal(error) }) }, { status: 400 });
    return refusal((o) => submission.reply({ ...o, ...hide }), error);
  }
}
