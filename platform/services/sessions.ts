import { hashToken, newToken } from "../crypto";
import type { Sql } from "../db/db";

/** A session ends after this long without a request. */
export const SESSION_IDLE_MS = 12 * 60 * 60 * 1000;
// Extending the expiry on every request would write on every read; once a minute is enough.
const TOUCH_AFTER_MS = 60 * 1000;

export interface SessionMember {
  tokenHash: string;
  memberId: number;
  merchant: string;
  username: string;
  accountType: number;
}

export async function createSession(sql: Sql, memberId: number, ip: string, now: Date): Promise<string> {
  const token = newToken();
  await sql.query("DELETE FROM sessions WHERE expires_at <= $1", [now]);
  await sql.query("INSERT INTO sessions (token_hash, member_id, ip, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)", [
    hashToken(token),
    memberId,
    ip,
    now,
    new Date(now.getTime() + SESSION_IDLE_MS),
  ]);
  return token;
}

/** The member behind a live token of this merchant, with the idle expiry pushed back; else null. */
export async function resolveSession(sql: Sql, merchant: string, token: string, now: Date): Promise<SessionMember | null> {
  const tokenHash = hashToken(token);
  const [row] = await sql.query<{ member_id: number; username: string; account_type: number; expires_at: Date }>(
    `SELECT s.member_id, m.username, m.account_type, s.expires_at
       FROM sessions s JOIN members m ON m.id = s.member_id
      WHERE s.token_hash = $1 AND m.merchant = $2 AND s.expires_at > $3`,
    [tokenHash, merchant, now],
  );
  if (!row) return null;
  const renewed = now.getTime() + SESSION_IDLE_MS;
  if (renewed - new Date(row.expires_at).getTime() > TOUCH_AFTER_MS) {
    await sql.query("UPDATE sessions SET expires_at = $2 WHERE token_hash = $1", [tokenHash, new Date(renewed)]);
  }
  return { tokenHash, memberId: row.member_id, merchant, username: row.username, accountType: row.account_type };
}

export async function revokeSession(sql: Sql, token: string): Promise<void> {
  await sql.query("DELETE FROM sessions WHERE token_hash = $1", [hashToken(token)]);
}
