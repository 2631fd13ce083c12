import { expect, test } from "@playwright/test";
import pg from "pg";
import { browse, hiddenInputs, Jar, logIn, postForm, startPlatform, startWeb, type Proc } from "./harness";

// What docker-compose.yml describes, without Docker: the reference platform on a PostgreSQL
// server, two web instances sharing SESSION_SECRET behind a "balancer" (this test, sending each
// request to one or the other, with X-Forwarded-For as a balancer adds it), and the rate limiter's
// counts shared through PostgreSQL. TEST_DATABASE_URL comes from scripts/postgres.mjs (npm test).

const server = process.env.TEST_DATABASE_URL;
test.skip(!server && !process.env.CI, "no PostgreSQL server here (npm test sets one up when Debian's postgresql is installed)");

test.describe.configure({ mode: "serial" });

const databases: string[] = [];
let platform: Proc;
let a: Proc;
let b: Proc;

async function createDatabase(): Promise<string> {
  if (!server) throw new Error("TEST_DATABASE_URL is required in CI");
  const name = `scaleout_${Date.now().toString(36)}_${databases.length}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  databases.push(name);
  const url = new URL(server);
  url.pathname = `/${name}`;
  return url.toString();
}

test.beforeAll(async () => {
  const platformDb = await createDatabase();
  const limiterDb = await createDatabase();
  platform = await startPlatform({ DATABASE_URL: platformDb });
  const web = {
    PLATFORM_URL: platform.url,
    TRUST_PROXY: "1",
    LIMITER_DATABASE_URL: limiterDb,
    RATE_LIMIT_PER_IP: "4",
    RATE_LIMIT_PER_ACCOUNT: "100",
  };
  [a, b] = await Promise.all([startWeb(web), startWeb(web)]);
});

test.afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await platform?.stop();
  if (server) {
    const admin = new pg.Client({ connectionString: server });
    await admin.connect();
    // Cleaning up never fails the run: a database something still holds is left behind.
    for (const name of databases) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
    await admin.end();
  }
});

const player = { "X-Forwarded-For": "203.0.113.50" };

function mainWallet(html: string): string | undefined {
  return /<option value="2"[^>]*>Main Wallet<!-- --> \(<!-- -->([^<]+)<!-- -->\)/.exec(html)?.[1]?.replace(/\u00a0/g, " ");
}

test("a player logs in on one instance and carries on on the other: balance, a transfer, logout", async () => {
  const jar = new Jar();
  const login = await logIn(jar, a.url, "demo_member", "Demo@1234", player);
  expect(login.status).toBe(302);

  // On B, with the cookie A set.
  const page = await browse(jar, `${b.url}/member/transfer-fund`, { headers: player });
  expect(page.status).toBe(200);
  const html = await page.text();
  expect(mainWallet(html)).toBe("৳ 5,000.00");

  // A transfer posted to B (its CSRF token came from B's page, the session from A).
  const fields = hiddenInputs(html, /transfer-fund/);
  expect(fields.intent).toBe("transfer");
  const moved = await postForm(jar, `${b.url}/member/transfer-fund`, { ...fields, from: "2", to: "8", amount: "100" }, player);
  expect(moved.status).toBeLessThan(400);

  // A sees the money where B put it.
  const onA = await (await browse(jar, `${a.url}/member/transfer-fund`, { headers: player })).text();
  expect(mainWallet(onA)).toBe("৳ 4,900.00");

  // Logging out on A ends the session on B too.
  const logout = await postForm(jar, `${a.url}/logout`, hiddenInputs(onA, /logout/), player);
  expect(logout.status).toBe(302);
  const after = await browse(jar, `${b.url}/member/transfer-fund`, { headers: player });
  expect(after.status).toBe(302);
  expect(after.headers.get("location")).toMatch(/^\/login/);
});

test("a rate limit reached through one instance holds on the other (shared PostgreSQL store)", async () => {
  const spray = { "X-Forwarded-For": "198.51.100.77" };
  const statuses: number[] = [];
  for (const web of [a, b, a, b]) statuses.push((await logIn(new Jar(), web.url, "demo_member", "wrong-password", spray)).status);
  expect(statuses).toEqual([400, 400, 400, 400]);
  for (const web of [a, b]) {
    const limited = await logIn(new Jar(), web.url, "demo_member", "wrong-password", spray);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
  }
});
