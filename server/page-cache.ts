import type { IncomingMessage, ServerResponse } from "node:http";
import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { Request as ExpressRequest, Response as ExpressResponse } from "express";
import { LRUCache } from "lru-cache";
import Negotiator from "negotiator";

// The micro-cache (issue 14, decision 023): logged-out pages kept in this process for a few
// seconds, compressed once (br and gzip) when stored, served stale while one request renders them
// again. The app decides what may be shared (it marks such a page `Cache-Control: public,
// s-maxage=…`) and under which key (status class, language, address); this cache stores nothing
// else. A stored page carries no per-response nonce: its inline scripts are allowed by their
// SHA-256 hashes in the Content-Security-Policy of each answer made from it.

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export type CachedPage = {
  status: number;
  headers: Array<[string, string]>;
  /** CSP sources ('sha256-…') for the page's inline scripts, standing in for the render's nonce. */
  scriptHashes: string[];
  etag: string;
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
  storedAt: number;
  freshUntil: number;
  staleUntil: number;
};

/** Response headers a stored page keeps; the rest are each answer's own (date, ids, CSP, length). */
// x-offline-viewer: who the page is for, read by the service worker (app/offline/rules.ts); a shared page is a guest's.
const KEPT_HEADERS = new Set(["content-type", "cache-control", "vary", "content-language", "link", "x-remix-response", "x-offline-viewer"]);

/** The shared-cache policy a response allows: seconds fresh and stale, or null when it is not for sharing. */
export function sharedPolicy(response: Response): { fresh: number; stale: number } | null {
  if (response.status !== 200 || response.headers.has("Set-Cookie")) return null;
  if (!/^text\/html\b/i.test(response.headers.get("Content-Type") ?? "")) return null;
  const directives = new Map<string, string>();
  for (const part of (response.headers.get("Cache-Control") ?? "").split(",")) {
    const [name = "", value = ""] = part.trim().toLowerCase().split("=");
    if (name) directives.set(name, value);
  }
  if (!directives.has("public") || directives.has("private") || directives.has("no-store") || directives.has("no-cache")) return null;
  const fresh = Number(directives.get("s-maxage"));
  if (!Number.isFinite(fresh) || fresh <= 0) return null;
  const stale = Number(directives.get("stale-while-revalidate") ?? 0);
  return { fresh, stale: Number.isFinite(stale) && stale > 0 ? stale : 0 };
}

/**
 * Brotli's window just big enough for the body (16 to 22 bits): the default 22 allocates a 4 MiB
 * window for every page, which the allocator keeps as resident memory under load.
 */
const windowBits = (bytes: number) => Math.min(22, Math.max(16, Math.ceil(Math.log2(bytes + 1))));

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;

/** A rendered page as the cache keeps it: the nonce taken out, its inline scripts hashed, compressed both ways. */
export async function pageFromResponse(response: Response, nonce: string | undefined, now = Date.now()): Promise<CachedPage | null> {
  const policy = sharedPolicy(response);
  if (!policy) return null;
  let html = await response.text();
  if (nonce) html = html.split(` nonce="${nonce}"`).join("");
  const scriptHashes = new Set<string>();
  for (const [, attributes = "", body = ""] of html.matchAll(INLINE_SCRIPT)) {
    if (/\bsrc\s*=/i.test(attributes) || body === "") continue;
    scriptHashes.add(`'sha256-${createHash("sha256").update(body, "utf8").digest("base64")}'`);
  }
  const identity = Buffer.from(html, "utf8");
  const [br, gz] = await Promise.all([
    // Quality 6: within 2% of the best size at 1/40 of quality 11's time (measured on the home page).
    brotli(identity, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 6,
        [constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
        [constants.BROTLI_PARAM_LGWIN]: windowBits(identity.length),
      },
    }),
    gzipAsync(identity, { level: 9 }),
  ]);
  const headers: Array<[string, string]> = [];
  response.headers.forEach((value, name) => {
    if (KEPT_HEADERS.has(name.toLowerCase())) headers.push([name, value]);
  });
  return {
    status: response.status,
    headers,
    scriptHashes: [...scriptHashes],
    etag: `"${createHash("sha256").update(identity).digest("base64url").slice(0, 27)}"`,
    identity,
    br,
    gzip: gz,
    storedAt: now,
    freshUntil: now + policy.fresh * 1000,
    staleUntil: now + (policy.fresh + policy.stale) * 1000,
  };
}

const sizeOf = (page: CachedPage) => page.identity.length + page.br.length + page.gzip.length + 1024;

