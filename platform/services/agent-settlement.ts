import type { Db, Sql } from "../db/db";
import { applyMovement, MAIN_WALLET } from "../ledger";
import {
  agentNotice,
  boundsOver,
  boundView,
  capped,
  type DividendPeriod,
  exceeded,
  NOTHING,
  type TermsMinor,
  termsMinor,
} from "./agent-contracts";
import { CONTRACT_TYPES, type ContractType } from "./agents";
import { findMerchant, type Merchant } from "./merchants";
import { money } from "./money-common";

// Settlement of agent contracts (decision 025): every whole period of an accepted contract is paid
// once, from the house to the downline's main wallet. Each contract-period is one transaction that
// locks the contract row, records contract_settlements (its primary key refuses a second row) and
// moves the money under the key contract:<id>:<periodStart ms>; so a second run, or two runs at
// once, pay a period once. A period with nothing due is recorded with amount 0. A contract more
// generous than its upline's own terms in force in the period (decision 034) is paid at that bound
// and flagged for the operator.

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** The operator's business day: UTC+06:00 (Asia/Dhaka, no DST), as decision 017. */
const OFFSET = 6 * HOUR;
const REALTIME_WINDOW = 5 * MINUTE;

/** At most this many periods per contract and run: a long-idle contract catches up over several runs. */
export const MAX_PERIODS_PER_RUN = 100;
/**
 * A period is settled once it has been closed this long: a bet is stamped when it is placed and
 * committed a moment later, so one placed just before the end must land before the period is read.
 */
export const SETTLE_GRACE_MS = 60_000;

/** D/W/H/M of a dividend; HOUR for hourly salary; FIVE for real-time salary's 5-minute windows. */
export type PeriodUnit = DividendPeriod | "HOUR" | "FIVE";

export interface Period {
  start: number;
  end: number;
}

/** The period of the unit holding instant t (ms), in the operator's time. */
export function periodOf(unit: PeriodUnit, t: number): Period {
  switch (unit) {
    case "FIVE": {
      const start = Math.floor(t / REALTIME_WINDOW) * REALTIME_WINDOW;
      return { start, end: start + REALTIME_WINDOW };
    }
    case "HOUR": {
      // The offset is whole hours, so local hours start on UTC hours.
      const start = Math.floor(t / HOUR) * HOUR;
      return { start, end: start + HOUR };
    }
    case "D": {
      const start = Math.floor((t + OFFSET) / DAY) * DAY - OFFSET;
      return { start, end: start + DAY };
    }
    case "W": {
      const dayStart = Math.floor((t + OFFSET) / DAY) * DAY;
      const sinceMonday = (new Date(dayStart).getUTCDay() + 6) % 7;
      const start = dayStart - sinceMonday * DAY - OFFSET;
      return { start, end: start + 7 * DAY };
    }
    case "H":
    case "M": {
      const local = new Date(t + OFFSET);
      const y = local.getUTCFullYear();
      const m = local.getUTCMonth();
      if (unit === "M") return { start: Date.UTC(y, m, 1) - OFFSET, end: Date.UTC(y, m + 1, 1) - OFFSET };
      return local.getUTCDate() <= 15
        ? { start: Date.UTC(y, m, 1) - OFFSET, end: Date.UTC(y, m, 16) - OFFSET }
        : { start: Date.UTC(y, m, 16) - OFFSET, end: Date.UTC(y, m + 1, 1) - OFFSET };
    }
  }
}

/** The whole periods starting at or after `from` and ending at or before `until`, at most `max`. */
export function wholePeriods(unit: PeriodUnit, from: number, until: number, max: number): Period[] {
  const periods: Period[] = [];
  let p = periodOf(unit, from);
  if (p.start < from) p = periodOf(unit, p.end);
  while (p.end <= until && periods.length < max) {
    periods.push(p);
    p = periodOf(unit, p.end);
  }
  return periods;
}

