import { execFileSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { browse, Jar, logIn, startPlatform, startWeb, type Proc } from "./harness";
import { freePort } from "../../platform/testing/free-port";

// The micro-cache of logged-out pages (issue 14, decision 023) on the production server with a
// platform of its own: what is stored, who never gets it, and that a stored page still hydrates
// under the Content-Security-Policy (its scripts allowed by hash, not by a nonce).

test.describe.configure({ mode: "serial" });

let platform: Proc;
let web: Proc;
let dataDir: string;
let operatorPort: number;

/** The operator's command line against this test's platform. */
function operator(...args: string[]) {
  return execFileSync(process.execPath, ["build/node/admin.js", ...args], {
    env: { ...process.env, DATA_DIR: dataDir, OPERATOR_PORT: String(operatorPort) },
    encoding: "utf8",
  });
}

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${web.url}${path}`, { headers: { "Accept-Encoding": "br, gzip", ...headers } });

test.beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "bw-cache-platform-"));
  operatorPort = await freePort();
  platform = await startPlatform({ DATA_DIR: dataDir, OPERATOR_PORT: String(operatorPort) });
  // The status is read fresh for every request (PUBLIC_CACHE_SECONDS=0) while pages stay 30 s.
  web = await startWeb({ PLATFORM_URL: platform.url, PUBLIC_CACHE_SECONDS: "0", PAGE_CACHE_SECONDS: "30", PAGE_CACHE_STALE_SECONDS: "60" });
});

test.afterAll(async () => {
  await web?.stop();
  await platform?.stop();
});

test("a logged-out page is rendered once, then answered from the cache compressed, with a 304 for the browser's copy", async () => {
  const first = await get("/rng");
  expect(first.status).toBe(200);
  expect(first.headers.get("x-page-cache")).toBe("miss");
  expect(first.headers.get("cache-control")).toBe("public, max-age=0, s-maxage=30, stale-while-revalidate=60");
  expect(first.headers.get("content-encoding")).toBe("br");
  const html = await first.text();
  expect(html).toContain("</html>");

  const second = await get("/rng");
  expect(second.headers.get("x-page-cache")).toBe("hit");
  expect(second.headers.get("etag")).toBe(first.headers.get("etag"));
  expect(await second.text()).toBe(html);

  // The same bytes for a browser that takes only gzip, and for one that takes nothing.
  const gz = await fetch(`${web.url}/rng`, { headers: { "Accept-Encoding": "gzip" } });
  expect(gz.headers.get("content-encoding")).toBe("gzip");
  expect(await gz.text()).toBe(html);
  const plain = await fetch(`${web.url}/rng`, { headers: { "Accept-Encoding": "identity" } });
  expect(plain.headers.get("content-encoding")).toBeNull();
  expect(await plain.text()).toBe(html);

  const again = await get("/rng", { "If-None-Match": first.headers.get("etag")! });
  expect(again.status).toBe(304);

  // No nonce in a stored page; the policy allows its inline scripts by hash instead.
  const csp = second.headers.get("content-security-policy") ?? "";
  expect(csp).not.toContain("'nonce-");
  expect(csp).toMatch(/script-src 'self'( 'sha256-[\w+/=]+')+;/);
  expect(html).not.toMatch(/\snonce="/);
});

test("each language has its own copy, and ?lng= is never answered from the cache (it sets the cookie)", async () => {
  const en = await (await get("/live")).text();
  expect(en).toContain('lang="en"');
  const bn = await get("/live", { "Accept-Language": "bn" });
  expect(bn.headers.get("x-page-cache")).toBe("miss");
  expect(await bn.text()).toContain('lang="bn"');
  expect((await get("/live", { "Accept-Language": "bn" })).headers.get("x-page-cache")).toBe("hit");
  const chosen = await get("/live?lng=bn");
  expect(chosen.headers.get("x-page-cache")).toBeNull();
  const cookie = chosen.headers.get("set-cookie") ?? "";
  expect(cookie).toMatch(/^lng=/);
  // The cookie as the browser sends it back (the server's own encoding, not a bare "bn").
  const withCookie = await get("/live", { Cookie: cookie.split(";")[0]! });
  expect(await withCookie.text()).toContain('lang="bn"');
});

test("a signed-in player never gets a stored page, and their pages are never stored", async () => {
  await get("/");
  expect((await get("/")).headers.get("x-page-cache")).toBe("hit");
  const jar = new Jar();
  expect((await logIn(jar, web.url, "demo_member", "Demo@1234")).status).toBe(302);
  const home = await browse(jar, `${web.url}/`);
  expect(home.headers.get("x-page-cache")).toBeNull();
  expect(home.headers.get("cache-control")).toBe("private, no-store");
  expect(await home.text()).toContain('data-testid="balance"');
});

test("a page with a one-time puzzle is never stored", async () => {
  // The demo seed asks for the slide puzzle at registration.
  for (let i = 0; i < 2; i++) {
    const page = await get("/register");
    expect(page.status).toBe(200);
    expect(page.headers.get("x-page-cache")).toBeNull();
    expect(page.headers.get("cache-control") ?? "").not.toContain("public");
  }
});

test("a restricted visitor never gets the normal page a moment after it was stored", async () => {
  expect((await get("/live")).headers.get("x-page-cache")).toBe("hit");
  operator("status", "restricted");
  try {
    const page = await get("/live");
    expect(page.status).toBe(403);
    expect(page.headers.get("x-page-cache")).toBeNull();
    expect(page.headers.get("cache-control") ?? "").not.toContain("public");
  } finally {
    operator("status", "normal");
  }
  expect((await get("/live")).headers.get("x-page-cache")).toBe("hit");
});

test("a stored page hydrates in a phone's browser: its scripts run under the hashed policy", async ({ browser }) => {
  await get("/");
  const context = await browser.newContext({ javaScriptEnabled: true });
  const page = await context.newPage();
  const refused: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") refused.push(message.text());
  });
  const answer = await page.goto(`${web.url}/`);
  expect(answer?.headers()["x-page-cache"]).toBe("hit");
  await expect.poll(() => page.evaluate(() => Boolean((window as unknown as { __remixRouter?: unknown }).__remixRouter))).toBe(true);
  // A client-side navigation works from the stored page.
  await page.getByRole("region", { name: "Game categories" }).getByRole("link", { name: "Live casino" }).click({ timeout: 10_000 });
  await expect(page).toHaveURL(/\/live$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(refused.filter((text) => /Content Security Policy|Refused/i.test(text))).toEqual([]);
  await context.close();
});

test("a stale page is served at once while one render replaces it", async () => {
  const short = await startWeb({
    PLATFORM_URL: platform.url,
    PUBLIC_CACHE_SECONDS: "0",
    PAGE_CACHE_SECONDS: "1",
    PAGE_CACHE_STALE_SECONDS: "60",
  });
  try {
    const at = (path: string) => fetch(`${short.url}${path}`);
    expect((await at("/fish")).headers.get("x-page-cache")).toBe("miss");
    await new Promise((r) => setTimeout(r, 1_200));
    const stale = await at("/fish");
    expect(stale.headers.get("x-page-cache")).toBe("stale");
    expect(Number(stale.headers.get("age"))).toBeGreaterThanOrEqual(1);
    await expect.poll(async () => (await at("/fish")).headers.get("age")).toBe("0");
  } finally {
    await short.stop();
  }
});

test("a fresh stored page is answered before Remix with the same headers, log line and metrics", async () => {
  // The fast path needs the status and language the app looked up a moment ago (kept as long as
  // the gateway keeps the status): an instance whose public reads are cached.
  const fast = await startWeb({ PLATFORM_URL: platform.url, PUBLIC_CACHE_SECONDS: "30", PAGE_CACHE_SECONDS: "30" });
  try {
    const at = (lang: string) => fetch(`${fast.url}/promotions`, { headers: { "Accept-Encoding": "br", "Accept-Language": lang } });
    expect((await at("en")).headers.get("x-page-cache")).toBe("miss");
    // Other language inputs, same language: the full way finds the stored page.
    const slow = await at("en-GB,en;q=0.9");
    expect(slow.headers.get("x-page-cache")).toBe("hit");
    const quick = await at("en");
    expect(quick.headers.get("x-page-cache")).toBe("hit");
    const comparable = (r: Response) =>
      [...r.headers]
        .filter(([name]) => !["date", "x-request-id", "age"].includes(name))
        .map(([name, value]) => `${name}: ${value}`)
        .sort();
    expect(comparable(quick)).toEqual(comparable(slow));
    expect(await quick.text()).toBe(await slow.text());
    const id = quick.headers.get("x-request-id");
    expect(id).toMatch(/^[\w-]{8,}$/);
    await expect
      .poll(() =>
        fast.json().some((l) => l.msg === "request completed" && l.req?.id === id && l.pageCache === "hit" && l.res?.status === 200),
      )
      .toBe(true);
  } finally {
    await fast.stop();
  }
});

test("a stale stored page is answered at once, logged as stale, and one render replaces it", async () => {
  // Pages fresh for 1 s; the status and language lookups are remembered for 5 s, so the stale
  // answers below come by the fast path.
  const fast = await startWeb({
    PLATFORM_URL: platform.url,
    PUBLIC_CACHE_SECONDS: "30",
    PAGE_CACHE_SECONDS: "1",
    PAGE_CACHE_STALE_SECONDS: "60",
  });
  try {
    const at = () => fetch(`${fast.url}/vip`, { headers: { "Accept-Encoding": "br", "Accept-Language": "en" } });
    expect((await at()).headers.get("x-page-cache")).toBe("miss");
    expect((await at()).headers.get("x-page-cache")).toBe("hit");
    await new Promise((resolve) => setTimeout(resolve, 1_300));
    const stale = await Promise.all([at(), at(), at()]);
    for (const answer of stale) {
      expect(answer.headers.get("x-page-cache")).toBe("stale");
      expect(Number(answer.headers.get("age"))).toBeGreaterThanOrEqual(1);
      expect(await answer.text()).toContain("</html>");
    }
    const id = stale[0]!.headers.get("x-request-id");
    await expect
      .poll(() =>
        fast.json().some((l) => l.msg === "request completed" && l.req?.id === id && l.pageCache === "stale" && l.res?.status === 200),
      )
      .toBe(true);
    // The one render in the background stored a new page: fresh again, from age 0.
    await expect
      .poll(async () => {
        const answer = await at();
        return `${answer.headers.get("x-page-cache")} ${answer.headers.get("age")}`;
      })
      .toBe("hit 0");
  } finally {
    await fast.stop();
  }
});

test("the pre-compressed assets are what the browser gets, with immutable caching", async () => {
  const home = await (await fetch(`${web.url}/`)).text();
  const script = /<link rel="modulepreload" href="(\/assets\/[^"]+\.js)"/.exec(home)?.[1];
  expect(script).toBeTruthy();
  const br = await fetch(`${web.url}${script}`, { headers: { "Accept-Encoding": "br" } });
  expect(br.headers.get("content-encoding")).toBe("br");
  expect(br.headers.get("content-type")).toMatch(/^text\/javascript/);
  expect(br.headers.get("cache-control")).toContain("immutable");
  expect(br.headers.get("vary")).toContain("Accept-Encoding");
  const plain = await fetch(`${web.url}${script}`, { headers: { "Accept-Encoding": "identity" } });
  expect(plain.headers.get("content-encoding")).toBeNull();
  expect(await br.text()).toBe(await plain.text());
  // The page itself, rendered for one visitor, streams compressed too.
  const jar = new Jar();
  await logIn(jar, web.url, "demo_member", "Demo@1234");
  const member = await browse(jar, `${web.url}/member/transfer-fund`, { headers: { "Accept-Encoding": "br" } });
  expect(member.headers.get("content-encoding")).toBe("br");
  expect(member.headers.get("x-page-cache")).toBeNull();
  expect(await member.text()).toContain("</html>");
});
