import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import * as expressAdapter from "@remix-run/express/dist/server.js";
import { UNSAFE_ErrorResponseImpl as ErrorResponse } from "@remix-run/router";
import express from "express";
import { pino } from "pino";
import { afterEach, describe, expect, it, vi } from "vitest";
import { handleError } from "~/entry.server";
import { runInScope } from "~/request-scope.server";
import { answerHeadersWin, securityHeaders } from "../../../server/headers";
import { clientErrorsAsWarnings } from "../../../server/logging";

// Issue 25, item 7: what a client asks wrongly (a URL that cannot be decoded, a method a route has
// no action for, ?_data= of no route) is a warning without a stack, and a header a route sets
// itself goes out once.

const { sendRemixResponse } = expressAdapter as unknown as { sendRemixResponse(res: express.Response, response: Response): Promise<void> };

function memoryLogger() {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString().split("\n").filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { lines, logger: pino({ level: "debug" }, stream) };
}

async function serve(app: express.Express): Promise<{ url: string; close(): void }> {
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("the server's answer to a URL it cannot decode", () => {
  it("GET /% is a 400 and a warning without a stack, not Express's error-level stack", async () => {
    const { lines, logger } = memoryLogger();
    const consoleError = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const app = express();
    // As in production: Express writes an unhandled error's stack with console.error (which our
    // server routes to the log at error level) in every environment but "test".
    app.set("env", "production");
    app.all("*", (_req, res) => void res.send("page"));
    app.use(clientErrorsAsWarnings(logger));
    const site = await serve(app);
    try {
      const response = await fetch(`${site.url}/%`);
      expect(response.status).toBe(400);
      expect(await response.text()).toBe("Bad Request");
      expect((await fetch(`${site.url}/help`)).status).toBe(200);
    } finally {
      site.close();
    }
    expect(consoleError).not.toHaveBeenCalled();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 40, status: 400, url: "/%", msg: "request refused" });
    expect(JSON.stringify(lines[0])).not.toMatch(/stack|\n\s+at /);
  });
});

describe("a route's own security header", () => {
  it("goes out once, not joined to the server's (/media's nosniff)", async () => {
    const app = express();
    app.use(securityHeaders({ gameFrameSources: [], secure: false }));
    app.get("/media/x.png", async (_req, res) => {
      const answer = new Response("png", {
        headers: { "Content-Type": "image/png", "X-Content-Type-Options": "nosniff", "Referrer-Policy": "no-referrer" },
      });
      answerHeadersWin(res, answer);
      await sendRemixResponse(res, answer);
    });
    app.get("/page", async (_req, res) => {
      const answer = new Response("<p>page</p>", { headers: { "Content-Type": "text/html" } });
      answerHeadersWin(res, answer);
      await sendRemixResponse(res, answer);
    });
    const site = await serve(app);
    try {
      const media = await fetch(`${site.url}/media/x.png`);
      expect(media.headers.get("x-content-type-options")).toBe("nosniff");
      expect(media.headers.get("referrer-policy")).toBe("no-referrer");
      // A page that sets none keeps the server's.
      const page = await fetch(`${site.url}/page`);
      expect(page.headers.get("x-content-type-options")).toBe("nosniff");
      expect(page.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    } finally {
      site.close();
    }
  });
});

describe("handleError (app/entry.server.tsx)", () => {
  const report = (error: unknown, url = "http://localhost/help") => {
    const { lines, logger } = memoryLogger();
    runInScope({ log: logger }, () => handleError(error, { request: new Request(url), params: {}, context: {} }));
    return lines;
  };

  it("logs a wrong method as a warning with its reason, not an error or [object Object]", () => {
    const wrongMethod = new ErrorResponse(
      405,
      "Method Not Allowed",
      new Error('You made a POST request to "/help" but did not provide an `action` for route "routes/help"'),
      true,
    );
    const lines = report(wrongMethod);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 40, status: 405, path: "/help", msg: "request refused" });
    expect(String(lines[0]!.reason)).toContain("did not provide an `action`");
    expect(JSON.stringify(lines[0])).not.toMatch(/\[object Object\]|stack/);
  });

  it("logs ?_data= of no route, and Remix's single-fetch notice about it, as warnings", () => {
    const noRoute = new ErrorResponse(403, "Forbidden", new Error('Route "routes/nope" does not match URL "/"'), true);
    const notice = new Error(
      "Warning: Single fetch-enabled apps should not be making ?_data requests, this is likely to break in the future",
    );
    for (const error of [noRoute, notice]) {
      const lines = report(error, "http://localhost/?_data=routes%2Fnope");
      expect(lines).toHaveLength(1);
      expect(lines[0]!.level).toBe(40);
      expect(JSON.stringify(lines[0])).not.toMatch(/stack|\[object Object\]/);
    }
  });

  it("still logs our own failures as errors with their stack, and an object as what it is", () => {
    const failed = report(new Error("the loader broke"));
    expect(failed[0]).toMatchObject({ level: 50, msg: "request failed" });
    expect(JSON.stringify(failed[0])).toContain("the loader broke");
    expect((failed[0]!.err as { stack?: string }).stack).toContain("request-mistakes.test.ts");

    const object = report({ code: "weird", detail: 7 });
    expect(object[0]).toMatchObject({ level: 50 });
    expect(JSON.stringify(object[0])).not.toContain("[object Object]");
    expect(JSON.stringify(object[0])).toContain("weird");
    // A 500 answer is ours too.
    expect(report(new ErrorResponse(500, "Internal Server Error", new Error("boom"), true))[0]!.level).toBe(50);
  });
});
