import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { runAdmin } from "./admin";
import { getEmbeddedPlatform } from "./embedded";
import { encryptPayload } from "./testing/wps-client";
import { freePort } from "./testing/free-port";

// The process-level pieces: the memoised embedded platform, the operator listener and CLI,
// `npm run platform` persisting and closing on SIGTERM, and the CLI's fallback to the database.

function portRefuses(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createServer();
    socket.once("error", () => resolve(false));
    socket.listen(port, "127.0.0.1", () => socket.close(() => resolve(true)));
  });
}

function capture() {
  const lines = { log: [] as string[], error: [] as string[] };
  return { lines, io: { log: (l: string) => lines.log.push(l), error: (l: string) => lines.error.push(l) } };
}

const request = (url: string, init: RequestInit & { headers?: Record<string, string> } = {}) =>
  new Request(`http://embedded.test${url}`, { ...init, headers: { Merchant: "demo", ...init.headers } });

async function balanceOf(fetcher: (r: Request) => Promise<Response>, username: string): Promise<number> {
  const modulus = await (await fetcher(request("/wps/session/key/rsa"))).text();
  const { des, rsa } = encryptPayload({ username, password: "Demo@1234", type: "username" }, modulus);
  const login = (await (
    await fetcher(request("/wps/session/login", { method: "POST", headers: { Encryption: rsa }, body: JSON.stringify({ value: des }) }))
  ).json()) as { value: { token: string } };
  const balance = (await (
    await fetcher(request("/wps/v2/wallets/balance?typeId=0", { headers: { Authorization: login.value.token } }))
  ).json()) as { value: { balance: { availBalance: number }[] } };
  return balance.value.balance[0]?.availBalance ?? NaN;
}

describe("embedded platform", () => {
  it("opens once in memory, takes operator commands, and closes", async () => {
    const operatorPort = await freePort();
    const env = { ...process.env, OPERATOR_PORT: String(operatorPort), OPERATOR_KEY: "operator-key-for-tests-0001" };
    Object.assign(process.env, env);
    const sigtermBefore = process.listenerCount("SIGTERM");

    const first = getEmbeddedPlatform();
    expect(getEmbeddedPlatform()).toBe(first);
    const platform = await first;
    expect(process.listenerCount("SIGTERM")).toBe(sigtermBefore + 1);

    const status = await platform.fetch(request("/wps/system/status"));
    expect(((await status.json()) as { value: { status: number } }).value.status).toBe(0);

    // The CLI reaches the running platform through its operator listener.
    const { lines, io } = capture();
    expect(await runAdmin(["status", "maintenance"], env, io)).toBe(0);
    expect(((await (await platform.fetch(request("/wps/system/status"))).json()) as { value: { status: number } }).value.status).toBe(1);
    expect(await runAdmin(["status", "normal"], env, io)).toBe(0);
    expect(await runAdmin(["credit", "demo_member", "10"], env, io)).toBe(0);
    expect(await balanceOf(platform.fetch, "demo_member")).toBe(5010);
    expect(await runAdmin(["accounts"], env, io)).toBe(0);
    expect(lines.log.some((l) => /\tdemo_member\t0\t2\t5010\.00\t/.test(l))).toBe(true);
    expect(lines.error).toEqual([]);

    expect(await runAdmin(["credit", "ghost", "5"], env, io)).toBe(1);
    expect(lines.error.at(-1)).toMatch(/^Refused: No member "ghost"/);
    expect(await runAdmin(["status", "closed"], env, io)).toBe(2);
    expect(await runAdmin(["frobnicate"], env, io)).toBe(2);
    expect(lines.error.join("\n")).toContain("Usage: npm run platform:admin");

    await platform.close();
    expect(process.listenerCount("SIGTERM")).toBe(sigtermBefore);
    expect(await portRefuses(operatorPort)).toBe(true);
  });

  it("serves over HTTP with npm run platform, persists, exits on SIGTERM; then the CLI opens the folder itself", async () => {
    const port = await freePort();
    const dataDir = mkdtempSync(path.join(tmpdir(), "platform-serve-"));
    // No OPERATOR_KEY: the server creates DATA_DIR/operator.key and the CLI reads it from there.
    const env = {
      ...process.env,
      PLATFORM_PORT: String(port),
      OPERATOR_PORT: String(await freePort()),
      DATA_DIR: dataDir,
      OPERATOR_KEY: "",
      PLATFORM_MEMORY: "",
      VITEST: "",
    };
    const child = spawn(process.execPath, ["--import", "tsx", "platform/serve.ts"], {
      cwd: path.resolve(import.meta.dirname, ".."),
      env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (d) => (output += d));
    child.stderr.on("data", (d) => (output += d));
    const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
    const { lines, io } = capture();
    try {
      const deadline = Date.now() + 40_000;
      while (!output.includes("contract on http") && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      expect(output).toContain(`PGlite in ${path.join(dataDir, "pglite")}`);
      const response = await fetch(`http://127.0.0.1:${port}/wps/system/whitelabel`, { headers: { Merchant: "demo" } });
      expect(((await response.json()) as { success: boolean }).success).toBe(true);
      expect(readFileSync(path.join(dataDir, "operator.key"), "utf8").trim()).toMatch(/^[\w-]{32}$/);
      expect(await runAdmin(["credit", "demo_member", "7.25"], env, io)).toBe(0);
      expect(lines.error).toEqual([]);
    } finally {
      child.kill("SIGTERM");
    }
    expect(await exited, output).toBe(0);

    // Nothing listens now: the CLI opens the persisted folder, where the credit survived.
    expect(await runAdmin(["accounts"], env, io)).toBe(0);
    expect(lines.error[0]).toContain(`PGlite in ${path.join(dataDir, "pglite")}`);
    expect(lines.log.some((l) => /\tdemo_member\t0\t2\t5007\.25\t/.test(l))).toBe(true);
    rmSync(dataDir, { recursive: true, force: true });
    // Its own wait for the platform is 40 s: on a busy machine the start alone passes the default 30.
  }, 90_000);
});
