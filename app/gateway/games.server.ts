import { z } from "zod";
import { type Game, lotteryBalls } from "~/domain/games";
import type { VendorLane } from "~/domain/navigation";
import { call, type GatewayContext } from "./client.server";
import { forgetPerPlayer, perPlayer } from "./per-player.server";
import { listIn, rowsOf, wrapList } from "./wire.server";

const classify = z
  .union([z.string(), z.array(z.union([z.string(), z.object({}).passthrough()]))])
  .nullish()
  .transform((v): string[] => {
    if (!v) return [];
    if (typeof v === "string") return v.split(",").map((s) => s.trim()).filter(Boolean);
    return v.map((x) => (typeof x === "string" ? x : JSON.stringify(x)));
  });

const card = z
  .object({
    vassalage: z.string(),
    displayName: z.string().nullish(),
    isHot: z.coerce.number().nullish(),
    smallIcon: z.string().nullish(),
    h5Icon: z.string().nullish(),
    gameClassify: classify,
  })
  .passthrough();

const vendors = z.object({
  data: z.object({
    lanes: z.array(
      z
        .object({ title: z.string(), gameClassify: classify, cards: z.array(card).nullish() })
        .passthrough(),
    ),
  }),
});

// ---- Games (decision 014): one tolerant game shape for every list. ----

const id = z.union([z.string(), z.number()]).transform(String);
const num = z.union([z.number(), z.string().regex(/^-?\d+(\.\d+)?$/).transform(Number)]).nullish();
const textish = z.union([z.string(), z.number()]).transform(String).nullish();

const gameSchema = z
  .object({
    gameId: id.nullish(),
    nodeId: id.nullish(),
    gameName: textish,
    nodeName: textish,
    gameType: textish,
    vassalage: textish,
    vendor: textish,
    gameClassify: textish,
    showIcon: z.string().nullish(),
    defaultIcon: z.string().nullish(),
    roomId: id.nullish(),
    isGame: textish,
    isHot: z.union([z.number(), z.boolean(), z.string()]).nullish(),
    lines: num,
    minBet: num,
    rtp: num,
    releaseDate: z.string().nullish(),
    code: textish,
    defaultPlayType: textish,
  })
  .passthrough();

type RawGame = z.infer<typeof gameSchema>;

function toGame(raw: RawGame): Game | undefined {
  const nodeId = raw.nodeId ?? raw.gameId;
  const vassalage = (raw.vassalage ?? raw.vendor ?? "").toUpperCase();
  if (!nodeId || !vassalage) return undefined;
  return {
    gameId: raw.gameId ?? nodeId,
    nodeId,
    name: raw.gameName || raw.nodeName || nodeId,
    gameType: (raw.gameType ?? "").toUpperCase(),
    vassalage,
    classify: (raw.gameClassify ?? "").toUpperCase(),
    icon: raw.showIcon || raw.defaultIcon || undefined,
    roomId: raw.roomId ?? undefined,
    isVendorList: (raw.isGame ?? "").toUpperCase() === "VASSALAGE",
    isHot: raw.isHot === 1 || raw.isHot === true || raw.isHot === "1",
    lines: raw.lines ?? undefined,
    minBet: raw.minBet ?? undefined,
    rtp: raw.rtp ?? undefined,
    releaseDate: raw.releaseDate ?? undefined,
    lotteryCode: raw.code || undefined,
    playType: raw.defaultPlayType || undefined,
  };
}

const games = (list: RawGame[] | null | undefined): Game[] => (list ?? []).flatMap((g) => toGame(g) ?? []);

// A bare array, or the games under `games`, `list`, `rows`, `records` (decision 038); a game we
// cannot read is left out, not the page.
const gamePage = z.preprocess(
  (v) => {
    const o = typeof v === "object" && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
    return { ...o, games: Array.isArray(o.games) ? o.games : listIn(v) };
  },
  z
    .object({
      games: rowsOf(gameSchema),
      totalPages: num,
      totalCount: num,
      total: num,
      pageNum: num,
      // The platform stopped counting (the reference platform's cap, issue 14); absent elsewhere, and
      // anything but a boolean is read as absent rather than failing the list.
      totalCountCapped: z.boolean().nullish().catch(null),
    })
    .passthrough(),
);

/** `capped`: the platform stopped counting (its totalCountCapped, issue 14): there are more than totalCount. */
export type GamePage = { games: Game[]; totalCount: number; totalPages: number; page: number; capped: boolean };

function toPage(value: z.infer<typeof gamePage>, page: number, pageSize: number): GamePage {
  const list = games(value.games);
  const totalCount = value.totalCount ?? value.total ?? list.length;
  return {
    games: list,
    totalCount,
    totalPages: value.totalPages ?? Math.max(1, Math.ceil(totalCount / pageSize)),
    page: value.pageNum ?? page,
    capped: value.totalCountCapped === true,
  };
}

