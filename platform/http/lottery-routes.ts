import type { Hono } from "hono";
import type { PrizeMode } from "../db/seed-lottery-data";
import { type Language, languageFrom } from "../messages";
import { drawFiller, type DrawScope, gameMenus, latestDraws, openedNumbers, popularGames, prizeModeFrom } from "../services/lottery";
import type { PlatformContext, PlatformDeps, PlatformEnv } from "./context";

// The lottery gateway (decision 014): raw JSON, no envelope, no token; the Merchant header is
// checked by the guard app.ts puts on /lgw/* and /lotto/*. Reads first fill in the draws due.

/** The Language header, else the `language` query value some calls carry. */
function langOf(c: PlatformContext): Language {
  return languageFrom(c.req.header("Language") ?? c.req.query("language"));
}

/** count from the query, clamped to 1..max; `fallback` when absent or malformed. */
function countOf(c: PlatformContext, fallback: number, max = 100): number {
  const raw = c.req.query("count")?.trim();
  const n = raw && /^-?\d{1,9}$/.test(raw) ? Number(raw) : fallback;
  return Math.min(Math.max(n, 1), max);
}

/** The gameCode asked for: undefined when absent, null when it cannot name a game. */
function gameCodeOf(c: PlatformContext): string | null | undefined {
  const raw = c.req.query("gameCode")?.trim();
  if (!raw) return undefined;
  return /^[A-Za-z0-9_-]{1,64}$/.test(raw) ? raw : null;
}

export function registerLotteryRoutes(app: Hono<PlatformEnv>, deps: PlatformDeps): void {
  const fill = drawFiller(deps.db);
  const merchantOf = (c: PlatformContext) => c.get("merchant").code;
  /** The draws due up to now of the games a read shows are in the table before it answers. */
  const drawsUpToNow = async (c: PlatformContext, scope: DrawScope) => {
    const now = deps.now();
    await fill(merchantOf(c), now, scope);
    return now;
  };

  // A prize mode the platform does not have lists nothing (an empty object), not an error.
  const menus = (c: PlatformContext, mode: PrizeMode | null) =>
    mode ? gameMenus(deps.db, merchantOf(c), mode, langOf(c)) : Promise.resolve({});
  const requestedMode = (c: PlatformContext): PrizeMode | null => {
    const raw = c.req.query("prizeMode");
    return raw === undefined || raw.trim() === "" ? "Lott" : prizeModeFrom(raw);
  };

  app.get("/lgw/games/game_menus", async (c) => c.json(await menus(c, requestedMode(c))));
  app.get("/lgw/games/mobile_game_menus", async (c) => c.json(await menus(c, requestedMode(c))));
  app.get("/lgw/vn/games/game_menu", async (c) => c.json(await menus(c, "VN")));

  app.get("/lgw/vn/games/game_menu/recent", async (c) => {
    const now = await drawsUpToNow(c, { prizeMode: "VN" });
    return c.json(await latestDraws(deps.db, merchantOf(c), "VN", langOf(c), now));
  });

  app.get("/lgw/games/popular", async (c) => {
    const raw = c.req.query("prizeMode")?.trim();
    const prizeMode = raw ? prizeModeFrom(raw) : undefined;
    if (prizeMode === null) return c.json([]);
    const now = await drawsUpToNow(c, { prizeMode, popular: true });
    return c.json(await popularGames(deps.db, merchantOf(c), { count: countOf(c, 20), prizeMode }, langOf(c), now));
  });

  app.get("/lgw/vn/numeros/opened/game", async (c) => {
    const gameCode = gameCodeOf(c);
    if (gameCode === null) return c.json([]);
    const now = await drawsUpToNow(c, { prizeMode: "VN", code: gameCode });
    const opts = { count: countOf(c, 100), gameCode, prizeMode: "VN" as const };
    return c.json(await openedNumbers(deps.db, merchantOf(c), opts, langOf(c), now));
  });

  app.get("/lotto/lgw/games/opened/numero", async (c) => {
    const gameCode = gameCodeOf(c);
    if (gameCode === null) return c.json([]);
    const now = await drawsUpToNow(c, { code: gameCode });
    return c.json(await openedNumbers(deps.db, merchantOf(c), { count: countOf(c, 100), gameCode }, langOf(c), now));
  });
}
