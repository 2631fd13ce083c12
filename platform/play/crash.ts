import type { RandomSource } from "./random";

// The demo crash round with an automatic cash-out. The multiplier climbs from 1.00× and crashes
// at a point drawn from the usual distribution: P(crash ≥ x) = (rtp / 100) / x for x ≥ 1, the rest
// of the mass (the house edge, 1 − rtp) crashing at once at 1.00×. A bet with cash-out target t
// wins stake × t when the crash point is at least t, so every target returns exactly rtp.
// Multipliers are integers in hundredths (2.35× = 235) so nothing depends on float rounding.

export const MIN_TARGET = 101;
export const MAX_TARGET = 10_000;
/** Shown crash points stop here; it changes no outcome, since targets end at 100×. */
export const MAX_CRASH_POINT = 100_000_000;

const TWO_POW_53 = 2n ** 53n;

/**
 * Crash point in hundredths for a uniform u in [0, 1): floor(100 × (rtp/100) / (1 − u)), at least
 * 100. Computed on the 53-bit integer behind u with BigInt, exactly.
 */
export function crashPointFrom(rtp: number, u: number): number {
  if (!(u >= 0 && u < 1)) throw new RangeError(`u ${u} is not in [0, 1)`);
  const rtpBasis = BigInt(Math.round(rtp * 100)); // 96.5% → 9650
  const k = BigInt(Math.floor(u * 2 ** 53));
  // 100 × (rtpBasis / 10000) / ((2^53 − k) / 2^53), floored.
  const hundredths = (rtpBasis * TWO_POW_53) / (100n * (TWO_POW_53 - k));
  return Number(hundredths < 100n ? 100n : hundredths > BigInt(MAX_CRASH_POINT) ? BigInt(MAX_CRASH_POINT) : hundredths);
}

export interface CrashRound {
  /** Hundredths: 235 = 2.35×. */
  crashPoint: number;
  /** The automatic cash-out, hundredths. */
  target: number;
  cashedOut: boolean;
  /** Minor units, rounded down. */
  win: number;
}

export function isValidTarget(target: number): boolean {
  return Number.isSafeInteger(target) && target >= MIN_TARGET && target <= MAX_TARGET;
}

/** One round of `stake` minor units with an automatic cash-out at `target` hundredths. */
export function playCrash(stake: number, rtp: number, target: number, random: RandomSource): CrashRound {
  if (!isValidTarget(target)) throw new RangeError(`cash-out target ${target} is outside ${MIN_TARGET}–${MAX_TARGET}`);
  const crashPoint = crashPointFrom(rtp, random());
  const cashedOut = crashPoint >= target;
  return { crashPoint, target, cashedOut, win: cashedOut ? Math.floor((stake * target) / 100) : 0 };
}

/**
 * The exact chance that a round reaches `target`: the share of the 2^53 values of u whose crash
 * point is at least target (count of m = 2^53 − k with rtpBasis·2^53 ≥ 100·target·m).
 */
export function exactWinChance(rtp: number, target: number): number {
  const rtpBasis = BigInt(Math.round(rtp * 100));
  const winning = (rtpBasis * TWO_POW_53) / (100n * BigInt(target));
  const capped = winning > TWO_POW_53 ? TWO_POW_53 : winning;
  return Number(capped) / 2 ** 53;
}
