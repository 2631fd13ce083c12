import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { AccountFilter, rangeParams } from "~/agent/filters";
import { DateFilter, Pager } from "~/components/records";
import { profitLossLoader } from "./profit-loss.server";

export const loader = ({ request }: LoaderFunctionArgs) => profitLossLoader(request);

export const meta: MetaFunction<typeof loader> = ({ data }) => (data ? [{ title: data.meta.title }] : []);

const FIGURES = ["deposit", "withdraw", "validBet", "win", "bonus"] as const;

export default function TeamProfitLoss() {
  const d = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const extra: Record<string, string> = d.account ? { account: d.account } : {};
  return (
    <section className="mt-4 space-y-3">
      <h2 className="text-xl font-bold">{t("agent.profitLoss")}</h2>
      <DateFilter range={d.range} extra={extra} />
      <AccountFilter account={d.account} keep={rangeParams(d.range)} />
      {d.summary ? (
        <dl className="grid grid-cols-3 gap-2 rounded-xl bg-panel-2 p-3 text-xs" data-testid="team-pl-summary">
          {FIGURES.map((f) => (
            <div key={f}>
              <dt className="text-ink-dim">{t(`agent.reports.${f}`)}</dt>
              <dd className="font-semibold">{d.summary![f]}</dd>
            </div>
          ))}
          <div>
            <dt className="text-ink-dim">{t("agent.reports.profitLoss")}</dt>
            <dd className={`font-bold ${d.summary.lost ? "text-bad" : "text-ok"}`}>{d.summary.profitLoss}</dd>
          </div>
        </dl>
      ) : null}
      {d.rows.length === 0 ? <p className="text-ink-dim">{t("records.none")}</p> : null}
      <ul className="divide-y divide-white/10 rounded-xl bg-panel text-sm" data-testid="team-pl">
        {d.rows.map((r) => (
          <li key={r.id} className="px-3 py-2">
            <p className="flex justify-between gap-2">
              <span className="truncate font-semibold">
                {r.account} <span className="font-normal text-ink-dim">· {t("agent.teamPage.levelN", { level: r.level })}</span>
              </span>
              <span className={`whitespace-nowrap font-semibold ${r.lost ? "text-bad" : "text-ok"}`}>{r.profitLoss}</span>
            </p>
            <p className="flex flex-wrap gap-x-3 text-xs text-ink-dim">
              {FIGURES.map((f) => (
                <span key={f}>
                  {t(`agent.reports.${f}`)} {r[f]}
                </span>
              ))}
            </p>
          </li>
        ))}
      </ul>
      <Pager page={d.page} totalPages={d.totalPages} />
    </section>
  );
}
