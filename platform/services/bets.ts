import { z } from "zod";
import type { Db, Sql } from "../db/db";
import { type AccountRef, applyMovement, lockAccounts, MAIN_WALLET } from "../ledger";
import type { MessageKey } from "../messages";
import { isValidTarget, playCrash } from "../play/crash";
import type { RandomSource } from "../play/random";
import { type LineWin, paytableFor, spinSlot, SYMBOL_IDS } from "../play/slot";
import { type Launch, launchStillPlaying } from "./launch";
import { lossLimitAllows } from "./responsible-gaming-checks";

// Bets of the demo games (decision 014). One bet is one database transaction: the wallet and the
// house locked, the round played, a `bet` movement (wallet → house, the stake), a `payout`
// movement (house → wallet) when it wins, and the bets row. Keys come from the member and the
// page's roundKey, so a resent form plays nothing new: it answers the round already played.

/** Stakes the page offers, as multiples of the game's minimum bet. */
export const STAKE_STEPS = [1, 2, 5, 10, 20, 50, 100] as const;
export const ROUND_KEY = /^[A-Za-z0-9_-]{16,64}$/;
/**
 * The smallest stake the demo games take, in minor units. Wins are rounded down to the minor unit,
 * so below 0.10 the paytable cannot pay its RTP (0.01 would return about 77% of a 96% table).
 */
export const DEMO_MIN_STAKE = 10;

export interface PlayGame {
  id: number;
  merchant: string;
  name: string;
  nodeId: string;
  vassalage: string;
  demo: "slot" | "crash" | "lottery" | "none";
  rtp: number;
  minBet: number;
  /** False when the game or its vendor is switched off. */
  available: boolean;
}

export async function findPlayGame(sql: Sql, gameId: number): Promise<PlayGame | null> {
  const [row] = await sql.query<{
    id: number;
    merchant: string;
    name: string;
    node_id: string;
    vassalage: string;
    demo: PlayGame["demo"];
    rtp: number;
    min_bet: number;
    available: boolean;
  }>(
    `SELECT g.id, g.merchant, g.name, g.node_id, g.vassalage, g.demo, g.rtp::float8 AS rtp, g.min_bet,
            g.enabled AND NOT EXISTS (SELECT 1 FROM vendors v WHERE v.merchant = g.merchant AND v.vassalage = g.vassalage AND NOT v.enabled) AS available
       FROM games g WHERE g.id = $1`,
    [gameId],
  );
  if (!row) return null;
  return {
    id: row.id,
    merchant: row.merchant,
    name: row.name,
    nodeId: row.node_id,
    vassalage: row.vassalage,
    demo: row.demo,
    rtp: row.rtp,
    minBet: Math.max(row.min_bet, DEMO_MIN_STAKE),
    available: row.available,
  };
}

export const offeredStakes = (minBet: number): number[] => STAKE_STEPS.map((step) => step * minBet);

/** Any whole minor amount from the minimum bet to 100 × it (the offered stakes are among them). */
export const stakeAllowed = (minBet: number, stake: number): boolean =>
  Number.isSafeInteger(stake) && stake >= minBet && stake <= 100 * minBet;

/** The wallet a launch bets from and the house on the other side: the real book or the trial one. */
function book(launch: Launch): { wallet: AccountRef; house: AccountRef } {
  return launch.trial
    ? { wallet: { kind: "trial", memberId: launch.memberId, accountTypeId: MAIN_WALLET }, house: { kind: "trialHouse" } }
    : { wallet: { kind: "wallet", memberId: launch.memberId, accountTypeId: MAIN_WALLET }, house: { kind: "house" } };
}

/** The balance the page shows: the main wallet, or the trial wallet of a trial account. */
export async function playBalance(sql: Sql, launch: Launch): Promise<number> {
  const [row] = await sql.query<{ balance: number }>(
    "SELECT balance FROM ledger_accounts WHERE kind = $1 AND member_id = $2 AND account_type_id = $3",
    [launch.trial ? "trial" : "wallet", launch.memberId, MAIN_WALLET],
  );
  return row?.balance ?? 0;
}

const symbolSchema = z.enum(SYMBOL_IDS);
const outcomeSchema = z.discriminatedUnion("game", [
  z.object({
    game: z.literal("slot"),
    stops: z.array(z.number().int()).length(3),
    /** reels[reel][row], top row first. */
    reels: z.array(z.array(symbolSchema).length(3)).length(3),
    lines: z.array(
      z.object({ line: z.number().int(), symbol: symbolSchema, count: z.union([z.literal(2), z.literal(3)]), percent: z.number() }),
    ),
    /** The win as a multiple of the stake (sum of the line pays). */
    multiplier: z.number(),
  }),
  z.object({
    game: z.literal("crash"),
    /** Multipliers as numbers with two decimals: 2.35 = 2.35×. */
    crashPoint: z.number(),
    target: z.number(),
    cashedOut: z.boolean(),
  }),
]);
export type BetOutcome = z.infer<typeof outcomeSchema>;

export interface Round {
  betId: number;
  stake: number;
  win: number;
  outcome: BetOutcome;
  createdAt: Date;
}

/** The round a page shows: a bet of this launch's member on this launch's game, else null. */
export async function findRound(sql: Sql, launch: Launch, betId: number): Promise<Round | null> {
  if (!Number.isSafeInteger(betId) || launch.gameId === null) return null;
  const [row] = await sql.query<{ id: number; stake: number; win: number; outcome: unknown; created_at: Date }>(
    "SELECT id, stake, win, outcome, created_at FROM bets WHERE id = $1 AND member_id = $2 AND game_id = $3",
    [betId, launch.memberId, launch.gameId],
  );
  const outcome = outcomeSchema.safeParse(row?.outcome);
  if (!row || !outcome.success) return null;
  return { betId: row.id, stake: row.stake, win: row.win, outcome: outcome.data, createdAt: new Date(row.created_at) };
}

