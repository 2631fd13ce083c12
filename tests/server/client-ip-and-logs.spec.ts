import { expect, test } from "@playwright/test";
import { fakePlatform, startWeb, type Proc } from "./harness";

// What the platform is told about the player's address, and what the logs keep. The stand-in
// platform records the headers of every call; the web instances write their JSON logs to us.

test.describe.configure({ mode: "serial" });

let platform: Awaited<ReturnType<typeof fakePlatform>>;
let direct: Proc;
let behindBalancer: Proc;

test.beforeAll(async () => {
  // Answers every call with a refusal envelope: enough for the pages to call it and go on.
  platform = await fakePlatform((_req, res) => {
    res.writeHead(200, { "Content-Type": "application/json" });
    res.end(JSON.stringify({ success: false, errorCode: "test.refused", message: "refused" }));
  });
  const common = { PLATFORM_URL: platform.url, GATEWAY_LOG: "all", BREAKER_FAILURES: "1000" };
  direct = await startWeb({ ...common, TRUST_PROXY: "0" });
  behindBalancer = await startWeb({ ...common, TRUST_PROXY: "1" });
});

test.afterAll(async () => {
  await direct?.stop();
  await behindBalancer?.stop();
  await platform?.close();
});

function forwardedFor(since: number) {
  return platform.seen.slice(since).map((r) => r.headers["x-forwarded-for"]);
}

test("without a trusted proxy the socket's address is the client's, whatever X-Forwarded-For says", async () => {
  const since = platform.seen.length;
  await fetch(`${direct.url}/`, { headers: { "X-Forwarded-For": "6.6.6.6" } });
  const sent = forwardedFor(since);
  expect(sent.length).toBeGreaterThan(0);
  for (const value of sent) expect(value).toBe("127.0.0.1");
});

test("a player's own X-Forwarded-For makes the server warn that TRUST_PROXY may be missing", async () => {
  const warning = direct.json().find((l) => /TRUST_PROXY is 0/.test(String(l.msg)));
  expect(warning?.level).toBe(40);
});

test("behind one balancer the address it appended is the client's; what the player wrote before it is not", async () => {
  const since = platform.seen.length;
  await fetch(`${behindBalancer.url}/`, { headers: { "X-Forwarded-For": "6.6.6.6, 203.0.113.5" } });
  const sent = forwardedFor(since);
  expect(sent.length).toBeGreaterThan(0);
  for (const value of sent) expect(value).toBe("203.0.113.5");
});

test("every line is JSON with the request id; platform calls carry it, and it is answered back", async () => {
  const response = await fetch(`${behindBalancer.url}/`, { headers: { "X-Request-Id": "lb-req-0123456789" } });
  expect(response.headers.get("x-request-id")).toBe("lb-req-0123456789");
  await expect.poll(() => behindBalancer.json().some((l) => l.req?.id === "lb-req-0123456789" && l.msg === "request completed")).toBe(true);
  const lines = behindBalancer.json();
  const access = lines.find((l) => l.req?.id === "lb-req-0123456789" && l.msg === "request completed");
  expect(access?.res?.status).toBe(503);
  expect(lines.some((l) => l.reqId === "lb-req-0123456789" && l.component === "gateway")).toBe(true);
  // The platform got the same id.
  expect(platform.seen.some((r) => r.headers["x-request-id"] === "lb-req-0123456789")).toBe(true);
  // A made-up id from a client the server does not trust as a proxy is replaced.
  const untrusted = await fetch(`${direct.url}/`, { headers: { "X-Request-Id": "client-made-id-123" } });
  expect(untrusted.headers.get("x-request-id")).not.toBe("client-made-id-123");
  // Nothing but JSON on stdout and stderr.
  const plain = behindBalancer.lines.filter((l) => {
    try {
      JSON.parse(l);
      return false;
    } catch {
      return true;
    }
  });
  expect(plain).toEqual([]);
});

test("launch tokens, OAuth codes, passwords and cookies never reach the log", async () => {
  const secrets = ["LaunchToken0123456789abcdef", "OAUTHCODE-SECRET-42", "STATE-SECRET-43", "Pass-Word-Secret-44", "COOKIE-SECRET-45"];
  await fetch(`${behindBalancer.url}/play/LaunchToken0123456789abcdef/spin?token=LaunchToken0123456789abcdef`);
  await fetch(`${behindBalancer.url}/auth/google/callback?code=OAUTHCODE-SECRET-42&state=STATE-SECRET-43`, {
    headers: { Cookie: "__session=COOKIE-SECRET-45" },
  });
  await fetch(`${behindBalancer.url}/login`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Authorization: "Bearer COOKIE-SECRET-45" },
    body: "username=someone&password=Pass-Word-Secret-44",
  });
  await expect.poll(() => behindBalancer.json().filter((l) => String(l.req?.url ?? "").startsWith("/login")).length).toBeGreaterThan(0);
  const text = behindBalancer.lines.join("\n");
  for (const secret of secrets) expect(text).not.toContain(secret);
  expect(text).toContain("/play/[redacted]");
  expect(text).toContain("code=[redacted]");
});
