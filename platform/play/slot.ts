import { pickIndex, type RandomSource } from "./random";

// The demo slot: 3 reels × 3 rows, 5 paylines. Each reel is a strip of symbols; a spin stops each
// reel at a uniform position and shows that symbol and the next two. A line pays for three of a
// kind, or for two cherries from the left. Pays are per line in percent of the total stake, scaled
// per game so the expected return is the game's RTP (see paytableFor and exactReturn).

export const SYMBOL_IDS = ["cherry", "lemon", "orange", "grape", "bell", "star", "diamond", "seven"] as const;
export type SymbolId = (typeof SYMBOL_IDS)[number];

/** Copies of each symbol on reels 1, 2 and 3 (32 stops per reel). */
const STRIP_COUNTS: Record<SymbolId, readonly [number, number, number]> = {
  cherry: [7, 7, 6],
  lemon: [6, 6, 6],
  orange: [5, 5, 6],
  grape: [5, 5, 5],
  bell: [3, 3, 3],
  star: [3, 3, 3],
  diamond: [2, 2, 2],
  seven: [1, 1, 1],
};

/**
 * Spreads each symbol evenly along the strip: copy k of a symbol with c copies sits at about
 * (k + phase) / c of the way, so copies of one symbol are never bunched together.
 */
function buildStrip(reel: 0 | 1 | 2): SymbolId[] {
  const copies: { symbol: SymbolId; key: number }[] = [];
  SYMBOL_IDS.forEach((symbol, index) => {
    const count = STRIP_COUNTS[symbol][reel];
    const phase = ((index * 7 + reel * 3) % 11) / 11;
    for (let k = 0; k < count; k++) copies.push({ symbol, key: (k + phase) / count + index * 1e-6 });
  });
  return copies.sort((a, b) => a.key - b.key).map((c) => c.symbol);
}

export const STRIPS: readonly (readonly SymbolId[])[] = [buildStrip(0), buildStrip(1), buildStrip(2)];

/** Rows of each payline, one per reel: middle, top, bottom, then the two diagonals. */
export const PAYLINES: readonly (readonly [number, number, number])[] = [
  [1, 1, 1],
  [0, 0, 0],
  [2, 2, 2],
  [0, 1, 2],
  [2, 1, 0],
];

/** Per line, in percent of the total stake (500 = 5× the stake). */
export interface Paytable {
  three: Record<SymbolId, number>;
  /** Cherries on reels 1 and 2, anything else on reel 3. */
  twoCherries: number;
}

/** The unscaled table; paytableFor scales it to a game's RTP. */
export const BASE_PAYTABLE: Paytable = {
  three: { cherry: 400, lemon: 300, orange: 400, grape: 500, bell: 2000, star: 2500, diamond: 6000, seven: 50000 },
  twoCherries: 80,
};

export interface LineWin {
  /** Index into PAYLINES. */
  line: number;
  symbol: SymbolId;
  count: 2 | 3;
  percent: number;
}

/** The grid of a stop triple: grid[row][reel]. */
export function gridAt(stops: readonly number[]): SymbolId[][] {
  return [0, 1, 2].map((row) => STRIPS.map((strip, reel) => strip[(stops[reel]! + row) % strip.length]!));
}

function lineWin(table: Paytable, line: number, symbols: readonly SymbolId[]): LineWin | null {
  const [a, b, c] = symbols;
  if (a === b && b === c && a) return { line, symbol: a, count: 3, percent: table.three[a] };
  if (a === "cherry" && b === "cherry") return { line, symbol: "cherry", count: 2, percent: table.twoCherries };
  return null;
}

export function evaluate(table: Paytable, grid: readonly (readonly SymbolId[])[]): { lines: LineWin[]; percent: number } {
  const lines: LineWin[] = [];
  PAYLINES.forEach((rows, line) => {
    const win = lineWin(
      table,
      line,
      rows.map((row, reel) => grid[row]![reel]!),
    );
    if (win && win.percent > 0) lines.push(win);
  });
  return { lines, percent: lines.reduce((sum, l) => sum + l.percent, 0) };
}

export interface SlotSpin {
  stops: [number, number, number];
  grid: SymbolId[][];
  lines: LineWin[];
  /** Sum of the line pays, percent of the stake. */
  percent: number;
  /** Minor units, rounded down. */
  win: number;
}

/** One spin of `stake` minor units. */
export function spinSlot(stake: number, table: Paytable, random: RandomSource): SlotSpin {
  const stops: [number, number, number] = [
    pickIndex(random, STRIPS[0]!.length),
    pickIndex(random, STRIPS[1]!.length),
    pickIndex(random, STRIPS[2]!.length),
  ];
  const grid = gridAt(stops);
  const { lines, percent } = evaluate(table, grid);
  return { stops, grid, lines, percent, win: Math.floor((stake * percent) / 100) };
}

