import type { Db, Sql } from "../db/db";
import { PlatformError } from "../http/context";
import { type Language, type Localized, pick } from "../messages";
import { toMajor } from "../money";
import { iso, money, paged } from "./money-common";
import type { Paging, Range } from "./periods";
import type { Merchant } from "./merchants";
import { checkDepositLimit } from "./responsible-gaming-checks";
import type { SessionMember } from "./sessions";
import { conflict, fingerprintOf, refuseTrial } from "./requests";

// Deposits (decision 016): methods and channels from the seed, a request that stays PENDING until
// the operator approves (credited through the ledger, once) or rejects it. Nothing moves at submit.

export const MAX_PENDING_DEPOSITS = 5;
export type SubmitType = "TRANSACTION_ID" | "LAUNCH_URL";
export const TRANSACTION_ID = /^[A-Za-z0-9-]{4,64}$/;

export async function depositSettings(db: Db, memberId: number) {
  const [row] = await db.query<{ approved: number; pending: number }>(
    `SELECT count(*) FILTER (WHERE status = 'APPROVED')::int AS approved, count(*) FILTER (WHERE status = 'PENDING')::int AS pending
       FROM deposit_requests WHERE member_id = $1`,
    [memberId],
  );
  return {
    allowDeposit: "Y",
    totalDepositSuccessCount: row?.approved ?? 0,
    pendingCount: row?.pending ?? 0,
    maxPending: MAX_PENDING_DEPOSITS,
  };
}

export async function depositMethods(db: Db, merchant: string, lang: Language) {
  const rows = await db.query<{ method_code: string; name: Localized; sort: number }>(
    `SELECT method_code, name, sort FROM deposit_methods d
      WHERE merchant = $1 AND enabled AND EXISTS (SELECT 1 FROM deposit_channels c WHERE c.merchant = d.merchant AND c.method_code = d.method_code AND c.enabled)
      ORDER BY sort, method_code`,
    [merchant],
  );
  return rows.map((r) => ({ methodCode: r.method_code, methodName: pick(r.name, lang), sort: r.sort }));
}

interface ChannelRow {
  id: number;
  method_code: string;
  name: Localized;
  submit_type: SubmitType;
  min_amount: number;
  max_amount: number;
  fixed: number[];
  allow_custom: boolean;
  account_name: string;
  account_number: string;
  instructions: Localized;
}

const CHANNEL_COLUMNS = `c.id, c.method_code, c.name, c.submit_type, c.min_amount, c.max_amount, array_to_json(c.fixed_amounts) AS fixed,
  c.allow_custom, c.account_name, c.account_number, c.instructions`;

function channelShape(r: ChannelRow, lang: Language) {
  return {
    channelId: r.id,
    methodCode: r.method_code,
    channelName: pick(r.name, lang),
    submitType: r.submit_type,
    minAmount: toMajor(r.min_amount),
    maxAmount: toMajor(r.max_amount),
    fixedAmounts: r.fixed.map(Number).map(toMajor),
    allowCustomAmount: r.allow_custom,
    accountName: r.account_name,
    accountNumber: r.account_number,
    instructions: pick(r.instructions, lang),
  };
}

export async function depositChannels(db: Db, merchant: string, methodCode: string | undefined, lang: Language) {
  const rows = await db.query<ChannelRow>(
    `SELECT ${CHANNEL_COLUMNS} FROM deposit_channels c JOIN deposit_methods d ON d.merchant = c.merchant AND d.method_code = c.method_code
      WHERE c.merchant = $1 AND c.enabled AND d.enabled AND ($2::text IS NULL OR c.method_code = $2)
      ORDER BY d.sort, c.sort, c.id`,
    [merchant, methodCode ?? null],
  );
  return rows.map((r) => channelShape(r, lang));
}

/** The default list when no channel is named: the fixed amounts common to the merchant's channels. */
export const DEFAULT_FIXED_AMOUNTS = [500, 1000, 2000, 5000, 10000, 25000];

