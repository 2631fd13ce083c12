import { afterEach, describe, expect, it, vi } from "vitest";
import { forgetPerPlayer, perPlayer } from "~/gateway/per-player.server";

// Answers kept per player for a few seconds (issue 14): one platform call however many pages ask,
// a fresh one after the time or after this instance changed the answer, never a failure kept, and
// never one player's answer for another.

afterEach(() => vi.useRealTimers());

describe("perPlayer", () => {
  it("asks once within the time, again after it, and keeps players apart", async () => {
    vi.useFakeTimers();
    const load = vi.fn(async () => load.mock.calls.length);
    expect(await perPlayer("token-a", "unread", 15, load)).toBe(1);
    expect(await perPlayer("token-a", "unread", 15, load)).toBe(1);
    expect(await perPlayer("token-b", "unread", 15, load)).toBe(2);
    vi.advanceTimersByTime(15_001);
    expect(await perPlayer("token-a", "unread", 15, load)).toBe(3);
    expect(load).toHaveBeenCalledTimes(3);
  });

  it("asks afresh after this player's answer was dropped, by name or by prefix", async () => {
    let n = 0;
    const load = async () => ++n;
    await perPlayer("token-c", "recent:EN:6", 30, load);
    await perPlayer("token-c", "unread", 30, load);
    forgetPerPlayer("token-c", "recent:");
    expect(await perPlayer("token-c", "recent:EN:6", 30, load)).toBe(3);
    expect(await perPlayer("token-c", "unread", 30, load)).toBe(2);
    forgetPerPlayer("token-c");
    expect(await perPlayer("token-c", "unread", 30, load)).toBe(4);
  });

  it("does not keep a failure", async () => {
    const failing = vi.fn(async () => {
      throw new Error("platform down");
    });
    await expect(perPlayer("token-d", "unread", 15, failing)).rejects.toThrow("platform down");
    await expect(perPlayer("token-d", "unread", 15, async () => 7)).resolves.toBe(7);
  });

  it("shares one call between pages asking at the same moment", async () => {
    let resolve: (n: number) => void = () => undefined;
    const load = vi.fn(() => new Promise<number>((r) => (resolve = r)));
    const both = Promise.all([perPlayer("token-e", "unread", 15, load), perPlayer("token-e", "unread", 15, load)]);
    resolve(5);
    expect(await both).toEqual([5, 5]);
    expect(load).toHaveBeenCalledTimes(1);
  });
});
