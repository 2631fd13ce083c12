import type { Db, Sql } from "../db/db";
import { PlatformError } from "../http/context";
import { type AccountRef, applyMovement, MAIN_WALLET } from "../ledger";
import { LANGUAGES, type Language, type Localized, message, type MessageKey, pick } from "../messages";
import { toMajor } from "../money";
import type { Merchant } from "./merchants";
import { maskMobile } from "./members";
import { money } from "./money-common";
import { notify } from "./inbox";
import { businessPeriod, type Paging, totalPages } from "./periods";
import { gameTypeName, turnover } from "./records";
import { type Actor, once, RewardRefused } from "./rewards";

// The point mall of decision 027 §3. Points are kept in hundredths (1234 = 12.34 points) and shown
// as numbers with at most two decimals. They are earned from real bets at the merchant's rates,
// lazily: every points call first accrues, under a row lock on the member's point account, the
// bets with an id above the account's mark (each bet's points rounded down to 0.01, summed per
// game type into one EARN entry), then moves the mark. Points never expire.

/** Points per 1.00 of valid bet, by game type (setting pointRates). */
export const DEFAULT_POINT_RATES: Record<string, number> = { LIVE: 0.7, SPORTS: 1, FISH: 1.2, RNG: 1.2, PVP: 1, ESPORTS: 1 };
/** Setting pointConversion: points for 1.00 of cash, and the bounds of one conversion. */
export const DEFAULT_CONVERSION = { pointsRatio: 100, minPoints: 100, maxPoints: 1_000_000 };

/** The point record type of an earning game type (docs/SPEC.md point 3): RNG earns as SLOTS. */
const EARN_TYPES: Record<string, string> = { RNG: "SLOTS", LOTT: "LOTTERY", ELOTT: "LOTTERY" };
export const earnType = (gameType: string) => EARN_TYPES[gameType] ?? gameType;

export const POINT_TYPES = ["LIVE", "LOTTERY", "PVP", "SLOTS", "SPORTS", "FISH", "ESPORTS", "REDEEM", "CONVERT", "REFUND", "DEPOSIT", "ADJUST"] as const;
export type PointType = (typeof POINT_TYPES)[number];
export const REDEMPTION_STATUSES = ["IN_PROCESS", "REJECTED", "APPROVED"] as const;
export type RedemptionStatus = (typeof REDEMPTION_STATUSES)[number];

/** A message in every language, for texts stored with a row (entries' names, inbox messages). */
export function localizedMessage(key: MessageKey, vars: Record<string, string | number> = {}): Localized {
  return Object.fromEntries(LANGUAGES.map((lang) => [lang, message(key, lang, vars)])) as Localized;
}

const typeName = (type: string, lang: Language) =>
  (POINT_TYPES as readonly string[]).includes(type) ? message(`point.type.${type}` as MessageKey, lang) : type;
const statusName = (status: string, lang: Language) =>
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

interface PointAccount {
  balance: number;
  total_earned: number;
  total_spent: number;
  accrued_to_bet_id: number;
}

