import { htmlLang } from "./config";

// The site's own t() (decision 029), the same on the server and in the browser: a key looked up in
// the page's namespaces ("auth:login.title" names its namespace; "common" is the fallback), a
// plural picked by the language's own rules (count: _zero for 0 when the text has one, then the
// category, then the bare key), {{name}} replaced by the value given (left as it is when none is),
// returnObjects for lists. It answers what i18next answered with this site's settings for every
// key the dictionaries hold (tested against i18next), in about 1.5 KiB of JavaScript instead of
// i18next and react-i18next's 16 KiB; and it picks Chinese plurals by Chinese rules (i18next asked
// Intl for "cn", which is no locale, and got whatever the browser's own language was).

export type Dictionary = { [key: string]: unknown };
/** A language's namespaces, each a nested dictionary (English already filling what it lacks). */
export type Dictionaries = Record<string, Dictionary>;

export type TOptions = {
  count?: number;
  defaultValue?: string;
  ns?: string | readonly string[];
  returnObjects?: boolean;
  [value: string]: unknown;
};

export interface TFunction {
  (key: string, options: TOptions & { returnObjects: true }): unknown;
  (key: string, options?: TOptions): string;
}

export const FALLBACK_NS = "common";
const PLACEHOLDER = /\{\{\s*([^{}]+?)\s*\}\}/g;

const pluralRules = new Map<string, Intl.PluralRules>();
/** The plural category of `count` in `lng` ("one", "other", …), by the rules of the language's real locale. */
export function pluralCategory(lng: string, count: number): string {
  let rules = pluralRules.get(lng);
  if (!rules) pluralRules.set(lng, (rules = new Intl.PluralRules(htmlLang(lng))));
  return rules.select(count);
}

function lookup(dictionary: Dictionary | undefined, key: string): unknown {
  let node: unknown = dictionary;
  for (const part of key.split(".")) {
    if (node === null || typeof node !== "object") return undefined;
    node = (node as Dictionary)[part];
  }
  return node;
}

function optionAt(options: TOptions, path: string): unknown {
  if (path in options) return options[path];
  let node: unknown = options;
  for (const part of path.split(".")) {
    if (node === null || typeof node !== "object") return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

function interpolate(text: string, options: TOptions | undefined): string {
  if (!options || text.indexOf("{{") === -1) return text;
  return text.replace(PLACEHOLDER, (whole, name: string) => {
    const value = optionAt(options, name);
    return value === undefined || value === null ? whole : String(value);
  });
}

function interpolateAll(value: unknown, options: TOptions | undefined): unknown {
  if (typeof value === "string") return interpolate(value, options);
  if (Array.isArray(value)) return value.map((v) => interpolateAll(v, options));
  if (value && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, interpolateAll(v, options)]));
  return value;
}

/** A t() over `dictionaries` in `lng` whose keys are looked up in `namespaces` first, then in "common". */
export function makeT(lng: string, dictionaries: Dictionaries, namespaces: readonly string[] = [FALLBACK_NS]): TFunction {
  const t = (key: string, options?: TOptions): unknown => {
    let spaces: readonly string[] = options?.ns === undefined ? namespaces : typeof options.ns === "string" ? [options.ns] : options.ns;
    let name = key;
    const colon = key.indexOf(":");
    // "auth:login.title" names a namespace; a platform's own sentence with a colon in it ("Check the
    // contract terms: …", shown as it came) does not, and is shown whole.
    if (colon > 0 && (key.slice(0, colon) in dictionaries || /^[a-z]+$/.test(key.slice(0, colon)))) {
      spaces = [key.slice(0, colon)];
      name = key.slice(colon + 1);
    }
    const count = typeof options?.count === "number" ? options.count : undefined;
    // Tried last to first, as i18next pops them: _zero (for 0), the plural, the bare key.
    const candidates =
      count === undefined
        ? [name]
        : count === 0
          ? [`${name}_zero`, `${name}_${pluralCategory(lng, count)}`, name]
          : [`${name}_${pluralCategory(lng, count)}`, name];
    const searched = spaces.includes(FALLBACK_NS) ? spaces : [...spaces, FALLBACK_NS];
    for (const ns of searched) {
      const dictionary = dictionaries[ns];
      if (!dictionary) continue;
      for (const candidate of candidates) {
        const found = lookup(dictionary, candidate);
        if (typeof found === "string") return interpolate(found, options);
        if (found !== undefined && found !== null && options?.returnObjects) return interpolateAll(found, options);
      }
    }
    return options?.defaultValue !== undefined ? interpolate(options.defaultValue, options) : name;
  };
  return t as TFunction;
}

/**
 * English under the language: what a language lacks (a key, or a plural form its rules use and
 * English has) reads in English, as i18next's fallback language did, key by key.
 */
export function withEnglish(english: Dictionary | undefined, own: Dictionary | undefined): Dictionary {
  const merged: Dictionary = { ...(english ?? {}) };
  for (const [key, value] of Object.entries(own ?? {})) {
    const base = merged[key];
    merged[key] =
      value && typeof value === "object" && !Array.isArray(value) && base && typeof base === "object" && !Array.isArray(base)
        ? withEnglish(base as Dictionary, value as Dictionary)
        : value;
  }
  return merged;
}
