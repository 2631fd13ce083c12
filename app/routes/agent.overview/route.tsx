import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { OVERVIEW_PERIODS } from "~/domain/report-filters";
import { overviewLoader } from "./overview.server";

export const loader = ({ request }: LoaderFunctionArgs) => overviewLoader(request);

export const meta: MetaFunction<typeof loader> = ({ data }) => (data ? [{ title: data.meta.title }] : []);

const ROWS = ["newMembers", "activeMembers", "deposits", "withdrawals", "validBet", "profitLoss"] as const;

export default function AgentOverview() {
  const d = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <section className="mt-4 space-y-3">
      <h2 className="text-xl font-bold">{t("agent.overview")}</h2>
      <dl className="grid grid-cols-2 gap-2 text-sm" data-testid="agent-summary">
        <div className="rounded-xl bg-panel p-3">
          <dt className="text-ink-dim">{t("agent.ov.balance")}</dt>
          <dd className="text-lg font-bold text-accent">{d.balance}</dd>
        </div>
        <div className="rounded-xl bg-panel p-3">
          <dt className="text-ink-dim">{t("agent.ov.teamSize")}</dt>
          <dd className="text-lg font-bold">{d.team.size}</dd>
        </div>
        <div className="rounded-xl bg-panel p-3">
          <dt className="text-ink-dim">{t("agent.ov.direct")}</dt>
          <dd className="font-bold">{d.team.direct}</dd>
        </div>
        <div className="rounded-xl bg-panel p-3">
          <dt className="text-ink-dim">{t("agent.ov.subAgents")}</dt>
          <dd className="font-bold">{d.team.subAgents}</dd>
        </div>
      </dl>
      <ul className="flex flex-wrap gap-2 text-sm" aria-label={t("agent.ov.period")}>
        {OVERVIEW_PERIODS.map((p) => (
          <li key={p}>
            <Link
              to={`?period=${p}`}
              aria-current={p === d.period ? "page" : undefined}
              className={`chip ${p === d.period ? "bg-accent font-bold text-night" : ""}`}
            >
              {t(`agent.ov.periods.${p}`)}
            </Link>
          </li>
        ))}
      </ul>
      <dl className="divide-y divide-white/10 rounded-xl bg-panel text-sm" data-testid="agent-periods">
        {ROWS.map((row) => (
          <div key={row} className="flex items-baseline justify-between gap-3 px-3 py-2">
            <dt className="text-ink-dim">{t(`agent.ov.${row}`)}</dt>
            <dd className={`text-end font-semibold ${row === "profitLoss" ? (d.figures.lost ? "text-bad" : "text-ok") : ""}`}>
              {d.figures[row]}
            </dd>
          </div>
        ))}
      </dl>
      <p className="text-xs text-ink-dim">{t("agent.ov.profitLossNote")}</p>
    </section>
  );
}
