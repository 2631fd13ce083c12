import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "./db/db";
import { openPglite } from "./db/db";
import { migrate } from "./db/migrations";
import { PlatformError } from "./http/context";
import { applyMovement, creditWallet, LedgerError, MAIN_WALLET } from "./ledger";
import { termsMinor } from "./services/agent-contracts";
import { periodOf, periodUnit, settleContracts } from "./services/agent-settlement";
import { transferToDownline, transferToUplineAgent } from "./services/agent-transfer";
import type { ContractType } from "./services/agents";
import { findMerchant, type Merchant } from "./services/merchants";
import type { SessionMember } from "./services/sessions";
import { freshPostgres } from "./testing/postgres";

// Decision 025's money under random play: a random tree of agents and members with accepted
// contracts of every type, random transfers down and up (some invalid: not direct, too much, out
// of limits, frozen, replayed or conflicting requestIds), real bets, freezes and settlements (some
// twice at once) across random clock moves. Checked after every step: the sum over all ledger
// accounts (house included) stays 0, every balance is the sum of its entries, no wallet is
// negative; at the end: every contract-period is paid at most once, periods of a contract are whole
// and disjoint, and each recorded amount is what decision 025's formula gives on the bets the test
// placed (recomputed here from the test's own model of the tree, not from member_tree).
// Default: a few short runs (~10 s); AGENT_PROPERTY_FULL=1 runs many long ones.

const FULL = process.env.AGENT_PROPERTY_FULL === "1";
const RUNS = FULL ? 40 : 5;
const STEPS = FULL ? 200 : 60;
const ACCOUNTS = FULL ? 14 : 10;
/** Periods per contract and settlement run (the platform's default is 100; smaller keeps the short run short). */
const MAX_PERIODS = FULL ? 100 : 24;
const OPENING = 200_000; // 2,000.00 each
const START = Date.UTC(2026, 10, 2, 3, 7, 0); // a Monday morning in Dhaka

type Step =
  | { kind: "down"; from: number; to: number; direct: boolean; amount: number; reuse: number | null; copies: number }
  | { kind: "up"; from: number; amount: number; reuse: number | null; copies: number }
  | { kind: "bet"; member: number; stake: number; win: number }
  | { kind: "advance"; ms: number }
  | { kind: "settle"; types: ContractType[]; twice: boolean }
  | { kind: "freeze"; member: number; on: boolean };

const member = fc.nat(ACCOUNTS - 1);
// Amounts in minor units: mostly valid, some below the 1.00 minimum, some above the balance.
const amount = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: 100, max: 30_000 }) },
  { weight: 1, arbitrary: fc.constantFrom(1, 99, 500_000, 5_000_001) },
);
const mostly = fc.oneof({ weight: 3, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) });
const reuse = fc.option(fc.nat(20), { freq: 4 });
/** Copies of one request sent at once (a double click): one moves money, the other replays. */
const copies = fc.integer({ min: 1, max: 2 });
const stepArb: fc.Arbitrary<Step> = fc.oneof(
  // Mostly an agent to one of its direct downlines; sometimes to anyone.
  {
    weight: 4,
    arbitrary: fc.record({ kind: fc.constant("down" as const), from: member, to: member, direct: mostly, amount, reuse, copies }),
  },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant("up" as const), from: member, amount, reuse, copies }) },
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant("bet" as const),
      member,
      stake: fc.integer({ min: 1, max: 5_000 }),
      win: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 12_000 })),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant("advance" as const),
      ms: fc.oneof(fc.integer({ min: 1_000, max: 20 * 60_000 }), fc.integer({ min: 60_000, max: (FULL ? 72 : 30) * 3_600_000 })),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant("settle" as const),
      types: fc.subarray(["DIVIDEND", "DAILY", "HOURLY", "REALTIME"] as ContractType[], { minLength: 1 }),
      twice: fc.boolean(),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("freeze" as const), member, on: fc.boolean() }) },
);

