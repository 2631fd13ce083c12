import { describe, expect, it } from "vitest";
import { errorMessage, mustChangePassword } from "~/domain/errors";

describe("mustChangePassword (docs/SPEC.md point 4, step 4)", () => {
  it("forces a change for the default password, or an expired one when expiry is enforced", () => {
    expect(mustChangePassword({ defaultPassword: true, expiryEnforced: false, method: "username" })).toBe(true);
    expect(mustChangePassword({ passwordExpired: true, expiryEnforced: true, method: "username" })).toBe(true);
    expect(mustChangePassword({ passwordExpired: true, expiryEnforced: false, method: "username" })).toBe(false);
    expect(mustChangePassword({ expiryEnforced: true, method: "username" })).toBe(false);
  });
  it("never after an SMS, third-party or free-play login", () => {
    for (const method of ["sms", "social", "freeplay"] as const) {
      expect(mustChangePassword({ defaultPassword: true, passwordExpired: true, expiryEnforced: true, method })).toBe(false);
    }
  });
});

describe("errorMessage", () => {
  it("uses our words for known codes and the platform's for the rest", () => {
    expect(errorMessage("login.locked", "whatever")).toBe("auth:login.locked");
    expect(errorMessage("something.new", "Platform words")).toBe("Platform words");
    expect(errorMessage("something.new", "")).toBe("common:error.text");
  });
});
