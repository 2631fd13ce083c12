import { z } from "zod";
import type { Game } from "~/domain/games";
import type { VendorLane } from "~/domain/navigation";
import { call, type GatewayContext } from "./client.server";
import {
  favouriteIds,
  type GameListFilter,
  type GamePage,
  gamePage,
  games,
  hotList,
  launchAnswer,
  listQuery,
  type PvpRoom,
  room,
  toPage,
  vendors,
  type Winner,
  winnerSchema,
} from "./games-wire.server";
import { forgetPerPlayer, perPlayer } from "./per-player.server";
import { rowsOf } from "./wire.server";

export type { GameListFilter, GamePage, PvpRoom, Winner } from "./games-wire.server";

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
      return launched(
        call(ctx, {
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
        }),
      );
    },

    /** Starts a lottery (launchMode LOTT): VN, SEA or the TCG lotteries. */
    launchLottery(lottery: {
      area: string;
      prizeMode?: string;
      gameCode?: string;
      playType?: string;
      view: "betting" | "lobby";
      backUrl: string;
      seaMode?: boolean;
    }): Promise<string> {
      return launched(
        call(ctx, {
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
        }),
      );
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
