import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

// The app's half of the micro-cache (decision 023): which requests may share a page, under which
// key, and when the server's fast path may make that key without the app's full lookup.

vi.hoisted(() => {
  // Public reads cached, so the micro-cache is on (5 s) and the fast path may remember lookups.
  process.env.PUBLIC_CACHE_SECONDS = "30";
});

const { getEmbeddedPlatform } = await import("../../../platform/embedded");
const { pageCacheFastKey, pageCacheKey } = await import("~/page-cache.server");
const { runInScope } = await import("~/request-scope.server");

beforeAll(async () => {
  await getEmbeddedPlatform();
}, 60_000);
afterAll(async () => {
  await (await getEmbeddedPlatform()).close();
});

const page = (path: string, headers: Record<string, string> = {}, method = "GET") =>
  new Request(`http://casino.example${path}`, { method, headers: { "User-Agent": "vitest", ...headers } });
const keyFor = (request: Request, clientIp = "203.0.113.7") => runInScope({ clientIp }, () => pageCacheKey(request));
const fast = (path: string, extra: { cookie?: string; acceptLanguage?: string; clientIp?: string } = {}) =>
  pageCacheFastKey({
    url: path,
    origin: "http://casino.example",
    cookie: extra.cookie ?? "",
    acceptLanguage: extra.acceptLanguage ?? "bn",
    clientIp: extra.clientIp ?? "203.0.113.7",
  });

describe("pageCacheKey", () => {
  it("keys a logged-out read by status class, language, host, path and query", async () => {
    expect(await keyFor(page("/rng?sort=new", { "Accept-Language": "bn" }))).toBe("normal|bn|casino.example/rng?sort=new");
    expect(await keyFor(page("/rng?sort=new", { "Accept-Language": "en" }))).toBe("normal|en|casino.example/rng?sort=new");
  });

  it("gives no key to what is one visitor's own: a session or remembered login, ?lng=, a post", async () => {
    expect(await keyFor(page("/", { Cookie: "__session=abc" }))).toBeNull();
    expect(await keyFor(page("/", { Cookie: "x=1; remember=abc" }))).toBeNull();
    expect(await keyFor(page("/?lng=bn"))).toBeNull();
    expect(await keyFor(page("/", {}, "POST"))).toBeNull();
    // Another site's cookie does not make a page personal.
    expect(await keyFor(page("/", { Cookie: "_ga=GA1.1.1", "Accept-Language": "en" }))).toBe("normal|en|casino.example/");
  });
});

describe("pageCacheFastKey", () => {
  it("makes the same key from the raw request once a full lookup for that address and language inputs is recent", async () => {
    expect(fast("/live", { clientIp: "198.51.100.200" })).toBeUndefined();
    const full = await keyFor(page("/live", { "Accept-Language": "bn" }), "198.51.100.200");
    expect(fast("/live", { clientIp: "198.51.100.200" })).toBe(full);
    // Any page of that visitor: the status and the language are the visitor's, not the page's.
    expect(fast("/fish?page=2", { clientIp: "198.51.100.200" })).toBe("normal|bn|casino.example/fish?page=2");
  });

  it("takes the full way for what it has not seen or must not share", async () => {
    await keyFor(page("/", { "Accept-Language": "bn" }), "198.51.100.201");
    expect(fast("/", { clientIp: "198.51.100.202" })).toBeUndefined();
    // Language inputs no full lookup has met yet (languages are remembered by inputs, for every address).
    expect(fast("/", { clientIp: "198.51.100.201", acceptLanguage: "ja, ko;q=0.5" })).toBeUndefined();
    expect(fast("/", { clientIp: "198.51.100.201", cookie: "__session=x" })).toBeUndefined();
    expect(fast("/", { clientIp: "198.51.100.201", cookie: "remember=x" })).toBeUndefined();
    expect(fast("/?lng=en", { clientIp: "198.51.100.201" })).toBeUndefined();
    // No address known (the server could not read one): no status to go by.
    expect(pageCacheFastKey({ url: "/", origin: "http://casino.example", cookie: "", acceptLanguage: "bn" })).toBeUndefined();
  });

  it("forgets after 5 seconds", async () => {
    await keyFor(page("/", { "Accept-Language": "bn" }), "198.51.100.203");
    expect(fast("/", { clientIp: "198.51.100.203" })).toBeDefined();
    vi.useFakeTimers({ now: Date.now() + 5_001, toFake: ["Date"] });
    try {
      expect(fast("/", { clientIp: "198.51.100.203" })).toBeUndefined();
    } finally {
      vi.useRealTimers();
    }
  });
});
