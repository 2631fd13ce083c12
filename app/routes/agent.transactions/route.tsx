import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Figure } from "~/components/figure";
import { useTranslation } from "~/i18n/react";
import { AccountFilter, CodeChips, rangeParams } from "~/agent/filters";
import { DateFilter, Pager } from "~/components/records";
import { TX_TYPES } from "~/domain/report-filters";
import { transactionsLoader } from "./transactions.server";

export const loader = ({ request }: LoaderFunctionArgs) => transactionsLoader(request);

export const meta: MetaFunction<typeof loader> = ({ data }) => (data ? [{ title: data.meta.title }] : []);

export default function TeamTransactions() {
  const d = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const keep = { ...rangeParams(d.range), ...(d.account ? { account: d.account } : {}) };
  const name = (type: string, fallback = type) => t(`agent.txTypes.${type}`, { defaultValue: fallback });
  return (
    <section className="mt-4 space-y-3">
      <h2 className="text-xl font-bold">{t("agent.transactions")}</h2>
      <DateFilter
        range={d.range}
        extra={{ ...(d.account ? { account: d.account } : {}), ...(d.txType !== "ALL" ? { txType: d.txType } : {}) }}
      />
      <CodeChips
        label={t("records.txType")}
        param="txType"
        current={d.txType}
        keep={keep}
        codes={[{ code: "ALL", name: t("records.all") }, ...TX_TYPES.map((code) => ({ code, name: name(code) }))]}
      />
      <AccountFilter account={d.account} keep={{ ...rangeParams(d.range), ...(d.txType !== "ALL" ? { txType: d.txType } : {}) }} />
      {d.rows.length === 0 ? <p className="text-ink-dim">{t("records.none")}</p> : null}
      <ul className="divide-y divide-white/10 rounded-xl bg-panel text-sm" data-testid="team-transactions">
        {d.rows.map((r) => (
          <li key={r.id} className="px-3 py-2">
            <p className="flex justify-between gap-2">
              <span className="truncate font-semibold">
                {r.account} · {name(r.type, r.typeName)}
              </span>
              <Figure className={r.out ? "text-bad" : "text-ok"}>{r.amount}</Figure>
            </p>
            <p className="flex justify-between gap-2 text-xs text-ink-dim">
              <span>{r.status ? t(`agent.txStatus.${r.status}`, { defaultValue: r.status }) : ""}</span>
              <Figure className="shrink-0">{r.time}</Figure>
            </p>
          </li>
        ))}
      </ul>
      <Pager page={d.page} totalPages={d.totalPages} />
    </section>
  );
}
