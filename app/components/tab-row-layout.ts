// Where a tab row starts, chosen on the server (decision 040): the browser cannot be asked where
// the active tab is before it draws, and without JavaScript nothing moves the row afterwards. So
// the server estimates each label's width for the narrowest phone we serve and picks one of the
// layouts whose first picture holds the active tab in every engine (Chromium, Gecko, WebKit):
//   wrap:  a few tabs on up to `lines` lines, all of them visible;
//   start: one scrolling line at its start (the active tab is among the first);
//   end:   one scrolling line that opens at its end (a row-reverse box: its scroll origin is the
//          end), for an active tab among the last;
//   and for one in the middle, `end` over the tabs up to a little after the active one, the rest
//   behind a "more" disclosure at the row's end.
// The estimate errs wide (a wider guess only picks a safer layout), so a phone's own fonts never
// push the active tab out of sight.

export type TabRowMode = "wrap" | "start" | "end";

export type TabRowLayout = {
  mode: TabRowMode;
  /** How many tabs the row itself shows; the rest (from this index on) are behind "more". */
  shown: number;
  /** The active tab's index, -1 when none is. */
  active: number;
};

export type TabRowOptions = {
  /**
   * The row's width on a 360 px phone, in CSS px, with the page gutters it reaches into (it bleeds
   * to the screen's edges, its chips starting at the gutter): 360 for a row across the page.
   */
  room?: number;
  /** Up to how many lines the row may wrap to instead of scrolling (1: it never wraps). */
  lines?: number;
  /** Whether the row may fold its tail behind a "+n" disclosure at its end. */
  more?: boolean;
  /** Extra width per tab (a count badge), by index. */
  extra?: (index: number) => number;
};

/** The narrowest phone we serve, in CSS px: a row across the page has this much room. */
export const PHONE_ROOM = 360;
/** A chip: its inline padding (px-3) and the gap between two chips (gap-2). */
const CHIP_PADDING = 24;
const GAP = 8;
/** The scroller's padding on the side the row opens at (the page gutter) and on the side it scrolls towards (the wider fade). */
export const NEAR_PAD = 12;
export const FAR_PAD = 32;

/** The "+n" disclosure's chip (two digits and its arrow) and the gap before it. */
const MORE_WIDTH = 64 + GAP;

const SIZE = 14; // text-sm
// Advance widths in em, measured on Noto Sans, Roboto, Noto Sans Bengali, Noto Naskh/Nastaliq and
// the CJK fonts at 14 px, rounded up (bold labels are up to 6 % wider).
const WIDE = /[\u1100-\u11ff\u2e80-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef]/u;
const ARABIC = /[\u0600-\u06ff\u0750-\u077f\ufb50-\ufdff\ufe70-\ufeff]/u;
const NONSPACING = /[\p{Mn}\p{Me}\u200b-\u200f\u2060-\u206f]/u;

function advance(ch: string): number {
  if (NONSPACING.test(ch)) return 0;
  if (WIDE.test(ch)) return 1.02;
  if (ch === " ") return 0.28;
  if (/[\u0985-\u0994]/u.test(ch)) return 0.9; // Bengali independent vowels
  if (/[\u0980-\u09ff]/u.test(ch)) return /\p{Mc}/u.test(ch) ? 0.42 : 0.64; // Bengali (spacing vowel signs narrower)
  if (ARABIC.test(ch)) return 0.5; // Arabic script (Urdu), joined; a word's end adds more
  if (/[\u0e00-\u0e7f]/u.test(ch)) return 0.62; // Thai
  if (/[A-Z]/.test(ch)) return 0.7;
  if (/[mwMW]/.test(ch)) return 0.86;
  if (/[iljtfr.,:;'!|()\-‹›]/.test(ch)) return 0.36;
  if (/[0-9]/.test(ch)) return 0.6;
  if (/\p{L}/u.test(ch)) return 0.58; // other letters: Latin with accents, Vietnamese
  return 0.6;
}

/** A label's estimated width in CSS px at 14 px, bold if `bold`, erring wide. */
export function labelWidth(label: string, bold = false): number {
  let em = 0;
  const chars = [...label];
  chars.forEach((ch, i) => {
    em += advance(ch);
    // An Arabic-script word ends in its final form, the widest (Nastaliq's most of all).
    if (ARABIC.test(ch) && !ARABIC.test(chars[i + 1] ?? "")) em += 0.35;
  });
  // Short labels vary most (one wide letter): a few pixels more each.
  return Math.ceil(em * SIZE * (bold ? 1.08 : 1.02)) + 8;
}

/** Greedy line filling: how many lines the chips take in `room`. */
function linesNeeded(widths: number[], room: number): number {
  let lines = 1;
  let x = 0;
  for (const w of widths) {
    const next = x === 0 ? w : x + GAP + w;
    if (next > room && x > 0) {
      lines += 1;
      x = w;
    } else x = next;
  }
  return lines;
}

const sum = (widths: number[], from: number, to: number) => {
  let total = 0;
  for (let i = from; i <= to; i++) total += widths[i]! + (i > from ? GAP : 0);
  return total;
};

/**
 * The layout of a tab row of `labels` with the tab at `active` (or -1) current: see the top of
 * this file. Pure, so the server's HTML and the browser's first render agree.
 */
export function tabRowLayout(labels: readonly string[], active: number, options: TabRowOptions = {}): TabRowLayout {
  const { room = PHONE_ROOM, lines = 1, more, extra } = options;
  const n = labels.length;
  const current = active >= 0 && active < n ? active : -1;
  const widths = labels.map((label, i) => labelWidth(label, i === current) + CHIP_PADDING + (extra?.(i) ?? 0));
  const all = { shown: n, active: current };
  if (n === 0) return { mode: "start", ...all };
  // What one line shows at rest, with the side it scrolls towards kept clear of its fade.
  const view = room - NEAR_PAD - FAR_PAD;
  const inner = room - 2 * NEAR_PAD;
  if (sum(widths, 0, n - 1) <= inner) return { mode: "start", ...all };
  if (lines > 1 && linesNeeded(widths, inner) <= lines) return { mode: "wrap", ...all };
  if (current <= 0 || sum(widths, 0, current) <= view) return { mode: "start", ...all };
  if (sum(widths, current, n - 1) <= view) return { mode: "end", ...all };
  if (!more) return { mode: "wrap", ...all };
  // The middle: the row ends a little after the active tab, the rest behind "more".
  let last = current;
  for (let i = current + 1; i < n - 1; i++) {
    // "+n" carries the folded tabs' badges, summed, when one has one.
    const badge = Math.max(0, ...Array.from({ length: n - i - 1 }, (_, j) => extra?.(i + 1 + j) ?? 0));
    if (sum(widths, current, i) + MORE_WIDTH + badge > view) break;
    last = i;
  }
  return { mode: "end", shown: last + 1, active: current };
}
