import type { Sql } from "../db/db";
import { toMajor } from "../money";
import type { Paging } from "./periods";

// The game catalogue of decision 014: lobby lists (the favourites list among them), hot games and
// the vendors by type (a member's favourites and recent games are in favourites.ts, the winners
// board and the PvP rooms in winners-and-rooms.ts).
// Every list hides disabled games (operator `game … off`).

export const HOT_LIMIT = 24;

export type GameSort = "default" | "new" | "name" | "rtp";

export interface GameFilters {
  /** A game type, or "HOT" for hot games of every type. */
  gameType?: string;
  vassalage?: string;
  gameClassify?: string;
  /** Case-insensitive substring of the name. */
  gameName?: string;
  /** Minor units: games whose minimum bet is at least this. */
  minBetFrom?: number;
  linesFrom?: number;
  sort: GameSort;
}

export interface GameRow {
  id: number;
  node_id: string;
  name: string;
  game_type: string;
  vassalage: string;
  classify: string;
  is_game: string;
  is_hot: boolean;
  lines: number;
  min_bet: number;
  rtp: number;
  release_date: string;
  room_id: number | null;
  lottery_code: string;
}

export interface Game {
  gameId: number;
  nodeId: string;
  gameName: string;
  nodeName: string;
  gameType: string;
  vassalage: string;
  gameClassify: string;
  showIcon: string;
  defaultIcon: string;
  roomId: number | null;
  isGame: string;
  isHot: 0 | 1;
  lines: number;
  minBet: number;
  rtp: number;
  releaseDate: string;
  /** An e-lottery game's lottery code (Game (launch): code); absent for the others. */
  code?: string;
}

export const gameIconUrl = (gameId: number) => `/media/game/${gameId}.svg`;

/** The columns every list selects (alias g); a PvP game carries its first room. */
export const GAME_COLUMNS = `g.id, g.node_id, g.name, g.game_type, g.vassalage, g.classify, g.is_game, g.is_hot, g.lines, g.min_bet,
  g.rtp::float8 AS rtp, to_char(g.release_date, 'YYYY-MM-DD') AS release_date, g.lottery_code,
  CASE WHEN g.game_type = 'PVP' THEN (SELECT r.id FROM pvp_rooms r WHERE r.game_id = g.id ORDER BY r.sort, r.id LIMIT 1) END AS room_id`;

export function toGame(row: GameRow): Game {
  const icon = gameIconUrl(row.id);
  return {
    gameId: row.id,
    nodeId: row.node_id,
    gameName: row.name,
    nodeName: row.name,
    gameType: row.game_type,
    vassalage: row.vassalage,
    gameClassify: row.classify,
    showIcon: icon,
    defaultIcon: icon,
    roomId: row.room_id,
    isGame: row.is_game,
    isHot: row.is_hot ? 1 : 0,
    lines: row.lines,
    minBet: toMajor(row.min_bet),
    rtp: row.rtp,
    releaseDate: row.release_date,
    ...(row.lottery_code ? { code: row.lottery_code } : {}),
  };
}

/** Text matched literally by LIKE (whose escape character is the backslash). */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * Whether the trigram index can answer a name search: pg_trgm finds trigrams in runs of letters and
 * digits, so a search without three in a row ("ox", "7", "a-z", "%") has none to look up.
 */
const trigramSearch = (name: string) => /[a-z0-9]{3}/i.test(name);

/**
 * WHERE clauses of the filters on alias g; values go into params, never into the text. With
 * `pieces`, a search the trigram index cannot answer asks the pieces index of migration 012.
 */
