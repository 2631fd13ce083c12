import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useLive } from "~/live/live";
import { useTranslation } from "~/i18n/react";
import { GameGrid } from "~/components/games/game-card";
import { Icon } from "~/components/icon";
import { requestContext } from "~/context.server";
import { parseLaunchParams } from "~/domain/games";
import { pageForPath } from "~/domain/pages";
import { pageMeta } from "~/i18n/t.server";
import { playPassCookie } from "~/play-pass.server";
import { launch, storedGame } from "./game.server";
import { toCard, vendorNames } from "./lobby.server";

// The game frame (/game, header only) and the in-game lottery page (/lottert). A launch link
// (/game?gameId=…) applies the launch rules and launches; the address is kept in the session,
// so a reload (or a balance refresh without JavaScript) shows the same game again.
export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const page = pageForPath(url.pathname);
  if (!page) throw new Response(null, { status: 404 });
  const meta = await pageMeta(request, `page.${page.key}`);
  const params = page.key === "game" ? parseLaunchParams(url.searchParams) : undefined;
  if (params) {
    const answer = await launch(request, params);
    return data({ ...answer.data, game: null, meta }, answer.init ?? undefined);
  }
  const ctx = await requestContext(request);
  // Only this player's game, of this page's kind (casino on /game, lottery on /lottert).
  const game = storedGame(ctx.session, page.key === "lottert" ? "lottery" : "casino");
  const [hot, vendors] = game ? [[], new Map()] : await Promise.all([ctx.gateway.games.hotGames().catch(() => []), vendorNames(ctx)]);
  const suggestions = hot.slice(0, 12).map((g) => toCard(g, null, vendors));
  const page$ = { state: game ? ("open" as const) : ("none" as const), from: game?.from ?? "/", hot: suggestions, game, meta };
  // The platform's own game page is served only to a browser holding its pass (app/play-pass.server.ts).
  const play = game ? /^\/play\/([\w-]+)/.exec(game.url)?.[1] : undefined;
  return play ? data(page$, { headers: { "Set-Cookie": playPassCookie(play), "Cache-Control": "private, no-store" } }) : page$;
}

export const meta: MetaFunction<typeof loader> = ({ data: page }) =>
  page ? [{ title: page.meta.title }, { name: "robots", content: "noindex" }] : [];

export default function GameFrame() {
  const { state, from, hot, game } = useLoaderData<typeof loader>();
  const { t } = useTranslation();

  // The header follows the game's bets through the live stream (issue 28), for every vendor's game.
  // A login ended elsewhere stops the game: the frame is emptied under the signed-out notice.
  const { ended } = useLive();

  if (state === "open" && game) {
    return (
      <div className="flex flex-col">
        <div className="flex h-10 items-center gap-3 bg-panel-2 px-3 text-sm">
          <Link to={game.from} className="inline-flex items-center gap-1 font-semibold text-accent">
            <Icon name="back" size={18} className="rtl:-scale-x-100" />
            {t("games.backToLobby")}
          </Link>
          <a href={game.url} target="_blank" rel="noopener" className="ms-auto text-ink-dim underline">
            {t("games.openFull")}
          </a>
        </div>
        <iframe
          src={ended ? "about:blank" : game.url}
          title={t(game.kind === "lottery" ? "page.lottert" : "page.game")}
          allow="fullscreen; autoplay"
          className="block w-full border-0 bg-night"
          style={{ height: "calc(100dvh - 6rem)" }}
          data-testid="game-frame"
        />
      </div>
    );
  }
  return (
    <section className="px-3 py-5">
      <h1 className="text-xl font-bold">{state === "maintenance" ? t("games.maintenanceTitle") : t("games.noGameTitle")}</h1>
      <p className="mt-2 text-ink-dim" role={state === "maintenance" ? "alert" : undefined}>
        {state === "maintenance" ? t("games.maintenanceText") : t("games.noGameText")}
      </p>
      {hot.length > 0 ? (
        <>
          <h2 className="mb-2 mt-5 font-bold">{t("games.otherPopular")}</h2>
          <GameGrid games={hot} loggedIn={false} />
        </>
      ) : null}
      <p className="mt-5">
        <Link to={from} className="btn-ghost">
          {t("games.backToLobby")}
        </Link>
      </p>
    </section>
  );
}
