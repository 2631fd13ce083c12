import { createHash } from "node:crypto";
import type { Db, Sql } from "./db/db";

/** accountTypeId of the main wallet (contract §3.4). */
export const MAIN_WALLET = 2;

/**
 * Real book: the house and member wallets. Trial book (free play): the trial house and trial
 * wallets of trial accounts (type 4). A movement stays inside one book.
 */
export type AccountRef =
  | { kind: "house" }
  | { kind: "wallet"; memberId: number; accountTypeId: number }
  | { kind: "trialHouse" }
  | { kind: "trial"; memberId: number; accountTypeId: number };

const isTrialRef = (ref: AccountRef) => ref.kind === "trial" || ref.kind === "trialHouse";

/** One side of a movement, in minor units: positive adds to the account, negative takes. */
export interface Leg {
  account: AccountRef;
  amount: number;
}

export interface MovementInput {
  merchant: string;
  /** The same key with the same content applies once; with other content it is refused. */
  idempotencyKey: string;
  kind: string;
  memo?: string;
  legs: Leg[];
  now?: Date;
}

export interface MovementResult {
  transactionId: number;
  /** True when the key had been applied before and this call moved nothing. */
  replayed: boolean;
  entries: { accountId: number; amount: number; balanceAfter: number }[];
}

export type LedgerErrorCode = "insufficient.balance" | "idempotency.conflict" | "invalid.movement";

export class LedgerError extends Error {
  constructor(
    readonly code: LedgerErrorCode,
    message: string,
  ) {
    super(message);
    this.name = "LedgerError";
  }
}

function refKey(ref: AccountRef): string {
  if (ref.kind === "house" || ref.kind === "trialHouse") return ref.kind;
  return `${ref.kind}:${ref.memberId}:${ref.accountTypeId}`;
}

function validate(input: MovementInput): void {
  if (!input.idempotencyKey || input.idempotencyKey.length > 200) {
    throw new LedgerError("invalid.movement", "an idempotency key of 1 to 200 characters is required");
  }
  if (input.legs.length < 2) throw new LedgerError("invalid.movement", "a movement needs at least two legs");
  if (new Set(input.legs.map((leg) => isTrialRef(leg.account))).size > 1) {
    throw new LedgerError("invalid.movement", "a movement cannot mix real and trial accounts");
  }
  const seen = new Set<string>();
  let total = 0;
  for (const leg of input.legs) {
    if (!Number.isSafeInteger(leg.amount) || leg.amount === 0) {
      throw new LedgerError("invalid.movement", "leg amounts must be non-zero integers of minor units");
    }
    const key = refKey(leg.account);
    if (seen.has(key)) throw new LedgerError("invalid.movement", `account ${key} appears twice`);
    seen.add(key);
    total += leg.amount;
  }
  if (total !== 0) throw new LedgerError("invalid.movement", `legs sum to ${total}, not zero`);
}

/** What "the same content" means for a retried key: kind and legs, in a canonical order. */
function fingerprint(input: MovementInput): string {
  const legs = input.legs.map((leg) => [refKey(leg.account), leg.amount] as const).sort(([a], [b]) => (a < b ? -1 : 1));
  return createHash("sha256")
    .update(JSON.stringify([input.kind, legs]))
    .digest("hex");
}