export async function fixedAmounts(db: Db, merchant: string, channelId: number | undefined): Promise<number[]> {
  if (channelId === undefined) return DEFAULT_FIXED_AMOUNTS;
  const [row] = await db.query<{ fixed: number[] }>(
    "SELECT array_to_json(fixed_amounts) AS fixed FROM deposit_channels WHERE merchant = $1 AND id = $2 AND enabled",
    [merchant, channelId],
  );
  if (!row) throw new PlatformError("deposit.channel.not.found", "deposit.channel.not.found");
  return row.fixed.map(Number).map(toMajor);
}

interface DepositRow {
  id: number;
  request_id: string;
  fingerprint: string;
  method_code: string;
  channel_id: number;
  channel_name: Localized;
  amount_minor: number;
  status: string;
  transaction_id: string | null;
  remark: string;
  created_at: Date;
  updated_at: Date;
}

const DEPOSIT_COLUMNS = `r.id, r.request_id, r.fingerprint, c.method_code, r.channel_id, c.name AS channel_name, r.amount_minor, r.status,
  r.transaction_id, r.remark, r.created_at, r.updated_at`;

function depositShape(r: DepositRow, lang: Language) {
  return {
    depositId: r.id,
    requestId: r.request_id,
    methodCode: r.method_code,
    channelId: r.channel_id,
    channelName: pick(r.channel_name, lang),
    amount: toMajor(r.amount_minor),
    status: r.status,
    transactionId: r.transaction_id,
    remark: r.remark,
    createdAt: iso(r.created_at),
    updatedAt: iso(r.updated_at),
  };
}

async function depositByRequest(sql: Sql, memberId: number, requestId: string): Promise<DepositRow | null> {
  const [row] = await sql.query<DepositRow>(
    `SELECT ${DEPOSIT_COLUMNS} FROM deposit_requests r JOIN deposit_channels c ON c.id = r.channel_id WHERE r.member_id = $1 AND r.request_id = $2`,
    [memberId, requestId],
  );
  return row ?? null;
}

export interface DepositInput {
  requestId: string;
  channelId: number;
  /** Minor units. */
  amount: number;
  transactionId: string | null;
  submitType: SubmitType;
}

/** Answers the row stored under this requestId when its content matches, else idempotency.conflict. */
function replayOf(row: DepositRow, print: string, lang: Language) {
  if (row.fingerprint !== print) throw conflict();
  return depositShape(row, lang);
}

/** MCSFE_manualTransferByTransactionId / MCSFE_depositByLaunchUrl: a PENDING request. */
export async function submitDeposit(db: Db, merchant: Merchant, member: SessionMember, input: DepositInput, lang: Language, now: Date) {
  refuseTrial(member);
  const print = fingerprintOf(["deposit", input.submitType, input.channelId, input.amount, input.transactionId]);
  try {
    return await db.tx(async (sql) => {
      // One submit per member at a time: the pending count and the requestId check hold.
      await sql.query("SELECT 1 FROM members WHERE id = $1 FOR UPDATE", [member.memberId]);
      const existing = await depositByRequest(sql, member.memberId, input.requestId);
      if (existing) return replayOf(existing, print, lang);

      const [channel] = await sql.query<ChannelRow>(
        `SELECT ${CHANNEL_COLUMNS} FROM deposit_channels c JOIN deposit_methods d ON d.merchant = c.merchant AND d.method_code = c.method_code
          WHERE c.merchant = $1 AND c.id = $2 AND c.enabled AND d.enabled`,
        [merchant.code, input.channelId],
      );
      if (!channel || channel.submit_type !== input.submitType)
        throw new PlatformError("deposit.channel.not.found", "deposit.channel.not.found");
      if (input.amount < channel.min_amount || input.amount > channel.max_amount) {
        throw new PlatformError("deposit.amount.range", "deposit.amount.range", 200, {
          vars: { min: money(merchant, channel.min_amount), max: money(merchant, channel.max_amount) },
        });
      }
      if (!channel.allow_custom && !channel.fixed.map(Number).includes(input.amount))
        throw new PlatformError("deposit.amount.fixed", "deposit.amount.fixed");
      if (input.submitType === "TRANSACTION_ID" && !(input.transactionId && TRANSACTION_ID.test(input.transactionId))) {
        throw new PlatformError("deposit.transaction.invalid", "deposit.transaction.invalid");
      }
      const [pending] = await sql.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM deposit_requests WHERE member_id = $1 AND status = 'PENDING'",
        [member.memberId],
      );
      if ((pending?.n ?? 0) >= MAX_PENDING_DEPOSITS) {
        throw new PlatformError("deposit.pending.limit", "deposit.pending.limit", 200, { vars: { max: MAX_PENDING_DEPOSITS } });
      }
      await checkDepositLimit(sql, merchant.code, member.memberId, input.amount, now);
      await sql.query(
        `INSERT INTO deposit_requests (merchant, member_id, request_id, fingerprint, channel_id, amount_minor, transaction_id, status, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, 'PENDING', $8, $8)`,
        [merchant.code, member.memberId, input.requestId, print, channel.id, input.amount, input.transactionId, now],
      );
      const stored = await depositByRequest(sql, member.memberId, input.requestId);
      return depositShape(stored!, lang);
    });
  } catch (err) {
    if (err instanceof PlatformError) throw err;
    // A twin inserted the same requestId first (unique violation): answer its row.
    const existing = await depositByRequest(db, member.memberId, input.requestId);
    if (existing) return replayOf(existing, print, lang);
    throw err;
  }
}

