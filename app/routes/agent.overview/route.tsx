import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { readFailed, requireAgentPage } from "~/accounts/guards.server";
import { formatCount } from "~/i18n/format.server";
import { pageMeta } from "~/i18n/t.server";
import { moneyFormat, signed } from "~/money/format.server";

// Team overview (agentTeamOverview): the team's size and, for today, yesterday, this week and this
// month, new and active members, deposits, withdrawals, valid bets and the players' profit and
// loss; the agent's own balance. One period at a time (?period=, today first), so the figures fit a
// phone's width without a table scrolling sideways.
const PERIODS = ["today", "yesterday", "week", "month"] as const;
type PeriodName = (typeof PERIODS)[number];

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireAgentPage(request, "agentTeamOverview");
  const asked = new URL(request.url).searchParams.get("period");
  const period: PeriodName = PERIODS.find((p) => p === asked) ?? "today";
  const [o, money] = await Promise.all([ctx.gateway.agent.overview().catch(readFailed(request)), moneyFormat(ctx)]);
  const n = (v: number) => formatCount(v, ctx.language);
  const p = o.periods?.find((x) => x.period === period);
  return {
    balance: money(o.balance),
    team: { size: n(o.teamSize), direct: n(o.directMembers), subAgents: n(o.subAgents) },
    period,
    figures: {
      newMembers: n(p?.newMembers ?? 0),
      activeMembers: n(p?.activeMembers ?? 0),
      deposits: `${money(p?.depositAmount ?? 0)} (${n(p?.depositCount ?? 0)})`,
      withdrawals: `${money(p?.withdrawAmount ?? 0)} (${n(p?.withdrawCount ?? 0)})`,
      validBet: money(p?.validBet ?? 0),
      profitLoss: signed(money)(p?.profitLoss ?? 0),
      lost: (p?.profitLoss ?? 0) < 0,
    },
    meta: await pageMeta(request, "agent.overview"),
  };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => (data ? [{ title: data.meta.title }] : []);

const ROWS = ["newMembers", "activeMembers", "deposits", "withdrawals", "validBet", "profitLoss"] as const;

export default function AgentOverview() {
  const d = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <section className="mt-4 space-y-3">
      <h2 className="text-xl font-bold">{t("agent.overview")}</h2>
      <dl className="grid grid-cols-2 gap-2 text-sm" data-testid="agent-summary">
        <div className="rounded-xl bg-panel p-3"><dt className="text-ink-dim">{t("agent.ov.balance")}</dt><dd className="text-lg font-bold text-accent">{d.balance}</dd></div>
        <div className="rounded-xl bg-panel p-3"><dt className="text-ink-dim">{t("agent.ov.teamSize")}</dt><dd className="text-lg font-bold">{d.team.size}</dd></div>
        <div className="rounded-xl bg-panel p-3"><dt className="text-ink-dim">{t("agent.ov.direct")}</dt><dd className="font-bold">{d.team.direct}</dd></div>
        <div className="rounded-xl bg-panel p-3"><dt className="text-ink-dim">{t("agent.ov.subAgents")}</dt><dd className="font-bold">{d.team.subAgents}</dd></div>
      </dl>
      <ul className="flex flex-wrap gap-2 text-sm" aria-label={t("agent.ov.period")}>
        {PERIODS.map((p) => (
          <li key={p}>
            <Link to={`?period=${p}`} aria-current={p === d.period ? "page" : undefined} className={`chip ${p === d.period ? "bg-accent font-bold text-night" : ""}`}>
              {t(`agent.ov.periods.${p}`)}
            </Link>
          </li>
        ))}
      </ul>
      <dl className="divide-y divide-white/10 rounded-xl bg-panel text-sm" data-testid="agent-periods">
        {ROWS.map((row) => (
          <div key={row} className="flex items-baseline justify-between gap-3 px-3 py-2">
            <dt className="text-ink-dim">{t(`agent.ov.${row}`)}</dt>
            <dd className={`text-end font-semibold ${row === "profitLoss" ? (d.figures.lost ? "text-bad" : "text-ok") : ""}`}>{d.figures[row]}</dd>
          </div>
        ))}
      </dl>
      <p className="text-xs text-ink-dim">{t("agent.ov.profitLossNote")}</p>
    </section>
  );
}
