import { execFileSync } from "node:child_process";
import { expect, test } from "@playwright/test";
import { browse, Jar, logIn, startWeb, type Proc } from "./harness";

// `npm start` as an operator's process manager runs it: the README's command, the embedded
// platform on PGlite, then SIGTERM while a request is still being answered.

test.describe.configure({ mode: "serial" });

function descendants(pid: number): number[] {
  let out = "";
  try {
    out = execFileSync("pgrep", ["-P", String(pid)], { encoding: "utf8" });
  } catch {
    return [];
  }
  const children = out.split("\n").filter(Boolean).map(Number);
  return children.flatMap((c) => [c, ...descendants(c)]);
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

let dataDir = "";

test("SIGTERM to npm start finishes the request in flight, closes the database and leaves nothing behind", async () => {
  const web: Proc = await startWeb({}, { command: "npm-start" });
  dataDir = /PGlite in (\S+)\/pglite/.exec(web.lines.join("\n"))?.[1] ?? "";
  expect(dataDir, "the embedded platform on PGlite").not.toBe("");
  const processes = descendants(web.child.pid!);
  expect(processes.length).toBeGreaterThan(0);

  // The captcha image waits out the rest of a second after the previous one: a request that is
  // still running when the signal comes.
  const jar = new Jar();
  expect((await browse(jar, `${web.url}/captcha`)).status).toBe(200);
  const started = Date.now();
  const inFlight = browse(jar, `${web.url}/captcha`);
  await new Promise((r) => setTimeout(r, 250));
  web.child.kill("SIGTERM");

  const answer = await inFlight;
  expect(answer.status).toBe(200);
  expect(answer.headers.get("content-type")).toBe("image/png");
  expect(Date.now() - started).toBeGreaterThan(500);

  const exit = await web.exited;
  expect(exit.code).toBe(0);
  for (const pid of processes) expect(alive(pid), `process ${pid} is gone`).toBe(false);
  await expect(fetch(`${web.url}/healthz`)).rejects.toThrow();
  const stopped = web.json().find((l) => l.msg === "stopped cleanly");
  expect(stopped, web.lines.slice(-5).join("\n")).toBeTruthy();
});

test("the database it closed opens again at once (no recovery, no lock left behind)", async () => {
  test.skip(!dataDir, "needs the first test's data folder");
  const again = await startWeb({ DATA_DIR: dataDir });
  const opened = /PGlite in \S+ .*\((\d+) ms\)/.exec(again.lines.join("\n"));
  expect(Number(opened?.[1])).toBeLessThan(3_000);
  expect((await fetch(`${again.url}/readyz`)).status).toBe(200);
  expect((await again.stop()).code).toBe(0);
});

test("with SHUTDOWN_DELAY_MS it keeps serving while /readyz tells the balancer it is draining", async () => {
  const web = await startWeb({ SHUTDOWN_DELAY_MS: "1500" });
  expect((await fetch(`${web.url}/readyz`)).status).toBe(200);
  const signalled = Date.now();
  web.child.kill("SIGTERM");
  await new Promise((r) => setTimeout(r, 200));
  const ready = await fetch(`${web.url}/readyz`);
  expect(ready.status).toBe(503);
  expect(await ready.json()).toEqual({ status: "draining" });
  expect((await fetch(`${web.url}/healthz`)).status).toBe(200);
  expect((await fetch(`${web.url}/`)).status).toBe(200);
  expect((await web.exited).code).toBe(0);
  expect(Date.now() - signalled).toBeGreaterThanOrEqual(1_500);
});

test("a refusal held for a flooding script is answered at SIGTERM, and the stop does not wait for its hold", async () => {
  const web = await startWeb({ RATE_LIMIT_PER_IP: "1", REFUSAL_HOLD_MS: "10000" });
  const post = () => logIn(new Jar(), web.url, "flood", "Whatever-1");
  // Refused by the form's action first (the form with its message), then held by the server.
  let refused = 0;
  for (let i = 0; i < 5 && refused === 0; i++) refused = (await post()).status === 429 ? 1 : 0;
  expect(refused).toBe(1);
  const heldAt = Date.now();
  const held = post();
  await new Promise((r) => setTimeout(r, 300));
  web.child.kill("SIGTERM");
  const answer = await held;
  expect(answer.status).toBe(429);
  expect(answer.headers.get("connection")).toBe("close");
  expect((await web.exited).code).toBe(0);
  expect(Date.now() - heldAt).toBeLessThan(8_000);
});
