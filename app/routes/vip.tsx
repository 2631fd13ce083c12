import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useLocation } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { blockFailed } from "~/accounts/guards.server";
import { PartUnavailable } from "~/components/records";
import { requestContext } from "~/context.server";
import { customerServiceType } from "~/domain/account";
import { formatCount } from "~/i18n/format.server";
import { pageMeta } from "~/i18n/t.server";
import { moneyFormat } from "~/money/format.server";

// VIP (SPEC point 2, /vip; /vipBonus is the same page): the rank ladder with each rank's monthly
// turnover and benefits (cashback bonus, withdrawal limits, birthday and upgrade bonuses, VIP
// service above rank 4), and a member's own rank and progress; visitors see the ladder and a login
// link (decision 027).
export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requestContext(request);
  const member = Boolean(ctx.session.get("token")) && ctx.session.get("accountType") !== 4;
  const [levels, rank] = await Promise.all([
    ctx.gateway.rewards.vipLevels().catch(() => null),
    // The member's own rank is a block of the ladder's page: it degrades alone (decision 038).
    member ? ctx.gateway.records.rank().catch(blockFailed(request)) : Promise.resolve(null),
  ]);
  const money = await moneyFormat(ctx);
  const level = rank?.rankLevel ?? null;
  const turnover = rank?.monthlyTurnover;
  return {
    unavailable: levels === null,
    rankUnavailable: member && rank === null,
    member,
    mine: rank
      ? {
          name: rank.playerRankName ?? "",
          level: level ?? 0,
          next: rank.nextRankName ?? null,
          actual: money(turnover?.actual ?? 0),
          expected: money(turnover?.expected ?? 0),
          progress: Math.max(0, Math.min(100, rank.progress ?? (turnover && turnover.expected > 0 ? (turnover.actual / turnover.expected) * 100 : 0))),
          vipService: customerServiceType(level) === "VIP",
        }
      : null,
    service: ctx.status.customerService.length > 0,
    ladder: (levels ?? []).map((l) => ({
      level: l.rankLevel,
      name: l.rankName ?? String(l.rankLevel),
      turnover: money(l.monthlyTurnover),
      rebate: `+${formatCount(l.benefits?.rebateBonus ?? 0, ctx.language)}%`,
      withdrawLimit: money(l.benefits?.dailyWithdrawalLimit ?? 0),
      withdrawTimes: formatCount(l.benefits?.dailyWithdrawalTimes ?? 0, ctx.language),
      birthday: money(l.benefits?.birthdayBonus ?? 0),
      upgrade: money(l.benefits?.upgradeBonus ?? 0),
      vipService: l.benefits?.vipService ?? customerServiceType(l.rankLevel) === "VIP",
    })),
    meta: await pageMeta(request, "page.vip"),
  };
}

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data ? [{ title: data.meta.title }, { name: "description", content: data.meta.description }] : [];

export default function Vip() {
  const d = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const location = useLocation();
  return (
    <section className="space-y-3 px-3 py-5">
      <h1 className="text-xl font-bold">{t("page.vip")}</h1>
      {d.mine ? (
        <div className="rounded-xl bg-panel p-4 text-center" data-testid="vip-mine">
          <p className="text-sm text-ink-dim">{t("vip.yourRank")}</p>
          <p className="text-2xl font-bold text-accent" data-testid="rank-name">{d.mine.name}</p>
          <p className="text-sm text-ink-dim">{t("member.rank.level", { level: d.mine.level })}</p>
          {d.mine.next ? (
            <>
              <div className="mt-3 h-3 overflow-hidden rounded-full bg-night" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(d.mine.progress)} aria-label={t("member.rank.progress")}>
                <div className="h-full bg-accent" style={{ width: `${d.mine.progress}%` }} />
              </div>
              <p className="mt-2 text-sm">{t("member.rank.toNext", { actual: d.mine.actual, expected: d.mine.expected, next: d.mine.next })}</p>
            </>
          ) : <p className="mt-3 text-sm">{t("member.rank.top")}</p>}
          {d.service ? (
            <p className="mt-3 text-sm">
              <span className="text-ink-dim">{t(d.mine.vipService ? "member.rank.vipService" : "member.rank.liveChat")}</span>{" "}
              <a href="/service" target="_blank" rel="noopener" data-service-window className="text-accent underline">{t("member.rank.contact")}</a>
            </p>
          ) : null}
        </div>
      ) : !d.member ? (
        <p className="rounded-xl bg-panel p-3 text-sm">
          <Link to={`/login?redirectTo=${encodeURIComponent(location.pathname)}`} className="text-accent underline">{t("vip.logIn")}</Link>
        </p>
      ) : d.rankUnavailable ? <PartUnavailable /> : null}
      {d.unavailable ? <p role="alert" className="rounded-md bg-bad/15 px-3 py-2 text-sm text-bad">{t("error.platformUnavailable")}</p> : null}
      <h2 id="bonus" className="text-lg font-bold">{t("vip.ladder")}</h2>
      <ol className="grid gap-2 sm:grid-cols-2" data-testid="vip-ladder">
        {d.ladder.map((r) => (
          <li key={r.level} className={`rounded-xl bg-panel p-3 text-sm ${d.mine?.level === r.level ? "ring-2 ring-accent" : ""}`} aria-current={d.mine?.level === r.level ? "true" : undefined}>
            <p className="flex items-baseline justify-between gap-2">
              <span className="text-base font-bold">{r.name}</span>
              <span className="text-xs text-ink-dim">{t("member.rank.level", { level: r.level })}</span>
            </p>
            <dl className="mt-2 grid grid-cols-[1fr_auto] gap-x-3 gap-y-1">
              <dt className="text-ink-dim">{t("vip.turnover")}</dt><dd className="text-end" dir="ltr">{r.turnover}</dd>
              <dt className="text-ink-dim">{t("vip.rebate")}</dt><dd className="text-end" dir="ltr">{r.rebate}</dd>
              <dt className="text-ink-dim">{t("vip.withdrawLimit")}</dt><dd className="text-end" dir="ltr">{r.withdrawLimit}</dd>
              <dt className="text-ink-dim">{t("vip.withdrawTimes")}</dt><dd className="text-end">{r.withdrawTimes}</dd>
              <dt className="text-ink-dim">{t("vip.birthday")}</dt><dd className="text-end" dir="ltr">{r.birthday}</dd>
              <dt className="text-ink-dim">{t("vip.upgrade")}</dt><dd className="text-end" dir="ltr">{r.upgrade}</dd>
              <dt className="text-ink-dim">{t("vip.service")}</dt><dd className="text-end">{r.vipService ? t("vip.serviceVip") : t("vip.serviceChat")}</dd>
            </dl>
          </li>
        ))}
      </ol>
    </section>
  );
}
