import { createInstance, type i18n as I18n, type TFunction } from "i18next";
import { initReactI18next } from "react-i18next";
import { requestContext } from "~/context.server";
import { defaultNS, fallbackLanguage, type Language } from "./config";
import { resources } from "./resources.server";

// One i18next instance per language, made once: the server only reads from it, so every
// request in that language (rendering, loaders, actions) shares it instead of building its own.
const instances = new Map<string, I18n>();

export function serverI18n(lng: Language): I18n {
  let i18n = instances.get(lng);
  if (!i18n) {
    i18n = createInstance();
    void i18n.use(initReactI18next).init({
      lng,
      fallbackLng: fallbackLanguage,
      defaultNS,
      fallbackNS: "common",
      ns: Object.keys(resources.en ?? {}),
      resources,
      initImmediate: false,
      interpolation: { escapeValue: false },
    });
    rememberPlainCalls(i18n);
    instances.set(lng, i18n);
  }
  return i18n;
}

/** The options a component's t() passes on every call; with only these the answer is fixed. */
const PLAIN_OPTIONS = new Set(["lng", "ns", "keyPrefix"]);
const REMEMBERED_MAX = 5000;

/**
 * t() remembers its answers to calls that carry no values (labels, headings, menu entries: most of
 * a page's calls; issue 14, where i18next's translate was 6 % of a rendered page). The
 * dictionaries are bundled and never change in a running server, so the answer to the same key,
 * namespace and language is always the same. Calls with values, counts, contexts or defaults go
 * to i18next every time.
 */
export function rememberPlainCalls(i18n: I18n) {
  const translate = i18n.t.bind(i18n) as unknown as (...args: unknown[]) => unknown;
  const known = new Map<string, string>();
  const remembering = (...args: unknown[]) => {
    const [key, options] = args;
    if (args.length > 2 || typeof key !== "string" || (options !== undefined && (typeof options !== "object" || options === null))) return translate(...args);
    const given = (options ?? {}) as Record<string, unknown>;
    for (const name in given) {
      if (given[name] != null && !PLAIN_OPTIONS.has(name)) return translate(...args);
    }
    const ns = Array.isArray(given.ns) ? given.ns.join(",") : String(given.ns ?? "");
    const id = `${String(given.lng ?? "")}\u0001${ns}\u0001${String(given.keyPrefix ?? "")}\u0001${key}`;
    const answer = known.get(id);
    if (answer !== undefined) return answer;
    const fresh = translate(...args);
    if (typeof fresh === "string" && known.size < REMEMBERED_MAX) known.set(id, fresh);
    return fresh;
  };
  i18n.t = remembering as unknown as I18n["t"];
}

export function fixedT(lng: Language): TFunction {
  return serverI18n(lng).t;
}

/** The request's language and a t() for it. */
export async function translatorFor(request: Request): Promise<{ t: TFunction; lng: Language }> {
  const lng = await requestContext(request).then((c) => c.language, () => fallbackLanguage);
  return { t: fixedT(lng), lng };
}

/** "Page · Brand" title and the site description, translated. */
export async function pageMeta(request: Request, titleKey: string) {
  const { t } = await translatorFor(request);
  return { title: `${t(titleKey)} · ${t("brand")}`, description: t("meta.description") };
}
