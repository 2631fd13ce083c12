import type { Hono } from "hono";
import { z } from "zod";
import type { Db, Sql } from "./db/db";
import { applyMovement, MAIN_WALLET } from "./ledger";
import { formatMinor, toMajor } from "./money";
import { OperatorError } from "./operator";
import { announce, notify } from "./services/inbox";
import { findMemberByUsername } from "./services/members";
import { findMerchant, type Merchant } from "./services/merchants";
import { autoConfirm } from "./services/withdrawals";

// The money part's back-office commands (decision 016): pending deposits approved (credited
// through the ledger, once) or rejected, withdrawals issued or rejected (refunded once), and
// announcements into members' inboxes. The CLI (admin.ts) and the operator listener call these.

async function merchantOf(sql: Sql, code: string): Promise<Merchant> {
  const merchant = await findMerchant(sql, code);
  if (!merchant) throw new OperatorError(`Unknown merchant "${code}".`);
  return merchant;
}

function parseId(text: string | undefined, what: string): number {
  if (!text || !/^\d{1,15}$/.test(text.trim())) throw new OperatorError(`Name a ${what} by its number, not "${text ?? ""}".`);
  return Number(text.trim());
}

const money = (m: Merchant, minor: number) => `${m.currencySymbol}${formatMinor(minor)}`;

export async function listPendingDeposits(db: Db, merchant: string) {
  await merchantOf(db, merchant);
  const rows = await db.query<{
    id: number;
    username: string;
    method_code: string;
    amount_minor: number;
    transaction_id: string | null;
    created_at: Date;
  }>(
    `SELECT r.id, m.username, c.method_code, r.amount_minor, r.transaction_id, r.created_at
       FROM deposit_requests r JOIN members m ON m.id = r.member_id JOIN deposit_channels c ON c.id = r.channel_id
      WHERE r.merchant = $1 AND r.status = 'PENDING' ORDER BY r.id`,
    [merchant],
  );
  return rows.map((r) => ({
    id: r.id,
    username: r.username,
    method: r.method_code,
    amount: toMajor(r.amount_minor),
    transactionId: r.transaction_id,
    createdAt: new Date(r.created_at).toISOString(),
  }));
}

type RequestRow = { member_id: number; amount_minor: number; status: string };

/** The merchant's deposit request or withdrawal `id`, locked for this transaction; an operator error when there is none. */
async function lockedRequest(sql: Sql, kind: "deposit" | "withdrawal", id: number, merchant: string): Promise<RequestRow> {
  const table = kind === "deposit" ? "deposit_requests" : "withdrawals";
  const [row] = await sql.query<RequestRow>(
    `SELECT member_id, amount_minor, status FROM ${table} WHERE id = $1 AND merchant = $2 FOR UPDATE`,
    [id, merchant],
  );
  if (!row) throw new OperatorError(`No ${kind} ${id} at merchant "${merchant}".`);
  return row;
}

/** deposit approve <id>: house → main wallet (key deposit:<id>), APPROVED, DEPOSIT_CREDITED. Again: answers, moves nothing. */
export async function approveDeposit(db: Db, merchant: string, idText: string, now = new Date()) {
  const id = parseId(idText, "deposit");
  return db.tx(async (sql) => {
    const m = await merchantOf(sql, merchant);
    const row = await lockedRequest(sql, "deposit", id, merchant);
    if (row.status === "APPROVED") return { id, status: row.status, amount: toMajor(row.amount_minor), credited: false };
    if (row.status !== "PENDING") throw new OperatorError(`Deposit ${id} is ${row.status}, not PENDING.`);
    const movement = await applyMovement(sql, {
      merchant,
      idempotencyKey: `deposit:${id}`,
      kind: "deposit",
      memo: `deposit ${id}`,
      now,
      legs: [
        { account: { kind: "house" }, amount: -row.amount_minor },
        { account: { kind: "wallet", memberId: row.member_id, accountTypeId: MAIN_WALLET }, amount: row.amount_minor },
      ],
    });
    await sql.query("UPDATE deposit_requests SET status = 'APPROVED', ledger_tx = $2, updated_at = $3 WHERE id = $1", [
      id,
      movement.transactionId,
      now,
    ]);
    await notify(sql, merchant, row.member_id, "DEPOSIT_CREDITED", { amount: money(m, row.amount_minor), id }, now);
    return { id, status: "APPROVED", amount: toMajor(row.amount_minor), credited: !movement.replayed };
  });
}

/** deposit reject <id> [reason]: REJECTED, DEPOSIT_FAILED; nothing moves. */
export async function rejectDeposit(db: Db, merchant: string, idText: string, reason = "", now = new Date()) {
  const id = parseId(idText, "deposit");
  return db.tx(async (sql) => {
    const m = await merchantOf(sql, merchant);
    const row = await lockedRequest(sql, "deposit", id, merchant);
    if (row.status === "REJECTED") return { id, status: row.status };
    if (row.status !== "PENDING") throw new OperatorError(`Deposit ${id} is ${row.status}, not PENDING.`);
    await sql.query("UPDATE deposit_requests SET status = 'REJECTED', remark = $2, updated_at = $3 WHERE id = $1", [
      id,
      reason.slice(0, 200),
      now,
    ]);
    await notify(sql, merchant, row.member_id, "DEPOSIT_FAILED", { amount: money(m, row.amount_minor), id }, now);
    return { id, status: "REJECTED" };
  });
}