/** Opens (when missing) and locks the member's point account. */
async function lockAccount(sql: Sql, merchant: string, memberId: number): Promise<PointAccount> {
  await sql.query("INSERT INTO point_accounts (member_id, merchant) VALUES ($1, $2) ON CONFLICT (member_id) DO NOTHING", [memberId, merchant]);
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
async function change(sql: Sql, merchant: string, memberId: number, account: PointAccount, entry: PointChange, now: Date): Promise<number> {
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
      await change(
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
const accrued = (db: Db, merchant: Merchant, memberId: number, now: Date) => db.tx((sql) => accrue(sql, merchant, memberId, now));

// ---------------------------------------------------------------------------------------------
// Reads

/** GET MCSFE_getPointBalance. */
export async function pointBalance(db: Db, merchant: Merchant, memberId: number, now: Date) {
  const account = await accrued(db, merchant, memberId, now);
  return { balance: pointsOf(account.balance), totalEarned: pointsOf(account.total_earned), totalSpent: pointsOf(account.total_spent), neverExpire: true };
}

/** GET MCSFE_getPointConfig. */
export async function pointConfig(db: Db, merchant: Merchant, memberId: number, now: Date) {
  await accrued(db, merchant, memberId, now);
  const rates = pointRates(merchant);
  const order = await db.query<{ game_type: string }>("SELECT game_type FROM game_types WHERE merchant = $1 ORDER BY sort, game_type", [merchant.code]);
  const sorted = [...order.map((r) => r.game_type).filter((t) => t in rates), ...Object.keys(rates).filter((t) => !order.some((r) => r.game_type === t))];
  return { rates: sorted.map((gameType) => ({ gameType, rate: rates[gameType]! })), neverExpire: true, unit: merchant.currency };
}

interface RewardRow {
  id: number;
  type: "BONUS" | "GOODS";
  name: Localized;
  description: Localized;
  points_required: number;
  amount: number;
  amount_required: number;
  stock: number | null;
  address_type: "ZALO" | "WHATSAPP" | "ADDRESS";
}

const REWARD_COLUMNS = `id::float8 AS id, type, name, description, points_required::float8 AS points_required, amount::float8 AS amount,
  amount_required::float8 AS amount_required, stock, address_type`;

export const rewardImagePath = (rewardId: number) => `/media/point-reward/${rewardId}.svg`;

/** GET MCSFE_getPointReward: the enabled rewards in the operator's order. */
export async function pointRewards(db: Db, merchant: Merchant, memberId: number, now: Date, lang: Language) {
  await accrued(db, merchant, memberId, now);
  return merchantPointRewards(db, merchant, lang);
}

/**
 * GET MCSFE_getMerchantPointReward (our name, no token; decision 041): the same catalogue as a
 * visitor sees it, nothing of any member's in it (no accrual, no balance).
 */
export async function merchantPointRewards(db: Db, merchant: Merchant, lang: Language) {
  const rows = await db.query<RewardRow>(`SELECT ${REWARD_COLUMNS} FROM point_rewards WHERE merchant = $1 AND enabled ORDER BY sort, id`, [merchant.code]);
  return {
    list: rows.map((r) => ({
      rewardId: r.id,
      type: r.type,
      name: pick(r.name, lang),
      description: pick(r.description, lang),
      imageUrl: rewardImagePath(r.id),
      pointsRequired: pointsOf(r.points_required),
      amount: toMajor(r.amount),
      amountRequired: toMajor(r.amount_required),
      unit: merchant.currency,
      stock: r.stock,
      addressType: r.address_type,
    })),
  };
}

/** A reward's name for its picture (/media/point-reward/<id>.svg), or null. */
export async function rewardImageName(db: Db, rewardId: number, lang: Language): Promise<{ name: string; type: string } | null> {
  const [row] = await db.query<{ name: Localized; type: string }>("SELECT name, type FROM point_rewards WHERE id = $1", [rewardId]);
  return row ? { name: pick(row.name, lang), type: row.type } : null;
}

/** GET MCSFE_getPointRewardConversionType. */
export async function conversionTypes(db: Db, merchant: Merchant, memberId: number, now: Date, lang: Language) {
  await accrued(db, merchant, memberId, now);
  const c = pointConversion(merchant);
  return { list: [{ conversionType: "CASH", name: message("point.conversion.CASH", lang), pointsRatio: c.pointsRatio, minPoints: c.minPoints, maxPoints: c.maxPoints }] };
}

export type RecordType = "REDEEM" | "POINTS";

interface RedemptionRow {
  id: number;
  type: "BONUS" | "GOODS" | "CONVERT";
  name: Localized;
  points: number;
  amount: number;
  status: RedemptionStatus;
  mobile: string;
  receiving_address: string;
  paid_account: string;
  ledger_tx: number | null;
  remark: string;
  created_at: Date;
  decided_at: Date | null;
}

const REDEMPTION_COLUMNS = `id::float8 AS id, type, name, points::float8 AS points, amount::float8 AS amount, status, mobile, receiving_address,
  paid_account, ledger_tx::float8 AS ledger_tx, remark, created_at, decided_at`;

/** GET MCSFE_getRedeemPointList: redemptions and conversions (REDEEM) or the point details (POINTS), newest first. */
export async function redeemPointList(db: Db, merchant: Merchant, memberId: number, recordType: RecordType, status: RedemptionStatus | undefined, paging: Paging, now: Date, lang: Language) {
  await accrued(db, merchant, memberId, now);
  const offset = (paging.pageNo - 1) * paging.pageSize;
  if (recordType === "POINTS") {
    const [count] = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM point_entries WHERE member_id = $1", [memberId]);
    const rows = await db.query<{
      id: number;
      type: string;
      name: Localized | null;
      points: number;
      balance_after: number;
      valid_bet: number | null;
      amount: number | null;
      ratio: number | null;
      remark: string;
      created_at: Date;
    }>(
      `SELECT id::float8 AS id, type, name, points::float8 AS points, balance_after::float8 AS balance_after, valid_bet::float8 AS valid_bet,
              amount::float8 AS amount, ratio::float8 AS ratio, remark, created_at
         FROM point_entries WHERE member_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3`,
      [memberId, paging.pageSize, offset],
    );
    const total = Number(count?.n ?? 0);
    return {
      list: rows.map((r) => ({
        id: r.id,
        type: r.type,
        typeName: typeName(r.type, lang),
        name: r.name ? pick(r.name, lang) : typeName(r.type, lang),
        pointsChanged: pointsOf(r.points),
        pointsBalance: pointsOf(r.balance_after),
        amount: r.valid_bet !== null ? toMajor(r.valid_bet) : r.amount !== null ? toMajor(r.amount) : null,
        unit: merchant.currency,
        pointsRatio: r.ratio,
        remark: r.remark,
        time: new Date(r.created_at).getTime(),
      })),
      total,
      totalPages: totalPages(total, paging.pageSize),
    };
  }
  const [count] = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM point_redemptions WHERE member_id = $1 AND ($2::text IS NULL OR status = $2)", [
    memberId,
    status ?? null,
  ]);
  const rows = await db.query<RedemptionRow>(
    `SELECT ${REDEMPTION_COLUMNS} FROM point_redemptions WHERE member_id = $1 AND ($2::text IS NULL OR status = $2)
      ORDER BY created_at DESC, id DESC LIMIT $3 OFFSET $4`,
    [memberId, status ?? null, paging.pageSize, offset],
  );
  const total = Number(count?.n ?? 0);
  return { list: rows.map((r) => redemptionView(r, lang)), total, totalPages: totalPages(total, paging.pageSize) };
}

function redemptionView(r: RedemptionRow, lang: Language) {
  return {
    redeemId: r.id,
    type: r.type,
    name: pick(r.name, lang),
    pointsRequired: pointsOf(r.points),
    amount: toMajor(r.amount),
    // Money the member received: a BONUS reward's on approval, a conversion's at once.
    redeemAmount: r.status === "APPROVED" && r.type !== "GOODS" ? toMajor(r.amount) : 0,
    status: r.status,
    statusName: statusName(r.status, lang),
    applicationTime: new Date(r.created_at).getTime(),
    time: r.decided_at ? new Date(r.decided_at).getTime() : null,
    mobile: maskMobile(r.mobile),
    receivingAddress: r.receiving_address,
    paidAccount: r.paid_account,
    transactionRef: r.ledger_tx !== null ? String(r.ledger_tx) : "",
    remark: r.remark,
  };
}

// ---------------------------------------------------------------------------------------------
// Writes (the encrypted passwordCheck calls)

export interface Contact {
  /** The member's mobile as international digits (checked). */
  mobile: string;
  receivingAddress: string;
}

const mainWallet = (memberId: number): AccountRef => ({ kind: "wallet", memberId, accountTypeId: MAIN_WALLET });

/** Whether a requestId has been answered before (a replay skips the checks and answers it). */
export async function requestSeen(db: Db, memberId: number, requestId: string): Promise<boolean> {
  const rows = await db.query("SELECT 1 FROM reward_requests WHERE member_id = $1 AND request_id = $2", [memberId, requestId]);
  return rows.length > 0;
}

/** once() of the rewards, its refusals as envelope failures. */
async function onceRefused<T extends object>(db: Db, actor: Actor, requestId: string, action: string, content: unknown, work: (sql: Sql) => Promise<T>) {
  try {
    return await once(db, actor, requestId, action, content, work);
  } catch (err) {
    if (err instanceof RewardRefused) throw new PlatformError(err.code, err.code === "trial.not.allowed" ? "records.trial.not.allowed" : err.code);
    throw err;
  }
}

/** POST passwordCheck/…redeemPointReward: the points are held at once (REDEEM); the operator decides. */
export function redeemReward(db: Db, merchant: Merchant, actor: Actor, requestId: string, rewardId: number, contact: Contact) {
  return onceRefused(db, actor, requestId, "point.redeem", { rewardId, ...contact }, async (sql) => {
    const account = await accrue(sql, merchant, actor.memberId, actor.now);
    const [reward] = await sql.query<RewardRow>(`SELECT ${REWARD_COLUMNS} FROM point_rewards WHERE id = $1 AND merchant = $2 AND enabled FOR UPDATE`, [
      rewardId,
      merchant.code,
    ]);
    if (!reward) throw new PlatformError("point.reward.not.found", "point.reward.not.found");
    if (reward.stock !== null && reward.stock <= 0) throw new PlatformError("point.out.of.stock", "point.out.of.stock");
    if (reward.amount_required > 0) {
      const month = businessPeriod(actor.now, "MONTHLY");
      const valid = await turnover(sql, merchant.code, actor.memberId, month.start, month.end);
      if (valid < reward.amount_required) {
        throw new PlatformError("point.amount.required", "point.amount.required", 200, { vars: { amount: money(merchant, reward.amount_required) } });
      }
    }
    if (account.balance < reward.points_required) throw new PlatformError("point.insufficient", "point.insufficient");
    const [row] = await sql.query<{ id: number }>(
      `INSERT INTO point_redemptions (merchant, member_id, reward_id, type, name, points, amount, status, mobile, receiving_address, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, 'IN_PROCESS', $8, $9, $10) RETURNING id::float8 AS id`,
      [merchant.code, actor.memberId, reward.id, reward.type, JSON.stringify(reward.name), reward.points_required, reward.amount, contact.mobile, contact.receivingAddress, actor.now],
    );
    const redeemId = row!.id;
    if (reward.stock !== null) await sql.query("UPDATE point_rewards SET stock = stock - 1 WHERE id = $1", [reward.id]);
    const balance = await change(sql, merchant.code, actor.memberId, account, { type: "REDEEM", points: -reward.points_required, name: reward.name, redemptionId: redeemId }, actor.now);
    return { redeemId, status: "IN_PROCESS" as const, balance: pointsOf(balance) };
  });
}

/** points with at most two decimals, as hundredths; null when not. */
export function pointsHundredths(value: number): number | null {
  const h = Math.round(value * 100);
  return Number.isFinite(value) && Math.abs(value * 100 - h) < 1e-6 && h > 0 ? h : null;
}

/** POST passwordCheck/…convertPoint: points → cash in the main wallet at once, an APPROVED conversion. */
export function convertPoints(db: Db, merchant: Merchant, actor: Actor, requestId: string, points: number, contact: Contact) {
  return onceRefused(db, actor, requestId, "point.convert", { points, ...contact }, async (sql) => {
    const account = await accrue(sql, merchant, actor.memberId, actor.now);
    const c = pointConversion(merchant);
    const hundredths = pointsHundredths(points);
    const ratioH = Math.round(c.pointsRatio * 100);
    // amount = floor(points / pointsRatio) to the minor unit: hundredths × 100 / (ratio × 100).
    const amount = hundredths === null ? 0 : Math.floor((hundredths * 100) / ratioH);
    if (hundredths === null || hundredths < Math.round(c.minPoints * 100) || hundredths > Math.round(c.maxPoints * 100) || amount <= 0) {
      throw new PlatformError("point.amount.invalid", "point.amount.invalid", 200, { vars: { min: c.minPoints, max: c.maxPoints } });
    }
    if (account.balance < hundredths) throw new PlatformError("point.insufficient", "point.insufficient");
    const name = localizedMessage("point.conversion.CASH");
    const movement = await applyMovement(sql, {
      merchant: merchant.code,
      idempotencyKey: `points:convert:${actor.memberId}:${requestId}`,
      kind: "points",
      memo: `points converted: ${pointsOf(hundredths)}`,
      now: actor.now,
      legs: [
        { account: { kind: "house" }, amount: -amount },
        { account: mainWallet(actor.memberId), amount },
      ],
    });
    if (movement.replayed) throw new RewardRefused("idempotency.conflict");
    const [row] = await sql.query<{ id: number }>(
      `INSERT INTO point_redemptions (merchant, member_id, type, name, points, amount, status, mobile, receiving_address, ledger_tx, created_at, decided_at)
       VALUES ($1, $2, 'CONVERT', $3, $4, $5, 'APPROVED', $6, $7, $8, $9, $9) RETURNING id::float8 AS id`,
      [merchant.code, actor.memberId, JSON.stringify(name), hundredths, amount, contact.mobile, contact.receivingAddress, movement.transactionId, actor.now],
    );
    const redeemId = row!.id;
    const balance = await change(sql, merchant.code, actor.memberId, account, { type: "CONVERT", points: -hundredths, name, amount, ratio: c.pointsRatio, redemptionId: redeemId }, actor.now);
    return {
      redeemId,
      status: "APPROVED" as const,
      points: pointsOf(hundredths),
      amount: toMajor(amount),
      balance: pointsOf(balance),
      walletBalance: toMajor(movement.entries[1]!.balanceAfter),
    };
  });
}

// ---------------------------------------------------------------------------------------------
// Operator

/** A refusal of an operator command (operator-points.ts turns it into an OperatorError). */
export class PointsRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = "PointsRefused";
  }
}

