import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Figure, WithFigures } from "~/components/figure";
import { useTranslation } from "~/i18n/react";
import { readFailed, requireAgentPage } from "~/accounts/guards.server";
import { CodeChips, rangeParams } from "~/agent/filters";
import { DateFilter, Pager } from "~/components/records";
import { pageMeta } from "~/i18n/t.server";
import { moneyFormat } from "~/money/format.server";
import { periodFormatter } from "~/i18n/format.server";
import { RECORDS_PAGE_SIZE, recordsQuery, timeFormatter } from "~/money/records.server";
import { rowKey } from "~/gateway/wire.server";

// My income (agentRevenueReport): commission, dividend and salary paid to the agent, by period and
// kind, with the totals of each kind.
export const INCOME_TYPES = ["COMMISSION", "DIVIDEND", "DAILY_SALARY", "HOURLY_SALARY", "REALTIME_SALARY"] as const;
const SUMMARY = [
  ["commission", "COMMISSION"], ["dividend", "DIVIDEND"], ["dailySalary", "DAILY_SALARY"], ["hourlySalary", "HOURLY_SALARY"], ["realtimeSalary", "REALTIME_SALARY"],
] as const;

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireAgentPage(request, "agentRevenueReport");
  const { range, page, params } = recordsQuery(request);
  const raw = params.get("type") ?? "";
  const incomeType = (INCOME_TYPES as readonly string[]).includes(raw) ? raw : "ALL";
  const [answer, money] = await Promise.all([
    ctx.gateway.agent.income({ pageNo: page, pageSize: RECORDS_PAGE_SIZE, dateFrom: range.from, dateTo: range.to, incomeType: incomeType === "ALL" ? undefined : incomeType }).catch(readFailed(request)),
    moneyFormat(ctx),
  ]);
  const when = timeFormatter(ctx.language);
  const period = periodFormatter(ctx.language);
  const s = answer.summary;
  return {
    range, page, incomeType, totalPages: answer.totalPages,
    summary: s ? { total: money(s.total), kinds: SUMMARY.map(([field, type]) => ({ type, amount: money(s[field]) })) } : null,
    rows: answer.list.map((r, i) => ({
      id: r.id ?? rowKey(r, i, ["time", "incomeType", "amount"]), type: r.incomeType, amount: money(r.amount), time: when(r.time),
      period: period(r.periodStart, r.periodEnd),
    })),
    meta: await pageMeta(request, "agent.income"),
  };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => (data ? [{ title: data.meta.title }] : []);

export default function AgentIncome() {
  const d = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const name = (type: string) => t(`agent.incomeTypes.${type}`, { defaultValue: type });
  return (
    <section className="mt-4 space-y-3">
      <h2 className="text-xl font-bold">{t("agent.income")}</h2>
      <DateFilter range={d.range} extra={d.incomeType !== "ALL" ? { type: d.incomeType } : {}} />
      <CodeChips label={t("agent.reports.incomeType")} param="type" current={d.incomeType} keep={rangeParams(d.range)}
        codes={[{ code: "ALL", name: t("records.all") }, ...INCOME_TYPES.map((code) => ({ code, name: name(code) }))]} />
      {d.summary ? (
        <dl className="grid grid-cols-2 gap-2 rounded-xl bg-panel-2 p-3 text-xs" data-testid="income-summary">
          <div className="col-span-2"><dt className="text-ink-dim">{t("agent.reports.totalIncome")}</dt><dd className="text-lg font-bold text-accent">{d.summary.total}</dd></div>
          {d.summary.kinds.map((k) => <div key={k.type}><dt className="text-ink-dim">{name(k.type)}</dt><dd className="figure font-semibold" dir="ltr">{k.amount}</dd></div>)}
        </dl>
      ) : null}
      {d.rows.length === 0 ? <p className="text-ink-dim">{t("records.none")}</p> : null}
      <ul className="divide-y divide-white/10 rounded-xl bg-panel text-sm" data-testid="income">
        {d.rows.map((r) => (
          <li key={r.id} className="px-3 py-2">
            <p className="flex justify-between gap-2"><span className="truncate font-semibold">{name(r.type)}</span><Figure className="text-ok">+{r.amount}</Figure></p>
            {r.period ? <p className="text-xs">{r.period}</p> : null}
            <p className="text-xs text-ink-dim"><WithFigures t={t} i18nKey="agent.reports.paidAt" figures={{ time: r.time }} /></p>
          </li>
        ))}
      </ul>
      <Pager page={d.page} totalPages={d.totalPages} />
    </section>
  );
}