export function periodUnit(type: ContractType, terms: TermsMinor): PeriodUnit | null {
  switch (type) {
    case "DIVIDEND":
      return terms.period;
    case "DAILY":
      return "D";
    case "HOURLY":
      return "HOUR";
    case "REALTIME":
      return "FIVE";
  }
}

/** What the team did in a period, minor units. */
export interface PeriodFigures {
  /** Sum of stakes of real bets. */
  validBet: number;
  /** The players' result, wins − stakes (negative: the team lost). */
  profitLoss: number;
  /** Distinct accounts with a real bet. */
  activeMembers: number;
  bets: number;
  /** Sum over lost bets of stake − win, and over won bets of win − stake (real-time salary). */
  lostAmount: number;
  wonAmount: number;
}

/** base × rate in hundredths of a percent, exact (÷ 10,000 gives minor units). */
const pct = (base: number, hundredthsOfPercent: number) => BigInt(base) * BigInt(hundredthsOfPercent);

/** Decision 025's formulas, rounded down to the minor unit. */
export function amountDue(type: ContractType, terms: TermsMinor, f: PeriodFigures): number {
  const floor = (scaled: bigint) => Number(scaled / 10_000n);
  switch (type) {
    case "DIVIDEND": {
      const loss = -f.profitLoss;
      if (loss <= 0 || loss < terms.periodProfitLoss || f.validBet < terms.periodValidBet || f.activeMembers < terms.activeMembers)
        return 0;
      return floor(pct(loss, terms.rate));
    }
    case "DAILY":
      if (f.validBet < terms.periodValidBet || f.activeMembers < terms.activeMembers) return 0;
      return floor(pct(f.validBet, terms.rate));
    case "HOURLY":
      if (f.validBet < terms.betAmount || f.activeMembers < terms.activeMembers) return 0;
      return floor(pct(f.validBet, terms.rate));
    case "REALTIME":
      // Per bet: rate% of the stake, the single-bet salary, winRate% of a lost bet's loss and
      // lossRate% of a won bet's profit; summed exactly, then rounded down once.
      return Number(
        (pct(f.validBet, terms.rate) + pct(f.lostAmount, terms.winRate) + pct(f.wonAmount, terms.lossRate)) / 10_000n +
          BigInt(f.bets) * BigInt(terms.singleBetSalary),
      );
  }
}

/** The team's figures per period: the downline and everyone below it (member_tree, depth >= 0). */
async function teamFigures(sql: Sql, merchant: string, downlineId: number, periods: Period[]): Promise<PeriodFigures[]> {
  const rows = await sql.query<{ i: number; valid_bet: string; win: string; active: number; bets: number; lost: string; won: string }>(
    `SELECT p.i::int AS i, sum(b.stake)::text AS valid_bet, sum(b.win)::text AS win, count(DISTINCT b.member_id)::int AS active,
            count(*)::int AS bets, sum(greatest(b.stake - b.win, 0))::text AS lost, sum(greatest(b.win - b.stake, 0))::text AS won
       FROM unnest($3::timestamptz[], $4::timestamptz[]) WITH ORDINALITY AS p(s, e, i)
       JOIN bets b ON b.created_at >= p.s AND b.created_at < p.e
       JOIN member_tree t ON t.descendant_id = b.member_id AND t.ancestor_id = $2
      WHERE b.merchant = $1 AND NOT b.trial AND b.created_at >= $5 AND b.created_at < $6
      GROUP BY p.i`,
    [
      merchant,
      downlineId,
      periods.map((p) => new Date(p.start)),
      periods.map((p) => new Date(p.end)),
      new Date(periods[0]!.start),
      new Date(periods.at(-1)!.end),
    ],
  );
  const figures: PeriodFigures[] = periods.map(() => ({
    validBet: 0,
    profitLoss: 0,
    activeMembers: 0,
    bets: 0,
    lostAmount: 0,
    wonAmount: 0,
  }));
  for (const r of rows) {
    const validBet = Number(r.valid_bet);
    figures[r.i - 1] = {
      validBet,
      profitLoss: Number(r.win) - validBet,
      activeMembers: r.active,
      bets: r.bets,
      lostAmount: Number(r.lost),
      wonAmount: Number(r.won),
    };
  }
  return figures;
}

