import type { Db } from "../db/db";
import { type AccountRef, MAIN_WALLET } from "../ledger";
import { type Language, type Localized, message, pick } from "../messages";
import { toMajor } from "../money";
import type { Merchant } from "./merchants";
import { maskMobile } from "./members";
import { type Paging, totalPages } from "./periods";
import { type RedemptionStatus, accrued, pointConversion, pointRates, pointsOf, statusName, typeName } from "./points";

// What the point mall shows (decision 027 §3): a member's balance and conversion, the rewards on
// offer and their pictures, the conversion types, and the redemption and points records. Each read
// accrues the member's new bets first.

/** GET MCSFE_getPointBalance. */
export async function pointBalance(db: Db, merchant: Merchant, memberId: number, now: Date) {
  const account = await accrued(db, merchant, memberId, now);
  return {
    balance: pointsOf(account.balance),
    totalEarned: pointsOf(account.total_earned),
    totalSpent: pointsOf(account.total_spent),
    neverExpire: true,
  };
}

/** GET MCSFE_getPointConfig. */
export async function pointConfig(db: Db, merchant: Merchant, memberId: number, now: Date) {
  await accrued(db, merchant, memberId, now);
  const rates = pointRates(merchant);
  const order = await db.query<{ game_type: string }>("SELECT game_type FROM game_types WHERE merchant = $1 ORDER BY sort, game_type", [
    merchant.code,
  ]);
  const sorted = [
    ...order.map((r) => r.game_type).filter((t) => t in rates),
    ...Object.keys(rates).filter((t) => !order.some((r) => r.game_type === t)),
  ];
  return { rates: sorted.map((gameType) => ({ gameType, rate: rates[gameType]! })), neverExpire: true, unit: merchant.currency };
}

export interface RewardRow {
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

export const REWARD_COLUMNS = `id::float8 AS id, type, name, description, points_required::float8 AS points_required, amount::float8 AS amount,
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
  const rows = await db.query<RewardRow>(`SELECT ${REWARD_COLUMNS} FROM point_rewards WHERE merchant = $1 AND enabled ORDER BY sort, id`, [
    merchant.code,
  ]);
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
  return {
    list: [
      {
        conversionType: "CASH",
        name: message("point.conversion.CASH", lang),
        pointsRatio: c.pointsRatio,
        minPoints: c.minPoints,
        maxPoints: c.maxPoints,
      },
    ],
  };
}

export type RecordType = "REDEEM" | "POINTS";

export interface RedemptionRow {
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

export const REDEMPTION_COLUMNS = `id::float8 AS id, type, name, points::float8 AS points, amount::float8 AS amount, status, mobile, receiving_address,
  paid_account, ledger_tx::float8 AS ledger_tx, remark, created_at, decided_at`;

/** GET MCSFE_getRedeemPointList: redemptions and conversions (REDEEM) or the point details (POINTS), newest first. */
export async function redeemPointList(
  db: Db,
  merchant: Merchant,
  memberId: number,
  recordType: RecordType,
  status: RedemptionStatus | undefined,
  paging: Paging,
  now: Date,
  lang: Language,
) {
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
  const [count] = await db.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM point_redemptions WHERE member_id = $1 AND ($2::text IS NULL OR status = $2)",
    [memberId, status ?? null],
  );
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

export const mainWallet = (memberId: number): AccountRef => ({ kind: "wallet", memberId, accountTypeId: MAIN_WALLET });
