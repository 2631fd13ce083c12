import { randomInt } from "node:crypto";
import { hashPassword, randomAlphanumeric, verifyPassword } from "../crypto";
import { PlatformError } from "../http/context";
import { message } from "../messages";
import type { Sql } from "../db/db";
import type { AccountContext } from "./complete-login";
import { merchantDefaultPassword } from "./complete-login";
import { clearFailures, failureCount, LOCK_AFTER, recordFailure } from "./login-guard";
import { findMemberById, findMemberByMobile, findMemberByUsername, TRIAL_ACCOUNT } from "./members";
import { defaultDialingCode, normalizePhone } from "./phones";
import { passwordRule } from "./register-settings";
import { recordEvent } from "./security-events";
import { verifyCode } from "./verification-codes";

// Change (logged in), forgot by email (temporary password) and reset by phone (SMS code).

export const TEMP_PASSWORD_TTL_MS = 24 * 60 * 60 * 1000;
/** Forgot-password emails per member per hour; more requests still answer success. */
export const TEMP_PASSWORDS_PER_HOUR = 3;

function checkRule(ctx: AccountContext, password: string): void {
  const { min, max } = passwordRule(ctx.merchant);
  const length = [...password].length;
  if (length < min || length > max || password === merchantDefaultPassword(ctx.merchant)) {
    throw new PlatformError("password.rule", "password.rule", 200, { vars: { min, max } });
  }
}

const trialRefused = () => new PlatformError("function.not.available", "function.not.available", 400);

export interface ChangeInput {
  oldPassword: string;
  newPassword: string;
  confirmNewPassword?: string | null;
}

/**
 * Makes `hash` the member's password, in the caller's transaction: the temporary password goes,
 * every session ends but `keepTokenHash`'s, the games opened before end too (their launches would
 * go on betting), and the failed logins and old-password guesses are forgotten (the lock was
 * about the old password). The one way a password is set: a change, a reset by phone, the operator.
 */
export async function setPassword(
  sql: Sql,
  merchant: string,
  memberId: number,
  hash: string,
  now: Date,
  keepTokenHash?: string,
): Promise<void> {
  await sql.query(
    `UPDATE members SET password_hash = $2, password_changed_at = $3, password_expired = false,
            temp_password_hash = NULL, temp_password_expires_at = NULL WHERE id = $1`,
    [memberId, hash, now],
  );
  if (keepTokenHash) await sql.query("DELETE FROM sessions WHERE member_id = $1 AND token_hash <> $2", [memberId, keepTokenHash]);
  else await sql.query("DELETE FROM sessions WHERE member_id = $1", [memberId]);
  await sql.query("DELETE FROM game_launches WHERE member_id = $1", [memberId]);
  await clearFailures(sql, merchant, [`m:${memberId}`, `pw:${memberId}`]);
}

/** POST /wps/member/password. Other sessions of the member end; the calling one stays. */
export async function changePassword(ctx: AccountContext, memberId: number, currentTokenHash: string, input: ChangeInput): Promise<void> {
  const { db, merchant, ip, now } = ctx;
  const member = await findMemberById(db, memberId);
  if (!member) throw new PlatformError("login.not.session", "login.not.session", 401);
  if (member.account_type === TRIAL_ACCOUNT) throw trialRefused();
  if (input.confirmNewPassword != null && input.confirmNewPassword !== input.newPassword) {
    throw new PlatformError("password.confirm.mismatch", "password.confirm.mismatch");
  }
  checkRule(ctx, input.newPassword);
  // Guessing the old password through this call locks it like failed logins do (its own count,
  // so that a mistyped old password never brings the login captcha).
  const subject = `pw:${member.id}`;
  if ((await failureCount(db, merchant.code, subject, now)) >= LOCK_AFTER) throw new PlatformError("login.locked", "login.locked");
  if (!(await verifyPassword(input.oldPassword, member.password_hash))) {
    await recordFailure(db, merchant.code, subject, ip, now);
    await recordEvent(db, { merchant: merchant.code, memberId, kind: "password.change.failed", ip, at: now });
    throw new PlatformError("password.old.invalid", "password.old.invalid");
  }
  if (input.newPassword === input.oldPassword) throw new PlatformError("password.same", "password.same");
  const hash = await hashPassword(input.newPassword);
  await db.tx(async (sql) => {
    // Games opened before the change end too, this session's included.
    await setPassword(sql, merchant.code, memberId, hash, now, currentTokenHash);
    await recordEvent(sql, { merchant: merchant.code, memberId, kind: "password.changed", ip, at: now, detail: { via: "change" } });
  });
}