export const INCOME_KINDS: Record<ContractType, string> = {
  DIVIDEND: "agent.dividend",
  DAILY: "agent.salary.daily",
  HOURLY: "agent.salary.hourly",
  REALTIME: "agent.salary.realtime",
};

export interface SettledPeriod {
  contractId: number;
  contractType: ContractType;
  downlineId: number;
  downline: string;
  periodStart: number;
  periodEnd: number;
  validBet: number;
  profitLoss: number;
  activeMembers: number;
  /** Minor units; 0 when nothing was due. */
  amount: number;
  /** Paid at the upline's bound instead of the contract's own terms. */
  capped: boolean;
}

interface DueContract {
  id: number;
  contract_type: ContractType;
  upline_id: number;
  downline_id: number;
  downline: string;
  status: "ACCEPTED" | "FINISHED";
  terms: Record<string, unknown>;
  accepted_at: Date;
  finished_at: Date | null;
  settled_until: Date | null;
  flagged_at: Date | null;
  flag: { terms?: string[] } | null;
}

export interface SettleOptions {
  maxPeriods?: number;
  graceMs?: number;
}

/**
 * Pays every whole period due on the merchant's contracts of the given types (all by default) that
 * closed at least the grace before `now`: ACCEPTED contracts, and FINISHED ones for whole periods
 * that closed before they ended (the old terms held until then). Answers the periods this run
 * recorded, paid or not.
 */
export async function settleContracts(
  db: Db,
  merchant: string,
  now: Date,
  types: readonly ContractType[] = CONTRACT_TYPES,
  options: SettleOptions = {},
): Promise<SettledPeriod[]> {
  const m = await findMerchant(db, merchant);
  if (!m) return [];
  const max = options.maxPeriods ?? MAX_PERIODS_PER_RUN;
  const closed = now.getTime() - (options.graceMs ?? SETTLE_GRACE_MS);
  const due = await db.query<DueContract>(
    `SELECT c.id, c.contract_type, c.upline_id, c.downline_id, d.username AS downline, c.status, c.terms, c.accepted_at, c.finished_at, c.settled_until,
            c.flagged_at, c.flag
       FROM agent_contracts c JOIN members d ON d.id = c.downline_id
      WHERE c.merchant = $1 AND c.contract_type = ANY($2::text[]) AND c.accepted_at IS NOT NULL
        AND (c.status = 'ACCEPTED' OR (c.status = 'FINISHED' AND c.finished_at > coalesce(c.settled_until, c.accepted_at)))
      ORDER BY c.id`,
    [merchant, [...types]],
  );
  const settled: SettledPeriod[] = [];
  for (const contract of due) {
    let paid: SettledPeriod[];
    try {
      paid = await settleContract(db, m, contract, closed, now, max);
    } catch (err) {
      // One contract's failure (a lost connection, a deadlock) must not hold up the others; what it
      // settled before the failure stays settled, the rest waits for the next run.
      console.error(`[platform] settling contract ${contract.id} failed:`, err);
      continue;
    }
    settled.push(...paid);
    const total = paid.reduce((sum, p) => sum + p.amount, 0);
    if (total > 0) {
      // One message per contract and run, not per 5-minute window.
      await db.tx((sql) =>
        agentNotice(
          sql,
          merchant,
          contract.downline_id,
          "AGENT_INCOME",
          "inbox.income.title",
          "inbox.income.paid",
          { id: Number(contract.id), amount: money(m, total), periods: paid.filter((p) => p.amount > 0).length },
          now,
          contract.contract_type,
        ),
      );
    }
  }
  return settled;
}

