import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { clearGatewayCache } from "~/gateway/cache.server";
import { call, type GatewayContext } from "~/gateway/client.server";
import { GatewayError, PlatformError, SessionExpiredError, splitMessageNumber } from "~/gateway/errors.server";
import { setTransport, type Transport, withBreaker } from "~/gateway/transport.server";
import { runInScope } from "~/request-scope.server";

type Handler = (request: Request) => Response | Promise<Response>;
let seen: Request[] = [];
function fake(handler: Handler): Transport {
  return {
    name: "in-process",
    async send(request) {
      seen.push(request.clone());
      return handler(request);
    },
  };
}
const ctx: GatewayContext = { merchant: "demo", language: "BN", token: "tok123", userAgent: "Mozilla/5.0 test", clientIp: "203.0.113.9" };
const json = (body: unknown, status = 200) => Response.json(body, { status });

beforeEach(() => {
  seen = [];
  clearGatewayCache();
});
afterEach(() => setTransport(undefined));

describe("gateway client", () => {
  it("sends the contract's headers", async () => {
    setTransport(fake(() => json({ success: true, value: { n: 1 } })));
    await call(ctx, { method: "GET", path: "/wps/member/info", auth: "required", moduleId: "COMM3", schema: z.object({ n: z.number() }) });
    const h = seen[0]!.headers;
    expect(h.get("Merchant")).toBe("demo");
    expect(h.get("Authorization")).toBe("tok123");
    expect(h.get("Language")).toBe("BN");
    expect(Buffer.from(h.get("X-Real-UA") ?? "", "base64").toString()).toBe("Mozilla/5.0 test");
    expect(Number(h.get("X-Timestamp"))).toBeGreaterThan(1_600_000_000_000);
    expect(h.get("X-Gateway-Version")).toBe("3");
    expect(h.get("ModuleId")).toBe("COMM3");
    expect(h.get("X-Forwarded-For")).toBe("203.0.113.9");
  });

  it("sends no Authorization to no-token endpoints, and {} as the body of a bare POST", async () => {
    setTransport(fake(() => json({ success: true, value: null })));
    await call(ctx, { method: "POST", path: "/wps/x", auth: "none", schema: z.null() });
    expect(seen[0]!.headers.has("Authorization")).toBe(false);
    expect(await seen[0]!.text()).toBe("{}");
  });

  it("encodes arrays in the query by repeating the key", async () => {
    setTransport(fake(() => json({ success: true, value: 1 })));
    await call(ctx, { method: "GET", path: "/wps/q", auth: "none", query: { a: [1, 2], b: "x", c: undefined }, schema: z.number() });
    expect(new URL(seen[0]!.url).search).toBe("?a=1&a=2&b=x");
  });

  it("turns success:false into a PlatformError, stripping the (#NNN) suffix", async () => {
    setTransport(fake(() => json({ success: false, errorCode: "function.not.available", message: "Module off (#543)" }, 400)));
    const error = await call(ctx, { method: "GET", path: "/wps/y", auth: "none", schema: z.unknown() }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PlatformError);
    expect(error).toMatchObject({ errorCode: "function.not.available", message: "Module off", errorNumber: "543", status: 400 });
  });

  it("maps 401 login.not.session and user.or.token.invalid to SessionExpiredError", async () => {
    for (const [status, body] of [
      [401, { success: false, errorCode: "login.not.session", message: "Logged in elsewhere" }],
      [200, { success: false, errorCode: "user.or.token.invalid", message: "x" }],
      [200, { success: false, message: "CUSTOMER_NOT_LOGIN" }],
    ] as const) {
      setTransport(fake(() => json(body, status)));
      const error = await call(ctx, { method: "GET", path: "/wps/member/info", auth: "required", schema: z.unknown() }).catch(
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(SessionExpiredError);
    }
  });

  it("refuses to call a token endpoint without a token", async () => {
    setTransport(fake(() => json({ success: true, value: 1 })));
    const error = await call(
      { ...ctx, token: undefined },
      { method: "GET", path: "/wps/member/info", auth: "required", schema: z.unknown() },
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SessionExpiredError);
    expect(seen).toHaveLength(0);
  });

  it("reports an unexpected shape as a GatewayError, never a cast", async () => {
    setTransport(fake(() => json({ success: true, value: { sumBalance: "lots" } })));
    const error = await call(ctx, {
      method: "GET",
      path: "/wps/v2/wallets/balance",
      auth: "required",
      schema: z.object({ sumBalance: z.number() }),
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GatewayError);
    expect(error).toMatchObject({ kind: "shape" });
    setTransport(fake(() => new Response("<html>", { status: 200 })));
    expect(await call(ctx, { method: "GET", path: "/wps/z", auth: "none", schema: z.unknown() }).catch((e: unknown) => e)).toMatchObject({
      kind: "shape",
    });
  });

  it("reads /lgw answers as raw JSON without the envelope", async () => {
    setTransport(fake(() => json({ LOTT: { gameGroupCode: "A" } })));
    const value = await call(ctx, {
      method: "GET",
      path: "/lgw/games/game_menus",
      auth: "none",
      raw: true,
      schema: z.record(z.object({ gameGroupCode: z.string() })),
    });
    expect(value.LOTT?.gameGroupCode).toBe("A");
  });

  it("retries a failed read once, and never retries a write or a business failure", async () => {
    let calls = 0;
    setTransport(fake(() => (++calls === 1 ? new Response("down", { status: 502 }) : json({ success: true, value: 7 }))));
    expect(await call(ctx, { method: "GET", path: "/wps/r", auth: "none", schema: z.number() })).toBe(7);
    expect(calls).toBe(2);

    calls = 0;
    setTransport(
      fake(() => {
        calls++;
        return new Response("down", { status: 502 });
      }),
    );
    await expect(call(ctx, { method: "POST", path: "/wps/w", auth: "none", schema: z.unknown() })).rejects.toBeInstanceOf(GatewayError);
    expect(calls).toBe(1);

    calls = 0;
    setTransport(
      fake(() => {
        calls++;
        return json({ success: false, errorCode: "nope", message: "no" });
      }),
    );
    await expect(call(ctx, { method: "GET", path: "/wps/b", auth: "none", schema: z.unknown() })).rejects.toBeInstanceOf(PlatformError);
    expect(calls).toBe(1);
  });

  it("caches public reads per merchant and language, and not private ones", async () => {
    let calls = 0;
    setTransport(
      fake(() => {
        calls++;
        return json({ success: true, value: calls });
      }),
    );
    const spec = { method: "GET" as const, path: "/wps/system/whitelabel", auth: "none" as const, cache: 60, schema: z.number() };
    expect(await call(ctx, spec)).toBe(1);
    expect(await call(ctx, spec)).toBe(1);
    expect(await call({ ...ctx, language: "EN" }, spec)).toBe(2);
    expect(await call({ ...ctx, merchant: "other" }, spec)).toBe(3);
    const priv = { ...spec, auth: "required" as const, path: "/wps/v2/wallets/balance" };
    expect(await call(ctx, priv)).toBe(4);
    expect(await call(ctx, priv)).toBe(5);
  });

  it("encrypts when asked: fetches a fresh RSA key, sends {value} and the three headers", async () => {
    const modulus = `${"c".repeat(255)}d`;
    setTransport(
      fake((request) =>
        new URL(request.url).pathname === "/wps/session/key/rsa" ? new Response(modulus) : json({ success: true, value: { ok: true } }),
      ),
    );
    await call(ctx, {
      method: "POST",
      path: "/wps/session/login",
      auth: "none",
      encrypted: true,
      body: { a: 1 },
      schema: z.object({ ok: z.boolean() }),
    });
    expect(new URL(seen[0]!.url).pathname).toBe("/wps/session/key/rsa");
    expect(seen[0]!.headers.get("Cache-Control")).toBe("no-cache");
    const login = seen[1]!;
    const body = (await login.json()) as { value: string };
    expect(typeof body.value).toBe("string");
    expect(login.headers.get("X-Digest")).toBe(body.value);
    expect(login.headers.get("X-RSA")).toBe(modulus);
    expect(login.headers.get("Encryption")).toMatch(/^[0-9a-f]+$/);
  });

  it("takes an even RSA modulus for the platform's mistake it is, not a key", async () => {
    setTransport(
      fake((request) =>
        new URL(request.url).pathname === "/wps/session/key/rsa"
          ? new Response("c".repeat(256))
          : json({ success: true, value: { ok: true } }),
      ),
    );
    await expect(
      call(ctx, {
        method: "POST",
        path: "/wps/session/login",
        auth: "none",
        encrypted: true,
        body: { a: 1 },
        schema: z.object({ ok: z.boolean() }),
      }),
    ).rejects.toBeInstanceOf(GatewayError);
  });
});

describe("splitMessageNumber", () => {
  it("splits a trailing (#NNN)", () => {
    expect(splitMessageNumber("Previous game has not finished (#734)")).toEqual({ text: "Previous game has not finished", number: "734" });
    expect(splitMessageNumber("Plain")).toEqual({ text: "Plain" });
  });
});

describe("a platform in trouble", () => {
  it("remembers a failed public read for a few seconds, then asks again", async () => {
    let calls = 0;
    setTransport(
      fake(() => {
        calls += 1;
        return json({ success: false, errorCode: "down", message: "down" }, 200);
      }),
    );
    const read = () => call(ctx, { method: "GET", path: "/wps/system/status", auth: "none", cache: 30, schema: z.unknown() });
    await expect(read()).rejects.toBeInstanceOf(PlatformError);
    await expect(read()).rejects.toBeInstanceOf(PlatformError);
    expect(calls).toBe(1);
    const realNow = Date.now;
    Date.now = () => realNow() + 3_500;
    try {
      await expect(read()).rejects.toBeInstanceOf(PlatformError);
      expect(calls).toBe(2);
    } finally {
      Date.now = realNow;
    }
  });

  it("does not retry a read that timed out, nor one when the request's deadline leaves no time", async () => {
    let calls = 0;
    setTransport(
      fake(() => {
        calls += 1;
        throw new GatewayError("timed out", "timeout", "/wps/r");
      }),
    );
    await expect(call(ctx, { method: "GET", path: "/wps/r", auth: "none", schema: z.unknown() })).rejects.toMatchObject({
      kind: "timeout",
    });
    expect(calls).toBe(1);
    calls = 0;
    setTransport(
      fake(() => {
        calls += 1;
        return new Response("bad gateway", { status: 502 });
      }),
    );
    await runInScope({ deadline: Date.now() + 500 }, () =>
      expect(call(ctx, { method: "GET", path: "/wps/r", auth: "none", schema: z.unknown() })).rejects.toMatchObject({ kind: "http" }),
    );
    expect(calls).toBe(1);
    // With time left, a 502 is tried once more.
    calls = 0;
    await expect(call(ctx, { method: "GET", path: "/wps/r", auth: "none", schema: z.unknown() })).rejects.toMatchObject({ kind: "http" });
    expect(calls).toBe(2);
  });

  it("opens the breaker after failures in a row: then calls fail at once without reaching the platform", async () => {
    let calls = 0;
    const breaker = withBreaker(
      fake(() => {
        calls += 1;
        throw new GatewayError("refused", "transport", "/wps/s");
      }),
      3,
      60_000,
    );
    const send = () => breaker.send(new Request("http://platform.internal/wps/s"));
    for (let i = 0; i < 3; i++) await expect(send()).rejects.toMatchObject({ kind: "transport" });
    await expect(send()).rejects.toMatchObject({ kind: "unavailable" });
    expect(calls).toBe(3);
    expect(breaker.state()).toBe(1);
  });

  it("counts 5xx answers as failures but passes them on; a success closes the count", async () => {
    let status = 503;
    const breaker = withBreaker(
      fake(() => new Response("x", { status })),
      2,
      60_000,
    );
    const send = () => breaker.send(new Request("http://platform.internal/wps/s"));
    expect((await send()).status).toBe(503);
    status = 200;
    expect((await send()).status).toBe(200);
    status = 503;
    expect((await send()).status).toBe(503);
    expect(breaker.state()).toBe(0);
    expect((await send()).status).toBe(503);
    await expect(send()).rejects.toMatchObject({ kind: "unavailable" });
  });
});

describe("the request's own deadline", () => {
  it("a call cut short by it is a 'deadline' failure, which never opens the breaker", async () => {
    let calls = 0;
    const breaker = withBreaker(
      fake(() => {
        calls += 1;
        throw new GatewayError("cut", "deadline", "/wps/s");
      }),
      2,
      60_000,
    );
    for (let i = 0; i < 5; i++)
      await expect(breaker.send(new Request("http://platform.internal/wps/s"))).rejects.toMatchObject({ kind: "deadline" });
    expect(calls).toBe(5);
    expect(breaker.state()).toBe(0);
  });

  it("with no time left, no call is made at all", async () => {
    let calls = 0;
    setTransport(
      fake(() => {
        calls += 1;
        return json({ success: true, value: 1 });
      }),
    );
    await runInScope({ deadline: Date.now() - 1 }, () =>
      expect(call(ctx, { method: "GET", path: "/wps/late", auth: "none", schema: z.unknown() })).resolves.toBe(1),
    );
    // The fake transport skips the real transports' deadline check; the real one refuses:
    const { httpTransport } = await import("~/gateway/transport.server");
    await runInScope({ deadline: Date.now() - 1 }, () =>
      expect(httpTransport("http://127.0.0.1:9", 1000).send(new Request("http://platform.internal/wps/late"))).rejects.toMatchObject({
        kind: "deadline",
      }),
    );
    expect(calls).toBe(1);
  });
});

describe("a shared public read", () => {
  it("is not failed for everyone by the request that started it running out of time", async () => {
    let calls = 0;
    setTransport(
      fake(async () => {
        calls += 1;
        await new Promise((r) => setTimeout(r, 150));
        return json({ success: true, value: { ok: 1 } });
      }),
    );
    const read = () => call(ctx, { method: "GET", path: "/wps/system/whitelabel", auth: "none", cache: 30, schema: z.unknown() });
    // The first caller has 50 ms left: it gives up; the load it started goes on without it.
    const impatient = runInScope({ deadline: Date.now() + 60 }, () => read());
    await expect(impatient).rejects.toMatchObject({ kind: "deadline" });
    // A caller with time gets the very same load's answer.
    await expect(read()).resolves.toEqual({ ok: 1 });
    expect(calls).toBe(1);
  });
});