export async function listRedemptionsForOperator(db: Db, merchant: string, openOnly: boolean) {
  const rows = await db.query<RedemptionRow & { username: string }>(
    `SELECT r.id::float8 AS id, r.type, r.name, r.points::float8 AS points, r.amount::float8 AS amount, r.status, r.mobile, r.receiving_address,
            r.paid_account, r.ledger_tx::float8 AS ledger_tx, r.remark, r.created_at, r.decided_at, m.username
       FROM point_redemptions r JOIN members m ON m.id = r.member_id
      WHERE r.merchant = $1 AND (NOT $2 OR r.status = 'IN_PROCESS')
      ORDER BY r.created_at DESC, r.id DESC LIMIT 200`,
    [merchant, openOnly],
  );
  return rows.map((r) => ({
    id: r.id,
    member: r.username,
    type: r.type,
    reward: pick(r.name, "EN"),
    points: pointsOf(r.points),
    amount: toMajor(r.amount),
    status: r.status,
    mobile: r.mobile,
    receivingAddress: r.receiving_address,
    paidAccount: r.paid_account,
    transactionRef: r.ledger_tx !== null ? String(r.ledger_tx) : "",
    remark: r.remark,
    time: new Date(r.created_at).toISOString(),
    decided: r.decided_at ? new Date(r.decided_at).toISOString() : null,
  }));
}