interface RunInput {
  /** parents[i] picks the upline of account i among the agents before it; 0 mod 11 makes a root. */
  parents: number[];
  agent: boolean[];
  contractTypes: ContractType[][];
  rates: number[];
  dividendPeriod: "D" | "W" | "H" | "M";
  steps: Step[];
  batch: number;
}

// No bias: fast-check's small early values would give trees without sub-agents or contracts.
const runArb: fc.Arbitrary<RunInput> = fc.noBias(
  fc.record({
    parents: fc.array(fc.nat(1_000), { minLength: ACCOUNTS, maxLength: ACCOUNTS }),
    agent: fc.array(fc.boolean(), { minLength: ACCOUNTS, maxLength: ACCOUNTS }),
    contractTypes: fc.array(
      fc.uniqueArray(fc.constantFrom<ContractType>("DIVIDEND", "DAILY", "HOURLY", "REALTIME"), { minLength: 1, maxLength: 4 }),
      {
        minLength: ACCOUNTS,
        maxLength: ACCOUNTS,
      },
    ),
    rates: fc.array(fc.integer({ min: 0, max: 3_000 }), { minLength: ACCOUNTS, maxLength: ACCOUNTS }),
    dividendPeriod: fc.constantFrom("D" as const, "W" as const, "H" as const, "M" as const),
    steps: fc.array(stepArb, { minLength: STEPS, maxLength: STEPS }),
    batch: fc.integer({ min: 1, max: 4 }),
  }),
);

interface World {
  db: Db;
  merchant: Merchant;
  members: SessionMember[];
  parents: (number | null)[];
  gameId: number;
  clock: number;
  bets: { member: number; stake: number; win: number; at: number }[];
  requests: { key: number; requestId: string; step: Step }[];
}

let run = 0;

async function freshWorld(db: Db, input: RunInput): Promise<World> {
  const code = `agentprop_${process.pid}_${Date.now().toString(36)}_${run++}`;
  // Operator maxima above every rate drawn here (decision 034): roots offer what they like.
  const maxima = {
    DIVIDEND: { rate: 100 },
    DAILY: { rate: 100 },
    HOURLY: { rate: 100 },
    REALTIME: { rate: 100, singleBetSalary: 1, winRate: 100, lossRate: 100 },
  };
  await db.query("INSERT INTO merchants (code, currency, currency_symbol, settings) VALUES ($1, 'BDT', '৳', $2)", [
    code,
    JSON.stringify({ contractMaxima: maxima }),
  ]);
  await db.query(`INSERT INTO wallet_types (merchant, account_type_id, display_name, sort) VALUES ($1, $2, '{"EN":"Main"}', 0)`, [
    code,
    MAIN_WALLET,
  ]);
  const [game] = await db.query<{ id: number }>(
    `INSERT INTO games (merchant, node_id, game_type, vassalage, name, lines, min_bet, rtp, demo, release_date)
     VALUES ($1, 'agentprop-slot', 'RNG', 'PG', 'Property slot', 5, 1, 96, 'slot', '2026-01-01') RETURNING id`,
    [code],
  );
  // Roots are agents (type 1); under an agent hangs a sub-agent (2) or a member (0).
  const parents: (number | null)[] = [];
  const isAgent: boolean[] = [];
  const agents: number[] = [];
  for (let i = 0; i < ACCOUNTS; i++) {
    const pick = input.parents[i]!;
    parents.push(i === 0 || pick % 11 === 0 ? null : agents[pick % agents.length]!);
    isAgent.push(parents[i] === null || input.agent[i]!);
    if (isAgent[i]) agents.push(i);
  }
  const ids: number[] = [];
  for (let i = 0; i < ACCOUNTS; i++) {
    const type = parents[i] === null ? 1 : isAgent[i] ? 2 : 0;
    const upline = parents[i] === null ? null : ids[parents[i]!]!;
    const [row] = await db.query<{ id: number }>(
      "INSERT INTO members (merchant, username, password_hash, account_type, upline_id) VALUES ($1, $2, 'none', $3, $4) RETURNING id",
      [code, `p${i}`, type, upline],
    );
    ids.push(Number(row!.id));
    await creditWallet(db, { merchant: code, memberId: ids[i]!, amount: OPENING, idempotencyKey: `open:${i}` });
  }
  // Accepted contracts from each agent's upline, of random types and rates, accepted at START;
  // within the upline's own (decision 034): a sub-agent's upline offers only the types it holds, at
  // most its own rate (agent-bounds-property.test.ts draws contracts that exceed them).
  const held: Map<ContractType, number>[] = [];
  for (let i = 0; i < ACCOUNTS; i++) {
    held.push(new Map());
    const p = parents[i] ?? null;
    if (p === null || !isAgent[i]) continue;
    for (const type of input.contractTypes[i]!) {
      const own = parents[p] === null ? Infinity : held[p]!.get(type);
      if (own === undefined) continue;
      const hundredths = Math.min(input.rates[i]!, own);
      held[i]!.set(type, hundredths);
      const rate = hundredths / 100;
      const terms =
        type === "DIVIDEND"
          ? { rate, period: input.dividendPeriod, periodValidBet: 10, periodProfitLoss: 0, activeMembers: 1 }
          : type === "DAILY"
            ? { rate, periodValidBet: 5, activeMembers: 1 }
            : type === "HOURLY"
              ? { rate, betAmount: 1, activeMembers: 0 }
              : { rate, singleBetSalary: 0.01, winRate: Math.floor(hundredths / 2) / 100, lossRate: 1.5 };
      await db.query(
        `INSERT INTO agent_contracts (merchant, contract_type, upline_id, downline_id, status, terms, rate, created_at, accepted_at)
         VALUES ($1, $2, $3, $4, 'ACCEPTED', $5, $6, $7, $7)`,
        [code, type, ids[p]!, ids[i]!, JSON.stringify(terms), rate, new Date(START)],
      );
    }
  }
  const merchant = (await findMerchant(db, code))!;
  const members = ids.map((id, i) => ({
    tokenHash: "",
    memberId: id,
    merchant: code,
    username: `p${i}`,
    accountType: parents[i] === null ? 1 : isAgent[i] ? 2 : 0,
  }));
  return { db, merchant, members, parents, gameId: Number(game!.id), clock: START, bets: [], requests: [] };
}

