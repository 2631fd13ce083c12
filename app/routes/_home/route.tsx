import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, Outlet, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { Icon } from "~/components/icon";
import { ServerDrawn } from "~/components/server-drawn";
import { GameGrid, PICTURES_BEFORE_INTERACTION } from "~/components/games/game-card";
import type { RootData } from "~/shell.server";
import { Picture, usePictures } from "~/data-saver/pictures";
import { homeLoader } from "./home.server";

/** The screen of a popular lottery, by its prize mode. */
const LOTTERY_SCREENS: Record<string, string> = { VN: "/vnlottery", SEA: "/seaLottery", Lott: "/lottery", Elott: "/lottery" };

// The home page; /login, /register and the other account modals render over it.
export const loader = (args: LoaderFunctionArgs) => homeLoader(args);

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data ? [{ title: data.meta.title }, { name: "description", content: data.meta.description }] : [];

export default function Home() {
  const { top, recent, lists, loggedIn } = useLoaderData<typeof loader>();
  const root = useRouteLoaderData<RootData>("root");
  const pictures = usePictures();
  const { t } = useTranslation();
  return (
    <>
      <ServerDrawn name="home.top" data={top}>
        {({ marquee, banners }) => (
          <>
            {marquee.length > 0 ? (
              <section
                aria-label={t("home.announcements")}
                className="flex items-center gap-2 overflow-hidden bg-panel-2/60 px-3 py-1.5 text-sm"
              >
                <Icon name="chat" size={16} className="shrink-0 text-accent" />
                <div className="relative flex-1 overflow-hidden whitespace-nowrap">
                  <p className="marquee-track inline-block" data-testid="marquee">
                    {marquee.map((m) => (
                      <bdi key={m.id} className="me-10">
                        {m.text}
                      </bdi>
                    ))}
                  </p>
                </div>
              </section>
            ) : null}
            {banners.length > 0 ? (
              <section
                aria-label={t("home.banners")}
                className="flex snap-x snap-mandatory gap-3 overflow-x-auto px-3 pt-3"
                data-testid="banners"
              >
                {banners.map((b, i) => {
                  const img = !pictures ? (
                    // Data saver: the banner as its title.
                    <span
                      className="flex aspect-[18/7] w-full items-center justify-center rounded-xl bg-panel p-4 text-center text-lg font-bold"
                      dir="auto"
                    >
                      {b.title}
                    </span>
                  ) : (
                    <img
                      src={b.src}
                      alt={b.title}
                      dir="auto"
                      width={720}
                      height={280}
                      loading={i === 0 ? "eager" : "lazy"}
                      fetchPriority={i === 0 ? "high" : undefined}
                      className="aspect-[18/7] w-full rounded-xl bg-panel object-cover"
                    />
                  );
                  return (
                    <div key={b.id} className="w-[92%] shrink-0 snap-center sm:w-[70%]">
                      {b.href ? <a href={b.href}>{img}</a> : img}
                    </div>
                  );
                })}
              </section>
            ) : null}
          </>
        )}
      </ServerDrawn>
      <section aria-labelledby="home-categories" className="px-3 pt-5">
        <h2 id="home-categories" className="mb-2 text-base font-bold">
          {t("home.categories")}
        </h2>
        <ul className="grid grid-cols-4 gap-2 sm:grid-cols-6">
          {(root?.nav ?? []).map((item) => (
            <li key={item.nameKey + item.page}>
              <Link to={item.page} className="tile">
                <Icon name={item.icon} size={26} />
                <span>{item.displayName ?? t(item.nameKey)}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
      {recent.length > 0 ? (
        <HomeBlock id="home-recent" title={t("home.recent")}>
          <GameGrid games={recent} loggedIn={false} />
        </HomeBlock>
      ) : null}
      <ServerDrawn name="home.lists" data={lists}>
        {({ hot, popular, winners, notices }) => (
          <>
            {hot.length > 0 ? (
              <HomeBlock id="home-hot" title={t("home.hot")} more="/hot">
                <GameGrid
                  games={hot}
                  loggedIn={false}
                  eagerFirst={loggedIn ? 0 : 3}
                  picturesBefore={Math.max(0, PICTURES_BEFORE_INTERACTION - recent.length)}
                />
              </HomeBlock>
            ) : null}
            {popular.length > 0 ? (
              <HomeBlock id="home-lottery" title={t("home.popularLottery")} more="/lottery">
                <ul className="-mx-3 flex gap-2 overflow-x-auto px-3 pb-1" data-testid="popular-lottery">
                  {popular.map((d) => (
                    <li key={d.code} className="w-40 shrink-0">
                      <Link
                        to={`${LOTTERY_SCREENS[d.prizeMode] ?? "/lottery"}?gameCode=${encodeURIComponent(d.code)}`}
                        className="draw-card"
                      >
                        <span>
                          {d.icon ? <Picture src={d.icon} alt="" width={32} height={32} loading="lazy" /> : null}
                          <strong dir="auto">{d.name}</strong>
                        </span>
                        <small>{d.numbers.join(" ")}</small>
                      </Link>
                    </li>
                  ))}
                </ul>
              </HomeBlock>
            ) : null}
            {winners.length > 0 ? (
              <HomeBlock id="home-winners" title={t("home.winners")} more="/winners">
                <ul className="winner-list divide-y divide-white/10 rounded-xl bg-panel text-sm" data-testid="winners">
                  {winners.map((w, i) => (
                    <li key={i}>
                      <bdi>{w.name}</bdi>
                      <bdi>{w.game}</bdi>
                      <span className="figure" dir="ltr">
                        {w.amount}
                      </span>
                    </li>
                  ))}
                </ul>
              </HomeBlock>
            ) : null}
            {notices.length > 0 ? (
              <HomeBlock id="home-notices" title={t("home.notices")} more="/noticePage">
                <ul className="space-y-1 text-sm" data-testid="notices">
                  {notices.map((n) => (
                    <li key={n.id}>
                      <Link
                        to={`/noticePage?id=${encodeURIComponent(n.id)}`}
                        className="block truncate rounded-lg bg-panel px-3 py-2"
                        dir="auto"
                      >
                        {n.title}
                      </Link>
                    </li>
                  ))}
                </ul>
              </HomeBlock>
            ) : null}
          </>
        )}
      </ServerDrawn>
      <Outlet />
    </>
  );
}

function HomeBlock({ id, title, more, children }: { id: string; title: string; more?: string; children: React.ReactNode }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby={id} className="px-3 pt-5">
      <div className="mb-2 flex items-baseline justify-between">
        <h2 id={id} className="text-base font-bold">
          {title}
        </h2>
        {more ? (
          <Link to={more} className="text-sm text-accent">
            {t("home.more")}
          </Link>
        ) : null}
      </div>
      {children}
    </section>
  );
}
