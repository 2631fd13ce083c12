import type { Sql } from "../db/db";
import { type Language, type Localized, pick } from "../messages";
import { toMajor } from "../money";

// The merchant's VIP ladder (decision 027 §2): one vip_ranks row per rank. The ladder page, the
// rank progress, cashback (rebate bonus) and the daily withdrawal limits all read these rows.

export interface VipRank {
  level: number;
  name: Localized;
  /** Minor units. */
  monthlyTurnover: number;
  /** Percentage points added to every cashback rate. */
  rebateBonus: number;
  /** Minor units. */
  dailyWithdrawalLimit: number;
  dailyWithdrawalTimes: number;
  /** Minor units. */
  birthdayBonus: number;
  /** Minor units. */
  upgradeBonus: number;
}

/** Ranks above this level come with the VIP service (a personal host). */
export const VIP_SERVICE_FROM = 5;

/** The merchant's ranks, lowest first. */
export async function vipRanks(sql: Sql, merchant: string): Promise<VipRank[]> {
  const rows = await sql.query<{
    level: number;
    name: Localized;
    monthly_turnover: string;
    rebate_bonus: number;
    daily_withdrawal_limit: string;
    daily_withdrawal_times: number;
    birthday_bonus: string;
    upgrade_bonus: string;
  }>(
    `SELECT level, name, monthly_turnover::text, rebate_bonus::float8 AS rebate_bonus, daily_withdrawal_limit::text,
            daily_withdrawal_times, birthday_bonus::text, upgrade_bonus::text
       FROM vip_ranks WHERE merchant = $1 ORDER BY level`,
    [merchant],
  );
  return rows.map((r) => ({
    level: Number(r.level),
    name: r.name,
    monthlyTurnover: Number(r.monthly_turnover),
    rebateBonus: Number(r.rebate_bonus),
    dailyWithdrawalLimit: Number(r.daily_withdrawal_limit),
    dailyWithdrawalTimes: Number(r.daily_withdrawal_times),
    birthdayBonus: Number(r.birthday_bonus),
    upgradeBonus: Number(r.upgrade_bonus),
  }));
}

/**
 * The member's rank row: the highest rank at or below the member's rank_level (the lowest rank
 * for a level below the ladder), with the ladder itself; null rank when the merchant has none.
 */
export async function memberRank(
  sql: Sql,
  merchant: string,
  memberId: number,
): Promise<{ level: number; rank: VipRank | null; ranks: VipRank[] }> {
  const ranks = await vipRanks(sql, merchant);
  const [member] = await sql.query<{ rank_level: number }>("SELECT rank_level FROM members WHERE id = $1 AND merchant = $2", [
    memberId,
    merchant,
  ]);
  const level = Number(member?.rank_level ?? 1);
  const rank = [...ranks].reverse().find((r) => r.level <= level) ?? ranks[0] ?? null;
  return { level, rank, ranks };
}

/**
 * GET MCSFE_getVipLevels (no token). The daily withdrawal figures shown are the ones applied: the
 * larger of the merchant's setting (`floor`, minor units) and the rank's row (0 = the merchant's).
 */
export async function vipLevels(sql: Sql, merchant: string, lang: Language, floor: { dailyAmount: number; dailyTimes: number }) {
  const ranks = await vipRanks(sql, merchant);
  return {
    list: ranks.map((r) => ({
      rankLevel: r.level,
      rankName: pick(r.name, lang) ?? "",
      monthlyTurnover: toMajor(r.monthlyTurnover),
      benefits: {
        rebateBonus: r.rebateBonus,
        dailyWithdrawalLimit: toMajor(Math.max(floor.dailyAmount, r.dailyWithdrawalLimit)),
        dailyWithdrawalTimes: Math.max(floor.dailyTimes, r.dailyWithdrawalTimes),
        birthdayBonus: toMajor(r.birthdayBonus),
        upgradeBonus: toMajor(r.upgradeBonus),
        vipService: r.level >= VIP_SERVICE_FROM,
      },
    })),
  };
}
