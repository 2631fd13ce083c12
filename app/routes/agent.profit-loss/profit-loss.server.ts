import { readFailed, requireAgentPage } from "~/accounts/guards.server";
import { teamReportQuery } from "~/agent/reports.server";
import { pageMeta } from "~/i18n/t.server";
import { moneyFormat, signed } from "~/money/format.server";
import { RECORDS_PAGE_SIZE } from "~/money/records.server";
import { rowKey } from "~/gateway/wire.server";

// User profit and loss (palStatementsAgentCopy): per team account with activity in the period,
// deposits, withdrawals, valid bets, wins, bonuses and the player's result; the team's totals.
export async function profitLossLoader(request: Request) {
  const ctx = await requireAgentPage(request, "palStatementsAgentCopy");
  const { range, page, account } = teamReportQuery(request);
  const [answer, money] = await Promise.all([
    ctx.gateway.agent
      .teamProfitLoss({ pageNo: page, pageSize: RECORDS_PAGE_SIZE, dateFrom: range.from, dateTo: range.to, account: account || undefined })
      .catch(readFailed(request)),
    moneyFormat(ctx),
  ]);
  const figures = (r: {
    depositAmount: number;
    withdrawAmount: number;
    validBet: number;
    win: number;
    bonus: number;
    profitLoss: number;
  }) => ({
    deposit: money(r.depositAmount),
    withdraw: money(r.withdrawAmount),
    validBet: money(r.validBet),
    win: money(r.win),
    bonus: money(r.bonus),
    profitLoss: signed(money)(r.profitLoss),
    lost: r.profitLoss < 0,
  });
  return {
    range,
    page,
    account,
    totalPages: answer.totalPages,
    summary: answer.summary ? figures(answer.summary) : null,
    rows: answer.list.map((r, i) => ({
      id: r.customerId ?? rowKey(r, i, ["account"]),
      account: r.account ?? "",
      level: r.level,
      ...figures(r),
    })),
    meta: await pageMeta(request, "agent.profitLoss"),
  };
}
