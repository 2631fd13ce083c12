import { afterEach, describe, expect, it } from "vitest";
import { MONEY_QUEUE_MINUTES, moneyQueue, queueWhenUnreachable } from "~/money/connection-queue";

function post(fields: Record<string, string>) {
  const body = new URLSearchParams(fields);
  return new Request("http://localhost/member/deposit?index", { method: "POST", body });
}

afterEach(() => {
  for (const move of moneyQueue.state().waiting) moneyQueue.answered(move.requestId);
  moneyQueue.dismiss();
});

describe("a money form that loses its connection (decision 055)", () => {
  it("is kept with its requestId and its fields when the fetch gets no answer at all", async () => {
    const answer = await queueWhenUnreachable({
      request: post({ requestId: "r1-abcdefghijklmnop", amount: "300", fundPassword: "secret" }),
      serverAction: () => Promise.reject(new TypeError("Failed to fetch")),
    } as never);
    expect(answer).toEqual({ queued: "r1-abcdefghijklmnop" });
    const [kept] = moneyQueue.state().waiting;
    expect(kept?.action).toBe("/member/deposit?index");
    expect(kept?.formData.get("amount")).toBe("300");
    expect(kept?.formData.get("fundPassword")).toBe("secret");
  });

  it("an answer of any kind ends the wait, and a resend that fails again keeps its first time", async () => {
    const request = () => post({ requestId: "r2-abcdefghijklmnop" });
    const offline = () => Promise.reject(new TypeError("NetworkError when attempting to fetch resource."));
    await queueWhenUnreachable({ request: request(), serverAction: offline } as never);
    const first = moneyQueue.state().waiting[0]!.firstAt;
    await queueWhenUnreachable({ request: request(), serverAction: offline } as never);
    expect(moneyQueue.state().waiting).toHaveLength(1);
    expect(moneyQueue.state().waiting[0]!.firstAt).toBe(first);
    const done = await queueWhenUnreachable({ request: request(), serverAction: () => Promise.resolve({ result: "ok" }) } as never);
    expect(done).toEqual({ result: "ok" });
    expect(moneyQueue.state().waiting).toHaveLength(0);
  });

  it("a refusal or redirect thrown by the action is not a lost connection: it is thrown, nothing waits", async () => {
    const redirect = new Response(null, { status: 302, headers: { Location: "/login" } });
    await expect(
      queueWhenUnreachable({ request: post({ requestId: "r3-abcdefghijklmnop" }), serverAction: () => Promise.reject(redirect) } as never),
    ).rejects.toBe(redirect);
    await expect(
      queueWhenUnreachable({
        request: post({ requestId: "r4-abcdefghijklmnop" }),
        serverAction: () => Promise.reject(new Error("boom")),
      } as never),
    ).rejects.toThrow("boom");
    expect(moneyQueue.state().waiting).toHaveLength(0);
  });

  it("a form without a requestId is not a money form: its failure is the page's", async () => {
    await expect(
      queueWhenUnreachable({
        request: post({ amount: "1" }),
        serverAction: () => Promise.reject(new TypeError("Failed to fetch")),
      } as never),
    ).rejects.toThrow("Failed to fetch");
  });

  it(`waits at most ${MONEY_QUEUE_MINUTES} minutes, then says so; cancel says so too`, () => {
    const formData = new FormData();
    moneyQueue.keep({ requestId: "r5", action: "/member/withdraw", formData }, 0);
    moneyQueue.expire(MONEY_QUEUE_MINUTES * 60_000);
    expect(moneyQueue.state().waiting).toHaveLength(1);
    moneyQueue.expire(MONEY_QUEUE_MINUTES * 60_000 + 1);
    expect(moneyQueue.state()).toEqual({ waiting: [], ended: { kind: "expired", requestId: "r5" } });
    moneyQueue.keep({ requestId: "r6", action: "/member/withdraw", formData });
    expect(moneyQueue.state().ended).toBeNull();
    moneyQueue.end("r6", "cancelled");
    expect(moneyQueue.state()).toEqual({ waiting: [], ended: { kind: "cancelled", requestId: "r6" } });
  });
});
