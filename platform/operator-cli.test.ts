import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer as createHttpServer, type IncomingMessage } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { runAdmin } from "./admin";
import { acquireDataFolderLock, DataFolderLocked, lockFileOf, processStartTime } from "./data-lock";
import type { Db } from "./db/db";
import { createOperatorApp, listenOperator, signOperatorRequest } from "./operator-http";
import { openPlatformDb } from "./runtime";
import { freePort } from "./testing/free-port";

// Issue 25, item 6: the operator command line never opens a data folder a live process has open
// (PGlite is single-process), waits for that process's listener instead, and sends nothing with
// the key to a listener that has not proved it holds the key.

const KEY = "operator-key-for-cli-tests-0001";
const folders: string[] = [];
const children: ChildProcess[] = [];

afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill("SIGKILL");
});
afterAll(() => {
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

function folder(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "operator-cli-"));
  folders.push(dir);
  return dir;
}

/** A process that lives until killed: a live owner for a lock file. */
function sleeper(): ChildProcess {
  const child = spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)"], { stdio: "ignore" });
  children.push(child);
  return child;
}

/** The pid of a process that has exited. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ["-e", ""], { stdio: "ignore" });
  await new Promise((resolve) => child.once("exit", resolve));
  return child.pid!;
}

function writeLock(dataDir: string, pid: number, role: "server" | "admin", started = processStartTime(pid)) {
  writeFileSync(lockFileOf(dataDir), JSON.stringify({ pid, started, token: "someone-else", role, at: new Date().toISOString() }));
}

function capture() {
  const lines = { log: [] as string[], error: [] as string[] };
  return { lines, io: { log: (l: string) => lines.log.push(l), error: (l: string) => lines.error.push(l) } };
}

async function until(what: string, probe: () => boolean, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!probe()) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A database that knows the merchant "demo" and records what it was asked: enough for `status`. */
function recordingDb(): Db & { queries: string[] } {
  const queries: string[] = [];
  return {
    kind: "pglite",
    queries,
    async query<R>(text: string) {
      queries.push(text);
      return (text.startsWith("SELECT 1 FROM merchants") ? [{}] : []) as R[];
    },
    tx: async (fn) => fn({ query: async () => [] }),
    listen: async () => async () => undefined,
    close: async () => undefined,
  };
}

describe("the data folder's lock", () => {
  it("refuses a second opener while its owner lives, and is free again once released", () => {
    const dir = folder();
    const lock = acquireDataFolderLock(dir, "server");
    expect(JSON.parse(readFileSync(lockFileOf(dir), "utf8"))).toMatchObject({ pid: process.pid, role: "server" });
    expect(() => acquireDataFolderLock(dir, "admin")).toThrow(DataFolderLocked);
    lock.release();
    expect(existsSync(lockFileOf(dir))).toBe(false);
    acquireDataFolderLock(dir, "admin").release();
  });

  it("refuses a folder another live process holds", () => {
    const dir = folder();
    const owner = sleeper();
    writeLock(dir, owner.pid!, "server");
    expect(() => acquireDataFolderLock(dir, "server")).toThrow(/in use by a platform \(pid \d+\)/);
  });

  it("takes over a lock whose process is gone, whose pid now belongs to another process, or that names this pid from an earlier life", async () => {
    const dir = folder();
    writeLock(dir, await deadPid(), "server");
    acquireDataFolderLock(dir, "server").release();

    // The pid is alive, but it is not the process that took the lock (it started at another time).
    writeLock(dir, process.ppid, "server", "1");
    if (processStartTime(process.ppid) !== null) acquireDataFolderLock(dir, "server").release();

    // A container restarted: this very pid, a token this process never held.
    writeLock(dir, process.pid, "server");
    const lock = acquireDataFolderLock(dir, "admin");
    expect(JSON.parse(readFileSync(lockFileOf(dir), "utf8")).token).toBe(lock.owner.token);
    lock.release();
  });

  it("lets exactly one of several processes that find the same stale lock at once take it over", async () => {
    const dir = folder();
    writeLock(dir, await deadPid(), "server");
    const script = `
      import { acquireDataFolderLock } from "./platform/data-lock.ts";
      // Start together: each waits for the same moment.
      const at = Number(process.argv[2]);
      while (Date.now() < at) {}
      try { acquireDataFolderLock(process.argv[1], "server"); console.log("won"); setTimeout(() => {}, 3000); }
      catch (err) { console.log(err.name === "DataFolderLocked" ? "locked" : "error " + err.message); }`;
    const at = String(Date.now() + 3_000);
    const outcomes = await Promise.all(
      [1, 2, 3, 4].map(
        () =>
          new Promise<string>((resolve) => {
            const child = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script, dir, at], {
              cwd: path.resolve(import.meta.dirname, ".."),
              stdio: ["ignore", "pipe", "inherit"],
            });
            children.push(child);
            let out = "";
            child.stdout!.on("data", (d) => {
              out += d;
              if (out.includes("\n")) resolve(out.trim());
            });
            child.once("exit", () => resolve(out.trim()));
          }),
      ),
    );
    expect(outcomes.filter((o) => o === "won")).toHaveLength(1);
    expect(outcomes.filter((o) => o === "locked")).toHaveLength(3);
  }, 30_000);

  it("keeps a platform from opening PGlite while another holds it, and makes it wait for an operator command", async () => {
    const dir = folder();
    const config = { dataDir: dir, memory: false, operatorPort: 0, merchant: "demo" };
    const owner = sleeper();
    writeLock(dir, owner.pid!, "server");
    await expect(openPlatformDb(config)).rejects.toThrow(DataFolderLocked);
    expect(existsSync(path.join(dir, "pglite", "PG_VERSION"))).toBe(false);

    // An operator command holds it: the platform waits for it instead of refusing.
    writeLock(dir, owner.pid!, "admin");
    let opened = false;
    const opening = openPlatformDb(config).then((db) => {
      opened = true;
      return db;
    });
    await new Promise((r) => setTimeout(r, 500));
    expect(opened).toBe(false);
    rmSync(lockFileOf(dir));
    const db = await opening;
    expect(JSON.parse(readFileSync(lockFileOf(dir), "utf8")).pid).toBe(process.pid);
    await db.close();
    expect(existsSync(lockFileOf(dir))).toBe(false);
  }, 60_000);
});

