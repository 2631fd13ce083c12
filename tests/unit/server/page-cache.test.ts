import { createHash } from "node:crypto";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { chooseEncoding, PageCache, pageFromResponse, sharedPolicy } from "../../../server/page-cache";

// The server's half of the micro-cache (decision 023): what it agrees to store, how a stored page
// loses its nonce and keeps its scripts allowed, and how pages age and leave.

const NONCE = "n0nce+/AbC==";
const html = (extra = "") =>
  `<!DOCTYPE html><html><head><link rel="modulepreload" href="/assets/a.js" nonce="${NONCE}"/></head><body>` +
  `<script nonce="${NONCE}">window.__remixContext = {"a":1};</script>` +
  `<script type="module" nonce="${NONCE}" src="/assets/entry.js"></script>` +
  `<script nonce="${NONCE}">import("/assets/route.js");</script>${extra}</body></html>`;
const shared = { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "public, max-age=0, s-maxage=5, stale-while-revalidate=30" };
const sha = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

describe("sharedPolicy", () => {
  it("takes only 200 HTML the app marked public with an s-maxage, and reads its seconds", () => {
    expect(sharedPolicy(new Response("x", { headers: shared }))).toEqual({ fresh: 5, stale: 30 });
    expect(sharedPolicy(new Response("x", { headers: { ...shared, "Cache-Control": "public, s-maxage=2" } }))).toEqual({
      fresh: 2,
      stale: 0,
    });
    const refused: Array<[number, Record<string, string>]> = [
      [200, { "Content-Type": "text/html" }],
      [200, { ...shared, "Cache-Control": "private, no-store" }],
      [200, { ...shared, "Cache-Control": "public, max-age=60" }],
      [200, { ...shared, "Cache-Control": "public, s-maxage=0" }],
      [200, { ...shared, "Cache-Control": "public, s-maxage=5, no-cache" }],
      [200, { ...shared, "Set-Cookie": "lng=bn" }],
      [200, { ...shared, "Content-Type": "text/x-script" }],
      [404, shared],
      [503, shared],
    ];
    for (const [status, headers] of refused)
      expect(sharedPolicy(new Response("x", { status, headers })), JSON.stringify([status, headers])).toBeNull();
  });
});

describe("pageFromResponse", () => {
  it("takes the render's nonce out and allows each inline script by its hash instead", async () => {
    const page = await pageFromResponse(new Response(html(), { headers: shared }), NONCE, 1_000);
    expect(page).not.toBeNull();
    const text = page!.identity.toString("utf8");
    expect(text).not.toContain(NONCE);
    expect(text).toContain(`<script>window.__remixContext = {"a":1};</script>`);
    expect(page!.scriptHashes.sort()).toEqual([sha(`window.__remixContext = {"a":1};`), sha(`import("/assets/route.js");`)].sort());
    // Compressed once, both ways, to the same bytes.
    expect(brotliDecompressSync(page!.br).equals(page!.identity)).toBe(true);
    expect(gunzipSync(page!.gzip).equals(page!.identity)).toBe(true);
    expect(page!.freshUntil).toBe(6_000);
    expect(page!.staleUntil).toBe(36_000);
    expect(page!.headers.map(([name]) => name.toLowerCase()).sort()).toEqual(["cache-control", "content-type"]);
  });

  it("keeps no per-answer header and tells pages apart by their bytes", async () => {
    const a = await pageFromResponse(new Response(html(), { headers: { ...shared, "X-Request-Id": "abc", Date: "x" } }), NONCE);
    const b = await pageFromResponse(new Response(html("<p>b</p>"), { headers: shared }), NONCE);
    expect(a!.headers.some(([name]) => /request-id|date/i.test(name))).toBe(false);
    expect(a!.etag).toMatch(/^"[\w-]{20,}"$/);
    expect(a!.etag).not.toBe(b!.etag);
  });

  it("stores nothing the app did not mark public", async () => {
    expect(await pageFromResponse(new Response(html(), { headers: { "Content-Type": "text/html" } }), NONCE)).toBeNull();
  });
});

