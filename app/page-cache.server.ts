import { LIVE_PATH } from "~/live/events";
import { requestContext } from "~/context.server";
import { env } from "~/env.server";
import { languageFromQuery } from "~/i18n/language.server";
import { personalPage } from "~/request-scope.server";
import { dataSaverFrom } from "~/data-saver/data-saver";

// The app's half of the micro-cache (issue 14, decision 023). The server keeps logged-out pages for
// a few seconds; the app alone knows which pages may be shared and under which key. A page is
// shared only when the app marks it `Cache-Control: public, s-maxage=…` (the server stores nothing
// else), and the key names everything a shared page depends on: the site's status for this visitor
// (a restricted visitor never gets a normal page), the language and the address.

/** Cookies that make a page this visitor's own: the session (signed in, or a message waiting) and the remembered login. */
const PERSONAL_COOKIES = /(?:^|;\s*)(?:__session|remember)=/;

/** Seconds a shared page stays fresh (0: no micro-cache), and may then be served stale while it renders again. */
export function pageCacheSeconds(): { fresh: number; stale: number } {
  const e = env();
  return { fresh: e.PAGE_CACHE_SECONDS ?? Math.min(5, e.PUBLIC_CACHE_SECONDS), stale: e.PAGE_CACHE_STALE_SECONDS };
}

/** A request whose answer cannot be anyone else's: not a read, a personal cookie, or ?lng= (which sets a cookie). */
function personalRequest(request: Request): boolean {
  if (request.method !== "GET" && request.method !== "HEAD") return true;
  // The live stream is never a page to store, and a context worked out for it would live as long as it.
  if (new URL(request.url).pathname === LIVE_PATH) return true;
  if (PERSONAL_COOKIES.test(request.headers.get("Cookie") ?? "")) return true;
  return languageFromQuery(request);
}

const keyOf = (mode: string, language: string, url: URL) => `${mode}|${language}|${url.host}${url.pathname}${url.search}`;
/** The page drawn for data saver (issue 29) is another page: kept under a mode of its own. */
const modeOf = (mode: string, cookie: string, saveData: string | null | undefined) =>
  dataSaverFrom(cookie, saveData) ? `${mode}+saver` : mode;

/** The raw `lng` cookie, as the browser sends it (what the language was read from). */
const lngCookie = (cookie: string) => /(?:^|;\s*)lng=([^;]*)/.exec(cookie)?.[1] ?? "";

// What the last full lookups found, for the server's fast path (pageCacheFastKey): the status class
// per client address and the language per (lng cookie, Accept-Language), each for a few seconds.
// The fast path answers from these or not at all; the slow path below fills them.
const MEMO_MS = 5_000;
const MEMO_MAX = 10_000;
const modeByAddress = new Map<string, { mode: string; until: number }>();
const languageByInputs = new Map<string, { language: string; until: number }>();
function remember<V>(memo: Map<string, V & { until: number }>, key: string, value: V, now: number) {
  if (memo.size >= MEMO_MAX) memo.clear();
  // Never longer than the gateway keeps the status it came from.
  memo.set(key, { ...value, until: now + Math.min(MEMO_MS, env().PUBLIC_CACHE_SECONDS * 1000) });
}

/**
 * The key a shared page is stored under for this request, or null when its page must be rendered
 * for this visitor. Reads the site status (cached per address by the gateway) and the language as
 * the page itself would, in the request's scope, so a render that follows reuses them.
 */
export async function pageCacheKey(request: Request): Promise<string | null> {
  if (pageCacheSeconds().fresh === 0 || personalRequest(request)) return null;
  const ctx = await requestContext(request).catch(() => null);
  // No status (the platform is down): the unavailable screen is rendered, never stored.
  if (!ctx) return null;
  const now = Date.now();
  if (ctx.clientIp) remember<{ mode: string }>(modeByAddress, ctx.clientIp, { mode: ctx.status.mode }, now);
  const headers = request.headers;
  remember<{ language: string }>(
    languageByInputs,
    `${lngCookie(headers.get("Cookie") ?? "")}\u0000${headers.get("Accept-Language") ?? ""}`,
    { language: ctx.language },
    now,
  );
  if (ctx.status.mode !== "normal") return null;
  return keyOf(modeOf(ctx.status.mode, headers.get("Cookie") ?? "", headers.get("Save-Data")), ctx.language, new URL(request.url));
}

/**
 * The same key from what the server has before any Request is made (its fast path for fresh
 * pages: no scope, no context, no platform call), when the last full lookups for this address and
 * these language inputs are recent; undefined when they are not (the server then takes the full way).
 */
export function pageCacheFastKey(input: {
  url: string;
  origin: string;
  cookie: string;
  acceptLanguage: string;
  saveData?: string;
  clientIp?: string;
}): string | undefined {
  if (pageCacheSeconds().fresh === 0 || !input.clientIp || PERSONAL_COOKIES.test(input.cookie)) return undefined;
  const now = Date.now();
  const mode = modeByAddress.get(input.clientIp);
  const language = languageByInputs.get(`${lngCookie(input.cookie)}\u0000${input.acceptLanguage}`);
  if (!mode || mode.until <= now || mode.mode !== "normal" || !language || language.until <= now) return undefined;
  const place = placeOf(input.url, input.origin);
  return place === null ? undefined : `${modeOf(mode.mode, input.cookie, input.saveData)}|${language.language}|${place}`;
}

/** host + path + query of a raw request URL as keyOf writes them, or null (unparsable, or ?lng=); remembered per text. */
const places = new Map<string, string | null>();
function placeOf(raw: string, origin: string): string | null {
  const text = `${origin}\u0000${raw}`;
  const known = places.get(text);
  if (known !== undefined) return known;
  let place: string | null;
  try {
    const url = new URL(raw, origin);
    place = url.searchParams.has("lng") ? null : keyOf("", "", url).slice(2);
  } catch {
    place = null;
  }
  if (places.size >= MEMO_MAX) places.clear();
  places.set(text, place);
  return place;
}

/**
 * Marks a rendered page shareable when nothing in it is this visitor's: a 200 for a logged-out
 * read with no cookie set, no route's own cache policy, and no one-time content noted by a loader.
 * Browsers revalidate every time (max-age=0; the server answers 304 from its copy); a CDN may keep it.
 */
export async function markShared(request: Request, status: number, headers: Headers): Promise<void> {
  const { fresh, stale } = pageCacheSeconds();
  if (fresh === 0 || status !== 200 || personalRequest(request) || personalPage()) return;
  if (headers.has("Set-Cookie") || headers.has("Cache-Control")) return;
  const ctx = await requestContext(request).catch(() => null);
  if (ctx?.status.mode !== "normal" || ctx.session.get("token")) return;
  headers.set("Cache-Control", `public, max-age=0, s-maxage=${fresh}, stale-while-revalidate=${stale}`);
  headers.append("Vary", "Accept-Language, Cookie, Save-Data");
}
