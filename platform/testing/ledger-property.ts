import fc from "fast-check";
import { expect } from "vitest";
import type { Db } from "../db/db";
import { creditWallet, LedgerError, MAIN_WALLET, type MovementResult, transfer } from "../ledger";

// Random concurrent credits and transfers among 20 wallets, with retried and reused idempotency
// keys, checked against a model: the ledger stays balanced, no wallet goes negative, and every
// key moves money at most once. Shared by the PGlite test and the optional PostgreSQL one.

const MEMBERS = 20;
const OPENING = 10_000;

type Op = { kind: "credit"; to: number; amount: number } | { kind: "transfer"; from: number; to: number; amount: number };
interface Submission {
  op: Op;
  key: number;
}

const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    kind: fc.constant("credit" as const),
    to: fc.nat(MEMBERS - 1),
    amount: fc.integer({ min: -OPENING, max: 5_000 }).filter((a) => a !== 0),
  }),
  fc
    .record({
      kind: fc.constant("transfer" as const),
      from: fc.nat(MEMBERS - 1),
      to: fc.nat(MEMBERS - 1),
      amount: fc.integer({ min: 1, max: 2 * OPENING }),
    })
    .filter((op) => op.from !== op.to),
);

export const batchArb = fc
  .record({
    // Keys from a small pool: the same key with other content happens often.
    submissions: fc.array(fc.record({ op: opArb, key: fc.nat(24) }), { minLength: 10, maxLength: 50 }),
    // Exact retries of some submissions.
    retries: fc.array(fc.nat(), { maxLength: 25 }),
    order: fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 80, maxLength: 80 }),
  })
  .map(({ submissions, retries, order }) => {
    const all = [...submissions, ...retries.map((i) => submissions[i % submissions.length]!)];
    return all
      .map((s, i) => ({ s, rank: order[i % order.length]! + i * 1e-9 }))
      .sort((a, b) => a.rank - b.rank)
      .map(({ s }) => s);
  });

let run = 0;

async function freshMerchant(db: Db): Promise<{ merchant: string; memberIds: number[] }> {
  const merchant = `prop_${process.pid}_${Date.now().toString(36)}_${run++}`;
  await db.query("INSERT INTO merchants (code, currency, currency_symbol) VALUES ($1, 'BDT', '৳')", [merchant]);
  await db.query('INSERT INTO wallet_types (merchant, account_type_id, display_name, sort) VALUES ($1, $2, \'{"EN":"Main"}\', 0)', [
    merchant,
    MAIN_WALLET,
  ]);
  const rows = await db.query<{ id: number }>(
    `INSERT INTO members (merchant, username, password_hash, account_type)
     SELECT $1, 'm' || i, 'none', 0 FROM generate_series(1, $2) AS i RETURNING id`,
    [merchant, MEMBERS],
  );
  const memberIds = rows.map((r) => r.id).sort((a, b) => a - b);
  for (const [i, memberId] of memberIds.entries()) {
    await creditWallet(db, { merchant, memberId, amount: OPENING, idempotencyKey: `open:${i}` });
  }
  return { merchant, memberIds };
}

function execute(db: Db, merchant: string, memberIds: number[], { op, key }: Submission): Promise<MovementResult> {
  const idempotencyKey = `k${key}`;
  const wallet = (i: number) => ({ kind: "wallet" as const, memberId: memberIds[i]!, accountTypeId: MAIN_WALLET });
  if (op.kind === "credit") return creditWallet(db, { merchant, memberId: memberIds[op.to]!, amount: op.amount, idempotencyKey });
  return transfer(db, { merchant, from: wallet(op.from), to: wallet(op.to), amount: op.amount, idempotencyKey });
}

const sameOp = (a: Op, b: Op) => JSON.stringify(a) === JSON.stringify(b);

export async function checkBatch(db: Db, batch: Submission[]): Promise<void> {
  const { merchant, memberIds } = await freshMerchant(db);
  const outcomes = await Promise.allSettled(batch.map((s) => execute(db, merchant, memberIds, s)));

  const expected = memberIds.map(() => OPENING);
  const applied = new Map<number, { op: Op; transactionId: number }>();
  outcomes.forEach((outcome, i) => {
    const { op, key } = batch[i]!;
    if (outcome.status === "rejected") {
      const err = outcome.reason as unknown;
      if (!(err instanceof LedgerError) || err.code === "invalid.movement") throw err;
      return;
    }
    if (!outcome.value.replayed) {
      expect(applied.has(key), `key k${key} applied twice`).toBe(false);
      applied.set(key, { op, transactionId: outcome.value.transactionId });
      if (op.kind === "credit") expected[op.to]! += op.amount;
      else {
        expected[op.from]! -= op.amount;
        expected[op.to]! += op.amount;
      }
    }
  });
  outcomes.forEach((outcome, i) => {
    const { op, key } = batch[i]!;
    const first = applied.get(key);
    if (outcome.status === "fulfilled") {
      // A replay returns the first result and only for the same content.
      expect(first).toBeDefined();
      expect(outcome.value.transactionId).toBe(first!.transactionId);
      expect(sameOp(op, first!.op)).toBe(true);
    } else if ((outcome.reason as LedgerError).code === "idempotency.conflict") {
      expect(first && !sameOp(op, first.op), `conflict on k${key} without another applied movement`).toBe(true);
    }
  });

  const balances = await db.query<{ member_id: number | null; kind: string; balance: number; entries: number }>(
    `SELECT a.member_id, a.kind, a.balance, coalesce((SELECT sum(e.amount) FROM ledger_entries e WHERE e.account_id = a.id), 0)::bigint AS entries
       FROM ledger_accounts a WHERE a.merchant = $1`,
    [merchant],
  );
  let total = 0;
  for (const row of balances) {
    total += row.balance;
    expect(row.balance).toBe(row.entries);
    if (row.kind === "wallet") {
      expect(row.balance).toBeGreaterThanOrEqual(0);
      expect(row.balance).toBe(expected[memberIds.indexOf(row.member_id!)]);
    }
  }
  expect(total).toBe(0);
  const [counts] = await db.query<{ transactions: number; unbalanced: number }>(
    `SELECT count(*) AS transactions,
            count(*) FILTER (WHERE (SELECT sum(amount) FROM ledger_entries e WHERE e.transaction_id = t.id) <> 0) AS unbalanced
       FROM ledger_transactions t WHERE t.merchant = $1`,
    [merchant],
  );
  expect(counts).toEqual({ transactions: MEMBERS + applied.size, unbalanced: 0 });
}
