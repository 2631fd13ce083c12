import { createCookie } from "@remix-run/node";
import { RemixI18Next } from "remix-i18next/server";
import { cookieSecure } from "~/session.server";
import { defaultEnabledLanguages, fallbackLanguage, isKnownLanguage, knownLanguages, type Language } from "./config";

export const languageCookie = createCookie("lng", {
  path: "/",
  sameSite: "lax",
  httpOnly: true,
  maxAge: 60 * 60 * 24 * 365,
  secure: cookieSecure(),
});

/**
 * Accept-Language as the detector should read it: languages without their regions (the detector
 * prefers an exact "en;q=0.2" over a regional "bn-BD;q=0.9"), and Chinese as "cn", this site's code.
 */
function acceptLanguage(request: Request): string | null {
  const header = request.headers.get("Accept-Language");
  return header ? header.replace(/\b([a-z]{2,3})(-[A-Za-z0-9]+)+/gi, "$1").replace(/\bzh\b/gi, "cn") : null;
}

// remix-i18next's detector (q-values, regions, the order ?lng=, cookie, Accept-Language), one per
// set of languages a site offers: that set comes from the platform and rarely changes.
const detectors = new Map<string, RemixI18Next>();
function detector(supported: readonly Language[], fallback: Language): RemixI18Next {
  const key = `${supported.join(",")}|${fallback}`;
  let found = detectors.get(key);
  if (!found) {
    found = new RemixI18Next({
      detection: {
        supportedLanguages: [...supported],
        fallbackLanguage: fallback,
        cookie: languageCookie,
        order: ["searchParams", "cookie", "custom"],
        findLocale: async (request) => acceptLanguage(request),
      },
    });
    detectors.set(key, found);
  }
  return found;
}

/** The player's language among the languages the site offers. */
export async function detectLanguage(request: Request, enabled: readonly Language[], fallback: Language): Promise<Language> {
  const found = await detector(enabled, fallback).getLocale(request);
  return isKnownLanguage(found) ? found : fallback;
}

/** A first guess among every language we have, before the platform has said which are enabled. */
export function guessLanguage(request: Request): Promise<Language> {
  return detectLanguage(request, knownLanguages, fallbackLanguage);
}

/** Whether this request chose its language with ?lng= (then a cookie keeps it). */
export function languageFromQuery(request: Request): boolean {
  return isKnownLanguage(new URL(request.url).searchParams.get("lng")?.toLowerCase());
}

/** The enabled set from the whitelabel, or the default (en, bn), keeping only languages we have. */
export function enabledLanguages(fromPlatform: string[], platformDefault?: string): { enabled: Language[]; fallback: Language } {
  const enabled = fromPlatform.map((l) => l.toLowerCase()).filter(isKnownLanguage);
  const list = enabled.length > 0 ? enabled : defaultEnabledLanguages;
  const lowerDefault = platformDefault?.toLowerCase();
  const fallback = isKnownLanguage(lowerDefault) && list.includes(lowerDefault) ? lowerDefault : (list[0] ?? fallbackLanguage);
  return { enabled: list, fallback };
}
