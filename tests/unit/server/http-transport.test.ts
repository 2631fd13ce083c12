import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createGateway } from "~/gateway/index.server";
import { httpTransport, setTransport } from "~/gateway/transport.server";

// The same contract over a socket: `npm run platform` in its own process, the gateway's
// HTTP transport pointed at it (what PLATFORM_URL does).

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

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
    const up = await fetch(`${baseUrl}/wps/session/key/rsa`, { headers: { Merchant: "demo" } }).then((r) => r.ok, () => false);
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
    const error = await createGateway({ merchant: "demo", language: "EN", userAgent: "vitest" }).system.status().catch((e: unknown) => e);
    expect(error).toMatchObject({ name: "GatewayError", kind: "transport" });
    setTransport(httpTransport(baseUrl, 10_000));
  });
});