/** A bet the page refuses with a message; nothing moved. */
export class BetRefused extends Error {
  constructor(readonly messageKey: MessageKey) {
    super(messageKey);
    this.name = "BetRefused";
  }
}

/** Another request with the same roundKey got there first: read its row instead. */
class RoundTaken extends Error {}

export interface BetInput {
  launch: Launch;
  game: PlayGame;
  /** Minor units. */
  stake: number;
  roundKey: string;
  /** Crash only: the automatic cash-out in hundredths (200 = 2.00×). */
  target?: number;
  now: Date;
  random: RandomSource;
}

/** The RTP the engines play: the catalogue's are 94–97.5, and anything odd in the table still gives a sane game. */
export const demoRtp = (game: PlayGame): number => Math.min(99.9, Math.max(50, game.rtp));

/** Plays the round: a slot spin or a crash round, per the game's demo kind. */
function playRound(game: PlayGame, stake: number, target: number | undefined, random: RandomSource): { win: number; outcome: BetOutcome } {
  const rtp = demoRtp(game);
  if (game.demo === "crash") {
    if (target === undefined || !isValidTarget(target)) throw new BetRefused("play.cashout.invalid");
    const round = playCrash(stake, rtp, target, random);
    return {
      win: round.win,
      outcome: { game: "crash", crashPoint: round.crashPoint / 100, target: round.target / 100, cashedOut: round.cashedOut },
    };
  }
  const spin = spinSlot(stake, paytableFor(rtp), random);
  const lines: LineWin[] = spin.lines;
  return {
    win: spin.win,
    outcome: {
      game: "slot",
      stops: spin.stops,
      reels: [0, 1, 2].map((reel) => spin.grid.map((row) => row[reel]!)),
      lines,
      multiplier: spin.percent / 100,
    },
  };
}

async function betByKey(sql: Sql, memberId: number, roundKey: string): Promise<number | null> {
  const [row] = await sql.query<{ id: number }>("SELECT id FROM bets WHERE member_id = $1 AND round_key = $2", [memberId, roundKey]);
  return row?.id ?? null;
}

/**
 * One bet, or the round already played under this roundKey (replayed: true, nothing moves).
 * Throws BetRefused for a bet the page should refuse (not enough balance, game not playable).
 */
export async function placeBet(db: Db, input: BetInput): Promise<{ betId: number; replayed: boolean }> {
  const { launch, game, stake, roundKey, now } = input;
  if (game.demo !== "slot" && game.demo !== "crash") throw new BetRefused("play.not.playable");
  if (!game.available) throw new BetRefused("game.maintenance");
  if (!stakeAllowed(game.minBet, stake)) throw new BetRefused("play.stake.invalid");
  if (!ROUND_KEY.test(roundKey)) throw new BetRefused("play.round.invalid");
  const { wallet, house } = book(launch);
  try {
    return await db.tx(async (sql) => {
      // Holding the wallet (and the house, in the ledger's lock order) serialises this member's
      // bets: a twin with the same roundKey waits here, then finds the row below.
      const [held] = await lockAccounts(sql, launch.merchant, [wallet, house]);
      const existing = await betByKey(sql, launch.memberId, roundKey);
      if (existing !== null) return { betId: existing, replayed: true };
      // The session behind the launch, and the player's own stops, are checked with the money held.
      const stopped = await launchStillPlaying(sql, launch, now);
      if (stopped) throw new BetRefused(stopped);
      if (held!.balance < stake) throw new BetRefused("play.balance.insufficient");
      if (!launch.trial && !(await lossLimitAllows(sql, launch.merchant, launch.memberId, stake, now)))
        throw new BetRefused("limit.loss.exceeded"); // decision 018

      const { win, outcome } = playRound(game, stake, input.target, input.random);
      const memo = `${game.vassalage} ${game.nodeId}`;
      const bet = await applyMovement(sql, {
        merchant: launch.merchant,
        idempotencyKey: `bet:${launch.memberId}:${roundKey}`,
        kind: "bet",
        memo,
        now,
        legs: [
          { account: wallet, amount: -stake },
          { account: house, amount: stake },
        ],
      });
      if (bet.replayed) throw new RoundTaken();
      let payoutTx: number | null = null;
      if (win > 0) {
        const payout = await applyMovement(sql, {
          merchant: launch.merchant,
          idempotencyKey: `payout:${launch.memberId}:${roundKey}`,
          kind: "payout",
          memo,
          now,
          legs: [
            { account: house, amount: -win },
            { account: wallet, amount: win },
          ],
        });
        if (payout.replayed) throw new RoundTaken();
        payoutTx = payout.transactionId;
      }
      const [row] = await sql.query<{ id: number }>(
        `INSERT INTO bets (merchant, member_id, game_id, round_key, trial, stake, win, outcome, ledger_tx, payout_tx, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
         ON CONFLICT (member_id, round_key) DO NOTHING RETURNING id`,
        [
          launch.merchant,
          launch.memberId,
          game.id,
          roundKey,
          launch.trial,
          stake,
          win,
          JSON.stringify(outcome),
          bet.transactionId,
          payoutTx,
          now,
        ],
      );
      if (!row) throw new RoundTaken();
      return { betId: row.id, replayed: false };
    });
  } catch (err) {
    if (err instanceof BetRefused) throw err;
    // Whatever went wrong, a round stored under this key (by a twin) is the answer; the rollback
    // undid this attempt's movements.
    const existing = await betByKey(db, launch.memberId, roundKey);
    if (existing !== null) return { betId: existing, replayed: true };
    throw err;
  }
}
