/// <reference lib="webworker" />
// The service worker (issue 29, decision 055), built by scripts/build.mjs into build/client/sw.js
// from Workbox's modules. It keeps three things: the build's hashed assets (precached), copies of
// the pages anyone may see (lobbies, help, notices, promotions, VIP, download: network first,
// the copy when the network fails or is slower than NETWORK_TIMEOUT_SECONDS), and one offline
// page in the player's last language. Posts and everything else go to the network untouched.
import { CacheExpiration, ExpirationPlugin } from "workbox-expiration";
import { cleanupOutdatedCaches, precacheAndRoute } from "workbox-precaching";
import { registerRoute } from "workbox-routing";
import { CacheFirst } from "workbox-strategies";
import {
  changesViewer,
  DICTIONARIES_CACHE,
  NETWORK_TIMEOUT_SECONDS,
  OFFLINE_PATH,
  offlineKind,
  STORED_DAYS,
  STORED_PAGES,
  storablePath,
  type FromWorker,
  type OfflineKind,
  type ToWorker,
  VIEWER_HEADER,
} from "./rules";

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

const PAGES = "pages-v1";
const OFFLINE = "offline-v1";
const VIEWER_KEY = "/__viewer";
const STORED_AT = "X-Stored-At";
/** A page seen through a client-side navigation is fetched for keeping at most this often. */
const SEEN_AGAIN_MS = 5 * 60_000;

const expiration = new CacheExpiration(PAGES, { maxEntries: STORED_PAGES, maxAgeSeconds: STORED_DAYS * 86_400 });
/** Pages last answered from their stored copy (for their ribbon), until the network answers them again. */
const shownStale = new Map<string, number>();

// A new worker takes over at once: its precache holds every asset the new build's pages name.
self.addEventListener("install", (event) => {
  event.waitUntil(Promise.all([self.skipWaiting(), refreshOfflinePage()]));
});
self.addEventListener("activate", (event) => {
  event.waitUntil(self.clients.claim());
});

// Before Workbox's router: a post that changes who is signed in drops every stored page first.
self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (url.origin === self.location.origin && changesViewer(event.request.method, url.pathname)) event.waitUntil(dropPages());
});

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

registerRoute(
  ({ request, url }) => request.mode === "navigate" && url.origin === self.location.origin,
  ({ request, event }) => page(request, event as FetchEvent),
);
// The page's dictionaries, named by their version (<html data-i18n>): a stored page hydrates offline.
registerRoute(
  ({ url }) => url.origin === self.location.origin && url.pathname === "/api/locales" && url.searchParams.has("v"),
  new CacheFirst({
    cacheName: DICTIONARIES_CACHE,
    plugins: [new ExpirationPlugin({ maxEntries: 30, maxAgeSeconds: STORED_DAYS * 86_400 })],
  }),
);
// Pictures the platform serves through /media (game tiles, banners, vendor marks) that a page showed:
// kept, so a stored lobby offline is the lobby as seen, not a grid of broken pictures.
registerRoute(
  ({ request, url }) => url.origin === self.location.origin && request.destination === "image" && url.pathname.startsWith("/media/"),
  new CacheFirst({
    cacheName: "pictures-v1",
    plugins: [
      // A player's own pictures (private, no-store: an uploaded document) are never kept.
      {
        cacheWillUpdate: async ({ response }) =>
          response.status === 200 && !/private|no-store/.test(response.headers.get("Cache-Control") ?? "") ? response : null,
      },
      new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: STORED_DAYS * 86_400 }),
    ],
  }),
);
// Loader data of client-side navigations: only read for who it was rendered for.
registerRoute(
  ({ url }) => url.origin === self.location.origin && url.pathname.endsWith(".data"),
  async ({ request, event }) => {
    const response = await fetch(request);
    (event as FetchEvent).waitUntil(noteViewer(response));
    return response;
  },
);

self.addEventListener("message", (event) => {
  const message = event.data as ToWorker;
  if (message?.type === "seen")
    event.waitUntil(Promise.all([seen(message.url, message.lng), keepDictionaries(message.dictionaries ?? [])]).catch(() => undefined));
  else if (message?.type === "ask-stale") {
    const storedAt = shownStale.get(message.url) ?? null;
    const answer: FromWorker = { type: "stale", url: message.url, storedAt };
    (event.source as Client | null)?.postMessage(answer);
  }
});

