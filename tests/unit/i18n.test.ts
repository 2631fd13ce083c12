import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { intlLocale, knownLanguages, namespaces } from "~/i18n/config";

// Every language is complete: the keys English has (plural keys by the language's own plural
// categories, as the site's t() picks them: Chinese by Chinese rules), the same placeholders, and
// no text left in English.
const PLURAL = /_(zero|one|two|few|many|other)$/;

/** Names that stay as they are in every language: brands, providers, platforms and codes. */
const SAME_IN_EVERY_LANGUAGE = [
  /^WinBazaar$/,
  /^VIP$/,
  /^iOS$/,
  /^Android$/,
  /^Facebook$/,
  /^Telegram$/,
  /^WhatsApp$/,
  /^YouTube$/,
  /^TikTok$/,
  /^DS88 Sabong$/,
  /^LINE$/,
  /^WeChat$/,
  /^Google$/,
  /^OK$/,
  /^Play'n Go$/,
  /^Pragmatic Play$/,
  /^PG Soft$/,
  /^NetEnt$/,
  /^Playtech$/,
  /^Habanero$/,
  /^JILI$/,
  /^FC$/,
  /^BNG$/,
  /^CQ9$/,
  /^Fa Chai$/,
  /^Booongo$/,
  /^\{\w+\} × 3$/,
];
/** Words a language really writes as English does (checked with the translators' notes). */
const SAME_BY_LANGUAGE: Record<string, string[]> = {
  id: ["Deposit", "Cashback", "E-wallet", "Total", "Level {{level}}", "Bonus {{amount}}", "Menu", "Game", "Lemon"],
  vi: ["Cricket"],
};

type Flat = Map<string, string>;
function flatten(value: unknown, prefix = "", out: Flat = new Map()): Flat {
  if (typeof value === "string") out.set(prefix, value);
  else if (typeof value === "object" && value !== null) {
    for (const [k, v] of Object.entries(value)) flatten(v, prefix ? `${prefix}.${k}` : k, out);
  }
  return out;
}
const load = (path: string): Flat => flatten(JSON.parse(readFileSync(join(process.cwd(), path), "utf8")));

/** English's keys as `lng` must have them: each plural base with the language's own categories. */
function expectedKeys(english: Flat, lng: string): Set<string> {
  const categories = new Intl.PluralRules(intlLocale(lng)).resolvedOptions().pluralCategories;
  const keys = new Set<string>();
  for (const key of english.keys()) {
    if (PLURAL.test(key)) for (const c of categories) keys.add(key.replace(PLURAL, `_${c}`));
    else keys.add(key);
  }
  return keys;
}
// {{name}} (the site), {name} (the platform), (min)/(max) (pattern messages) and <tag> (links inside a sentence).
const placeholders = (text: string) =>
  [...text.matchAll(/\{\{\s*(\w+)\s*\}\}|\{(\w+)\}|\((min|max)\)|<(\w+)>/g)].map((m) => m[1] ?? m[2] ?? m[3] ?? `<${m[4]}>`).sort();
const english = (key: string, en: Flat) => en.get(key) ?? en.get(key.replace(PLURAL, "_other")) ?? "";

function checkDictionary(lng: string, theirs: Flat, en: Flat) {
  const expected = expectedKeys(en, lng);
  expect(
    [...expected].filter((k) => !theirs.has(k)),
    "missing keys",
  ).toEqual([]);
  expect(
    [...theirs.keys()].filter((k) => !expected.has(k)),
    "keys English does not have",
  ).toEqual([]);
  expect(
    [...theirs].filter(([, v]) => v.trim() === "").map(([k]) => k),
    "empty texts",
  ).toEqual([]);
  const wrongPlaceholders = [...theirs].filter(([k, v]) => placeholders(v).join() !== placeholders(english(k, en)).join()).map(([k]) => k);
  expect(wrongPlaceholders, "placeholders differ from English").toEqual([]);
  if (lng === "en") return;
  const allowed = new Set(SAME_BY_LANGUAGE[lng] ?? []);
  const untranslated = [...theirs]
    .filter(([k, v]) => v === english(k, en) && !allowed.has(v) && !SAME_IN_EVERY_LANGUAGE.some((re) => re.test(v)))
    .map(([k, v]) => `${k}: ${v}`);
  expect(untranslated, "still in English").toEqual([]);
}

describe("the site's dictionaries", () => {
  for (const ns of namespaces) {
    const en = load(`locales/en/${ns}.json`);
    for (const lng of knownLanguages) {
      it(`${lng}/${ns} is complete, with English's placeholders, and translated`, () =>
        checkDictionary(lng, load(`locales/${lng}/${ns}.json`), en));
    }
  }
});

describe("the platform's dictionaries", () => {
  const en = load("platform/locales/en.json");
  for (const lng of knownLanguages) {
    it(`${lng} is complete, with English's placeholders, and translated`, () =>
      checkDictionary(lng, load(`platform/locales/${lng}.json`), en));
  }
});

describe("the checks themselves", () => {
  it("catch a missing key, a changed placeholder and an English leftover", () => {
    const en = new Map([
      ["a", "Hello {{name}}"],
      ["b_one", "{{count}} game"],
      ["b_other", "{{count}} games"],
      ["c", "Deposit"],
    ]);
    expect(() =>
      checkDictionary(
        "ja",
        new Map([
          ["a", "こんにちは {{name}}"],
          ["b_other", "{{count}} ゲーム"],
        ]),
        en,
      ),
    ).toThrow(/missing keys/);
    expect(() =>
      checkDictionary(
        "ja",
        new Map([
          ["a", "こんにちは {{nom}}"],
          ["b_other", "{{count}}"],
          ["c", "入金"],
        ]),
        en,
      ),
    ).toThrow(/placeholders/);
    expect(() =>
      checkDictionary(
        "ja",
        new Map([
          ["a", "こんにちは {{name}}"],
          ["b_other", "{{count}} ゲーム"],
          ["c", "Deposit"],
        ]),
        en,
      ),
    ).toThrow(/still in English/);
    // Japanese has no "one": a key_one there is a key English's plural rules do not give it.
    expect(() =>
      checkDictionary(
        "ja",
        new Map([
          ["a", "x {{name}}"],
          ["b_one", "{{count}}"],
          ["b_other", "{{count}}"],
          ["c", "入金"],
        ]),
        en,
      ),
    ).toThrow(/does not have/);
    expect(() =>
      checkDictionary(
        "ja",
        new Map([
          ["a", "x {{name}}"],
          ["b_other", "{{count}}"],
          ["c", "入金"],
        ]),
        en,
      ),
    ).not.toThrow();
  });
});
