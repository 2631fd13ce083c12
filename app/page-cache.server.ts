import { requestContext } from "~/context.server";
import { env } from "~/env.server";
import { languageFromQuery } from "~/i18n/language.server";
import { personalPage } from "~/request-scope.server";

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
  if (PERSONAL_COOKIES.test(request.headers.get("Cookie") ?? "")) return true;
  return languageFromQuery(request);
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
  if (!ctx || ctx.status.mode !== "normal") return null;
  const url = new URL(request.url);
  return `${ctx.status.mode}|${ctx.language}|${url.host}${url.pathname}${url.search}`;
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
  if (!ctx || ctx.status.mode !== "normal" || ctx.session.get("token")) return;
  headers.set("Cache-Control", `public, max-age=0, s-maxage=${fresh}, stale-while-revalidate=${stale}`);
  headers.append("Vary", "Accept-Language, Cookie");
}
