import { data as withStatus, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useLocation, useRouteLoaderData } from "@remix-run/react";
import { useEffect, useState } from "react";
import { dateTimeFormat } from "~/i18n/date-time";
import { useLive, useLiveTopics } from "~/live/live";
import type { RootData } from "~/shell.server";
import { useTranslation } from "~/i18n/react";
import { GameGrid } from "~/components/games/game-card";
import { TabNav } from "~/components/tab-row";
import { pageForPath } from "~/domain/pages";
import { pageMeta } from "~/i18n/t.server";
import { loadLottery } from "./lottery.server";
import { Picture } from "~/data-saver/pictures";

// The lottery screens: menus by group, each game's latest numbers, recent results; a game
// opens in the in-game page /lottert (launch rules apply: login, real account).
export async function loader({ request }: LoaderFunctionArgs) {
  const page = pageForPath(new URL(request.url).pathname);
  if (!page) throw new Response(null, { status: 404 });
  const [lottery, meta] = await Promise.all([loadLottery(request, page), pageMeta(request, `page.${page.key}`)]);
  // "Game under maintenance" answers 503, with other popular games.
  return withStatus({ key: page.key, ...lottery, meta }, { status: lottery.kind === "maintenance" ? 503 : 200 });
}

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data ? [{ title: data.meta.title }, { name: "description", content: data.meta.description }] : [];

const SCREENS = [
  { key: "lottery", to: "/lottery" },
  { key: "vnlottery", to: "/vnlottery" },
  { key: "elott", to: "/elott" },
  { key: "seaLottery", to: "/seaLottery" },
];

function Balls({ numbers }: { numbers: string[] }) {
  return (
    <span className="flex flex-wrap gap-1" data-testid="balls">
      {numbers.map((n, i) => (
        <span key={i} className="grid h-6 min-w-6 place-items-center rounded-full bg-accent px-1 text-xs font-bold text-night">
          {n}
        </span>
      ))}
    </span>
  );
}

/** The first results show; the rest (up to 100 for VN) open under a summary, with or without JavaScript. */
const RESULTS_SHOWN = 10;

type Draw = { code: string; name: string; issue: string; numbers: string[]; time: string };

function DrawList({ draws }: { draws: Draw[] }) {
  const { t } = useTranslation();
  return (
    <ul className="divide-y divide-white/10 rounded-xl bg-panel" data-testid="lottery-results">
      {draws.map((d) => (
        <li key={`${d.code}-${d.issue}`} className="px-3 py-2 text-sm">
          <p className="flex justify-between gap-2">
            <span className="truncate font-semibold" dir="auto">
              {d.name}
            </span>
            <span className="figure shrink-0 text-ink-dim">{d.time}</span>
          </p>
          <div className="mt-1 flex items-center gap-2 text-xs text-ink-dim">
            <span>{t("lottery.issue", { issue: d.issue })}</span>
            <Balls numbers={d.numbers} />
          </div>
        </li>
      ))}
    </ul>
  );
}

/** The board's live topic (issue 28): the draws of this screen's prize mode, or the popular ones. */
function boardTopic(kind: string): string[] {
  if (kind === "maintenance") return [];
  return [kind === "elott" ? "lottery:popular" : `lottery:${kind}`];
}

/** The loader's draws with the stream's newer ones in: each game's latest, and new results on top. */
function useLiveBoard<L extends Draw, R extends Draw>(kind: string, latest: L[], results: R[]) {
  useLiveTopics(boardTopic(kind));
  const { draws } = useLive();
  const { i18n } = useTranslation();
  const root = useRouteLoaderData<RootData>("root");
  const [since, setSince] = useState(draws);
  // biome-ignore lint/correctness/useExhaustiveDependencies: what the stream told before this page's data was read does not count
  useEffect(() => setSince(draws), [latest, results]);
  if (draws === since) return { latest, results };
  const time = (at?: number) => (at ? dateTimeFormat(i18n.language, root?.timeZone ?? "UTC").format(at) : "");
  const fresh = Object.values(draws).filter((d) => since[d.code]?.issue !== d.issue);
  const known = new Set(results.map((r) => `${r.code} ${r.issue}`));
  return {
    latest: latest.map((d) => {
      const now = draws[d.code];
      return now && now.issue !== d.issue
        ? { ...d, issue: now.issue, numbers: now.numbers, time: time(now.drawnAt), next: time(now.nextDrawAt) }
        : d;
    }),
    results: [
      ...fresh
        .filter((d) => results.some((r) => r.code === d.code) && !known.has(`${d.code} ${d.issue}`))
        .map((d) => ({ ...(results.find((r) => r.code === d.code) as R), issue: d.issue, numbers: d.numbers, time: time(d.drawnAt) })),
      ...results,
    ],
  };
}

