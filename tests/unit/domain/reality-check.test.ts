import { describe, expect, it } from "vitest";
import { nextRealityCheckAt, realityCheckDue } from "~/domain/reality-check";

const start = Date.UTC(2026, 10, 22, 10, 0);
const min = 60_000;

describe("reality check", () => {
  it("is due every interval after the session began, counting from the last reminder", () => {
    const check = { minutes: 30, startedAt: start };
    expect(realityCheckDue(check, start + 29 * min)).toBeUndefined();
    expect(realityCheckDue(check, start + 30 * min)).toBe(30);
    expect(realityCheckDue({ ...check, lastShownAt: start + 31 * min }, start + 50 * min)).toBeUndefined();
    expect(realityCheckDue({ ...check, lastShownAt: start + 31 * min }, start + 61 * min)).toBe(61);
    expect(nextRealityCheckAt({ ...check, lastShownAt: start + 31 * min })).toBe(start + 61 * min);
  });

  it("is never due when off or unknown", () => {
    expect(realityCheckDue(undefined, start)).toBeUndefined();
    expect(realityCheckDue({ minutes: 0, startedAt: start }, start + 999 * min)).toBeUndefined();
    expect(nextRealityCheckAt({ minutes: 0, startedAt: start })).toBeUndefined();
  });
});