export type GameListFilter = {
  gameType?: string;
  vassalage?: string;
  classify?: string;
  name?: string;
  minBetFrom?: number;
  linesFrom?: number;
  sort?: string;
  page: number;
  pageSize: number;
};

function listQuery(ctx: GatewayContext, f: GameListFilter) {
  return {
    merchant: ctx.merchant,
    merchantCode: ctx.merchant,
    platform: "html5",
    clientType: 2,
    gameType: f.gameType,
    vassalage: f.vassalage,
    gameClassify: f.classify,
    gameName: f.name || undefined,
    minBetFrom: f.minBetFrom,
    linesFrom: f.linesFrom,
    sort: f.sort && f.sort !== "default" ? f.sort : undefined,
    pageNo: f.page,
    pageSize: f.pageSize,
    // g4: drop language when searching by name.
    language: f.name ? undefined : ctx.language,
  };
}

const hotList = z.preprocess(wrapList, z.object({ list: rowsOf(gameSchema) }).passthrough());

// `list[{vo: {…}}]` (H), or the winner's fields on the row itself (M: one client's board).
const winnerRow = z.preprocess(
  (row) => (typeof row === "object" && row !== null && !("vo" in row) ? { vo: row } : row),
  z
    .object({
      vo: z
        .object({
          gameName: textish,
          customerName: textish,
          winAmount: num,
          iconUrl: z.string().nullish(),
          nodeId: textish,
          gameType: textish,
          vendor: textish,
        })
        .passthrough(),
    })
    .passthrough(),
);
const winnerSchema = z.preprocess(wrapList, z.object({ list: rowsOf(winnerRow) }).passthrough());

export type Winner = { gameName: string; customerName: string; winAmount: number; icon?: string; nodeId?: string; gameType?: string; vendor?: string };

const favouriteIds = z.union([
  z.object({ list: z.array(z.object({ nodeId: id }).passthrough()).nullish() }).passthrough().transform((v) => (v.list ?? []).map((f) => f.nodeId)),
  z.array(z.union([id, z.object({ nodeId: id }).passthrough().transform((f) => f.nodeId)])),
]);

const launchAnswer = z
  .object({
    content: z.object({ game_url: z.string().nullish(), gameUrl: z.string().nullish() }).passthrough().nullish(),
    gameUrl: z.string().nullish(),
  })
  .passthrough()
  .transform((v) => v.content?.game_url ?? v.content?.gameUrl ?? v.gameUrl ?? "");

const room = z
  .object({
    roomId: id,
    roomName: textish,
    gameId: id.nullish(),
    nodeId: id.nullish(),
    vassalage: textish,
    minBet: num,
    players: num,
    maxPlayers: num,
  })
  .passthrough();

export type PvpRoom = z.infer<typeof room>;

// ---- Lottery gateway (/lgw: raw JSON, no envelope). ----

const lotteryGameSchema = z
  .object({
    gameId: id.nullish(),
    code: textish,
    labelName: textish,
    remark: textish,
    mobileIconUrl: z.string().nullish(),
    drawMinutes: num,
  })
  .passthrough();

const lotteryGroupSchema = z
  .object({
    gameGroupCode: textish,
    gameGroupId: id.nullish(),
    labelName: textish,
    gameMenus: z.array(lotteryGameSchema).nullish(),
    games: z.array(lotteryGameSchema).nullish(),
  })
  .passthrough();

const menusSchema = z.union([z.array(lotteryGroupSchema), z.record(lotteryGroupSchema).transform((o) => Object.values(o))]);

export type LotteryGame = { code: string; name: string; remark: string; icon?: string; drawMinutes?: number };
export type LotteryGroup = { code: string; name: string; games: LotteryGame[] };

function toGroups(groups: z.infer<typeof lotteryGroupSchema>[]): LotteryGroup[] {
  return groups.flatMap((g) => {
    const list = (g.gameMenus ?? g.games ?? []).flatMap((m) => {
      const code = m.code ?? m.gameId;
      return code ? [{ code, name: m.labelName || code, remark: m.remark ?? "", icon: m.mobileIconUrl ?? undefined, drawMinutes: m.drawMinutes ?? undefined }] : [];
    });
    const code = g.gameGroupCode ?? g.gameGroupId ?? "";
    return list.length > 0 ? [{ code, name: g.labelName || code, games: list }] : [];
  });
}

const drawSchema = z
  .object({
    gameId: id.nullish(),
    code: textish,
    labelName: textish,
    mobileIconUrl: z.string().nullish(),
    prizeMode: textish,
    issue: textish,
    numbers: z.union([z.string(), z.array(z.union([z.string(), z.number()]))]).nullish(),
    drawnAt: num,
    nextDrawAt: num,
  })
  .passthrough();