const EXPECTED = new Set([
  "downline.not.direct",
  "agent.only",
  "upline.not.found",
  "account.frozen",
  "transfer.amount.limit",
  "insufficient.balance",
  "idempotency.conflict",
]);

/** One step at the batch's time `now` (steps of one batch happen together; clock moves apply after it). */
async function perform(world: World, step: Step, index: number, now: Date): Promise<void> {
  const { db, merchant } = world;
  try {
    switch (step.kind) {
      case "down":
      case "up": {
        // A reused slot sends an earlier requestId again: a replay when the step is the same, else a conflict.
        const earlier = step.reuse !== null ? world.requests.find((r) => r.key === step.reuse) : undefined;
        const requestId = earlier?.requestId ?? `req-${run}-${index}-${"x".repeat(10)}`;
        if (step.reuse !== null && !earlier) world.requests.push({ key: step.reuse, requestId, step });
        const none = async () => {};
        let send: () => Promise<unknown>;
        if (step.kind === "down") {
          const agents = world.members.map((m, i) => (m.accountType === 0 ? -1 : i)).filter((i) => i >= 0);
          const from = step.direct ? agents[step.from % agents.length]! : step.from;
          const children = world.parents.map((p, i) => (p === from ? i : -1)).filter((i) => i >= 0);
          const to = step.direct && children.length > 0 ? children[step.to % children.length]! : step.to;
          send = () =>
            transferToDownline(
              db,
              merchant,
              world.members[from]!,
              { requestId, amount: step.amount, downlineId: world.members[to]!.memberId },
              none,
              now,
            );
        } else {
          send = () => transferToUplineAgent(db, merchant, world.members[step.from]!, { requestId, amount: step.amount }, none, now);
        }
        const outcomes = await Promise.allSettled(Array.from({ length: step.copies }, send));
        for (const o of outcomes) if (o.status === "rejected") expected(o.reason);
        return;
      }
      case "bet":
        await bet(world, step.member, step.stake, step.win, now);
        return;
      case "advance":
        return;
      case "settle": {
        const runs = step.twice ? [0, 1] : [0];
        await Promise.all(runs.map(() => settleContracts(db, merchant.code, now, step.types, { maxPeriods: MAX_PERIODS })));
        return;
      }
      case "freeze":
        await db.query("UPDATE members SET frozen = $2 WHERE id = $1", [world.members[step.member]!.memberId, step.on]);
        return;
    }
  } catch (err) {
    expected(err);
  }
}

