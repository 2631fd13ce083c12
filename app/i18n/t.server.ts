import { createInstance, type TFunction } from "i18next";
import { requestContext } from "~/context.server";
import { defaultNS, fallbackLanguage, type Language } from "./config";
import { resources } from "./resources.server";

// Translation in loaders and actions (page titles, messages built on the server).
const instances = new Map<string, TFunction>();

export function fixedT(lng: Language): TFunction {
  let t = instances.get(lng);
  if (!t) {
    const i18n = createInstance();
    void i18n.init({ lng, fallbackLng: fallbackLanguage, defaultNS, fallbackNS: "common", ns: ["common", "auth"], resources, initImmediate: false, interpolation: { escapeValue: false } });
    t = i18n.t;
    instances.set(lng, t);
  }
  return t;
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
