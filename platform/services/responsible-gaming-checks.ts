import type { Sql } from "../db/db";
import { PlatformError } from "../http/context";
import { formatMinor } from "../money";
import {
  currencySymbol,
  formatLocal,
  type LimitPeriod,
  limitInForce,
  minutesSince,
  periodStart,
  settingsOf,
  usedIn,
} from "./responsible-gaming";

// Where the limits of decision 018 are enforced: at every login, in the deposit-request
// transaction, and before a stake (the limits themselves are set in responsible-gaming.ts).

const periodKey = <P extends string>(prefix: P, period: LimitPeriod) => `${prefix}.${period}` as `${P}.${LimitPeriod}`;

/**
 * Every login (completeLogin): refused while self-excluded (HTTP 500
 * login_blocked_by_self_exclusion, contract §1.4) or past a session-time limit
 * (limit.session.exceeded).
 */
export async function assertLoginAllowed(sql: Sql, memberId: number, now: Date): Promise<void> {
  const settings = await settingsOf(sql, memberId);
  const until = settings.self_excluded_until ? new Date(settings.self_excluded_until) : null;
  if (until && until.getTime() > now.getTime()) {
    throw new PlatformError("login_blocked_by_self_exclusion", "login_blocked_by_self_exclusion", 500, {
      vars: { until: formatLocal(until) },
    });
  }
  for (const limit of await limitInForce(sql, memberId, "SESSION", now)) {
    const used = await minutesSince(sql, memberId, periodStart(limit.period, now), now);
    if (used >= limit.amount) {
      throw new PlatformError("limit.session.exceeded", periodKey("limit.session.exceeded", limit.period), 200, {
        vars: { limit: limit.amount, used },
      });
    }
  }
}

/** The first money limit of `type` that `amountMinor` more would pass, with what is left; else null. */
async function moneyLimitPassed(sql: Sql, memberId: number, type: "DEPOSIT" | "LOSS", amountMinor: number, now: Date) {
  for (const limit of await limitInForce(sql, memberId, type, now)) {
    const used = await usedIn(sql, memberId, type, limit.period, now);
    if (used + amountMinor > limit.amount) return { period: limit.period, limit: limit.amount, left: Math.max(0, limit.amount - used) };
  }
  return null;
}

/** Throws limit.deposit.exceeded or limit.loss.exceeded, with the limit and what is left, when `amountMinor` more would pass one. */
async function refuseIfPassed(
  sql: Sql,
  merchant: string,
  memberId: number,
  type: "DEPOSIT" | "LOSS",
  amountMinor: number,
  now: Date,
): Promise<void> {
  const passed = await moneyLimitPassed(sql, memberId, type, amountMinor, now);
  if (!passed) return;
  const symbol = await currencySymbol(sql, merchant);
  const code = type === "DEPOSIT" ? "limit.deposit.exceeded" : "limit.loss.exceeded";
  throw new PlatformError(code, periodKey(code, passed.period), 200, {
    vars: { limit: `${symbol}${formatMinor(passed.limit)}`, left: `${symbol}${formatMinor(passed.left)}` },
  });
}

/**
 * The money part calls this in its deposit-request transaction: throws limit.deposit.exceeded when
 * a deposit of amountMinor would take the member past a deposit limit (decision 018).
 */
export const checkDepositLimit = (sql: Sql, merchant: string, memberId: number, amountMinor: number, now: Date) =>
  refuseIfPassed(sql, merchant, memberId, "DEPOSIT", amountMinor, now);

/** Throws limit.loss.exceeded when a stake of stakeMinor could take the member past a loss limit. */
export const checkLossLimit = (sql: Sql, merchant: string, memberId: number, stakeMinor: number, now: Date) =>
  refuseIfPassed(sql, merchant, memberId, "LOSS", stakeMinor, now);

/** For the demo game's bet (which shows a message key): false when checkLossLimit would refuse. */
export async function lossLimitAllows(sql: Sql, _merchant: string, memberId: number, stakeMinor: number, now: Date): Promise<boolean> {
  return (await moneyLimitPassed(sql, memberId, "LOSS", stakeMinor, now)) === null;
}
