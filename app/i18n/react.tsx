import {
  cloneElement,
  createContext,
  Fragment,
  isValidElement,
  useContext,
  useEffect,
  useSyncExternalStore,
  type ReactElement,
  type ReactNode,
} from "react";
import { makeT, type Dictionaries, type TFunction } from "./translate";

// The site's translations in React (decision 029): a provider holding the language and its
// dictionaries, useTranslation(ns) for a t() over the component's namespaces, Trans for the one
// sentence with a link inside, and useChangeLanguage for a client-side switch. On the server the
// dictionaries are all there; in the browser a namespace a page has not loaded is fetched and the
// component suspends until it is (as react-i18next did; Remix navigates in a transition, so the
// page on screen stays until then).

/** Where translations come from: one language at a time, its namespaces loaded or loadable. */
export interface TranslationStore {
  /** Changes (a new language, a namespace loaded) notify subscribers; the snapshot changes with them. */
  subscribe(listener: () => void): () => void;
  snapshot(): number;
  language(): string;
  dictionaries(): Dictionaries;
  /** Resolves when `namespaces` of the current language are loaded; undefined when they already are. */
  ensure(namespaces: readonly string[]): Promise<void> | undefined;
  changeLanguage(lng: string): Promise<void>;
}

/** All dictionaries of one language, as the server has them: nothing to load, nothing changes. */
export function fixedStore(lng: string, dictionaries: Dictionaries): TranslationStore {
  return {
    subscribe: () => () => undefined,
    snapshot: () => 0,
    language: () => lng,
    dictionaries: () => dictionaries,
    ensure: () => undefined,
    changeLanguage: () => Promise.resolve(),
  };
}

const StoreContext = createContext<TranslationStore | null>(null);

export function I18nProvider({ store, children }: { store: TranslationStore; children: ReactNode }) {
  return <StoreContext.Provider value={store}>{children}</StoreContext.Provider>;
}

function useStore(): TranslationStore {
  const store = useContext(StoreContext);
  if (!store) throw new Error("useTranslation outside I18nProvider");
  return store;
}

const listOf = (ns: string | readonly string[] | undefined): readonly string[] =>
  ns === undefined ? ["common"] : typeof ns === "string" ? [ns] : ns;

/**
 * The t() of a store's current content for a list of namespaces, made once: every component of a
 * page (and, on the server, of every page in that language) gets the same function, so it is as
 * stable as react-i18next's was for effects that depend on it.
 */
const made = new WeakMap<TranslationStore, { version: number; byNamespaces: Map<string, TFunction> }>();
function tOf(store: TranslationStore, version: number, namespaces: readonly string[]): TFunction {
  let known = made.get(store);
  if (!known || known.version !== version) made.set(store, (known = { version, byNamespaces: new Map() }));
  const key = namespaces.join(",");
  let t = known.byNamespaces.get(key);
  if (!t) known.byNamespaces.set(key, (t = makeT(store.language(), store.dictionaries(), namespaces)));
  return t;
}

/** A t() for the component's namespaces (the first first, then the others, then "common"). */
export function useTranslation(ns?: string | readonly string[]): {
  t: TFunction;
  i18n: { language: string; changeLanguage(lng: string): Promise<void> };
} {
  const store = useStore();
  const version = useSyncExternalStore(store.subscribe, store.snapshot, store.snapshot);
  const namespaces = listOf(ns);
  const waiting = store.ensure(namespaces);
  if (waiting) throw waiting;
  return {
    t: tOf(store, version, namespaces),
    i18n: { language: store.language(), changeLanguage: (lng: string) => store.changeLanguage(lng) },
  };
}

/** Keeps the browser's translations in the language the server answered in (a ?lng= switch without a full load). */
export function useChangeLanguage(lng: string) {
  const store = useStore();
  useEffect(() => {
    if (store.language() !== lng) void store.changeLanguage(lng);
  }, [store, lng]);
}

const TAG = /<(\w+)>([\s\S]*?)<\/\1>/g;

/** A translated sentence with elements inside ("I accept the <terms>terms</terms>"): each tag becomes its component with the tag's text. */
export function Trans({
  t,
  i18nKey,
  values,
  components,
}: {
  t: TFunction;
  i18nKey: string;
  values?: Record<string, unknown>;
  components: Record<string, ReactElement>;
}) {
  const text = t(i18nKey, values);
  const parts: ReactNode[] = [];
  let at = 0;
  for (const match of text.matchAll(TAG)) {
    if (match.index > at) parts.push(text.slice(at, match.index));
    const component = components[match[1]!];
    parts.push(isValidElement(component) ? cloneElement(component, { key: parts.length }, match[2]) : match[2]);
    at = match.index + match[0].length;
  }
  if (at < text.length) parts.push(text.slice(at));
  return <Fragment>{parts}</Fragment>;
}