/** `closed`: periods ending at or before it are settled (now less the grace). */
async function settleContract(
  db: Db,
  m: Merchant,
  contract: DueContract,
  closed: number,
  now: Date,
  max: number,
): Promise<SettledPeriod[]> {
  const merchant = m.code;
  const type = contract.contract_type;
  const terms = termsMinor(contract.terms);
  const unit = periodUnit(type, terms);
  const finishedAt = contract.status === "FINISHED" && contract.finished_at ? new Date(contract.finished_at).getTime() : null;
  const until = finishedAt === null ? closed : Math.min(closed, finishedAt);
  const accepted = new Date(contract.accepted_at).getTime();
  const from = contract.settled_until ? Math.max(new Date(contract.settled_until).getTime(), accepted) : accepted;
  const periods = unit ? wholePeriods(unit, from, until, max) : [];
  if (periods.length === 0) {
    // A finished contract with no whole period left: mark it settled so later runs skip it.
    if (finishedAt !== null && finishedAt <= closed) {
      await db.query("UPDATE agent_contracts SET settled_until = finished_at WHERE id = $1 AND status = 'FINISHED'", [contract.id]);
    }
    return [];
  }
  const figures = await teamFigures(db, merchant, contract.downline_id, periods);
  // The upline's own terms in each period, however this contract came to be (decision 034).
  const bounds = await boundsOver(db, m, Number(contract.upline_id), type, periods);
  const done: SettledPeriod[] = [];
  let flag: { terms: string[]; bound: Record<string, number | string>; periodStart: string } | null = null;
  for (const [i, period] of periods.entries()) {
    const f = figures[i]!;
    const bound = bounds[i] ?? NOTHING;
    const over = exceeded(type, terms, bound);
    // A dividend period other than the upline's is flagged, but paid by its own period.
    const atBound = over.some((t) => t !== "period");
    if (over.length > 0) flag = { terms: over, bound: boundView(type, bound), periodStart: new Date(period.start).toISOString() };
    const amount = amountDue(type, atBound ? capped(type, terms, bound) : terms, f);
    const recorded = await db.tx((sql) => settlePeriod(sql, merchant, contract, period, f, amount, atBound, now));
    if (recorded) {
      done.push({
        contractId: Number(contract.id),
        contractType: type,
        downlineId: Number(contract.downline_id),
        downline: contract.downline,
        periodStart: period.start,
        periodEnd: period.end,
        validBet: f.validBet,
        profitLoss: f.profitLoss,
        activeMembers: f.activeMembers,
        amount,
        capped: atBound,
      });
    }
  }
  if (flag) {
    // Logged when first found (or found above on other terms), not every 5-minute run: the operator
    // lists them all with `contracts --flagged`.
    const known = contract.flagged_at !== null && JSON.stringify(contract.flag?.terms ?? []) === JSON.stringify(flag.terms);
    if (!known)
      console.warn(
        `[platform] contract ${contract.id} (${type}, ${contract.downline}) exceeds its upline's terms (${flag.terms.join(", ")}): paid at ${JSON.stringify(flag.bound)}`,
      );
    await db.query("UPDATE agent_contracts SET flagged_at = coalesce(flagged_at, $2), flag = $3 WHERE id = $1", [
      contract.id,
      now,
      JSON.stringify(flag),
    ]);
  }
  return done;
}