async function merchantOf(sql: Sql, code: string): Promise<Merchant> {
  const [row] = await sql.query<{ code: string; currency: string; currency_symbol: string; status: Merchant["status"]; settings: Record<string, unknown> }>(
    "SELECT code, currency, currency_symbol, status, settings FROM merchants WHERE code = $1",
    [code],
  );
  if (!row) throw new PointsRefused(`No merchant "${code}".`);
  return { code: row.code, currency: row.currency, currencySymbol: row.currency_symbol, status: row.status, settings: row.settings ?? {} };
}

/** Locks an open redemption of the merchant; refuses a decided or unknown one. */
async function openRedemption(sql: Sql, merchant: string, id: number): Promise<RedemptionRow & { member_id: number; reward_id: number | null }> {
  const [row] = await sql.query<RedemptionRow & { member_id: number; reward_id: number | null }>(
    `SELECT ${REDEMPTION_COLUMNS}, member_id::float8 AS member_id, reward_id::float8 AS reward_id FROM point_redemptions WHERE id = $1 AND merchant = $2 FOR UPDATE`,
    [id, merchant],
  );
  if (!row) throw new PointsRefused(`No redemption ${id} at merchant "${merchant}".`);
  if (row.status !== "IN_PROCESS") throw new PointsRefused(`Redemption ${id} is ${row.status}: only an IN_PROCESS redemption can be decided.`);
  return row;
}

