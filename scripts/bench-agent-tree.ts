// The agent centre's team reports at 10,000 downlines (decision 025): what the closure-table
// queries cost an agent with a large team. It calls the services (not HTTP) on a fresh in-memory
// PGlite as the platform's tests open it, or with TEST_DATABASE_URL (or --postgres: the local
// cluster of scripts/postgres.mjs) a new database on that PostgreSQL server, and prints the median
// and p95 milliseconds of each report next to its answer.
//
// The team: bench_agent (type 1) over 10,000 accounts in 5 levels (bulk INSERTs into members with
// upline_id; the triggers of migration 013 fill member_tree), each with a main wallet, 40,000 real
// bets over 30 days with their ledger movements, 6,000 deposits, 1,500 withdrawals and 600
// transfers between uplines and downlines; and 5,000 players outside the team with 200,000 bets.
// The same reports for a small team (a sub-agent three levels down) come last: the plans that suit a
// large team must not make a small one slow.
//
// `npx tsx scripts/bench-agent-tree.ts [--postgres]` runs it alone; scripts/bench.ts imports benchAgentTree().
import { type Db, openPglite } from "../platform/db/db";
import { migrate } from "../platform/db/migrations";
import { seed } from "../platform/db/seed";
import {
  downlineList,
  teamBetRecords,
  teamOverview,
  teamProfitLoss,
  teamTransactions,
  agentIncome,
} from "../platform/services/agent-reports";
import { freshPostgres, postgresUnderTest } from "../platform/testing/postgres";
import { printWhenMain, timeRuns } from "./bench-kit";

const MERCHANT = "demo";
const RUNS = Number(process.env.BENCH_AGENT_RUNS ?? 15);
const WARMUP = 2;
/** A report slower than this (median) wants an index. */
const BUDGET_MS = 50;
const DAY = 86_400_000;

/** Level by level: children per parent agent of the level above, how many of them are agents, and a cap. */
const LEVELS = [
  { children: 50, agents: 50 },
  { children: 10, agents: 5 },
  { children: 10, agents: 2 },
  { children: 8, agents: 1 },
  { children: 6, agents: 0, cap: 2_950 },
];
const BETS = 40_000;
/** Players outside the team and their bets: the reports must not read them. */
const OUTSIDERS = 5_000;
const OUTSIDE_BETS = 200_000;
const DEPOSITS = 6_000;
const WITHDRAWALS = 1_500;
const TRANSFERS = 600;

const time = (run: () => Promise<unknown>) => timeRuns(run, WARMUP, RUNS);

async function openDb(): Promise<Db> {
  let server = postgresUnderTest();
  if (!server && process.argv.includes("--postgres")) {
    const { ensurePostgres } = (await import("./postgres.mjs")) as { ensurePostgres: () => string | null };
    server = ensurePostgres() ?? undefined;
    if (!server) throw new Error("no PostgreSQL server (install Debian's postgresql package or set TEST_DATABASE_URL)");
  }
  return server ? freshPostgres(server) : openPglite();
}

