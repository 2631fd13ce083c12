// The 21 registration pattern ids of docs/SPEC.md point 5. Each id has a rule and a message;
// the message carries (min) and (max), shown as one number when they are equal.

type Rule = (value: string) => boolean;
const re =
  (pattern: RegExp): Rule =>
  (value) =>
    pattern.test(value);

function validDate(value: string, order: "ymd" | "mdy"): boolean {
  const m = order === "ymd" ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(value) : /^(\d{2})-(\d{2})-(\d{4})$/.exec(value);
  if (!m) return false;
  const [y, mo, d] = order === "ymd" ? [m[1], m[2], m[3]] : [m[3], m[1], m[2]];
  const date = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d)));
  return date.getUTCFullYear() === Number(y) && date.getUTCMonth() === Number(mo) - 1 && date.getUTCDate() === Number(d);
}

export const PATTERN_RULES: Readonly<Record<number, Rule>> = {
  0: () => true, // length range only
  1: re(/^[A-Za-z][A-Za-z0-9]*$/), // first character a letter, then letters and digits
  2: re(/^[\p{Script=Han}0-9]+$/u), // Chinese characters and numbers
  3: re(/^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/), // email
  4: re(/^[A-Za-z0-9]+$/), // alphanumeric, no special characters
  5: re(/^(?=.*[A-Za-z])(?=.*[0-9])[A-Za-z0-9]+$/), // letters and digits combined
  6: re(/^[0-9]+$/), // digits only
  7: re(/^(?=.*[A-Z])[A-Za-z0-9]+$/), // alphanumeric with at least one uppercase letter
  8: re(/^[A-Za-z ]+$/), // English letters and spaces only
  9: re(/^\S+$/), // no spaces
  10: re(/^[\p{Script=Han}\p{P}\s]+$/u), // Chinese characters and punctuation
  11: (v) => validDate(v, "ymd"), // yyyy-MM-dd
  12: re(/^[\p{L}\p{M} ]+$/u), // letters (any script) and spaces
  13: (v) => validDate(v, "mdy"), // MM-dd-yyyy
  14: re(/^[\p{L}\p{M}\p{Nd}]+$/u), // letters and digits only (any script)
  15: re(/^\p{Script=Hangul}+$/u), // Korean only
  16: re(/^[\p{Script=Thai}]+$/u), // Thai only
  17: re(/^[\p{Script=Thai}A-Za-z ]+$/u), // Thai or English letters and spaces
  18: re(/^(?=.*[A-Z])[A-Z ]+$/), // uppercase letters and spaces, at least one English letter
  19: re(/^[\x21-\x7E]+$/), // letters, digits and symbols
  20: re(/^(?=.*[A-Z])(?=.*[a-z])(?=.*[0-9])(?=.*[^A-Za-z0-9]).+$/), // upper, lower, digit and symbol
};

export const PATTERN_IDS = Object.keys(PATTERN_RULES).map(Number);

export type FieldRule = {
  acceptedPattern?: string | null;
  patternId?: number | null;
  minLength?: number | null;
  maxLength?: number | null;
};

/** The platform's own regex when it sends one ("*" = anything), else the pattern id's rule. */
function contentRule(rule: FieldRule): Rule {
  const accepted = rule.acceptedPattern?.trim();
  if (accepted === "*") return () => true;
  if (accepted) {
    try {
      const platform = new RegExp(accepted, "u");
      return (v) => platform.test(v);
    } catch {
      // A pattern JavaScript cannot read: the id's rule stands in for it.
    }
  }
  return PATTERN_RULES[rule.patternId ?? 0] ?? PATTERN_RULES[0]!;
}

/** A field passes when it matches its pattern and its length is within bounds. */
export function passesRule(value: string, rule: FieldRule): boolean {
  const length = [...value].length;
  if (rule.minLength && length < rule.minLength) return false;
  if (rule.maxLength && length > rule.maxLength) return false;
  return contentRule(rule)(value);
}

/** "(min) to (max)" becomes "6 to 16", or "6" when both are 6. */
export function fillRange(template: string, min?: number | null, max?: number | null): string {
  const lo = min ?? 0;
  const hi = max ?? lo;
  const joined = /\(min\)\s*(?:-|–|~|to|থেকে)\s*\(max\)/g;
  const text = lo === hi ? template.replace(joined, String(lo)) : template;
  return text.replaceAll("(min)", String(lo)).replaceAll("(max)", String(hi));
}
