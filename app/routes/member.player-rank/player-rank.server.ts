import { moneyFormat } from "~/money/format.server";
import { readFailed, requireMember } from "~/accounts/guards.server";
import { customerServiceType } from "~/domain/account";
import { pageMeta } from "~/i18n/t.server";

// Player rank / VIP progress: the rank, the next one and this month's turnover towards it.
export async function playerRankLoader(request: Request) {
  const ctx = await requireMember(request);
  const money = await moneyFormat(ctx);
  const [rank, info] = await Promise.all([
    ctx.gateway.records.rank().catch(readFailed(request)),
    // The member's club label (member info clubLabel.labelName): shown when there is one.
    ctx.gateway.member.info().catch(() => null),
  ]);
  const turnover = rank.monthlyTurnover;
  const level = rank.rankLevel ?? ctx.session.get("rankLevel");
  return {
    name: rank.playerRankName ?? "",
    club: info?.clubLabel?.labelName ?? "",
    level: rank.rankLevel ?? 0,
    next: rank.nextRankName ?? null,
    actual: money(turnover?.actual ?? 0),
    expected: money(turnover?.expected ?? 0),
    progress: Math.max(
      0,
      Math.min(100, rank.progress ?? (turnover && turnover.expected > 0 ? (turnover.actual / turnover.expected) * 100 : 0)),
    ),
    vipService: customerServiceType(level) === "VIP",
    // /service picks the line of this rank (VIP above level 4, else live chat), as the side menu.
    serviceUrl: ctx.status.customerService.length > 0 ? "/service" : null,
    meta: await pageMeta(request, "member.playerRank"),
  };
}
