import { createHash } from "node:crypto";
import type { Db, Sql } from "../db/db";
import { dailyDrawMinuteOf, type PrizeMode } from "../db/seed-lottery-data";
import { type Language, type Localized, localizedMedia, pick } from "../messages";

// The lottery gateway's data (decision 014): menus per prize mode and draws that continue with
// time. A draw's numbers come from a hash of merchant, code and issue, so every reader (and every
// process sharing the database) sees the same draw.

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
/** Draws kept available per game: a read fills in at most this many. */
export const KEEP_DRAWS = 100;

export const PRIZE_MODES: readonly PrizeMode[] = ["Lott", "VN", "SEA"];

/** "lott", "VN", … → the stored prize mode; null for anything else. */
export function prizeModeFrom(text: string | undefined): PrizeMode | null {
  const wanted = (text ?? "").trim().toLowerCase();
  return PRIZE_MODES.find((mode) => mode.toLowerCase() === wanted) ?? null;
}

export interface DrawSchedule {
  code: string;
  groupCode: string;
  drawMinutes: number;
  ballCount: number;
  ballMax: number;
}

const periodMs = (s: DrawSchedule) => s.drawMinutes * MINUTE_MS;
/** Draws fall on multiples of the period counted from UTC midnight, daily ones at the group's minute. */
const offsetMs = (s: DrawSchedule) => (s.drawMinutes >= 1440 ? dailyDrawMinuteOf(s.groupCode) * MINUTE_MS : 0);

/** The latest draw time at or before now. */
export function latestDrawAt(s: DrawSchedule, now: Date): Date {
  const period = periodMs(s);
  const offset = offsetMs(s);
  return new Date(offset + Math.floor((now.getTime() - offset) / period) * period);
}

export function nextDrawAt(s: DrawSchedule, now: Date): Date {
  return new Date(latestDrawAt(s, now).getTime() + periodMs(s));
}

/** yyyymmdd for a daily game, else yyyymmdd-NNNN (the draw's number within the UTC day, from 1). */
export function issueOf(s: DrawSchedule, at: Date): string {
  const day = at.toISOString().slice(0, 10).replace(/-/g, "");
  if (s.drawMinutes >= 1440) return day;
  const seq = Math.floor((at.getTime() % DAY_MS) / periodMs(s)) + 1;
  return `${day}-${String(seq).padStart(4, "0")}`;
}

/** 32-bit values from SHA-256 in counter mode over the seed. */
function hashStream(seed: string): () => number {
  let block = Buffer.alloc(0);
  let counter = 0;
  let offset = 0;
  return () => {
    if (offset + 4 > block.length) {
      block = createHash("sha256").update(`${seed}#${counter++}`).digest();
      offset = 0;
    }
    const value = block.readUInt32BE(offset);
    offset += 4;
    return value;
  };
}

/**
 * The numbers of a draw, comma-separated: digits 0–9 (repeats allowed) when ballMax is 9; else
 * distinct numbers 1..ballMax, two digits, in drawn order for a full permutation (PK10) and
 * ascending otherwise (Keno).
 */
export function drawNumbers(merchant: string, s: DrawSchedule, issue: string): string {
  const next = hashStream(`${merchant}|${s.code}|${issue}`);
  if (s.ballMax <= 9) return Array.from({ length: s.ballCount }, () => next() % 10).join(",");
  const pool = Array.from({ length: s.ballMax }, (_, i) => i + 1);
  for (let i = 0; i < s.ballCount; i++) {
    const j = i + (next() % (pool.length - i));
    [pool[i], pool[j]] = [pool[j]!, pool[i]!];
  }
  const drawn = pool.slice(0, s.ballCount);
  if (s.ballCount < s.ballMax) drawn.sort((a, b) => a - b);
  return drawn.map((n) => String(n).padStart(2, "0")).join(",");
}

interface ScheduleRow {
  code: string;
  group_code: string;
  draw_minutes: number;
  ball_count: number;
  ball_max: number;
}

const toSchedule = (row: ScheduleRow): DrawSchedule => ({
  code: row.code,
  groupCode: row.group_code,
  drawMinutes: row.draw_minutes,
  ballCount: row.ball_count,
  ballMax: row.ball_max,
});

/** Which games a fill covers: all of the merchant's, or those of one prize mode, one code, the popular ones. */
export interface DrawScope {
  prizeMode?: PrizeMode;
  code?: string;
  popular?: boolean;
}

/**
 * Inserts the draws due since each game's last stored one, up to now: at most KEEP_DRAWS per
 * game (a long pause leaves a gap rather than thousands of rows). One transaction; a draw
 * written meanwhile by another reader is skipped (ON CONFLICT DO NOTHING). Returns the rows
 * written and when the next draw of a game in scope falls due.
 */
