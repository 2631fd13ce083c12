import { createHash } from "node:crypto";
import type { Db, Sql } from "../db/db";
import { PlatformError } from "../http/context";
import { type AccountRef, applyMovement, LedgerError, lockAccounts, MAIN_WALLET } from "../ledger";
import { toMajor } from "../money";
import { iso, maskAccount, money, paged } from "./money-common";
import type { Paging, Range } from "./periods";
import { hasPaymentPassword } from "./money-password";
import { type Merchant, settingNumber } from "./merchants";
import type { SessionMember } from "./sessions";
import { memberRank } from "./vip";
import { conflict, fingerprintOf, refuseTrial } from "./requests";

// Withdrawals (decision 016): bound cards and e-wallets (final once bound), limits from merchant
// settings, the amount leaving the main wallet at once into the house (withdraw.hold), back on a
// reject (withdraw.refund), and the member's confirmation of an issued payout.

export const MAX_CARDS = 5;
export const MAX_PROOF_BYTES = 5 * 1024 * 1024;
const DAY_MS = 86_400_000;

export interface WithdrawLimits {
  min: number;
  max: number;
  dailyAmount: number;
  dailyTimes: number;
  confirmMinutes: number;
}

/** Merchant settings in major units (withdrawMin 100, withdrawMax 25000, withdrawDailyAmount 50000, withdrawDailyTimes 5). */
export function withdrawLimits(merchant: Merchant): WithdrawLimits {
  const minor = (key: string, fallback: number) => Math.round(settingNumber(merchant, key, fallback) * 100);
  return {
    min: minor("withdrawMin", 100),
    max: minor("withdrawMax", 25_000),
    dailyAmount: minor("withdrawDailyAmount", 50_000),
    dailyTimes: Math.floor(settingNumber(merchant, "withdrawDailyTimes", 5)),
    confirmMinutes: Math.max(0, settingNumber(merchant, "withdrawConfirmMinutes", 60)),
  };
}

/**
 * The limits for one member: the daily amount and times are the larger of the merchant's setting
 * and the member's VIP rank (vip_ranks, decision 027 §2).
 */
export async function memberWithdrawLimits(sql: Sql, merchant: Merchant, memberId: number): Promise<WithdrawLimits> {
  const limits = withdrawLimits(merchant);
  const { rank } = await memberRank(sql, merchant.code, memberId);
  if (!rank) return limits;
  return {
    ...limits,
    dailyAmount: Math.max(limits.dailyAmount, rank.dailyWithdrawalLimit),
    dailyTimes: Math.max(limits.dailyTimes, rank.dailyWithdrawalTimes),
  };
}

export async function listBanks(db: Db, merchant: string, cardType: string | undefined) {
  const rows = await db.query<{ bank_code: string; name: string; card_type: string }>(
    "SELECT bank_code, name, card_type FROM banks WHERE merchant = $1 AND ($2::text IS NULL OR card_type = $2) ORDER BY card_type DESC, sort, bank_code",
    [merchant, cardType === "BC" || cardType === "EW" ? cardType : null],
  );
  return rows.map((r) => ({ bankCode: r.bank_code, bankName: r.name, cardType: r.card_type }));
}

interface CardRow {
  id: number;
  card_type: string;
  bank_code: string;
  bank_name: string | null;
  account_name: string;
  account_number: string;
  created_at: Date;
}

const cardShape = (r: CardRow) => ({
  bankCardId: r.id,
  cardType: r.card_type,
  bankCode: r.bank_code,
  bankName: r.bank_name ?? r.bank_code,
  accountName: r.account_name,
  accountNumber: maskAccount(r.account_number),
  isWithdrawActive: true,
  createdAt: iso(r.created_at),
});

async function memberCards(sql: Sql, merchant: string, memberId: number): Promise<CardRow[]> {
  return sql.query<CardRow>(
    `SELECT c.id, c.card_type, c.bank_code, b.name AS bank_name, c.account_name, c.account_number, c.created_at
       FROM bank_cards c LEFT JOIN banks b ON b.merchant = c.merchant AND b.bank_code = c.bank_code
      WHERE c.member_id = $1 AND c.merchant = $2 ORDER BY c.id`,
    [memberId, merchant],
  );
}