export async function listOpenWithdrawals(db: Db, merchant: string, now = new Date()) {
  const m = await merchantOf(db, merchant);
  await autoConfirm(db, m, now);
  const rows = await db.query<{
    id: number;
    username: string;
    amount_minor: number;
    status: string;
    bank_code: string;
    account_name: string;
    account_number: string;
    created_at: Date;
  }>(
    `SELECT w.id, m.username, w.amount_minor, w.status, c.bank_code, c.account_name, c.account_number, w.created_at
       FROM withdrawals w JOIN members m ON m.id = w.member_id JOIN bank_cards c ON c.id = w.bank_card_id
      WHERE w.merchant = $1 AND w.status IN ('PENDING', 'ISSUED') ORDER BY w.id`,
    [merchant],
  );
  return rows.map((r) => ({
    id: r.id,
    username: r.username,
    amount: toMajor(r.amount_minor),
    status: r.status,
    to: `${r.bank_code} ${r.account_number} (${r.account_name})`,
    createdAt: new Date(r.created_at).toISOString(),
  }));
}

/** withdraw issue <id>: PENDING → ISSUED (the house pays out), WITHDRAWAL_APPROVED. */
export async function issueWithdrawal(db: Db, merchant: string, idText: string, now = new Date()) {
  const id = parseId(idText, "withdrawal");
  return db.tx(async (sql) => {
    const m = await merchantOf(sql, merchant);
    const row = await lockedRequest(sql, "withdrawal", id, merchant);
    if (row.status !== "PENDING") {
      if (row.status === "REJECTED") throw new OperatorError(`Withdrawal ${id} was rejected.`);
      return { id, status: row.status };
    }
    await sql.query("UPDATE withdrawals SET status = 'ISSUED', issued_at = $2, decided_at = $2 WHERE id = $1", [id, now]);
    await notify(sql, merchant, row.member_id, "WITHDRAWAL_APPROVED", { amount: money(m, row.amount_minor), id }, now);
    return { id, status: "ISSUED" };
  });
}

/** withdraw reject <id> [reason]: PENDING → REJECTED, house → main wallet (key withdrawRefund:<id>), WITHDRAWAL_REJECTED. */
export async function rejectWithdrawal(db: Db, merchant: string, idText: string, reason = "", now = new Date()) {
  const id = parseId(idText, "withdrawal");
  return db.tx(async (sql) => {
    const m = await merchantOf(sql, merchant);
    const row = await lockedRequest(sql, "withdrawal", id, merchant);
    if (row.status === "REJECTED") return { id, status: row.status, refunded: false };
    if (row.status !== "PENDING") throw new OperatorError(`Withdrawal ${id} is ${row.status}: only a PENDING one can be rejected.`);
    const refund = await applyMovement(sql, {
      merchant,
      idempotencyKey: `withdrawRefund:${id}`,
      kind: "withdraw.refund",
      memo: `withdrawal ${id} rejected`,
      now,
      legs: [
        { account: { kind: "house" }, amount: -row.amount_minor },
        { account: { kind: "wallet", memberId: row.member_id, accountTypeId: MAIN_WALLET }, amount: row.amount_minor },
      ],
    });
    await sql.query("UPDATE withdrawals SET status = 'REJECTED', refund_tx = $2, remark = $3, decided_at = $4 WHERE id = $1", [
      id,
      refund.transactionId,
      reason.slice(0, 200),
      now,
    ]);
    await notify(sql, merchant, row.member_id, "WITHDRAWAL_REJECTED", { amount: money(m, row.amount_minor), id }, now);
    return { id, status: "REJECTED", refunded: !refund.replayed };
  });
}

/** message <username|all> <text>: an ANNOUNCEMENT (same text in every language). */
export async function sendAnnouncement(db: Db, merchant: string, target: string, text: string, now = new Date()) {
  const body = text.trim();
  if (!body || body.length > 2000) throw new OperatorError("The message needs a text of 1 to 2000 characters.");
  await merchantOf(db, merchant);
  let memberId: number | null = null;
  if (target.toLowerCase() !== "all") {
    const member = await findMemberByUsername(db, merchant, target);
    if (!member) throw new OperatorError(`No member "${target}" at merchant "${merchant}".`);
    memberId = member.id;
  }
  const title = body.length > 60 ? `${body.slice(0, 57)}…` : body;
  const sent = await db.tx((sql) =>
    announce(sql, merchant, memberId, { title: { EN: title, BN: title }, content: { EN: body, BN: body } }, now),
  );
  return { sent };
}

// ---------------------------------------------------------------- CLI and listener