function filterClauses(f: GameFilters, params: unknown[], pieces = true): string[] {
  const add = (value: unknown) => `$${params.push(value)}`;
  const clauses = ["g.enabled"];
  if (f.gameType === "HOT") clauses.push("g.is_hot");
  else if (f.gameType) clauses.push(`g.game_type = ${add(f.gameType)}`);
  // A vendor's list shows its games, not the VASSALAGE entry that stands for the vendor itself.
  if (f.vassalage) clauses.push(`g.vassalage = ${add(f.vassalage)}`, "g.is_game = ''");
  if (f.gameClassify) clauses.push(`g.classify = ${add(f.gameClassify)}`);
  // A case-insensitive substring. LIKE on lower(name) when the trigram index of migration 012 can
  // answer it (the player's %, _ and \ escaped: they match themselves); else strpos, which that
  // index cannot take (for a pattern without trigrams it would read the whole index), and every
  // one- and two-character piece of the search, which a name containing it holds too: the pieces
  // index finds those names.
  if (f.gameName && trigramSearch(f.gameName)) clauses.push(`lower(g.name) LIKE lower(${add(`%${escapeLike(f.gameName)}%`)}::text)`);
  else if (f.gameName) {
    const text = add(f.gameName);
    clauses.push(`strpos(lower(g.name), lower(${text}::text)) > 0`);
    if (pieces) clauses.push(`game_name_grams(lower(g.name)) @> game_name_grams(lower(${text}::text))`);
  }
  if (f.minBetFrom !== undefined) clauses.push(`g.min_bet >= ${add(f.minBetFrom)}`);
  if (f.linesFrom !== undefined) clauses.push(`g.lines >= ${add(f.linesFrom)}`);
  return clauses;
}

const ORDER: Record<Exclude<GameSort, "default">, string> = {
  new: "g.release_date DESC, g.id",
  name: "lower(g.name), g.id",
  rtp: "g.rtp DESC, g.id",
};

export interface GamePage {
  games: Game[];
  totalPages: number;
  totalCount: number;
  pageNum: number;
  /**
   * Present (true) when more games match than the count cap: totalCount is then the cap, a lower
   * bound (the site shows "10,000+"), and totalPages reaches one page past this one while more follow.
   */
  totalCountCapped?: true;
}

/**
 * What a list costs at most (issue 14: lobbies at 100,000 games). Counting stops after countCap
 * matches; pages reach pageWindow rows deep, as OFFSET costs what it skips.
 */
export interface ListLimits {
  countCap: number;
  pageWindow: number;
}

/** A list: "10,000+" past 10,000 games; the site's 1,000 pages of 30. */
export const LIST_LIMITS: ListLimits = { countCap: 10_000, pageWindow: 30_000 };
/**
 * A name search: "1,000+" and its first 1,000 games. Each match is read from the table to check
 * it (a trigram index only narrows the candidates), so a search counts and pages fewer.
 */
export const SEARCH_LIMITS: ListLimits = { countCap: 1_000, pageWindow: 1_000 };

/** How many matches a search by pieces gathers before it walks the order instead (see pageOfGames). */
const GATHERED = 5_000;

/** Each order's key, as gatherPage keeps it with the id (k), and how the gathered rows sort by it. */
const GATHERED_KEY: Record<GameSort, [key: string, order: string]> = {
  default: ["g.sort", "m.k, m.id"],
  new: ["g.release_date", "m.k DESC, m.id"],
  name: ["lower(g.name)", "m.k, m.id"],
  rtp: ["g.rtp", "m.k DESC, m.id"],
};
const FAVOURITES_KEY: [key: string, order: string] = ["fav.created_at", "m.k DESC, m.id DESC"];

/**
 * At most GATHERED + 1 matches of the filters (through the pieces index) with their order's key
 * and, from them, one page's ids in the list's order: `total` above GATHERED means there were
 * more (and no page).
 */
async function gatherPage(
  sql: Sql,
  q: { params: unknown[]; from: string; where: string },
  sort: GameSort,
  favourites: boolean,
  limit: number,
  offset: number,
): Promise<{ total: number; ids: number[] }> {
  const n = q.params.length;
  const [key, order] = sort === "default" && favourites ? FAVOURITES_KEY : GATHERED_KEY[sort];
  const [row] = await sql.query<{ total: number; ids: number[] }>(
    `WITH m AS MATERIALIZED (SELECT g.id, ${key} AS k FROM ${q.from} WHERE ${q.where} LIMIT $${n + 1}),
          c AS (SELECT count(*)::int AS total FROM m)
     SELECT c.total, CASE WHEN c.total <= $${n + 4} THEN ARRAY(SELECT m.id FROM m ORDER BY ${order} LIMIT $${n + 2} OFFSET $${n + 3}) ELSE '{}' END AS ids
       FROM c`,
    [...q.params, GATHERED + 1, limit, offset, GATHERED],
  );
  return { total: row?.total ?? 0, ids: (row?.ids ?? []).map(Number) };
}