export type LotteryDraw = {
  code: string;
  name: string;
  icon?: string;
  prizeMode?: string;
  issue: string;
  numbers: string[];
  drawnAt?: number;
  nextDrawAt?: number;
};

const draws = z.array(drawSchema).transform((list) =>
  list.flatMap((d): LotteryDraw[] => {
    const code = d.code ?? d.gameId;
    if (!code) return [];
    return [{
      code,
      name: d.labelName || code,
      icon: d.mobileIconUrl ?? undefined,
      prizeMode: d.prizeMode ?? undefined,
      issue: d.issue ?? "",
      numbers: lotteryBalls(d.numbers),
      drawnAt: d.drawnAt ?? undefined,
      nextDrawAt: d.nextDrawAt ?? undefined,
    }];
  }),
);

/** How long the games a player launched last are kept for the home page (a launch here drops them). */
const RECENT_SECONDS = 30;

export function gamesApi(ctx: GatewayContext) {
  /** The platform records a launch among the player's recent games: what was kept is stale now. */
  const launched = (launch: Promise<string>) => launch.finally(() => forgetPerPlayer(ctx.token, "recent:"));

  return {
    /** A page of games (GCSGAME_gameList), filtered on the platform. Public: cached briefly. */
    async gameList(filter: GameListFilter): Promise<GamePage> {
      const value = await call(ctx, {
        method: "GET",
        path: "/wps/relay/GCSGAME_gameList",
        query: listQuery(ctx, filter),
        auth: "none",
        moduleId: "GAMELO3",
        // Searches are the player's own words: caching them would push shared entries out.
        cache: !filter.name,
        schema: gamePage,
      });
      return toPage(value, filter.page, filter.pageSize);
    },

    async hotGames(vassalage?: string): Promise<Game[]> {
      const value = await call(ctx, {
        method: "GET",
        path: "/wps/relay/GCSGAME_hotGamesV2",
        query: { isPlatform: 2, language: ctx.language, platform: "html5", merchantCode: ctx.merchant, vassalage },
        auth: "none",
        moduleId: "GAMELOHOT3",
        cache: true,
        schema: hotList,
      });
      return games(value.list);
    },

    async winners(limit = 20): Promise<Winner[]> {
      const value = await call(ctx, {
        method: "GET",
        path: "/wps/relay/GCSGAME_getRankList",
        query: { gameCategory: "ALL", language: ctx.language, limitNum: limit },
        auth: "none",
        cache: true,
        schema: winnerSchema,
      });
      return (value.list ?? []).map(({ vo }) => ({
        gameName: vo.gameName ?? "",
        customerName: vo.customerName ?? "",
        winAmount: vo.winAmount ?? 0,
        icon: vo.iconUrl ?? undefined,
        nodeId: vo.nodeId ?? undefined,
        gameType: vo.gameType ?? undefined,
        vendor: vo.vendor ?? undefined,
      }));
    },

    /** The node ids of the player's favourites, for marking hearts. */
    async favouriteIds(): Promise<Set<string>> {
      const value = await call(ctx, {
        method: "GET",
        path: "/wps/relay/MCSFE_getFavoriteGames",
        auth: "required",
        moduleId: "GAMELOFAV3",
        schema: favouriteIds,
      });
      return new Set(value);
    },

    async favourites(filter: GameListFilter): Promise<GamePage> {
      const { merchant: _m, merchantCode: _c, ...query } = listQuery(ctx, filter);
      const value = await call(ctx, {
        method: "GET",
        path: "/wps/relay/MCSFE_getFavoriteGamesList",
        query,
        auth: "required",
        moduleId: "GAMELOFAV3",
        schema: gamePage,
      });
      return toPage(value, filter.page, filter.pageSize);
    },

    async setFavourite(game: { nodeId: string; vassalage: string; gameType: string }, on: boolean): Promise<void> {
      await call(ctx, {
        method: on ? "POST" : "DELETE",
        path: on ? "/wps/relay/MCSFE_addFavoriteGameV2" : "/wps/relay/MCSFE_removeFavoriteGameV2",
        body: { nodeId: game.nodeId, vendor: game.vassalage, gameType: game.gameType },
        auth: "required",
        moduleId: "GAMELOFAV3",
        schema: z.unknown(),
      });
    },

    /** The games the player launched last, kept 30 s for the player; a launch here drops them. */
    async recentGames(pageSize = 12): Promise<Game[]> {
      const read = () =>
        call(ctx, {
          method: "GET",
          path: "/wps/relay/GCS_recentGame",
          query: { pageNo: 1, pageSize },
          auth: "required",
          moduleId: "GAMELOREC3",
          schema: gamePage,
        });
      const value = ctx.token ? await perPlayer(ctx.token, `recent:${ctx.language}:${pageSize}`, RECENT_SECONDS, read) : await read();
      return games(value.games);
    },

    async pvpRooms(vassalage?: string): Promise<PvpRoom[]> {
      const value = await call(ctx, {
        method: "GET",
        path: "/wps/relay/GLS2_roomList",
        query: { vassalage },
        auth: "none",
        cache: true,
        schema: rowsOf(room),
      });
      return value;
    },

    /** Starts a casino game (launchMode GLS); the answer is the address to frame. */
    launchGame(game: { gameId?: string; nodeId: string; vassalage: string; roomId?: string }): Promise<string> {
      return launched(call(ctx, {
        method: "GET",
        path: "/wps/game/launchGame",
        query: {
          confirmTrans: 0,
          launchMode: "GLS",
          platform: "html5",
          clientType: 2,
          gameId: game.gameId,
          nodeId: game.nodeId,
          roomId: game.roomId,
          accountType: 1,
          vassalage: game.vassalage,
          merchantCode: ctx.merchant,
          language: ctx.language,
          webView: false,
        },
        auth: "required",
        moduleId: "GAMELO3",
        schema: launchAnswer,
      }));
    },

    /** Starts a lottery (launchMode LOTT): VN, SEA or the TCG lotteries. */
    launchLottery(lottery: { area: string; prizeMode?: string; gameCode?: string; playType?: string; view: "betting" | "lobby"; backUrl: string; seaMode?: boolean }): Promise<string> {
      return launched(call(ctx, {
        method: "GET",
        path: "/wps/game/launchGame",
        query: {
          launchMode: "LOTT",
          lottoArea: lottery.area,
          lottoPrizeMode: lottery.prizeMode,
          lottoGameCode: lottery.gameCode,
          playType: lottery.playType,
          lottoView: lottery.view,
          lottoMode: lottery.seaMode ? "SEA_Tradition_Mobile" : undefined,
          device: "MOBILE",
          backUrl: lottery.backUrl,
          hasLobby: true,
          merchantCode: ctx.merchant,
          language: ctx.language,
        },
        auth: "required",
        moduleId: "GAMELO3",
        schema: launchAnswer,
      }));
    },

    lotteryMenus(prizeMode: "Lott" | "VN" | "SEA"): Promise<LotteryGroup[]> {
      return call(ctx, {
        method: "GET",
        path: prizeMode === "VN" ? "/lgw/vn/games/game_menu" : "/lgw/games/game_menus",
        query: prizeMode === "VN" ? {} : { prizeMode },
        auth: "none",
        raw: true,
        cache: true,
        schema: menusSchema.transform(toGroups),
      });
    },

    /** The latest draw of each VN lottery. */
    vnRecentDraws(): Promise<LotteryDraw[]> {
      return call(ctx, { method: "GET", path: "/lgw/vn/games/game_menu/recent", auth: "none", raw: true, cache: 15, schema: draws });
    },

    popularLotteries(prizeMode?: string, count = 20): Promise<LotteryDraw[]> {
      return call(ctx, {
        method: "GET",
        path: "/lgw/games/popular",
        query: { count, prizeMode, device: "MOBILE", language: ctx.language },
        auth: "none",
        raw: true,
        cache: 15,
        schema: draws,
      });
    },

    /** Opened numbers, newest first: VN (count 100 by the spec) or the TCG lotteries. */
    openedNumbers(area: "VN" | "Lott", gameCode?: string, count = 100): Promise<LotteryDraw[]> {
      return call(ctx, {
        method: "GET",
        path: area === "VN" ? "/lgw/vn/numeros/opened/game" : "/lotto/lgw/games/opened/numero",
        query: { count, gameCode },
        auth: "none",
        raw: true,
        cache: 15,
        schema: draws,
      });
    },

    /** Vendors per game type (the lanes that feed navigation). */
    async vendorLanes(): Promise<VendorLane[]> {
      const value = await call(ctx, {
        method: "GET",
        path: "/wps/relay/GCSGAME_newGameVendor",
        query: { platform: "html5", merchantCode: ctx.merchant },
        auth: "none",
        cache: true,
        schema: vendors,
      });
      return value.data.lanes.map((lane) => ({
        gameType: lane.title.toUpperCase(),
        classify: lane.gameClassify,
        vendors: (lane.cards ?? []).map((c) => ({
          vassalage: c.vassalage,
          displayName: c.displayName || c.vassalage,
          isHot: c.isHot === 1,
          icon: c.h5Icon || c.smallIcon || undefined,
          classify: c.gameClassify,
        })),
      }));
    },
  };
}
