import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useLocation, useSubmit } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { GameGrid, PICTURES_BEFORE_INTERACTION } from "~/components/games/game-card";
import { InfiniteGames } from "~/components/games/infinite-games";
import { TabNav } from "~/components/tab-row";
import { Modal } from "~/components/modal";
import { launchHref, lobbySearch, SEARCH_MAX_LENGTH, SORTS } from "~/domain/games";
import { pageForPath } from "~/domain/pages";
import { pageMeta } from "~/i18n/t.server";
import { loadLobby } from "./lobby.server";

// A game lobby for a category or a vendor: vendor tabs, search by name, the slot filter and the
// sort, all in the URL; the platform filters and pages; pager links without JavaScript and
// infinite scroll with it; a vendor's games as a list over the lobby (VASSALAGE).
export async function loader({ request }: LoaderFunctionArgs) {
  const page = pageForPath(new URL(request.url).pathname);
  if (!page) throw new Response(null, { status: 404 });
  const [lobby, meta] = await Promise.all([loadLobby(request, page), pageMeta(request, `page.${page.key}`)]);
  return { ...lobby, meta };
}

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data ? [{ title: data.meta.title }, { name: "description", content: data.meta.description }] : [];

export default function Lobby() {
  const data = useLoaderData<typeof loader>();
  const { key, query, vendors, slotFilter, totalCount, loggedIn, vendorList } = data;
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const submit = useSubmit();
  const search = lobbySearch(query);
  // Pages of the list: the same state, without a vendor's list open over it.
  const hrefFor = (page: number) => `${pathname}${lobbySearch(query, { page, vendorList: undefined })}`;
  // The vendor tabs: "all" first, then each vendor (the key of "all" is the empty string).
  const vendorTabs = [{ vassalage: "", displayName: t("games.allVendors") }, ...vendors].map((v) => ({
    key: v.vassalage,
    label: v.displayName,
    to: `${pathname}${lobbySearch(query, { vendor: v.vassalage || undefined, page: 1 })}`,
  }));

  return (
    <section className="px-3 py-4">
      <h1 className="text-xl font-bold">{t(`page.${key}`)}</h1>
      {vendors.length > 1 ? (
        <TabNav label={t("games.vendors")} className="mt-3" testId="vendor-tabs" current={query.vendor ?? ""} tabs={vendorTabs} />
      ) : null}

      {/* Keyed by the state, so after Back or a link the fields show the URL, not what was typed before. */}
      <Form
        key={search}
        method="get"
        role="search"
        className="mt-3 space-y-2"
        data-testid="lobby-search"
        onChange={(e) => {
          // With JavaScript a filter or sort applies as soon as it changes; typing waits for the button.
          if ((e.target as HTMLElement).tagName !== "INPUT" || (e.target as HTMLInputElement).type === "checkbox")
            submit(e.currentTarget, { preventScrollReset: true });
        }}
      >
        {query.vendor ? <input type="hidden" name="vendor" value={query.vendor} /> : null}
        <div className="flex gap-2">
          <label className="sr-only" htmlFor="lobby-q">
            {t("games.searchLabel")}
          </label>
          <input
            id="lobby-q"
            name="q"
            type="search"
            defaultValue={query.q}
            maxLength={SEARCH_MAX_LENGTH}
            placeholder={t("games.searchPlaceholder")}
            className="field mt-0 flex-1"
            enterKeyHint="search"
          />
          <button type="submit" className="btn-accent">
            {t("games.search")}
          </button>
        </div>
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
          {slotFilter ? (
            <>
              <label className="inline-flex items-center gap-2">
                <input
                  type="checkbox"
                  name="minBet"
                  value="1"
                  defaultChecked={query.minBet}
                  className="h-5 w-5 accent-[var(--color-accent)]"
                />
                {t("games.minBetFilter")}
              </label>
              <label className="inline-flex items-center gap-2">
                <input
                  type="checkbox"
                  name="lines"
                  value="25"
                  defaultChecked={query.lines}
                  className="h-5 w-5 accent-[var(--color-accent)]"
                />
                {t("games.linesFilter")}
              </label>
            </>
          ) : null}
          <label className="ms-auto inline-flex items-center gap-2">
            {t("games.sort")}
            <select name="sort" defaultValue={query.sort} className="rounded-lg border border-white/15 bg-night px-2 py-1.5">
              {SORTS.map((s) => (
                <option key={s} value={s}>
                  {t(`games.sorts.${s}`)}
                </option>
              ))}
            </select>
          </label>
        </div>
      </Form>

      {data.recent.length > 0 ? (
        <section aria-labelledby="recent-games" className="mt-4">
          <h2 id="recent-games" className="mb-2 font-bold">
            {t("games.recent")}
          </h2>
          <GameGrid games={data.recent} loggedIn={loggedIn} />
        </section>
      ) : null}
      {data.rooms.length > 0 ? (
        <section aria-labelledby="pvp-rooms" className="mt-4">
          <h2 id="pvp-rooms" className="mb-2 font-bold">
            {t("games.rooms")}
          </h2>
          <ul className="divide-y divide-white/10 rounded-xl bg-panel text-sm" data-testid="rooms">
            {data.rooms.slice(0, 8).map((r) => (
              <li key={r.roomId} className="flex items-center gap-2 px-3 py-2">
                <span className="min-w-0 flex-1">
                  <span className="block truncate font-semibold" dir="auto">
                    {r.game ? (
                      <>
                        <bdi>{r.game}</bdi> · <bdi>{r.name}</bdi>
                      </>
                    ) : (
                      r.name
                    )}
                  </span>
                  <span className="block text-xs text-ink-dim">
                    {t("games.roomLine", { vendor: r.vassalage, players: r.players, max: r.maxPlayers, minBet: r.minBet ?? "" })}
                  </span>
                </span>
                <Link
                  to={launchHref({
                    gameId: r.gameId,
                    nodeId: r.nodeId,
                    vassalage: r.vassalage,
                    gameType: "PVP",
                    roomId: r.roomId,
                    from: pathname,
                  })}
                  className="btn-accent shrink-0"
                >
                  {t("games.join")}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <p className="mt-3 text-sm text-ink-dim" role="status" data-testid="games-count">
        {data.failed ? t("games.listFailed") : t("games.count", { count: totalCount, total: data.totalText })}
      </p>
      {data.games.length > 0 ? (
        <div className="mt-2" data-testid="lobby-games">
          <InfiniteGames
            first={{ games: data.games, page: data.page, totalPages: data.totalPages }}
            loggedIn={loggedIn}
            hrefFor={hrefFor}
            picturesBefore={Math.max(0, PICTURES_BEFORE_INTERACTION - data.recent.length)}
          />
        </div>
      ) : !data.failed ? (
        <>
          <p className="mt-6 text-center text-ink-dim">
            {query.q ? t("games.noMatch", { q: query.q }) : data.key === "fav" ? t("games.emptyFavourites") : t("games.empty")}
          </p>
          {data.page > 1 ? (
            <p className="mt-3 text-center">
              <Link to={hrefFor(1)} className="btn-ghost">
                {t("games.firstPage")}
              </Link>
            </p>
          ) : null}
        </>
      ) : null}

      {vendorList ? (
        <Modal
          name="vendorGames"
          title={vendorList.title}
          closeTo={`${pathname}${lobbySearch(query, { vendorList: undefined })}`}
          width={600}
        >
          {vendorList.games.length > 0 ? (
            <div className="mt-3 max-h-[70dvh] overflow-y-auto">
              <GameGrid games={vendorList.games} loggedIn={loggedIn} />
            </div>
          ) : (
            <p className="mt-3 text-ink-dim">{t("games.empty")}</p>
          )}
        </Modal>
      ) : null}
    </section>
  );
}
