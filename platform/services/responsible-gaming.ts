import { z } from "zod";
import { verifyPassword } from "../crypto";
import type { Db, Sql } from "../db/db";
import { PlatformError } from "../http/context";
import { lockMember, REQUEST_ID, refuseTrial, runOnce } from "./requests";

// Responsible gaming (decision 018): deposit, loss and session-time limits per calendar day, week
// and month in Asia/Dhaka; a decrease applies at once, an increase or a removal 24 hours later
// (stored pending, applied by the clock whenever the limits are read); the reality-check interval;
// self-exclusion, checked by every login. Amounts are minor units inside, major units on the wire.

export const LIMIT_TYPES = ["DEPOSIT", "LOSS", "SESSION"] as const;
export const LIMIT_PERIODS = ["DAY", "WEEK", "MONTH"] as const;
export type LimitType = (typeof LIMIT_TYPES)[number];
export type LimitPeriod = (typeof LIMIT_PERIODS)[number];
export const REALITY_CHECK_MINUTES = [0, 15, 30, 60, 120] as const;
export const SELF_EXCLUSION_DAYS = [1, 7, 30, 90, 180, 365] as const;

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
/** An increase or a removal waits this long. */
export const PENDING_DELAY_MS = DAY_MS;
/** Asia/Dhaka is UTC+6 all year (no daylight saving). */
const ZONE_OFFSET_MS = 6 * HOUR_MS;
const MAX_MONEY_MINOR = 100_000_000_000; // 1,000,000,000.00
const MAX_SESSION_MINUTES: Record<LimitPeriod, number> = { DAY: 1440, WEEK: 10080, MONTH: 44640 };

/** The start of the calendar period holding `now`, in Asia/Dhaka. */
export function periodStart(period: LimitPeriod, now: Date): Date {
  const local = now.getTime() + ZONE_OFFSET_MS;
  const day = Math.floor(local / DAY_MS);
  if (period === "DAY") return new Date(day * DAY_MS - ZONE_OFFSET_MS);
  if (period === "WEEK") {
    // 1970-01-01 was a Thursday: (day + 3) % 7 is 0 on Mondays.
    const monday = day - ((day + 3) % 7);
    return new Date(monday * DAY_MS - ZONE_OFFSET_MS);
  }
  const d = new Date(local);
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1) - ZONE_OFFSET_MS);
}

/** "2026-12-22 18:05" in Asia/Dhaka. */
export function formatLocal(at: Date): string {
  return new Date(at.getTime() + ZONE_OFFSET_MS).toISOString().slice(0, 16).replace("T", " ");
}

// ---------------------------------------------------------------- limits

interface LimitRow {
  type: LimitType;
  period: LimitPeriod;
  amount: number | null;
  pending_amount: number | null;
  pending_from: Date | null;
}

/** Applies the pending changes whose time has come, then drops rows that hold nothing. */
async function applyDue(sql: Sql, memberId: number, now: Date): Promise<void> {
  await sql.query(
    `UPDATE rg_limits SET amount = pending_amount, pending_amount = NULL, pending_from = NULL, updated_at = pending_from
      WHERE member_id = $1 AND pending_from IS NOT NULL AND pending_from <= $2`,
    [memberId, now],
  );
  await sql.query("DELETE FROM rg_limits WHERE member_id = $1 AND amount IS NULL AND pending_from IS NULL", [memberId]);
}

async function readLimits(sql: Sql, memberId: number, now: Date): Promise<LimitRow[]> {
  await applyDue(sql, memberId, now);
  return sql.query<LimitRow>("SELECT type, period, amount, pending_amount, pending_from FROM rg_limits WHERE member_id = $1", [memberId]);
}

export async function limitInForce(
  sql: Sql,
  memberId: number,
  type: LimitType,
  now: Date,
): Promise<{ period: LimitPeriod; amount: number }[]> {
  const rows = await readLimits(sql, memberId, now);
  return rows.filter((r) => r.type === type && r.amount !== null).map((r) => ({ period: r.period, amount: r.amount! }));
}

/** Deposit requests pending or approved since `from` (decision 018's contract with the money part). */
async function depositedSince(sql: Sql, memberId: number, from: Date): Promise<number> {
  const [found] = await sql.query<{ view: string | null; table: string | null }>(
    "SELECT to_regclass('rg_deposit_requests')::text AS view, to_regclass('deposit_requests')::text AS table",
  );
  const source = found?.view ? "rg_deposit_requests" : found?.table ? "deposit_requests" : null;
  if (!source) return 0;
  const [row] = await sql.query<{ total: number }>(
    `SELECT coalesce(sum(amount_minor), 0)::bigint AS total FROM ${source}
      WHERE member_id = $1 AND lower(status) IN ('pending', 'approved') AND created_at >= $2`,
    [memberId, from],
  );
  return row?.total ?? 0;
}

