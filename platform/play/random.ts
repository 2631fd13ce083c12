import { randomBytes } from "node:crypto";

// The demo games draw their outcomes from a source passed in: crypto in production, a seeded or
// fixed one in tests, so the engines stay pure functions.

/** A uniform number in [0, 1). */
export type RandomSource = () => number;

const TWO_POW_32 = 2 ** 32;
const TWO_POW_53 = 2 ** 53;

/** 53 random bits from the operating system: every double in [0, 1) that is a multiple of 2^-53. */
export const cryptoRandom: RandomSource = () => {
  const bytes = randomBytes(8);
  const high = bytes.readUInt32BE(0) >>> 11; // 21 bits
  const low = bytes.readUInt32BE(4); // 32 bits
  return (high * TWO_POW_32 + low) / TWO_POW_53;
};

/**
 * A seeded source (mulberry32): small, fast and reproducible, for the demo data, the generated
 * art and simulations in tests. Never for a real outcome.
 */
export function seededRandom(seed: number): RandomSource {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / TWO_POW_32;
  };
}

/** A uniform integer in [0, n): floor(u × n) (bias below n / 2^53, nothing a demo can notice). */
export function pickIndex(random: RandomSource, n: number): number {
  const u = random();
  if (!(u >= 0 && u < 1)) throw new RangeError(`random source gave ${u}, not a number in [0, 1)`);
  return Math.min(n - 1, Math.floor(u * n));
}
