import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { playerRankLoader } from "./player-rank.server";

export const loader = ({ request }: LoaderFunctionArgs) => playerRankLoader(request);

export const meta: MetaFunction<typeof loader> = ({ data: d }) => (d ? [{ title: d.meta.title }] : []);

export default function PlayerRank() {
  const d = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <section className="mt-4 space-y-3">
      <h1 className="text-xl font-bold">{t("member.playerRank")}</h1>
      <div className="rounded-xl bg-panel p-4 text-center">
        <p className="text-2xl font-bold text-accent" data-testid="rank-name">
          {d.name}
        </p>
        <p className="text-sm text-ink-dim">{t("member.rank.level", { level: d.level })}</p>
        {d.club && d.club !== d.name ? (
          <p className="mt-1 inline-block rounded-full bg-accent/15 px-3 py-0.5 text-sm" data-testid="club-label">
            {t("member.rank.club", { name: d.club })}
          </p>
        ) : null}
        {d.next ? (
          <>
            <div
              className="mt-4 h-3 overflow-hidden rounded-full bg-night"
              role="progressbar"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={Math.round(d.progress)}
              aria-label={t("member.rank.progress")}
            >
              <div className="h-full bg-accent" style={{ width: `${d.progress}%` }} />
            </div>
            <p className="mt-2 text-sm">{t("member.rank.toNext", { actual: d.actual, expected: d.expected, next: d.next })}</p>
          </>
        ) : (
          <p className="mt-3 text-sm">{t("member.rank.top")}</p>
        )}
      </div>
      <div className="rounded-xl bg-panel p-3 text-sm">
        <p className="text-ink-dim">{t(d.vipService ? "member.rank.vipService" : "member.rank.liveChat")}</p>
        {d.serviceUrl ? (
          <a href={d.serviceUrl} target="_blank" rel="noopener" data-service-window className="btn-ghost mt-2 inline-flex">
            {t("member.rank.contact")}
          </a>
        ) : null}
      </div>
    </section>
  );
}