/** One contract-period, in the caller's transaction. False when another run settled it first. */
async function settlePeriod(
  sql: Sql,
  merchant: string,
  contract: DueContract,
  period: Period,
  f: PeriodFigures,
  amount: number,
  atBound: boolean,
  now: Date,
): Promise<boolean> {
  const [row] = await sql.query<{ status: string; finished_at: Date | null; settled_until: Date | null }>(
    "SELECT status, finished_at, settled_until FROM agent_contracts WHERE id = $1 FOR NO KEY UPDATE",
    [contract.id],
  );
  if (!row || (row.status !== "ACCEPTED" && row.status !== "FINISHED")) return false;
  if (row.settled_until && new Date(row.settled_until).getTime() >= period.end) return false;
  if (row.status === "FINISHED" && (!row.finished_at || new Date(row.finished_at).getTime() < period.end)) return false;
  const inserted = await sql.query(
    `INSERT INTO contract_settlements (contract_id, period_start, period_end, valid_bet, profit_loss, active_members, amount, capped, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (contract_id, period_start) DO NOTHING RETURNING contract_id`,
    [contract.id, new Date(period.start), new Date(period.end), f.validBet, f.profitLoss, f.activeMembers, amount, atBound, now],
  );
  if (inserted.length > 0 && amount > 0) {
    const movement = await applyMovement(sql, {
      merchant,
      idempotencyKey: `contract:${contract.id}:${period.start}`,
      kind: INCOME_KINDS[contract.contract_type],
      memo: `contract ${contract.id} ${new Date(period.start).toISOString()}`,
      now,
      legs: [
        { account: { kind: "house" }, amount: -amount },
        { account: { kind: "wallet", memberId: Number(contract.downline_id), accountTypeId: MAIN_WALLET }, amount },
      ],
    });
    await sql.query("UPDATE contract_settlements SET ledger_tx = $3 WHERE contract_id = $1 AND period_start = $2", [
      contract.id,
      new Date(period.start),
      movement.transactionId,
    ]);
  }
  await sql.query("UPDATE agent_contracts SET settled_until = greatest(coalesce(settled_until, $2), $2) WHERE id = $1", [
    contract.id,
    new Date(period.end),
  ]);
  return inserted.length > 0;
}

/** Merchants with contracts to settle (the timer serves every merchant of the database). */
async function merchantsWithContracts(db: Db): Promise<string[]> {
  const rows = await db.query<{ merchant: string }>(
    "SELECT DISTINCT merchant FROM agent_contracts WHERE status = 'ACCEPTED' OR (status = 'FINISHED' AND accepted_at IS NOT NULL AND finished_at > coalesce(settled_until, accepted_at))",
  );
  return rows.map((r) => r.merchant);
}

export interface SettlementTimer {
  /** Stops the timer and waits for a run in progress. */
  stop(): Promise<void>;
}

export interface TimerOptions {
  now?: () => Date;
  /** Real-time salary's window: 5 minutes. */
  realtimeMs?: number;
  /** The other types: hourly. */
  othersMs?: number;
  /** First run after start (catching up after downtime). */
  firstMs?: number;
}

/**
 * The platform process's settlement timer: real-time salary every 5 minutes, the other types
 * hourly. Unref'd (it never keeps the process alive); one run at a time; errors are logged.
 */
export function startSettlementTimer(db: Db, options: TimerOptions = {}): SettlementTimer {
  const now = options.now ?? (() => new Date());
  const realtimeMs = options.realtimeMs ?? REALTIME_WINDOW;
  const othersMs = options.othersMs ?? HOUR;
  let lastOthers = -Infinity;
  let running: Promise<void> | null = null;
  let stopped = false;

  const tick = () => {
    if (running || stopped) return;
    running = (async () => {
      const at = now();
      const others = at.getTime() - lastOthers >= othersMs;
      const types: ContractType[] = others ? [...CONTRACT_TYPES] : ["REALTIME"];
      for (const merchant of await merchantsWithContracts(db)) {
        if (stopped) break;
        await settleContracts(db, merchant, at, types);
      }
      if (others) lastOthers = at.getTime();
    })()
      .catch((err: unknown) => console.error("[platform] contract settlement failed:", err))
      .finally(() => {
        running = null;
      });
  };

  const first = setTimeout(tick, options.firstMs ?? 30_000);
  first.unref();
  const interval = setInterval(tick, realtimeMs);
  interval.unref();
  return {
    async stop() {
      stopped = true;
      clearTimeout(first);
      clearInterval(interval);
      await running;
    },
  };
}