const STATUSES = ["PENDING", "APPROVED", "REJECTED", "CANCELLED"];

export async function depositReport(db: Db, memberId: number, page: Paging, range: Range, status: string | undefined, lang: Language) {
  const wanted = status && STATUSES.includes(status.toUpperCase()) ? status.toUpperCase() : null;
  const where = `r.member_id = $1 AND ($2::timestamptz IS NULL OR r.created_at >= $2) AND ($3::timestamptz IS NULL OR r.created_at < $3)
                 AND ($4::text IS NULL OR r.status = $4)`;
  const params = [memberId, range.from, range.to, wanted];
  const [count] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM deposit_requests r WHERE ${where}`, params);
  const rows = await db.query<DepositRow>(
    `SELECT ${DEPOSIT_COLUMNS} FROM deposit_requests r JOIN deposit_channels c ON c.id = r.channel_id
      WHERE ${where} ORDER BY r.created_at DESC, r.id DESC LIMIT $5 OFFSET $6`,
    [...params, page.pageSize, (page.pageNo - 1) * page.pageSize],
  );
  return paged(
    rows.map((r) => depositShape(r, lang)),
    count?.n ?? 0,
    page,
  );
}

/** MCSFE_cancelDeposit: a PENDING request of this member → CANCELLED (a cancelled one answers again). */
export async function cancelDeposit(db: Db, member: SessionMember, depositId: number, lang: Language, now: Date) {
  refuseTrial(member);
  return db.tx(async (sql) => {
    const rows = await sql.query<{ status: string }>("SELECT status FROM deposit_requests WHERE id = $1 AND member_id = $2 FOR UPDATE", [
      depositId,
      member.memberId,
    ]);
    const row = rows[0];
    if (!row) throw new PlatformError("deposit.not.found", "deposit.not.found");
    if (row.status === "PENDING") {
      await sql.query("UPDATE deposit_requests SET status = 'CANCELLED', updated_at = $2 WHERE id = $1", [depositId, now]);
    } else if (row.status !== "CANCELLED") {
      throw new PlatformError("deposit.not.pending", "deposit.not.pending");
    }
    const [stored] = await sql.query<DepositRow>(
      `SELECT ${DEPOSIT_COLUMNS} FROM deposit_requests r JOIN deposit_channels c ON c.id = r.channel_id WHERE r.id = $1`,
      [depositId],
    );
    return depositShape(stored!, lang);
  });
}