export interface CardInput {
  cardType: string;
  bankCode: string;
  accountName: string;
  accountNumber: string;
}

/** PUT /wps/v2/member/bankCards: binds a bank card (BC) or e-wallet (EW), final once bound. */
export async function bindCard(db: Db, merchant: string, member: SessionMember, input: CardInput, now: Date) {
  refuseTrial(member);
  const cardType = input.cardType.trim().toUpperCase();
  const bankCode = input.bankCode.trim().toUpperCase();
  const accountName = input.accountName.trim().replace(/\s+/g, " ");
  const accountNumber = input.accountNumber.replace(/[\s-]/g, "");
  const nameOk = [...accountName].length >= 2 && [...accountName].length <= 60 && !/[\p{Cc}<>]/u.test(accountName);
  const numberOk = cardType === "EW" ? /^01\d{9,10}$/.test(accountNumber) : /^\d{6,30}$/.test(accountNumber);
  return db.tx(async (sql) => {
    const [bank] = await sql.query("SELECT 1 FROM banks WHERE merchant = $1 AND bank_code = $2 AND card_type = $3", [
      merchant,
      bankCode,
      cardType,
    ]);
    if (!bank) throw new PlatformError("card.bank.not.found", "card.bank.not.found");
    if (!nameOk || !numberOk) throw new PlatformError("card.account.invalid", "card.account.invalid");
    await sql.query("SELECT 1 FROM members WHERE id = $1 FOR UPDATE", [member.memberId]);
    const cards = await memberCards(sql, merchant, member.memberId);
    if (cards.some((c) => c.bank_code === bankCode && c.account_number === accountNumber))
      throw new PlatformError("card.duplicate", "card.duplicate");
    if (cards.length >= MAX_CARDS) throw new PlatformError("card.limit", "card.limit", 200, { vars: { max: MAX_CARDS } });
    const [row] = await sql.query<{ id: number }>(
      `INSERT INTO bank_cards (merchant, member_id, card_type, bank_code, account_name, account_number, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
      [merchant, member.memberId, cardType, bankCode, accountName, accountNumber, now],
    );
    const stored = (await memberCards(sql, merchant, member.memberId)).find((c) => c.id === row!.id)!;
    return cardShape(stored);
  });
}

/** Issued withdrawals past the confirmation window count as received (applied lazily on read). */
export async function autoConfirm(sql: Sql, merchant: Merchant, now: Date, memberId?: number): Promise<void> {
  const minutes = withdrawLimits(merchant).confirmMinutes;
  const cutoff = new Date(now.getTime() - minutes * 60_000);
  await sql.query(
    `UPDATE withdrawals SET status = 'RECEIVED', auto_confirmed = true, received_minor = amount_minor,
            confirmed_at = issued_at + make_interval(secs => $4::float8)
      WHERE merchant = $1 AND status = 'ISSUED' AND issued_at <= $2 AND ($3::bigint IS NULL OR member_id = $3)`,
    [merchant.code, cutoff, memberId ?? null, minutes * 60],
  );
}

async function usedToday(sql: Sql, memberId: number, now: Date): Promise<{ amount: number; times: number }> {
  const [row] = await sql.query<{ amount: number; times: number }>(
    `SELECT coalesce(sum(amount_minor), 0)::bigint AS amount, count(*)::int AS times FROM withdrawals
      WHERE member_id = $1 AND status <> 'REJECTED' AND created_at > $2`,
    [memberId, new Date(now.getTime() - DAY_MS)],
  );
  return { amount: Number(row?.amount ?? 0), times: row?.times ?? 0 };
}

export async function withdrawSettings(db: Db, merchant: Merchant, memberId: number) {
  const l = await memberWithdrawLimits(db, merchant, memberId);
  return {
    minimumAmount: toMajor(l.min),
    maximumAmount: toMajor(l.max),
    dailyMaximumAmount: toMajor(l.dailyAmount),
    dailyMaximumTimes: l.dailyTimes,
    withdrawDateFrom: "00:00",
    withdrawDateTo: "23:59",
    withdrawTimeMsg: "",
    mobileVerificationType: null,
    withdrawPenaltyCharge: 0,
    c2cEnabled: false,
    fixedAmounts: [500, 1000, 2000, 5000, 10000],
    confirmMinutes: l.confirmMinutes,
  };
}

export async function withdrawAccountInfo(db: Db, merchant: Merchant, memberId: number, passwordRequired: boolean, now: Date) {
  const l = await memberWithdrawLimits(db, merchant, memberId);
  const used = await usedToday(db, memberId, now);
  return {
    cards: (await memberCards(db, merchant.code, memberId)).map(cardShape),
    minWithdrawal: toMajor(l.min),
    maxWithdrawal: toMajor(l.max),
    remainingWithdrawAmount: toMajor(Math.max(0, l.dailyAmount - used.amount)),
    remainingTransactionTimes: Math.max(0, l.dailyTimes - used.times),
    hasPaymentPassword: await hasPaymentPassword(db, memberId),
    passwordRequired,
  };
}

interface WithdrawalRow {
  id: number;
  request_id: string;
  fingerprint: string;
  amount_minor: number;
  status: string;
  card_type: string;
  bank_code: string;
  bank_name: string | null;
  account_number: string;
  created_at: Date;
  issued_at: Date | null;
  confirmed_at: Date | null;
  received_minor: number | null;
  auto_confirmed: boolean;
  remark: string;
  proofs: number;
  confirm_request_id: string | null;
  confirm_fingerprint: string | null;
}

const WITHDRAWAL_SELECT = `SELECT w.id, w.request_id, w.fingerprint, w.amount_minor, w.status, c.card_type, c.bank_code, b.name AS bank_name,
    c.account_number, w.created_at, w.issued_at, w.confirmed_at, w.received_minor, w.auto_confirmed, w.remark,
    (SELECT count(*)::int FROM withdrawal_proofs p WHERE p.withdrawal_id = w.id) AS proofs, w.confirm_request_id, w.confirm_fingerprint
  FROM withdrawals w JOIN bank_cards c ON c.id = w.bank_card_id LEFT JOIN banks b ON b.merchant = c.merchant AND b.bank_code = c.bank_code`;

function withdrawalShape(r: WithdrawalRow, confirmMinutes: number) {
  const received = r.received_minor === null ? null : Number(r.received_minor);
  return {
    withdrawalId: r.id,
    requestId: r.request_id,
    amount: toMajor(r.amount_minor),
    status: r.status,
    cardType: r.card_type,
    bankCode: r.bank_code,
    bankName: r.bank_name ?? r.bank_code,
    accountNumber: maskAccount(r.account_number),
    createdAt: iso(r.created_at),
    issuedAt: iso(r.issued_at),
    confirmedAt: iso(r.confirmed_at),
    confirmDeadline: r.issued_at ? iso(new Date(new Date(r.issued_at).getTime() + confirmMinutes * 60_000)) : null,
    receivedAmount: received === null ? null : toMajor(received),
    remainingAmount: received === null ? null : toMajor(r.amount_minor - received),
    autoConfirmed: r.auto_confirmed,
    remark: r.remark,
    proofCount: r.proofs,
  };
}

async function withdrawalBy(sql: Sql, where: string, params: unknown[]): Promise<WithdrawalRow | null> {
  const [row] = await sql.query<WithdrawalRow>(`${WITHDRAWAL_SELECT} WHERE ${where}`, params);
  return row ?? null;
}

export interface WithdrawInput {
  requestId: string;
  /** Minor units. */
  amount: number;
  bankCardId: number;
}

/**
 * POST /wps/v2/transaction/withdraw (the password is checked by the caller): the amount moves
 * main wallet → house at once and the withdrawal is PENDING.
 */
export async function submitWithdrawal(db: Db, merchant: Merchant, member: SessionMember, input: WithdrawInput, now: Date) {
  refuseTrial(member);
  const limits = await memberWithdrawLimits(db, merchant, member.memberId);
  const print = fingerprintOf(["withdraw", input.amount, input.bankCardId]);
  const wallet: AccountRef = { kind: "wallet", memberId: member.memberId, accountTypeId: MAIN_WALLET };
  const replay = (row: WithdrawalRow) => {
    if (row.fingerprint !== print) throw conflict();
    return withdrawalShape(row, limits.confirmMinutes);
  };
  try {
    return await db.tx(async (sql) => {
      // The wallet held first: a twin waits here, then finds the row.
      await lockAccounts(sql, merchant.code, [wallet, { kind: "house" }]);
      const existing = await withdrawalBy(sql, "w.member_id = $1 AND w.request_id = $2", [member.memberId, input.requestId]);
      if (existing) return replay(existing);
      const [card] = await sql.query<{ id: number }>("SELECT id FROM bank_cards WHERE id = $1 AND member_id = $2 AND merchant = $3", [
        input.bankCardId,
        member.memberId,
        merchant.code,
      ]);
      if (!card) throw new PlatformError("withdraw.card.not.found", "withdraw.card.not.found");
      if (input.amount < limits.min)
        throw new PlatformError("withdraw.amount.min", "withdraw.amount.min", 200, { vars: { min: money(merchant, limits.min) } });
      if (input.amount > limits.max)
        throw new PlatformError("withdraw.amount.max", "withdraw.amount.max", 200, { vars: { max: money(merchant, limits.max) } });
      const used = await usedToday(sql, member.memberId, now);
      if (used.times >= limits.dailyTimes)
        throw new PlatformError("withdraw.daily.times", "withdraw.daily.times", 200, { vars: { max: limits.dailyTimes } });
      if (used.amount + input.amount > limits.dailyAmount) {
        throw new PlatformError("withdraw.daily.amount", "withdraw.daily.amount", 200, {
          vars: { remaining: money(merchant, Math.max(0, limits.dailyAmount - used.amount)) },
        });
      }
      const hold = await applyMovement(sql, {
        merchant: merchant.code,
        idempotencyKey: `withdraw:${member.memberId}:${input.requestId}`,
        kind: "withdraw.hold",
        memo: `withdrawal to card ${input.bankCardId}`,
        now,
        legs: [
          { account: wallet, amount: -input.amount },
          { account: { kind: "house" }, amount: input.amount },
        ],
      });
      if (hold.replayed) throw new Error("withdraw key applied without its row");
      const [row] = await sql.query<{ id: number }>(
        `INSERT INTO withdrawals (merchant, member_id, request_id, fingerprint, bank_card_id, amount_minor, status, hold_tx, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, 'PENDING', $7, $8) RETURNING id`,
        [merchant.code, member.memberId, input.requestId, print, input.bankCardId, input.amount, hold.transactionId, now],
      );
      return withdrawalShape((await withdrawalBy(sql, "w.id = $1", [row!.id]))!, limits.confirmMinutes);
    });
  } catch (err) {
    if (err instanceof PlatformError || err instanceof LedgerError) throw err;
    const existing = await withdrawalBy(db, "w.member_id = $1 AND w.request_id = $2", [member.memberId, input.requestId]);
    if (existing) return replay(existing);
    throw err;
  }
}

const WITHDRAW_STATUSES = ["PENDING", "ISSUED", "REJECTED", "RECEIVED", "PARTLY_RECEIVED", "NOT_RECEIVED"];

export async function withdrawReport(
  db: Db,
  merchant: Merchant,
  memberId: number,
  page: Paging,
  range: Range,
  status: string | undefined,
  now: Date,
) {
  await autoConfirm(db, merchant, now, memberId);
  const wanted = status && WITHDRAW_STATUSES.includes(status.toUpperCase()) ? status.toUpperCase() : null;
  const where = `w.member_id = $1 AND ($2::timestamptz IS NULL OR w.created_at >= $2) AND ($3::timestamptz IS NULL OR w.created_at < $3)
                 AND ($4::text IS NULL OR w.status = $4)`;
  const params = [memberId, range.from, range.to, wanted];
  const [count] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM withdrawals w WHERE ${where}`, params);
  const rows = await db.query<WithdrawalRow>(
    `${WITHDRAWAL_SELECT} WHERE ${where} ORDER BY w.created_at DESC, w.id DESC LIMIT $5 OFFSET $6`,
    [...params, page.pageSize, (page.pageNo - 1) * page.pageSize],
  );
  const minutes = withdrawLimits(merchant).confirmMinutes;
  return paged(
    rows.map((r) => withdrawalShape(r, minutes)),
    count?.n ?? 0,
    page,
  );
}

export interface ProofImage {
  mime: "image/png" | "image/jpeg";
  data: Buffer;
}

/** A data: URL of a PNG or JPEG of at most 5 MB (checked by its magic bytes), else null. */
export function decodeProof(url: string): ProofImage | null {
  const match = /^data:image\/(png|jpe?g);base64,([A-Za-z0-9+/\s]+={0,2})$/.exec(url);
  if (!match) return null;
  const data = Buffer.from(match[2]!.replace(/\s/g, ""), "base64");
  if (data.length === 0 || data.length > MAX_PROOF_BYTES) return null;
  const png = data.length > 8 && data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  const jpeg = data.length > 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff;
  if (png) return { mime: "image/png", data };
  if (jpeg) return { mime: "image/jpeg", data };
  return null;
}

export interface ConfirmInput {
  requestId: string;
  withdrawalId: number;
  result: "RECEIVED" | "PARTLY" | "NOT_RECEIVED";
  /** Minor units, PARTLY only. */
  receivedAmount?: number;
  proofImages?: string[];
}

/** MCSFE_confirmWithdrawal: the member's answer to an ISSUED withdrawal. Moves no money. */
export async function confirmWithdrawal(db: Db, merchant: Merchant, member: SessionMember, input: ConfirmInput, now: Date) {
  refuseTrial(member);
  const minutes = withdrawLimits(merchant).confirmMinutes;
  let proofs: ProofImage[] = [];
  if (input.result === "NOT_RECEIVED") {
    const images = input.proofImages ?? [];
    if (images.length < 1 || images.length > 3) throw new PlatformError("withdraw.proof.invalid", "withdraw.proof.invalid");
    const decoded = images.map(decodeProof);
    if (decoded.some((d) => d === null)) throw new PlatformError("withdraw.proof.invalid", "withdraw.proof.invalid");
    proofs = decoded as ProofImage[];
  }
  const print = fingerprintOf([
    "confirm",
    input.withdrawalId,
    input.result,
    input.result === "PARTLY" ? (input.receivedAmount ?? null) : null,
    proofs.map((p) => createHash("sha256").update(p.data).digest("hex")),
  ]);
  return db.tx(async (sql) => {
    const [locked] = await sql.query<{ id: number }>("SELECT id FROM withdrawals WHERE id = $1 AND member_id = $2 FOR UPDATE", [
      input.withdrawalId,
      member.memberId,
    ]);
    if (!locked) throw new PlatformError("withdraw.not.found", "withdraw.not.found");
    await autoConfirm(sql, merchant, now, member.memberId);
    const row = (await withdrawalBy(sql, "w.id = $1", [input.withdrawalId]))!;
    if (row.confirm_request_id === input.requestId) {
      if (row.confirm_fingerprint !== print) throw conflict();
      return withdrawalShape(row, minutes);
    }
    if (row.status === "PENDING" || row.status === "REJECTED") throw new PlatformError("withdraw.not.issued", "withdraw.not.issued");
    if (row.status !== "ISSUED") throw new PlatformError("withdraw.already.confirmed", "withdraw.already.confirmed");
    let received = row.amount_minor;
    let status = "RECEIVED";
    if (input.result === "PARTLY") {
      const x = input.receivedAmount;
      if (x === undefined || !(x > 0 && x < row.amount_minor)) {
        throw new PlatformError("withdraw.received.invalid", "withdraw.received.invalid", 200, {
          vars: { max: money(merchant, row.amount_minor) },
        });
      }
      received = x;
      status = "PARTLY_RECEIVED";
    } else if (input.result === "NOT_RECEIVED") {
      received = 0;
      status = "NOT_RECEIVED";
      for (const proof of proofs) {
        await sql.query("INSERT INTO withdrawal_proofs (withdrawal_id, mime, data, created_at) VALUES ($1, $2, $3, $4)", [
          row.id,
          proof.mime,
          proof.data,
          now,
        ]);
      }
    }
    await sql.query(
      `UPDATE withdrawals SET status = $2, received_minor = $3, confirmed_at = $4, confirm_request_id = $5, confirm_fingerprint = $6 WHERE id = $1`,
      [row.id, status, received, now, input.requestId, print],
    );
    return withdrawalShape((await withdrawalBy(sql, "w.id = $1", [row.id]))!, minutes);
  });
}