/** The team, its wallets and its activity, written with a few set-based statements. */
async function buildTeam(db: Db, now: Date): Promise<{ agentId: number; deepParent: number; smallAgent: number; keyword: string }> {
  const [agent] = await db.query<{ id: number }>(
    `INSERT INTO members (merchant, username, password_hash, account_type, nickname, created_at)
     VALUES ($1, 'bench_agent', 'bench', 1, 'Bench Agent', $2) RETURNING id`,
    [MERCHANT, new Date(now.getTime() - 100 * DAY)],
  );
  const agentId = Number(agent!.id);
  let parents = [agentId];
  for (const [index, level] of LEVELS.entries()) {
    const depth = index + 1;
    const rows = await db.query<{ id: number; account_type: number }>(
      `INSERT INTO members (merchant, username, password_hash, account_type, nickname, upline_id, created_at, last_login_at)
       SELECT $1, 'b' || $2 || 'x' || p.n || 'x' || g, 'bench', CASE WHEN g <= $4 THEN 2 ELSE 0 END, 'Bench ' || $2 || '.' || p.n || '.' || g, p.id,
              $6::timestamptz - make_interval(secs => (random() * 90 * 86400)::int),
              CASE WHEN random() < 0.8 THEN $6::timestamptz - make_interval(secs => (random() * 20 * 86400)::int) END
         FROM unnest($3::bigint[]) WITH ORDINALITY AS p(id, n) CROSS JOIN generate_series(1, $5::int) AS g
        ORDER BY p.n, g LIMIT $7
       RETURNING id, account_type`,
      [MERCHANT, depth, parents, level.agents, level.children, now, level.cap ?? 1_000_000],
    );
    parents = rows.filter((r) => r.account_type === 2).map((r) => Number(r.id));
    if (depth === 4) parents.sort((a, b) => a - b);
  }
  const [deep] = await db.query<{ id: number }>(
    "SELECT m.id FROM member_tree t JOIN members m ON m.id = t.descendant_id WHERE t.ancestor_id = $1 AND t.depth = 4 AND m.account_type = 2 ORDER BY m.id LIMIT 1",
    [agentId],
  );

  // The ledger's checks (balanced, one book) run per entry and read the whole transaction; these
  // entries pass them by construction, so they are off while they are written (a throwaway database).
  await db.query("ALTER TABLE ledger_entries DISABLE TRIGGER ledger_entries_balanced");
  await db.query("ALTER TABLE ledger_entries DISABLE TRIGGER ledger_entries_one_book");
  await db.query(
    "INSERT INTO ledger_accounts (merchant, kind) VALUES ($1, 'house') ON CONFLICT (merchant) WHERE kind = 'house' DO NOTHING",
    [MERCHANT],
  );
  await db.query(
    `INSERT INTO ledger_accounts (merchant, kind, member_id, account_type_id, balance)
     SELECT $1, 'wallet', t.descendant_id, 2, (random() * 500000)::bigint FROM member_tree t WHERE t.ancestor_id = $2`,
    [MERCHANT, agentId],
  );
  const [house] = await db.query<{ id: number }>("SELECT id FROM ledger_accounts WHERE merchant = $1 AND kind = 'house'", [MERCHANT]);
  const [opening] = await db.query<{ id: number }>(
    "INSERT INTO ledger_transactions (merchant, idempotency_key, kind, fingerprint, created_at) VALUES ($1, 'bench:open', 'seed', 'bench', $2) RETURNING id",
    [MERCHANT, new Date(now.getTime() - 95 * DAY)],
  );
  await db.query(
    `INSERT INTO ledger_entries (transaction_id, account_id, amount, balance_after)
     SELECT $1::bigint, a.id, a.balance, a.balance FROM ledger_accounts a JOIN member_tree t ON t.descendant_id = a.member_id AND t.ancestor_id = $2
      WHERE a.kind = 'wallet' AND a.balance > 0
     UNION ALL
     SELECT $1::bigint, $3::bigint, -(SELECT sum(a.balance) FROM ledger_accounts a JOIN member_tree t ON t.descendant_id = a.member_id AND t.ancestor_id = $2 WHERE a.kind = 'wallet')::bigint, 0`,
    [opening!.id, agentId, house!.id],
  );
  await db.query(
    "UPDATE ledger_accounts SET balance = balance + (SELECT amount FROM ledger_entries WHERE transaction_id = $1 AND account_id = $2) WHERE id = $2",
    [opening!.id, house!.id],
  );

  // Bets of the players (members of the team), each a bet movement and, for 40 %, a payout.
  await db.query(
    `CREATE TEMP TABLE bench_bets AS
     WITH players AS (SELECT array_agg(t.descendant_id ORDER BY t.descendant_id) AS ids FROM member_tree t JOIN members m ON m.id = t.descendant_id
                       WHERE t.ancestor_id = $1 AND t.depth > 0 AND m.account_type = 0),
          catalogue AS (SELECT array_agg(id ORDER BY id) AS ids FROM (SELECT id FROM games WHERE merchant = $2 AND enabled ORDER BY id LIMIT 50) g),
          picked AS (SELECT n, players.ids[1 + (n * 7919) % cardinality(players.ids)] AS member_id, catalogue.ids[1 + n % cardinality(catalogue.ids)] AS game_id
                       FROM generate_series(1, $4::int) AS n, players, catalogue)
     SELECT p.n, p.member_id, a.id AS account_id, p.game_id, (100 + (random() * 5000)::int) AS stake,
            $3::timestamptz - make_interval(secs => (random() * 30 * 86400)::int) AS at, random() AS luck
       FROM picked p JOIN ledger_accounts a ON a.member_id = p.member_id AND a.kind = 'wallet' AND a.account_type_id = 2`,
    [agentId, MERCHANT, now, BETS],
  );
  await db.query(
    `INSERT INTO ledger_transactions (merchant, idempotency_key, kind, fingerprint, memo, created_at)
     SELECT $1, 'bench:bet:' || n, 'bet', 'bench', '', at FROM bench_bets
     UNION ALL SELECT $1, 'bench:payout:' || n, 'payout', 'bench', '', at FROM bench_bets WHERE luck < 0.4`,
    [MERCHANT],
  );
  await db.query(
    `INSERT INTO ledger_entries (transaction_id, account_id, amount, balance_after)
     SELECT t.id, x.account_id, x.amount, 0 FROM (
       SELECT 'bench:bet:' || n AS key, account_id, -stake AS amount FROM bench_bets
       UNION ALL SELECT 'bench:bet:' || n, $2::bigint, stake FROM bench_bets
       UNION ALL SELECT 'bench:payout:' || n, account_id, stake * 2 FROM bench_bets WHERE luck < 0.4
       UNION ALL SELECT 'bench:payout:' || n, $2::bigint, -stake * 2 FROM bench_bets WHERE luck < 0.4) x
     JOIN ledger_transactions t ON t.merchant = $1 AND t.idempotency_key = x.key`,
    [MERCHANT, house!.id],
  );
  await db.query(
    `INSERT INTO bets (merchant, member_id, game_id, round_key, trial, stake, win, outcome, ledger_tx, payout_tx, created_at)
     SELECT $1, b.member_id, b.game_id, 'bench-' || b.n, false, b.stake, CASE WHEN b.luck < 0.4 THEN b.stake * 2 ELSE 0 END, '{}'::jsonb, t.id, p.id, b.at
       FROM bench_bets b JOIN ledger_transactions t ON t.merchant = $1 AND t.idempotency_key = 'bench:bet:' || b.n
       LEFT JOIN ledger_transactions p ON p.merchant = $1 AND p.idempotency_key = 'bench:payout:' || b.n`,
    [MERCHANT],
  );

  // The rest of the merchant: players outside the team with five times the team's bets (their
  // ledger movements left out: no report reads them).
  await db.query(
    `INSERT INTO members (merchant, username, password_hash, account_type, nickname, created_at)
     SELECT $1, 'outsider' || g, 'bench', 0, 'Outsider ' || g, $2::timestamptz - make_interval(secs => (random() * 90 * 86400)::int)
       FROM generate_series(1, $3::int) g`,
    [MERCHANT, now, OUTSIDERS],
  );
  await db.query(
    `INSERT INTO bets (merchant, member_id, game_id, round_key, trial, stake, win, outcome, ledger_tx, created_at)
     SELECT $1, o.ids[1 + (n * 7919) % cardinality(o.ids)], g.ids[1 + n % cardinality(g.ids)], 'outside-' || n, false, 100 + (random() * 5000)::int, 0, '{}'::jsonb, $2,
            $3::timestamptz - make_interval(secs => (random() * 30 * 86400)::int)
       FROM generate_series(1, $4::int) n,
            (SELECT array_agg(id) AS ids FROM members WHERE merchant = $1 AND username LIKE 'outsider%') o,
            (SELECT array_agg(id) AS ids FROM (SELECT id FROM games WHERE merchant = $1 AND enabled ORDER BY id LIMIT 50) x) g`,
    [MERCHANT, opening!.id, now, OUTSIDE_BETS],
  );

  // Deposits (most approved), withdrawals (most received), transfers from agents to their downlines.
  const [channel] = await db.query<{ id: number }>("SELECT id FROM deposit_channels WHERE merchant = $1 ORDER BY id LIMIT 1", [MERCHANT]);
  await db.query(
    `INSERT INTO deposit_requests (merchant, member_id, request_id, fingerprint, channel_id, amount_minor, status, created_at, updated_at)
     SELECT $1, t.descendant_id, 'bench-' || n, 'bench', $2::bigint, 50000 + (random() * 200000)::int,
            (ARRAY['APPROVED', 'APPROVED', 'APPROVED', 'PENDING', 'REJECTED'])[1 + n % 5], at, at
       FROM (SELECT n, $4::timestamptz - make_interval(secs => (random() * 30 * 86400)::int) AS at FROM generate_series(1, $5::int) n) s,
            (SELECT array_agg(descendant_id ORDER BY descendant_id) AS ids FROM member_tree WHERE ancestor_id = $3 AND depth > 0) team,
            LATERAL (SELECT team.ids[1 + (s.n * 104729) % cardinality(team.ids)] AS descendant_id) t`,
    [MERCHANT, channel!.id, agentId, now, DEPOSITS],
  );
  const [bank] = await db.query<{ bank_code: string; card_type: string }>(
    "SELECT bank_code, card_type FROM banks WHERE merchant = $1 ORDER BY sort LIMIT 1",
    [MERCHANT],
  );
  await db.query(
    `INSERT INTO bank_cards (merchant, member_id, card_type, bank_code, account_name, account_number, created_at)
     SELECT $1, descendant_id, $3, $4, 'Bench', '0170' || descendant_id, $5 FROM member_tree WHERE ancestor_id = $2 AND depth > 0 AND descendant_id % 5 = 0`,
    [MERCHANT, agentId, bank!.card_type, bank!.bank_code, now],
  );
  await db.query(
    `INSERT INTO withdrawals (merchant, member_id, request_id, fingerprint, bank_card_id, amount_minor, status, hold_tx, created_at)
     SELECT $1, c.member_id, 'bench-' || n, 'bench', c.id, 30000, (ARRAY['RECEIVED', 'RECEIVED', 'PENDING', 'REJECTED'])[1 + n % 4], $2::bigint,
            $3::timestamptz - make_interval(secs => (random() * 30 * 86400)::int)
       FROM generate_series(1, $4::int) n,
            (SELECT array_agg(id ORDER BY id) AS ids FROM bank_cards WHERE merchant = $1 AND account_name = 'Bench') cards,
            LATERAL (SELECT k.id, k.member_id FROM bank_cards k WHERE k.id = cards.ids[1 + (n * 7919) % cardinality(cards.ids)]) c`,
    [MERCHANT, opening!.id, now, WITHDRAWALS],
  );
  await db.query(
    `CREATE TEMP TABLE bench_transfers AS
     SELECT n, up.id AS from_account, down.id AS to_account, 1000 + (random() * 50000)::int AS amount,
            $2::timestamptz - make_interval(secs => (random() * 30 * 86400)::int) AS at
       FROM generate_series(1, $3::int) n,
            (SELECT array_agg(descendant_id ORDER BY descendant_id) AS ids FROM member_tree WHERE ancestor_id = $1 AND depth > 0) team,
            LATERAL (SELECT m.id AS member_id, m.upline_id FROM members m WHERE m.id = team.ids[1 + (n * 7919) % cardinality(team.ids)]) d
       JOIN ledger_accounts up ON up.member_id = d.upline_id AND up.kind = 'wallet' AND up.account_type_id = 2
       JOIN ledger_accounts down ON down.member_id = d.member_id AND down.kind = 'wallet' AND down.account_type_id = 2`,
    [agentId, now, TRANSFERS],
  );
  await db.query(
    `INSERT INTO ledger_transactions (merchant, idempotency_key, kind, fingerprint, created_at)
     SELECT $1, 'bench:transfer:' || n, 'agent.transfer.down', 'bench', at FROM bench_transfers`,
    [MERCHANT],
  );
  await db.query(
    `INSERT INTO ledger_entries (transaction_id, account_id, amount, balance_after)
     SELECT t.id, x.account_id, x.amount, 0 FROM (
       SELECT n, from_account AS account_id, -amount AS amount FROM bench_transfers
       UNION ALL SELECT n, to_account, amount FROM bench_transfers) x
     JOIN ledger_transactions t ON t.merchant = $1 AND t.idempotency_key = 'bench:transfer:' || x.n`,
    [MERCHANT],
  );
  await db.query("ALTER TABLE ledger_entries ENABLE TRIGGER ledger_entries_balanced");
  await db.query("ALTER TABLE ledger_entries ENABLE TRIGGER ledger_entries_one_book");
  for (const table of [
    "members",
    "member_tree",
    "ledger_accounts",
    "ledger_transactions",
    "ledger_entries",
    "bets",
    "deposit_requests",
    "withdrawals",
  ]) {
    await db.query(`VACUUM (ANALYZE) ${table}`);
  }
  // A sub-agent three levels down with a team of its own (about 14 accounts): a small team's reports
  // must stay cheap next to the large one's.
  const [small] = await db.query<{ id: number }>(
    `SELECT m.id FROM member_tree t JOIN members m ON m.id = t.descendant_id
      WHERE t.ancestor_id = $1 AND t.depth = 3 AND m.account_type = 2
        AND EXISTS (SELECT 1 FROM member_tree s WHERE s.ancestor_id = m.id AND s.depth = 2)
      ORDER BY m.id LIMIT 1`,
    [agentId],
  );
  return { agentId, deepParent: Number(deep!.id), smallAgent: Number(small!.id), keyword: "b4x17x" };
}