/** A refusal the random steps may meet; anything else fails the property. */
function expected(err: unknown): void {
  const code = err instanceof PlatformError ? err.errorCode : err instanceof LedgerError ? err.code : null;
  if (code === null || !EXPECTED.has(code)) throw err;
}

/** A real bet like the demo game's: stake wallet → house, win house → wallet, a bets row. Skipped when the wallet is short. */
async function bet(world: World, index: number, stake: number, win: number, now: Date): Promise<void> {
  const memberId = world.members[index]!.memberId;
  const code = world.merchant.code;
  const key = `b${world.bets.length}-${now.getTime()}-${Math.random().toString(36).slice(2)}`;
  const wallet = { kind: "wallet" as const, memberId, accountTypeId: MAIN_WALLET };
  try {
    await world.db.tx(async (sql) => {
      const placed = await applyMovement(sql, {
        merchant: code,
        idempotencyKey: `bet:${memberId}:${key}`,
        kind: "bet",
        now,
        legs: [
          { account: wallet, amount: -stake },
          { account: { kind: "house" }, amount: stake },
        ],
      });
      const payout =
        win > 0
          ? (
              await applyMovement(sql, {
                merchant: code,
                idempotencyKey: `payout:${memberId}:${key}`,
                kind: "payout",
                now,
                legs: [
                  { account: { kind: "house" }, amount: -win },
                  { account: wallet, amount: win },
                ],
              })
            ).transactionId
          : null;
      await sql.query(
        `INSERT INTO bets (merchant, member_id, game_id, round_key, trial, stake, win, outcome, ledger_tx, payout_tx, created_at)
         VALUES ($1, $2, $3, $4, false, $5, $6, '{}', $7, $8, $9)`,
        [code, memberId, world.gameId, key, stake, win, placed.transactionId, payout, now],
      );
    });
    world.bets.push({ member: index, stake, win, at: now.getTime() });
  } catch (err) {
    if (!(err instanceof LedgerError && err.code === "insufficient.balance")) throw err;
  }
}

async function checkBooks(world: World): Promise<void> {
  const code = world.merchant.code;
  const accounts = await world.db.query<{ id: number; kind: string; balance: number; entries: number }>(
    `SELECT a.id, a.kind, a.balance, coalesce((SELECT sum(e.amount) FROM ledger_entries e WHERE e.account_id = a.id), 0)::bigint AS entries
       FROM ledger_accounts a WHERE a.merchant = $1`,
    [code],
  );
  expect(
    accounts.reduce((sum, a) => sum + Number(a.balance), 0),
    "money created or lost",
  ).toBe(0);
  for (const a of accounts) {
    expect(Number(a.balance), `account ${a.id}`).toBe(Number(a.entries));
    if (a.kind === "wallet") expect(Number(a.balance)).toBeGreaterThanOrEqual(0);
  }
}

/** Accounts in i's team (i and everything below it), from the test's own tree. */
function team(world: World, i: number): Set<number> {
  const inside = new Set([i]);
  for (let changed = true; changed; ) {
    changed = false;
    world.parents.forEach((p, j) => {
      if (p !== null && inside.has(p) && !inside.has(j)) {
        inside.add(j);
        changed = true;
      }
    });
  }
  return inside;
}