/** Stakes − wins of the member's real bets since `from` (negative when ahead). */
async function lossSince(sql: Sql, memberId: number, from: Date): Promise<number> {
  const [row] = await sql.query<{ total: number }>(
    "SELECT coalesce(sum(stake - win), 0)::bigint AS total FROM bets WHERE member_id = $1 AND NOT trial AND created_at >= $2",
    [memberId, from],
  );
  return row?.total ?? 0;
}

/** Logged-in minutes since `from`: every session from its start to its last request (rg_session_log). */
export async function minutesSince(sql: Sql, memberId: number, from: Date, now: Date): Promise<number> {
  const [row] = await sql.query<{ ms: number }>(
    `SELECT coalesce(sum(greatest(0, extract(epoch FROM (least(last_seen_at, $3) - greatest(started_at, $2))) * 1000)), 0)::bigint AS ms
       FROM rg_session_log WHERE member_id = $1 AND last_seen_at > $2`,
    [memberId, from, now],
  );
  return Math.floor((row?.ms ?? 0) / MINUTE_MS);
}

export async function usedIn(sql: Sql, memberId: number, type: LimitType, period: LimitPeriod, now: Date): Promise<number> {
  const from = periodStart(period, now);
  if (type === "DEPOSIT") return depositedSince(sql, memberId, from);
  if (type === "LOSS") return lossSince(sql, memberId, from);
  return minutesSince(sql, memberId, from, now);
}

export async function currencySymbol(sql: Sql, merchant: string): Promise<string> {
  const [row] = await sql.query<{ currency_symbol: string }>("SELECT currency_symbol FROM merchants WHERE code = $1", [merchant]);
  return row?.currency_symbol ?? "";
}

/** Wire value of a stored amount: major units for money, minutes for SESSION. */
const toWire = (type: LimitType, stored: number | null): number | null =>
  stored === null ? null : type === "SESSION" ? stored : stored / 100;

export interface LimitView {
  type: LimitType;
  period: LimitPeriod;
  amount: number | null;
  pendingAmount: number | null;
  pendingFrom: number | null;
  used: number;
  remaining: number | null;
}

function limitView(type: LimitType, period: LimitPeriod, row: LimitRow | undefined, used: number): LimitView {
  const amount = row?.amount ?? null;
  return {
    type,
    period,
    amount: toWire(type, amount),
    pendingAmount: row?.pending_from ? toWire(type, row.pending_amount) : null,
    pendingFrom: row?.pending_from ? new Date(row.pending_from).getTime() : null,
    used: toWire(type, Math.max(0, used))!,
    remaining: amount === null ? null : toWire(type, Math.max(0, amount - used)),
  };
}

async function allLimits(sql: Sql, memberId: number, now: Date): Promise<LimitView[]> {
  const rows = await readLimits(sql, memberId, now);
  const views: LimitView[] = [];
  for (const type of LIMIT_TYPES) {
    for (const period of LIMIT_PERIODS) {
      const used = await usedIn(sql, memberId, type, period, now);
      views.push(
        limitView(
          type,
          period,
          rows.find((r) => r.type === type && r.period === period),
          used,
        ),
      );
    }
  }
  return views;
}

export async function settingsOf(sql: Sql, memberId: number): Promise<{ reality_check_minutes: number; self_excluded_until: Date | null }> {
  const [row] = await sql.query<{ reality_check_minutes: number; self_excluded_until: Date | null }>(
    "SELECT reality_check_minutes, self_excluded_until FROM rg_settings WHERE member_id = $1",
    [memberId],
  );
  return row ?? { reality_check_minutes: 0, self_excluded_until: null };
}

export interface PlayerRef {
  memberId: number;
  merchant: string;
  accountType: number;
  tokenHash?: string;
}

