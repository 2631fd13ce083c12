import type { Sql } from "../db/db";
import { GAME_COLUMNS, type GameRow, toGame } from "./games";
import type { Paging } from "./periods";

// A member's own games (decision 014): favourites (added, removed, listed by id) and the recently
// played. The favourites page itself is a lobby list (games.ts listFavouriteGames).

export const FAVOURITE_LIMIT = 500;
/** Recent games kept per member; older ones drop off. */
const RECENT_KEEP = 50;

export interface GameRef {
  nodeId: string;
  /** The vassalage; when given it must match the game's. */
  vendor?: string;
}

/** The id of a game of this merchant, or null. Disabled games count only when `anyState`. */
async function findGameId(sql: Sql, merchant: string, ref: GameRef, anyState: boolean): Promise<number | null> {
  const [row] = await sql.query<{ id: number }>(
    `SELECT id FROM games WHERE merchant = $1 AND node_id = $2 AND ($3 = '' OR vassalage = $3) AND (enabled OR $4)`,
    [merchant, ref.nodeId, ref.vendor ?? "", anyState],
  );
  return row?.id ?? null;
}

export type FavouriteResult = "ok" | "not-found" | "limit";

/**
 * MCSFE_addFavoriteGameV2: idempotent; at most FAVOURITE_LIMIT per member. The member row is
 * locked so two adds at once cannot both pass the count.
 */
export async function addFavourite(sql: Sql, merchant: string, memberId: number, ref: GameRef, now: Date): Promise<FavouriteResult> {
  const gameId = await findGameId(sql, merchant, ref, false);
  if (gameId === null) return "not-found";
  await sql.query("SELECT 1 FROM members WHERE id = $1 FOR UPDATE", [memberId]);
  const [row] = await sql.query<{ already: boolean; count: number }>(
    `SELECT EXISTS (SELECT 1 FROM favourite_games WHERE member_id = $1 AND game_id = $2) AS already,
            (SELECT count(*) FROM favourite_games WHERE member_id = $1) AS count`,
    [memberId, gameId],
  );
  if (row?.already) return "ok";
  if ((row?.count ?? 0) >= FAVOURITE_LIMIT) return "limit";
  await sql.query("INSERT INTO favourite_games (member_id, game_id, created_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING", [
    memberId,
    gameId,
    now,
  ]);
  return "ok";
}

/** MCSFE_removeFavoriteGameV2: idempotent; a disabled game can still be removed. */
export async function removeFavourite(sql: Sql, merchant: string, memberId: number, ref: GameRef): Promise<FavouriteResult> {
  const gameId = await findGameId(sql, merchant, ref, true);
  if (gameId === null) return "not-found";
  await sql.query("DELETE FROM favourite_games WHERE member_id = $1 AND game_id = $2", [memberId, gameId]);
  return "ok";
}

/** MCSFE_getFavoriteGames: every favourite of the member, for marking hearts. */
export async function favouriteIds(sql: Sql, merchant: string, memberId: number) {
  const rows = await sql.query<{ node_id: string; id: number; vassalage: string; game_type: string }>(
    `SELECT g.node_id, g.id, g.vassalage, g.game_type
       FROM favourite_games f JOIN games g ON g.id = f.game_id
      WHERE f.member_id = $1 AND g.merchant = $2 AND g.enabled
      ORDER BY f.created_at DESC, g.id DESC`,
    [memberId, merchant],
  );
  return { list: rows.map((r) => ({ nodeId: r.node_id, gameId: r.id, vendor: r.vassalage, gameType: r.game_type })) };
}

/**
 * Records that a member opened a game (the launch calls this): the game moves to the top of
 * GCS_recentGame; beyond the latest 50 the oldest drop off.
 */
export async function recordRecentGame(sql: Sql, memberId: number, gameId: number, now: Date): Promise<void> {
  await sql.query(
    `INSERT INTO recent_games (member_id, game_id, played_at) VALUES ($1, $2, $3)
     ON CONFLICT (member_id, game_id) DO UPDATE SET played_at = GREATEST(recent_games.played_at, EXCLUDED.played_at)`,
    [memberId, gameId, now],
  );
  await sql.query(
    `DELETE FROM recent_games WHERE member_id = $1 AND game_id IN (
       SELECT game_id FROM recent_games WHERE member_id = $1 ORDER BY played_at DESC, game_id DESC OFFSET $2)`,
    [memberId, RECENT_KEEP],
  );
}

/** GCS_recentGame: the member's games, latest played first, each with playedAt (ms). */
export async function recentGames(sql: Sql, merchant: string, memberId: number, paging: Paging) {
  const rows = await sql.query<GameRow & { played_at: Date; total: number }>(
    `SELECT ${GAME_COLUMNS}, r.played_at, count(*) OVER () AS total
       FROM recent_games r JOIN games g ON g.id = r.game_id
      WHERE r.member_id = $1 AND g.merchant = $2 AND g.enabled
      ORDER BY r.played_at DESC, g.id DESC LIMIT $3 OFFSET $4`,
    [memberId, merchant, paging.pageSize, (paging.pageNo - 1) * paging.pageSize],
  );
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && paging.pageNo > 1) {
    const [row] = await sql.query<{ total: number }>(
      `SELECT count(*) AS total FROM recent_games r JOIN games g ON g.id = r.game_id
        WHERE r.member_id = $1 AND g.merchant = $2 AND g.enabled`,
      [memberId, merchant],
    );
    total = row?.total ?? 0;
  }
  return {
    list: rows.map((row) => ({ ...toGame(row), playedAt: new Date(row.played_at).getTime() })),
    total,
    totalPages: Math.ceil(total / paging.pageSize),
  };
}