describe("PageCache", () => {
  const pageOf = async (body: string, now: number) => (await pageFromResponse(new Response(body, { headers: shared }), undefined, now))!;

  it("serves fresh, then stale, then nothing", async () => {
    const cache = new PageCache(1024 * 1024);
    cache.store("k", await pageOf(html(), 0));
    expect(cache.lookup("k", 4_999)?.fresh).toBe(true);
    expect(cache.lookup("k", 5_000)?.fresh).toBe(false);
    expect(cache.lookup("k", 34_999)?.fresh).toBe(false);
    expect(cache.lookup("k", 35_000)).toBeUndefined();
    expect(cache.size.pages).toBe(0);
    expect(cache.size.bytes).toBe(0);
  });

  it("lets the least recently used pages go once past its bytes", async () => {
    const filler = "x".repeat(20_000);
    const one = await pageOf(html(filler + "1"), 0);
    const bytes = one.identity.length + one.br.length + one.gzip.length + 1024;
    // Room for eight such pages and a half (no single page may take more than an eighth).
    const cache = new PageCache(Math.floor(bytes * 8.5));
    for (let i = 0; i < 8; i++) cache.store(`k${i}`, await pageOf(html(filler + i), 0));
    expect(cache.size.pages).toBe(8);
    cache.lookup("k0", 1); // k0 used: k1 is now the oldest
    cache.store("k8", await pageOf(html(filler + 8), 0));
    expect(cache.lookup("k1", 1)).toBeUndefined();
    expect(cache.lookup("k0", 1)).toBeDefined();
    expect(cache.size.bytes).toBeLessThanOrEqual(Math.floor(bytes * 8.5));
  });

  it("renews a stale key once however many ask, and drops it when the page may no longer be shared", async () => {
    const cache = new PageCache(1024 * 1024);
    cache.store("k", await pageOf(html(), 0));
    let renders = 0;
    let finish: (page: Awaited<ReturnType<typeof pageOf>> | null) => void = () => undefined;
    const render = () => {
      renders += 1;
      return new Promise<Awaited<ReturnType<typeof pageOf>> | null>((resolve) => (finish = resolve));
    };
    cache.renew("k", render);
    cache.renew("k", render);
    expect(renders).toBe(1);
    const next = await pageOf(html("<p>new</p>"), 10_000);
    finish(next);
    await new Promise((r) => setTimeout(r, 0));
    expect(cache.lookup("k", 10_001)?.page.etag).toBe(next.etag);
    cache.renew("k", () => Promise.resolve(null));
    await new Promise((r) => setTimeout(r, 0));
    expect(cache.lookup("k", 10_002)).toBeUndefined();
  });
});

describe("chooseEncoding", () => {
  it("prefers br, then gzip, and honours q=0", () => {
    expect(chooseEncoding("gzip, deflate, br, zstd")).toBe("br");
    expect(chooseEncoding("gzip, br;q=0")).toBe("gzip");
    expect(chooseEncoding("br;q=0, gzip;q=0")).toBe("identity");
    expect(chooseEncoding("*")).toBe("gzip");
    expect(chooseEncoding(undefined)).toBe("identity");
    expect(chooseEncoding("identity")).toBe("identity");
  });

  it("follows the browser's q order, and br before gzip only when they tie", () => {
    expect(chooseEncoding("br;q=0.5, gzip")).toBe("gzip");
    expect(chooseEncoding("identity;q=1, br;q=0")).toBe("identity");
    expect(chooseEncoding("gzip;q=0.8, br;q=0.9")).toBe("br");
    expect(chooseEncoding("gzip;q=0.5, br;q=0.5")).toBe("br");
    expect(chooseEncoding("gzip;q=0.2, identity;q=0.9")).toBe("identity");
    expect(chooseEncoding("identity;q=0")).toBe("identity");
  });
});
