// Lobbies at 100,000 games (issue 14, item 7): what the platform's game list costs as the catalogue
// grows from the demo seed (about 10,000 games) to 100,000. It calls the service (listGames), not
// HTTP, on a fresh in-memory PGlite as the platform's tests open it (or, with TEST_DATABASE_URL, a
// new database on that PostgreSQL server), and prints median and p95 milliseconds of each list,
// next to the same lists as the code ran them before migration 012 (an exact count(*), OFFSET over
// the whole rows, an unindexed strpos search), and the EXPLAIN ANALYZE time of the slowest new one.
//
// `npx tsx scripts/bench-lobby.ts` runs it alone; scripts/bench.ts imports benchLobby().
import { type Db, openPglite, type Sql } from "../platform/db/db";
import { migrate, migrations } from "../platform/db/migrations";
import { seed } from "../platform/db/seed";
import { SLOT_COUNTS, SLOT_PREFIXES, SLOT_SUFFIXES, SLOT_THEMES } from "../platform/db/seed-games-data";
import { type GameFilters, type GamePage, listGames, toGame } from "../platform/services/games";
import type { Paging } from "../platform/services/periods";
import { freshPostgres, postgresUnderTest } from "../platform/testing/postgres";
import { printWhenMain, type Timing, timeRuns } from "./bench-kit";

const MERCHANT = "demo";
/** The seeded catalogue (about 10,200 games), then this many. */
const SIZES = [10_000, 100_000];
const RUNS = Number(process.env.BENCH_LOBBY_RUNS ?? 40);
const WARMUP = 3;
/** The budget for any page or search at 100,000 games. */
const BUDGET_MS = 15;

interface Case {
  label: string;
  filters: GameFilters;
  paging: Paging;
}

const page = (pageNo: number, pageSize = 30): Paging => ({ pageNo, pageSize });
const CASES: Case[] = [
  // The five: a lobby's first page, a deep page, a search with hits and one without, a
  // filtered sorted page.
  { label: "first page (slots)", filters: { gameType: "RNG", sort: "default" }, paging: page(1) },
  { label: "deep page 300 (slots)", filters: { gameType: "RNG", sort: "default" }, paging: page(300) },
  { label: 'search "dragon"', filters: { gameType: "RNG", gameName: "dragon", sort: "default" }, paging: page(1) },
  { label: 'search, no hits ("xylophone")', filters: { gameType: "RNG", gameName: "xylophone", sort: "default" }, paging: page(1) },
  {
    label: "filtered (bet+lines), newest first",
    filters: { gameType: "RNG", minBetFrom: 100, linesFrom: 25, sort: "new" },
    paging: page(1),
  },
  // More of the same kinds.
  { label: 'search "gold" (a common word)', filters: { gameType: "RNG", gameName: "gold", sort: "default" }, paging: page(1) },
  { label: 'search "dragon", A-Z, page 30', filters: { gameType: "RNG", gameName: "dragon", sort: "name" }, paging: page(30) },
  { label: 'search, 2 letters ("ox")', filters: { gameType: "RNG", gameName: "ox", sort: "default" }, paging: page(1) },
  { label: 'search, 2 letters, no hits ("qx")', filters: { gameType: "RNG", gameName: "qx", sort: "default" }, paging: page(1) },
  { label: 'search "ox", highest RTP, page 20', filters: { gameType: "RNG", gameName: "ox", sort: "rtp" }, paging: page(20) },
  // The last pages a search shows (its first 1,000 games): a deep page of a short search is the
  // dearest list there is (the order is walked and each name checked).
  { label: 'search "ox", page 33 (its last)', filters: { gameType: "RNG", gameName: "ox", sort: "default" }, paging: page(33) },
  { label: 'search "ry", highest RTP, page 33', filters: { gameType: "RNG", gameName: "ry", sort: "rtp" }, paging: page(33) },
  { label: 'search "an", newest, page 33', filters: { gameType: "RNG", gameName: "an", sort: "new" }, paging: page(33) },
  {
    label: "bench.ts lobby (dragon+filters, new, p2)",
    filters: { gameType: "RNG", gameName: "dragon", minBetFrom: 100, linesFrom: 25, sort: "new" },
    paging: page(2),
  },
  {
    label: "filtered (bet+lines), newest, page 300",
    filters: { gameType: "RNG", minBetFrom: 100, linesFrom: 25, sort: "new" },
    paging: page(300),
  },
  { label: "filtered (bet), A-Z, page 300", filters: { gameType: "RNG", minBetFrom: 100, sort: "name" }, paging: page(300) },
  { label: "vendor tab (PP), A-Z, page 100", filters: { gameType: "RNG", vassalage: "PP", sort: "name" }, paging: page(100) },
  { label: "A-Z, page 300 (slots)", filters: { gameType: "RNG", sort: "name" }, paging: page(300) },
  { label: "highest RTP, page 300 (slots)", filters: { gameType: "RNG", sort: "rtp" }, paging: page(300) },
];

