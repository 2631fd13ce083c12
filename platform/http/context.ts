import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { RsaKey } from "../crypto";
import type { Db } from "../db/db";
import { type Language, message, type MessageKey } from "../messages";
import type { Merchant } from "../services/merchants";
import type { SessionMember } from "../services/sessions";

/** What every route needs: the database, the clock (tests move it) and the RSA key. */
export interface PlatformDeps {
  db: Db;
  now: () => Date;
  rsaKey: () => Promise<RsaKey>;
}

export type PlatformEnv = {
  Variables: {
    merchant: Merchant;
    /** Module ids switched on for the merchant, read with it. */
    modules: Set<string>;
    lang: Language;
    ip: string;
    member: SessionMember;
  };
};

export type PlatformContext = Context<PlatformEnv>;

export interface FailureDetail {
  /** Sent as the envelope's value (e.g. {captcha: true}, {fieldErrors}). */
  value?: unknown;
  /** Placeholders of the message text. */
  vars?: Record<string, string | number>;
}

/** A failure the client is meant to see: {success:false, errorCode, message[, value]} with this status. */
export class PlatformError extends Error {
  constructor(
    readonly errorCode: string,
    readonly messageKey: MessageKey,
    readonly status: ContentfulStatusCode = 200,
    readonly detail: FailureDetail = {},
  ) {
    super(errorCode);
    this.name = "PlatformError";
  }
}

export function ok(c: Context, value: unknown) {
  return c.json({ success: true, value });
}

export function failure(
  c: Context,
  lang: Language,
  errorCode: string,
  key: MessageKey,
  status: ContentfulStatusCode = 200,
  detail: FailureDetail = {},
) {
  const body: Record<string, unknown> = { success: false, errorCode, message: message(key, lang, detail.vars) };
  if (detail.value !== undefined) body.value = detail.value;
  return c.json(body, status);
}

/** The player's IP is the last X-Forwarded-For entry: the one the app (our direct client) added. */
export function clientIp(forwardedFor: string | undefined): string {
  const entries = (forwardedFor ?? "")
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean);
  return entries.at(-1) ?? "unknown";
}
