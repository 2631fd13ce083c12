import { readFailed, requireAgentPage } from "~/accounts/guards.server";
import { teamReportQuery } from "~/agent/reports.server";
import { pageMeta } from "~/i18n/t.server";
import { moneyFormat, signed } from "~/money/format.server";
import { RECORDS_PAGE_SIZE, timeFormatter } from "~/money/records.server";
import { rowKey } from "~/gateway/wire.server";

// Team betting (personalHistoryCopy): the real bets of the agent's team, by member and date, with
// the period's totals.
export async function teamBettingLoader(request: Request) {
  const ctx = await requireAgentPage(request, "personalHistoryCopy");
  const { range, page, account } = teamReportQuery(request);
  const [answer, money] = await Promise.all([
    ctx.gateway.agent
      .teamBets({ pageNo: page, pageSize: RECORDS_PAGE_SIZE, dateFrom: range.from, dateTo: range.to, account: account || undefined })
      .catch(readFailed(request)),
    moneyFormat(ctx),
  ]);
  const when = timeFormatter(ctx.language);
  const s = answer.summary;
  return {
    range,
    page,
    account,
    totalPages: answer.totalPages,
    summary: s ? { count: s.count, stake: money(s.stake), win: money(s.win), profit: signed(money)(s.profit), lost: s.profit < 0 } : null,
    rows: answer.list.map((b, i) => {
      const profit = b.profit ?? b.win - b.stake;
      return {
        id: b.betId ?? rowKey(b, i, ["time", "account", "gameName", "stake"]),
        account: b.account ?? "",
        game: b.gameName ?? "",
        vendor: b.vendor ?? "",
        stake: money(b.stake),
        win: money(b.win),
        profit: signed(money)(profit),
        lost: profit < 0,
        time: when(b.time),
      };
    }),
    meta: await pageMeta(request, "agent.teamBetting"),
  };
}
