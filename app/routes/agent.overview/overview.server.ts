import { readFailed, requireAgentPage } from "~/accounts/guards.server";
import { formatCount } from "~/i18n/format.server";
import { pageMeta } from "~/i18n/t.server";
import { moneyFormat, signed } from "~/money/format.server";
import { OVERVIEW_PERIODS } from "~/domain/report-filters";

// Team overview (agentTeamOverview): the team's size and, for today, yesterday, this week and this
// month, new and active members, deposits, withdrawals, valid bets and the players' profit and
// loss; the agent's own balance. One period at a time (?period=, today first), so the figures fit a
// phone's width without a table scrolling sideways.
type PeriodName = (typeof OVERVIEW_PERIODS)[number];

export async function overviewLoader(request: Request) {
  const ctx = await requireAgentPage(request, "agentTeamOverview");
  const asked = new URL(request.url).searchParams.get("period");
  const period: PeriodName = OVERVIEW_PERIODS.find((p) => p === asked) ?? "today";
  const [o, money] = await Promise.all([ctx.gateway.agent.overview().catch(readFailed(request)), moneyFormat(ctx)]);
  const n = (v: number) => formatCount(v, ctx.language);
  const p = o.periods?.find((x) => x.period === period);
  return {
    balance: money(o.balance),
    team: { size: n(o.teamSize), direct: n(o.directMembers), subAgents: n(o.subAgents) },
    period,
    figures: {
      newMembers: n(p?.newMembers ?? 0),
      activeMembers: n(p?.activeMembers ?? 0),
      deposits: `${money(p?.depositAmount ?? 0)} (${n(p?.depositCount ?? 0)})`,
      withdrawals: `${money(p?.withdrawAmount ?? 0)} (${n(p?.withdrawCount ?? 0)})`,
      validBet: money(p?.validBet ?? 0),
      profitLoss: signed(money)(p?.profitLoss ?? 0),
      lost: (p?.profitLoss ?? 0) < 0,
    },
    meta: await pageMeta(request, "agent.overview"),
  };
}
