import { data } from "@remix-run/node";
import type { SubmissionResult } from "@conform-to/react";
import { refusalOf } from "~/accounts/refusal.server";
import { UNAVAILABLE_RETRY_SECONDS } from "~/accounts/unavailable";
import type { RequestContext } from "~/context.server";
import { moduleOn } from "~/domain/modules";
import type { SliderAnswer, SliderChallenge } from "~/gateway/accounts.server";
import type { AppSession } from "~/session.server";
import { notePersonalPage } from "~/request-scope.server";

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

/** A refusal as the form's error, shaped as AccountActionData (the reading is refusalOf's). */
export function refusal(reply: (options: { formErrors: string[] }) => SubmissionResult<string[]>, error: unknown) {
  const refused = refusalOf(error);
  if (!refused) throw error;
  return data({ result: reply({ formErrors: [refused.message] }) }, { status: refused.status, headers: refused.headers });
}
