import type { IncomingMessage, ServerResponse } from "node:http";
import type { Logger } from "pino";
import type { AppHooks, RequestScope } from "./app-hooks";
import { logAnswer, plainAddress, proxyAddress, requestIdFor, requestProtocol } from "./logging";
import { observeAnswer, pageCacheAnswered } from "./metrics";
import { fastPathHeaders, type PageCache, sendFastPage } from "./page-cache";

/** What the answers given before Express need of the server around them. */
export type BeforeExpress = {
  hooks: AppHooks;
  logger: Logger;
  /** Express's own compiled trust function (TRUST_PROXY), read without giving the request Express's prototype. */
  trust: (address: string, hop: number) => boolean;
  trustsProxy: boolean;
  label: (pathname: string) => string;
  /** The security headers a page gets, with `nonceMark` where its nonce goes. */
  pageHeaders: Array<[string, string]>;
  nonceMark: string;
  draining: () => boolean;
};

/**
 * The micro-cache's fast path (decision 023): a stored page for a visitor whose status class and
 * language the app worked out a moment ago is answered here, before the access logger, helmet and
 * Remix, with the same headers, log line and metrics. A stale one is answered too, and `renew`
 * renders it once in the background. Everything else goes on (false).
 *
 * It runs before Express itself (its router, query parser and middlewares): an answer from the
 * cache needs none of them. The client address and protocol are read with Express's trust
 * function exactly as req.ip and req.protocol read them: Object.setPrototypeOf on every request
 * cost two thirds of a cached answer (22,500 → 7,500 answers a second in isolation).
 */
export function fastPath(
  pages: PageCache | undefined,
  renew: (key: string, url: string, headers: () => Headers, scope: RequestScope) => void,
  deps: BeforeExpress,
): (raw: IncomingMessage, rawRes: ServerResponse) => boolean {
  const { hooks, logger, trust, trustsProxy, label, pageHeaders, nonceMark, draining } = deps;
  return (raw, rawRes) => {
    if (!pages || draining() || (raw.method !== "GET" && raw.method !== "HEAD")) return false;
    if (trustsProxy && raw.headers["x-forwarded-host"]) return false;
    const clientIp = plainAddress(proxyAddress(raw, trust));
    const origin = `${requestProtocol(raw, trust)}://${raw.headers.host ?? "localhost"}`;
    const key = hooks.pageCacheFastKey({
      url: raw.url ?? "/",
      origin,
      cookie: raw.headers.cookie ?? "",
      acceptLanguage: raw.headers["accept-language"] ?? "",
      saveData: typeof raw.headers["save-data"] === "string" ? raw.headers["save-data"] : undefined,
      clientIp,
    });
    const found = key ? pages.lookup(key) : undefined;
    if (!key || !found) return false;
    const startedAt = performance.now();
    const id = requestIdFor(raw, trustsProxy);
    const state = found.fresh ? "hit" : "stale";
    if (!found.fresh) renew(key, `${origin}${raw.url ?? "/"}`, () => headersOf(raw), { clientIp, requestId: id, nonce: "", log: logger });
    const status = sendFastPage(raw, rawRes, found.page, fastPathHeaders(found.page, pageHeaders, nonceMark), id, state);
    pageCacheAnswered[state].inc();
    observeAnswer(label, raw.method, (raw.url ?? "/").split("?")[0]!, status, (performance.now() - startedAt) / 1000);
    logAnswer(logger, raw, raw.url ?? "/", clientIp, id, status, startedAt, state);
    return true;
  };
}

/** A raw request's headers as a Fetch Headers (for a render that runs after its answer has gone). */
function headersOf(raw: IncomingMessage): Headers {
  const headers = new Headers();
  for (let i = 0; i + 1 < raw.rawHeaders.length; i += 2) {
    try {
      headers.append(raw.rawHeaders[i]!, raw.rawHeaders[i + 1]!);
    } catch {
      // A header Fetch refuses (Node's parser took it): the render goes without it.
    }
  }
  return headers;
}

const HELD_PER_ADDRESS = 16;
const HELD_IN_ALL = 1_000;

/**
 * A public form posted again from an address this instance has just refused for it: 429 with the
 * wait and a small page, before Express (decision 036). The answer is held `holdMs` (an idle
 * socket and a timer): a script that posts again as soon as it is answered gets a post per hold
 * per connection instead of hundreds a second. Past HELD_PER_ADDRESS held answers from one
 * address (or HELD_IN_ALL in all), and while draining, the answer goes at once: closing those
 * connections instead would reset them with their bodies unread (the player would see no answer,
 * and a balancer would count the instance as failing). The body is left unread (Node drains it);
 * the access line and metrics are the fast path's.
 */
export function quickRefusals(holdMs: number, deps: BeforeExpress) {
  const { hooks, logger, trust, trustsProxy, label, pageHeaders, draining } = deps;
  const heldFrom = new Map<string, number>();
  const held = new Set<() => void>();
  function refusedAtOnce(raw: IncomingMessage, rawRes: ServerResponse): boolean {
    if (raw.method !== "POST" || !hooks.quickRefusal) return false;
    const clientIp = plainAddress(proxyAddress(raw, trust));
    const quick = hooks.quickRefusal({
      method: raw.method,
      url: raw.url ?? "/",
      cookie: raw.headers.cookie ?? "",
      acceptLanguage: raw.headers["accept-language"] ?? "",
      clientIp,
    });
    if (!quick) return false;
    const startedAt = performance.now();
    const id = requestIdFor(raw, trustsProxy);
    const body = Buffer.from(quick.html, "utf8");
    const send = () => {
      if (rawRes.writableEnded || rawRes.destroyed) return;
      rawRes.writeHead(429, [
        ...pageHeaders.flat(),
        "Content-Type",
        "text/html; charset=utf-8",
        "Content-Length",
        String(body.length),
        "Retry-After",
        String(quick.retryAfter),
        "Cache-Control",
        "no-store",
        "X-Request-Id",
        id,
        // While draining, keep-alive connections close after their answer (as Express's are).
        ...(draining() ? ["Connection", "close"] : []),
      ]);
      rawRes.end(body);
      observeAnswer(label, raw.method ?? "POST", (raw.url ?? "/").split("?")[0]!, 429, (performance.now() - startedAt) / 1000);
      logAnswer(logger, raw, raw.url ?? "/", clientIp, id, 429, startedAt);
    };
    const address = clientIp ?? "";
    const holding = heldFrom.get(address) ?? 0;
    if (holdMs === 0 || draining() || holding >= HELD_PER_ADDRESS || held.size >= HELD_IN_ALL) {
      send();
      return true;
    }
    heldFrom.set(address, holding + 1);
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      clearTimeout(timer);
      held.delete(answerNow);
      const left = (heldFrom.get(address) ?? 1) - 1;
      if (left > 0) heldFrom.set(address, left);
      else heldFrom.delete(address);
    };
    const answerNow = () => {
      release();
      send();
    };
    const timer = setTimeout(answerNow, holdMs);
    held.add(answerNow);
    rawRes.once("close", release);
    return true;
  }
  return {
    refusedAtOnce,
    /** Held refusals are answered now (and, draining, close their connections): nothing waits on them. */
    answerAllHeld: () => {
      for (const answerNow of [...held]) answerNow();
    },
  };
}
