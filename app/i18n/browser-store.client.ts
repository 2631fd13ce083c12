import { declaredNamespaces } from "./config";
import type { TranslationStore } from "./react";
import type { Dictionaries, Dictionary } from "./translate";

// The browser's translations (decision 029): dictionaries fetched from the cached /api/locales
// route, one language and namespace at a time, versioned by <html data-i18n> (the page preloads
// the ones it needs, so hydration finds them in the cache). A namespace that fails to load is not
// asked for again on every render: the page shows what it has and the next language change or
// page load tries again.

export function browserStore(initialLanguage: string, version: string): TranslationStore {
  let language = initialLanguage;
  let snapshot = 0;
  const loaded = new Map<string, Dictionaries>();
  const loading = new Map<string, Promise<void>>();
  const failed = new Set<string>();
  const listeners = new Set<() => void>();
  const changed = () => {
    snapshot += 1;
    for (const listener of listeners) listener();
  };

  const has = (lng: string, ns: string) => loaded.get(lng)?.[ns] !== undefined || failed.has(`${lng}|${ns}`);

  function load(lng: string, ns: string): Promise<void> {
    const id = `${lng}|${ns}`;
    let pending = loading.get(id);
    if (!pending) {
      pending = fetch(`/api/locales?lng=${encodeURIComponent(lng)}&ns=${encodeURIComponent(ns)}&v=${encodeURIComponent(version)}`)
        .then((r) => (r.ok ? (r.json() as Promise<Dictionary>) : Promise.reject(new Error(`locales ${r.status}`))))
        .then(
          (dictionary) => {
            const dictionaries = loaded.get(lng) ?? {};
            dictionaries[ns] = dictionary;
            loaded.set(lng, dictionaries);
          },
          (error: unknown) => {
            failed.add(id);
            console.error(error);
          },
        )
        .finally(() => {
          loading.delete(id);
          if (lng === language) changed();
        });
      loading.set(id, pending);
    }
    return pending;
  }

  const missing = (lng: string, namespaces: readonly string[]) => [...new Set(["common", ...namespaces])].filter((ns) => !has(lng, ns));

  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    snapshot: () => snapshot,
    language: () => language,
    dictionaries: () => loaded.get(language) ?? {},
    ensure(namespaces) {
      const wanted = missing(language, namespaces);
      return wanted.length === 0 ? undefined : Promise.all(wanted.map((ns) => load(language, ns))).then(() => undefined);
    },
    async changeLanguage(lng) {
      if (lng === language) return;
      // The new language's namespaces are the ones the page has now.
      const namespaces = Object.keys(loaded.get(language) ?? { common: {} });
      failed.clear();
      await Promise.all(missing(lng, namespaces).map((ns) => load(lng, ns)));
      language = lng;
      changed();
    },
  };
}

/** The namespaces the page's routes ask for (their handle's i18n), as the server rendered them. */
export function initialNamespaces(): string[] {
  const modules =
    (window as unknown as { __remixRouteModules?: Record<string, { handle?: unknown } | undefined> }).__remixRouteModules ?? {};
  return declaredNamespaces(Object.values(modules).map((route) => route?.handle));
}
