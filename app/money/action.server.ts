import type { SubmissionResult } from "@conform-to/react";
import { data } from "@remix-run/node";
import { requireMember, requireMemberPage } from "~/accounts/guards.server";
import { errorMessage } from "~/domain/errors";
import type { MemberPageKey } from "~/domain/member-menu";
import { GatewayError, PlatformError, SessionExpiredError } from "~/gateway/index.server";
import { sessionExpiredRedirect } from "~/context.server";
import { csrfForm } from "~/security.server";

/**
 * The start of every money action: a member (a trial account is refused 403 before anything is
 * read; given its page, that page's module or condition too, else 404), then the CSRF token (403).
 * Returns the request context and the posted form.
 */
export async function moneyAction(request: Request, page?: MemberPageKey) {
  const ctx = page ? await requireMemberPage(request, page) : await requireMember(request);
  const formData = await csrfForm(request);
  return { ctx, formData };
}

/** A platform refusal as the form's message; a gone session to login; an unreachable platform 503. */
export async function moneyRefusal(request: Request, reply: (options: { formErrors: string[] }) => SubmissionResult<string[]>, error: unknown) {
  if (error instanceof SessionExpiredError) throw await sessionExpiredRedirect(request, error);
  if (error instanceof PlatformError) return data({ result: reply({ formErrors: [errorMessage(error.errorCode, error.message)] }) }, { status: 400 });
  if (error instanceof GatewayError) return data({ result: reply({ formErrors: ["common:error.platformUnavailable"] }) }, { status: 503 });
  throw error;
}
