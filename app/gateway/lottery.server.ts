import { z } from "zod";
import { lotteryBalls } from "~/domain/games";
import { call, type GatewayContext } from "./client.server";
import { id, num, textish } from "./games-wire.server";

// The lottery gateway (/lgw: raw JSON, no envelope): the menus of games by group, the latest and
// popular draws, and the opened numbers. Launching a lottery is a WPS launch (gamesApi).

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
      return code
        ? [
            {
              code,
              name: m.labelName || code,
              remark: m.remark ?? "",
              icon: m.mobileIconUrl ?? undefined,
              drawMinutes: m.drawMinutes ?? undefined,
            },
          ]
        : [];
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
    return [
      {
        code,
        name: d.labelName || code,
        icon: d.mobileIconUrl ?? undefined,
        prizeMode: d.prizeMode ?? undefined,
        issue: d.issue ?? "",
        numbers: lotteryBalls(d.numbers),
        drawnAt: d.drawnAt ?? undefined,
        nextDrawAt: d.nextDrawAt ?? undefined,
      },
    ];
  }),
);

export function lotteryApi(ctx: GatewayContext) {
  return {
    menus(prizeMode: "Lott" | "VN" | "SEA"): Promise<LotteryGroup[]> {
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

    /** The latest draw of each VN lottery (`fresh`: not from the 15 s cache, for the live boards). */
    vnRecentDraws(options: { fresh?: boolean } = {}): Promise<LotteryDraw[]> {
      return call(ctx, {
        method: "GET",
        path: "/lgw/vn/games/game_menu/recent",
        auth: "none",
        raw: true,
        cache: options.fresh ? false : 15,
        schema: draws,
      });
    },

    popular(prizeMode?: string, count = 20, options: { fresh?: boolean } = {}): Promise<LotteryDraw[]> {
      return call(ctx, {
        method: "GET",
        path: "/lgw/games/popular",
        query: { count, prizeMode, device: "MOBILE", language: ctx.language },
        auth: "none",
        raw: true,
        cache: options.fresh ? false : 15,
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
  };
}
