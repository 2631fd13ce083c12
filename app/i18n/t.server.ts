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
    instances.set(lng, i18n);
  }
  return i18n;
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
