import { readFailed, requireAgentPage } from "~/accounts/guards.server";
import { teamReportQuery } from "~/agent/reports.server";
import { pageMeta } from "~/i18n/t.server";
import { moneyFormat, signed } from "~/money/format.server";
import { RECORDS_PAGE_SIZE, timeFormatter } from "~/money/records.server";
import { rowKey } from "~/gateway/wire.server";
import { TX_TYPES } from "~/domain/report-filters";

// Transaction details (agentDownlineTransactionDetailsCopy): the team's deposits, withdrawals and
// transfers between upline and downline, by type, member and date.

export async function transactionsLoader(request: Request) {
  const ctx = await requireAgentPage(request, "agentDownlineTransactionDetailsCopy");
  const { range, page, params, account } = teamReportQuery(request);
  const raw = params.get("txType") ?? "";
  const txType = (TX_TYPES as readonly string[]).includes(raw) ? raw : "ALL";
  const [answer, money] = await Promise.all([
    ctx.gateway.agent
      .teamTransactions({
        pageNo: page,
        pageSize: RECORDS_PAGE_SIZE,
        dateFrom: range.from,
        dateTo: range.to,
        account: account || undefined,
        txType: txType === "ALL" ? undefined : txType,
      })
      .catch(readFailed(request)),
    moneyFormat(ctx),
  ]);
  const when = timeFormatter(ctx.language);
  return {
    range,
    page,
    account,
    txType,
    totalPages: answer.totalPages,
    rows: answer.list.map((r, i) => ({
      id: r.id ?? rowKey(r, i, ["time", "account", "txType", "amount"]),
      account: r.account ?? "",
      type: r.txType,
      typeName: r.txTypeName ?? "",
      amount: signed(money)(r.amount),
      out: r.amount < 0,
      status: r.status ?? "",
      time: when(r.time),
    })),
    meta: await pageMeta(request, "agent.transactions"),
  };
}
