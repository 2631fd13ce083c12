import { moneyFormat, signed } from "~/money/format.server";
import { readFailed, requireMember } from "~/accounts/guards.server";
import { pageMeta } from "~/i18n/t.server";
import { recordsQuery } from "~/money/records.server";

// Personal loss (personalProfit): valid bets, wins and the result per game type in a date range.
export async function personalProfitLoader(request: Request) {
  const ctx = await requireMember(request);
  const money = await moneyFormat(ctx);
  const { range } = recordsQuery(request);
  const answer = await ctx.gateway.records.profit({ dateFrom: range.from, dateTo: range.to }).catch(readFailed(request));
  const row = (r: { gameType?: string | null; gameTypeName?: string | null; validBet?: number; win?: number; profit?: number }) => ({
    name: r.gameTypeName ?? r.gameType ?? "",
    bet: money(r.validBet ?? 0),
    win: money(r.win ?? 0),
    profit: r.profit ?? 0,
    profitText: signed(money)(r.profit ?? 0),
  });
  return {
    range,
    rows: (answer.list ?? []).map(row),
    total: answer.total ? row(answer.total) : null,
    meta: await pageMeta(request, "member.personalProfit"),
  };
}