describe("the operator command line", () => {
  it("waits for the listener of the process that holds the folder, and never opens the folder itself", async () => {
    const dir = folder();
    const port = await freePort();
    const owner = sleeper();
    writeLock(dir, owner.pid!, "server");
    const env = { ...process.env, DATA_DIR: dir, OPERATOR_PORT: String(port), OPERATOR_KEY: KEY };
    const { lines, io } = capture();

    const running = runAdmin(["status", "maintenance"], env, io);
    await until("the CLI says it waits", () => lines.error.some((l) => /waiting/i.test(l)));
    expect(lines.error.join("\n")).toContain(`pid ${owner.pid}`);

    // The platform's listener comes up (as it does once seeding is done).
    const db = recordingDb();
    const listener = await listenOperator(createOperatorApp({ db, merchant: "demo", key: KEY }), port);
    try {
      expect(await running).toBe(0);
    } finally {
      listener.close();
    }
    expect(db.queries.some((q) => q.startsWith("UPDATE merchants SET status"))).toBe(true);
    expect(lines.log).toEqual([JSON.stringify({ merchant: "demo", status: "maintenance" })]);
    expect(existsSync(path.join(dir, "pglite"))).toBe(false);
  }, 30_000);

  it("refuses with a clear message when the folder is held and no listener comes", async () => {
    const dir = folder();
    const owner = sleeper();
    writeLock(dir, owner.pid!, "server");
    const env = { ...process.env, DATA_DIR: dir, OPERATOR_PORT: String(await freePort()), OPERATOR_KEY: KEY, OPERATOR_WAIT_SECONDS: "1" };
    const { lines, io } = capture();
    expect(await runAdmin(["credit", "demo_member", "100"], env, io)).toBe(1);
    expect(lines.error.at(-1)).toMatch(new RegExp(`in use by .*pid ${owner.pid}.*did not answer`, "s"));
    expect(existsSync(path.join(dir, "pglite"))).toBe(false);
  }, 30_000);

  it("sends nothing with the key to a listener on the port that cannot prove it holds the key", async () => {
    const dir = folder();
    writeFileSync(path.join(dir, "operator.key"), `${KEY}\n`);
    const heard: Array<{ url: string; headers: string; body: string }> = [];
    const stranger = createHttpServer((req: IncomingMessage, res) => {
      let body = "";
      req.on("data", (d) => (body += d));
      req.on("end", () => {
        heard.push({ url: req.url ?? "", headers: req.rawHeaders.join("\n"), body });
        res.setHeader("Content-Type", "application/json");
        res.end(JSON.stringify({ ok: true, proof: "trust me", result: {} }));
      });
    });
    await new Promise<void>((resolve) => stranger.listen(0, "127.0.0.1", resolve));
    const port = (stranger.address() as { port: number }).port;
    const env = { ...process.env, DATA_DIR: dir, OPERATOR_PORT: String(port), OPERATOR_KEY: "" };
    const { lines, io } = capture();
    try {
      expect(await runAdmin(["reset-password", "demo_member", "Secret@9876"], env, io)).toBe(1);
    } finally {
      stranger.close();
    }
    expect(lines.error.at(-1)).toMatch(/did not prove/);
    for (const request of heard) {
      expect(request.headers + request.body).not.toContain(KEY);
      expect(request.body).not.toContain("Secret@9876");
      expect(request.url).toBe("/operator/proof");
    }
    expect(existsSync(path.join(dir, "pglite"))).toBe(false);
  });
});

