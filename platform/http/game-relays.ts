import { z } from "zod";
import { type GameFilters, type GameSort, hotGames, listFavouriteGames, listGames, vendorTypeMap } from "../services/games";
import { rankList, roomList } from "../services/winners-and-rooms";
import { addFavourite, FAVOURITE_LIMIT, type FavouriteResult, favouriteIds, recentGames, removeFavourite } from "../services/favourites";
import type { Paging } from "../services/periods";
import { readJson, text } from "./accounts";
import { type PlatformContext, type PlatformDeps, PlatformError } from "./context";

// The catalogue relays of decision 014. Query values are read tolerantly: a malformed number or
// an unknown sort falls back to the default, paging is clamped, nothing reaches SQL but as a
// parameter.

export interface Relay {
  /** Whether the call needs a session token (contract §1.5). */
  token: boolean;
  /** The whitelabel module that must be on, else function.not.available. */
  module?: string;
  /** Methods it answers; GET and POST when not said. */
  methods?: readonly RelayMethod[];
  handle(c: PlatformContext): Promise<unknown>;
}

export type RelayMethod = "GET" | "POST" | "DELETE";

const MAX_PAGE_NO = 1_000_000;

/** A query value, trimmed, without NUL (PostgreSQL text cannot hold it); undefined when empty. */
function query(c: PlatformContext, name: string, max: number): string | undefined {
  const raw = c.req
    .query(name)
    ?.replace(/\u0000/g, "")
    .trim()
    .slice(0, max);
  return raw || undefined;
}

/** An integer query value, or undefined when absent or not a plain integer. */
function intQuery(c: PlatformContext, name: string): number | undefined {
  const raw = c.req.query(name)?.trim();
  return raw && /^-?\d{1,12}$/.test(raw) ? Number(raw) : undefined;
}

/** A non-negative finite number, or undefined. */
function numberQuery(c: PlatformContext, name: string): number | undefined {
  const raw = c.req.query(name)?.trim();
  if (!raw || !/^\d{1,12}(\.\d+)?$/.test(raw)) return undefined;
  return Number(raw);
}

/** A code (game type, vassalage, classification): trimmed, upper case, at most 32 characters. */
function codeQuery(c: PlatformContext, name: string): string | undefined {
  return query(c, name, 32)?.toUpperCase();
}

/** pageNo from 1 (default 1); pageSize 1..max (default 30): out-of-range values are clamped. */
export function pagingFrom(c: PlatformContext, max = 100, fallback = 30): Paging {
  const pageNo = Math.min(Math.max(intQuery(c, "pageNo") ?? 1, 1), MAX_PAGE_NO);
  const pageSize = Math.min(Math.max(intQuery(c, "pageSize") ?? fallback, 1), max);
  return { pageNo, pageSize };
}

const SORTS: readonly GameSort[] = ["default", "new", "name", "rtp"];

/** The game-list filters of decision 014 from the query string. */
export function filtersFrom(c: PlatformContext): GameFilters {
  const sort = c.req.query("sort")?.trim().toLowerCase();
  const minBet = numberQuery(c, "minBetFrom");
  const lines = numberQuery(c, "linesFrom");
  return {
    gameType: codeQuery(c, "gameType"),
    vassalage: codeQuery(c, "vassalage"),
    gameClassify: codeQuery(c, "gameClassify"),
    gameName: query(c, "gameName", 100),
    // Major units on the wire, minor in the table.
    minBetFrom: minBet === undefined ? undefined : Math.round(minBet * 100),
    linesFrom: lines === undefined ? undefined : Math.ceil(lines),
    sort: SORTS.find((s) => s === sort) ?? "default",
  };
}

const favouriteBody = z.object({
  nodeId: z.union([z.string(), z.number().finite()]).transform(String).pipe(z.string().trim().min(1).max(64)),
  vendor: text(32),
  gameType: text(32),
});

function favouriteOutcome(result: FavouriteResult): true {
  if (result === "not-found") throw new PlatformError("game.not.found", "game.not.found");
  if (result === "limit") throw new PlatformError("favourite.limit", "favourite.limit", 200, { vars: { max: FAVOURITE_LIMIT } });
  return true;
}

export function gameRelays(deps: PlatformDeps): Record<string, Relay> {
  const merchantOf = (c: PlatformContext) => c.get("merchant").code;
  const memberOf = (c: PlatformContext) => c.get("member").memberId;
  return {
    GCSGAME_gameList: {
      token: false,
      module: "GAMELO3",
      handle: (c) => listGames(deps.db, merchantOf(c), filtersFrom(c), pagingFrom(c)),
    },
    GCSGAME_hotGamesV2: {
      token: false,
      module: "GAMELOHOT3",
      handle: (c) => hotGames(deps.db, merchantOf(c), codeQuery(c, "vassalage")),
    },
    GCSGAME_getVassGameType: {
      token: false,
      handle: (c) => vendorTypeMap(deps.db, merchantOf(c)),
    },
    GCSGAME_getRankList: {
      token: false,
      handle: (c) => {
        const limit = Math.min(Math.max(intQuery(c, "limitNum") ?? 20, 1), 50);
        return rankList(deps.db, merchantOf(c), codeQuery(c, "gameCategory"), limit);
      },
    },
    GLS2_roomList: {
      token: false,
      handle: (c) =>
        roomList(deps.db, merchantOf(c), {
          vassalage: codeQuery(c, "vassalage"),
          gameId: intQuery(c, "gameId"),
          nodeId: query(c, "nodeId", 64),
        }),
    },
    MCSFE_getFavoriteGames: {
      token: true,
      module: "GAMELOFAV3",
      handle: (c) => favouriteIds(deps.db, merchantOf(c), memberOf(c)),
    },
    MCSFE_getFavoriteGamesList: {
      token: true,
      module: "GAMELOFAV3",
      handle: (c) => listFavouriteGames(deps.db, merchantOf(c), memberOf(c), filtersFrom(c), pagingFrom(c)),
    },
    MCSFE_addFavoriteGameV2: {
      token: true,
      module: "GAMELOFAV3",
      methods: ["POST"],
      handle: async (c) => {
        const body = await readJson(c, favouriteBody);
        const ref = { nodeId: body.nodeId, vendor: body.vendor?.trim().toUpperCase() };
        return favouriteOutcome(await deps.db.tx((sql) => addFavourite(sql, merchantOf(c), memberOf(c), ref, deps.now())));
      },
    },
    MCSFE_removeFavoriteGameV2: {
      token: true,
      module: "GAMELOFAV3",
      methods: ["DELETE"],
      handle: async (c) => {
        const body = await readJson(c, favouriteBody);
        const ref = { nodeId: body.nodeId, vendor: body.vendor?.trim().toUpperCase() };
        return favouriteOutcome(await removeFavourite(deps.db, merchantOf(c), memberOf(c), ref));
      },
    },
    GCS_recentGame: {
      token: true,
      module: "GAMELOREC3",
      handle: (c) => recentGames(deps.db, merchantOf(c), memberOf(c), pagingFrom(c)),
    },
  };
}
