import { UNAVAILABLE_RETRY_SECONDS } from "~/accounts/unavailable";
import { errorMessage } from "~/domain/errors";
import { message } from "~/domain/messages";
import { GatewayError, PlatformError } from "~/gateway/index.server";
import { RateLimitedError } from "~/limits.server";
import { retryAfter } from "~/request-scope.server";

// The one reading of a refused call for a form (issue 27): the account forms (refusal in
// verification.server.ts) and the money forms (failedMove in money/action.server.ts) both answer
// through it, so a wait is said the same way, with Retry-After, on every form.

export type Refusal = { message: string; status: 400 | 429 | 503; headers?: Record<string, string> };

/** The platform's "too many" refusals: too.many.requests (its hashes are busy), sms.too.many.requests, login.too.many.requests and the like. */
export function tooManyRequests(error: PlatformError): boolean {
  return error.errorCode === "too.many.requests" || error.errorCode.endsWith(".too.many.requests");
}

/** The wait the platform gives with a "too many" refusal, in seconds (at most a day), if any. */
function retryAfterSeconds(value: unknown): number | undefined {
  const seconds = typeof value === "object" && value !== null && "retryAfterSeconds" in value ? Number(value.retryAfterSeconds) : NaN;
  return Number.isFinite(seconds) && seconds > 0 && seconds <= 24 * 60 * 60 ? Math.ceil(seconds) : undefined;
}

/**
 * A refusal as a form's message: the platform's (400), too many attempts here or there (429, with
 * Retry-After and the minutes to wait), or the unreachable platform (503, Retry-After). Null for an
 * error that is not a refusal (the caller decides: rethrow, or an outcome still unknown).
 */
export function refusalOf(error: unknown): Refusal | null {
  if (error instanceof PlatformError) {
    // Too many codes (or logins from this network, registrations by this agent): say the real
    // wait when the platform gives it (the window may be an hour).
    const wait = tooManyRequests(error) ? retryAfterSeconds(error.value) : undefined;
    if (wait !== undefined)
      return { message: message("auth:sms.tooManyWait", Math.max(1, Math.ceil(wait / 60))), status: 429, headers: retryAfter(wait) };
    return { message: errorMessage(error.errorCode, error.message), status: 400 };
  }
  if (error instanceof RateLimitedError) {
    return {
      message: message("auth:rateLimited", Math.max(1, Math.ceil(error.retryAfter / 60))),
      status: 429,
      headers: retryAfter(error.retryAfter),
    };
  }
  if (error instanceof GatewayError)
    return { message: "common:error.platformUnavailable", status: 503, headers: retryAfter(UNAVAILABLE_RETRY_SECONDS) };
  return null;
}