export async function fillDraws(
  db: Db,
  merchant: string,
  now: Date,
  scope: DrawScope = {},
): Promise<{ inserted: number; nextDueAt: number }> {
  return db.tx(async (sql) => {
    const games = (
      await sql.query<ScheduleRow>(
        `SELECT code, group_code, draw_minutes, ball_count, ball_max FROM lottery_games
        WHERE merchant = $1 AND ($2::text IS NULL OR prize_mode = $2) AND ($3::text IS NULL OR code = $3) AND (is_popular OR NOT $4)`,
        [merchant, scope.prizeMode ?? null, scope.code ?? null, scope.popular ?? false],
      )
    ).map(toSchedule);
    // The last draw up to now: a clock moved back (tests) still gets the draws it shows.
    const lastRows = await sql.query<{ code: string; last: Date }>(
      `SELECT code, max(drawn_at) AS last FROM lottery_draws
        WHERE merchant = $1 AND code = ANY($2::text[]) AND drawn_at <= $3 GROUP BY code`,
      [merchant, games.map((g) => g.code), now],
    );
    const last = new Map(lastRows.map((row) => [row.code, new Date(row.last).getTime()]));
    const codes: string[] = [];
    const issues: string[] = [];
    const numbers: string[] = [];
    const times: string[] = [];
    let nextDueAt = Number.POSITIVE_INFINITY;
    for (const game of games) {
      const latest = latestDrawAt(game, now).getTime();
      const period = periodMs(game);
      nextDueAt = Math.min(nextDueAt, latest + period);
      const previous = last.get(game.code);
      const missing = previous === undefined ? KEEP_DRAWS : Math.min(KEEP_DRAWS, Math.floor((latest - previous) / period));
      for (let i = missing - 1; i >= 0; i--) {
        const at = new Date(latest - i * period);
        const issue = issueOf(game, at);
        codes.push(game.code);
        issues.push(issue);
        numbers.push(drawNumbers(merchant, game, issue));
        times.push(at.toISOString());
      }
    }
    if (codes.length === 0) return { inserted: 0, nextDueAt };
    const written = await sql.query(
      `INSERT INTO lottery_draws (merchant, code, issue, numbers, drawn_at)
       SELECT $1, t.code, t.issue, t.numbers, t.drawn_at
         FROM unnest($2::text[], $3::text[], $4::text[], $5::timestamptz[]) AS t(code, issue, numbers, drawn_at)
       ON CONFLICT (merchant, code, issue) DO NOTHING RETURNING 1`,
      [merchant, codes, issues, numbers, times],
    );
    return { inserted: written.length, nextDueAt };
  });
}

/**
 * fillDraws at most once per due draw and scope: until the next draw of a game in scope falls
 * due there is nothing to add, so the reads in between cost no write. Concurrent reads of one
 * scope share one fill.
 */
export function drawFiller(db: Db): (merchant: string, now: Date, scope?: DrawScope) => Promise<void> {
  const state = new Map<string, { filledAt: number; nextDueAt: number; pending?: Promise<void> }>();
  return async (merchant, now, scope = {}) => {
    const key = JSON.stringify([merchant, scope.prizeMode ?? null, scope.code ?? null, scope.popular ?? false]);
    let entry = state.get(key);
    // Codes come from the query string: never let their entries grow without bound.
    if (!entry && state.size >= 1_000) state.clear();
    if (!entry) {
      entry = { filledAt: 0, nextDueAt: 0 };
      state.set(key, entry);
    }
    if (entry.pending) return entry.pending;
    // Nothing new is due; a clock moved back (tests) fills again, since it may lack older draws.
    if (now.getTime() < entry.nextDueAt && now.getTime() >= entry.filledAt) return;
    const current = entry;
    current.pending = fillDraws(db, merchant, now, scope)
      .then((result) => {
        current.filledAt = now.getTime();
        current.nextDueAt = result.nextDueAt;
      })
      .finally(() => {
        current.pending = undefined;
      });
    return current.pending;
  };
}

export const lotteryIconUrl = (code: string) => `/media/lottery/${code}.svg`;

/** The game menus of one prize mode, keyed by group code in the groups' order. */
export async function gameMenus(sql: Sql, merchant: string, prizeMode: PrizeMode, lang: Language) {
  const rows = await sql.query<{
    id: number;
    group_code: string;
    group_name: Localized;
    group_sort: number;
    code: string;
    name: Localized;
    remark: Localized;
    draw_minutes: number;
  }>(
    `SELECT id, group_code, group_name, group_sort, code, name, remark, draw_minutes
       FROM lottery_games WHERE merchant = $1 AND prize_mode = $2 ORDER BY group_sort, sort, id`,
    [merchant, prizeMode],
  );
  const groups: Record<string, { gameGroupCode: string; gameGroupId: number; labelName: string; gameMenus: unknown[] }> = {};
  for (const row of rows) {
    const group = (groups[row.group_code] ??= {
      gameGroupCode: row.group_code,
      gameGroupId: row.group_sort,
      labelName: pick(row.group_name, lang),
      gameMenus: [],
    });
    group.gameMenus.push({
      gameId: row.id,
      code: row.code,
      labelName: pick(row.name, lang),
      remark: pick(row.remark, lang),
      mobileIconUrl: localizedMedia(lotteryIconUrl(row.code), lang),
      drawMinutes: row.draw_minutes,
    });
  }
  return groups;
}

