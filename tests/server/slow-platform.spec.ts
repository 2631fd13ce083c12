import { expect, test } from "@playwright/test";
import { Honeypot } from "remix-utils/honeypot/server";
import { fakePlatform, SECRET, startWeb, type Proc } from "./harness";

// A platform that accepts connections and never answers (a hung upstream, a black-holed route):
// every page still answers within the request's deadline, the site status is asked once per
// page, the failure is remembered for a moment, and after a few failures the circuit breaker
// answers at once without calling the platform at all.

test.describe.configure({ mode: "serial" });

let hung: Awaited<ReturnType<typeof fakePlatform>>;
let web: Proc;

test.beforeAll(async () => {
  hung = await fakePlatform(() => {
    // Never answers.
  });
  web = await startWeb({
    PLATFORM_URL: hung.url,
    PLATFORM_TIMEOUT_MS: "2000",
    REQUEST_DEADLINE_MS: "3000",
    BREAKER_FAILURES: "2",
    BREAKER_OPEN_MS: "60000",
    // No cache: what is measured is the deadline and the breaker, not the short failure cache.
    PUBLIC_CACHE_SECONDS: "0",
  });
});

test.afterAll(async () => {
  await web?.stop();
  await hung?.close();
});

async function timed(url: string, init?: RequestInit) {
  const started = Date.now();
  const response = await fetch(url, { redirect: "manual", ...init });
  await response.arrayBuffer();
  return { response, ms: Date.now() - started };
}

test("a page answers within the deadline with the unavailable screen, asking the status once", async () => {
  const before = hung.seen.length;
  const { response, ms } = await timed(`${web.url}/`, { headers: { Accept: "text/html", "Accept-Language": "bn" } });
  expect(response.status).toBe(503);
  expect(response.headers.get("retry-after")).toMatch(/^\d+$/);
  expect(ms).toBeLessThan(3_000 + 1_500);
  const calls = hung.seen.slice(before).filter((r) => r.url.startsWith("/wps/system/status"));
  expect(calls, "one status call for the whole page (no retry of a timeout, one context per request)").toHaveLength(1);
});

test("after the breaker opens, pages cost milliseconds and the platform is not called", async () => {
  // The second failure opens it (BREAKER_FAILURES=2).
  await timed(`${web.url}/`);
  const before = hung.seen.length;
  const page = await timed(`${web.url}/`, { headers: { Accept: "text/html" } });
  expect(page.response.status).toBe(503);
  expect(page.ms).toBeLessThan(500);
  const html = await (await fetch(`${web.url}/`, { headers: { "Accept-Language": "bn" } })).text();
  // The unavailable screen in the language the browser asked for.
  expect(html).toContain('lang="bn"');
  expect(hung.seen.length).toBe(before);
});

test("the captcha image and the QR codes answer 503 with Retry-After, not 500", async () => {
  for (const path of ["/captcha", "/qr/ANDROID"]) {
    const { response, ms } = await timed(`${web.url}${path}`);
    expect(response.status, path).toBe(503);
    expect(response.headers.get("retry-after"), path).toMatch(/^\d+$/);
    expect(ms, path).toBeLessThan(4_500);
  }
});

test("a form posted while the platform is down gets 503 and the page, not a crash", async () => {
  // A player's form, honeypot and all (a script's, without it, is refused before the platform: 400).
  const props = await new Honeypot({ encryptionSeed: SECRET }).getInputProps();
  const fields = new URLSearchParams({
    [props.nameFieldName]: "",
    [props.validFromFieldName!]: props.encryptedValidFrom!,
    username: "someone",
    password: "whatever1",
  });
  const { response } = await timed(`${web.url}/login`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "text/html" },
    body: fields.toString(),
  });
  expect(response.status).toBe(503);
});

test("/healthz stays up and /readyz says the platform is unreachable", async () => {
  const health = await fetch(`${web.url}/healthz`);
  expect(health.status).toBe(200);
  expect(await health.json()).toEqual({ status: "ok" });
  const ready = await timed(`${web.url}/readyz`);
  expect(ready.response.status).toBe(503);
  expect(ready.ms).toBeLessThan(2_500);
  const metricsPage = await fetch(`${web.url}/metrics`);
  expect(await metricsPage.text(), "metrics are not on the public port").not.toContain("platform_breaker_state");
});
