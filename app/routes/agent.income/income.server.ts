import { readFailed, requireAgentPage } from "~/accounts/guards.server";
import { pageMeta } from "~/i18n/t.server";
import { moneyFormat } from "~/money/format.server";
import { periodFormatter } from "~/i18n/format.server";
import { RECORDS_PAGE_SIZE, recordsQuery, timeFormatter } from "~/money/records.server";
import { rowKey } from "~/gateway/wire.server";
import { INCOME_TYPES } from "~/domain/report-filters";

// My income (agentRevenueReport): commission, dividend and salary paid to the agent, by period and
// kind, with the totals of each kind.
const SUMMARY = [
  ["commission", "COMMISSION"],
  ["dividend", "DIVIDEND"],
  ["dailySalary", "DAILY_SALARY"],
  ["hourlySalary", "HOURLY_SALARY"],
  ["realtimeSalary", "REALTIME_SALARY"],
] as const;

export async function incomeLoader(request: Request) {
  const ctx = await requireAgentPage(request, "agentRevenueReport");
  const { range, page, params } = recordsQuery(request);
  const raw = params.get("type") ?? "";
  const incomeType = (INCOME_TYPES as readonly string[]).includes(raw) ? raw : "ALL";
  const [answer, money] = await Promise.all([
    ctx.gateway.agent
      .income({
        pageNo: page,
        pageSize: RECORDS_PAGE_SIZE,
        dateFrom: range.from,
        dateTo: range.to,
        incomeType: incomeType === "ALL" ? undefined : incomeType,
      })
      .catch(readFailed(request)),
    moneyFormat(ctx),
  ]);
  const when = timeFormatter(ctx.language);
  const period = periodFormatter(ctx.language);
  const s = answer.summary;
  return {
    range,
    page,
    incomeType,
    totalPages: answer.totalPages,
    summary: s ? { total: money(s.total), kinds: SUMMARY.map(([field, type]) => ({ type, amount: money(s[field]) })) } : null,
    rows: answer.list.map((r, i) => ({
      id: r.id ?? rowKey(r, i, ["time", "incomeType", "amount"]),
      type: r.incomeType,
      amount: money(r.amount),
      time: when(r.time),
      period: period(r.periodStart, r.periodEnd),
    })),
    meta: await pageMeta(request, "agent.income"),
  };
}
