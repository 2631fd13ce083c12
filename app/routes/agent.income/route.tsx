import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Figure, WithFigures } from "~/components/figure";
import { useTranslation } from "~/i18n/react";
import { CodeChips, rangeParams } from "~/agent/filters";
import { DateFilter, Pager } from "~/components/records";
import { INCOME_TYPES } from "~/domain/report-filters";
import { incomeLoader } from "./income.server";

export const loader = ({ request }: LoaderFunctionArgs) => incomeLoader(request);

export const meta: MetaFunction<typeof loader> = ({ data }) => (data ? [{ title: data.meta.title }] : []);

export default function AgentIncome() {
  const d = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const name = (type: string) => t(`agent.incomeTypes.${type}`, { defaultValue: type });
  return (
    <section className="mt-4 space-y-3">
      <h2 className="text-xl font-bold">{t("agent.income")}</h2>
      <DateFilter range={d.range} extra={d.incomeType !== "ALL" ? { type: d.incomeType } : {}} />
      <CodeChips
        label={t("agent.reports.incomeType")}
        param="type"
        current={d.incomeType}
        keep={rangeParams(d.range)}
        codes={[{ code: "ALL", name: t("records.all") }, ...INCOME_TYPES.map((code) => ({ code, name: name(code) }))]}
      />
      {d.summary ? (
        <dl className="grid grid-cols-2 gap-2 rounded-xl bg-panel-2 p-3 text-xs" data-testid="income-summary">
          <div className="col-span-2">
            <dt className="text-ink-dim">{t("agent.reports.totalIncome")}</dt>
            <dd className="text-lg font-bold text-accent">{d.summary.total}</dd>
          </div>
          {d.summary.kinds.map((k) => (
            <div key={k.type}>
              <dt className="text-ink-dim">{name(k.type)}</dt>
              <dd className="figure font-semibold" dir="ltr">
                {k.amount}
              </dd>
            </div>
          ))}
        </dl>
      ) : null}
      {d.rows.length === 0 ? <p className="text-ink-dim">{t("records.none")}</p> : null}
      <ul className="divide-y divide-white/10 rounded-xl bg-panel text-sm" data-testid="income">
        {d.rows.map((r) => (
          <li key={r.id} className="px-3 py-2">
            <p className="flex justify-between gap-2">
              <span className="truncate font-semibold">{name(r.type)}</span>
              <Figure className="text-ok">+{r.amount}</Figure>
            </p>
            {r.period ? <p className="text-xs">{r.period}</p> : null}
            <p className="text-xs text-ink-dim">
              <WithFigures t={t} i18nKey="agent.reports.paidAt" figures={{ time: r.time }} />
            </p>
          </li>
        ))}
      </ul>
      <Pager page={d.page} totalPages={d.totalPages} />
    </section>
  );
}
