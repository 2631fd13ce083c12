import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { Redis } from "ioredis";
import { freePort } from "../../platform/testing/free-port";

// A throwaway Debian redis-server for a test file: its own port, no persistence. CI installs it
// (.ci/run); elsewhere the tests that need it are skipped when it is absent.

export const REDIS_SERVER = process.env.REDIS_SERVER ?? "/usr/bin/redis-server";
export const redisAvailable = existsSync(REDIS_SERVER) || Boolean(process.env.CI);

export async function startRedis(): Promise<{ url: string; stop(): void }> {
  const port = await freePort();
  const url = `redis://127.0.0.1:${port}`;
  const server: ChildProcess = spawn(REDIS_SERVER, ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], {
    stdio: "ignore",
  });
  await new Promise((resolve, reject) => server.once("spawn", resolve).once("error", reject));
  // Ready when it answers a PING (a fresh connection each try: no retries to leave behind).
  for (const end = Date.now() + 5_000; ; ) {
    const probe = new Redis(url, { lazyConnect: true, retryStrategy: () => null, maxRetriesPerRequest: 0 });
    probe.on("error", () => undefined);
    const up = await probe.connect().then(
      () => probe.ping(),
      () => null,
    );
    probe.disconnect();
    if (up === "PONG") break;
    if (Date.now() > end) throw new Error("redis-server did not start");
    await new Promise((r) => setTimeout(r, 50));
  }
  return { url, stop: () => void server.kill() };
}
