import type { Sql } from "../db/db";
import { toMajor } from "../money";
import { gameIconUrl } from "./games";

// What the lobbies show beside the catalogue: the winners board (seeded big wins and real ones)
// and the rooms of the PvP games.

/** First two letters, ***, last two: how the winners board shows a player. */
export function maskCustomerName(name: string): string {
  const chars = [...name];
  if (chars.length <= 4) return `${chars.slice(0, 1).join("")}***${chars.slice(-1).join("")}`;
  return `${chars.slice(0, 2).join("")}***${chars.slice(-2).join("")}`;
}

/** A real win makes the board when it pays at least this many times the stake. */
export const BIG_WIN_FACTOR = 20;

/**
 * GCSGAME_getRankList: seeded big wins and real ones (not trial, win ≥ 20 × stake), newest
 * first. gameCategory ALL (or none) means every type.
 */
export async function rankList(sql: Sql, merchant: string, gameCategory: string | undefined, limit: number) {
  const params: unknown[] = [merchant, limit];
  const type = gameCategory && gameCategory !== "ALL" ? `AND g.game_type = $${params.push(gameCategory)}` : "";
  const rows = await sql.query<{
    name: string;
    customer: string;
    win: number;
    id: number;
    node_id: string;
    game_type: string;
    vassalage: string;
  }>(
    `SELECT * FROM (
       (SELECT g.name, w.customer_name AS customer, w.win_amount AS win, g.id, g.node_id, g.game_type, g.vassalage, w.won_at AS at
          FROM seeded_winners w JOIN games g ON g.id = w.game_id
         WHERE w.merchant = $1 ${type} ORDER BY w.won_at DESC LIMIT $2)
       UNION ALL
       (SELECT g.name, m.username, b.win, g.id, g.node_id, g.game_type, g.vassalage, b.created_at
          FROM bets b JOIN games g ON g.id = b.game_id JOIN members m ON m.id = b.member_id
         WHERE b.merchant = $1 AND NOT b.trial AND b.win > 0 AND b.win >= ${BIG_WIN_FACTOR} * b.stake ${type}
         ORDER BY b.created_at DESC, b.id DESC LIMIT $2)
     ) wins ORDER BY at DESC LIMIT $2`,
    params,
  );
  return {
    list: rows.map((row) => ({
      vo: {
        gameName: row.name,
        customerName: maskCustomerName(row.customer),
        winAmount: toMajor(row.win),
        iconUrl: gameIconUrl(row.id),
        nodeId: row.node_id,
        gameType: row.game_type,
        vendor: row.vassalage,
      },
    })),
  };
}

/** GLS2_roomList: rooms of enabled PvP games, of one vendor (or game) when asked. */
export async function roomList(sql: Sql, merchant: string, filter: { vassalage?: string; gameId?: number; nodeId?: string }) {
  const params: unknown[] = [merchant];
  const clauses = ["r.merchant = $1", "g.enabled"];
  if (filter.vassalage) clauses.push(`g.vassalage = $${params.push(filter.vassalage)}`);
  if (filter.gameId !== undefined) clauses.push(`g.id = $${params.push(filter.gameId)}`);
  if (filter.nodeId) clauses.push(`g.node_id = $${params.push(filter.nodeId)}`);
  const rows = await sql.query<{
    id: number;
    name: string;
    game_id: number;
    node_id: string;
    vassalage: string;
    min_bet: number;
    players: number;
    max_players: number;
  }>(
    `SELECT r.id, r.name, g.id AS game_id, g.node_id, g.vassalage, r.min_bet, r.players, r.max_players
       FROM pvp_rooms r JOIN games g ON g.id = r.game_id
      WHERE ${clauses.join(" AND ")} ORDER BY g.sort, g.id, r.sort, r.id`,
    params,
  );
  return {
    list: rows.map((r) => ({
      roomId: r.id,
      roomName: r.name,
      gameId: r.game_id,
      nodeId: r.node_id,
      vassalage: r.vassalage,
      minBet: toMajor(r.min_bet),
      players: r.players,
      maxPlayers: r.max_players,
    })),
  };
}
