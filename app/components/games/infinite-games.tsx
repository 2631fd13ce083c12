import { Link, useFetcher, useLocation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "~/i18n/react";
import type { GameCardData } from "~/pages/lobby.server";
import { GameGrid } from "./game-card";

/** docs/SPEC.md point 9: infinite scroll throttle 200 ms, distance 0. */
export const SCROLL_THROTTLE_MS = 200;

type PageData = { games: GameCardData[]; page: number; totalPages: number };

/**
 * The games of a lobby with a pager. Without JavaScript the pager's links load the other pages;
 * with it, reaching the end of the list loads the next page below (the links stay as a fallback).
 */
export function InfiniteGames({
  first,
  loggedIn,
  hrefFor,
  picturesBefore,
}: {
  first: PageData;
  loggedIn: boolean;
  hrefFor: (page: number) => string;
  /** Pictures this list loads before the first interaction (GameGrid's default otherwise). */
  picturesBefore?: number;
}) {
  const { t } = useTranslation();
  const location = useLocation();
  const fetcher = useFetcher<PageData>();
  const sentinel = useRef<HTMLDivElement>(null);
  const lastLoad = useRef(0);

  // A new search or filter (a new URL) starts over; a revalidation of the same URL refreshes page
  // one. Worked out while rendering, so the old list never shows under the new URL.
  const key = location.pathname + location.search;
  const [state, setState] = useState<{ key: string; pages: PageData[] }>({ key, pages: [first] });
  let pages = state.pages;
  if (state.key !== key) {
    pages = [first];
    setState({ key, pages });
  } else if (pages[0]?.games !== first.games) {
    pages = [first, ...pages.slice(1)];
    setState({ key, pages });
  }
  // The URL a page load was started for: a page of an older search is not appended.
  const loadingFor = useRef(key);

  useEffect(() => {
    const data = fetcher.data;
    if (!data || fetcher.state !== "idle") return;
    setState((s) =>
      s.key !== loadingFor.current || s.pages.some((p) => p.page === data.page) ? s : { key: s.key, pages: [...s.pages, data] },
    );
  }, [fetcher.data, fetcher.state]);

  const last = pages[pages.length - 1] ?? first;
  const hasMore = last.page < last.totalPages;

  // The observer reads the latest state through a ref, so it is set up once per list, not on
  // every fetcher state change (a new observer fires at once and could ask for a page twice).
  const latest = useRef({ fetcher, next: last.page + 1, hasMore, hrefFor, key });
  latest.current = { fetcher, next: last.page + 1, hasMore, hrefFor, key };

  // Loads the next page when the list's end is in view and nothing is loading; a call inside the
  // throttle window is kept for when it ends, and each finished load checks again (the end may
  // still be in view on a tall screen), so no load is dropped.
  const inView = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const tryLoad = useRef(() => {});
  tryLoad.current = () => {
    const now = latest.current;
    if (!inView.current || !now.hasMore || now.fetcher.state !== "idle") return;
    const wait = SCROLL_THROTTLE_MS - (Date.now() - lastLoad.current);
    if (wait > 0) {
      clearTimeout(timer.current);
      timer.current = setTimeout(() => tryLoad.current(), wait);
      return;
    }
    lastLoad.current = Date.now();
    loadingFor.current = now.key;
    now.fetcher.load(now.hrefFor(now.next));
  };

  useEffect(() => {
    const node = sentinel.current;
    if (!node || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(
      (entries) => {
        inView.current = entries[entries.length - 1]?.isIntersecting ?? false;
        tryLoad.current();
      },
      { rootMargin: "0px" },
    );
    observer.observe(node);
    return () => {
      observer.disconnect();
      clearTimeout(timer.current);
    };
  }, [key]);

  useEffect(() => {
    if (fetcher.state === "idle") tryLoad.current();
  }, [fetcher.state, pages.length]);

  const seen = new Set<string>();
  const games = pages.flatMap((p) => p.games).filter((g) => !seen.has(g.nodeId) && Boolean(seen.add(g.nodeId)));

  return (
    <>
      <GameGrid games={games} loggedIn={loggedIn} eagerFirst={Math.min(6, picturesBefore ?? 6)} picturesBefore={picturesBefore} />
      <div ref={sentinel} aria-hidden="true" className="h-px" />
      <p className="min-h-6 py-1 text-center text-sm text-ink-dim" role="status" aria-live="polite">
        {fetcher.state !== "idle" ? t("games.loadingMore") : ""}
      </p>
      <nav aria-label={t("games.pages")} className="mt-4 flex items-center justify-between gap-2 text-sm" data-testid="pager">
        {first.page > 1 ? (
          <Link to={hrefFor(first.page - 1)} className="btn-ghost" rel="prev">
            {t("games.previous")}
          </Link>
        ) : (
          <span />
        )}
        <span className="text-ink-dim">{t("games.pageOf", { page: last.page, total: last.totalPages })}</span>
        {hasMore ? (
          <Link to={hrefFor(last.page + 1)} className="btn-ghost" rel="next">
            {t("games.next")}
          </Link>
        ) : (
          <span />
        )}
      </nav>
    </>
  );
}
