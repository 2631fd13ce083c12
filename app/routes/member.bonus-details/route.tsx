import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Figure } from "~/components/figure";
import { useTranslation } from "~/i18n/react";
import { DateFilter, Pager } from "~/components/records";
import { bonusDetailsLoader } from "./bonus-details.server";

export const loader = ({ request }: LoaderFunctionArgs) => bonusDetailsLoader(request);

export const meta: MetaFunction<typeof loader> = ({ data: d }) => (d ? [{ title: d.meta.title }] : []);

export default function BonusDetails() {
  const d = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <section className="mt-4 space-y-3">
      <h1 className="text-xl font-bold">{t("member.bonusDetails")}</h1>
      <DateFilter range={d.range} />
      <p className="rounded-xl bg-panel px-3 py-2 text-sm">
        {t("member.profit.bonusTotal")} <strong className="text-ok">{d.total}</strong>
      </p>
      {d.rows.length === 0 ? <p className="text-ink-dim">{t("records.none")}</p> : null}
      <ul className="divide-y divide-white/10 rounded-xl bg-panel text-sm" data-testid="bonuses">
        {d.rows.map((b) => (
          <li key={b.id} className="px-3 py-2">
            <p className="flex justify-between gap-2">
              <span className="truncate font-semibold" dir="auto">
                {b.title}
              </span>
              <Figure className="text-ok">+{b.amount}</Figure>
            </p>
            <p className="flex justify-between gap-2 text-xs text-ink-dim">
              <span className="min-w-0" dir="auto">
                {b.type}
              </span>
              <Figure className="shrink-0">{b.time}</Figure>
            </p>
          </li>
        ))}
      </ul>
      <Pager page={d.page} totalPages={d.totalPages} />
    </section>
  );
}
