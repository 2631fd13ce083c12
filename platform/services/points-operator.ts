import type { Db, Sql } from "../db/db";
import { applyMovement } from "../ledger";
import { LANGUAGES, type Localized, message, pick } from "../messages";
import { toMajor } from "../money";
import type { Merchant } from "./merchants";
import { money } from "./money-common";
import { notify } from "./inbox";
import { accrue, changePoints, localizedMessage, lockAccount, pointsOf } from "./points";
import { mainWallet, REDEMPTION_COLUMNS, type RedemptionRow } from "./points-reads";

// The point mall's operator half (decision 027 §3): the redemption queue, approving (a BONUS
// reward's money credited once) or rejecting (points back) an IN_PROCESS redemption, and a
// member's points shown or adjusted. operator-points.ts gives these their commands.

/** A refusal of an operator command (operator-points.ts turns it into an OperatorError). */
export class PointsRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = "PointsRefused";
  }
}

export async function listRedemptionsForOperator(db: Db, merchant: string, openOnly: boolean) {
  const rows = await db.query<RedemptionRow & { username: string }>(
    `SELECT r.id::float8 AS id, r.type, r.name, r.points::float8 AS points, r.amount::float8 AS amount, r.status, r.mobile, r.receiving_address,
            r.paid_account, r.ledger_tx::float8 AS ledger_tx, r.remark, r.created_at, r.decided_at, m.username
       FROM point_redemptions r JOIN members m ON m.id = r.member_id
      WHERE r.merchant = $1 AND (NOT $2 OR r.status = 'IN_PROCESS')
      ORDER BY r.created_at DESC, r.id DESC LIMIT 200`,
    [merchant, openOnly],
  );
  return rows.map((r) => ({
    id: r.id,
    member: r.username,
    type: r.type,
    reward: pick(r.name, "EN"),
    points: pointsOf(r.points),
    amount: toMajor(r.amount),
    status: r.status,
    mobile: r.mobile,
    receivingAddress: r.receiving_address,
    paidAccount: r.paid_account,
    transactionRef: r.ledger_tx !== null ? String(r.ledger_tx) : "",
    remark: r.remark,
    time: new Date(r.created_at).toISOString(),
    decided: r.decided_at ? new Date(r.decided_at).toISOString() : null,
  }));
}

async function merchantOf(sql: Sql, code: string): Promise<Merchant> {
  const [row] = await sql.query<{
    code: string;
    currency: string;
    currency_symbol: string;
    status: Merchant["status"];
    settings: Record<string, unknown>;
  }>("SELECT code, currency, currency_symbol, status, settings FROM merchants WHERE code = $1", [code]);
  if (!row) throw new PointsRefused(`No merchant "${code}".`);
  return { code: row.code, currency: row.currency, currencySymbol: row.currency_symbol, status: row.status, settings: row.settings ?? {} };
}

/** Locks an open redemption of the merchant; refuses a decided or unknown one. */
async function openRedemption(
  sql: Sql,
  merchant: string,
  id: number,
): Promise<RedemptionRow & { member_id: number; reward_id: number | null }> {
  const [row] = await sql.query<RedemptionRow & { member_id: number; reward_id: number | null }>(
    `SELECT ${REDEMPTION_COLUMNS}, member_id::float8 AS member_id, reward_id::float8 AS reward_id FROM point_redemptions WHERE id = $1 AND merchant = $2 FOR UPDATE`,
    [id, merchant],
  );
  if (!row) throw new PointsRefused(`No redemption ${id} at merchant "${merchant}".`);
  if (row.status !== "IN_PROCESS")
    throw new PointsRefused(`Redemption ${id} is ${row.status}: only an IN_PROCESS redemption can be decided.`);
  return row;
}

const MAX_TEXT = 200;
const cleanText = (text: string) =>
  text
    .replace(/\u0000/g, "")
    .trim()
    .slice(0, MAX_TEXT);

/**
 * Approves an IN_PROCESS redemption: a BONUS reward's amount is credited to the main wallet (ledger
 * kind points, key points:redeem:<id>) once, however often or concurrently this runs.
 */
export async function approveRedemption(db: Db, merchantCode: string, id: number, paidAccount: string | undefined, now: Date) {
  return db.tx(async (sql) => {
    const merchant = await merchantOf(sql, merchantCode);
    const r = await openRedemption(sql, merchantCode, id);
    let ledgerTx: number | null = null;
    if (r.type === "BONUS" && r.amount > 0) {
      const movement = await applyMovement(sql, {
        merchant: merchantCode,
        idempotencyKey: `points:redeem:${id}`,
        kind: "points",
        memo: `point reward: ${pick(r.name, "EN")}`,
        now,
        legs: [
          { account: { kind: "house" }, amount: -r.amount },
          { account: mainWallet(r.member_id), amount: r.amount },
        ],
      });
      ledgerTx = movement.transactionId;
    }
    const paid = cleanText(paidAccount ?? "");
    await sql.query(
      "UPDATE point_redemptions SET status = 'APPROVED', decided_at = $2, paid_account = $3, ledger_tx = coalesce($4, ledger_tx) WHERE id = $1",
      [id, now, paid, ledgerTx],
    );
    const vars = { name: "", id, amount: money(merchant, r.amount) };
    const content = Object.fromEntries(
      LANGUAGES.map((lang) => [
        lang,
        message(ledgerTx !== null ? "point.inbox.approved.bonus" : "point.inbox.approved", lang, { ...vars, name: pick(r.name, lang) }),
      ]),
    ) as Localized;
    await notify(sql, merchantCode, r.member_id, "POINTS", {}, now, { title: localizedMessage("point.inbox.title"), content });
    return {
      id,
      status: "APPROVED" as const,
      type: r.type,
      amount: toMajor(ledgerTx !== null ? r.amount : 0),
      transactionRef: ledgerTx !== null ? String(ledgerTx) : "",
      paidAccount: paid,
    };
  });
}