const MAX_TEXT = 200;
const cleanText = (text: string) => text.replace(/\u0000/g, "").trim().slice(0, MAX_TEXT);

/**
 * Approves an IN_PROCESS redemption: a BONUS reward's amount is credited to the main wallet (ledger
 * kind points, key points:redeem:<id>) once, however often or concurrently this runs.
 */
export async function approveRedemption(db: Db, merchantCode: string, id: number, paidAccount: string | undefined, now: Date) {
  return db.tx(async (sql) => {
    const merchant = await merchantOf(sql, merchantCode);
    const r = await openRedemption(sql, merchantCode, id);
    let ledgerTx: number | null = null;
    if (r.type === "BONUS" && r.amount > 0) {
      const movement = await applyMovement(sql, {
        merchant: merchantCode,
        idempotencyKey: `points:redeem:${id}`,
        kind: "points",
        memo: `point reward: ${pick(r.name, "EN")}`,
        now,
        legs: [
          { account: { kind: "house" }, amount: -r.amount },
          { account: mainWallet(r.member_id), amount: r.amount },
        ],
      });
      ledgerTx = movement.transactionId;
    }
    const paid = cleanText(paidAccount ?? "");
    await sql.query("UPDATE point_redemptions SET status = 'APPROVED', decided_at = $2, paid_account = $3, ledger_tx = coalesce($4, ledger_tx) WHERE id = $1", [
      id,
      now,
      paid,
      ledgerTx,
    ]);
    const vars = { name: "", id, amount: money(merchant, r.amount) };
    const content = Object.fromEntries(
      LANGUAGES.map((lang) => [lang, message(ledgerTx !== null ? "point.inbox.approved.bonus" : "point.inbox.approved", lang, { ...vars, name: pick(r.name, lang) })]),
    ) as Localized;
    await notify(sql, merchantCode, r.member_id, "POINTS", {}, now, { title: localizedMessage("point.inbox.title"), content });
    return { id, status: "APPROVED" as const, type: r.type, amount: toMajor(ledgerTx !== null ? r.amount : 0), transactionRef: ledgerTx !== null ? String(ledgerTx) : "", paidAccount: paid };
  });
}

