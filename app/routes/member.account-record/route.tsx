import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Figure, WithFigures } from "~/components/figure";
import { useTranslation } from "~/i18n/react";
import { DateFilter, Pager } from "~/components/records";
import { accountRecordLoader } from "./account-record.server";

export const loader = ({ request }: LoaderFunctionArgs) => accountRecordLoader(request);

export const meta: MetaFunction<typeof loader> = ({ data: d }) => (d ? [{ title: d.meta.title }] : []);

export default function AccountRecord() {
  const d = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const keep = { range: d.range.preset, ...(d.range.preset === "custom" ? { from: d.range.from, to: d.range.to } : {}) };
  return (
    <section className="mt-4 space-y-3">
      <h1 className="text-xl font-bold">{t("member.accountRecord")}</h1>
      <DateFilter range={d.range} extra={d.txType !== "ALL" ? { txType: d.txType } : {}} />
      <ul className="flex flex-wrap gap-1 text-xs" aria-label={t("records.txType")}>
        {[{ code: "ALL", name: t("records.all") }, ...d.types].map((x) => (
          <li key={x.code}>
            <Link
              to={`?${new URLSearchParams({ ...keep, ...(x.code === "ALL" ? {} : { txType: x.code }) })}`}
              aria-current={x.code === d.txType ? "page" : undefined}
              className={`inline-flex rounded-full border px-2.5 py-1 ${x.code === d.txType ? "border-accent text-accent" : "border-white/20"}`}
            >
              {x.name}
            </Link>
          </li>
        ))}
      </ul>
      {d.rows.length === 0 ? <p className="text-ink-dim">{t("records.none")}</p> : null}
      <ul className="divide-y divide-white/10 rounded-xl bg-panel text-sm" data-testid="transactions">
        {d.rows.map((r) => (
          <li key={r.id} className="px-3 py-2">
            <p className="flex justify-between gap-2">
              <span className="truncate font-semibold" dir="auto">
                {r.type}
              </span>
              <Figure className={r.amount >= 0 ? "text-ok" : "text-bad"}>{r.amountText}</Figure>
            </p>
            <p className="flex justify-between gap-2 text-xs text-ink-dim">
              <span className="truncate">
                <bdi>{r.wallet}</bdi>
                {r.balance ? (
                  <>
                    {" "}
                    · <WithFigures t={t} i18nKey="records.balanceAfter" figures={{ balance: r.balance }} />
                  </>
                ) : null}
              </span>
              <Figure className="shrink-0">{r.time}</Figure>
            </p>
          </li>
        ))}
      </ul>
      <Pager page={d.page} totalPages={d.totalPages} />
    </section>
  );
}
