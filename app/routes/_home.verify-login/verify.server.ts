import { parseWithZod } from "@conform-to/zod";
import { data, redirect } from "@remix-run/node";
import type { AccountAnswer } from "~/accounts/action-data";
import { startSession } from "~/accounts/session-start.server";
import { recordSmsSent, refusal, smsSecondsLeft } from "~/accounts/verification.server";
import { requestContext } from "~/context.server";
import { message } from "~/domain/messages";
import { pageMeta } from "~/i18n/t.server";
import { limitAttempt } from "~/limits.server";
import { retryAfter } from "~/request-scope.server";
import { honeypotInputProps, humanForm } from "~/security.server";
import { commitSession } from "~/session.server";
import { twoFactorSchema } from "./schema";

export async function verifyLoader(request: Request) {
  const ctx = await requestContext(request);
  const pending = ctx.session.get("twoFactor");
  if (!pending) throw redirect("/login");
  return {
    methods: pending.methods.length > 0 ? pending.methods : ["SMS"],
    mobile: pending.mobile ?? "",
    email: pending.email ?? "",
    secondsLeft: smsSecondsLeft(ctx.session, "twoFactor"),
    honeypot: await honeypotInputProps(),
    meta: await pageMeta(request, "auth:twoFactor.title"),
  };
}

export async function verifyAction(request: Request): Promise<AccountAnswer> {
  const formData = await humanForm(request);
  const ctx = await requestContext(request);
  const pending = ctx.session.get("twoFactor");
  if (!pending) throw redirect("/login");
  const submission = parseWithZod(formData, { schema: twoFactorSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const { method, code, intent } = submission.value;
  if (!pending.methods.includes(method))
    return data({ result: submission.reply({ formErrors: ["validation.required"] }) }, { status: 400 });
  try {
    if (intent === "send-code") {
      const wait = smsSecondsLeft(ctx.session, "twoFactor");
      if (wait > 0)
        return data(
          { result: submission.reply({ formErrors: [message("auth:sms.wait", wait)] }) },
          { status: 429, headers: retryAfter(wait) },
        );
      await limitAttempt("sms", `2fa:${pending.verificationToken}`);
      const sent = await ctx.gateway.session.sendLoginCode({ verificationToken: pending.verificationToken, method });
      const countdown = recordSmsSent(ctx.session, "twoFactor", method, sent.expiredMinutes);
      return data(
        { result: submission.reply(), notice: "auth:sms.sent", smsSecondsLeft: countdown },
        { headers: { "Set-Cookie": await commitSession(ctx.session) } },
      );
    }
    // Guessing the code: limited per address and per pending login, like a password.
    await limitAttempt("login", `2fa:${pending.verificationToken}`);
    const result = await ctx.gateway.session.verifyLogin({ verificationToken: pending.verificationToken, method, code: code ?? "" });
    return startSession(ctx, result, "verification", pending.redirectTo);
  } catch (error) {
    return refusal(submission.reply, error);
  }
}
