import type { SubmissionResult } from "@conform-to/react";
import { data } from "@remix-run/node";
import { requireMember, requireMemberPage } from "~/accounts/guards.server";
import { refusalOf } from "~/accounts/refusal.server";
import { PENDING_MESSAGE } from "~/domain/money";
import type { MemberPageKey } from "~/domain/member-menu";
import { PlatformError, SessionExpiredError } from "~/gateway/index.server";
import { outcomeUnknown } from "~/gateway/client.server";
import { requestContext, sessionExpiredRedirect } from "~/context.server";
import { csrfForm } from "~/security.server";
import { commitSession } from "~/session.server";
import { keepPendingUnsettled, notePending, notePendingSettled, settlingPending } from "./pending.server";

/**
 * The start of every money action: a member (a trial account is refused 403 before anything is
 * read; given its page, that page's module or condition too, else 404), then the CSRF token (403).
 * Returns the request context and the posted form.
 */
export async function moneyAction(request: Request, page?: MemberPageKey) {
  const ctx = page ? await requireMemberPage(request, page) : await requireMember(request);
  const formData = await csrfForm(request);
  settlingPending(ctx.session, formData);
  return { ctx, formData };
}

type Answer = { message: string; status: 400 | 202 | 429 | 503; pending?: true; headers?: HeadersInit };

/**
 * What a failed money call tells the player:
 * - a gone session goes to login;
 * - a refusal (the platform's business answer) is the form's message, 400: nothing moved;
 * - a call never sent (circuit open) is "unavailable", 503: nothing moved either;
 * - anything else (a timeout, a dropped connection, a 5xx, an unreadable answer) may have moved
 *   money: 202 "still being processed", the requestId kept for the form (pending.server.ts), so the
 *   next tap is the same request and the platform's replay gives its real outcome.
 */
async function failedMove(request: Request, error: unknown, values: Record<string, unknown>): Promise<Answer> {
  if (error instanceof SessionExpiredError) throw await sessionExpiredRedirect(request, error);
  if (error instanceof PlatformError) {
    // Answered: a move of this requestId that was pending is settled, in the cookie and on the page.
    const ctx = await requestContext(request);
    // Other content under a requestId already answered: that first request stands, and its
    // pending move stays until it is sent again. Any other refusal settles it.
    if (error.errorCode === "idempotency.conflict") keepPendingUnsettled(ctx.session);
    else notePendingSettled(ctx.session);
    const refused = refusalOf(error)!;
    return {
      message: refused.message,
      status: refused.status,
      headers: { ...refused.headers, "Set-Cookie": await commitSession(ctx.session) },
    };
  }
  if (outcomeUnknown(error)) {
    const ctx = await requestContext(request);
    if (notePending(ctx.session, request, values)) {
      return { message: PENDING_MESSAGE, status: 202, pending: true, headers: { "Set-Cookie": await commitSession(ctx.session) } };
    }
  }
  // Not sent (our own limit) or not reached: a refusal, nothing moved.
  const refused = refusalOf(error);
  if (refused) return refused;
  throw error;
}

/** A failed money call as a conform form's answer (see failedMove). */
export async function moneyRefusal(
  request: Request,
  reply: (options: { formErrors: string[] }) => SubmissionResult<string[]>,
  error: unknown,
) {
  // The reply's initialValue is what was posted, less the fields it hides (passwords).
  const posted = reply({ formErrors: [] }).initialValue ?? {};
  const answer = await failedMove(request, error, posted);
  const result = reply({ formErrors: [answer.message] });
  return data(answer.pending ? { result, pending: true } : { result }, { status: answer.status, headers: answer.headers });
}

/** A failed money call as the answer of a one-button form (a claim): `{error}` (see failedMove). */
export async function claimRefusal(request: Request, formData: FormData, error: unknown) {
  const posted = Object.fromEntries([...formData].filter((e): e is [string, string] => typeof e[1] === "string"));
  const answer = await failedMove(request, error, posted);
  return data(answer.pending ? { error: answer.message, pending: true } : { error: answer.message }, {
    status: answer.status,
    headers: answer.headers,
  });
}