/**
 * POST /wps/member/password/email. When user name and email match a member, a temporary password
 * (24 h) goes to the email outbox; logging in with it makes it the password, marked expired. The
 * old password keeps working meanwhile, so nobody can lock a member out with this call. Always
 * the same answer, after the same scrypt work.
 */
export async function forgotByEmail(ctx: AccountContext, username: string, email: string): Promise<void> {
  const { db, merchant, ip, now, lang } = ctx;
  const temporary = randomAlphanumeric(4).toUpperCase() + randomAlphanumeric(4).toLowerCase() + String(randomInt(1000, 10000));
  const hash = await hashPassword(temporary);
  const member = await findMemberByUsername(db, merchant.code, username);
  const matches =
    member && member.account_type !== TRIAL_ACCOUNT && member.email && member.email.toLowerCase() === email.trim().toLowerCase();
  if (!member || !matches || !member.email) return;
  const [recent] = await db.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM security_events WHERE member_id = $1 AND kind = 'password.temporary.sent' AND at > $2",
    [member.id, new Date(now.getTime() - 60 * 60 * 1000)],
  );
  if ((recent?.n ?? 0) >= TEMP_PASSWORDS_PER_HOUR) return;
  await db.tx(async (sql) => {
    await sql.query("UPDATE members SET temp_password_hash = $2, temp_password_expires_at = $3 WHERE id = $1", [
      member.id,
      hash,
      new Date(now.getTime() + TEMP_PASSWORD_TTL_MS),
    ]);
    await sql.query(
      "INSERT INTO email_outbox (merchant, email, purpose, subject, body, created_at) VALUES ($1, $2, 'forgotPassword', $3, $4, $5)",
      [
        merchant.code,
        member.email,
        message("email.password.subject", lang),
        message("email.password.body", lang, { username: member.username, password: temporary }),
        now,
      ],
    );
    await recordEvent(sql, { merchant: merchant.code, memberId: member.id, kind: "password.temporary.sent", ip, at: now });
  });
}

export interface ResetInput {
  newPassword: string;
  mobileNum: string;
  verificationCode: string;
  countryDialingCode?: string;
}

/** POST /wps/member/password/verification: the noLogin SMS code sets a new password; every session ends. */
export async function resetByPhone(ctx: AccountContext, input: ResetInput): Promise<void> {
  const { db, merchant, ip, now } = ctx;
  checkRule(ctx, input.newPassword);
  const phone = normalizePhone(input.mobileNum, input.countryDialingCode, await defaultDialingCode(db, merchant.code));
  if (!phone) throw new PlatformError("mobile.invalid", "mobile.invalid");
  await verifyCode(db, {
    merchant: merchant.code,
    channel: "sms",
    target: phone.full,
    purposes: ["noLogin"],
    code: input.verificationCode,
    now,
  });
  const member = await findMemberByMobile(db, merchant.code, phone.full);
  // Codes for numbers nobody holds are never delivered: this answer is what a wrong code gets.
  if (!member || member.account_type === TRIAL_ACCOUNT) throw new PlatformError("verification.code.invalid", "verification.code.invalid");
  const hash = await hashPassword(input.newPassword);
  await db.tx(async (sql) => {
    await setPassword(sql, merchant.code, member.id, hash, now);
    await recordEvent(sql, { merchant: merchant.code, memberId: member.id, kind: "password.reset.phone", ip, at: now });
  });
}
