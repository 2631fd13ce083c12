// Platform messages come in every language the platform speaks, one dictionary per language in
// locales/ (key → text with {name} placeholders). The Language header chooses; a missing language
// or key falls back to English. Seeded texts are stored as jsonb {"EN": "...", "BN": "...", ...}.
import bn from "./locales/bn.json" with { type: "json" };
import cn from "./locales/cn.json" with { type: "json" };
import en from "./locales/en.json" with { type: "json" };
import id from "./locales/id.json" with { type: "json" };
import ja from "./locales/ja.json" with { type: "json" };
import ko from "./locales/ko.json" with { type: "json" };
import th from "./locales/th.json" with { type: "json" };
import ur from "./locales/ur.json" with { type: "json" };
import vi from "./locales/vi.json" with { type: "json" };

export const LANGUAGES = ["EN", "BN", "CN", "ID", "JA", "KO", "TH", "UR", "VI"] as const;
export type Language = (typeof LANGUAGES)[number];

export type MessageKey = keyof typeof en;
type Dictionary = Partial<Record<string, string>>;
export const dictionaries: Record<Language, Dictionary> = { EN: en, BN: bn, CN: cn, ID: id, JA: ja, KO: ko, TH: th, UR: ur, VI: vi };

/** A seeded text in several languages, as stored in jsonb columns: {"EN": "...", "BN": "..."}. */
export type Localized = Partial<Record<string, string>> & { EN: string };

export function languageFrom(header: string | undefined | null): Language {
  const code = (header ?? "").trim().toUpperCase();
  return (LANGUAGES as readonly string[]).includes(code) ? (code as Language) : "EN";
}

/** The BCP 47 tag for a platform language (`lang` attributes, Intl). */
export function htmlLang(lang: Language): string {
  return lang === "CN" ? "zh" : lang.toLowerCase();
}

/** A drawing with words on it (a banner's title) is drawn in the reader's language: ?lang= says which. */
export function localizedMedia(path: string, lang: Language): string {
  return lang === "EN" ? path : `${path}?lang=${lang}`;
}

export function pick(text: Localized | null | undefined, lang: Language): string {
  if (!text) return "";
  return text[lang] ?? text.EN;
}

export function message(key: MessageKey, lang: Language, vars: Record<string, string | number> = {}): string {
  const text = dictionaries[lang][key] ?? en[key];
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole));
}