/**
 * One page of games under the filters; with `favouritesOf`, only that member's favourites (their
 * default order: newest favourite first). Count and page are two queries: a window count would
 * build every matching row before the LIMIT, while the page alone walks an index.
 *
 * The count is capped (a LIMITed subquery), so it costs at most the cap's rows however large the
 * catalogue. The page picks its ids in an inner query that reads only the order's index (an
 * index-only scan where the index covers it) and fetches the columns of those ids alone; it asks
 * for one row more than the page, so a capped list knows whether another page follows. A search of
 * one or two letters counts and pages from its gathered matches instead (gatherPage), in one query.
 */
async function pageOfGames(
  sql: Sql,
  merchant: string,
  f: GameFilters,
  paging: Paging,
  favouritesOf?: number,
  limits: ListLimits = f.gameName ? SEARCH_LIMITS : LIST_LIMITS,
): Promise<GamePage> {
  const query = (pieces: boolean) => {
    const params: unknown[] = [merchant];
    const clauses = ["g.merchant = $1", ...filterClauses(f, params, pieces)];
    const from =
      favouritesOf === undefined
        ? "games g"
        : `games g JOIN favourite_games fav ON fav.game_id = g.id AND fav.member_id = $${params.push(favouritesOf)}`;
    return { params, from, where: clauses.join(" AND ") };
  };
  const { pageNo, pageSize } = paging;
  const offset = (pageNo - 1) * pageSize;
  // Rows past the window are not served; a page that straddles it is cut at its edge.
  const take = Math.min(pageSize, limits.pageWindow - offset);
  const defaultOrder = favouritesOf === undefined ? "g.sort, g.id" : "fav.created_at DESC, g.id DESC";
  const order = f.sort === "default" ? defaultOrder : ORDER[f.sort];
  const counting = query(true);
  const byPieces = Boolean(f.gameName) && !trigramSearch(f.gameName!);
  // A search by pieces ("ox") first gathers its matches from the pieces index, up to GATHERED,
  // with the columns each order needs: then the count is exact and the page is sorted from them.
  // Walking the order instead costs what it skips divided by the share of names that match, which
  // for a rare pair deep in its pages is most of the catalogue (a pair matching 3 % of 100,000
  // games, page 20: 20,000 entries); gathering costs the matches alone.
  const gathered = byPieces && take > 0 ? await gatherPage(sql, counting, f.sort, favouritesOf !== undefined, take + 1, offset) : undefined;
  let matched: number;
  if (gathered && gathered.total <= GATHERED) matched = gathered.total;
  else if (gathered && GATHERED >= limits.countCap) matched = limits.countCap + 1;
  else {
    const [counted] = await sql.query<{ total: number }>(
      `SELECT count(*) AS total FROM (SELECT 1 FROM ${counting.from} WHERE ${counting.where} LIMIT $${counting.params.length + 1}) capped`,
      [...counting.params, limits.countCap + 1],
    );
    matched = counted?.total ?? 0;
  }
  const capped = matched > limits.countCap;
  // More matches than were gathered (three in four games for "a"): so common that walking the
  // order finds a page soon, without the pieces index, which would gather every match first.
  const paged = byPieces && capped ? query(false) : counting;
  const rows =
    take <= 0 || (!capped && offset >= matched)
      ? []
      : gathered && gathered.total <= GATHERED
        ? await sql.query<GameRow>(
            `SELECT ${GAME_COLUMNS} FROM unnest($1::bigint[]) WITH ORDINALITY AS p(id, ord) JOIN games g ON g.id = p.id ORDER BY p.ord`,
            [gathered.ids],
          )
        : await sql.query<GameRow>(
            `SELECT ${GAME_COLUMNS}
               FROM unnest(ARRAY(SELECT g.id FROM ${paged.from} WHERE ${paged.where} ORDER BY ${order}
                                 LIMIT $${paged.params.length + 1} OFFSET $${paged.params.length + 2})) WITH ORDINALITY AS p(id, ord)
               JOIN games g ON g.id = p.id
              ORDER BY p.ord`,
            [...paged.params, take + 1, offset],
          );
  const more = rows.length > take;
  const games = rows.slice(0, take).map(toGame);
  const windowPages = Math.ceil(limits.pageWindow / pageSize);
  if (!capped) return { games, totalPages: Math.min(windowPages, Math.ceil(matched / pageSize)), totalCount: matched, pageNum: pageNo };
  // More than the cap: at least the pages the cap fills, one more while another follows this one,
  // never past the window.
  const known = Math.ceil((limits.countCap + 1) / pageSize);
  const reached = games.length === 0 ? 0 : more && offset + take < limits.pageWindow ? pageNo + 1 : pageNo;
  return {
    games,
    totalPages: Math.min(windowPages, Math.max(known, reached)),
    totalCount: limits.countCap,
    pageNum: pageNo,
    totalCountCapped: true,
  };
}

