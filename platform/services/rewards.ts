import type { Db, Sql } from "../db/db";
import { type AccountRef, applyMovement, LedgerError, lockAccounts, MAIN_WALLET } from "../ledger";
import type { Language, Localized } from "../messages";
import { toMajor } from "../money";
import { gameTypeName } from "./bet-records";
import { titleMemo } from "./bonuses";
import { runOnce } from "./requests";
import { memberRank } from "./vip";

// Cashback (manual rebate) of decision 017, and what every reward credit shares (promotions.ts and
// missions.ts use it): a credit is one ledger
// movement house → main wallet with the key <action>:<memberId>:<requestId>, written in the same
// database transaction as the reward_requests row that answers a replay.

/** A refusal the member should see: errorCode = the message key's business code. */
export class RewardRefused extends Error {
  constructor(
    readonly code:
      | "trial.not.allowed"
      | "rebate.nothing.to.claim"
      | "promotion.not.found"
      | "promotion.not.available"
      | "promotion.not.claimable"
      | "raffle.already.claimed"
      | "mission.not.found"
      | "mission.not.complete"
      | "mission.already.claimed"
      | "promotion.remark.length"
      | "upload.invalid"
      | "idempotency.conflict"
      | "insufficient.balance",
  ) {
    super(code);
    this.name = "RewardRefused";
  }
}

export interface Actor {
  merchant: string;
  memberId: number;
  now: Date;
  lang: Language;
}

const mainWallet = (memberId: number): AccountRef => ({ kind: "wallet", memberId, accountTypeId: MAIN_WALLET });

/**
 * Runs a member-centre write once per (member, requestId) (services/requests.ts), in one database
 * transaction holding the member's main wallet and the house (in the ledger's lock order, so it
 * never deadlocks with a bet).
 */
export async function once<T extends object>(
  db: Db,
  actor: Actor,
  requestId: string,
  action: string,
  content: unknown,
  work: (sql: Sql) => Promise<T>,
): Promise<T & { replayed?: boolean }> {
  try {
    return await runOnce<T & { replayed?: boolean }>(
      db,
      {
        store: "reward_requests",
        memberId: actor.memberId,
        requestId,
        action,
        content,
        now: actor.now,
        lock: (sql) => lockAccounts(sql, actor.merchant, [mainWallet(actor.memberId), { kind: "house" }]).then(() => undefined),
        markReplayed: true,
        conflictError: () => new RewardRefused("idempotency.conflict"),
      },
      work,
    );
  } catch (err) {
    if (err instanceof LedgerError && (err.code === "idempotency.conflict" || err.code === "insufficient.balance"))
      throw new RewardRefused(err.code);
    throw err;
  }
}

/** House → the member's main wallet; answers the main wallet's balance after, minor units. */
export async function creditBonus(sql: Sql, actor: Actor, key: string, kind: string, amount: number, title: Localized) {
  const movement = await applyMovement(sql, {
    merchant: actor.merchant,
    idempotencyKey: key,
    kind,
    memo: titleMemo(title),
    now: actor.now,
    legs: [
      { account: { kind: "house" }, amount: -amount },
      { account: mainWallet(actor.memberId), amount },
    ],
  });
  if (movement.replayed) throw new RewardRefused("idempotency.conflict");
  return { transactionId: movement.transactionId, balance: movement.entries[1]!.balanceAfter };
}

// ---------------------------------------------------------------------------------------------
// Cashback

export const MIN_REBATE_CLAIM = 100;

interface RebateLine {
  gameType: string;
  validBet: number;
  rate: number;
  amount: number;
}

