import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useLocation } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { PartUnavailable } from "~/components/records";
import { TierBadge } from "~/components/tier-badge";
import { tierColours } from "~/domain/vip-tiers";
import { vipLoader } from "./vip.server";

export const loader = ({ request }: LoaderFunctionArgs) => vipLoader(request);

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
          <p className="mt-1 flex items-center justify-center gap-2">
            <TierBadge level={d.mine.level} size={40} />
            <span className="text-2xl font-bold text-accent" data-testid="rank-name">
              {d.mine.name}
            </span>
          </p>
          <p className="text-sm text-ink-dim">{t("member.rank.level", { level: d.mine.level })}</p>
          {d.mine.next ? (
            <>
              <div
                className="mt-3 h-3 overflow-hidden rounded-full bg-night"
                role="progressbar"
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={Math.round(d.mine.progress)}
                aria-label={t("member.rank.progress")}
              >
                <div className="h-full bg-accent" style={{ width: `${d.mine.progress}%` }} />
              </div>
              <p className="mt-2 text-sm">
                {t("member.rank.toNext", { actual: d.mine.actual, expected: d.mine.expected, next: d.mine.next })}
              </p>
            </>
          ) : (
            <p className="mt-3 text-sm">{t("member.rank.top")}</p>
          )}
          {d.service ? (
            <p className="mt-3 text-sm">
              <span className="text-ink-dim">{t(d.mine.vipService ? "member.rank.vipService" : "member.rank.liveChat")}</span>{" "}
              <a href="/service" target="_blank" rel="noopener" data-service-window className="text-accent underline">
                {t("member.rank.contact")}
              </a>
            </p>
          ) : null}
        </div>
      ) : !d.member ? (
        <p className="rounded-xl bg-panel p-3 text-sm">
          <Link to={`/login?redirectTo=${encodeURIComponent(location.pathname)}`} className="text-accent underline">
            {t("vip.logIn")}
          </Link>
        </p>
      ) : d.rankUnavailable ? (
        <PartUnavailable />
      ) : null}
      {d.unavailable ? (
        <p role="alert" className="rounded-md bg-bad/15 px-3 py-2 text-sm text-bad">
          {t("error.platformUnavailable")}
        </p>
      ) : null}
      <h2 id="bonus" className="text-lg font-bold">
        {t("vip.ladder")}
      </h2>
      {/* The ladder (issue 26, item 6): a card a rank, its badge in its colours, the entry rank first. */}
      <ol className="ms-2 space-y-3 border-s-2 border-white/10 ps-3" data-testid="vip-ladder">
        {d.ladder.map((r) => {
          const current = d.mine?.level === r.level;
          const colours = tierColours(r.level);
          return (
            <li
              key={r.level}
              data-level={r.level}
              aria-current={current ? "true" : undefined}
              className={`relative rounded-xl bg-panel p-3 text-sm ${current ? "ring-2 ring-accent" : ""}`}
              style={{ borderInlineStart: `4px solid ${colours.rim}` }}
            >
              <div className="flex items-center gap-3">
                <TierBadge level={r.level} size={44} />
                <p className="min-w-0 flex-1">
                  <span dir="auto" className="block text-base font-bold" style={{ color: colours.face }}>
                    {r.name}
                  </span>
                  <span className="block text-xs text-ink-dim">{t("member.rank.level", { level: r.level })}</span>
                </p>
                {current ? (
                  <span className="shrink-0 rounded-full bg-accent px-2 py-0.5 text-xs font-bold text-night" data-testid="vip-you">
                    {t("vip.you")}
                  </span>
                ) : null}
              </div>
              <p className="mt-2 rounded-lg bg-panel-2 px-2 py-1.5">
                <span className="text-ink-dim">{t("vip.turnover")}: </span>
                <strong className="whitespace-nowrap" dir="ltr">
                  {r.turnover}
                </strong>
              </p>
              <ul className="mt-2 space-y-1" aria-label={t("vip.benefits")}>
                {r.has.rebate ? <Benefit label={t("vip.rebate")} value={r.rebate} /> : null}
                <Benefit
                  label={t("vip.withdrawLimit")}
                  value={r.withdrawLimit}
                  extra={t("vip.timesADay", { count: r.withdrawTimesCount, times: r.withdrawTimes })}
                />
                {r.has.birthday ? <Benefit label={t("vip.birthday")} value={r.birthday} /> : null}
                {r.has.upgrade ? <Benefit label={t("vip.upgrade")} value={r.upgrade} /> : null}
                <Benefit label={t("vip.service")} value={r.vipService ? t("vip.serviceVip") : t("vip.serviceChat")} text />
              </ul>
            </li>
          );
        })}
      </ol>
      {d.ladder.length > 0 ? (
        <details className="rounded-xl bg-panel p-3 text-sm">
          <summary className="font-semibold">{t("vip.allFigures")}</summary>
          <ol className="mt-2 grid gap-2 sm:grid-cols-2" data-testid="vip-figures">
            {d.ladder.map((r) => (
              <li key={r.level} className="rounded-xl bg-panel-2 p-3">
                <p className="flex items-baseline justify-between gap-2">
                  <span dir="auto" className="text-base font-bold">
                    {r.name}
                  </span>
                  <span className="text-xs text-ink-dim">{t("member.rank.level", { level: r.level })}</span>
                </p>
                <dl className="mt-2 grid grid-cols-[1fr_auto] gap-x-3 gap-y-1">
                  <dt className="text-ink-dim">{t("vip.turnover")}</dt>
                  <dd className="text-end whitespace-nowrap">
                    <span dir="ltr">{r.turnover}</span>
                  </dd>
                  <dt className="text-ink-dim">{t("vip.rebate")}</dt>
                  <dd className="text-end whitespace-nowrap">
                    <span dir="ltr">{r.rebate}</span>
                  </dd>
                  <dt className="text-ink-dim">{t("vip.withdrawLimit")}</dt>
                  <dd className="text-end whitespace-nowrap">
                    <span dir="ltr">{r.withdrawLimit}</span>
                  </dd>
                  <dt className="text-ink-dim">{t("vip.withdrawTimes")}</dt>
                  <dd className="text-end">{r.withdrawTimes}</dd>
                  <dt className="text-ink-dim">{t("vip.birthday")}</dt>
                  <dd className="text-end whitespace-nowrap">
                    <span dir="ltr">{r.birthday}</span>
                  </dd>
                  <dt className="text-ink-dim">{t("vip.upgrade")}</dt>
                  <dd className="text-end whitespace-nowrap">
                    <span dir="ltr">{r.upgrade}</span>
                  </dd>
                  <dt className="text-ink-dim">{t("vip.service")}</dt>
                  <dd className="text-end">{r.vipService ? t("vip.serviceVip") : t("vip.serviceChat")}</dd>
                </dl>
              </li>
            ))}
          </ol>
        </details>
      ) : null}
    </section>
  );
}

/** One benefit of a rank's card: its name, and its figure kept on one line. */
function Benefit({ label, value, extra, text }: { label: string; value: string; extra?: string; text?: boolean }) {
  return (
    <li className="flex flex-wrap items-baseline justify-between gap-x-3">
      <span className="text-ink-dim">{label}</span>
      <span className="text-end">
        <strong className="whitespace-nowrap" dir={text ? undefined : "ltr"}>
          {value}
        </strong>
        {extra ? <span className="ms-1 whitespace-nowrap text-xs text-ink-dim">{extra}</span> : null}
      </span>
    </li>
  );
}
