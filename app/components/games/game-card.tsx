import { Link, useFetcher } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { useTranslation } from "~/i18n/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { Icon } from "~/components/icon";
import { useCurrentPath } from "~/components/shell/use-current-path";
import { launchHref } from "~/domain/games";
import type { GameCardData } from "~/pages/lobby.server";
import { useInteracted, usePictures } from "~/data-saver/pictures";

/** Game pictures a page loads before the player's first touch (issue 29): the rest wait for it. */
export const PICTURES_BEFORE_INTERACTION = 8;

/**
 * One game: its picture and name link to the launch route (which applies the launch rules), and a
 * heart form toggles the favourite. Image sizes are fixed so nothing shifts while pictures load.
 * The picture carries no text (decision 039): the name is written once here, on at most two lines,
 * and the provider once under it. Both are operator text in their own direction (`dir="auto"`), so
 * an English name in an Urdu page is clipped at its end, never at its start.
 */
export function GameCard({
  game,
  loggedIn,
  eager = false,
  waits = false,
}: {
  game: GameCardData;
  loggedIn: boolean;
  eager?: boolean;
  /** Past the first few pictures: loaded after the player's first interaction. */
  waits?: boolean;
}) {
  const from = useCurrentPath();
  const pictures = usePictures();
  return (
    <li className="relative">
      <Link
        to={launchHref({
          gameId: game.gameId,
          nodeId: game.nodeId,
          vassalage: game.vassalage,
          gameType: game.gameType,
          roomId: game.roomId,
          lotteryCode: game.lotteryCode,
          playType: game.playType,
          isVendorList: game.isVendorList,
          from,
        })}
        className="game-card"
        data-testid="game-card"
      >
        {game.icon && pictures ? <GamePicture src={game.icon} eager={eager} waits={waits} /> : <i />}
        <strong dir="auto" data-testid="game-name">
          {game.name}
        </strong>
        <small dir="auto">{game.vendorName}</small>
      </Link>
      {loggedIn ? <FavouriteButton game={game} from={from} /> : null}
    </li>
  );
}

export function FavouriteButton({ game, from }: { game: GameCardData; from: string }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<{ on?: boolean }>();
  const hydrated = useHydrated();
  // With JavaScript the heart changes at once; the platform's answer then confirms it. The
  // confirmed state is kept here: cards loaded by infinite scroll are not reloaded afterwards.
  const [confirmed, setConfirmed] = useState(game.favourite);
  useEffect(() => setConfirmed(game.favourite), [game.favourite]);
  useEffect(() => {
    if (fetcher.state === "idle" && typeof fetcher.data?.on === "boolean") setConfirmed(fetcher.data.on);
  }, [fetcher.state, fetcher.data]);
  const pending = fetcher.formData?.get("on");
  const on = pending != null ? pending === "1" : confirmed;
  return (
    <fetcher.Form method="post" action="/favourite" preventScrollReset className="absolute end-0 top-0">
      <AuthenticityTokenInput name="csrf" />
      <input type="hidden" name="nodeId" value={game.nodeId} />
      <input type="hidden" name="vassalage" value={game.vassalage} />
      <input type="hidden" name="gameType" value={game.gameType} />
      <input type="hidden" name="on" value={on ? "0" : "1"} />
      <input type="hidden" name="redirectTo" value={from} />
      {/* With JavaScript the answer is data, not a redirect: the page stays where it is. */}
      {hydrated ? <input type="hidden" name="answer" value="data" /> : null}
      <button
        type="submit"
        aria-pressed={on}
        aria-label={t("games.favourite", { name: game.name })}
        // A 44 px target for a thumb; the visible circle stays small over the picture.
        className={`grid h-11 w-11 place-items-center ${on ? "text-accent" : "text-white/80"}`}
      >
        <span className="grid h-8 w-8 place-items-center rounded-full bg-black/55">
          <Icon name="fav" size={18} />
        </span>
      </button>
    </fetcher.Form>
  );
}

const attribute = (text: string) => text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

/**
 * A game's picture. One that waits has no src until the first interaction (pictures.tsx sets it);
 * without JavaScript its <noscript> twin is the picture, lazily loaded.
 */
function GamePicture({ src, eager, waits }: { src: string; eager: boolean; waits: boolean }) {
  const interacted = useInteracted();
  if (!waits || interacted) return <img src={src} alt="" width={160} height={160} loading={eager ? "eager" : "lazy"} decoding="async" />;
  return (
    <>
      <img data-src={src} alt="" width={160} height={160} loading="lazy" decoding="async" />
      <noscript
        // biome-ignore lint/security/noDangerouslySetInnerHtml: markup for browsers without JavaScript; React leaves <noscript> content unparsed
        dangerouslySetInnerHTML={{
          __html: `<img src="${attribute(src)}" alt="" width="160" height="160" loading="lazy" decoding="async">`,
        }}
      />
    </>
  );
}

export function GameGrid({
  games,
  loggedIn,
  eagerFirst = 0,
  picturesBefore = PICTURES_BEFORE_INTERACTION,
}: {
  games: GameCardData[];
  loggedIn: boolean;
  eagerFirst?: number;
  /** How many of this grid's pictures load before the first interaction (the page's others count against it). */
  picturesBefore?: number;
}) {
  return (
    <ul className="grid grid-cols-3 gap-2 sm:grid-cols-5" data-testid="games">
      {games.map((g, i) => (
        <GameCard key={g.nodeId} game={g} loggedIn={loggedIn} eager={i < eagerFirst} waits={i >= picturesBefore} />
      ))}
    </ul>
  );
}
