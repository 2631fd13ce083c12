import { requestContext } from "~/context.server";
import { fallbackLanguage, type Language } from "./config";
import { fixedStore, type TranslationStore } from "./react";
import { resources } from "./resources.server";
import { makeT, withEnglish, type Dictionaries, type TFunction } from "./translate";

export type { TFunction } from "./translate";

// Each language's dictionaries with English under them (what a language lacks reads in English),
// made once: the server only reads them, so every request in that language (rendering, loaders,
// actions) shares one store and one t() per list of namespaces.
const dictionariesByLanguage = new Map<string, Dictionaries>();

export function dictionariesOf(lng: string): Dictionaries {
  let dictionaries = dictionariesByLanguage.get(lng);
  if (!dictionaries) {
    dictionaries = {};
    const english = resources[fallbackLanguage] ?? {};
    for (const ns of new Set([...Object.keys(english), ...Object.keys(resources[lng] ?? {})])) {
      dictionaries[ns] = lng === fallbackLanguage ? (english[ns] ?? {}) : withEnglish(english[ns], resources[lng]?.[ns]);
    }
    dictionariesByLanguage.set(lng, dictionaries);
  }
  return dictionaries;
}

const stores = new Map<string, TranslationStore>();
/** The page's translations in `lng` for React (entry.server's provider). */
export function serverTranslations(lng: Language): TranslationStore {
  let store = stores.get(lng);
  if (!store) stores.set(lng, (store = fixedStore(lng, dictionariesOf(lng))));
  return store;
}

/**
 * The translations of one page: the language's store, telling `undeclared` of each namespace a
 * component asks for that the page's routes do not declare (the browser would not have it when it
 * hydrates). `undeclared` may throw to fail the render.
 */
export function pageTranslations(lng: Language, declared: readonly string[], undeclared: (ns: string) => void): TranslationStore {
  const store = serverTranslations(lng);
  const known = new Set(declared);
  return {
    ...store,
    ensure(namespaces) {
      for (const ns of namespaces) if (!known.has(ns)) undeclared(ns);
      return store.ensure(namespaces);
    },
  };
}

const plainT = new Map<string, TFunction>();
/** t() in `lng` over "common" (other namespaces by prefix: "auth:login.title"). */
export function fixedT(lng: Language): TFunction {
  let t = plainT.get(lng);
  if (!t) plainT.set(lng, (t = makeT(lng, dictionariesOf(lng))));
  return t;
}

/** The request's language and a t() for it. */
export async function translatorFor(request: Request): Promise<{ t: TFunction; lng: Language }> {
  const lng = await requestContext(request).then(
    (c) => c.language,
    () => fallbackLanguage,
  );
  return { t: fixedT(lng), lng };
}

/** "Page · Brand" title and the site description, translated. */
export async function pageMeta(request: Request, titleKey: string) {
  const { t } = await translatorFor(request);
  return { title: `${t(titleKey)} · ${t("brand")}`, description: t("meta.description") };
}
