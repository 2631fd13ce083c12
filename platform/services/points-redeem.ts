import type { Db, Sql } from "../db/db";
import { PlatformError } from "../http/context";
import { applyMovement } from "../ledger";
import { toMajor } from "../money";
import type { Merchant } from "./merchants";
import { money } from "./money-common";
import { businessPeriod } from "./periods";
import { accrue, changePoints, localizedMessage, pointConversion, pointsOf } from "./points";
import { mainWallet, REWARD_COLUMNS, type RewardRow } from "./points-reads";
import { turnover } from "./ranks";
import { type Actor, once, RewardRefused } from "./rewards";

// The point mall's writes (decision 027; the encrypted passwordCheck calls): a reward redeemed for
// points, and points converted to money, each once per requestId.

export interface Contact {
  /** The member's mobile as international digits (checked). */
  mobile: string;
  receivingAddress: string;
}

/** once() of the rewards, its refusals as envelope failures. */
async function onceRefused<T extends object>(
  db: Db,
  actor: Actor,
  requestId: string,
  action: string,
  content: unknown,
  work: (sql: Sql) => Promise<T>,
) {
  try {
    return await once(db, actor, requestId, action, content, work);
  } catch (err) {
    if (err instanceof RewardRefused)
      throw new PlatformError(err.code, err.code === "trial.not.allowed" ? "records.trial.not.allowed" : err.code);
    throw err;
  }
}

/** POST passwordCheck/…redeemPointReward: the points are held at once (REDEEM); the operator decides. */
export function redeemReward(db: Db, merchant: Merchant, actor: Actor, requestId: string, rewardId: number, contact: Contact) {
  return onceRefused(db, actor, requestId, "point.redeem", { rewardId, ...contact }, async (sql) => {
    const account = await accrue(sql, merchant, actor.memberId, actor.now);
    const [reward] = await sql.query<RewardRow>(
      `SELECT ${REWARD_COLUMNS} FROM point_rewards WHERE id = $1 AND merchant = $2 AND enabled FOR UPDATE`,
      [rewardId, merchant.code],
    );
    if (!reward) throw new PlatformError("point.reward.not.found", "point.reward.not.found");
    if (reward.stock !== null && reward.stock <= 0) throw new PlatformError("point.out.of.stock", "point.out.of.stock");
    if (reward.amount_required > 0) {
      const month = businessPeriod(actor.now, "MONTHLY");
      const valid = await turnover(sql, merchant.code, actor.memberId, month.start, month.end);
      if (valid < reward.amount_required) {
        throw new PlatformError("point.amount.required", "point.amount.required", 200, {
          vars: { amount: money(merchant, reward.amount_required) },
        });
      }
    }
    if (account.balance < reward.points_required) throw new PlatformError("point.insufficient", "point.insufficient");
    const [row] = await sql.query<{ id: number }>(
      `INSERT INTO point_redemptions (merchant, member_id, reward_id, type, name, points, amount, status, mobile, receiving_address, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, 'IN_PROCESS', $8, $9, $10) RETURNING id::float8 AS id`,
      [
        merchant.code,
        actor.memberId,
        reward.id,
        reward.type,
        JSON.stringify(reward.name),
        reward.points_required,
        reward.amount,
        contact.mobile,
        contact.receivingAddress,
        actor.now,
      ],
    );
    const redeemId = row!.id;
    if (reward.stock !== null) await sql.query("UPDATE point_rewards SET stock = stock - 1 WHERE id = $1", [reward.id]);
    const balance = await changePoints(
      sql,
      merchant.code,
      actor.memberId,
      account,
      { type: "REDEEM", points: -reward.points_required, name: reward.name, redemptionId: redeemId },
      actor.now,
    );
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
      [
        merchant.code,
        actor.memberId,
        JSON.stringify(name),
        hundredths,
        amount,
        contact.mobile,
        contact.receivingAddress,
        movement.transactionId,
        actor.now,
      ],
    );
    const redeemId = row!.id;
    const balance = await changePoints(
      sql,
      merchant.code,
      actor.memberId,
      account,
      { type: "CONVERT", points: -hundredths, name, amount, ratio: c.pointsRatio, redemptionId: redeemId },
      actor.now,
    );
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
