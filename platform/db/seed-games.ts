import type { Db, Sql } from "./db";
import { runSeedStep } from "./seed-step";
import { vendorLanes } from "./seed-catalog";
import { type GameSeed, gameCatalogue, type PvpRoomSeed, type WinnerSeed } from "./seed-games-data";
import { lotteryGroups, lotteryRemark } from "./seed-lottery-data";

// The games slice's demo data (decision 014): about 10,200 games, PvP rooms, seeded winners and
// the lotteries. Draws are not seeded: services/lottery.ts fills them in as time passes.

const STEP = "004_games";
// Rows per INSERT: a few statements instead of 10,000, with parameter arrays of modest size.
const CHUNK = 5_000;

/**
 * Writes the games slice's demo data for a merchant that exists, once (seed_steps), also on
 * databases seeded before this slice. One transaction under the seed lock.
 */
export async function seedGamesCatalogue(db: Db, merchant: string): Promise<boolean> {
  // Generated before the transaction: the lock is held only for the inserts.
  const wrote = await runSeedStep(db, merchant, STEP, gameCatalogue, async (sql, catalogue) => {
    await ensureVendors(sql, merchant);
    for (let start = 0; start < catalogue.games.length; start += CHUNK) {
      await insertGames(sql, merchant, catalogue.games.slice(start, start + CHUNK));
    }
    await insertRooms(sql, merchant, catalogue.rooms);
    await insertWinners(sql, merchant, catalogue.winners);
    await insertLotteries(sql, merchant);
    // Fresh statistics, so the planner picks the lobby indexes from the first query on.
    await sql.query("ANALYZE games");
  });
  // The visibility map, outside the transaction (VACUUM cannot run in one), so the lobby's page and
  // count queries read only their indexes (index-only scans); PGlite has no autovacuum to do it.
  if (wrote) await db.query("VACUUM games");
  return wrote;
}

/** Lanes and vendors of decision 014 that a database seeded earlier may lack. */
async function ensureVendors(sql: Sql, merchant: string): Promise<void> {
  await sql.query(
    `INSERT INTO game_types (merchant, game_type, sort)
     SELECT $1, t.game_type, t.sort FROM unnest($2::text[], $3::int[]) AS t(game_type, sort)
     ON CONFLICT DO NOTHING`,
    [merchant, vendorLanes.map((l) => l.gameType), vendorLanes.map((_, i) => i)],
  );
  const vendors = vendorLanes.flatMap((lane) => lane.vendors.map((v, sort) => ({ ...v, gameType: lane.gameType, sort })));
  await sql.query(
    `INSERT INTO vendors (merchant, game_type, vassalage, display_name, is_hot, game_classify, sort)
     SELECT $1, t.game_type, t.vassalage, t.display_name, t.is_hot,
            CASE WHEN t.extra = '' THEN ARRAY[t.game_type] ELSE ARRAY[t.game_type, t.extra] END, t.sort
       FROM unnest($2::text[], $3::text[], $4::text[], $5::bool[], $6::text[], $7::int[])
            AS t(game_type, vassalage, display_name, is_hot, extra, sort)
     ON CONFLICT DO NOTHING`,
    [
      merchant,
      vendors.map((v) => v.gameType),
      vendors.map((v) => v.vassalage),
      vendors.map((v) => v.displayName),
      vendors.map((v) => v.hot ?? false),
      vendors.map((v) => v.classify?.[0] ?? ""),
      vendors.map((v) => v.sort),
    ],
  );
}

async function insertGames(sql: Sql, merchant: string, games: GameSeed[]): Promise<void> {
  const column = <K extends keyof GameSeed>(key: K) => games.map((g) => g[key]);
  // ORDER BY ord keeps the identity ids in catalogue order.
  await sql.query(
    `INSERT INTO games (merchant, node_id, game_type, vassalage, classify, name, lines, min_bet, rtp, is_hot, is_game,
                        demo, release_date, sort, lottery_code)
     SELECT $1, t.node_id, t.game_type, t.vassalage, t.classify, t.name, t.lines, t.min_bet, t.rtp, t.is_hot, t.is_game,
            t.demo, t.release_date, t.sort, t.lottery_code
       FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::int[], $8::bigint[], $9::numeric[],
                   $10::bool[], $11::text[], $12::text[], $13::date[], $14::int[], $15::text[]) WITH ORDINALITY
            AS t(node_id, game_type, vassalage, classify, name, lines, min_bet, rtp, is_hot, is_game, demo, release_date, sort,
                 lottery_code, ord)
      ORDER BY t.ord
     ON CONFLICT (merchant, node_id) DO NOTHING`,
    [
      merchant,
      column("nodeId"),
      column("gameType"),
      column("vassalage"),
      column("classify"),
      column("name"),
      column("lines"),
      column("minBet"),
      column("rtp"),
      column("hot"),
      column("isGame"),
      column("demo"),
      column("releaseDate"),
      column("sort"),
      games.map((g) => g.lotteryCode ?? ""),
    ],
  );
}

