// Languages the product knows. Which of them are enabled comes from the platform's
// whitelabel (default: en and bn, en first).
export const knownLanguages = ["en", "bn", "cn", "id", "ja", "ko", "th", "ur", "vi"] as const;
export type Language = (typeof knownLanguages)[number];

export const fallbackLanguage: Language = "en";
export const defaultEnabledLanguages: Language[] = ["en", "bn"];
export const defaultNS = "common";
export const namespaces = ["common", "auth"] as const;
export type Namespace = (typeof namespaces)[number];

/**
 * The namespaces a page's routes declare in their handle (`handle.i18n`, a name or a list), with
 * "common": what the document preloads and the browser loads before hydrating. A component that
 * asks for another one would make hydration wait for it (and React redraw the page).
 */
export function declaredNamespaces(handles: readonly unknown[]): string[] {
  const found = new Set<string>([defaultNS]);
  for (const handle of handles) {
    const wanted = (handle as { i18n?: unknown } | null | undefined)?.i18n;
    for (const ns of typeof wanted === "string" ? [wanted] : Array.isArray(wanted) ? wanted : []) if (typeof ns === "string") found.add(ns);
  }
  return [...found];
}

const rtl = new Set<Language>(["ur"]);
export function directionOf(lng: string): "rtl" | "ltr" {
  return rtl.has(lng as Language) ? "rtl" : "ltr";
}

export function isKnownLanguage(value: unknown): value is Language {
  return typeof value === "string" && (knownLanguages as readonly string[]).includes(value);
}

/** Names shown in the language list, each in its own language. */
export const languageNames: Record<Language, string> = {
  en: "English",
  bn: "বাংলা",
  cn: "中文",
  id: "Bahasa Indonesia",
  ja: "日本語",
  ko: "한국어",
  th: "ไทย",
  ur: "اردو",
  vi: "Tiếng Việt",
};

/** The BCP 47 tag for `lang` and `hreflang` attributes: "cn" is the site's code, zh-CN the language's. */
export function htmlLang(lng: string): string {
  return lng === "cn" ? "zh-CN" : lng;
}

/** The locale for Intl: the language's tag with Latin digits, in every language (decision 021). */
export function intlLocale(lng: string): string {
  return `${htmlLang(lng)}-u-nu-latn`;
}

/** The upper-case code the platform expects in its Language header. */
export function platformLanguage(lng: Language): string {
  return lng.toUpperCase();
}