/** Decision 025's formulas written again from the terms as this test stored them (integer minor units). */
function due(
  type: ContractType,
  terms: Record<string, unknown>,
  f: { validBet: number; profitLoss: number; activeMembers: number; bets: number; lostAmount: number; wonAmount: number },
): number {
  const n = (key: string) => Number(terms[key] ?? 0);
  const minor = (key: string) => Math.round(n(key) * 100);
  const pct = (base: number, key: string) => base * Math.round(n(key) * 100); // ÷ 10,000 → minor units
  switch (type) {
    case "DIVIDEND":
      return -f.profitLoss > 0 &&
        -f.profitLoss >= minor("periodProfitLoss") &&
        f.validBet >= minor("periodValidBet") &&
        f.activeMembers >= n("activeMembers")
        ? Math.floor(pct(-f.profitLoss, "rate") / 10_000)
        : 0;
    case "DAILY":
      return f.validBet >= minor("periodValidBet") && f.activeMembers >= n("activeMembers")
        ? Math.floor(pct(f.validBet, "rate") / 10_000)
        : 0;
    case "HOURLY":
      return f.validBet >= minor("betAmount") && f.activeMembers >= n("activeMembers") ? Math.floor(pct(f.validBet, "rate") / 10_000) : 0;
    case "REALTIME":
      return (
        Math.floor((pct(f.validBet, "rate") + pct(f.lostAmount, "winRate") + pct(f.wonAmount, "lossRate")) / 10_000) +
        f.bets * minor("singleBetSalary")
      );
  }
}

async function checkSettlements(world: World): Promise<void> {
  const code = world.merchant.code;
  const contracts = await world.db.query<{ id: number; contract_type: ContractType; downline_id: number; terms: Record<string, unknown> }>(
    "SELECT id, contract_type, downline_id, terms FROM agent_contracts WHERE merchant = $1",
    [code],
  );
  const index = new Map(world.members.map((m, i) => [m.memberId, i]));
  let recordedTotal = 0;
  for (const c of contracts) {
    const rows = await world.db.query<{
      period_start: Date;
      period_end: Date;
      valid_bet: number;
      profit_loss: number;
      active_members: number;
      amount: number;
      ledger_tx: number | null;
    }>(
      "SELECT period_start, period_end, valid_bet, profit_loss, active_members, amount, ledger_tx FROM contract_settlements WHERE contract_id = $1 ORDER BY period_start",
      [c.id],
    );
    const terms = termsMinor(c.terms);
    const unit = periodUnit(c.contract_type, terms)!;
    const members = team(world, index.get(Number(c.downline_id))!);
    let previousEnd = START;
    for (const r of rows) {
      const start = new Date(r.period_start).getTime();
      const end = new Date(r.period_end).getTime();
      // Whole periods of the contract's unit, after it was accepted, never overlapping.
      expect(periodOf(unit, start)).toEqual({ start, end });
      expect(start).toBeGreaterThanOrEqual(previousEnd);
      previousEnd = end;
      const inside = world.bets.filter((b) => members.has(b.member) && b.at >= start && b.at < end);
      const validBet = inside.reduce((s, b) => s + b.stake, 0);
      const win = inside.reduce((s, b) => s + b.win, 0);
      const figures = {
        validBet,
        profitLoss: win - validBet,
        activeMembers: new Set(inside.map((b) => b.member)).size,
        bets: inside.length,
        lostAmount: inside.reduce((s, b) => s + Math.max(b.stake - b.win, 0), 0),
        wonAmount: inside.reduce((s, b) => s + Math.max(b.win - b.stake, 0), 0),
      };
      expect({ validBet: Number(r.valid_bet), profitLoss: Number(r.profit_loss), active: Number(r.active_members) }).toEqual({
        validBet: figures.validBet,
        profitLoss: figures.profitLoss,
        active: figures.activeMembers,
      });
      expect(Number(r.amount), `contract ${c.id} ${c.contract_type} period ${new Date(start).toISOString()}`).toBe(
        due(c.contract_type, c.terms, figures),
      );
      expect(r.ledger_tx !== null).toBe(Number(r.amount) > 0);
      recordedTotal += Number(r.amount);
    }
    // One payment per paid period, under its key, of the recorded amount.
    const paid = await world.db.query<{ idempotency_key: string; amount: number }>(
      `SELECT t.idempotency_key, e.amount FROM ledger_transactions t JOIN ledger_entries e ON e.transaction_id = t.id
         JOIN ledger_accounts a ON a.id = e.account_id AND a.kind = 'wallet'
        WHERE t.merchant = $1 AND t.idempotency_key LIKE $2 ORDER BY t.idempotency_key`,
      [code, `contract:${c.id}:%`],
    );
    const expected = rows
      .filter((r) => Number(r.amount) > 0)
      .map((r) => ({ idempotency_key: `contract:${c.id}:${new Date(r.period_start).getTime()}`, amount: Number(r.amount) }));
    expect(
      paid
        .map((p) => ({ idempotency_key: p.idempotency_key, amount: Number(p.amount) }))
        .sort((a, b) => (a.idempotency_key < b.idempotency_key ? -1 : 1)),
    ).toEqual(expected.sort((a, b) => (a.idempotency_key < b.idempotency_key ? -1 : 1)));
  }
  const [income] = await world.db.query<{ total: number }>(
    `SELECT coalesce(sum(e.amount), 0)::bigint AS total FROM ledger_transactions t JOIN ledger_entries e ON e.transaction_id = t.id
       JOIN ledger_accounts a ON a.id = e.account_id AND a.kind = 'wallet'
      WHERE t.merchant = $1 AND (t.kind = 'agent.dividend' OR t.kind LIKE 'agent.salary.%')`,
    [code],
  );
  expect(Number(income!.total)).toBe(recordedTotal);
}

