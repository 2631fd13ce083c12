import { createCookie } from "@remix-run/node";
import { cookieSecure } from "~/session.server";
import { defaultEnabledLanguages, fallbackLanguage, isKnownLanguage, type Language } from "./config";

export const languageCookie = createCookie("lng", {
  path: "/",
  sameSite: "lax",
  httpOnly: true,
  maxAge: 60 * 60 * 24 * 365,
  secure: cookieSecure(),
});

function fromAcceptLanguage(header: string | null): Language | undefined {
  for (const part of (header ?? "").split(",")) {
    const code = part.split(";")[0]?.trim().toLowerCase().slice(0, 2);
    const mapped = code === "zh" ? "cn" : code;
    if (isKnownLanguage(mapped)) return mapped;
  }
  return undefined;
}

/** The language asked for: ?lng=, then the cookie, then Accept-Language. */
export async function requestedLanguage(request: Request): Promise<{ lng?: Language; fromQuery: boolean }> {
  const query = new URL(request.url).searchParams.get("lng")?.toLowerCase();
  if (isKnownLanguage(query)) return { lng: query, fromQuery: true };
  const cookie: unknown = await languageCookie.parse(request.headers.get("Cookie"));
  if (isKnownLanguage(cookie)) return { lng: cookie, fromQuery: false };
  return { lng: fromAcceptLanguage(request.headers.get("Accept-Language")), fromQuery: false };
}

/** The enabled set from the whitelabel, or the default (en, bn), keeping only languages we have. */
export function enabledLanguages(fromPlatform: string[], platformDefault?: string): { enabled: Language[]; fallback: Language } {
  const enabled = fromPlatform.filter(isKnownLanguage);
  const list = enabled.length > 0 ? enabled : defaultEnabledLanguages;
  const fallback = isKnownLanguage(platformDefault) && list.includes(platformDefault) ? platformDefault : (list[0] ?? fallbackLanguage);
  return { enabled: list, fallback };
}
