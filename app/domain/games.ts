// Games: the lobby's URL state, the launch rules of docs/SPEC.md point 4 and the category
// navigation. Pure functions; loaders, the launch route and components use them.

import type { LoginCheck } from "./account";
import { isLocalPath } from "./paths";

/** A game as the app uses it, whatever spelling the platform sent. */
export type Game = {
  gameId: string;
  nodeId: string;
  name: string;
  gameType: string;
  vassalage: string;
  classify: string;
  icon?: string;
  roomId?: string;
  /** A vendor entry whose games open in a list instead of launching (isGame VASSALAGE). */
  isVendorList: boolean;
  isHot: boolean;
  lines?: number;
  minBet?: number;
  rtp?: number;
  releaseDate?: string;
  /** A lottery game's code and play type (docs/SPEC.md point 3, Game (launch)): what the lottery screen opens. */
  lotteryCode?: string;
  playType?: string;
};

export const LOBBY_PAGE_SIZE = 30;
export const LOBBY_MAX_PAGE = 1000;
export const SEARCH_MAX_LENGTH = 50;
/** docs/SPEC.md point 9: "minimum bet of 1 or more; 25 or more lines". */
export const SLOT_FILTER = { minBetFrom: 1, linesFrom: 25 } as const;
export const SORTS = ["default", "new", "name", "rtp"] as const;
export type Sort = (typeof SORTS)[number];

/** Everything a lobby shows is in its URL, so a link, a reload and the back button keep it. */
export type LobbyQuery = {
  vendor?: string;
  q: string;
  minBet: boolean;
  lines: boolean;
  sort: Sort;
  page: number;
  /** A vendor whose games open as a list over the lobby (VASSALAGE). */
  vendorList?: string;
};

const VENDOR_CODE = /^[A-Z0-9_]{1,32}$/;

/** Reads a lobby URL; anything malformed falls back to the default, never an error. */
export function parseLobbyQuery(params: URLSearchParams): LobbyQuery {
  const vendor = (params.get("vendor") ?? "").trim().toUpperCase();
  const vendorList = (params.get("vendorList") ?? "").trim().toUpperCase();
  const sort = params.get("sort") as Sort;
  const page = Number.parseInt(params.get("page") ?? "", 10);
  return {
    vendor: VENDOR_CODE.test(vendor) ? vendor : undefined,
    q: (params.get("q") ?? "").replace(/\s+/g, " ").trim().slice(0, SEARCH_MAX_LENGTH),
    minBet: params.get("minBet") === String(SLOT_FILTER.minBetFrom),
    lines: params.get("lines") === String(SLOT_FILTER.linesFrom),
    sort: SORTS.includes(sort) ? sort : "default",
    page: Number.isFinite(page) && page >= 1 ? Math.min(page, LOBBY_MAX_PAGE) : 1,
    vendorList: VENDOR_CODE.test(vendorList) ? vendorList : undefined,
  };
}

/** The query string of a lobby state, defaults left out so URLs stay short. */
export function lobbySearch(query: LobbyQuery, change: Partial<LobbyQuery> = {}): string {
  const next = { ...query, ...change };
  const params = new URLSearchParams();
  if (next.vendor) params.set("vendor", next.vendor);
  if (next.q) params.set("q", next.q);
  if (next.minBet) params.set("minBet", String(SLOT_FILTER.minBetFrom));
  if (next.lines) params.set("lines", String(SLOT_FILTER.linesFrom));
  if (next.sort !== "default") params.set("sort", next.sort);
  if (next.page > 1) params.set("page", String(next.page));
  if (next.vendorList) params.set("vendorList", next.vendorList);
  const search = params.toString();
  return search ? `?${search}` : "";
}

export type LaunchTarget =
  | { kind: "login" }
  | { kind: "realAccountNeeded" }
  | { kind: "page"; to: string }
  | { kind: "vendorList"; vassalage: string }
  | { kind: "launch" };

export const VN_LOTTERY_VENDOR = "TCG_LOTTO_VN";
export const SEA_LOTTERY_VENDOR = "TCG_SEA";
const LOTTERY_TYPES = ["LOTT", "ELOTT"];

/**
 * docs/SPEC.md point 4's launch rules: the login check of point 5 first; the two lottery vendors go to their
 * screens, lottery types to the lottery screen; a vendor entry opens its game list; anything else
 * launches into the game frame.
 */
export function launchTarget(
  game: Pick<Game, "gameType" | "vassalage" | "isVendorList" | "lotteryCode" | "playType">,
  check: LoginCheck,
): LaunchTarget {
  if (check === "login-required") return { kind: "login" };
  if (check === "real-account-needed") return { kind: "realAccountNeeded" };
  const vendor = game.vassalage.toUpperCase();
  if (vendor === VN_LOTTERY_VENDOR) return { kind: "page", to: "/vnlottery" };
  if (vendor === SEA_LOTTERY_VENDOR) return { kind: "page", to: "/seaLottery" };
  if (LOTTERY_TYPES.includes(game.gameType.toUpperCase())) {
    // The lottery screen opens a game by its lottery code (not the catalogue's node id); a game
    // without one opens the lottery lobby.
    if (!game.lotteryCode) return { kind: "page", to: "/lottery" };
    const search = new URLSearchParams({ gameCode: game.lotteryCode });
    if (game.playType) search.set("playType", game.playType);
    return { kind: "page", to: `/lottery?${search}` };
  }
  if (game.isVendorList) return { kind: "vendorList", vassalage: vendor };
  return { kind: "launch" };
}

