import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { data } from "@remix-run/node";
import { isRealMember } from "~/accounts/guards.server";
import { requestContext } from "~/context.server";
import { feedbackSchema } from "~/domain/feedback";
import { moduleOn } from "~/domain/modules";
import { PROOF_MAX_BYTES, PROOF_MAX_FILES } from "~/domain/money-choices";
import { mediaUrl, sanitizeRichHtml } from "~/html.server";
import { timeFormatter } from "~/i18n/format.server";
import { pageMeta } from "~/i18n/t.server";
import { refusal } from "~/accounts/verification.server";
import { PlatformError } from "~/gateway/index.server";
import { limitAttempt, RateLimitedError } from "~/limits.server";
import { moneyRefusal } from "~/money/action.server";
import { newRequestId } from "~/money/request-id.server";
import { csrfForm, honeypotInputProps, humanForm } from "~/security.server";
import { redirectWithNotice } from "~/session.server";
import { bodyWithin, uploadedPictures } from "~/uploads.server";

// Feedback and complaints (decision 026): a question type, the text and up to 3 pictures, from a
// member (its form token) or a visitor (the honeypot); a member also reads its past feedback with
// the operator's replies.

export async function feedbackLoader(request: Request) {
  const ctx = await requestContext(request);
  const signedIn = isRealMember(ctx.session);
  const page = Math.min(1000, Math.max(1, Number.parseInt(new URL(request.url).searchParams.get("page") ?? "", 10) || 1));
  const past = signedIn ? await ctx.gateway.content.feedbackList(page, 10).catch(() => null) : null;
  const when = timeFormatter(ctx.language);
  return {
    signedIn,
    enabled: moduleOn(ctx.status.modules, "FEEDBACK3"),
    requestId: newRequestId(),
    // A visitor's form carries the honeypot; a member's its form token.
    honeypot: signedIn ? null : await honeypotInputProps(),
    constraint: getZodConstraint(feedbackSchema),
    page,
    totalPages: past?.totalPages ?? 1,
    past: (past?.list ?? []).map((f) => ({
      id: f.feedbackId,
      type: f.questionType ?? "OTHER",
      content: f.content ?? "",
      status: f.status ?? "OPEN",
      time: when(f.time),
      images: (f.images ?? []).flatMap((u) => (mediaUrl(u) ? [mediaUrl(u)!] : [])),
      replies: (f.replies ?? []).map((r, i) => ({
        key: `${f.feedbackId}-${i}`,
        html: sanitizeRichHtml(r.content ?? ""),
        time: when(r.time),
      })),
    })),
    meta: await pageMeta(request, "feedback.title"),
  };
}

export async function feedbackAction(request: Request) {
  // Up to three 5 MB pictures come as a multipart post: far beyond that is refused unread.
  const within = await bodyWithin(request, PROOF_MAX_FILES * PROOF_MAX_BYTES * 1.5);
  if (!within) return data({ result: { status: "error" as const, error: { "": ["validation.proofTooLarge"] } } }, { status: 413 });
  const ctx = await requestContext(within);
  const signedIn = Boolean(ctx.session.get("token"));
  const formData = signedIn ? await csrfForm(within) : await humanForm(within);
  const submission = parseWithZod(formData, { schema: feedbackSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  try {
    // Visitors may write too: the same address's limit as the other public forms keeps a script
    // from filling the operator's queue. Counted before any picture is decoded (decision 036).
    const account = signedIn ? ctx.session.get("userName") : undefined;
    await limitAttempt("feedback", account);
    const pictures = formData.getAll("images");
    if (pictures.some((f) => typeof f !== "string" && f.size > 0)) await limitAttempt("pictures", account);
    const images = await uploadedPictures(pictures);
    if (!images) return data({ result: submission.reply({ fieldErrors: { images: ["validation.proofInvalid"] } }) }, { status: 400 });
    await ctx.gateway.content.sendFeedback({ ...submission.value, images: images.length ? images : undefined });
  } catch (error) {
    if (error instanceof RateLimitedError || error instanceof PlatformError) return refusal((o) => submission.reply(o), error);
    return moneyRefusal(within, (o) => submission.reply(o), error);
  }
  return redirectWithNotice(ctx.session, "/feedback", "feedback.sent");
}