async function insertRooms(sql: Sql, merchant: string, rooms: PvpRoomSeed[]): Promise<void> {
  await sql.query(
    `INSERT INTO pvp_rooms (merchant, game_id, name, min_bet, players, max_players, sort)
     SELECT $1, g.id, t.name, t.min_bet, t.players, t.max_players, t.sort
       FROM unnest($2::text[], $3::text[], $4::bigint[], $5::int[], $6::int[], $7::int[]) WITH ORDINALITY
            AS t(node_id, name, min_bet, players, max_players, sort, ord)
       JOIN games g ON g.merchant = $1 AND g.node_id = t.node_id
      ORDER BY t.ord`,
    [
      merchant,
      rooms.map((r) => r.nodeId),
      rooms.map((r) => r.name),
      rooms.map((r) => r.minBet),
      rooms.map((r) => r.players),
      rooms.map((r) => r.maxPlayers),
      rooms.map((r) => r.sort),
    ],
  );
}

async function insertWinners(sql: Sql, merchant: string, winners: WinnerSeed[]): Promise<void> {
  await sql.query(
    `INSERT INTO seeded_winners (merchant, game_id, customer_name, win_amount, won_at)
     SELECT $1, g.id, t.customer_name, t.win_amount, t.won_at
       FROM unnest($2::text[], $3::text[], $4::bigint[], $5::timestamptz[]) WITH ORDINALITY
            AS t(node_id, customer_name, win_amount, won_at, ord)
       JOIN games g ON g.merchant = $1 AND g.node_id = t.node_id
      ORDER BY t.ord`,
    [
      merchant,
      winners.map((w) => w.nodeId),
      winners.map((w) => w.customerName),
      winners.map((w) => w.winAmount),
      winners.map((w) => w.wonAt.toISOString()),
    ],
  );
}

async function insertLotteries(sql: Sql, merchant: string): Promise<void> {
  const rows = lotteryGroups.flatMap((group) =>
    group.games.map((game, sort) => ({ group, game, sort, remark: lotteryRemark(game.drawMinutes, group.dailyDrawMinute) })),
  );
  await sql.query(
    `INSERT INTO lottery_games (merchant, prize_mode, group_code, group_name, group_sort, code, name, remark, draw_minutes,
                                ball_count, ball_max, sort, is_popular)
     SELECT $1, t.prize_mode, t.group_code, t.group_name::jsonb, t.group_sort, t.code, t.name::jsonb, t.remark::jsonb,
            t.draw_minutes, t.ball_count, t.ball_max, t.sort, t.is_popular
       FROM unnest($2::text[], $3::text[], $4::text[], $5::int[], $6::text[], $7::text[], $8::text[], $9::int[], $10::int[],
                   $11::int[], $12::int[], $13::bool[]) WITH ORDINALITY
            AS t(prize_mode, group_code, group_name, group_sort, code, name, remark, draw_minutes, ball_count, ball_max, sort,
                 is_popular, ord)
      ORDER BY t.ord
     ON CONFLICT (merchant, code) DO NOTHING`,
    [
      merchant,
      rows.map((r) => r.group.prizeMode),
      rows.map((r) => r.group.code),
      rows.map((r) => JSON.stringify(r.group.name)),
      rows.map((r) => r.group.id),
      rows.map((r) => r.game.code),
      rows.map((r) => JSON.stringify(r.game.name)),
      rows.map((r) => JSON.stringify(r.remark)),
      rows.map((r) => r.game.drawMinutes),
      rows.map((r) => r.game.ballCount),
      rows.map((r) => r.game.ballMax),
      rows.map((r) => r.sort),
      rows.map((r) => r.game.popular ?? false),
    ],
  );
}