/** What a game card's link carries to the launch route (/game). */
export type LaunchParams = {
  gameId: string;
  nodeId: string;
  vassalage: string;
  gameType: string;
  roomId?: string;
  lotteryCode?: string;
  playType?: string;
  /** A vendor entry (VASSALAGE): opens the vendor's list instead of launching. */
  isVendorList?: boolean;
  /** The lobby to come back to (and to open a vendor's list over). */
  from: string;
};

export function launchHref(params: LaunchParams): string {
  const search = new URLSearchParams({
    gameId: params.gameId,
    nodeId: params.nodeId,
    vassalage: params.vassalage,
    gameType: params.gameType,
  });
  if (params.roomId) search.set("roomId", params.roomId);
  if (params.lotteryCode) search.set("code", params.lotteryCode);
  if (params.playType) search.set("playType", params.playType);
  if (params.isVendorList) search.set("list", "1");
  // "/" is what a link without one comes back to (parseLaunchParams): left out, as on the home page's cards.
  if (params.from !== "/") search.set("from", params.from);
  return `/game?${search}`;
}

const ID = /^[\w.:-]{1,64}$/;
/** The lottery screen's own rule for gameCode and playType (pages/lottery.server.ts). */
export const LOTTERY_CODE = /^[\w-]{1,40}$/;

/**
 * Reads a launch link; undefined when it is not one (then /game shows the game already open).
 * A link with a vendor and no node (a navigation item standing for one vendor, DS88) starts that
 * vendor's first game.
 */
export function parseLaunchParams(params: URLSearchParams): LaunchParams | undefined {
  const get = (name: string) => (params.get(name) ?? "").trim();
  const [gameId, nodeId, vassalage, gameType, roomId] = [get("gameId"), get("nodeId"), get("vassalage"), get("gameType"), get("roomId")];
  if ((nodeId && !ID.test(nodeId)) || !VENDOR_CODE.test(vassalage.toUpperCase()) || !/^[A-Z0-9_]{1,20}$/i.test(gameType)) return undefined;
  if (gameId && !ID.test(gameId)) return undefined;
  const from = get("from");
  return {
    gameId,
    nodeId,
    vassalage: vassalage.toUpperCase(),
    gameType: gameType.toUpperCase(),
    roomId: roomId && ID.test(roomId) ? roomId : undefined,
    lotteryCode: LOTTERY_CODE.test(get("code")) ? get("code") : undefined,
    playType: LOTTERY_CODE.test(get("playType")) ? get("playType") : undefined,
    isVendorList: params.get("list") === "1",
    from: isLocalPath(from) ? from : "/",
  };
}

/**
 * The address a launch answered, as the game frame may load it: a real vendor's https address as
 * it is, the platform's own pages (/play/...) through this server's /play route (decision 014).
 */
export function frameAddress(url: string | null | undefined): string | undefined {
  // The address lives in the session cookie: a very long one would push it past 4 KB.
  if (!url || url.length > 1500) return undefined;
  if (/^https:\/\/[^\s"'<>]+$/i.test(url)) return url;
  if (/^\/play\/[\w-]+(\?[\w=&.-]*)?$/.test(url)) return url;
  return undefined;
}

/** A lobby path with a query string appended to what it already carries. */
export function withQuery(path: string, extra: Record<string, string>): string {
  const [base = "", search = ""] = path.split("?");
  const params = new URLSearchParams(search);
  for (const [k, v] of Object.entries(extra)) params.set(k, v);
  const s = params.toString();
  return s ? `${base}?${s}` : base;
}

/** Pages of a total, for the pager: never below 1. */
export function pageCount(totalCount: number, pageSize = LOBBY_PAGE_SIZE): number {
  return Math.max(1, Math.ceil(Math.max(0, totalCount) / pageSize));
}

/** Lottery numbers as the platform sends them ("1,2,3" or a list) → balls. */
export function lotteryBalls(numbers: string | readonly (string | number)[] | null | undefined): string[] {
  if (!numbers) return [];
  const list = typeof numbers === "string" ? numbers.split(/[,\s|]+/) : numbers.map(String);
  return list
    .map((n) => n.trim())
    .filter(Boolean)
    .slice(0, 20);
}

/** What a lobby page lists: a game type (crash is the RNG classification CRASH), maybe one vendor. */
export function lobbyFilter(page: { gameType?: string; vendor?: string }): { gameType?: string; vassalage?: string; classify?: string } {
  if (page.gameType === "CRASH") return { gameType: "RNG", classify: "CRASH", vassalage: page.vendor };
  return { gameType: page.gameType || undefined, vassalage: page.vendor };
}

/** The slot filter (minimum bet, lines) applies to slot lists only. */
export function hasSlotFilter(filter: { gameType?: string; classify?: string }): boolean {
  return filter.gameType === "RNG" && !filter.classify;
}
