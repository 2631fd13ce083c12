import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Figure, WithFigures } from "~/components/figure";
import { useTranslation } from "~/i18n/react";
import { readFailed, requireAgentPage } from "~/accounts/guards.server";
import { AccountFilter, rangeParams } from "~/agent/filters";
import { teamReportQuery } from "~/agent/reports.server";
import { DateFilter, Pager } from "~/components/records";
import { pageMeta } from "~/i18n/t.server";
import { moneyFormat, signed } from "~/money/format.server";
import { RECORDS_PAGE_SIZE, timeFormatter } from "~/money/records.server";
import { rowKey } from "~/gateway/wire.server";

// Team betting (personalHistoryCopy): the real bets of the agent's team, by member and date, with
// the period's totals.
export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireAgentPage(request, "personalHistoryCopy");
  const { range, page, account } = teamReportQuery(request);
  const [answer, money] = await Promise.all([
    ctx.gateway.agent.teamBets({ pageNo: page, pageSize: RECORDS_PAGE_SIZE, dateFrom: range.from, dateTo: range.to, account: account || undefined }).catch(readFailed(request)),
    moneyFormat(ctx),
  ]);
  const when = timeFormatter(ctx.language);
  const s = answer.summary;
  return {
    range, page, account, totalPages: answer.totalPages,
    summary: s ? { count: s.count, stake: money(s.stake), win: money(s.win), profit: signed(money)(s.profit), lost: s.profit < 0 } : null,
    rows: answer.list.map((b, i) => {
      const profit = b.profit ?? b.win - b.stake;
      return { id: b.betId ?? rowKey(b, i, ["time", "account", "gameName", "stake"]), account: b.account ?? "", game: b.gameName ?? "", vendor: b.vendor ?? "", stake: money(b.stake), win: money(b.win), profit: signed(money)(profit), lost: profit < 0, time: when(b.time) };
    }),
    meta: await pageMeta(request, "agent.teamBetting"),
  };
}

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
          <WithFigures t={t} i18nKey="records.betSummary" values={{ count: d.summary.count }} figures={{ stake: d.summary.stake, win: d.summary.win }} />{" "}
          <span className={d.summary.lost ? "text-bad" : "text-ok"}>{d.summary.profit}</span>
        </p>
      ) : null}
      {d.rows.length === 0 ? <p className="text-ink-dim">{t("records.none")}</p> : null}
      <ul className="divide-y divide-white/10 rounded-xl bg-panel text-sm" data-testid="team-bets">
        {d.rows.map((r) => (
          <li key={r.id} className="px-3 py-2">
            <p className="flex justify-between gap-2"><span className="truncate font-semibold"><bdi>{r.account}</bdi> · <bdi>{r.game}</bdi></span><Figure className={r.lost ? "text-bad" : "text-ok"}>{r.profit}</Figure></p>
            <p className="flex justify-between gap-2 text-xs text-ink-dim"><span className="truncate"><bdi>{r.vendor}</bdi> · <WithFigures t={t} i18nKey="records.stakeWin" figures={{ stake: r.stake, win: r.win }} /></span><Figure className="shrink-0">{r.time}</Figure></p>
          </li>
        ))}
      </ul>
      <Pager page={d.page} totalPages={d.totalPages} />
    </section>
  );
}
