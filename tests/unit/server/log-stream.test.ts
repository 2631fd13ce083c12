import { closeSync, mkdtempSync, openSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pino } from "pino";
import { describe, expect, it } from "vitest";
import { LineBatcher } from "../../../server/log-stream";

// The logger's destination writes lines in batches (issue 14): every line arrives, whole and in
// order, whether it went out with a full batch, a flush or the synchronous flush before exit.

const file = () => join(mkdtempSync(join(tmpdir(), "bw-log-")), "out.log");
const linesIn = (path: string) => readFileSync(path, "utf8").split("\n").filter(Boolean);

describe("LineBatcher", () => {
  it("writes every line once and in order, in batches, while lines keep coming during a write", async () => {
    const path = file();
    const fd = openSync(path, "a");
    const out = new LineBatcher(fd, 1024);
    for (let i = 0; i < 5_000; i++) {
      out.write(`{"n":${i},"pad":"${"x".repeat(i % 97)}"}\n`);
      if (i % 250 === 0) await new Promise((resolve) => setImmediate(resolve));
    }
    // Nothing is lost in the batch that had not reached its size.
    await new Promise((resolve) => setTimeout(resolve, 50));
    out.flush();
    await expect.poll(() => linesIn(path).length).toBe(5_000);
    expect(linesIn(path).map((line) => (JSON.parse(line) as { n: number }).n)).toEqual([...Array(5_000).keys()]);
    closeSync(fd);
  });

  it("holds a short line until a flush, and writes what waits synchronously when asked", async () => {
    const path = file();
    const fd = openSync(path, "a");
    const out = new LineBatcher(fd, 16_384);
    out.write("one\n");
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(linesIn(path)).toEqual([]);
    out.flush();
    await expect.poll(() => linesIn(path)).toEqual(["one"]);
    out.write("two\n");
    out.flushSync();
    expect(linesIn(path)).toEqual(["one", "two"]);
    closeSync(fd);
  });

  it("sends a warning or an error at once, with the lines that waited before it", async () => {
    const path = file();
    const fd = openSync(path, "a");
    const logger = pino({ base: { pid: 1 } }, new LineBatcher(fd, 16_384));
    logger.info("waiting");
    logger.debug("not logged at info");
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(linesIn(path)).toEqual([]);
    logger.warn("look");
    await expect.poll(() => linesIn(path).map((line) => (JSON.parse(line) as { msg: string }).msg)).toEqual(["waiting", "look"]);
    logger.error("broken");
    await expect.poll(() => linesIn(path).length).toBe(3);
    closeSync(fd);
  });

  it("is what pino writes to: its lines arrive as JSON", async () => {
    const path = file();
    const fd = openSync(path, "a");
    const logger = pino({ base: { pid: 1 } }, new LineBatcher(fd, 16_384));
    logger.info({ component: "test" }, "hello");
    logger.flush();
    await expect.poll(() => linesIn(path).length).toBe(1);
    expect(JSON.parse(linesIn(path)[0]!)).toMatchObject({ level: 30, pid: 1, component: "test", msg: "hello" });
    closeSync(fd);
  });
});