export interface MoneyCommand {
  path: string;
  method: "GET" | "POST";
  body?: Record<string, unknown>;
  direct(db: Db, merchant: string): Promise<unknown>;
}

/** The money commands of admin.ts; bad arguments throw usage(message) (admin's UsageError). */
export function parseMoneyCommand(
  name: string,
  args: string[],
  usage: (message: string) => Error = (m) => new OperatorError(m),
): MoneyCommand {
  const [verb, id, ...rest] = args;
  const reason = rest.join(" ");
  switch (name) {
    case "deposits":
      return { path: "deposits", method: "GET", direct: (db, m) => listPendingDeposits(db, m) };
    case "withdrawals":
      return { path: "withdrawals", method: "GET", direct: (db, m) => listOpenWithdrawals(db, m) };
    case "deposit":
      if (verb === "approve" && id && rest.length === 0)
        return { path: "deposit", method: "POST", body: { action: verb, id }, direct: (db, m) => approveDeposit(db, m, id) };
      if (verb === "reject" && id)
        return { path: "deposit", method: "POST", body: { action: verb, id, reason }, direct: (db, m) => rejectDeposit(db, m, id, reason) };
      throw usage('Use "deposit approve <id>" or "deposit reject <id> [reason]".');
    case "withdraw":
      if (verb === "issue" && id && rest.length === 0)
        return { path: "withdraw", method: "POST", body: { action: verb, id }, direct: (db, m) => issueWithdrawal(db, m, id) };
      if (verb === "reject" && id)
        return {
          path: "withdraw",
          method: "POST",
          body: { action: verb, id, reason },
          direct: (db, m) => rejectWithdrawal(db, m, id, reason),
        };
      throw usage('Use "withdraw issue <id>" or "withdraw reject <id> [reason]".');
    case "message": {
      const [target, ...words] = args;
      const text = words.join(" ");
      if (!target || !text) throw usage('Use "message <username|all> <text>".');
      return { path: "message", method: "POST", body: { target, text }, direct: (db, m) => sendAnnouncement(db, m, target, text) };
    }
    default:
      throw usage(`Unknown command "${name}".`);
  }
}

export const MONEY_USAGE = `  deposits                               pending deposit requests
  deposit approve <id>                   credit a pending deposit (once) and notify the member
  deposit reject <id> [reason]           reject a pending deposit ("deposit failed" message)
  withdrawals                            pending and issued withdrawals
  withdraw issue <id>                    mark a pending withdrawal paid out (member confirms)
  withdraw reject <id> [reason]          reject a pending withdrawal: the amount goes back, once
  message <username|all> <text>          an announcement in members' inboxes`;

const action = z.object({
  merchant: z.string().min(1).optional(),
  action: z.enum(["approve", "reject", "issue"]),
  id: z.union([z.string(), z.number()]).transform(String),
  reason: z.string().max(200).optional(),
});
const messageBody = z.object({
  merchant: z.string().min(1).optional(),
  target: z.string().min(1).max(100),
  text: z.string().min(1).max(2000),
});

/** The operator listener's money routes (operator-http.ts). */
export function registerMoneyOperatorRoutes(app: Hono, db: Db, merchant: string, now: () => Date): void {
  const read = async <S extends z.ZodTypeAny>(request: Request, schema: S): Promise<z.infer<S>> => {
    const parsed = schema.safeParse(await request.json().catch(() => undefined));
    if (!parsed.success) throw new OperatorError("Bad request: check the command's arguments.");
    return parsed.data;
  };
  app.get("/operator/deposits", async (c) =>
    c.json({ ok: true, result: await listPendingDeposits(db, c.req.query("merchant") ?? merchant) }),
  );
  app.get("/operator/withdrawals", async (c) =>
    c.json({ ok: true, result: await listOpenWithdrawals(db, c.req.query("merchant") ?? merchant, now()) }),
  );
  app.post("/operator/deposit", async (c) => {
    const b = await read(c.req.raw, action);
    const m = b.merchant ?? merchant;
    if (b.action === "approve") return c.json({ ok: true, result: await approveDeposit(db, m, b.id, now()) });
    if (b.action === "reject") return c.json({ ok: true, result: await rejectDeposit(db, m, b.id, b.reason, now()) });
    throw new OperatorError('Use "deposit approve <id>" or "deposit reject <id> [reason]".');
  });
  app.post("/operator/withdraw", async (c) => {
    const b = await read(c.req.raw, action);
    const m = b.merchant ?? merchant;
    if (b.action === "issue") return c.json({ ok: true, result: await issueWithdrawal(db, m, b.id, now()) });
    if (b.action === "reject") return c.json({ ok: true, result: await rejectWithdrawal(db, m, b.id, b.reason, now()) });
    throw new OperatorError('Use "withdraw issue <id>" or "withdraw reject <id> [reason]".');
  });
  app.post("/operator/message", async (c) => {
    const b = await read(c.req.raw, messageBody);
    return c.json({ ok: true, result: await sendAnnouncement(db, b.merchant ?? merchant, b.target, b.text, now()) });
  });
}