/**
 * The expected return as a fraction of the stake, computed exactly over every stop triple. With
 * `stake`, each win is rounded down to the minor unit as a real spin is.
 */
export function exactReturn(table: Paytable, stake?: number): number {
  const [r0, r1, r2] = STRIPS.map((s) => s.length) as [number, number, number];
  let total = 0;
  for (let a = 0; a < r0; a++)
    for (let b = 0; b < r1; b++)
      for (let c = 0; c < r2; c++) {
        const { percent } = evaluate(table, gridAt([a, b, c]));
        total += stake === undefined ? percent / 100 : Math.floor((stake * percent) / 100) / stake;
      }
  return total / (r0 * r1 * r2);
}

/** Share of spins that win anything. */
export function hitRate(table: Paytable): number {
  const [r0, r1, r2] = STRIPS.map((s) => s.length) as [number, number, number];
  let hits = 0;
  for (let a = 0; a < r0; a++)
    for (let b = 0; b < r1; b++) for (let c = 0; c < r2; c++) if (evaluate(table, gridAt([a, b, c])).percent > 0) hits++;
  return hits / (r0 * r1 * r2);
}

/** Pays are whole multiples of this (percent): a stake of 0.10 or more then wins exact amounts. */
export const PAY_STEP = 10;

type Category = SymbolId | "twoCherries";
const CATEGORIES: readonly Category[] = [...SYMBOL_IDS, "twoCherries"];

const payOf = (table: Paytable, c: Category) => (c === "twoCherries" ? table.twoCherries : table.three[c]);

let lineCounts: Map<Category, number> | undefined;

/** Expected number of line wins of each kind per spin, counted over every stop triple. */
function expectedLineWins(): Map<Category, number> {
  if (lineCounts) return lineCounts;
  const ones: Paytable = { three: Object.fromEntries(SYMBOL_IDS.map((s) => [s, 1])) as Record<SymbolId, number>, twoCherries: 1 };
  const counts = new Map<Category, number>(CATEGORIES.map((c) => [c, 0]));
  const [r0, r1, r2] = STRIPS.map((s) => s.length) as [number, number, number];
  for (let a = 0; a < r0; a++)
    for (let b = 0; b < r1; b++)
      for (let c = 0; c < r2; c++)
        for (const win of evaluate(ones, gridAt([a, b, c])).lines) {
          const category: Category = win.count === 2 ? "twoCherries" : win.symbol;
          counts.set(category, counts.get(category)! + 1);
        }
  for (const c of CATEGORIES) counts.set(c, counts.get(c)! / (r0 * r1 * r2));
  lineCounts = counts;
  return counts;
}

/** The expected return is linear in the pays: Σ pay × expected wins of that kind. */
function linearReturn(pays: Map<Category, number>): number {
  const counts = expectedLineWins();
  let total = 0;
  for (const c of CATEGORIES) total += (pays.get(c)! * counts.get(c)!) / 100;
  return total;
}

const tables = new Map<number, Paytable>();

/**
 * BASE_PAYTABLE tuned to a game's RTP (percent; 94–97.5 in the catalogue, 50–99.9 accepted):
 * every pay scaled by rtp / (the base return) and rounded to PAY_STEP, then the remaining gap
 * closed by moving single pays one step at a time, biggest effect first, down to the seven's
 * step (0.002% of return). exactReturn confirms the result independently.
 */
export function paytableFor(rtp: number): Paytable {
  if (!(rtp >= 50 && rtp <= 99.9)) throw new RangeError(`rtp ${rtp} is outside 50–99.9`);
  const cached = tables.get(rtp);
  if (cached) return cached;
  const counts = expectedLineWins();
  const target = rtp / 100;
  const base = new Map(CATEGORIES.map((c) => [c, payOf(BASE_PAYTABLE, c)] as const));
  const factor = target / linearReturn(base);
  const pays = new Map(CATEGORIES.map((c) => [c, Math.max(PAY_STEP, Math.round((base.get(c)! * factor) / PAY_STEP) * PAY_STEP)] as const));
  const bySteps = [...CATEGORIES].sort((a, b) => counts.get(b)! - counts.get(a)!);
  for (const c of bySteps) {
    const stepReturn = (PAY_STEP * counts.get(c)!) / 100;
    const steps = Math.round((target - linearReturn(pays)) / stepReturn);
    pays.set(c, Math.max(PAY_STEP, pays.get(c)! + steps * PAY_STEP));
  }
  const three = Object.fromEntries(SYMBOL_IDS.map((s) => [s, pays.get(s)!])) as Record<SymbolId, number>;
  const table: Paytable = { three, twoCherries: pays.get("twoCherries")! };
  tables.set(rtp, table);
  return table;
}