/** GCSGAME_gameList. */
export function listGames(sql: Sql, merchant: string, f: GameFilters, paging: Paging, limits?: ListLimits): Promise<GamePage> {
  return pageOfGames(sql, merchant, f, paging, undefined, limits);
}

/** MCSFE_getFavoriteGamesList: the game-list value over the member's favourites. */
export function listFavouriteGames(sql: Sql, merchant: string, memberId: number, f: GameFilters, paging: Paging): Promise<GamePage> {
  return pageOfGames(sql, merchant, f, paging, memberId);
}

/** GCSGAME_hotGamesV2: at most 24 hot games in the operator's order, of one vendor if given. */
export async function hotGames(sql: Sql, merchant: string, vassalage?: string): Promise<{ list: Game[] }> {
  const params: unknown[] = [merchant, HOT_LIMIT];
  const vendor = vassalage ? `AND g.vassalage = $${params.push(vassalage)}` : "";
  const rows = await sql.query<GameRow>(
    `SELECT ${GAME_COLUMNS} FROM games g WHERE g.merchant = $1 AND g.enabled AND g.is_hot ${vendor} ORDER BY g.sort, g.id LIMIT $2`,
    params,
  );
  return { list: rows.map(toGame) };
}

/** GCSGAME_getVassGameType: each game type with its enabled vendors, in lane order. */
export async function vendorTypeMap(sql: Sql, merchant: string): Promise<{ content: Record<string, string[]> }> {
  const rows = await sql.query<{ game_type: string; vassalage: string }>(
    `SELECT v.game_type, v.vassalage FROM vendors v JOIN game_types t ON t.merchant = v.merchant AND t.game_type = v.game_type
      WHERE v.merchant = $1 AND v.enabled ORDER BY t.sort, v.sort, v.vassalage`,
    [merchant],
  );
  const content: Record<string, string[]> = {};
  for (const row of rows) (content[row.game_type] ??= []).push(row.vassalage);
  return { content };
}

/** What the game thumbnail draws: its name and its vendor's name, or null for no such game. */
export async function gameThumbnail(
  sql: Sql,
  gameId: number,
): Promise<{ name: string; vendor: string; vassalage: string; gameType: string; classify: string } | null> {
  const [row] = await sql.query<{ name: string; vassalage: string; vendor: string | null; game_type: string; classify: string }>(
    `SELECT g.name, g.vassalage, v.display_name AS vendor, g.game_type, g.classify
       FROM games g LEFT JOIN vendors v ON v.merchant = g.merchant AND v.game_type = g.game_type AND v.vassalage = g.vassalage
      WHERE g.id = $1`,
    [gameId],
  );
  return row
    ? { name: row.name, vassalage: row.vassalage, vendor: row.vendor ?? row.vassalage, gameType: row.game_type, classify: row.classify }
    : null;
}
