import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { crashPointFrom, exactWinChance, MAX_TARGET, MIN_TARGET, playCrash } from "./crash";
import { cryptoRandom, pickIndex, type RandomSource, seededRandom } from "./random";
import {
  BASE_PAYTABLE,
  evaluate,
  exactReturn,
  gridAt,
  hitRate,
  PAY_STEP,
  PAYLINES,
  paytableFor,
  spinSlot,
  STRIPS,
  SYMBOL_IDS,
} from "./slot";

// The demo engines are pure: outcomes come from the random source passed in, so their return can
// be computed exactly (every stop triple of the slot, every 53-bit value of the crash draw).

/** A seeded generator (mulberry32) for reproducible simulations. */
const seeded = seededRandom;

/** Replays fixed values, for outcomes chosen on purpose. */
const fixed = (...values: number[]): RandomSource => {
  let i = 0;
  return () => values[i++ % values.length]!;
};

const RTPS = [94, 94.5, 95, 95.5, 96, 96.5, 97, 97.5];

describe("random source", () => {
  it("gives multiples of 2^-53 in [0, 1), spread over the range", () => {
    let low = 0;
    for (let i = 0; i < 2000; i++) {
      const u = cryptoRandom();
      expect(u).toBeGreaterThanOrEqual(0);
      expect(u).toBeLessThan(1);
      expect(Number.isInteger(u * 2 ** 53)).toBe(true);
      if (u < 0.5) low++;
    }
    expect(low).toBeGreaterThan(850);
    expect(low).toBeLessThan(1150);
  });

  it("picks indexes in range and refuses a broken source", () => {
    expect(pickIndex(() => 0, 32)).toBe(0);
    expect(pickIndex(() => 1 - 2 ** -53, 32)).toBe(31);
    expect(() => pickIndex(() => 1, 32)).toThrow(RangeError);
    expect(() => pickIndex(() => Number.NaN, 32)).toThrow(RangeError);
  });
});

describe("slot", () => {
  it("has 3 reels of 32 stops, 3 rows and 5 paylines", () => {
    expect(STRIPS.map((s) => s.length)).toEqual([32, 32, 32]);
    expect(gridAt([0, 0, 0])).toHaveLength(3);
    expect(gridAt([0, 0, 0]).every((row) => row.length === 3)).toBe(true);
    expect(PAYLINES).toHaveLength(5);
    for (const strip of STRIPS) expect(new Set(strip)).toEqual(new Set(SYMBOL_IDS));
  });

  it("pays three of a kind on each line and two cherries from the left", () => {
    const table = BASE_PAYTABLE;
    const all = (s: (typeof SYMBOL_IDS)[number]) => [
      [s, s, s],
      [s, s, s],
      [s, s, s],
    ];
    expect(evaluate(table, all("seven"))).toEqual({
      lines: PAYLINES.map((_, line) => ({ line, symbol: "seven", count: 3, percent: 50_000 })),
      percent: 250_000,
    });
    const grid = [
      ["lemon", "grape", "bell"],
      ["cherry", "cherry", "bell"],
      ["orange", "grape", "bell"],
    ] as const;
    // Middle line: two cherries; the others: nothing (bell only on reel 3).
    expect(
      evaluate(
        table,
        grid.map((r) => [...r]),
      ),
    ).toEqual({ lines: [{ line: 0, symbol: "cherry", count: 2, percent: 80 }], percent: 80 });
    const diagonal = [
      ["star", "lemon", "grape"],
      ["orange", "star", "lemon"],
      ["lemon", "grape", "star"],
    ] as const;
    expect(
      evaluate(
        table,
        diagonal.map((r) => [...r]),
      ).lines,
    ).toEqual([{ line: 3, symbol: "star", count: 3, percent: 2500 }]);
  });

  it("returns the game's RTP within 0.05%, computed exactly over all 32,768 stop triples", () => {
    for (const rtp of RTPS) {
      const table = paytableFor(rtp);
      const exact = exactReturn(table);
      expect(Math.abs(exact - rtp / 100), `rtp ${rtp}: ${exact}`).toBeLessThan(0.0005);
      // Pays are whole steps of 10%, so from a stake of 0.10 on, rounding down loses nothing.
      expect(exactReturn(table, 10)).toBeCloseTo(exact, 12);
      expect(exactReturn(table, 250)).toBeCloseTo(exact, 12);
      for (const pay of [...Object.values(table.three), table.twoCherries]) expect(pay % PAY_STEP).toBe(0);
      // Rarer symbols pay more.
      expect(table.three.seven).toBeGreaterThan(table.three.diamond);
      expect(table.three.diamond).toBeGreaterThan(table.three.star);
      expect(table.three.star).toBeGreaterThan(table.three.bell);
    }
    expect(hitRate(paytableFor(96))).toBeGreaterThan(0.25);
  });

  it("comes close to the RTP in a long simulation through spinSlot", () => {
    const table = paytableFor(96);
    const random = seeded(20261122);
    let staked = 0;
    let won = 0;
    for (let i = 0; i < 400_000; i++) {
      const spin = spinSlot(100, table, random);
      staked += 100;
      won += spin.win;
    }
    // Standard error of this many spins is about 0.5%: 3% is far outside any seed's noise.
    expect(Math.abs(won / staked - 0.96)).toBeLessThan(0.03);
  });

  it("rounds wins down to the minor unit and shows the stops it drew", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.array(fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), { minLength: 3, maxLength: 3 }),
        (stake, us) => {
          const spin = spinSlot(stake, paytableFor(95), fixed(...us));
          expect(spin.stops).toEqual(us.map((u) => Math.floor(u * 32)));
          expect(spin.grid).toEqual(gridAt(spin.stops));
          expect(spin.win).toBe(Math.floor((stake * spin.percent) / 100));
          expect(Number.isSafeInteger(spin.win) && spin.win >= 0).toBe(true);
        },
      ),
    );
  });

  it("refuses an RTP outside 50–99.9", () => {
    expect(() => paytableFor(100)).toThrow(RangeError);
    expect(() => paytableFor(Number.NaN)).toThrow(RangeError);
  });
});

