import { createHash, randomBytes, randomInt } from "node:crypto";
import { constantTimeEqual } from "../crypto";
import type { Db, Sql } from "../db/db";
import { PlatformError } from "../http/context";
import { type Language, message } from "../messages";

// One-time codes by SMS (register, noLogin = SMS login and phone reset, two-factor) and by email
// (two-factor). Every message sent lands in sms_outbox / email_outbox, which the operator lists.

export const CODE_RULES = {
  digits: 6,
  expiredMinutes: 5,
  maxAttemptTimes: 5,
  resendSeconds: 60,
  perTargetPerHour: 5,
  perIpPerHour: 20,
  /** How long the too-many answer tells the client to wait. */
  backoffSeconds: 300,
} as const;

export type CodeChannel = "sms" | "email";
export type CodePurpose = "register" | "noLogin" | "login2fa" | "bindEmail" | "bindMobile";

export interface CodeInfo {
  expiredMinutes: number;
  maxAttemptTimes: number;
  /** Epoch milliseconds at which the code stops working. */
  expirationTime: number;
}

export interface IssueInput {
  merchant: string;
  channel: CodeChannel;
  /** Full international mobile digits, or a lower-case email address. */
  target: string;
  /** SMS only: the dialing code part of target, for the outbox. */
  countryDialingCode?: string;
  purpose: CodePurpose;
  ip: string;
  now: Date;
  /**
   * False when nobody should receive it (a noLogin request for a number no member holds): the
   * request still counts against every limit and answers the same, but nothing is sent and the
   * stored code can never be verified.
   */
  deliver: boolean;
  lang: Language;
}

const HOUR_MS = 60 * 60 * 1000;

function hashCode(code: string, salt = randomBytes(8).toString("hex")): string {
  return `${salt}$${createHash("sha256").update(`${salt}:${code}`).digest("hex")}`;
}

function codeMatches(code: string, stored: string): boolean {
  const [salt] = stored.split("$");
  return Boolean(salt) && constantTimeEqual(hashCode(code, salt), stored);
}

async function count(sql: Sql, query: string, params: unknown[]): Promise<number> {
  const [row] = await sql.query<{ n: number }>(query, params);
  return row?.n ?? 0;
}

