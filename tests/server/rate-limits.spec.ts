import { request as httpRequest } from "node:http";
import { expect, test } from "@playwright/test";
import { browse, hiddenInputs, Jar, logIn, postForm, startPlatform, startWeb, type Proc } from "./harness";

// The public forms are rate-limited per client address and per account, behind a balancer
// (TRUST_PROXY=1) as in production: a spray from one address stops at its limit with 429,
// Retry-After and the message in the player's language; other players are not locked out.

test.describe.configure({ mode: "serial" });

let platform: Proc;
let web: Proc;

test.beforeAll(async () => {
  platform = await startPlatform();
  web = await startWeb({
    PLATFORM_URL: platform.url,
    TRUST_PROXY: "1",
    RATE_LIMIT_PER_IP: "3",
    RATE_LIMIT_PER_ACCOUNT: "5",
    REFUSAL_HOLD_MS: "600",
  });
});

test.afterAll(async () => {
  await web?.stop();
  await platform?.stop();
});

const from = (ip: string, lng = "en") => ({ "X-Forwarded-For": ip, "Accept-Language": lng });

test("a login spray from one address is stopped at the limit with 429, Retry-After and the message in Bengali", async () => {
  // A script drops its cookies between tries (so the session's captcha flag never applies to it).
  for (let i = 0; i < 3; i++) {
    const refused = await logIn(new Jar(), web.url, "demo_member", `wrong-password-${i}`, from("203.0.113.10", "bn"));
    expect(refused.status, `attempt ${i + 1}`).toBe(400);
  }
  const limited = await logIn(new Jar(), web.url, "demo_member", "Demo@1234", from("203.0.113.10", "bn"));
  expect(limited.status).toBe(429);
  expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(60);
  const html = await limited.text();
  // The login page again, with the form's error in the player's language (no JavaScript needed).
  expect(html).toContain('lang="bn"');
  expect(html).toMatch(/অনেক বেশি চেষ্টা হয়েছে। অনুগ্রহ করে \d+ মিনিট পরে আবার চেষ্টা করুন।/);
  expect(html).toContain('name="username"');

  // Posted again from the address just refused: answered at once by the server, before the body is
  // read or a page drawn, still in Bengali and with the wait (a refused flood costs next to nothing).
  const again = await logIn(new Jar(), web.url, "someone_else", "Whatever-1", from("203.0.113.10", "bn"));
  expect(again.status).toBe(429);
  expect(Number(again.headers.get("retry-after"))).toBeGreaterThan(60);
  const quick = await again.text();
  expect(quick).toMatch(/অনেক বেশি চেষ্টা হয়েছে। অনুগ্রহ করে \d+ মিনিট পরে আবার চেষ্টা করুন।/);
  expect(quick).not.toContain('name="username"');
  expect(quick.length).toBeLessThan(1_000);

  // The same refusal to a browser with JavaScript (Remix's single-fetch .data request).
  const jar = new Jar();
  const page = await browse(jar, `${web.url}/login`, { headers: from("203.0.113.10", "bn") });
  const data = await postForm(
    jar,
    `${web.url}/login.data`,
    { ...hiddenInputs(await page.text(), /login/), username: "demo_member", password: "x" },
    from("203.0.113.10", "bn"),
  );
  expect(data.status).toBe(429);
  expect(Number(data.headers.get("retry-after"))).toBeGreaterThan(60);
});

test("a script that posts again at once after its refusal waits for each answer; past sixteen waiting it is answered at once", async () => {
  const ip = "203.0.113.12";
  for (let i = 0; i < 4; i++) await logIn(new Jar(), web.url, `flood_${i}`, "Whatever-1", from(ip));
  const post = () =>
    new Promise<{ status: number; ms: number }>((resolve, reject) => {
      const started = performance.now();
      const body = "username=flood&password=x";
      const req = httpRequest(
        `${web.url}/login`,
        {
          method: "POST",
          agent: false,
          headers: {
            ...from(ip),
            "Content-Type": "application/x-www-form-urlencoded",
            "Content-Length": Buffer.byteLength(body),
            Accept: "text/html",
          },
        },
        (res) => {
          res.resume();
          res.on("end", () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started }));
        },
      );
      req.on("error", reject);
      req.end(body);
    });
  const answers = await Promise.all(Array.from({ length: 20 }, post));
  expect(answers.every((a) => a.status === 429)).toBe(true);
  expect(answers.filter((a) => a.ms >= 550)).toHaveLength(16);
  // Answered, not reset: a player behind the same address still reads the wait.
  expect(answers.filter((a) => a.ms < 550)).toHaveLength(4);
  // Another player's page meanwhile is not behind them.
  const flood = Promise.all(Array.from({ length: 6 }, post));
  const started = performance.now();
  const other = await browse(new Jar(), `${web.url}/help`, { headers: from("203.0.113.13") });
  const otherMs = performance.now() - started;
  await flood;
  expect(other.status).toBe(200);
  expect(otherMs).toBeLessThan(550);
});

