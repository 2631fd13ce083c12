import { randomBytes } from "node:crypto";

/**
 * The idempotency key of a money form (decision 016's requestId): minted when the form is
 * rendered and sent back with it, so a repeated post (double tap, retry, back and resubmit)
 * moves money once. 144 random bits, 24 characters of [A-Za-z0-9_-].
 */
export function newRequestId(): string {
  return randomBytes(18).toString("base64url");
}

export const REQUEST_ID = /^[A-Za-z0-9_-]{16,64}$/;
