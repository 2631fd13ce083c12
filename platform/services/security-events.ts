import type { Sql } from "../db/db";

// What happened to an account, for the operator (`events <username>`) and for support.

export type SecurityEventKind =
  | "register"
  | "login.ok"
  | "login.failed"
  | "login.locked"
  | "login.captcha.failed"
  | "login.unlocked"
  | "login.verification.required"
  | "login.verification.code.sent"
  | "login.verification.ok"
  | "login.verification.failed"
  | "sms.code.sent"
  | "password.changed"
  | "password.change.failed"
  | "password.temporary.sent"
  | "password.reset.phone"
  | "password.reset.operator"
  | "freeplay.started"
  | "social.linked"
  /** A downline's unverified mobile number went to its owner (decision 037). */
  | "mobile.released";

export interface SecurityEventInput {
  merchant: string;
  memberId: number | null;
  kind: SecurityEventKind;
  ip: string;
  at: Date;
  detail?: Record<string, unknown>;
}

export async function recordEvent(sql: Sql, e: SecurityEventInput): Promise<void> {
  await sql.query("INSERT INTO security_events (merchant, member_id, kind, ip, detail, at) VALUES ($1, $2, $3, $4, $5, $6)", [
    e.merchant,
    e.memberId,
    e.kind,
    e.ip,
    JSON.stringify(e.detail ?? {}),
    e.at,
  ]);
}

export interface SecurityEvent {
  at: string;
  kind: string;
  ip: string;
  detail: Record<string, unknown>;
}

/** Newest first. */
export async function listEvents(sql: Sql, memberId: number, limit = 100): Promise<SecurityEvent[]> {
  const rows = await sql.query<{ at: Date; kind: string; ip: string; detail: Record<string, unknown> }>(
    "SELECT at, kind, ip, detail FROM security_events WHERE member_id = $1 ORDER BY at DESC, id DESC LIMIT $2",
    [memberId, limit],
  );
  return rows.map((row) => ({ at: new Date(row.at).toISOString(), kind: row.kind, ip: row.ip, detail: row.detail }));
}