/** GET MCSFE_getResponsibleGaming. */
export async function responsibleGaming(db: Db, member: PlayerRef, now: Date) {
  return db.tx(async (sql) => {
    const limits = await allLimits(sql, member.memberId, now);
    const settings = await settingsOf(sql, member.memberId);
    const until = settings.self_excluded_until ? new Date(settings.self_excluded_until) : null;
    let sessionStartedAt: number | null = null;
    let sessionLoss: number | null = null;
    if (member.tokenHash) {
      const [row] = await sql.query<{ created_at: Date }>("SELECT created_at FROM sessions WHERE token_hash = $1", [member.tokenHash]);
      sessionStartedAt = row ? new Date(row.created_at).getTime() : null;
      if (row) sessionLoss = (await lossSince(sql, member.memberId, new Date(row.created_at))) / 100;
    }
    return {
      limits,
      realityCheckMinutes: settings.reality_check_minutes,
      selfExclusionUntil: until && until.getTime() > now.getTime() ? until.getTime() : null,
      sessionStartedAt,
      sessionLoss,
    };
  });
}

// ---------------------------------------------------------------- writes

/**
 * Runs `work` once per (member, requestId) (services/requests.ts) in one transaction holding the
 * member's row; the answers are kept in player_requests.
 */
export function once<T>(
  db: Db,
  memberId: number,
  requestId: unknown,
  call: string,
  body: unknown,
  now: Date,
  work: (sql: Sql) => Promise<T>,
): Promise<T> {
  if (typeof requestId !== "string" || !REQUEST_ID.test(requestId)) throw new PlatformError("request.id.invalid", "request.id.invalid");
  return runOnce(
    db,
    { store: "player_requests", memberId, requestId, action: call, content: body, now, lock: lockMember(memberId, "FOR UPDATE") },
    work,
  );
}

export const limitBody = z.object({
  requestId: z.unknown(),
  type: z.unknown(),
  period: z.unknown(),
  amount: z.unknown(),
});

/** The stored amount (minor units or minutes) from the wire, or null to remove; throws on bad input. */
function parseLimitAmount(type: LimitType, period: LimitPeriod, amount: unknown): number | null {
  if (amount === null) return null;
  const invalid = () => new PlatformError("limit.amount.invalid", "limit.amount.invalid");
  if (typeof amount !== "number" && typeof amount !== "string") throw invalid();
  const text = String(amount).trim();
  if (type === "SESSION") {
    if (!/^\d{1,6}$/.test(text)) throw invalid();
    const minutes = Number(text);
    if (minutes < 1 || minutes > MAX_SESSION_MINUTES[period]) throw invalid();
    return minutes;
  }
  const match = /^(\d{1,10})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) throw invalid();
  const minor = Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
  if (minor < 1 || minor > MAX_MONEY_MINOR) throw invalid();
  return minor;
}

/** POST MCSFE_setResponsibleGamingLimit. */
export async function setLimit(db: Db, member: PlayerRef, body: z.infer<typeof limitBody>, now: Date) {
  refuseTrial(member);
  const type = typeof body.type === "string" ? body.type.trim().toUpperCase() : "";
  const period = typeof body.period === "string" ? body.period.trim().toUpperCase() : "";
  if (!(LIMIT_TYPES as readonly string[]).includes(type)) throw new PlatformError("limit.type.invalid", "limit.type.invalid");
  if (!(LIMIT_PERIODS as readonly string[]).includes(period)) throw new PlatformError("limit.period.invalid", "limit.period.invalid");
  const t = type as LimitType;
  const p = period as LimitPeriod;
  if (body.amount === undefined) throw new PlatformError("limit.amount.invalid", "limit.amount.invalid");
  const wanted = parseLimitAmount(t, p, body.amount);
  return once(db, member.memberId, body.requestId, "setLimit", { type: t, period: p, amount: wanted }, now, async (sql) => {
    const rows = await readLimits(sql, member.memberId, now);
    const current = rows.find((r) => r.type === t && r.period === p);
    const inForce = current?.amount ?? null;
    let appliesAt = now;
    if (inForce === null && wanted !== null) {
      // A first limit applies at once.
      await sql.query(
        `INSERT INTO rg_limits (member_id, type, period, amount, pending_amount, pending_from, updated_at) VALUES ($1, $2, $3, $4, NULL, NULL, $5)
         ON CONFLICT (member_id, type, period) DO UPDATE SET amount = EXCLUDED.amount, pending_amount = NULL, pending_from = NULL, updated_at = EXCLUDED.updated_at`,
        [member.memberId, t, p, wanted, now],
      );
    } else if (inForce !== null && wanted !== null && wanted <= inForce) {
      // A decrease (or the same value) applies at once and drops any pending change.
      await sql.query(
        "UPDATE rg_limits SET amount = $4, pending_amount = NULL, pending_from = NULL, updated_at = $5 WHERE member_id = $1 AND type = $2 AND period = $3",
        [member.memberId, t, p, wanted, now],
      );
    } else if (inForce !== null) {
      // An increase or a removal waits 24 hours.
      appliesAt = new Date(now.getTime() + PENDING_DELAY_MS);
      await sql.query(
        "UPDATE rg_limits SET pending_amount = $4, pending_from = $5, updated_at = $6 WHERE member_id = $1 AND type = $2 AND period = $3",
        [member.memberId, t, p, wanted, appliesAt, now],
      );
    }
    // inForce null and wanted null: nothing to remove.
    const [row] = await sql.query<LimitRow>(
      "SELECT type, period, amount, pending_amount, pending_from FROM rg_limits WHERE member_id = $1 AND type = $2 AND period = $3",
      [member.memberId, t, p],
    );
    const used = await usedIn(sql, member.memberId, t, p, now);
    return { ...limitView(t, p, row, used), appliesAt: appliesAt.getTime() };
  });
}

