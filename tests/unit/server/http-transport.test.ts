import { spawn, type ChildProcess } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createGateway } from "~/gateway/index.server";
import { httpTransport, setTransport } from "~/gateway/transport.server";
import { freePort } from "../../../platform/testing/free-port";

// The same contract over a socket: `npm run platform` in its own process, the gateway's
// HTTP transport pointed at it (what PLATFORM_URL does).

let platform: ChildProcess | undefined;
let baseUrl = "";

beforeAll(async () => {
  const port = await freePort();
  baseUrl = `http://127.0.0.1:${port}`;
  platform = spawn(process.execPath, ["--import", "tsx", "platform/serve.ts"], {
    env: { ...process.env, PLATFORM_PORT: String(port), PLATFORM_MEMORY: "1", OPERATOR_PORT: "0" },
    stdio: "ignore",
  });
  for (let i = 0; i < 120; i++) {
    const up = await fetch(`${baseUrl}/wps/session/key/rsa`, { headers: { Merchant: "demo" } }).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (i === 119) throw new Error("npm run platform did not come up");
    await new Promise((r) => setTimeout(r, 250));
  }
  setTransport(httpTransport(baseUrl, 10_000));
}, 60_000);

afterAll(async () => {
  setTransport(undefined);
  if (platform && platform.exitCode === null) {
    const exited = new Promise((r) => platform?.once("exit", r));
    platform.kill("SIGTERM");
    await exited;
  }
});

describe("HTTP transport against npm run platform", () => {
  it("logs in with the encrypted call, reads balance, logs out", async () => {
    const gw = (token?: string) => createGateway({ merchant: "demo", language: "EN", token, userAgent: "vitest" });
    const status = await gw().system.status();
    expect(status.mode).toBe("normal");
    const login = await gw().session.login({ username: "demo_member", password: "Demo@1234", type: "username" });
    const balance = await gw(login.token).wallet.balance();
    expect(balance.sumBalance).toBeGreaterThan(0);
    await gw(login.token).session.logout();
    await expect(gw(login.token).wallet.balance()).rejects.toMatchObject({ name: "SessionExpiredError" });
  });

  it("reports a platform that does not answer as a transport error", async () => {
    setTransport(httpTransport("http://127.0.0.1:9", 1_000));
    const error = await createGateway({ merchant: "demo", language: "EN", userAgent: "vitest" })
      .system.status()
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ name: "GatewayError", kind: "transport" });
    setTransport(httpTransport(baseUrl, 10_000));
  });
});

describe("HTTP transport's own client", () => {
  // A small server standing in for an operator's platform, to see what goes over the wire.
  let server: import("node:http").Server;
  let origin = "";
  let connections = 0;
  const seen: Array<{ method: string; url: string; body: string; headers: Record<string, unknown> }> = [];
  beforeAll(async () => {
    const { createServer: createHttpServer } = await import("node:http");
    server = createHttpServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        seen.push({ method: req.method ?? "", url: req.url ?? "", body: Buffer.concat(chunks).toString("utf8"), headers: req.headers });
        const path = (req.url ?? "").split("?")[0];
        if (path === "/slow") return void setTimeout(() => res.end("late"), 2_000);
        if (path === "/bytes") return void res.writeHead(200, { "Content-Type": "image/png" }).end(Buffer.from([0, 1, 2, 254, 255]));
        if (path === "/cookies")
          return void res
            .writeHead(200, [
              ["Set-Cookie", "a=1"],
              ["Set-Cookie", "b=2"],
              ["Content-Type", "application/json"],
            ])
            .end("{}");
        if (path === "/empty") return void res.writeHead(204).end();
        if (path === "/moved") return void res.writeHead(302, { Location: "/echo?from=moved" }).end();
        if (path === "/away") return void res.writeHead(302, { Location: "http://example.invalid/elsewhere" }).end();
        res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify({ method: req.method, url: req.url }));
      });
    });
    server.on("connection", () => (connections += 1));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const address = server.address();
    origin = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const send = (path: string, init: RequestInit = {}, timeout = 1_000) =>
    httpTransport(`${origin}/`, timeout).send(new Request(`http://platform.internal${path}`, init));

  it("sends the method, headers and body, and keeps the connection for the next call", async () => {
    const transport = httpTransport(origin, 1_000);
    const before = connections;
    for (let i = 0; i < 5; i++) {
      const answer = await transport.send(
        new Request("http://platform.internal/echo?n=1", {
          method: "POST",
          headers: { Merchant: "demo", "Content-Type": "application/json" },
          body: JSON.stringify({ i }),
        }),
      );
      expect(await answer.json()).toEqual({ method: "POST", url: "/echo?n=1" });
    }
    expect(connections - before).toBe(1);
    const last = seen.at(-1)!;
    expect(last.headers).toMatchObject({
      merchant: "demo",
      "content-type": "application/json",
      "content-length": String(JSON.stringify({ i: 4 }).length),
    });
    expect(last.body).toBe(JSON.stringify({ i: 4 }));
  });

  it("hands back bytes as they came, every Set-Cookie, and no body for 204", async () => {
    expect([...new Uint8Array(await (await send("/bytes")).arrayBuffer())]).toEqual([0, 1, 2, 254, 255]);
    expect((await send("/cookies")).headers.getSetCookie()).toEqual(["a=1", "b=2"]);
    const empty = await send("/empty");
    expect(empty.status).toBe(204);
    expect(empty.body).toBeNull();
  });

  it("follows a redirect on its own origin for reads, not to another origin, and not when asked for manual", async () => {
    expect(await (await send("/moved")).json()).toEqual({ method: "GET", url: "/echo?from=moved" });
    const away = await send("/away");
    expect(away.status).toBe(302);
    const manual = await send("/moved", { redirect: "manual" });
    expect(manual.status).toBe(302);
    expect(manual.headers.get("Location")).toBe("/echo?from=moved");
  });

  it("gives up at the timeout with a timeout error the breaker counts", async () => {
    const started = Date.now();
    const error = await send("/slow", {}, 300).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: "GatewayError", kind: "timeout" });
    expect(Date.now() - started).toBeLessThan(1_500);
  });
});
