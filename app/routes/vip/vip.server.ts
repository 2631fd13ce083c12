import { blockFailed, isRealMember } from "~/accounts/guards.server";
import { requestContext } from "~/context.server";
import { customerServiceType } from "~/domain/account";
import { formatCount } from "~/i18n/format.server";
import { pageMeta } from "~/i18n/t.server";
import { moneyFormat } from "~/money/format.server";

// VIP (docs/SPEC.md point 2, /vip; /vipBonus is the same page): the rank ladder with each rank's monthly
// turnover and benefits (cashback bonus, withdrawal limits, birthday and upgrade bonuses, VIP
// service above rank 4), and a member's own rank and progress; visitors see the ladder and a login
// link (decision 027).
export async function vipLoader(request: Request) {
  const ctx = await requestContext(request);
  const member = isRealMember(ctx.session);
  const [levels, rank] = await Promise.all([
    ctx.gateway.rewards.vipLevels().catch(() => null),
    // The member's own rank is a block of the ladder's page: it degrades alone (decision 038).
    member ? ctx.gateway.records.rank().catch(blockFailed(request)) : Promise.resolve(null),
  ]);
  const money = await moneyFormat(ctx);
  const level = rank?.rankLevel ?? null;
  const turnover = rank?.monthlyTurnover;
  return {
    unavailable: levels === null,
    rankUnavailable: member && rank === null,
    member,
    mine: rank
      ? {
          name: rank.playerRankName ?? "",
          level: level ?? 0,
          next: rank.nextRankName ?? null,
          actual: money(turnover?.actual ?? 0),
          expected: money(turnover?.expected ?? 0),
          progress: Math.max(
            0,
            Math.min(100, rank.progress ?? (turnover && turnover.expected > 0 ? (turnover.actual / turnover.expected) * 100 : 0)),
          ),
          vipService: customerServiceType(level) === "VIP",
        }
      : null,
    service: ctx.status.customerService.length > 0,
    ladder: (levels ?? []).map((l) => ({
      level: l.rankLevel,
      name: l.rankName ?? String(l.rankLevel),
      turnover: money(l.monthlyTurnover),
      rebate: `+${formatCount(l.benefits?.rebateBonus ?? 0, ctx.language)}%`,
      // What the ladder's card lists: the benefits a rank actually gives.
      has: {
        rebate: (l.benefits?.rebateBonus ?? 0) > 0,
        birthday: (l.benefits?.birthdayBonus ?? 0) > 0,
        upgrade: (l.benefits?.upgradeBonus ?? 0) > 0,
      },
      withdrawLimit: money(l.benefits?.dailyWithdrawalLimit ?? 0),
      withdrawTimes: formatCount(l.benefits?.dailyWithdrawalTimes ?? 0, ctx.language),
      withdrawTimesCount: l.benefits?.dailyWithdrawalTimes ?? 0,
      birthday: money(l.benefits?.birthdayBonus ?? 0),
      upgrade: money(l.benefits?.upgradeBonus ?? 0),
      vipService: l.benefits?.vipService ?? customerServiceType(l.rankLevel) === "VIP",
    })),
    meta: await pageMeta(request, "page.vip"),
  };
}