test("another address is not locked out by someone else's spray", async () => {
  const jar = new Jar();
  const ok = await logIn(jar, web.url, "demo_agent", "Demo@1234", from("203.0.113.11"));
  expect(ok.status).toBe(302);
});

test("one account tried from many addresses: the web front counts it per address, the platform defends the account (captcha, then its lock)", async () => {
  // Decision 036: a login's per-account count is per account and address, so that a stranger's
  // spray of a name does not spend its owner's count; the account as a whole is the platform's
  // lock (10 failures in 15 minutes), which the owner's known device is not held by.
  const answers: Array<{ status: number; html: string }> = [];
  for (let i = 0; i < 11; i++) {
    const r = await logIn(new Jar(), web.url, "demo_trial_target", `guess-${i}`, from(`198.51.100.${100 + i}`));
    answers.push({ status: r.status, html: await r.text() });
  }
  // None is 429: no address went past its own count. The platform defends the account itself:
  // the image captcha after a few failures (CAPTCHA3 is on in the seed), then its lock
  // (platform/login-security.test.ts has the lock without the captcha in the way).
  expect(answers.map((a) => a.status)).toEqual(Array(11).fill(400));
  expect(answers[10]!.html).toMatch(/This account is locked for 15 minutes|Code in the picture/);
});

test("a login burst from one address meets 429 within the minute, before the 15-minute count would", async () => {
  // The 15-minute count here is 3 per address; the burst (10 a minute) is the one that bites on an
  // instance with the default 100, so it is checked on its own server with the defaults.
  const own = await startWeb({ PLATFORM_URL: platform.url, TRUST_PROXY: "1" });
  try {
    const statuses: number[] = [];
    let retryAfter = "";
    for (let i = 0; i < 11; i++) {
      const r = await logIn(new Jar(), own.url, `burstname${i}`, "Wrong-pass-1", from("203.0.113.50"));
      statuses.push(r.status);
      retryAfter = r.headers.get("retry-after") ?? "";
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(400));
    expect(statuses[10]).toBe(429);
    expect(Number(retryAfter)).toBeGreaterThan(0);
    expect(Number(retryAfter)).toBeLessThanOrEqual(60);
  } finally {
    await own.stop();
  }
});

test("free play and password reset are limited per address too", async () => {
  const jar = new Jar();
  const page = await browse(jar, `${web.url}/login`, { headers: from("203.0.113.20") });
  const fields = hiddenInputs(await page.text(), /free-play/);
  const statuses: number[] = [];
  for (let i = 0; i < 4; i++) {
    statuses.push((await postForm(new Jar(), `${web.url}/free-play`, fields, from("203.0.113.20"))).status);
  }
  expect(
    statuses.slice(0, 3).every((s) => s === 302),
    String(statuses),
  ).toBe(true);
  expect(statuses[3]).toBe(429);
  // Another player's address still gets free play (before real client addresses, everyone shared one).
  expect((await postForm(new Jar(), `${web.url}/free-play`, fields, from("203.0.113.22"))).status).toBe(302);

  const forgot = await browse(jar, `${web.url}/forgot-password?tab=email`, { headers: from("203.0.113.21") });
  const resetFields = hiddenInputs(await forgot.text(), /forgot-password/);
  const resets: number[] = [];
  for (let i = 0; i < 4; i++) {
    const r = await postForm(
      new Jar(),
      `${web.url}/forgot-password?tab=email`,
      { ...resetFields, tab: "email", username: `nobody${i}`, email: `nobody${i}@example.com` },
      from("203.0.113.21"),
    );
    resets.push(r.status);
  }
  expect(
    resets.slice(0, 3).every((s) => s !== 429),
    String(resets),
  ).toBe(true);
  expect(resets[3]).toBe(429);
});

test("a form that takes longer than the deadline to upload still gets the platform's answer", async () => {
  // A slow line: the body arrives over six seconds (the deadline is five); the page's time starts
  // when the body is in, so the login is still asked of the platform (a refusal, not a 503).
  const page = await browse(new Jar(), `${web.url}/login`, { headers: from("203.0.113.40") });
  const body = new URLSearchParams({
    ...hiddenInputs(await page.text(), /login/),
    username: "demo_vip",
    password: "not-the-password",
  }).toString();
  const status = await new Promise<number>((resolve, reject) => {
    const req = httpRequest(
      `${web.url}/login`,
      {
        method: "POST",
        headers: {
          ...from("203.0.113.40"),
          "Content-Type": "application/x-www-form-urlencoded",
          "Content-Length": Buffer.byteLength(body),
          Accept: "text/html",
        },
      },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    );
    req.on("error", reject);
    const half = Math.floor(body.length / 2);
    req.write(body.slice(0, half));
    setTimeout(() => req.end(body.slice(half)), 6_000);
  });
  expect(status).toBe(400);
});
