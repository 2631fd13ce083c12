import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Figure, WithFigures } from "~/components/figure";
import { useTranslation } from "~/i18n/react";
import { DateFilter, Pager } from "~/components/records";
import { BET_GAME_TYPES } from "~/domain/report-filters";
import { bettingRecordLoader } from "./betting-record.server";

export const loader = ({ request }: LoaderFunctionArgs) => bettingRecordLoader(request);

export const meta: MetaFunction<typeof loader> = ({ data: d }) => (d ? [{ title: d.meta.title }] : []);

export default function BettingRecord() {
  const d = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <section className="mt-4 space-y-3">
      <h1 className="text-xl font-bold">{t("member.bettingRecord")}</h1>
      <DateFilter range={d.range} extra={d.gameType !== "ALL" ? { gameType: d.gameType } : {}} />
      <ul className="flex flex-wrap gap-1 text-xs" aria-label={t("records.gameType")}>
        {BET_GAME_TYPES.map((g) => (
          <li key={g}>
            <Link
              to={`?${new URLSearchParams({ range: d.range.preset, ...(d.range.preset === "custom" ? { from: d.range.from, to: d.range.to } : {}), ...(g === "ALL" ? {} : { gameType: g }) })}`}
              aria-current={g === d.gameType ? "page" : undefined}
              className={`inline-flex rounded-full border px-2.5 py-1 ${g === d.gameType ? "border-accent text-accent" : "border-white/20"}`}
            >
              {g === "ALL" ? t("records.all") : t(`gameType.${g}`)}
            </Link>
          </li>
        ))}
      </ul>
      {d.summary ? (
        <p className="rounded-xl bg-panel px-3 py-2 text-sm" data-testid="bets-summary">
          <WithFigures
            t={t}
            i18nKey="records.betSummary"
            values={{ count: d.summary.count }}
            figures={{ stake: d.summary.stake, win: d.summary.win }}
          />{" "}
          <strong className={`figure ${d.summary.profit >= 0 ? "text-ok" : "text-bad"}`} dir="ltr">
            {d.summary.profitText}
          </strong>
        </p>
      ) : null}
      {d.bets.length === 0 ? <p className="text-ink-dim">{t("records.none")}</p> : null}
      <ul className="divide-y divide-white/10 rounded-xl bg-panel text-sm" data-testid="bets">
        {d.bets.map((b) => (
          <li key={b.id} className="px-3 py-2">
            <p className="flex justify-between gap-2">
              <span className="truncate font-semibold" dir="auto">
                {b.game}
              </span>
              <Figure className={b.profit >= 0 ? "text-ok" : "text-bad"}>{b.profitText}</Figure>
            </p>
            <p className="flex justify-between gap-2 text-xs text-ink-dim">
              <span className="min-w-0">
                <bdi>{b.vendor}</bdi> · <WithFigures t={t} i18nKey="records.stakeWin" figures={{ stake: b.stake, win: b.win }} />
              </span>
              <Figure className="shrink-0" testId="bet-time">
                {b.time}
              </Figure>
            </p>
          </li>
        ))}
      </ul>
      <Pager page={d.page} totalPages={d.totalPages} />
    </section>
  );
}