/** Rejects an IN_PROCESS redemption: its points come back (REFUND), a limited stock gets its item back. */
export async function rejectRedemption(db: Db, merchantCode: string, id: number, reason: string, now: Date) {
  const remark = cleanText(reason);
  if (!remark) throw new PointsRefused("A rejection needs a reason.");
  return db.tx(async (sql) => {
    const r = await openRedemption(sql, merchantCode, id);
    const account = await lockAccount(sql, merchantCode, r.member_id);
    const balance = await changePoints(
      sql,
      merchantCode,
      r.member_id,
      account,
      { type: "REFUND", points: r.points, name: r.name, redemptionId: id, remark },
      now,
    );
    if (r.reward_id !== null)
      await sql.query("UPDATE point_rewards SET stock = stock + 1 WHERE id = $1 AND stock IS NOT NULL", [r.reward_id]);
    await sql.query("UPDATE point_redemptions SET status = 'REJECTED', decided_at = $2, remark = $3 WHERE id = $1", [id, now, remark]);
    const content = Object.fromEntries(
      LANGUAGES.map((lang) => [
        lang,
        message("point.inbox.rejected", lang, { name: pick(r.name, lang), id, reason: remark, points: pointsOf(r.points) }),
      ]),
    ) as Localized;
    await notify(sql, merchantCode, r.member_id, "POINTS", {}, now, { title: localizedMessage("point.inbox.title"), content });
    return { id, status: "REJECTED" as const, refunded: pointsOf(r.points), balance: pointsOf(balance), reason: remark };
  });
}

async function memberByName(sql: Sql, merchant: string, username: string): Promise<{ id: number; account_type: number }> {
  const [row] = await sql.query<{ id: number; account_type: number }>(
    "SELECT id::float8 AS id, account_type FROM members WHERE merchant = $1 AND lower(username) = lower($2)",
    [merchant, username],
  );
  if (!row) throw new PointsRefused(`No member "${username}" at merchant "${merchant}".`);
  if (row.account_type === 4) throw new PointsRefused(`"${username}" is a trial account: it has no points.`);
  return row;
}

/** A member's points: balance, totals and the newest entries (accrued first). */
export async function memberPoints(db: Db, merchantCode: string, username: string, now: Date) {
  return db.tx(async (sql) => {
    const merchant = await merchantOf(sql, merchantCode);
    const member = await memberByName(sql, merchantCode, username);
    const account = await accrue(sql, merchant, member.id, now);
    const entries = await sql.query<{ id: number; type: string; points: number; balance_after: number; remark: string; created_at: Date }>(
      `SELECT id::float8 AS id, type, points::float8 AS points, balance_after::float8 AS balance_after, remark, created_at
         FROM point_entries WHERE member_id = $1 ORDER BY created_at DESC, id DESC LIMIT 10`,
      [member.id],
    );
    return {
      username,
      balance: pointsOf(account.balance),
      totalEarned: pointsOf(account.total_earned),
      totalSpent: pointsOf(account.total_spent),
      recent: entries.map((e) => ({
        id: e.id,
        type: e.type,
        points: pointsOf(e.points),
        balance: pointsOf(e.balance_after),
        remark: e.remark,
        time: new Date(e.created_at).toISOString(),
      })),
    };
  });
}

/** An ADJUST entry of ±points (hundredths) with the operator's remark; never below zero. */
export async function adjustPoints(db: Db, merchantCode: string, username: string, hundredths: number, remark: string, now: Date) {
  const text = cleanText(remark);
  if (!text) throw new PointsRefused("An adjustment needs a remark.");
  if (!Number.isSafeInteger(hundredths) || hundredths === 0)
    throw new PointsRefused("An adjustment is a non-zero number of points with at most two decimals.");
  return db.tx(async (sql) => {
    const merchant = await merchantOf(sql, merchantCode);
    const member = await memberByName(sql, merchantCode, username);
    const account = await accrue(sql, merchant, member.id, now);
    if (account.balance + hundredths < 0)
      throw new PointsRefused(`${username} holds ${pointsOf(account.balance)} points: the adjustment would go below zero.`);
    const balance = await changePoints(sql, merchantCode, member.id, account, { type: "ADJUST", points: hundredths, remark: text }, now);
    const signed = `${hundredths > 0 ? "+" : ""}${pointsOf(hundredths)}`;
    await notify(sql, merchantCode, member.id, "POINTS", {}, now, {
      title: localizedMessage("point.inbox.title"),
      content: localizedMessage("point.inbox.adjusted", { points: signed, remark: text }),
    });
    return { username, points: pointsOf(hundredths), balance: pointsOf(balance), remark: text };
  });
}
