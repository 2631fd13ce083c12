// Cold first loads on a throttled phone (issue 29): Chromium in phone emulation, devtools
// throttling of 400 ms round trip, 400 kbit/s each way and a CPU 4× slower, the cache empty (a new
// context each run); for home, /rng and the deposit page, with and without data saver (the side
// menu's cookie; `Save-Data: on` is read the same way). Median of five: first contentful paint,
// largest contentful paint, bytes transferred (HTML, CSS, JavaScript, images, fonts: every
// response's encoded length, headers included) and requests; game pictures loaded before any touch
// (the page is loaded and left untouched).
//
// Alone: npm run build, start a server (npm start), then
//   npx tsx scripts/bench-weight.ts [--base=http://127.0.0.1:3000] [--runs=5]
// or from npm run bench, which starts its own.
import { type Browser, chromium } from "@playwright/test";
import { PHONE } from "../playwright.config";
import { printWhenMain } from "./bench-kit";

const arg = (name: string, fallback: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split("=")[1] ?? fallback;

export const THROTTLE = { latencyMs: 400, kbitPerSecond: 400, cpuSlowdown: 4 };

type Load = { fcp: number; lcp: number; bytes: number; requests: number; pictures: number; worker: number };

async function coldLoad(browser: Browser, url: string, cookies: { name: string; value: string }[]): Promise<Load> {
  const context = await browser.newContext({ ...PHONE });
  const origin = new URL(url).origin;
  if (cookies.length > 0) await context.addCookies(cookies.map((c) => ({ ...c, url: origin })));
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  const bytesPerSecond = (THROTTLE.kbitPerSecond * 1000) / 8;
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: THROTTLE.latencyMs,
    downloadThroughput: bytesPerSecond,
    uploadThroughput: bytesPerSecond,
  });
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: THROTTLE.cpuSlowdown });
  // The service worker's own fetches (its install, its precache; decision 055), which the
  // player's line carries too, after the page. Assets the page loaded come from the HTTP cache.
  let worker = 0;
  const sized: Promise<void>[] = [];
  context.on("requestfinished", (request) => {
    if (!request.serviceWorker()) return;
    sized.push(
      request.sizes().then(
        (s) => {
          worker += s.responseBodySize + s.responseHeadersSize;
        },
        () => undefined,
      ),
    );
  });
  let bytes = 0;
  let requests = 0;
  let pictures = 0;
  const images = new Set<string>();
  cdp.on("Network.responseReceived", (e) => {
    // Game pictures (the platform's game icons), the ones held back until the first touch.
    if (e.type === "Image" && /\/game\//.test(e.response.url)) images.add(e.requestId);
  });
  cdp.on("Network.loadingFinished", (e) => {
    bytes += e.encodedDataLength;
    requests += 1;
    if (images.has(e.requestId)) pictures += 1;
  });
  cdp.on("Network.loadingFailed", () => {
    requests += 1;
  });
  await page.addInitScript(() => {
    const w = window as unknown as { __lcp: number };
    w.__lcp = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) w.__lcp = entry.startTime;
    }).observe({ type: "largest-contentful-paint", buffered: true });
  });
  await page.goto(url, { waitUntil: "load", timeout: 120_000 });
  // What comes after the load (hydration's chunks, the dictionaries, the live stream's opening).
  await page.waitForLoadState("networkidle", { timeout: 60_000 }).catch(() => undefined);
  const timing = await page.evaluate(() => ({
    fcp: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Number.NaN,
    lcp: (window as unknown as { __lcp: number }).__lcp,
  }));
  const controlled = await page
    .waitForFunction(() => navigator.serviceWorker?.controller != null, null, { timeout: 30_000 })
    .then(() => true)
    .catch(() => false);
  if (controlled) await page.waitForTimeout(2_000);
  await Promise.all(sized);
  await context.close();
  return { ...timing, bytes, requests, pictures, worker };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

/** Signs in through the login form and returns the session's cookies. */
async function signIn(browser: Browser, base: string, user: string, password: string) {
  const context = await browser.newContext({ ...PHONE, javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`${base}/login`);
  await page.locator('input[name="username"]').first().fill(user);
  await page.locator('input[name="password"]').first().fill(password);
  await page.locator('form:has(input[name="username"]) button[type="submit"]').first().click();
  await page.waitForLoadState("load");
  const cookies = (await context.cookies()).map(({ name, value }) => ({ name, value }));
  await context.close();
  return cookies;
}

export async function weightReport(base: string, runs = 5): Promise<string> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking"],
  });
  try {
    const member = await signIn(browser, base, "demo_member", "Demo@1234");
    const pages = [
      { name: "home", path: "/", cookies: [] as { name: string; value: string }[], budget: 50 },
      { name: "/rng", path: "/rng", cookies: [], budget: 60 },
      { name: "deposit", path: "/member/deposit", cookies: member, budget: undefined },
    ];
    const lines = [
      `Cold loads on a phone (Chromium, ${THROTTLE.latencyMs} ms RTT, ${THROTTLE.kbitPerSecond} kbit/s, CPU ${THROTTLE.cpuSlowdown}× slower, cache empty), median of ${runs}`,
      "  page      data saver  FCP ms  LCP ms   KiB  requests  game pictures before a touch (goal ≤ 8)  service worker install after the load, KiB",
    ];
    for (const p of pages) {
      for (const saver of [false, true]) {
        const cookies = saver ? [...p.cookies, { name: "saver", value: "1" }] : p.cookies;
        const loads: Load[] = [];
        for (let i = 0; i < runs; i++) loads.push(await coldLoad(browser, `${base}${p.path}`, cookies));
        const kib = median(loads.map((l) => l.bytes)) / 1024;
        const goal = saver && p.budget ? ` (goal ≤ ${p.budget} KiB${p.name === "home" ? ", FCP < 2,000 ms, ≤ 20 requests" : ""})` : "";
        lines.push(
          `  ${p.name.padEnd(9)} ${(saver ? "on" : "off").padEnd(10)} ${median(loads.map((l) => l.fcp))
            .toFixed(0)
            .padStart(6)}  ${median(loads.map((l) => l.lcp))
            .toFixed(0)
            .padStart(6)}  ${kib.toFixed(1).padStart(5)}  ${String(median(loads.map((l) => l.requests))).padStart(8)}  ${String(
            median(loads.map((l) => l.pictures)),
          ).padStart(8)}  ${(median(loads.map((l) => l.worker)) / 1024).toFixed(1).padStart(8)}${goal}`,
        );
      }
    }
    return lines.join("\n");
  } finally {
    await browser.close();
  }
}

printWhenMain(import.meta.url, () => weightReport(arg("base", "http://127.0.0.1:3000"), Number(arg("runs", "5"))));
