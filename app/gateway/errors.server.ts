// Typed errors for what the platform (or the way to it) can answer.

/**
 * The platform could not be reached, timed out, answered something unreadable, is not being
 * called while the circuit breaker is open ("unavailable"), or the request's own deadline ran out
 * before or during the call ("deadline").
 */
export class GatewayError extends Error {
  constructor(
    message: string,
    readonly kind: "transport" | "timeout" | "http" | "shape" | "unavailable" | "deadline",
    readonly path: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = "GatewayError";
  }
}

/** The platform answered `success:false`: a business failure with its code and message. */
export class PlatformError extends Error {
  constructor(
    /** The message as the platform wrote it, with a trailing `(#NNN)` removed. */
    message: string,
    readonly errorCode: string,
    readonly path: string,
    readonly status: number,
    readonly value: unknown,
    /** The number from a trailing `(#NNN)`, if the message had one. */
    readonly errorNumber?: string,
  ) {
    super(message);
    this.name = "PlatformError";
  }
}

/** The session is gone on the platform's side: the app must forget its token. */
export class SessionExpiredError extends PlatformError {
  override name = "SessionExpiredError";
}

const loggedOutCodes = new Set(["login.not.session", "user.or.token.invalid", "customer.not.login"]);

/** Splits "Text (#543)" into the text and "543". */
export function splitMessageNumber(message: string): { text: string; number?: string } {
  const match = /\s*\(#(\d+)\)\s*$/.exec(message);
  if (!match) return { text: message.trim() };
  return { text: message.slice(0, match.index).trim(), number: match[1] };
}

export function platformErrorFrom(
  path: string,
  status: number,
  envelope: { errorCode?: string | null; message?: string | null; value?: unknown },
): PlatformError {
  const { text, number } = splitMessageNumber(envelope.message ?? "");
  const code = envelope.errorCode || (number ? `#${number}` : "") || (status === 401 ? "login.not.session" : "unknown");
  const loggedOut = loggedOutCodes.has(code) || (envelope.message ?? "").includes("CUSTOMER_NOT_LOGIN") || status === 401;
  const Kind = loggedOut ? SessionExpiredError : PlatformError;
  return new Kind(text, code, path, status, envelope.value, number);
}
