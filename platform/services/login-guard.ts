import type { Sql } from "../db/db";
import type { MemberRow } from "./members";

// Failed logins per subject: a known member ("m:<id>", however the login named it), else the
// name as typed ("u:<name>") or the number of an SMS login ("sms:<digits>"). Unknown names count
// the same way, so the answers never tell whether an account exists.

export const FAILURE_WINDOW_MS = 15 * 60 * 1000;
/** From this many failures in the window on, a login needs the image captcha (CAPTCHA3). */
export const CAPTCHA_AFTER = 3;
/** This many failures in the window lock the subject until they age out or an operator unlocks. */
export const LOCK_AFTER = 10;

export function loginSubject(member: MemberRow | null, typed: string): string {
  return member ? `m:${member.id}` : `u:${typed.trim().toLowerCase().slice(0, 100)}`;
}

export async function failureCount(sql: Sql, merchant: string, subject: string, now: Date): Promise<number> {
  const [row] = await sql.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM login_failures WHERE merchant = $1 AND subject = $2 AND at > $3 AND at <= $4",
    [merchant, subject, new Date(now.getTime() - FAILURE_WINDOW_MS), now],
  );
  return row?.n ?? 0;
}

export async function recordFailure(sql: Sql, merchant: string, subject: string, ip: string, now: Date): Promise<void> {
  // Old rows are of no use to anyone: dropped as new ones arrive.
  await sql.query("DELETE FROM login_failures WHERE merchant = $1 AND subject = $2 AND at <= $3", [
    merchant,
    subject,
    new Date(now.getTime() - FAILURE_WINDOW_MS),
  ]);
  await sql.query("INSERT INTO login_failures (merchant, subject, ip, at) VALUES ($1, $2, $3, $4)", [merchant, subject, ip, now]);
}

export async function clearFailures(sql: Sql, merchant: string, subjects: string[]): Promise<number> {
  const rows = await sql.query<{ id: number }>(
    "DELETE FROM login_failures WHERE merchant = $1 AND subject = ANY($2::text[]) RETURNING id",
    [merchant, subjects],
  );
  return rows.length;
}

/**
 * Failed logins on names nobody holds, from one address, within the window: from this many on, a
 * password login from that address is refused before its password is hashed, unless it comes
 * from a device the named member has used (decision 036). Known names have their own, looser
 * bound (LOCK_AFTER per account); a spray of made-up names from one address has no owner to
 * protect and is turned away early. Counted for every name once the address is over, so the
 * refusal does not tell which names exist. The merchant setting unknownNamesPerAddress changes it.
 */
export const UNKNOWN_NAMES_PER_ADDRESS = 10;

/** Seconds until this address may try a password login again; 0 while it is under the bound. */
export async function addressWait(sql: Sql, merchant: string, ip: string, now: Date, limit = UNKNOWN_NAMES_PER_ADDRESS): Promise<number> {
  const [row] = await sql.query<{ n: number; oldest: Date | null }>(
    `SELECT count(*)::int AS n, min(at) AS oldest FROM (
       SELECT at FROM login_failures
        WHERE merchant = $1 AND ip = $2 AND subject LIKE 'u:%' AND at > $3 AND at <= $4
        ORDER BY at DESC LIMIT $5) recent`,
    [merchant, ip, new Date(now.getTime() - FAILURE_WINDOW_MS), now, limit],
  );
  if (!row || row.n < limit || !row.oldest) return 0;
  // Free again when the oldest of the last `limit` failures leaves the window.
  return Math.max(1, Math.ceil((new Date(row.oldest).getTime() + FAILURE_WINDOW_MS - now.getTime()) / 1000));
}
