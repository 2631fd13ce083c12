import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { startWeb, type Proc } from "./harness";

// Issue 25, items 6 and 7, on the built server with its embedded platform: what a client asks
// wrongly is a warning without a stack, /media's nosniff goes out once, and a second server on
// the same data folder does not open the PGlite folder the first has open.

test.describe.configure({ mode: "serial" });

const dataDir = mkdtempSync(join(tmpdir(), "bw-mistakes-"));
let web: Proc;

test.beforeAll(async () => {
  web = await startWeb({ DATA_DIR: dataDir });
});

test.afterAll(async () => {
  await web?.stop();
});

const errorsSince = (since: number) =>
  web
    .json()
    .slice(since)
    .filter((l) => l.level >= 50);

test("a URL that cannot be decoded, ?_data= of no route and a wrong method are warnings without a stack", async () => {
  const since = web.json().length;
  expect((await fetch(`${web.url}/%`)).status).toBe(400);
  expect((await fetch(`${web.url}/?_data=routes%2Fno-such-route`)).status).toBeLessThan(500);
  const wrongMethod = await fetch(`${web.url}/help`, {
    method: "POST",
    headers: { Origin: web.url, "Content-Type": "application/x-www-form-urlencoded" },
    body: "a=1",
  });
  expect(wrongMethod.status).toBeGreaterThanOrEqual(400);
  expect(wrongMethod.status).toBeLessThan(500);
  await new Promise((r) => setTimeout(r, 1_500)); // the logger writes at least once a second
  const lines = web.json().slice(since);
  expect(errorsSince(since), JSON.stringify(errorsSince(since))).toEqual([]);
  for (const line of lines) expect(JSON.stringify(line)).not.toMatch(/URIError: URI malformed\\n|\[object Object\]|"stack"/);
  expect(lines.some((l) => l.level === 40 && l.msg === "request refused" && l.status === 400)).toBe(true);
});

test("/media sends X-Content-Type-Options once", async () => {
  const response = await fetch(`${web.url}/media/flag/BD.svg`);
  expect(response.status).toBe(200);
  expect(response.headers.get("x-content-type-options")).toBe("nosniff");
});

test("a second server on the same data folder does not open the PGlite folder the first has open", async () => {
  const second = await startWeb({ DATA_DIR: dataDir });
  try {
    const home = await fetch(`${second.url}/`);
    expect(home.status).toBe(503);
    expect(second.lines.join("\n")).toMatch(new RegExp(`in use by a platform \\(pid ${web.child.pid}\\)`));
  } finally {
    await second.stop();
  }
  // The first still serves, its database intact.
  expect((await fetch(`${web.url}/`)).status).toBe(200);
});
