import { formatCount } from "~/i18n/format.server";
import { redirect } from "@remix-run/node";
import { requestContext, type RequestContext, sessionExpiredRedirect } from "~/context.server";
import { SessionExpiredError } from "~/gateway/index.server";
import {
  type Game,
  hasSlotFilter,
  LOBBY_MAX_PAGE,
  LOBBY_PAGE_SIZE,
  lobbyFilter,
  type LobbyQuery,
  parseLobbyQuery,
  SLOT_FILTER,
} from "~/domain/games";
import type { VendorLane } from "~/domain/navigation";
import type { Page } from "~/domain/pages";
import type { GamePage } from "~/gateway/games.server";
import { mediaUrl } from "~/html.server";

/**
 * What a game card draws and launches with, and nothing more: every field here travels twice in a
 * page (the markup and the hydration data), a dozen to thirty cards a page (issue 14).
 */
export type GameCardData = Pick<
  Game,
  "gameId" | "nodeId" | "name" | "gameType" | "vassalage" | "isVendorList" | "roomId" | "lotteryCode" | "playType"
> & {
  icon?: string;
  favourite: boolean;
  vendorName: string;
};

const EMPTY: GamePage = { games: [], totalCount: 0, totalPages: 1, page: 1, capped: false };

/** Vendor code → the name players know ("PG Soft", not "PG"). */
export type VendorNames = ReadonlyMap<string, string>;

function namesOf(lanes: VendorLane[]): VendorNames {
  return new Map(lanes.flatMap((l) => l.vendors).map((v) => [v.vassalage.toUpperCase(), v.displayName]));
}

/** From the vendor lanes (a cached public read); empty when they cannot be had, so no code shows instead. */
export async function vendorNames(ctx: RequestContext): Promise<VendorNames> {
  return namesOf(await ctx.gateway.games.vendorLanes().catch(() => []));
}

export function toCard(game: Game, favourites: Set<string> | null, vendors: VendorNames): GameCardData {
  const card: GameCardData = {
    gameId: game.gameId,
    nodeId: game.nodeId,
    name: game.name,
    gameType: game.gameType,
    vassalage: game.vassalage,
    isVendorList: game.isVendorList,
    icon: mediaUrl(game.icon),
    favourite: favourites?.has(game.nodeId) ?? false,
    vendorName: vendors.get(game.vassalage.toUpperCase()) ?? "",
  };
  // Launch details only where the game has them (an absent key costs nothing in the page).
  if (game.roomId) card.roomId = game.roomId;
  if (game.lotteryCode) card.lotteryCode = game.lotteryCode;
  if (game.playType) card.playType = game.playType;
  return card;
}

/**
 * A lobby: the games of a category or vendor, filtered and paged by the platform from the URL's
 * state. Each part degrades on its own: no vendors → no tabs, a failed list → an empty list with a
 * message, never an error page.
 */
export async function loadLobby(request: Request, page: Page) {
  const url = new URL(request.url);
  const ctx = await requestContext(request);
  const loggedIn = Boolean(ctx.session.get("token"));
  if (page.loggedInOnly && !loggedIn) throw redirect(`/login?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);

  const query: LobbyQuery = parseLobbyQuery(url.searchParams);
  const filter = lobbyFilter(page);
  const slotFilter = hasSlotFilter(filter);
  const listFilter = {
    ...filter,
    vassalage: filter.vassalage ?? query.vendor,
    name: query.q,
    minBetFrom: slotFilter && query.minBet ? SLOT_FILTER.minBetFrom : undefined,
    linesFrom: slotFilter && query.lines ? SLOT_FILTER.linesFrom : undefined,
    sort: query.sort,
    page: query.page,
    pageSize: LOBBY_PAGE_SIZE,
  };
  const games = ctx.gateway.games;
  const [lanes, list, favourites, vendorList, recent, rooms] = await Promise.all([
    games.vendorLanes().catch(() => []),
    (page.gameType === "FAV" ? games.favourites({ ...listFilter, gameType: undefined }) : games.gameList(listFilter)).then(
      (value) => ({ ok: true as const, value }),
      (error: unknown) => ({ ok: false as const, value: EMPTY, error }),
    ),
    loggedIn ? games.favouriteIds().catch(() => null) : Promise.resolve(null),
    query.vendorList && filter.gameType
      ? games.gameList({ gameType: filter.gameType, vassalage: query.vendorList, page: 1, pageSize: 60 }).catch(() => EMPTY)
      : Promise.resolve(null),
    // The favourites page also shows what the player played last.
    page.gameType === "FAV" && query.page === 1 ? games.recentGames(6).catch(() => []) : Promise.resolve([]),
    // Card games also list their open rooms (GLS2_roomList); a room launches with its roomId.
    page.gameType === "PVP" && query.page === 1 && !query.q ? games.pvpRooms(query.vendor).catch(() => []) : Promise.resolve([]),
  ]);

  if (!list.ok && "error" in list && list.error instanceof SessionExpiredError) throw await sessionExpiredRedirect(request, list.error);
  const gameNames = new Map(list.value.games.map((g) => [g.nodeId, g.name]));
  const names = namesOf(lanes);
  // Vendor tabs only on category lobbies: a vendor's own page, hot and favourites have none.
  const laneType = page.vendor || page.gameType === "HOT" || page.gameType === "FAV" ? undefined : filter.gameType;
  const vendors = lanes
    .filter((l) => l.gameType === laneType)
    .flatMap((l) => l.vendors)
    .filter((v) => !filter.classify || v.classify.includes(filter.classify))
    .map((v) => ({ vassalage: v.vassalage, displayName: v.displayName }));

  return {
    key: page.key,
    query,
    slotFilter,
    vendors,
    failed: !list.ok,
    games: list.value.games.map((g) =>
      toCard(g, page.gameType === "FAV" ? new Set(list.value.games.map((x) => x.nodeId)) : favourites, names),
    ),
    totalCount: list.value.totalCount,
    // Written on the server in the page's language (10,010), so the browser shows the same; a
    // count the platform capped reads "10,000+".
    totalText: formatCount(list.value.totalCount, ctx.language) + (list.value.capped ? "+" : ""),
    // Pages past the last one the URL may ask for are not offered (infinite scroll stops there).
    totalPages: Math.min(LOBBY_MAX_PAGE, Math.max(1, list.value.totalPages)),
    page: query.page,
    loggedIn,
    recent: recent.map((g) => toCard(g, favourites, names)),
    rooms: rooms.flatMap((r) =>
      r.nodeId && r.vassalage
        ? [
            {
              roomId: r.roomId,
              name: r.roomName ?? r.roomId,
              game: gameNames.get(r.nodeId) ?? "",
              gameId: r.gameId ?? "",
              nodeId: r.nodeId,
              vassalage: r.vassalage,
              minBet: r.minBet ?? undefined,
              players: r.players ?? 0,
              maxPlayers: r.maxPlayers ?? 0,
            },
          ]
        : [],
    ),
    vendorList: vendorList
      ? {
          vassalage: query.vendorList ?? "",
          title: lanes.flatMap((l) => l.vendors).find((v) => v.vassalage === query.vendorList)?.displayName ?? query.vendorList ?? "",
          games: vendorList.games.filter((g) => !g.isVendorList).map((g) => toCard(g, favourites, names)),
        }
      : null,
  };
}