async function ensureAccount(sql: Sql, merchant: string, ref: AccountRef): Promise<number> {
  if (ref.kind === "house" || ref.kind === "trialHouse") {
    const kind = ref.kind === "house" ? "house" : "trial_house";
    // The two partial unique indexes differ only in their predicate, named here literally.
    await sql.query(
      kind === "house"
        ? `INSERT INTO ledger_accounts (merchant, kind) VALUES ($1, 'house') ON CONFLICT (merchant) WHERE kind = 'house' DO NOTHING`
        : `INSERT INTO ledger_accounts (merchant, kind) VALUES ($1, 'trial_house') ON CONFLICT (merchant) WHERE kind = 'trial_house' DO NOTHING`,
      [merchant],
    );
    const [row] = await sql.query<{ id: number }>("SELECT id FROM ledger_accounts WHERE merchant = $1 AND kind = $2", [merchant, kind]);
    if (!row) throw new Error(`${kind} account missing after insert`);
    return row.id;
  }
  // Inserted only for a member of this merchant and a wallet type this merchant offers; real
  // wallets only for real accounts, trial wallets only for trial accounts (type 4).
  const kind = ref.kind === "wallet" ? "wallet" : "trial";
  await sql.query(
    kind === "wallet"
      ? `INSERT INTO ledger_accounts (merchant, kind, member_id, account_type_id)
         SELECT m.merchant, 'wallet', m.id, w.account_type_id
           FROM members m JOIN wallet_types w ON w.merchant = m.merchant AND w.account_type_id = $3
          WHERE m.id = $2 AND m.merchant = $1 AND m.account_type <> 4
         ON CONFLICT (member_id, account_type_id) WHERE kind = 'wallet' DO NOTHING`
      : `INSERT INTO ledger_accounts (merchant, kind, member_id, account_type_id)
         SELECT m.merchant, 'trial', m.id, w.account_type_id
           FROM members m JOIN wallet_types w ON w.merchant = m.merchant AND w.account_type_id = $3
          WHERE m.id = $2 AND m.merchant = $1 AND m.account_type = 4
         ON CONFLICT (member_id, account_type_id) WHERE kind = 'trial' DO NOTHING`,
    [merchant, ref.memberId, ref.accountTypeId],
  );
  const [row] = await sql.query<{ id: number }>(
    `SELECT id FROM ledger_accounts
      WHERE merchant = $1 AND kind = $4 AND member_id = $2 AND account_type_id = $3`,
    [merchant, ref.memberId, ref.accountTypeId, kind],
  );
  if (!row) throw new LedgerError("invalid.movement", `no wallet ${ref.accountTypeId} for member ${ref.memberId}`);
  return row.id;
}

async function existingResult(sql: Sql, transactionId: number): Promise<MovementResult> {
  const entries = await sql.query<{ account_id: number; amount: number; balance_after: number }>(
    "SELECT account_id, amount, balance_after FROM ledger_entries WHERE transaction_id = $1 ORDER BY id",
    [transactionId],
  );
  return {
    transactionId,
    replayed: true,
    entries: entries.map((e) => ({ accountId: e.account_id, amount: e.amount, balanceAfter: e.balance_after })),
  };
}

/**
 * Opens (when missing) and locks accounts for a caller that must read balances before moving money
 * in the same transaction (a bet checks the wallet, then plays). Locks in ascending id order, as
 * applyMovement does, so it never deadlocks with other movements. Balances in the order of refs.
 */
export async function lockAccounts(sql: Sql, merchant: string, refs: AccountRef[]): Promise<{ accountId: number; balance: number }[]> {
  const ids: number[] = [];
  for (const ref of refs) ids.push(await ensureAccount(sql, merchant, ref));
  const balances = new Map<number, number>();
  for (const id of [...new Set(ids)].sort((a, b) => a - b)) {
    const [row] = await sql.query<{ balance: number }>("SELECT balance FROM ledger_accounts WHERE id = $1 FOR UPDATE", [id]);
    if (!row) throw new Error(`ledger account ${id} vanished`);
    balances.set(id, row.balance);
  }
  return ids.map((accountId) => ({ accountId, balance: balances.get(accountId)! }));
}

/**
 * Moves money: all legs in one database transaction, accounts locked in ascending id order (so two
 * movements over the same accounts never deadlock), member wallets never below zero.
 */
export function postMovement(db: Db, input: MovementInput): Promise<MovementResult> {
  return db.tx((sql) => applyMovement(sql, input));
}