// ---- The list as it ran before migration 012 (the query text of that commit, kept for comparison).

const OLD_COLUMNS = `g.id, g.node_id, g.name, g.game_type, g.vassalage, g.classify, g.is_game, g.is_hot, g.lines, g.min_bet,
  g.rtp::float8 AS rtp, to_char(g.release_date, 'YYYY-MM-DD') AS release_date, g.lottery_code,
  CASE WHEN g.game_type = 'PVP' THEN (SELECT r.id FROM pvp_rooms r WHERE r.game_id = g.id ORDER BY r.sort, r.id LIMIT 1) END AS room_id`;
const OLD_ORDER = { default: "g.sort, g.id", new: "g.release_date DESC, g.id", name: "lower(g.name), g.id", rtp: "g.rtp DESC, g.id" };

async function oldListGames(sql: Sql, merchant: string, f: GameFilters, paging: Paging): Promise<GamePage> {
  const params: unknown[] = [merchant];
  const add = (value: unknown) => `$${params.push(value)}`;
  const clauses = ["g.merchant = $1", "g.enabled"];
  if (f.gameType === "HOT") clauses.push("g.is_hot");
  else if (f.gameType) clauses.push(`g.game_type = ${add(f.gameType)}`);
  if (f.vassalage) clauses.push(`g.vassalage = ${add(f.vassalage)}`, "g.is_game = ''");
  if (f.gameClassify) clauses.push(`g.classify = ${add(f.gameClassify)}`);
  if (f.gameName) clauses.push(`strpos(lower(g.name), lower(${add(f.gameName)}::text)) > 0`);
  if (f.minBetFrom !== undefined) clauses.push(`g.min_bet >= ${add(f.minBetFrom)}`);
  if (f.linesFrom !== undefined) clauses.push(`g.lines >= ${add(f.linesFrom)}`);
  const where = clauses.join(" AND ");
  const [counted] = await sql.query<{ total: number }>(`SELECT count(*) AS total FROM games g WHERE ${where}`, params);
  const total = counted?.total ?? 0;
  const offset = (paging.pageNo - 1) * paging.pageSize;
  const rows =
    offset >= total
      ? []
      : await sql.query<Parameters<typeof toGame>[0]>(
          `SELECT ${OLD_COLUMNS} FROM games g WHERE ${where} ORDER BY ${OLD_ORDER[f.sort]} LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
          [...params, paging.pageSize, offset],
        );
  return { games: rows.map(toGame), totalPages: Math.ceil(total / paging.pageSize), totalCount: total, pageNum: paging.pageNo };
}

// ---- Growing the catalogue.

/**
 * Adds slot games until the merchant has `target` (no-op when it has as many): one INSERT from
 * generate_series, spread over the slot vendors, named from the seed's word lists as the seeded
 * slots are ("Golden Dragon Megaways", "Tiger Riches", "Mystic Panda"), so a trigram search meets
 * names like the real ones. Grown games carry node ids <VENDOR>_G<n>.
 */
export async function growCatalogue(db: Db, target: number): Promise<number> {
  const [row] = await db.query<{ n: number; grown: number }>(
    "SELECT count(*) AS n, count(*) FILTER (WHERE node_id ~ '_G[0-9]+$') AS grown FROM games WHERE merchant = $1",
    [MERCHANT],
  );
  const have = row?.n ?? 0;
  if (have >= target) return have;
  const vendors = Object.keys(SLOT_COUNTS);
  const from = (row?.grown ?? 0) + 1;
  await db.query(
    `INSERT INTO games (merchant, node_id, game_type, vassalage, classify, name, lines, min_bet, rtp, is_hot, release_date, sort)
     SELECT $1, x.v || '_G' || lpad(i::text, 6, '0'), 'RNG', x.v, '',
            CASE WHEN x.shape < 60 THEN x.p || ' ' || x.t || ' ' || x.s WHEN x.shape < 80 THEN x.t || ' ' || x.s ELSE x.p || ' ' || x.t END,
            (ARRAY[1, 3, 5, 9, 10, 15, 20, 25, 30, 40, 50, 243, 1024])[1 + abs(hashint4(i + 11)) % 13],
            (ARRAY[1, 10, 20, 50, 100, 200, 500])[1 + abs(hashint4(i + 13)) % 7],
            94 + (abs(hashint4(i + 17)) % 351) / 100.0,
            abs(hashint4(i + 19)) % 50 = 0,
            date '2026-11-01' - (1 + abs(hashint4(i + 23)) % 2190),
            10000 + i / cardinality($5::text[])
       FROM generate_series($6::int, $7::int) AS i
      CROSS JOIN LATERAL (
            SELECT ($5::text[])[1 + i % cardinality($5::text[])] AS v,
                   ($2::text[])[1 + abs(hashint4(i)) % cardinality($2::text[])] AS p,
                   ($3::text[])[1 + abs(hashint4(i + 3)) % cardinality($3::text[])] AS t,
                   ($4::text[])[1 + abs(hashint4(i + 5)) % cardinality($4::text[])] AS s,
                   abs(hashint4(i + 7)) % 100 AS shape) x`,
    [MERCHANT, [...SLOT_PREFIXES], [...SLOT_THEMES], [...SLOT_SUFFIXES], vendors, from, from + target - have - 1],
  );
  await settle(db);
  return target;
}

/**
 * Fresh statistics and visibility map after a bulk change, as autovacuum leaves a real server
 * (PGlite has no autovacuum): index-only scans then skip the table.
 */
async function settle(db: Db): Promise<void> {
  await db.query("VACUUM (ANALYZE) games");
}

// ---- Measuring.

const time = (run: () => Promise<unknown>) => timeRuns(run, WARMUP, RUNS);

/** A Sql that remembers the statements it ran, to EXPLAIN them. */
function recording(db: Sql): Sql & { statements: { text: string; params?: unknown[] }[] } {
  const statements: { text: string; params?: unknown[] }[] = [];
  return {
    statements,
    query<R>(text: string, params?: unknown[]) {
      statements.push({ text, params });
      return db.query<R>(text, params);
    },
  };
}

/** EXPLAIN ANALYZE of each statement the new list runs for a case: execution times, summed. */
async function explain(db: Db, c: Case): Promise<string> {
  const sql = recording(db);
  await listGames(sql, MERCHANT, c.filters, c.paging);
  const parts: string[] = [];
  const plans: string[] = [];
  for (const { text, params } of sql.statements) {
    const rows = await db.query<{ "QUERY PLAN": string }>(`EXPLAIN (ANALYZE, COSTS OFF) ${text}`, params);
    const lines = rows.map((r) => r["QUERY PLAN"]);
    parts.push(lines.find((l) => l.startsWith("Execution Time"))?.replace("Execution Time: ", "") ?? "?");
    plans.push(
      ...lines
        .filter((l) => /Scan|Limit|Sort|Aggregate/.test(l))
        .map((l) => `      ${l.trim()}`)
        .slice(0, 6),
    );
  }
  return `    EXPLAIN ANALYZE of "${c.label}" at the largest size: ${parts.join(" + ")}\n${plans.join("\n")}`;
}

const fmt = (t: Timing | undefined) => (t ? `${t.median.toFixed(1).padStart(6)} ${t.p95.toFixed(1).padStart(6)}` : "     -      -");

export async function benchLobby(): Promise<string> {
  const server = postgresUnderTest();
  const db = server ? await freshPostgres(server) : await openPglite();
  const lines: string[] = [];
  const started = performance.now();
  try {
    const indexDefs = async (on: Db = db) =>
      new Map(
        (
          await on.query<{ indexname: string; indexdef: string }>("SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'games'")
        ).map((r) => [r.indexname, r.indexdef]),
      );
    // The games table's indexes as migration 012 found them, from a database migrated that far (the
    // seed needs later migrations, so the measured database has all of them and is set back).
    const scratch = server ? await freshPostgres(server) : await openPglite();
    let indexesBefore: Map<string, string>;
    try {
      await migrate(
        scratch,
        migrations.filter((m) => m.id < "012"),
      );
      indexesBefore = await indexDefs(scratch);
    } finally {
      await scratch.close();
    }
    await migrate(db);
    await seed(db, MERCHANT);
    const indexesAfter = await indexDefs();
    /** The games table's indexes made as they were in `from`: what differs dropped, what is missing created. */
    const indexesAs = async (from: Map<string, string>) => {
      for (const [name, def] of await indexDefs()) if (from.get(name) !== def) await db.query(`DROP INDEX ${name}`);
      const now = await indexDefs();
      for (const [name, def] of from) if (!now.has(name)) await db.query(def);
      await settle(db);
    };
    await indexesAs(indexesBefore);

    const results = new Map<string, { old?: Timing; now?: Timing; totals: string }>();
    const key = (size: number, label: string) => `${size}|${label}`;
    const measure = async (size: number, which: "old" | "now") => {
      for (const c of CASES) {
        const list =
          which === "old" ? () => oldListGames(db, MERCHANT, c.filters, c.paging) : () => listGames(db, MERCHANT, c.filters, c.paging);
        const timing = await time(list);
        const answer = await list();
        const entry = results.get(key(size, c.label)) ?? { totals: "" };
        entry[which] = timing;
        if (which === "now")
          entry.totals = `${answer.totalCount.toLocaleString("en")}${answer.totalCountCapped ? "+" : ""}, ${answer.games.length} shown`;
        results.set(key(size, c.label), entry);
      }
    };
    const gameCount = async () =>
      (await db.query<{ n: number }>("SELECT count(*) AS n FROM games WHERE merchant = $1", [MERCHANT]))[0]?.n ?? 0;

    // The seeded catalogue, before and after migration 012; then grown to 100,000 with 012 on.
    const counts = new Map<number, number>();
    await growCatalogue(db, SIZES[0]!);
    counts.set(SIZES[0]!, await gameCount());
    await measure(SIZES[0]!, "old");
    await indexesAs(indexesAfter);
    const trigram = (await db.query("SELECT 1 FROM pg_indexes WHERE indexname = 'games_name_trgm'")).length > 0;
    await settle(db);
    await measure(SIZES[0]!, "now");
    for (const size of SIZES.slice(1)) {
      const growing = performance.now();
      await growCatalogue(db, size);
      lines.push(
        `  grew the catalogue to ${size.toLocaleString("en")} games in ${((performance.now() - growing) / 1000).toFixed(1)} s (one INSERT … generate_series, VACUUM ANALYZE)`,
      );
      counts.set(size, await gameCount());
      await measure(size, "now");
    }
    // The slowest new list at the largest size, explained.
    const largest = SIZES[SIZES.length - 1]!;
    const worst = CASES.reduce((a, b) =>
      (results.get(key(largest, b.label))?.now?.median ?? 0) > (results.get(key(largest, a.label))?.now?.median ?? 0) ? b : a,
    );
    const explained = await explain(db, worst);
    // Before 012 at the largest size: the same database with the indexes as they were before 012.
    const added = [...(await indexDefs())].filter(([name, def]) => indexesBefore.get(name) !== def).map(([name]) => name);
    const [sizes] = await db.query<{ table: number; indexes: number; new: number }>(
      `SELECT pg_table_size('games') AS table, pg_indexes_size('games') AS indexes,
              (SELECT coalesce(sum(pg_relation_size(c.oid)), 0) FROM pg_class c WHERE c.relname = ANY($1::text[]))::bigint AS new`,
      [added],
    );
    const mib = (bytes = 0) => `${(bytes / 1_048_576).toFixed(1)} MiB`;
    lines.push(
      `  at ${largest.toLocaleString("en")}: table ${mib(sizes?.table)}, its indexes ${mib(sizes?.indexes)} of which 012's ${added.length} (re)built ${mib(sizes?.new)}`,
    );
    await indexesAs(indexesBefore);
    await measure(largest, "old");

    const out: string[] = [];
    out.push(
      `Lobby lists (issue 14, item 7): listGames on ${db.kind === "pglite" ? "PGlite in memory" : "PostgreSQL"}, ${RUNS} runs each, ms median p95`,
    );
    out.push(`  trigram index: ${trigram ? "yes (pg_trgm)" : "NO (pg_trgm unavailable: search scans)"}; budget ${BUDGET_MS} ms at 100,000`);
    out.push(...lines);
    for (const size of SIZES) {
      out.push(`  ${(counts.get(size) ?? size).toLocaleString("en")} games            before 012      now      answer (now)`);
      out.push(`    ${"".padEnd(41)} median    p95  median    p95`);
      for (const c of CASES) {
        const r = results.get(key(size, c.label));
        const over = size === largest && r?.now && r.now.median > BUDGET_MS ? "  OVER BUDGET" : "";
        out.push(`    ${c.label.padEnd(41)} ${fmt(r?.old)}  ${fmt(r?.now)}   ${r?.totals ?? ""}${over}`);
      }
    }
    out.push(explained);
    out.push(`  (bench-lobby took ${((performance.now() - started) / 1000).toFixed(0)} s)`);
    return out.join("\n");
  } finally {
    await db.close();
  }
}

printWhenMain(import.meta.url, benchLobby);
