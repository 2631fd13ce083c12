import type { Db, Sql } from "../db/db";
import { PlatformError } from "../http/context";
import { LANGUAGES, type Language, type Localized, message, type MessageKey } from "../messages";
import { toMajor } from "../money";
import type { Merchant } from "./merchants";
import { gameTypeName } from "./bet-records";

// The point mall of decision 027 §3. Points are kept in hundredths (1234 = 12.34 points) and shown
// as numbers with at most two decimals. They are earned from real bets at the merchant's rates,
// lazily: every points call first accrues, under a row lock on the member's point account, the
// bets with an id above the account's mark (each bet's points rounded down to 0.01, summed per
// game type into one EARN entry), then moves the mark. Points never expire. Here: the rates and
// conversion, accrual and point changes; the mall's reads are in points-reads.ts, redemption in
// points-redeem.ts, the operator's side in points-operator.ts.

/** Points per 1.00 of valid bet, by game type (setting pointRates). */
export const DEFAULT_POINT_RATES: Record<string, number> = { LIVE: 0.7, SPORTS: 1, FISH: 1.2, RNG: 1.2, PVP: 1, ESPORTS: 1 };
/** Setting pointConversion: points for 1.00 of cash, and the bounds of one conversion. */
export const DEFAULT_CONVERSION = { pointsRatio: 100, minPoints: 100, maxPoints: 1_000_000 };

/** The point record type of an earning game type (docs/SPEC.md point 3): RNG earns as SLOTS. */
const EARN_TYPES: Record<string, string> = { RNG: "SLOTS", LOTT: "LOTTERY", ELOTT: "LOTTERY" };
export const earnType = (gameType: string) => EARN_TYPES[gameType] ?? gameType;

export const POINT_TYPES = [
  "LIVE",
  "LOTTERY",
  "PVP",
  "SLOTS",
  "SPORTS",
  "FISH",
  "ESPORTS",
  "REDEEM",
  "CONVERT",
  "REFUND",
  "DEPOSIT",
  "ADJUST",
] as const;
export type PointType = (typeof POINT_TYPES)[number];
export const REDEMPTION_STATUSES = ["IN_PROCESS", "REJECTED", "APPROVED"] as const;
export type RedemptionStatus = (typeof REDEMPTION_STATUSES)[number];

/** A message in every language, for texts stored with a row (entries' names, inbox messages). */
export function localizedMessage(key: MessageKey, vars: Record<string, string | number> = {}): Localized {
  return Object.fromEntries(LANGUAGES.map((lang) => [lang, message(key, lang, vars)])) as Localized;
}

/** A point type's and a redemption status's name in the member's language (a name we do not know stays as sent). */
export const typeName = (type: string, lang: Language) =>
  (POINT_TYPES as readonly string[]).includes(type) ? message(`point.type.${type}` as MessageKey, lang) : type;
export const statusName = (status: string, lang: Language) =>
  (REDEMPTION_STATUSES as readonly string[]).includes(status) ? message(`point.status.${status}` as MessageKey, lang) : status;

/** Hundredths of points as the wire's number. */
export const pointsOf = (hundredths: number) => toMajor(hundredths);

function validRate(value: unknown): number | null {
  return typeof value === "number" && Number.isFinite(value) && value >= 0 && value <= 1000 ? Math.round(value * 100) / 100 : null;
}

/** The merchant's rates (points per 1.00 of valid bet); other game types earn none. */
export function pointRates(merchant: Merchant): Record<string, number> {
  const setting = merchant.settings.pointRates;
  if (typeof setting !== "object" || setting === null || Array.isArray(setting)) return { ...DEFAULT_POINT_RATES };
  const rates: Record<string, number> = {};
  for (const [gameType, value] of Object.entries(setting)) {
    const rate = validRate(value);
    if (rate !== null && rate > 0 && /^[A-Z0-9_]{1,32}$/.test(gameType)) rates[gameType] = rate;
  }
  return rates;
}

export interface Conversion {
  /** Points for 1.00 of cash. */
  pointsRatio: number;
  minPoints: number;
  maxPoints: number;
}

export function pointConversion(merchant: Merchant): Conversion {
  const setting = merchant.settings.pointConversion;
  const read = (key: keyof Conversion) => {
    const value = typeof setting === "object" && setting !== null ? (setting as Record<string, unknown>)[key] : undefined;
    return typeof value === "number" && Number.isFinite(value) && value > 0 ? Math.round(value * 100) / 100 : DEFAULT_CONVERSION[key];
  };
  return { pointsRatio: read("pointsRatio"), minPoints: read("minPoints"), maxPoints: read("maxPoints") };
}

// ---------------------------------------------------------------------------------------------
// Accrual

export interface PointAccount {
  balance: number;
  total_earned: number;
  total_spent: number;
  accrued_to_bet_id: number;
}

