import { describe, expect, it } from "vitest";
import { refusalOf } from "~/accounts/refusal.server";
import { GatewayError, PlatformError } from "~/gateway/errors.server";
import { RateLimitedError } from "~/limits.server";

// Issue 27: one reading of a refused call for every form, account and money alike (the money
// forms' failedMove answers through it, with the pending-move bookkeeping around it).

const platform = (code: string, value: unknown = null) => new PlatformError("refused", code, "/wps/x", 200, value);

describe("refusalOf", () => {
  it("says the platform's refusal in the player's words (400)", () => {
    expect(refusalOf(platform("insufficient.balance"))).toMatchObject({ status: 400, message: expect.any(String) });
    expect(refusalOf(platform("insufficient.balance"))?.headers).toBeUndefined();
  });

  it("answers a wait the platform gives with 429, Retry-After and the minutes", () => {
    const r = refusalOf(platform("login.too.many.requests", { retryAfterSeconds: 600 }));
    expect(r).toMatchObject({ status: 429, headers: { "Retry-After": "600" } });
    expect(r?.message).toContain("10");
    // Without a usable wait it is an ordinary refusal.
    expect(refusalOf(platform("too.many.requests", { retryAfterSeconds: "soon" }))).toMatchObject({ status: 400 });
  });

  it("answers our own limit with 429 and Retry-After, and an unreachable platform with 503 and Retry-After", () => {
    expect(refusalOf(new RateLimitedError(90))).toMatchObject({ status: 429, headers: { "Retry-After": "90" } });
    const down = refusalOf(new GatewayError("down", "transport", "/wps/x"));
    expect(down?.status).toBe(503);
    expect(Number(down?.headers?.["Retry-After"])).toBeGreaterThan(0);
  });

  it("is null for what is not a refusal", () => {
    expect(refusalOf(new Error("bug"))).toBeNull();
  });
});