/**
 * Pages by key, least recently used first out once their bytes pass the limit (lru-cache's
 * maxSize; no page may take more than an eighth). Freshness and staleness are the page's own
 * (freshUntil/staleUntil from its Cache-Control, checked against the caller's clock), so lru-cache
 * keeps no TTL of its own; renewal is a small in-flight set rather than lru-cache's fetchMethod,
 * because the caller answers with the stale page itself and a render may also drop the key.
 */
export class PageCache {
  private readonly pages: LRUCache<string, CachedPage>;
  private readonly renewing = new Set<string>();

  constructor(private readonly maxBytes: number) {
    const whole = Math.max(1, Math.floor(maxBytes));
    this.pages = new LRUCache<string, CachedPage>({
      maxSize: whole,
      maxEntrySize: Math.max(1, Math.floor(whole / 8)),
      sizeCalculation: sizeOf,
    });
  }

  get size() {
    return { pages: this.pages.size, bytes: this.pages.calculatedSize };
  }

  lookup(key: string, now = Date.now()): { page: CachedPage; fresh: boolean } | undefined {
    const page = this.pages.get(key);
    if (!page) return undefined;
    if (now >= page.staleUntil) {
      this.delete(key);
      return undefined;
    }
    return { page, fresh: now < page.freshUntil };
  }

  store(key: string, page: CachedPage) {
    if (sizeOf(page) > this.maxBytes / 8) return;
    this.pages.set(key, page);
  }

  delete(key: string) {
    this.pages.delete(key);
  }

  /** Runs `render` for a stale key unless one is already running: one request renders, the others get the stale page. */
  renew(key: string, render: () => Promise<CachedPage | null>) {
    if (this.renewing.has(key)) return;
    this.renewing.add(key);
    render()
      .then((page) => (page ? this.store(key, page) : this.delete(key)))
      .catch(() => this.delete(key))
      .finally(() => this.renewing.delete(key));
  }
}

/** A rendered HTML page or Remix data answer not yet compressed. */
export function compressible(response: Response): boolean {
  if (!response.body || response.headers.has("Content-Encoding")) return false;
  return /^(text\/html|text\/x-script)\b/i.test(response.headers.get("Content-Type") ?? "");
}

/**
 * A page rendered for one visitor, read whole and compressed in one call rather than chunk by chunk
 * through a stream: brotli 3 (0.2 ms and 10.1 KB for the 40 KB home, against 0.5 ms and 9.6 KB at
 * 4), gzip 4 when the browser takes no br.
 */
export async function sendCompressed(req: ExpressRequest, res: ExpressResponse, response: Response) {
  const body = Buffer.from(await response.arrayBuffer());
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [name, value] of response.headers) res.append(name, value);
  addVary(res, "Accept-Encoding");
  const encoding = body.length >= 1024 ? chooseEncoding(req.headers["accept-encoding"]) : "identity";
  const sent =
    encoding === "br"
      ? await brotli(body, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: 3,
            [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
            [constants.BROTLI_PARAM_LGWIN]: windowBits(body.length),
          },
        })
      : encoding === "gzip"
        ? await gzipAsync(body, { level: 4 })
        : body;
  if (encoding !== "identity") res.setHeader("Content-Encoding", encoding);
  res.setHeader("Content-Length", String(sent.length));
  res.end(sent);
}

/**
 * The headers of a stored page as the micro-cache's fast path sends them, as a flat list
 * [name, value, …] worked out once per page: the security headers, the page's own, its CSP with the
 * script hashes in place of the nonce, Vary with Accept-Encoding, the ETag. Each answer adds only
 * its state, id, Age, length and encoding, and hands the list to writeHead: no per-header bookkeeping.
 */
const fastHeaders = new WeakMap<CachedPage, string[]>();
export function fastPathHeaders(page: CachedPage, security: Array<[string, string]>, nonceMark: string): string[] {
  const known = fastHeaders.get(page);
  if (known) return known;
  const set = new Map<string, [string, string]>();
  for (const [name, value] of [...security, ...page.headers]) set.set(name.toLowerCase(), [name, value]);
  const csp = set.get("content-security-policy");
  if (csp) set.set("content-security-policy", [csp[0], csp[1].replace(`'nonce-${nonceMark}'`, page.scriptHashes.join(" "))]);
  const vary = (set.get("vary")?.[1] ?? "")
    .split(",")
    .map((v) => v.trim())
    .filter(Boolean);
  if (!vary.some((v) => v.toLowerCase() === "accept-encoding")) vary.push("Accept-Encoding");
  set.set("vary", ["Vary", vary.join(", ")]);
  set.set("etag", ["ETag", page.etag]);
  const flat = [...set.values()].flat();
  fastHeaders.set(page, flat);
  return flat;
}

