import { z } from "zod";
import type { Game } from "~/domain/games";
import type { GatewayContext } from "./client.server";
import { listIn, rowsOf, wrapList } from "./wire.server";

// The wire shapes of the game catalogue (GCSGAME_*, the favourites, launches, PvP rooms): tolerant
// readers that turn what the platform answers into the app's Game, pages and rows (decision 038).

const classify = z
  .union([z.string(), z.array(z.union([z.string(), z.object({}).passthrough()]))])
  .nullish()
  .transform((v): string[] => {
    if (!v) return [];
    if (typeof v === "string")
      return v
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean);
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

export const vendors = z.object({
  data: z.object({
    lanes: z.array(z.object({ title: z.string(), gameClassify: classify, cards: z.array(card).nullish() }).passthrough()),
  }),
});

// ---- Games (decision 014): one tolerant game shape for every list. ----

export const id = z.union([z.string(), z.number()]).transform(String);
export const num = z
  .union([
    z.number(),
    z
      .string()
      .regex(/^-?\d+(\.\d+)?$/)
      .transform(Number),
  ])
  .nullish();
export const textish = z.union([z.string(), z.number()]).transform(String).nullish();

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

export const games = (list: RawGame[] | null | undefined): Game[] => (list ?? []).flatMap((g) => toGame(g) ?? []);

// A bare array, or the games under `games`, `list`, `rows`, `records` (decision 038); a game we
// cannot read is left out, not the page.
export const gamePage = z.preprocess(
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

export function toPage(value: z.infer<typeof gamePage>, page: number, pageSize: number): GamePage {
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

export function listQuery(ctx: GatewayContext, f: GameListFilter) {
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

export const hotList = z.preprocess(wrapList, z.object({ list: rowsOf(gameSchema) }).passthrough());

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
export const winnerSchema = z.preprocess(wrapList, z.object({ list: rowsOf(winnerRow) }).passthrough());

export type Winner = {
  gameName: string;
  customerName: string;
  winAmount: number;
  icon?: string;
  nodeId?: string;
  gameType?: string;
  vendor?: string;
};

export const favouriteIds = z.union([
  z
    .object({ list: z.array(z.object({ nodeId: id }).passthrough()).nullish() })
    .passthrough()
    .transform((v) => (v.list ?? []).map((f) => f.nodeId)),
  z.array(
    z.union([
      id,
      z
        .object({ nodeId: id })
        .passthrough()
        .transform((f) => f.nodeId),
    ]),
  ),
]);

export const launchAnswer = z
  .object({
    content: z.object({ game_url: z.string().nullish(), gameUrl: z.string().nullish() }).passthrough().nullish(),
    gameUrl: z.string().nullish(),
  })
  .passthrough()
  .transform((v) => v.content?.game_url ?? v.content?.gameUrl ?? v.gameUrl ?? "");

export const room = z
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
