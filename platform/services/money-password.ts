import { hashPassword, verifyPassword } from "../crypto";
import type { Db, Sql } from "../db/db";
import { PlatformError } from "../http/context";
import { failureCount, LOCK_AFTER, recordFailure } from "./login-guard";

// The withdrawal (payment) password of decision 016: scrypt like the login password, its own
// failure count (10 wrong guesses in 15 minutes lock it like a login).

const RULE = /^\S{6,20}$/;

export async function hasPaymentPassword(sql: Sql, memberId: number): Promise<boolean> {
  const rows = await sql.query("SELECT 1 FROM payment_passwords WHERE member_id = $1", [memberId]);
  return rows.length > 0;
}

function checkRule(password: string, confirm: string | null | undefined): void {
  if (!RULE.test(password)) throw new PlatformError("payment.password.invalid", "payment.password.invalid");
  if (confirm != null && confirm !== password) throw new PlatformError("payment.password.mismatch", "payment.password.mismatch");
}

/** PUT /wps/member/paymentPassword: only when none is set. */
export async function setPaymentPassword(
  db: Db,
  memberId: number,
  password: string,
  confirm: string | null | undefined,
  now: Date,
): Promise<void> {
  checkRule(password, confirm);
  const hash = await hashPassword(password);
  const rows = await db.query(
    "INSERT INTO payment_passwords (member_id, password_hash, updated_at) VALUES ($1, $2, $3) ON CONFLICT (member_id) DO NOTHING RETURNING member_id",
    [memberId, hash, now],
  );
  if (rows.length === 0) throw new PlatformError("payment.password.exists", "payment.password.exists");
}

/**
 * Checks a payment password: not.exists.payment.password when none is set, invalid.payment.pw
 * when wrong (counted; locked after 10 in 15 minutes with login.locked).
 */
export async function checkPaymentPassword(
  db: Db,
  merchant: string,
  memberId: number,
  password: string,
  ip: string,
  now: Date,
): Promise<void> {
  const [row] = await db.query<{ password_hash: string }>("SELECT password_hash FROM payment_passwords WHERE member_id = $1", [memberId]);
  if (!row) throw new PlatformError("not.exists.payment.password", "not.exists.payment.password");
  const subject = `paypw:${memberId}`;
  if ((await failureCount(db, merchant, subject, now)) >= LOCK_AFTER) throw new PlatformError("login.locked", "login.locked");
  if (!(await verifyPassword(password, row.password_hash))) {
    await recordFailure(db, merchant, subject, ip, now);
    throw new PlatformError("invalid.payment.pw", "invalid.payment.pw");
  }
}

/** POST /wps/member/paymentPassword. */
export async function changePaymentPassword(
  db: Db,
  merchant: string,
  memberId: number,
  input: { oldPassword: string; newPassword: string; confirmNewPassword?: string | null },
  ip: string,
  now: Date,
): Promise<void> {
  await checkPaymentPassword(db, merchant, memberId, input.oldPassword, ip, now);
  checkRule(input.newPassword, input.confirmNewPassword);
  const hash = await hashPassword(input.newPassword);
  await db.query("UPDATE payment_passwords SET password_hash = $2, updated_at = $3 WHERE member_id = $1", [memberId, hash, now]);
}
