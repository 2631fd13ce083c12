import { expect, test } from "@playwright/test";
import { OPERATOR_PORT } from "../../playwright.config";
import { browse, Jar, logIn } from "./harness";

// The site the end-to-end tests run against (npm start, embedded platform, TRUST_PROXY=1), as a
// script sees it: the headers of its answers, and what it does with bodies it should not read.

const XFF = { "X-Forwarded-For": "198.51.100.61" };

test("HTML pages carry a nonce-based CSP that Remix's scripts carry, and the other security headers", async ({ baseURL }) => {
  const response = await fetch(`${baseURL}/`, { headers: XFF });
  const csp = response.headers.get("content-security-policy") ?? "";
  const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
  expect(nonce, csp).toBeTruthy();
  expect(csp).toContain("frame-ancestors 'self'");
  expect(csp).toContain("object-src 'none'");
  expect(csp).toMatch(/frame-src 'self' https:/);
  const html = await response.text();
  const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
  expect(scripts.length).toBeGreaterThan(1);
  for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
  // A new nonce every response.
  const again = (await fetch(`${baseURL}/`, { headers: XFF })).headers.get("content-security-policy");
  expect(again).not.toContain(nonce!);

  expect(response.headers.get("strict-transport-security")).toMatch(/max-age=\d{7,}/);
  expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
  expect(response.headers.get("x-content-type-options")).toBe("nosniff");
  expect(response.headers.get("x-frame-options")).toBe("SAMEORIGIN");
  expect(response.headers.get("permissions-policy")).toContain("camera=()");
  expect(response.headers.get("x-powered-by")).toBeNull();
});

test("a signed-in player's pages and data answers are private and never stored", async ({ baseURL }) => {
  const jar = new Jar();
  const login = await logIn(jar, baseURL!, "demo_member", "Demo@1234", XFF);
  expect(login.status).toBe(302);
  for (const path of ["/member/security-center", "/member/transfer-fund", "/member/transfer-fund.data", "/_root.data"]) {
    const response = await browse(jar, `${baseURL}${path}`, { headers: XFF });
    expect(response.status, path).toBe(200);
    expect(response.headers.get("cache-control"), path).toBe("private, no-store");
  }
  // A visitor's home page is not marked private (it may be cached).
  const visitor = await fetch(`${baseURL}/`, { headers: XFF });
  expect(visitor.headers.get("cache-control") ?? "").not.toContain("private");
});

async function residentBytes(): Promise<number> {
  const text = await (await fetch(`http://127.0.0.1:${OPERATOR_PORT}/metrics`)).text();
  const match = /^process_resident_memory_bytes (\d+(?:\.\d+)?(?:e\+\d+)?)$/m.exec(text);
  expect(match, "the operator port's /metrics has the process's memory").not.toBeNull();
  return Number(match![1]);
}

test("a 64 MB form post is refused with 413 before anything reads it, and memory stays put", async ({ baseURL }) => {
  const before = await residentBytes();
  const body = Buffer.alloc(64 * 1024 * 1024, "a");
  const started = Date.now();
  const response = await fetch(`${baseURL}/login`, {
    method: "POST",
    headers: { ...XFF, "Content-Type": "application/x-www-form-urlencoded", Accept: "text/html", "Accept-Language": "bn" },
    body,
  });
  expect(response.status).toBe(413);
  const html = await response.text();
  // In the player's language.
  expect(html).toContain('lang="bn"');
  expect(html).toContain("অনেক বেশি পাঠানো হয়েছে");
  expect(Date.now() - started).toBeLessThan(10_000);
  const after = await residentBytes();
  expect(after - before, "resident memory grew by less than 40 MB").toBeLessThan(40 * 1024 * 1024);
});

test("a body without a length (chunked) is refused with 411; the upload forms take their larger cap", async ({ baseURL }) => {
  const chunks = new ReadableStream({
    start(controller) {
      controller.enqueue(new TextEncoder().encode("username=a&password=b"));
      controller.close();
    },
  });
  const chunked = await fetch(`${baseURL}/login`, {
    method: "POST",
    headers: { ...XFF, "Content-Type": "application/x-www-form-urlencoded" },
    body: chunks,
    duplex: "half",
  } as RequestInit);
  expect(chunked.status).toBe(411);

  // 1 MB is too much for a form, not for the withdrawal proof upload (which then wants a session).
  const megabyte = Buffer.alloc(1024 * 1024, "b");
  const form = await fetch(`${baseURL}/member/security-center`, {
    method: "POST",
    redirect: "manual",
    headers: { ...XFF, "Content-Type": "application/x-www-form-urlencoded" },
    body: megabyte,
  });
  expect(form.status).not.toBe(413);
  // Answered before its body was read (no session: off to login), the connection still serves the
  // next request at once instead of hanging behind the unread megabyte.
  const started = Date.now();
  const next = await fetch(`${baseURL}/healthz`);
  expect(next.status).toBe(200);
  expect(Date.now() - started).toBeLessThan(2_000);
  const tooBigForLogin = await fetch(`${baseURL}/login`, {
    method: "POST",
    headers: { ...XFF, "Content-Type": "application/x-www-form-urlencoded" },
    body: megabyte,
  });
  expect(tooBigForLogin.status).toBe(413);
});

test("/healthz and /readyz answer without rendering a page; /metrics is on the operator port only", async ({ baseURL }) => {
  const health = await fetch(`${baseURL}/healthz`);
  expect(health.status).toBe(200);
  expect(health.headers.get("content-type")).toContain("application/json");
  const ready = await fetch(`${baseURL}/readyz`);
  expect(await ready.json()).toMatchObject({ status: "ready" });
  const metrics = await (await fetch(`http://127.0.0.1:${OPERATOR_PORT}/metrics`)).text();
  for (const name of [
    "http_request_duration_seconds_bucket",
    "platform_call_duration_seconds_bucket",
    "platform_breaker_state",
    "gateway_cache_total",
    "nodejs_eventloop_lag_seconds",
  ]) {
    expect(metrics, name).toContain(name);
  }
  expect(metrics).toMatch(/http_request_duration_seconds_count\{method="GET",route="\/healthz",status="2xx"\}/);
});

test("methods and bodies no page takes are refused before the app: 405 with Allow, 415, never a 5xx", async ({ baseURL }) => {
  for (const method of ["PUT", "DELETE", "PATCH", "OPTIONS"]) {
    const response = await fetch(`${baseURL}/login`, { method, headers: XFF });
    expect(response.status, method).toBe(405);
    expect(response.headers.get("allow")).toBe("GET, HEAD, POST");
  }
  for (const [type, body] of [
    ["application/json", '{"username":"a","password":"b"}'],
    ["text/plain", "username=a"],
    ["application/xml", "<a/>"],
  ] as const) {
    const response = await fetch(`${baseURL}/login`, { method: "POST", headers: { ...XFF, "Content-Type": type }, body });
    expect(response.status, type).toBe(415);
  }
  // A form is still a form, and an empty post (Remix's revalidation) still passes.
  const form = await fetch(`${baseURL}/login`, {
    method: "POST",
    headers: { ...XFF, "Content-Type": "application/x-www-form-urlencoded; charset=UTF-8" },
    body: "username=a",
  });
  expect(form.status).toBeLessThan(500);
  expect(form.status).not.toBe(415);
});