/** POST MCSFE_setRealityCheck. */
export async function setRealityCheck(db: Db, member: PlayerRef, minutes: unknown, now: Date) {
  refuseTrial(member);
  const value = typeof minutes === "string" && /^\d{1,3}$/.test(minutes.trim()) ? Number(minutes) : minutes;
  if (typeof value !== "number" || !(REALITY_CHECK_MINUTES as readonly number[]).includes(value)) {
    throw new PlatformError("reality.check.invalid", "reality.check.invalid");
  }
  await db.query(
    `INSERT INTO rg_settings (member_id, reality_check_minutes, updated_at) VALUES ($1, $2, $3)
     ON CONFLICT (member_id) DO UPDATE SET reality_check_minutes = EXCLUDED.reality_check_minutes, updated_at = EXCLUDED.updated_at`,
    [member.memberId, value, now],
  );
  return { realityCheckMinutes: value };
}

export const selfExcludeBody = z.object({ requestId: z.unknown(), days: z.unknown(), password: z.unknown() });

/** POST MCSFE_selfExclude: ends every session of the member; never shortened. */
export async function selfExclude(db: Db, member: PlayerRef, body: z.infer<typeof selfExcludeBody>, now: Date) {
  refuseTrial(member);
  const days = typeof body.days === "string" && /^\d{1,3}$/.test(body.days.trim()) ? Number(body.days) : body.days;
  if (typeof days !== "number" || !(SELF_EXCLUSION_DAYS as readonly number[]).includes(days)) {
    throw new PlatformError("self.exclusion.days.invalid", "self.exclusion.days.invalid");
  }
  if (typeof body.requestId !== "string" || !REQUEST_ID.test(body.requestId))
    throw new PlatformError("request.id.invalid", "request.id.invalid");
  const [done] = await db.query("SELECT 1 FROM player_requests WHERE member_id = $1 AND request_id = $2", [
    member.memberId,
    body.requestId,
  ]);
  if (!done) {
    // The password is checked outside the transaction (scrypt is slow); a replay skips it, as the
    // sessions it would need are gone anyway.
    const [row] = await db.query<{ password_hash: string }>("SELECT password_hash FROM members WHERE id = $1", [member.memberId]);
    const password = typeof body.password === "string" ? body.password : "";
    if (!row || !password || password.length > 128 || !(await verifyPassword(password, row.password_hash))) {
      throw new PlatformError("password.old.invalid", "password.old.invalid");
    }
  }
  return once(db, member.memberId, body.requestId, "selfExclude", { days }, now, async (sql) => {
    const wanted = new Date(now.getTime() + days * DAY_MS);
    const [row] = await sql.query<{ self_excluded_until: Date }>(
      `INSERT INTO rg_settings (member_id, self_excluded_until, updated_at) VALUES ($1, $2, $3)
       ON CONFLICT (member_id) DO UPDATE
         SET self_excluded_until = CASE WHEN rg_settings.self_excluded_until > EXCLUDED.self_excluded_until
                                        THEN rg_settings.self_excluded_until ELSE EXCLUDED.self_excluded_until END,
             updated_at = EXCLUDED.updated_at
       RETURNING self_excluded_until`,
      [member.memberId, wanted, now],
    );
    await sql.query("DELETE FROM sessions WHERE member_id = $1", [member.memberId]);
    return { selfExclusionUntil: new Date(row!.self_excluded_until).getTime() };
  });
}