interface DrawRow {
  code: string;
  name: Localized;
  issue: string;
  numbers: string;
  drawn_at: Date;
}

const toDraw = (row: DrawRow, lang: Language) => ({
  code: row.code,
  labelName: pick(row.name, lang),
  issue: row.issue,
  numbers: row.numbers,
  drawnAt: new Date(row.drawn_at).getTime(),
});

/** The latest draw (at or before now) of each game of a prize mode, in menu order. */
export async function latestDraws(sql: Sql, merchant: string, prizeMode: PrizeMode, lang: Language, now: Date) {
  const rows = await sql.query<DrawRow>(
    `SELECT g.code, g.name, d.issue, d.numbers, d.drawn_at
       FROM lottery_games g
       JOIN LATERAL (SELECT issue, numbers, drawn_at FROM lottery_draws d
                      WHERE d.merchant = g.merchant AND d.code = g.code AND d.drawn_at <= $3
                      ORDER BY d.drawn_at DESC LIMIT 1) d ON true
      WHERE g.merchant = $1 AND g.prize_mode = $2
      ORDER BY g.group_sort, g.sort, g.id`,
    [merchant, prizeMode, now],
  );
  return rows.map((row) => toDraw(row, lang));
}

/** Popular games (of one prize mode if given) with their latest draw and the next draw's time. */
export async function popularGames(sql: Sql, merchant: string, opts: { count: number; prizeMode?: PrizeMode }, lang: Language, now: Date) {
  const params: unknown[] = [merchant, now, opts.count];
  const mode = opts.prizeMode ? `AND g.prize_mode = $${params.push(opts.prizeMode)}` : "";
  const rows = await sql.query<
    ScheduleRow & {
      id: number;
      name: Localized;
      prize_mode: PrizeMode;
      issue: string | null;
      numbers: string | null;
      drawn_at: Date | null;
    }
  >(
    `SELECT g.id, g.code, g.group_code, g.draw_minutes, g.ball_count, g.ball_max, g.name, g.prize_mode, d.issue, d.numbers, d.drawn_at
       FROM lottery_games g
       LEFT JOIN LATERAL (SELECT issue, numbers, drawn_at FROM lottery_draws d
                           WHERE d.merchant = g.merchant AND d.code = g.code AND d.drawn_at <= $2
                           ORDER BY d.drawn_at DESC LIMIT 1) d ON true
      WHERE g.merchant = $1 AND g.is_popular ${mode}
      ORDER BY g.group_sort, g.sort, g.id LIMIT $3`,
    params,
  );
  return rows.map((row) => ({
    gameId: row.id,
    code: row.code,
    labelName: pick(row.name, lang),
    mobileIconUrl: localizedMedia(lotteryIconUrl(row.code), lang),
    prizeMode: row.prize_mode,
    issue: row.issue,
    numbers: row.numbers,
    drawnAt: row.drawn_at ? new Date(row.drawn_at).getTime() : null,
    nextDrawAt: nextDrawAt(toSchedule(row), now).getTime(),
  }));
}

/** Draws at or before now, newest first: of one game, or of every game (of one prize mode if given). */
export async function openedNumbers(
  sql: Sql,
  merchant: string,
  opts: { count: number; gameCode?: string; prizeMode?: PrizeMode },
  lang: Language,
  now: Date,
) {
  const params: unknown[] = [merchant, now, opts.count];
  const clauses = ["d.merchant = $1", "d.drawn_at <= $2"];
  if (opts.gameCode) clauses.push(`d.code = $${params.push(opts.gameCode)}`);
  if (opts.prizeMode) clauses.push(`g.prize_mode = $${params.push(opts.prizeMode)}`);
  const rows = await sql.query<DrawRow>(
    `SELECT g.code, g.name, d.issue, d.numbers, d.drawn_at
       FROM lottery_draws d JOIN lottery_games g ON g.merchant = d.merchant AND g.code = d.code
      WHERE ${clauses.join(" AND ")}
      ORDER BY d.drawn_at DESC, d.id DESC LIMIT $3`,
    params,
  );
  return rows.map((row) => toDraw(row, lang));
}

/** The name a lottery icon shows, or null for no such code. */
export async function lotteryIconName(sql: Sql, code: string, lang: Language): Promise<string | null> {
  const [row] = await sql.query<{ name: Localized }>("SELECT name FROM lottery_games WHERE code = $1 ORDER BY merchant LIMIT 1", [code]);
  return row ? pick(row.name, lang) : null;
}