describe("the operator listener", () => {
  it("proves the key without showing it, and takes each signed command once", async () => {
    const app = createOperatorApp({ db: recordingDb(), merchant: "demo", key: KEY });
    const proof = await app.fetch(
      new Request("http://127.0.0.1/operator/proof", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ nonce: "n".repeat(32) }),
      }),
    );
    const proved = (await proof.json()) as { proof: string };
    expect(proved.proof).toMatch(/^[\w-]{43}$/);
    expect(JSON.stringify(proved)).not.toContain(KEY);

    const body = JSON.stringify({ status: "normal" });
    const signature = signOperatorRequest(KEY, { method: "POST", path: "/operator/status", body });
    const send = () =>
      app.fetch(
        new Request("http://127.0.0.1/operator/status", {
          method: "POST",
          headers: { "Content-Type": "application/json", "X-Operator-Signature": signature },
          body,
        }),
      );
    expect((await send()).status).toBe(200);
    // The same signed request again (a stranger who heard it replaying it): refused.
    expect((await send()).status).toBe(401);
    // Signed with another key, or a body other than the one signed: refused.
    const forged = signOperatorRequest("another-key-entirely-0000", { method: "POST", path: "/operator/status", body });
    expect(
      (
        await app.fetch(
          new Request("http://127.0.0.1/operator/status", { method: "POST", headers: { "X-Operator-Signature": forged }, body }),
        )
      ).status,
    ).toBe(401);
    const other = signOperatorRequest(KEY, { method: "POST", path: "/operator/status", body });
    expect(
      (
        await app.fetch(
          new Request("http://127.0.0.1/operator/status", {
            method: "POST",
            headers: { "X-Operator-Signature": other },
            body: JSON.stringify({ status: "maintenance" }),
          }),
        )
      ).status,
    ).toBe(401);
  });
});

describe("the audit's race", () => {
  it("a credit run during the platform's first seconds is applied once, through the platform, and survives", async () => {
    const dir = folder();
    const env = {
      ...process.env,
      PLATFORM_PORT: String(await freePort()),
      OPERATOR_PORT: String(await freePort()),
      DATA_DIR: dir,
      OPERATOR_KEY: "",
      PLATFORM_MEMORY: "",
      VITEST: "",
    };
    const child = spawn(process.execPath, ["--import", "tsx", "platform/serve.ts"], {
      cwd: path.resolve(import.meta.dirname, ".."),
      env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    children.push(child);
    let output = "";
    child.stdout!.on("data", (d) => (output += d));
    child.stderr!.on("data", (d) => (output += d));
    const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
    const { lines, io } = capture();
    try {
      // At once: the platform is starting, opening and seeding its folder.
      expect(await runAdmin(["credit", "demo_member", "100"], env, io), lines.error.join("\n")).toBe(0);
      await until("the platform is up", () => output.includes("contract on http"), 60_000);
      expect(await runAdmin(["accounts"], env, io)).toBe(0);
      expect(lines.log.filter((l) => /\tdemo_member\t/.test(l)).at(-1)).toMatch(/\t5100\.00\t/);
    } finally {
      child.kill("SIGTERM");
    }
    expect(await exited, output).toBe(0);
    expect(output).not.toMatch(/abort|corrupt/i);
    // The platform is gone: the CLI opens the folder itself, and the credit is there once.
    const after = capture();
    expect(await runAdmin(["accounts"], env, after.io)).toBe(0);
    expect(after.lines.log.find((l) => /\tdemo_member\t/.test(l))).toMatch(/\t5100\.00\t/);
    expect(existsSync(lockFileOf(dir))).toBe(false);
  }, 120_000);
});
