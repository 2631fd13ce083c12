import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { Jar, logIn, startPlatform, startWeb, type Proc } from "./harness";
import { freePort } from "../../platform/testing/free-port";

// The rate limiter's Redis store, as docker-compose.yml runs it: two instances count together in
// one Redis; when Redis goes away they keep limiting, each on its own, and never hang a login.
// Debian's redis-server is installed by .ci/run.

const REDIS = process.env.REDIS_SERVER ?? "/usr/bin/redis-server";
test.skip(!existsSync(REDIS) && !process.env.CI, "no redis-server here (apt-get install redis-server)");

test.describe.configure({ mode: "serial" });

let redis: ChildProcess;
let platform: Proc;
let a: Proc;
let b: Proc;

test.beforeAll(async () => {
  const port = await freePort();
  redis = spawn(REDIS, ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], { stdio: "ignore" });
  // A missing redis-server fails this file here, not the worker with an unhandled 'error' event.
  await new Promise((resolve, reject) => redis.once("spawn", resolve).once("error", reject));
  platform = await startPlatform();
  const web = {
    PLATFORM_URL: platform.url,
    TRUST_PROXY: "1",
    REDIS_URL: `redis://127.0.0.1:${port}`,
    RATE_LIMIT_PER_IP: "3",
    RATE_LIMIT_PER_ACCOUNT: "100",
  };
  [a, b] = await Promise.all([startWeb(web), startWeb(web)]);
});

test.afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await platform?.stop();
  redis?.kill("SIGKILL");
});

const attempt = (web: Proc, ip: string) => logIn(new Jar(), web.url, "demo_member", "wrong-password", { "X-Forwarded-For": ip });

test("a limit reached through one instance holds on the other", async () => {
  const ip = "192.0.2.30";
  expect([(await attempt(a, ip)).status, (await attempt(b, ip)).status, (await attempt(a, ip)).status]).toEqual([400, 400, 400]);
  expect((await attempt(b, ip)).status).toBe(429);
  expect((await attempt(a, ip)).status).toBe(429);
});

test("without Redis each instance still limits on its own, and answers at once", async () => {
  redis.kill("SIGKILL");
  await new Promise((r) => setTimeout(r, 300));
  const ip = "192.0.2.31";
  const statuses: number[] = [];
  const started = Date.now();
  for (let i = 0; i < 4; i++) statuses.push((await attempt(a, ip)).status);
  expect(statuses).toEqual([400, 400, 400, 429]);
  expect(Date.now() - started).toBeLessThan(8_000);
  expect(a.json().some((l) => l.component === "limiter")).toBe(true);
});