/** Opens (when missing) and locks the member's point account. */
export async function lockAccount(sql: Sql, merchant: string, memberId: number): Promise<PointAccount> {
  await sql.query("INSERT INTO point_accounts (member_id, merchant) VALUES ($1, $2) ON CONFLICT (member_id) DO NOTHING", [
    memberId,
    merchant,
  ]);
  const [row] = await sql.query<PointAccount>(
    "SELECT balance::float8 AS balance, total_earned::float8 AS total_earned, total_spent::float8 AS total_spent, accrued_to_bet_id::float8 AS accrued_to_bet_id FROM point_accounts WHERE member_id = $1 FOR UPDATE",
    [memberId],
  );
  if (!row) throw new Error(`point account ${memberId} vanished`);
  return row;
}

export interface PointChange {
  type: PointType;
  /** Signed hundredths. */
  points: number;
  name?: Localized | null;
  validBet?: number | null;
  amount?: number | null;
  ratio?: number | null;
  redemptionId?: number | null;
  remark?: string;
}

/**
 * Adds one entry to a locked account: the balance never goes below zero (point.insufficient).
 * totalEarned counts what was added (but refunds), totalSpent what was taken less what came back.
 */
export async function changePoints(
  sql: Sql,
  merchant: string,
  memberId: number,
  account: PointAccount,
  entry: PointChange,
  now: Date,
): Promise<number> {
  const balance = account.balance + entry.points;
  if (balance < 0) throw new PlatformError("point.insufficient", "point.insufficient");
  const earned = entry.points > 0 && entry.type !== "REFUND" ? entry.points : 0;
  const spent = entry.points < 0 ? -entry.points : entry.type === "REFUND" ? -entry.points : 0;
  await sql.query(
    `INSERT INTO point_entries (merchant, member_id, type, name, points, balance_after, valid_bet, amount, ratio, redemption_id, remark, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
    [
      merchant,
      memberId,
      entry.type,
      entry.name ? JSON.stringify(entry.name) : null,
      entry.points,
      balance,
      entry.validBet ?? null,
      entry.amount ?? null,
      entry.ratio ?? null,
      entry.redemptionId ?? null,
      entry.remark ?? "",
      now,
    ],
  );
  account.balance = balance;
  account.total_earned += earned;
  account.total_spent += spent;
  await sql.query("UPDATE point_accounts SET balance = $2, total_earned = $3, total_spent = $4, updated_at = $5 WHERE member_id = $1", [
    memberId,
    account.balance,
    account.total_earned,
    account.total_spent,
    now,
  ]);
  return balance;
}

/**
 * Locks the member's point account and accrues the real bets above its mark: one EARN entry per
 * game type with a rate (each bet's points = stake × rate, rounded down to 0.01 points), then the
 * mark moves to the newest real bet (of any type). Answers the locked account.
 */
export async function accrue(sql: Sql, merchant: Merchant, memberId: number, now: Date): Promise<PointAccount> {
  const account = await lockAccount(sql, merchant.code, memberId);
  const rates = pointRates(merchant);
  const types = Object.keys(rates);
  const [top] = await sql.query<{ max_id: number | null }>(
    "SELECT max(id)::float8 AS max_id FROM bets WHERE merchant = $1 AND member_id = $2 AND NOT trial AND id > $3",
    [merchant.code, memberId, account.accrued_to_bet_id],
  );
  if (top?.max_id == null) return account;
  if (types.length > 0) {
    const rows = await sql.query<{ game_type: string; rate_h: number; stake: string; points: string }>(
      `SELECT g.game_type, r.rate_h, sum(b.stake)::text AS stake, sum(floor(b.stake * r.rate_h / 100))::text AS points
         FROM bets b JOIN games g ON g.id = b.game_id
         JOIN unnest($4::text[], $5::int[]) AS r(game_type, rate_h) ON r.game_type = g.game_type
         LEFT JOIN game_types t ON t.merchant = b.merchant AND t.game_type = g.game_type
        WHERE b.merchant = $1 AND b.member_id = $2 AND NOT b.trial AND b.id > $3 AND b.id <= $6
        GROUP BY g.game_type, r.rate_h, t.sort
        ORDER BY t.sort NULLS LAST, g.game_type`,
      [merchant.code, memberId, account.accrued_to_bet_id, types, types.map((t) => Math.round(rates[t]! * 100)), top.max_id],
    );
    for (const row of rows) {
      const points = Number(row.points);
      if (points <= 0) continue;
      await changePoints(
        sql,
        merchant.code,
        memberId,
        account,
        {
          type: earnType(row.game_type) as PointType,
          points,
          name: Object.fromEntries(LANGUAGES.map((lang) => [lang, gameTypeName(row.game_type, lang)])) as Localized,
          validBet: Number(row.stake),
          ratio: row.rate_h / 100,
        },
        now,
      );
    }
  }
  account.accrued_to_bet_id = top.max_id;
  await sql.query("UPDATE point_accounts SET accrued_to_bet_id = $2, updated_at = $3 WHERE member_id = $1", [memberId, top.max_id, now]);
  return account;
}

/** Accrues in a transaction of its own (the reads). */
export const accrued = (db: Db, merchant: Merchant, memberId: number, now: Date) => db.tx((sql) => accrue(sql, merchant, memberId, now));