/** Rejects an IN_PROCESS redemption: its points come back (REFUND), a limited stock gets its item back. */
export async function rejectRedemption(db: Db, merchantCode: string, id: number, reason: string, now: Date) {
  const remark = cleanText(reason);
  if (!remark) throw new PointsRefused("A rejection needs a reason.");
  return db.tx(async (sql) => {
    const r = await openRedemption(sql, merchantCode, id);
    const account = await lockAccount(sql, merchantCode, r.member_id);
    const balance = await change(sql, merchantCode, r.member_id, account, { type: "REFUND", points: r.points, name: r.name, redemptionId: id, remark }, now);
    if (r.reward_id !== null) await sql.query("UPDATE point_rewards SET stock = stock + 1 WHERE id = $1 AND stock IS NOT NULL", [r.reward_id]);
    await sql.query("UPDATE point_redemptions SET status = 'REJECTED', decided_at = $2, remark = $3 WHERE id = $1", [id, now, remark]);
    const content = Object.fromEntries(
      LANGUAGES.map((lang) => [lang, message("point.inbox.rejected", lang, { name: pick(r.name, lang), id, reason: remark, points: pointsOf(r.points) })]),
    ) as Localized;
    await notify(sql, merchantCode, r.member_id, "POINTS", {}, now, { title: localizedMessage("point.inbox.title"), content });
    return { id, status: "REJECTED" as const, refunded: pointsOf(r.points), balance: pointsOf(balance), reason: remark };
  });
}

