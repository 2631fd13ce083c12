import { data } from "@remix-run/node";
import type { SubmissionResult } from "@conform-to/react";
import { UNAVAILABLE_RETRY_SECONDS } from "~/accounts/unavailable";
import type { RequestContext } from "~/context.server";
import { errorMessage } from "~/domain/errors";
import { message } from "~/domain/messages";
import { RateLimitedError } from "~/limits.server";
import { moduleOn } from "~/domain/modules";
import { GatewayError, PlatformError } from "~/gateway/index.server";
import type { SliderAnswer, SliderChallenge } from "~/gateway/accounts.server";
import type { AppSession } from "~/session.server";
import { notePersonalPage, retryAfter } from "~/request-scope.server";

/**
 * A fresh puzzle for the form, or none when human verification (the platform's GEETEST3 module)
 * is off, the platform says this product needs none, or it has none to give. Whether a post needs
 * a solved puzzle is the platform's to say (human.verification.failed): it may guard registration
 * and not login.
 */
export async function sliderFor(ctx: RequestContext, product: "login" | "register"): Promise<SliderChallenge | null> {
  if (!moduleOn(ctx.status.modules, "GEETEST3")) return null;
  const challenge = await ctx.gateway.accounts.slider(product).catch(() => null);
  // A puzzle is good for one visitor and one answer: the page that shows it is never shared.
  if (challenge) notePersonalPage();
  return challenge;
}

export function sliderAnswer(formData: FormData): SliderAnswer | undefined {
  const challengeId = formData.get("sliderChallengeId");
  const x = Number(formData.get("sliderX"));
  if (typeof challengeId !== "string" || !challengeId || !Number.isFinite(x)) return undefined;
  return { challengeId, x: Math.round(x) };
}

/** Seconds before another code may be requested for this purpose. */
export function smsSecondsLeft(session: AppSession, purpose: string, now = Date.now()): number {
  const sent = session.get("sms")?.[purpose];
  if (!sent) return 0;
  return Math.max(0, Math.ceil((sent.at + sent.seconds * 1000 - now) / 1000));
}

/** The countdown after a send: expiredMinutes × 60 seconds (docs/SPEC.md point 4, "SMS send button"). */
export function recordSmsSent(session: AppSession, purpose: string, mobile: string, expiredMinutes: number): number {
  const seconds = Math.max(60, expiredMinutes * 60);
  session.set("sms", { ...(session.get("sms") ?? {}), [purpose]: { mobile, at: Date.now(), seconds } });
  return seconds;
}

export { UNAVAILABLE_RETRY_SECONDS };

/**
 * A refusal as the form's error, shaped as AccountActionData: the platform's (400), too many
 * attempts (429, with Retry-After and the minutes to wait), or the unreachable-platform message (503).
 */
function retryAfterSeconds(value: unknown): number | undefined {
  const seconds = typeof value === "object" && value !== null && "retryAfterSeconds" in value ? Number(value.retryAfterSeconds) : NaN;
  return Number.isFinite(seconds) && seconds > 0 && seconds <= 24 * 60 * 60 ? Math.ceil(seconds) : undefined;
}

/** The platform's "too many" refusals: too.many.requests (its hashes are busy), sms.too.many.requests, login.too.many.requests and the like. */
export function tooManyRequests(error: PlatformError): boolean {
  return error.errorCode === "too.many.requests" || error.errorCode.endsWith(".too.many.requests");
}

export function refusal(reply: (options: { formErrors: string[] }) => SubmissionResult<string[]>, error: unknown) {
  if (error instanceof PlatformError) {
    // Too many codes (or logins from this network, registrations by this agent): say the real
    // wait when the platform gives it (the window may be an hour).
    const wait = tooManyRequests(error) ? retryAfterSeconds(error.value) : undefined;
    if (wait !== undefined) {
      return data({ result: reply({ formErrors: [message("auth:sms.tooManyWait", Math.max(1, Math.ceil(wait / 60)))] }) }, { status: 429, headers: retryAfter(wait) });
    }
    return data({ result: reply({ formErrors: [errorMessage(error.errorCode, error.message)] }) }, { status: 400 });
  }
  if (error instanceof RateLimitedError) {
    const minutes = Math.max(1, Math.ceil(error.retryAfter / 60));
    return data({ result: reply({ formErrors: [message("auth:rateLimited", minutes)] }) }, { status: 429, headers: retryAfter(error.retryAfter) });
  }
  if (error instanceof GatewayError) {
    return data({ result: reply({ formErrors: ["common:error.platformUnavailable"] }) }, { status: 503, headers: retryAfter(UNAVAILABLE_RETRY_SECONDS) });
  }
  throw error;
}