export async function benchAgentTree(): Promise<string> {
  const started = performance.now();
  const db = await openDb();
  try {
    await migrate(db);
    await seed(db, MERCHANT);
    const now = new Date();
    const building = performance.now();
    const { agentId, deepParent, smallAgent, keyword } = await buildTeam(db, now);
    const built = performance.now() - building;
    const [sizes] = await db.query<{ team: number; tree: number; bets: number; ledger: number }>(
      `SELECT (SELECT count(*) FROM member_tree WHERE ancestor_id = $1 AND depth > 0)::int AS team, (SELECT count(*) FROM member_tree)::int AS tree,
              (SELECT count(*) FROM bets)::int AS bets, (SELECT count(*) FROM ledger_entries)::int AS ledger`,
      [agentId],
    );
    const page = { pageNo: 1, pageSize: 20 };
    const range = { from: new Date(now.getTime() - 30 * DAY), to: now };
    const cases: { label: string; run: () => Promise<{ total?: number; teamSize?: number }> }[] = [
      { label: "overview (4 periods)", run: () => teamOverview(db, agentId, now) },
      { label: "downlines, level 1, newest", run: () => downlineList(db, agentId, { sort: "registerTime", order: "desc", paging: page }) },
      {
        label: "downlines, all levels, by balance",
        run: () => downlineList(db, agentId, { level: 0, sort: "balance", order: "desc", paging: page }),
      },
      {
        label: "downlines, all levels, page 400",
        run: () => downlineList(db, agentId, { level: 0, sort: "registerTime", order: "desc", paging: { pageNo: 400, pageSize: 20 } }),
      },
      {
        label: `downlines, search "${keyword}"`,
        run: () => downlineList(db, agentId, { keyword, sort: "registerTime", order: "desc", paging: page }),
      },
      {
        label: "downlines, deep parentId (level 4)",
        run: () => downlineList(db, agentId, { parentId: deepParent, sort: "registerTime", order: "desc", paging: page }),
      },
      { label: "team bets, 30 days", run: () => teamBetRecords(db, MERCHANT, agentId, { range, paging: page }) },
      {
        label: "team bets, 30 days, page 100",
        run: () => teamBetRecords(db, MERCHANT, agentId, { range, paging: { pageNo: 100, pageSize: 20 } }),
      },
      { label: "team profit and loss, 30 days", run: () => teamProfitLoss(db, MERCHANT, agentId, { range, paging: page }) },
      { label: "team transactions, 30 days", run: () => teamTransactions(db, MERCHANT, agentId, { range, paging: page }, "EN") },
      { label: "agent income, 30 days", run: () => agentIncome(db, agentId, { range, paging: page }) },
      { label: "small team: overview", run: () => teamOverview(db, smallAgent, now) },
      { label: "small team: team bets, 30 days", run: () => teamBetRecords(db, MERCHANT, smallAgent, { range, paging: page }) },
      { label: "small team: profit and loss, 30 days", run: () => teamProfitLoss(db, MERCHANT, smallAgent, { range, paging: page }) },
      { label: "small team: transactions, 30 days", run: () => teamTransactions(db, MERCHANT, smallAgent, { range, paging: page }, "EN") },
    ];
    const lines: string[] = [];
    lines.push(
      `Agent team reports (decision 025): services on ${db.kind === "pglite" ? "PGlite in memory" : "PostgreSQL"}, ${RUNS} runs each after ${WARMUP} warm-ups, ms`,
    );
    lines.push(
      `  team ${sizes!.team.toLocaleString("en")} accounts in ${LEVELS.length} levels (member_tree ${sizes!.tree.toLocaleString("en")} rows), ${sizes!.bets.toLocaleString("en")} bets, ${sizes!.ledger.toLocaleString("en")} ledger entries; built in ${(built / 1000).toFixed(1)} s`,
    );
    lines.push(`  ${"report".padEnd(40)} median    p95   answer`);
    for (const c of cases) {
      const answer = await c.run();
      const t = await time(c.run);
      const total = "teamSize" in answer && answer.teamSize !== undefined ? `teamSize ${answer.teamSize}` : `total ${answer.total}`;
      const over = t.median > BUDGET_MS ? "  OVER 50 ms" : "";
      lines.push(`  ${c.label.padEnd(40)} ${t.median.toFixed(1).padStart(6)} ${t.p95.toFixed(1).padStart(6)}   ${total}${over}`);
    }
    lines.push(`  (bench-agent-tree took ${((performance.now() - started) / 1000).toFixed(0)} s)`);
    return lines.join("\n");
  } finally {
    await db.close();
  }
}

printWhenMain(import.meta.url, benchAgentTree);
