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

/** A uniform integer in [0, n): floor(u × n) (bias below n / 2^53, nothing a demo can notice). */
export function pickIndex(random: RandomSource, n: number): number {
  const u = random();
  if (!(u >= 0 && u < 1)) throw new RangeError(`random source gave ${u}, not a number in [0, 1)`);
  return Math.min(n - 1, Math.floor(u * n));
}
