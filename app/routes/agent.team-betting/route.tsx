import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Figure, WithFigures } from "~/components/figure";
import { useTranslation } from "~/i18n/react";
import { AccountFilter, rangeParams } from "~/agent/filters";
import { DateFilter, Pager } from "~/components/records";
import { teamBettingLoader } from "./team-betting.server";

export const loader = ({ request }: LoaderFunctionArgs) => teamBettingLoader(request);

export const meta: MetaFunction<typeof loader> = ({ data }) => (data ? [{ title: data.meta.title }] : []);

export default function TeamBetting() {
  const d = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const extra: Record<string, string> = d.account ? { account: d.account } : {};
  return (
    <section className="mt-4 space-y-3">
      <h2 className="text-xl font-bold">{t("agent.teamBetting")}</h2>
      <DateFilter range={d.range} extra={extra} />
      <AccountFilter account={d.account} keep={rangeParams(d.range)} />
      {d.summary ? (
        <p className="rounded-xl bg-panel-2 px-3 py-2 text-sm" data-testid="team-bet-summary">
          <WithFigures
            t={t}
            i18nKey="records.betSummary"
            values={{ count: d.summary.count }}
            figures={{ stake: d.summary.stake, win: d.summary.win }}
          />{" "}
          <span className={d.summary.lost ? "text-bad" : "text-ok"}>{d.summary.profit}</span>
        </p>
      ) : null}
      {d.rows.length === 0 ? <p className="text-ink-dim">{t("records.none")}</p> : null}
      <ul className="divide-y divide-white/10 rounded-xl bg-panel text-sm" data-testid="team-bets">
        {d.rows.map((r) => (
          <li key={r.id} className="px-3 py-2">
            <p className="flex justify-between gap-2">
              <span className="truncate font-semibold">
                <bdi>{r.account}</bdi> · <bdi>{r.game}</bdi>
              </span>
              <Figure className={r.lost ? "text-bad" : "text-ok"}>{r.profit}</Figure>
            </p>
            <p className="flex justify-between gap-2 text-xs text-ink-dim">
              <span className="truncate">
                <bdi>{r.vendor}</bdi> · <WithFigures t={t} i18nKey="records.stakeWin" figures={{ stake: r.stake, win: r.win }} />
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
