import { describe, expect, it } from "vitest";
import { GateBusyError, WorkGate } from "./cpu-gate";

// The bound on concurrent password hashes (decision 036): a line that refuses at once when it
// is full, instead of queueing a spray without end.

function held() {
  let release!: () => void;
  const done = new Promise<void>((resolve) => (release = resolve));
  return { done, release };
}

describe("WorkGate", () => {
  it("runs `running` at once, lines up `waiting` more, and refuses the next at once with a wait", async () => {
    const gate = new WorkGate("test", { running: 2, waiting: 2, maxWaitMs: 60_000 });
    const pieces = Array.from({ length: 4 }, held);
    const started: number[] = [];
    const runs = pieces.map((p, i) =>
      gate.run(async () => {
        started.push(i);
        await p.done;
        return i;
      }),
    );
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    expect([gate.running, gate.waiting]).toEqual([2, 2]);
    const refused = await gate.run(async () => "never").catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(GateBusyError);
    expect((refused as GateBusyError).retryAfterSeconds).toBeGreaterThanOrEqual(1);
    pieces[0]!.release();
    await runs[0];
    await new Promise((r) => setTimeout(r, 0));
    expect(started).toEqual([0, 1, 2]);
    for (const p of pieces) p.release();
    expect(await Promise.all(runs)).toEqual([0, 1, 2, 3]);
    expect([gate.running, gate.waiting]).toEqual([0, 0]);
  });

  it("refuses a caller whose turn would come after maxWaitMs, judged from how long the work took", async () => {
    const gate = new WorkGate("test", { running: 1, waiting: 100, maxWaitMs: 1 });
    // One slow piece teaches the gate that work is slow; then a second caller waiting behind a running one is refused.
    await gate.run(() => new Promise((r) => setTimeout(r, 30)));
    const slow = held();
    const first = gate.run(() => slow.done);
    await expect(gate.run(async () => "late")).rejects.toBeInstanceOf(GateBusyError);
    slow.release();
    await first;
  });

  it("frees its slot when the work fails", async () => {
    const gate = new WorkGate("test", { running: 1, waiting: 0, maxWaitMs: 1000 });
    await expect(gate.run(async () => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    expect(await gate.run(async () => "next")).toBe("next");
  });
});
