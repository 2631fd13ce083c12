import { createHash } from "node:crypto";
import type { Db } from "../db/db";
import { toMajor } from "../money";
import { businessDay } from "./periods";
import { type Actor, creditBonus, once, RewardRefused } from "./rewards";
import { PROMOTION_SELECT, type PromotionRow, promotionStatus } from "./promotions";

// The daily raffle (decision 017): one prize a member per business day, fixed by merchant, member
// and day, credited once.

/** Prizes of the daily raffle, major units. */
export const RAFFLE_PRIZES = [1, 2, 5, 8, 10, 18, 28, 88];

/** The member's prize for a business day: fixed by merchant, member and day. Minor units. */
export function rafflePrize(merchant: string, memberId: number, day: string): number {
  const digest = createHash("sha256").update(`${merchant}:${memberId}:${day}`).digest();
  return RAFFLE_PRIZES[digest.readUInt32BE(0) % RAFFLE_PRIZES.length]! * 100;
}

/** POST MCSFE_claimRafflePromotion: one draw per member and business day. */
export function claimRaffle(db: Db, actor: Actor, requestId: string) {
  return once(db, actor, requestId, "raffle", {}, async (sql) => {
    const rows = await sql.query<PromotionRow>(`${PROMOTION_SELECT} AND p.flow = 'raffle' ORDER BY p.sort, p.id`, [
      actor.merchant,
      actor.memberId,
      businessDay(actor.now),
    ]);
    const running = rows.filter((p) => promotionStatus(p, actor.now) !== "COMING_SOON" && promotionStatus(p, actor.now) !== "CLOSED");
    const raffle = running[0];
    if (!raffle) throw new RewardRefused("promotion.not.available");
    const day = businessDay(actor.now);
    const drawn = await sql.query("SELECT 1 FROM raffle_draws WHERE member_id = $1 AND draw_date = $2::date", [actor.memberId, day]);
    if (drawn.length > 0) throw new RewardRefused("raffle.already.claimed");
    const prize = rafflePrize(actor.merchant, actor.memberId, day);
    const credit = await creditBonus(sql, actor, `raffle:${actor.memberId}:${requestId}`, "raffle", prize, raffle.title);
    await sql.query(
      "INSERT INTO raffle_draws (member_id, draw_date, promotion_id, prize, ledger_tx, created_at) VALUES ($1, $2::date, $3, $4, $5, $6)",
      [actor.memberId, day, raffle.id, prize, credit.transactionId, actor.now],
    );
    return { promotionId: raffle.id, prize: toMajor(prize), drawDate: day, balance: toMajor(credit.balance) };
  });
}