/** postMovement inside a transaction the caller already holds (the seed, later a withdraw). */
export async function applyMovement(sql: Sql, input: MovementInput): Promise<MovementResult> {
  validate(input);
  const print = fingerprint(input);
  // Claiming the key first: a concurrent twin waits on this row and then sees it committed.
  const claimed = await sql.query<{ id: number }>(
    `INSERT INTO ledger_transactions (merchant, idempotency_key, kind, fingerprint, memo, created_at)
     VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (merchant, idempotency_key) DO NOTHING RETURNING id`,
    [input.merchant, input.idempotencyKey, input.kind, print, input.memo ?? "", input.now ?? new Date()],
  );
  const claim = claimed[0];
  if (!claim) {
    const [first] = await sql.query<{ id: number; fingerprint: string }>(
      "SELECT id, fingerprint FROM ledger_transactions WHERE merchant = $1 AND idempotency_key = $2",
      [input.merchant, input.idempotencyKey],
    );
    if (!first) throw new Error("idempotency key vanished");
    if (first.fingerprint !== print) {
      throw new LedgerError("idempotency.conflict", `key ${input.idempotencyKey} was used for another movement`);
    }
    return existingResult(sql, first.id);
  }

  const accountIds: number[] = [];
  for (const leg of input.legs) accountIds.push(await ensureAccount(sql, input.merchant, leg.account));

  const balances = new Map<number, { balance: number; kind: string }>();
  for (const id of [...accountIds].sort((a, b) => a - b)) {
    const [row] = await sql.query<{ balance: number; kind: string }>("SELECT balance, kind FROM ledger_accounts WHERE id = $1 FOR UPDATE", [
      id,
    ]);
    if (!row) throw new Error(`ledger account ${id} vanished`);
    balances.set(id, row);
  }

  const entries: MovementResult["entries"] = [];
  for (const [index, leg] of input.legs.entries()) {
    const accountId = accountIds[index]!;
    const account = balances.get(accountId)!;
    const balanceAfter = account.balance + leg.amount;
    if ((account.kind === "wallet" || account.kind === "trial") && balanceAfter < 0) {
      throw new LedgerError("insufficient.balance", `account ${accountId} holds ${account.balance}, needs ${-leg.amount}`);
    }
    entries.push({ accountId, amount: leg.amount, balanceAfter });
  }
  for (const entry of entries) {
    await sql.query("UPDATE ledger_accounts SET balance = $2 WHERE id = $1", [entry.accountId, entry.balanceAfter]);
    await sql.query("INSERT INTO ledger_entries (transaction_id, account_id, amount, balance_after) VALUES ($1, $2, $3, $4)", [
      claim.id,
      entry.accountId,
      entry.amount,
      entry.balanceAfter,
    ]);
  }
  return { transactionId: claim.id, replayed: false, entries };
}

export interface CreditInput {
  merchant: string;
  memberId: number;
  accountTypeId?: number;
  /** Minor units; negative takes money back (refused below zero). */
  amount: number;
  idempotencyKey: string;
  kind?: string;
  memo?: string;
  now?: Date;
}

/** House → member wallet (or back, for a negative amount). */
export function creditWallet(db: Db, input: CreditInput): Promise<MovementResult> {
  const wallet: AccountRef = { kind: "wallet", memberId: input.memberId, accountTypeId: input.accountTypeId ?? MAIN_WALLET };
  return postMovement(db, {
    merchant: input.merchant,
    idempotencyKey: input.idempotencyKey,
    kind: input.kind ?? "credit",
    memo: input.memo,
    now: input.now,
    legs: [
      { account: { kind: "house" }, amount: -input.amount },
      { account: wallet, amount: input.amount },
    ],
  });
}

export interface TransferInput {
  merchant: string;
  from: AccountRef;
  to: AccountRef;
  /** Minor units, positive. */
  amount: number;
  idempotencyKey: string;
  kind?: string;
  memo?: string;
  now?: Date;
}

export async function transfer(db: Db, input: TransferInput): Promise<MovementResult> {
  if (!(input.amount > 0)) throw new LedgerError("invalid.movement", "a transfer amount must be positive");
  return postMovement(db, {
    merchant: input.merchant,
    idempotencyKey: input.idempotencyKey,
    kind: input.kind ?? "transfer",
    memo: input.memo,
    now: input.now,
    legs: [
      { account: input.from, amount: -input.amount },
      { account: input.to, amount: input.amount },
    ],
  });
}
