// The register field pattern ids 0–20 (docs/SPEC.md point 5) as regular expressions. The platform checks
// registrations with them and hands the same sources to clients as `acceptedPattern`, so every
// source is written to mean the same with and without the `u` flag: BMP ranges as \uXXXX escapes,
// no \p{…} classes, no escapes that only one mode accepts.

export type PatternId = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10 | 11 | 12 | 13 | 14 | 15 | 16 | 17 | 18 | 19 | 20;

export const PATTERN_IDS: readonly PatternId[] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20];

export function isPatternId(value: unknown): value is PatternId {
  return typeof value === "number" && (PATTERN_IDS as readonly number[]).includes(value);
}

const hex = (code: number) => `\\u${code.toString(16).padStart(4, "0")}`;

// Letters and combining marks of the scripts the seeded countries write, without their digits
// and sentence punctuation (danda, Thai fongman…).
const LATIN = "A-Za-z\\u00c0-\\u00d6\\u00d8-\\u00f6\\u00f8-\\u024f\\u0300-\\u036f\\u1e00-\\u1eff";
const CHINESE = "\\u3400-\\u4dbf\\u4e00-\\u9fff";
const KOREAN = "\\u1100-\\u11ff\\u3131-\\u318e\\uac00-\\ud7a3";
const THAI = "\\u0e01-\\u0e3a\\u0e40-\\u0e4e";
const OTHER_SCRIPTS = [
  "\\u0980-\\u09e5\\u09f0\\u09f1", // Bengali
  "\\u0900-\\u0963\\u0971-\\u097f", // Devanagari (Hindi, Nepali)
  "\\u0620-\\u065f\\u066e-\\u06d3\\u06d5", // Arabic script (Urdu)
  "\\u0b82-\\u0bd7", // Tamil
  "\\u0d81-\\u0de5\\u0df2\\u0df3", // Sinhala
  "\\u3041-\\u3096\\u30a1-\\u30fa\\u30fc", // kana
].join("");
const LETTERS = LATIN + OTHER_SCRIPTS + THAI + CHINESE + KOREAN;
/** ASCII digits and the native digits of the same scripts. */
const DIGITS = "0-9\\u0660-\\u0669\\u06f0-\\u06f9\\u0966-\\u096f\\u09e6-\\u09ef\\u0be6-\\u0bef\\u0de6-\\u0def\\u0e50-\\u0e59";

/** Upper-case Latin letters, Vietnamese ones included (Ă Đ Ơ Ư and the capitals with tone marks). */
const VIETNAMESE_CAPITALS = Array.from({ length: (0x1ef8 - 0x1ea0) / 2 + 1 }, (_, i) => hex(0x1ea0 + 2 * i)).join("");
const UPPER = "A-Z\\u00c0-\\u00d6\\u00d8-\\u00de\\u0102\\u0110\\u0128\\u0168\\u01a0\\u01af" + VIETNAMESE_CAPITALS;

const CJK_PUNCTUATION =
  "\\u3001-\\u3003\\u3008-\\u3011\\u3014-\\u301f\\uff01-\\uff0f\\uff1a-\\uff20\\uff3b-\\uff40\\uff5b-\\uff65\\u00b7\\u2014\\u2026\\u2018\\u2019\\u201c\\u201d";
const ASCII_PUNCTUATION = ".,!?;:'\"()-";

const DATE_DAY = "(0[1-9]|[12][0-9]|3[01])";
const DATE_MONTH = "(0[1-9]|1[0-2])";

/** The regex source of each pattern id; id 0 is any text ("*" on the wire). */
export const PATTERN_SOURCES: Record<PatternId, string> = {
  0: "^[\\s\\S]*$",
  1: "^[A-Za-z][A-Za-z0-9]*$",
  2: `^[${CHINESE}0-9]+$`,
  3: "^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\\.[A-Za-z0-9-]+)*\\.[A-Za-z]{2,}$",
  4: "^[A-Za-z0-9]+$",
  5: "^(?=[\\s\\S]*[A-Za-z])(?=[\\s\\S]*[0-9])[A-Za-z0-9]+$",
  6: "^[0-9]+$",
  7: "^(?=[\\s\\S]*[A-Z])[A-Za-z0-9]+$",
  8: "^[A-Za-z ]+$",
  9: "^\\S+$",
  10: `^[${CHINESE}${CJK_PUNCTUATION}${ASCII_PUNCTUATION}]+$`,
  11: `^[0-9]{4}-${DATE_MONTH}-${DATE_DAY}$`,
  12: `^[${LETTERS} ]+$`,
  13: `^${DATE_MONTH}-${DATE_DAY}-[0-9]{4}$`,
  14: `^[${LETTERS}${DIGITS}]+$`,
  15: `^[${KOREAN}]+$`,
  16: `^[${THAI}]+$`,
  17: `^[${THAI}A-Za-z ]+$`,
  18: `^(?=[\\s\\S]*[A-Z])[${UPPER} ]+$`,
  19: "^[!-~]+$",
  20: "^(?=[\\s\\S]*[A-Z])(?=[\\s\\S]*[a-z])(?=[\\s\\S]*[0-9])(?=[\\s\\S]*[^A-Za-z0-9\\s])\\S+$",
};

const COMPILED = new Map<PatternId, RegExp>(PATTERN_IDS.map((id) => [id, new RegExp(PATTERN_SOURCES[id], "u")]));

/** What the register settings call sends as acceptedPattern: "*" for id 0, else the source. */
export function acceptedPattern(id: PatternId): string {
  return id === 0 ? "*" : PATTERN_SOURCES[id];
}

/** Length in characters (code points), as a person counts them. */
export function textLength(value: string): number {
  let n = 0;
  for (const _ of value) n++;
  return n;
}

/** yyyy-MM-dd or MM-dd-yyyy naming a day that exists (no 31 April, 29 February only in leap years). */
export function realDate(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return year >= 1000 && date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** Parses a date in the form of pattern 11 or 13; null when it is not a real day. */
export function parsePatternDate(value: string, id: 11 | 13): { year: number; month: number; day: number } | null {
  if (!COMPILED.get(id)!.test(value)) return null;
  const parts = value.split("-").map(Number);
  const [year, month, day] = id === 11 ? [parts[0]!, parts[1]!, parts[2]!] : [parts[2]!, parts[0]!, parts[1]!];
  return realDate(year, month, day) ? { year, month, day } : null;
}

/** Whether value matches pattern id (dates must also be real days). Length is checked apart. */
export function matchesPattern(id: PatternId, value: string): boolean {
  if (id === 11 || id === 13) return parsePatternDate(value, id) !== null;
  return COMPILED.get(id)!.test(value);
}

/** A field passes when its length is within [min, max] and it matches its pattern. */
export function fieldPasses(id: PatternId, value: string, min: number, max: number): boolean {
  const length = textLength(value);
  // Length first: it also bounds the work of the lookahead patterns.
  return length >= min && length <= max && matchesPattern(id, value);
}
