import { describe, expect, it } from "vitest";
import { readServerConfig } from "../../../server/config";
import { redactUrl } from "../../../server/logging";
import { routeLabeller } from "../../../server/metrics";

// The demo allowed, or a platform named: production refuses neither-nor (below).
const DEMO = { ALLOW_DEMO: "1" };

describe("the server's configuration", () => {
  it("has working defaults", () => {
    const config = readServerConfig(DEMO);
    expect(config).toMatchObject({
      PORT: 3000,
      TRUST_PROXY: 0,
      REQUEST_DEADLINE_MS: 5_000,
      BODY_LIMIT: 64 * 1024,
      UPLOAD_BODY_LIMIT: 24 * 1024 * 1024,
      OPERATOR_HOST: "127.0.0.1",
    });
    expect(config.GAME_FRAME_SOURCES).toEqual(["https:"]);
  });

  it("reads proxy hops and proxy subnets, and refuses to trust every proxy", () => {
    expect(() => readServerConfig({ ...DEMO, TRUST_PROXY: "0.0.0.0/0" })).toThrow(/would trust every address/);
    expect(() => readServerConfig({ ...DEMO, TRUST_PROXY: "10.0.0.0/8,::/0" })).toThrow(/would trust every address/);
    expect(readServerConfig({ ...DEMO, TRUST_PROXY: "1" }).TRUST_PROXY).toBe(1);
    expect(readServerConfig({ ...DEMO, TRUST_PROXY: "10.0.0.0/8, loopback" }).TRUST_PROXY).toEqual(["10.0.0.0/8", "loopback"]);
    expect(() => readServerConfig({ ...DEMO, TRUST_PROXY: "true" })).toThrow(/TRUST_PROXY=true would believe any X-Forwarded-For/);
    expect(() => readServerConfig({ ...DEMO, TRUST_PROXY: "my balancer" })).toThrow(/TRUST_PROXY: "my balancer"/);
    expect(() => readServerConfig({ ...DEMO, TRUST_PROXY: "11" })).toThrow(/0 to 10/);
  });

  it("reads sizes and names the variable of a bad one", () => {
    expect(readServerConfig({ ...DEMO, BODY_LIMIT: "128kb", UPLOAD_BODY_LIMIT: "1.5mb" })).toMatchObject({
      BODY_LIMIT: 131072,
      UPLOAD_BODY_LIMIT: 1572864,
    });
    expect(() => readServerConfig({ ...DEMO, BODY_LIMIT: "lots" })).toThrow(/BODY_LIMIT: must be a size/);
    expect(() => readServerConfig({ ...DEMO, GAME_FRAME_SOURCES: "javascript:alert(1)" })).toThrow(/GAME_FRAME_SOURCES/);
  });
});

describe("the demo casino in production", () => {
  it("is refused unless ALLOW_DEMO says it is wanted, and never when a platform is named", () => {
    expect(() => readServerConfig({})).toThrow(/Refusing to start: PLATFORM_URL is not set/);
    expect(() => readServerConfig({ ALLOW_DEMO: "0" })).toThrow(/Refusing to start/);
    expect(readServerConfig({ ALLOW_DEMO: "1" }).ALLOW_DEMO).toBe(true);
    expect(readServerConfig({ ALLOW_DEMO: "true" }).ALLOW_DEMO).toBe(true);
    expect(readServerConfig({ PLATFORM_URL: "https://platform.example.com" }).PLATFORM_URL).toBe("https://platform.example.com");
    // Outside production (vite dev, tests) the embedded platform needs no permission.
    expect(readServerConfig({ NODE_ENV: "development" }).PLATFORM_URL).toBeUndefined();
  });
});

describe("what the access log may write", () => {
  it("hides launch tokens in /play paths and secret-looking query values, keeps the rest", () => {
    expect(redactUrl("/play/AbCdEf0123456789/spin?round=3")).toBe("/play/[redacted]/spin?round=3");
    expect(redactUrl("/auth/google/callback?code=4%2F0Ab&state=xyz")).toBe("/auth/google/callback?code=[redacted]&state=[redacted]");
    expect(redactUrl("/game?gameId=12&token=abc&lng=bn")).toBe("/game?gameId=12&token=[redacted]&lng=bn");
    expect(redactUrl("/login?redirectTo=%2Fmember")).toBe("/login?redirectTo=%2Fmember");
  });
});

describe("route labels of the metrics", () => {
  const label = routeLabeller(["", "login", "member", "member/deposit", "agent/:page", "game", "*"]);
  it("are bounded: known first segments, member and agent pages, everything else 'other'", () => {
    expect(label("/")).toBe("/");
    expect(label("/_root.data")).toBe("/");
    expect(label("/login.data")).toBe("/login");
    expect(label("/member/deposit")).toBe("/member/deposit");
    expect(label("/member/made-up")).toBe("/member/other");
    expect(label("/assets/entry.client-abc.js")).toBe("static");
    expect(label("/wp-admin/setup.php")).toBe("other");
    expect(label(`/${"x".repeat(500)}`)).toBe("other");
  });
});

describe("the rate limiter's address key", () => {
  it("is an IPv4 address whole and an IPv6 address by its /64", async () => {
    const { addressKey } = await import("~/limits.server");
    expect(addressKey("203.0.113.9")).toBe("203.0.113.9");
    expect(addressKey("2001:db8:1:2:aaaa::1")).toBe("2001:db8:1:2::/64");
    expect(addressKey("2001:0db8:0001:0002:ffff:ffff:ffff:ffff")).toBe("2001:db8:1:2::/64");
    expect(addressKey("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(addressKey("::1")).toBe("0:0:0:0::/64");
    expect(addressKey("not-an-ip")).toBeUndefined();
    expect(addressKey(undefined)).toBeUndefined();
  });
});