async function page(request: Request, event: FetchEvent): Promise<Response> {
  const url = new URL(request.url);
  const keep = storablePath(url.pathname);
  // The page streams to the browser as it arrives; its copy is read beside it, in the background.
  const network = fetch(request).then((response) => {
    shownStale.delete(url.href);
    const copy = keep ? response.clone() : null;
    event.waitUntil(noteViewer(response).then(() => (copy ? store(url.href, copy) : undefined)));
    return response;
  });
  event.waitUntil(network.catch(() => undefined));
  if (!keep) return network.catch(() => offlinePage(offlineKind(url.pathname)));
  const timedOut = new Promise<null>((resolve) => setTimeout(() => resolve(null), NETWORK_TIMEOUT_SECONDS * 1000));
  const first = await Promise.race([network.catch(() => null), timedOut]);
  if (first) return first;
  const stored = await storedCopy(url.href);
  if (stored) {
    shownStale.set(url.href, Number(stored.headers.get(STORED_AT)));
    return stored;
  }
  return network.catch(() => offlinePage(offlineKind(url.pathname)));
}

/** A whole page, as it was answered, for anyone of this viewer: 200, HTML, not a redirect's end. */
async function store(href: string, response: Response): Promise<void> {
  const type = response.headers.get("Content-Type") ?? "";
  if (response.status !== 200 || response.redirected || !type.startsWith("text/html") || !response.headers.has(VIEWER_HEADER)) return;
  const headers = new Headers(response.headers);
  headers.set(STORED_AT, String(Date.now()));
  const copy = new Response(await response.blob(), { status: 200, statusText: response.statusText, headers });
  const cache = await caches.open(PAGES);
  await cache.put(href, copy);
  await expiration.updateTimestamp(href);
  await expiration.expireEntries();
}

async function storedCopy(href: string): Promise<Response | undefined> {
  if (await expiration.isURLExpired(href)) return undefined;
  const cache = await caches.open(PAGES);
  return cache.match(href);
}

/** Pages rendered for someone else than the stored ones were: those are dropped. */
async function noteViewer(response: Response): Promise<void> {
  const viewer = response.headers.get(VIEWER_HEADER);
  if (!viewer) return;
  const meta = await caches.open(OFFLINE);
  const known = await meta.match(VIEWER_KEY).then((r) => r?.text());
  if (known === viewer) return;
  if (known !== undefined) await dropPages();
  await meta.put(VIEWER_KEY, new Response(viewer));
}

async function dropPages(): Promise<void> {
  shownStale.clear();
  await caches.delete(PAGES);
  await expiration.delete();
  await caches.open(OFFLINE).then((meta) => meta.delete(VIEWER_KEY));
}

/** A page reached without a document load (a client-side navigation): fetched once to be kept. */
async function seen(href: string, lng: string | undefined): Promise<void> {
  const url = new URL(href);
  if (url.origin !== self.location.origin) return;
  const offline = await caches.open(OFFLINE).then((c) => c.match(OFFLINE_PATH));
  if (lng && offline?.headers.get("Content-Language") !== lng) await refreshOfflinePage();
  if (!storablePath(url.pathname)) return;
  const stored = await caches.open(PAGES).then((c) => c.match(url.href));
  if (stored && Date.now() - Number(stored.headers.get(STORED_AT)) < SEEN_AGAIN_MS) return;
  const response = await fetch(url.href, { credentials: "same-origin", headers: { Accept: "text/html" } });
  await noteViewer(response);
  await store(url.href, response);
}

/** The dictionaries a page loaded before the worker controlled it (its first visit): kept for offline. */
async function keepDictionaries(urls: string[]): Promise<void> {
  const cache = await caches.open(DICTIONARIES_CACHE);
  for (const href of urls) {
    const url = new URL(href, self.location.origin);
    if (url.origin !== self.location.origin || url.pathname !== "/api/locales" || !url.searchParams.has("v")) continue;
    if (!(await cache.match(url.href))) await cache.add(url.href);
  }
}

async function refreshOfflinePage(): Promise<void> {
  try {
    const response = await fetch(OFFLINE_PATH, { credentials: "same-origin", cache: "no-store" });
    if (response.ok) await caches.open(OFFLINE).then((c) => c.put(OFFLINE_PATH, response));
  } catch {
    // Offline at install: the built-in page below serves until the next visit.
  }
}

/** The offline page for this kind of path (the page carries all three texts; the body names one). */
async function offlinePage(kind: OfflineKind): Promise<Response> {
  const cached = await caches.open(OFFLINE).then((c) => c.match(OFFLINE_PATH));
  const html = cached
    ? (await cached.text()).replace('data-kind="page"', `data-kind="${kind}"`)
    : `<!doctype html><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Offline</title><body style="font-family:system-ui;background:#0f1220;color:#e8eaf2;padding:24px"><h1>You are offline</h1><p>This page needs a connection.</p><p><a href="" style="color:#f5b301">Try again</a></p>`;
  const headers = new Headers({ "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" });
  const csp = cached?.headers.get("Content-Security-Policy");
  if (csp) headers.set("Content-Security-Policy", csp);
  return new Response(html, { status: 503, headers });
}