async function rebateLines(
  sql: Sql,
  merchant: string,
  memberId: number,
): Promise<{ lines: RebateLine[]; upTo: number; lastClaim: Date | null }> {
  const [last] = await sql.query<{ up_to_bet_id: number; created_at: Date }>(
    "SELECT up_to_bet_id, created_at FROM rebate_claims WHERE member_id = $1 ORDER BY id DESC LIMIT 1",
    [memberId],
  );
  const after = last?.up_to_bet_id ?? 0;
  const rows = await sql.query<{ game_type: string; rate: number; stake: string | null; max_id: number | null }>(
    `SELECT r.game_type, r.rate::float8 AS rate, s.stake::text AS stake, s.max_id
       FROM rebate_rates r
       LEFT JOIN (SELECT g.game_type, sum(b.stake) AS stake, max(b.id) AS max_id
                    FROM bets b JOIN games g ON g.id = b.game_id
                   WHERE b.merchant = $1 AND b.member_id = $2 AND NOT b.trial AND b.id > $3
                   GROUP BY g.game_type) s ON s.game_type = r.game_type
       LEFT JOIN game_types t ON t.merchant = r.merchant AND t.game_type = r.game_type
      WHERE r.merchant = $1
      ORDER BY t.sort NULLS LAST, r.game_type`,
    [merchant, memberId, after],
  );
  // The claim covers every bet up to the newest one now (also of types without a rate).
  const [top] = await sql.query<{ max_id: number | null }>(
    "SELECT max(id) AS max_id FROM bets WHERE merchant = $1 AND member_id = $2 AND NOT trial",
    [merchant, memberId],
  );
  // Every rate gains the member's VIP rank bonus (percentage points, decision 027 §2).
  const bonus = Math.round(((await memberRank(sql, merchant, memberId)).rank?.rebateBonus ?? 0) * 1000);
  const lines = rows.map((row) => {
    const validBet = Number(row.stake ?? 0);
    // rate is a percent: amount = validBet × rate / 100, rounded down to the minor unit.
    const milli = Math.round(row.rate * 1000) + bonus;
    const amount = Math.floor((validBet * milli) / 100_000);
    return { gameType: row.game_type, validBet, rate: milli / 1000, amount };
  });
  return { lines, upTo: Math.max(top?.max_id ?? 0, after), lastClaim: last ? new Date(last.created_at) : null };
}

/** GET MCSFE_getManualRebate. */
export async function manualRebate(sql: Sql, merchant: string, memberId: number, lang: Language) {
  const { lines, lastClaim } = await rebateLines(sql, merchant, memberId);
  return {
    list: lines.map((l) => ({
      gameType: l.gameType,
      gameTypeName: gameTypeName(l.gameType, lang),
      validBet: toMajor(l.validBet),
      rate: l.rate,
      amount: toMajor(l.amount),
    })),
    totalValidBet: toMajor(lines.reduce((n, l) => n + l.validBet, 0)),
    totalAmount: toMajor(lines.reduce((n, l) => n + l.amount, 0)),
    minClaim: toMajor(MIN_REBATE_CLAIM),
    lastClaimTime: lastClaim?.getTime() ?? null,
  };
}

const CASHBACK_TITLE: Localized = {
  EN: "Cashback",
  BN: "ক্যাশব্যাক",
  CN: "返水",
  ID: "Cashback",
  JA: "キャッシュバック",
  KO: "캐시백",
  TH: "แคชแบ็ก",
  UR: "کیش بیک",
  VI: "Hoàn trả",
};

/** POST MCSFE_claimManualRebate. */
export function claimManualRebate(db: Db, actor: Actor, requestId: string) {
  return once(db, actor, requestId, "rebate", {}, async (sql) => {
    const { lines, upTo } = await rebateLines(sql, actor.merchant, actor.memberId);
    const amount = lines.reduce((n, l) => n + l.amount, 0);
    if (amount < MIN_REBATE_CLAIM) throw new RewardRefused("rebate.nothing.to.claim");
    const credit = await creditBonus(sql, actor, `rebate:${actor.memberId}:${requestId}`, "rebate", amount, CASHBACK_TITLE);
    const detail = lines
      .filter((l) => l.validBet > 0)
      .map((l) => ({ gameType: l.gameType, validBet: toMajor(l.validBet), amount: toMajor(l.amount) }));
    const [claim] = await sql.query<{ id: number }>(
      `INSERT INTO rebate_claims (merchant, member_id, up_to_bet_id, amount, detail, ledger_tx, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
      [actor.merchant, actor.memberId, upTo, amount, JSON.stringify(detail), credit.transactionId, actor.now],
    );
    return { claimId: claim!.id, amount: toMajor(amount), list: detail, balance: toMajor(credit.balance) };
  });
}
