import { hashPassword } from "./crypto";
import type { Db } from "./db/db";
import { OperatorError } from "./operator";
import { clearFailures, loginSubject } from "./services/login-guard";
import { findMemberByUsername, TRIAL_ACCOUNT } from "./services/members";
import { setPassword } from "./services/passwords";
import { listEvents, recordEvent, type SecurityEvent } from "./services/security-events";

// The accounts slice's back-office commands: outbox, unlock, events, reset-password.

export interface OutboxEntry {
  channel: "sms" | "email";
  to: string;
  purpose: string;
  /** The one-time code the message carries, when it carries one. */
  code: string | null;
  subject: string | null;
  text: string;
  createdAt: string;
}

/**
 * SMS and email messages sent, newest first. filter: an email address (contains "@") or digits
 * that the mobile number ends with (so 01712345678, 1712345678 and 8801712345678 all match).
 */
export async function listOutbox(db: Db, merchant: string, filter?: string, limit = 50): Promise<OutboxEntry[]> {
  const wanted = (filter ?? "").trim();
  const isEmail = wanted.includes("@");
  const digits = isEmail ? "" : wanted.replace(/[^0-9]/g, "").replace(/^0+/, "");
  if (wanted && !isEmail && !digits) throw new OperatorError(`Filter "${wanted}" is neither an email address nor a phone number.`);
  const rows = await db.query<{
    channel: "sms" | "email";
    recipient: string;
    purpose: string;
    code: string | null;
    subject: string | null;
    body: string;
    created_at: Date;
    id: number;
  }>(
    `SELECT * FROM (
       SELECT 'sms' AS channel, mobile AS recipient, purpose, code, NULL::text AS subject, text AS body, created_at, id
         FROM sms_outbox WHERE merchant = $1 AND ($2 = '' OR mobile LIKE '%' || $2) AND $3 = ''
       UNION ALL
       SELECT 'email', email, purpose, code, subject, body, created_at, id
         FROM email_outbox WHERE merchant = $1 AND ($3 = '' OR lower(email) = lower($3)) AND $2 = ''
     ) o ORDER BY created_at DESC, id DESC LIMIT $4`,
    [merchant, digits, isEmail ? wanted : "", Math.max(1, Math.min(limit, 500))],
  );
  return rows.map((row) => ({
    channel: row.channel,
    to: row.recipient,
    purpose: row.purpose,
    code: row.code,
    subject: row.subject,
    text: row.body,
    createdAt: new Date(row.created_at).toISOString(),
  }));
}

async function requireMember(db: Db, merchant: string, username: string) {
  const member = await findMemberByUsername(db, merchant, username);
  if (!member) throw new OperatorError(`No member "${username}" at merchant "${merchant}".`);
  return member;
}

/** Clears the failed-login count of a member (the lock and the captcha requirement). */
export async function unlock(db: Db, merchant: string, username: string, now = new Date()) {
  const member = await requireMember(db, merchant, username);
  const cleared = await clearFailures(db, merchant, [
    loginSubject(member, ""),
    loginSubject(null, username),
    loginSubject(null, member.username),
  ]);
  await recordEvent(db, { merchant, memberId: member.id, kind: "login.unlocked", ip: "operator", at: now, detail: { cleared } });
  return { username: member.username, cleared };
}

export async function securityEvents(
  db: Db,
  merchant: string,
  username: string,
  limit = 100,
): Promise<{ username: string; events: SecurityEvent[] }> {
  const member = await requireMember(db, merchant, username);
  return { username: member.username, events: await listEvents(db, member.id, limit) };
}

/**
 * Sets a member's password as the operator chooses (no rule: "123456" puts a default password
 * back), as every password is set (setPassword): sessions and games end, failures are forgotten.
 */
export async function resetPassword(db: Db, merchant: string, username: string, password: string, now = new Date()) {
  if (!password || password.length > 200) throw new OperatorError("A password of 1 to 200 characters is required.");
  const member = await requireMember(db, merchant, username);
  if (member.account_type === TRIAL_ACCOUNT) throw new OperatorError(`${member.username} is a trial account: it has no password.`);
  const hash = await hashPassword(password);
  await db.tx(async (sql) => {
    await setPassword(sql, merchant, member.id, hash, now);
    await recordEvent(sql, { merchant, memberId: member.id, kind: "password.reset.operator", ip: "operator", at: now });
  });
  return { username: member.username };
}