async function checkRun(db: Db, input: RunInput): Promise<void> {
  const world = await freshWorld(db, input);
  for (let i = 0; i < input.steps.length; i += input.batch) {
    // A few steps at once: their transactions interleave.
    const batch = input.steps.slice(i, i + input.batch);
    const now = new Date(world.clock);
    await Promise.all(batch.map((step, j) => perform(world, step, i + j, now)));
    for (const step of batch) if (step.kind === "advance") world.clock += step.ms;
    await checkBooks(world);
  }
  // A last settlement of everything due, then the books and every period paid.
  world.clock += 3_600_000;
  await settleContracts(db, world.merchant.code, new Date(world.clock), undefined, { maxPeriods: MAX_PERIODS });
  await checkBooks(world);
  await checkSettlements(world);
  if (process.env.AGENT_PROPERTY_STATS) {
    const [n] = await db.query<{ c: number; s: number; p: number; t: number }>(
      `SELECT (SELECT count(*) FROM agent_contracts WHERE merchant = $1)::int AS c,
              (SELECT count(*) FROM contract_settlements s JOIN agent_contracts c ON c.id = s.contract_id WHERE c.merchant = $1)::int AS s,
              (SELECT count(*) FROM contract_settlements s JOIN agent_contracts c ON c.id = s.contract_id WHERE c.merchant = $1 AND s.amount > 0)::int AS p,
              (SELECT count(*) FROM ledger_transactions WHERE merchant = $1 AND kind LIKE 'agent.transfer.%')::int AS t`,
      [world.merchant.code],
    );
    console.log(JSON.stringify({ ...n, bets: world.bets.length, hours: (world.clock - START) / 3_600_000 }));
  }
}

let db: Db;
beforeAll(async () => {
  db = await openPglite();
  await migrate(db);
}, 120_000);
afterAll(() => db?.close());

describe("agent money keeps the books", () => {
  it(
    `random trees, transfers, bets and settlements: ${RUNS} runs of ${STEPS} steps`,
    async () => {
      await fc.assert(
        fc.asyncProperty(runArb, (input) => checkRun(db, input)),
        { numRuns: RUNS, endOnFailure: true },
      );
    },
    FULL ? 3_600_000 : 120_000,
  );

  // Real races (row locks across connections) need a PostgreSQL server: set TEST_DATABASE_URL.
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    "holds on a PostgreSQL server too",
    async () => {
      const pg = await freshPostgres(process.env.TEST_DATABASE_URL!);
      try {
        await migrate(pg);
        await fc.assert(
          fc.asyncProperty(runArb, (input) => checkRun(pg, input)),
          { numRuns: RUNS, endOnFailure: true },
        );
      } finally {
        await pg.close();
      }
    },
    FULL ? 3_600_000 : 300_000,
  );
});