export default function Lottery() {
  const page = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const board = useLiveBoard(page.kind, page.latest, page.results);
  const data = { ...page, ...board };
  const latestOf = new Map(data.latest.map((d) => [d.code, d]));

  return (
    <section className="px-3 py-4">
      <h1 className="text-xl font-bold">{t(`page.${data.key}`)}</h1>
      <TabNav
        label={t("lottery.screens")}
        className="mt-3"
        testId="lottery-lanes"
        current={data.key}
        tabs={SCREENS.map((s) => ({ key: s.key, label: t(`page.${s.key}`), to: s.to }))}
      />

      {data.kind === "maintenance" ? (
        <>
          <p role="alert" className="mt-4 rounded-md bg-bad/15 px-3 py-2 text-bad">
            {t("games.maintenanceText")}
          </p>
          <h2 className="mb-2 mt-5 font-bold">{t("games.otherPopular")}</h2>
          <GameGrid games={data.hot} loggedIn={false} />
        </>
      ) : null}

      {data.kind === "VN" ? (
        <p className="mt-3">
          <Link to={`${pathname}?view=lobby`} className="btn-accent">
            {t("lottery.openLobby")}
          </Link>
        </p>
      ) : null}

      {data.games.length > 0 ? (
        <div className="mt-4">
          <GameGrid games={data.games} loggedIn={data.loggedIn} />
        </div>
      ) : null}

      {data.groups.map((group) => (
        <section key={group.code} className="mt-5" aria-labelledby={`group-${group.code}`}>
          <h2 id={`group-${group.code}`} className="mb-2 font-bold" dir="auto">
            {group.name}
          </h2>
          <ul className="space-y-2" data-testid="lottery-games">
            {group.games.map((game) => {
              const latest = latestOf.get(game.code);
              return (
                <li key={game.code} className="flex items-center gap-3 rounded-xl bg-panel p-2">
                  {game.icon ? (
                    <Picture src={game.icon} alt="" width={44} height={44} loading="lazy" className="h-11 w-11 shrink-0 rounded-lg" />
                  ) : null}
                  <div className="min-w-0 flex-1">
                    <p className="truncate font-semibold" dir="auto">
                      {game.name}
                    </p>
                    {latest ? (
                      <div className="mt-1 flex flex-wrap items-center gap-2 text-xs text-ink-dim">
                        <span>{t("lottery.issue", { issue: latest.issue })}</span>
                        <Balls numbers={latest.numbers} />
                        {"next" in latest && latest.next ? (
                          <span className="basis-full" data-testid="next-draw">
                            {t("lottery.nextDraw", { time: latest.next })}
                          </span>
                        ) : null}
                      </div>
                    ) : game.remark ? (
                      <p className="truncate text-xs text-ink-dim">{game.remark}</p>
                    ) : null}
                  </div>
                  <Link to={`${pathname}?gameCode=${encodeURIComponent(game.code)}`} className="btn-accent shrink-0">
                    {t("lottery.play")}
                  </Link>
                </li>
              );
            })}
          </ul>
        </section>
      ))}

      {data.results.length > 0 ? (
        <section className="mt-6" aria-labelledby="lottery-results">
          <h2 id="lottery-results" className="mb-2 font-bold">
            {t("lottery.results")}
          </h2>
          <DrawList draws={data.results.slice(0, RESULTS_SHOWN)} />
          {data.results.length > RESULTS_SHOWN ? (
            <details className="mt-2">
              <summary className="cursor-pointer py-2 text-sm text-accent">
                {t("lottery.allResults", { count: data.results.length })}
              </summary>
              <DrawList draws={data.results.slice(RESULTS_SHOWN)} />
            </details>
          ) : null}
        </section>
      ) : data.kind !== "maintenance" && data.groups.length === 0 && data.games.length === 0 ? (
        <p className="mt-6 text-ink-dim">{t("lottery.empty")}</p>
      ) : null}
    </section>
  );
}