/** Refuses with sms.resend.too.soon or sms.too.many.requests, else stores a code and sends it. */
export function issueCode(db: Db, input: IssueInput): Promise<CodeInfo> {
  const { merchant, channel, target, now, ip } = input;
  return db.tx(async (sql) => {
    // Two requests for one number wait for each other, so the limits hold under concurrency.
    await sql.query("SELECT pg_advisory_xact_lock(hashtext($1))", [`code:${merchant}:${channel}:${target}`]);
    // A resend is the same flow asking again: per purpose. The hourly cap counts every purpose.
    const [last] = await sql.query<{ created_at: Date }>(
      `SELECT created_at FROM verification_codes WHERE merchant = $1 AND channel = $2 AND target = $3 AND purpose = $4
        ORDER BY created_at DESC, id DESC LIMIT 1`,
      [merchant, channel, target, input.purpose],
    );
    const sinceLast = last ? now.getTime() - new Date(last.created_at).getTime() : Infinity;
    if (sinceLast >= 0 && sinceLast < CODE_RULES.resendSeconds * 1000) {
      const retryAfterSeconds = Math.ceil((CODE_RULES.resendSeconds * 1000 - sinceLast) / 1000);
      throw new PlatformError("sms.resend.too.soon", "sms.resend.too.soon", 200, { value: { retryAfterSeconds } });
    }
    const hourAgo = new Date(now.getTime() - HOUR_MS);
    const perTarget = await count(
      sql,
      "SELECT count(*)::int AS n FROM verification_codes WHERE merchant = $1 AND channel = $2 AND target = $3 AND created_at > $4",
      [merchant, channel, target, hourAgo],
    );
    const perIp = await count(
      sql,
      "SELECT count(*)::int AS n FROM verification_codes WHERE merchant = $1 AND ip = $2 AND created_at > $3",
      [merchant, ip, hourAgo],
    );
    if (perTarget >= CODE_RULES.perTargetPerHour || perIp >= CODE_RULES.perIpPerHour) {
      // The real wait: until enough of the hour's codes have left the window for a new one to fit
      // (the number's cap, the address's cap, whichever is later), never less than the backoff.
      const freedAt = async (where: string, params: unknown[], used: number, cap: number) => {
        if (used < cap) return 0;
        const [row] = await sql.query<{ created_at: Date }>(
          `SELECT created_at FROM verification_codes WHERE ${where} AND created_at > $${params.length + 1} ORDER BY created_at ASC OFFSET $${params.length + 2} LIMIT 1`,
          [...params, hourAgo, used - cap],
        );
        return row ? new Date(row.created_at).getTime() + HOUR_MS : 0;
      };
      const until = Math.max(
        await freedAt(
          "merchant = $1 AND channel = $2 AND target = $3",
          [merchant, channel, target],
          perTarget,
          CODE_RULES.perTargetPerHour,
        ),
        await freedAt("merchant = $1 AND ip = $2", [merchant, ip], perIp, CODE_RULES.perIpPerHour),
      );
      const retryAfterSeconds = Math.max(CODE_RULES.backoffSeconds, Math.ceil((until - now.getTime()) / 1000));
      throw new PlatformError("sms.too.many.requests", "sms.too.many.requests", 200, {
        value: { retryAfterSeconds },
        vars: { minutes: Math.ceil(retryAfterSeconds / 60) },
      });
    }

    // Only the newest code of a number and purpose works.
    await sql.query(
      `UPDATE verification_codes SET used_at = $5
        WHERE merchant = $1 AND channel = $2 AND target = $3 AND purpose = $4 AND used_at IS NULL`,
      [merchant, channel, target, input.purpose, now],
    );
    const code = String(randomInt(0, 10 ** CODE_RULES.digits)).padStart(CODE_RULES.digits, "0");
    const expiresAt = new Date(now.getTime() + CODE_RULES.expiredMinutes * 60 * 1000);
    await sql.query(
      `INSERT INTO verification_codes (merchant, channel, target, purpose, code_hash, delivered, ip, created_at, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [merchant, channel, target, input.purpose, hashCode(code), input.deliver, ip, now, expiresAt],
    );
    if (input.deliver) {
      const vars = { code, minutes: CODE_RULES.expiredMinutes };
      if (channel === "sms") {
        await sql.query(
          "INSERT INTO sms_outbox (merchant, mobile, country_dialing_code, purpose, code, text, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)",
          [merchant, target, input.countryDialingCode ?? "", input.purpose, code, message("sms.code.text", input.lang, vars), now],
        );
      } else {
        await sql.query(
          "INSERT INTO email_outbox (merchant, email, purpose, subject, body, code, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)",
          [
            merchant,
            target,
            input.purpose,
            message("email.code.subject", input.lang),
            message("email.code.body", input.lang, vars),
            code,
            now,
          ],
        );
      }
    }
    return { expiredMinutes: CODE_RULES.expiredMinutes, maxAttemptTimes: CODE_RULES.maxAttemptTimes, expirationTime: expiresAt.getTime() };
  });
}

export interface VerifyInput {
  merchant: string;
  channel: CodeChannel;
  target: string;
  purposes: CodePurpose[];
  code: string;
  now: Date;
}

type Verdict = "ok" | "invalid" | "expired";

/**
 * Checks the newest live code of the target; a right answer uses it up. Wrong answers count, in
 * their own committed transaction, and the fifth one burns the code. Throws
 * verification.code.invalid or verification.code.expired.
 */
export async function verifyCode(db: Db, input: VerifyInput): Promise<void> {
  const code = input.code.trim();
  const verdict = await db.tx(async (sql): Promise<Verdict> => {
    const [row] = await sql.query<{ id: number; code_hash: string; delivered: boolean; attempts: number; expires_at: Date }>(
      `SELECT id, code_hash, delivered, attempts, expires_at FROM verification_codes
        WHERE merchant = $1 AND channel = $2 AND target = $3 AND purpose = ANY($4::text[]) AND used_at IS NULL
        ORDER BY created_at DESC, id DESC LIMIT 1 FOR UPDATE`,
      [input.merchant, input.channel, input.target, input.purposes],
    );
    if (!row) return "invalid";
    if (new Date(row.expires_at).getTime() <= input.now.getTime()) return "expired";
    if (row.delivered && /^[0-9]{6}$/.test(code) && codeMatches(code, row.code_hash)) {
      await sql.query("UPDATE verification_codes SET used_at = $2 WHERE id = $1", [row.id, input.now]);
      return "ok";
    }
    const attempts = row.attempts + 1;
    const burned = attempts >= CODE_RULES.maxAttemptTimes ? input.now : null;
    await sql.query("UPDATE verification_codes SET attempts = $2, used_at = $3::timestamptz WHERE id = $1", [row.id, attempts, burned]);
    return "invalid";
  });
  if (verdict === "expired") throw new PlatformError("verification.code.expired", "verification.code.expired");
  if (verdict === "invalid") throw new PlatformError("verification.code.invalid", "verification.code.invalid");
}