describe("crash", () => {
  it("draws the crash point from the standard distribution, at least 1.00×, in hundredths", () => {
    expect(crashPointFrom(97, 0)).toBe(100); // 0.97× → crashes at once
    expect(crashPointFrom(97, 0.5)).toBe(194); // 0.97 / 0.5
    expect(crashPointFrom(96, 0.9)).toBe(960);
    expect(crashPointFrom(96, 1 - 2 ** -53)).toBeGreaterThan(MAX_TARGET);
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        fc.double({ min: 94, max: 97.5, noNaN: true }),
        (u, rtp) => {
          const point = crashPointFrom(rtp, u);
          expect(Number.isSafeInteger(point)).toBe(true);
          expect(point).toBeGreaterThanOrEqual(100);
          // A larger u never gives a smaller crash point.
          expect(crashPointFrom(rtp, Math.min(u + 0.01, 1 - 2 ** -53))).toBeGreaterThanOrEqual(point);
        },
      ),
    );
  });

  it("returns exactly the RTP for every cash-out target (counted over all 2^53 draws)", () => {
    for (const rtp of RTPS) {
      for (const target of [MIN_TARGET, 150, 200, 333, 1000, 2500, MAX_TARGET]) {
        const chance = exactWinChance(rtp, target);
        expect(Math.abs((chance * target) / 100 - rtp / 100)).toBeLessThan(1e-9);
        // The engine agrees at the boundary: the last losing draw and the first winning one.
        const firstWinningK = 2 ** 53 - Math.round(chance * 2 ** 53);
        expect(crashPointFrom(rtp, firstWinningK / 2 ** 53)).toBeGreaterThanOrEqual(target);
        expect(crashPointFrom(rtp, (firstWinningK - 1) / 2 ** 53)).toBeLessThan(target);
      }
    }
  });

  it("matches the RTP in a simulation and pays stake × target, rounded down", () => {
    const random = seeded(7);
    let won = 0;
    const rounds = 200_000;
    for (let i = 0; i < rounds; i++) won += playCrash(100, 96, 200, random).win;
    expect(Math.abs(won / (rounds * 100) - 0.96)).toBeLessThan(0.015);

    expect(playCrash(333, 96, 150, fixed(0.9))).toEqual({ crashPoint: 960, target: 150, cashedOut: true, win: 499 });
    expect(playCrash(333, 96, 1000, fixed(0.9))).toEqual({ crashPoint: 960, target: 1000, cashedOut: false, win: 0 });
    expect(playCrash(100, 96, 960, fixed(0.9)).cashedOut).toBe(true); // reaching the target exactly wins
  });

  it("refuses targets outside 1.01×–100×", () => {
    expect(() => playCrash(100, 96, 100, cryptoRandom)).toThrow(RangeError);
    expect(() => playCrash(100, 96, 10_001, cryptoRandom)).toThrow(RangeError);
    expect(() => playCrash(100, 96, 150.5, cryptoRandom)).toThrow(RangeError);
  });
});
