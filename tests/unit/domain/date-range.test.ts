import { describe, expect, it } from "vitest";
import { addDays, dayIn, parseDateRange, startOfDay, steppedRange } from "~/domain/date-range";

const DHAKA = "Asia/Dhaka"; // UTC+6, no daylight saving
const NOW = Date.UTC(2026, 10, 22, 20, 30); // 22 Nov 20:30 UTC = 23 Nov 02:30 in Dhaka

describe("records date range", () => {
  it("counts days in the operator's time zone", () => {
    expect(dayIn(NOW, DHAKA)).toBe("2026-11-23");
    expect(dayIn(NOW, "UTC")).toBe("2026-11-22");
    expect(startOfDay("2026-11-23", DHAKA)).toBe(Date.UTC(2026, 10, 22, 18, 0));
    // A zone with daylight saving: the start of the day follows the offset of that day.
    expect(startOfDay("2026-07-01", "Europe/London")).toBe(Date.UTC(2026, 5, 30, 23, 0));
    expect(addDays("2026-02-28", 1)).toBe("2026-03-01");
  });

  it("has today, the last 7 and 30 days, and a custom range", () => {
    const q = (s: string) => parseDateRange(new URLSearchParams(s), NOW, DHAKA);
    expect(q("range=today")).toMatchObject({ from: "2026-11-23", to: "2026-11-23" });
    expect(q("range=last7")).toMatchObject({ from: "2026-11-17", to: "2026-11-23" });
    expect(q("range=last30")).toMatchObject({ from: "2026-10-25", to: "2026-11-23" });
    expect(q("range=next7")).toMatchObject({ preset: "last7" });
    const custom = q("range=custom&from=2026-11-10&to=2026-11-01");
    expect(custom).toMatchObject({ preset: "custom", from: "2026-11-01", to: "2026-11-10" });
    expect(custom.toMs - custom.fromMs).toBe(10 * 86_400_000);
  });

  it("falls back to the default on anything malformed, and caps a custom range at 90 days", () => {
    const q = (s: string) => parseDateRange(new URLSearchParams(s), NOW, DHAKA);
    expect(q("")).toMatchObject({ preset: "last7" });
    expect(q("range=forever")).toMatchObject({ preset: "last7" });
    expect(q("range=custom&from=2026-02-30&to=2026-03-01")).toMatchObject({ preset: "last7" });
    expect(q("range=custom&from=<x>&to=2026-03-01")).toMatchObject({ preset: "last7" });
    expect(q("range=custom&from=2020-01-01&to=2026-11-01")).toMatchObject({ from: "2026-08-04", to: "2026-11-01" });
  });

  it("steps back and forward 7 and 30 days, never past today", () => {
    const q = (s: string) => parseDateRange(new URLSearchParams(s), NOW, DHAKA);
    const last7 = q("range=last7");
    expect(steppedRange(last7, -7)).toEqual({ from: "2026-11-10", to: "2026-11-16" });
    expect(steppedRange(last7, -30)).toEqual({ from: "2026-10-18", to: "2026-10-24" });
    // The range ends today: nothing after it to step to.
    expect(steppedRange(last7, 7)).toBeUndefined();
    expect(steppedRange(q("range=today"), 30)).toBeUndefined();
    // Forward from an earlier week, stopping at today.
    const earlier = q("range=custom&from=2026-11-10&to=2026-11-16");
    expect(steppedRange(earlier, 7)).toEqual({ from: "2026-11-17", to: "2026-11-23" });
    // A step that would pass today ends at today, keeping the range's length.
    expect(steppedRange(earlier, 30)).toEqual({ from: "2026-11-17", to: "2026-11-23" });
  });
});