async function memberByName(sql: Sql, merchant: string, username: string): Promise<{ id: number; account_type: number }> {
  const [row] = await sql.query<{ id: number; account_type: number }>(
    "SELECT id::float8 AS id, account_type FROM members WHERE merchant = $1 AND lower(username) = lower($2)",
    [merchant, username],
  );
  if (!row) throw new PointsRefused(`No member "${username}" at merchant "${merchant}".`);
  if (row.account_type === 4) throw new PointsRefused(`"${username}" is a trial account: it has no points.`);
  return row;
}

/** A member's points: balance, totals and the newest entries (accrued first). */
export async function memberPoints(db: Db, merchantCode: string, username: string, now: Date) {
  return db.tx(async (sql) => {
    const merchant = await merchantOf(sql, merchantCode);
    const member = await memberByName(sql, merchantCode, username);
    const account = await accrue(sql, merchant, member.id, now);
    const entries = await sql.query<{ id: number; type: string; points: number; balance_after: number; remark: string; created_at: Date }>(
      `SELECT id::float8 AS id, type, points::float8 AS points, balance_after::float8 AS balance_after, remark, created_at
         FROM point_entries WHERE member_id = $1 ORDER BY created_at DESC, id DESC LIMIT 10`,
      [member.id],
    );
    return {
      username,
      balance: pointsOf(account.balance),
      totalEarned: pointsOf(account.total_earned),
      totalSpent: pointsOf(account.total_spent),
      recent: entries.map((e) => ({ id: e.id, type: e.type, points: pointsOf(e.points), balance: pointsOf(e.balance_after), remark: e.remark, time: new Date(e.created_at).toISOString() })),
    };
  });
}

/** An ADJUST entry of ±points (hundredths) with the operator's remark; never below zero. */
export async function adjustPoints(db: Db, merchantCode: string, username: string, hundredths: number, remark: string, now: Date) {
  const text = cleanText(remark);
  if (!text) throw new PointsRefused("An adjustment needs a remark.");
  if (!Number.isSafeInteger(hundredths) || hundredths === 0) throw new PointsRefused("An adjustment is a non-zero number of points with at most two decimals.");
  return db.tx(async (sql) => {
    const merchant = await merchantOf(sql, merchantCode);
    const member = await memberByName(sql, merchantCode, username);
    const account = await accrue(sql, merchant, member.id, now);
    if (account.balance + hundredths < 0) throw new PointsRefused(`${username} holds ${pointsOf(account.balance)} points: the adjustment would go below zero.`);
    const balance = await change(sql, merchantCode, member.id, account, { type: "ADJUST", points: hundredths, remark: text }, now);
    const signed = `${hundredths > 0 ? "+" : ""}${pointsOf(hundredths)}`;
    await notify(sql, merchantCode, member.id, "POINTS", {}, now, {
      title: localizedMessage("point.inbox.title"),
      content: localizedMessage("point.inbox.adjusted", { points: signed, remark: text }),
    });
    return { username, points: pointsOf(hundredths), balance: pointsOf(balance), remark: text };
  });
}