/** A stored page answered by the fast path (the same answer as sendCachedPage's); returns the status sent. */
export function sendFastPage(
  req: IncomingMessage,
  res: ServerResponse,
  page: CachedPage,
  headers: string[],
  requestId: string,
  state: "hit" | "stale",
  now = Date.now(),
): number {
  const common = [
    ...headers,
    "X-Page-Cache",
    state,
    "X-Request-Id",
    requestId,
    "Age",
    String(Math.max(0, Math.floor((now - page.storedAt) / 1000))),
  ];
  return writeStoredPage(req, res, page, common);
}

/**
 * The one place a stored page goes out (fast path and Express alike): a 304 when the browser has
 * it, else the stored bytes in the encoding the browser takes, with `headers` (a flat list
 * [name, value, …], merged by Node over any set before). Returns the status sent.
 */
function writeStoredPage(req: IncomingMessage, res: ServerResponse, page: CachedPage, headers: string[]): number {
  const given = req.headers["if-none-match"];
  if (given?.split(",").some((tag) => tag.trim().replace(/^W\//, "") === page.etag)) {
    res.writeHead(304, headers);
    res.end();
    return 304;
  }
  const encoding = chooseEncoding(req.headers["accept-encoding"]);
  const body = encoding === "br" ? page.br : encoding === "gzip" ? page.gzip : page.identity;
  if (encoding !== "identity") headers.push("Content-Encoding", encoding);
  headers.push("Content-Length", String(body.length));
  res.writeHead(page.status, headers);
  if (req.method === "HEAD") res.end();
  else res.end(body);
  return page.status;
}

/** One Vary header listing `field` once. */
function addVary(res: ExpressResponse, field: string) {
  const given = res.getHeader("Vary");
  const list = (Array.isArray(given) ? given.join(", ") : String(given ?? ""))
    .split(",")
    .map((v) => v.trim())
    .filter(Boolean);
  if (!list.some((v) => v.toLowerCase() === field.toLowerCase())) list.push(field);
  res.setHeader("Vary", list.join(", "));
}

/**
 * The encoding the browser prefers by its q values (negotiator), br before gzip before the plain
 * bytes when they tie; a `*` stands for gzip, not br (br only when named); a q=0 refuses.
 * Remembered per header text (browsers send a handful).
 */
const chosenEncodings = new Map<string, "br" | "gzip" | "identity">();
export function chooseEncoding(acceptEncoding: string | undefined): "br" | "gzip" | "identity" {
  const text = acceptEncoding ?? "";
  const known = chosenEncodings.get(text);
  if (known) return known;
  const offered = /(^|[\s,])br\s*(;|,|$)/i.test(text) ? ["br", "gzip", "identity"] : ["gzip", "identity"];
  // negotiator 1's second argument (its @types are 0.6's): the order to take on a tie of q values.
  const negotiator = new Negotiator({ headers: { "accept-encoding": text } }) as unknown as {
    encoding(offered: string[], options: { preferred: string[] }): string | undefined;
  };
  const negotiated = negotiator.encoding(offered, { preferred: offered });
  const chosen = negotiated === "br" || negotiated === "gzip" ? negotiated : "identity";
  if (chosenEncodings.size >= 256) chosenEncodings.clear();
  chosenEncodings.set(text, chosen);
  return chosen;
}

/** An answer from a stored page: its headers, this answer's CSP with the page's script hashes, a 304 when the browser has it. */
export function sendCachedPage(
  req: ExpressRequest,
  res: ExpressResponse,
  page: CachedPage,
  state: "hit" | "stale" | "miss",
  now = Date.now(),
) {
  res.status(page.status);
  for (const [name, value] of page.headers) res.setHeader(name, value);
  const csp = res.getHeader("Content-Security-Policy");
  const nonce = res.locals.cspNonce as string | undefined;
  if (typeof csp === "string" && nonce)
    res.setHeader("Content-Security-Policy", csp.replace(`'nonce-${nonce}'`, page.scriptHashes.join(" ")));
  addVary(res, "Accept-Encoding");
  res.setHeader("ETag", page.etag);
  res.setHeader("Age", String(Math.max(0, Math.floor((now - page.storedAt) / 1000))));
  res.setHeader("X-Page-Cache", state);
  writeStoredPage(req, res, page, []);
}
