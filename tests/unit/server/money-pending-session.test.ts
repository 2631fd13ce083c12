import { describe, expect, it } from "vitest";
import { formRequestId, keepPendingUnsettled, notePending, pendingMove, settlingPending } from "~/money/pending.server";
import { runInScope } from "~/request-scope.server";
import { getSession, SIGNED_IN_KEYS, type AppSession } from "~/session.server";

// The pending moves of decision 033 as the session keeps them: whose they are, which form they
// belong to, and that none is dropped while its outcome is unknown.

const page = (path: string) => new Request(`http://localhost${path}`);
const inRequest = <T>(fn: () => T) => runInScope({}, fn);

async function signedIn(user: string): Promise<AppSession> {
  const session = await getSession(page("/"));
  session.set("token", `token-${user}`);
  session.set("userName", user);
  return session;
}

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.set(k, v);
  return data;
};

describe("a pending move", () => {
  it("outlives an expired login for the same player, and is never another account's", async () => {
    const session = await signedIn("demo_member");
    inRequest(() =>
      notePending(session, page("/member/withdraw"), {
        intent: "withdraw",
        requestId: "pending-expiry-0000001",
        amount: "150",
        password: "secret!",
      }),
    );
    // The login ends by itself (its lifetime, or the platform forgot the token).
    for (const key of SIGNED_IN_KEYS) session.unset(key);
    expect(inRequest(() => pendingMove(session, page("/member/withdraw"), "withdraw"))).toBeUndefined();
    // The same player logs in again: the form is drawn with the same request.
    session.set("userName", "demo_member");
    expect(inRequest(() => formRequestId(session, page("/member/withdraw"), "withdraw"))).toBe("pending-expiry-0000001");
    expect(inRequest(() => pendingMove(session, page("/member/withdraw"), "withdraw"))?.fields).toEqual({ amount: "150" });
    // Someone else on this browser does not get it.
    session.set("userName", "demo_vip");
    expect(inRequest(() => formRequestId(session, page("/member/withdraw"), "withdraw"))).not.toBe("pending-expiry-0000001");
  });

  it("belongs to its own target: another promotion's page or another downline's transfer form gets a new request", async () => {
    const session = await signedIn("demo_agent");
    inRequest(() => notePending(session, page("/promoDetail?id=1"), { intent: "claim", requestId: "pending-promo-1-000001" }));
    inRequest(() => notePending(session, page("/agent/team?transfer=41&q=a"), { intent: "transfer", requestId: "pending-team-41-00001" }));
    expect(inRequest(() => formRequestId(session, page("/promoDetail?id=1")))).toBe("pending-promo-1-000001");
    expect(inRequest(() => formRequestId(session, page("/promoDetail?id=12")))).not.toBe("pending-promo-1-000001");
    expect(inRequest(() => formRequestId(session, page("/agent/team?transfer=41"), "transfer"))).toBe("pending-team-41-00001");
    expect(inRequest(() => formRequestId(session, page("/agent/team?transfer=42"), "transfer"))).not.toBe("pending-team-41-00001");
  });

  it("is not pushed out by a second unknown move on the same form: the oldest is drawn first, then the next", async () => {
    const session = await signedIn("demo_member");
    const wallet = page("/member/transfer-fund");
    inRequest(() => notePending(session, wallet, { intent: "transfer", requestId: "pending-tab-one-000001", amount: "5" }));
    await new Promise((r) => setTimeout(r, 5));
    inRequest(() => notePending(session, wallet, { intent: "transfer", requestId: "pending-tab-two-000001", amount: "6" }));
    expect(inRequest(() => formRequestId(session, wallet, "transfer"))).toBe("pending-tab-one-000001");
    // The first is answered (done): the second is next.
    inRequest(() => settlingPending(session, form({ requestId: "pending-tab-one-000001" })));
    expect(inRequest(() => formRequestId(session, wallet, "transfer"))).toBe("pending-tab-two-000001");
  });

  it("stays pending when its requestId is refused for other content: the first request stands", async () => {
    const session = await signedIn("demo_member");
    const wallet = page("/member/transfer-fund");
    inRequest(() => notePending(session, wallet, { intent: "transfer", requestId: "pending-conflict-00001", amount: "5" }));
    inRequest(() => {
      settlingPending(session, form({ requestId: "pending-conflict-00001", amount: "9" }));
      keepPendingUnsettled(session);
    });
    expect(inRequest(() => formRequestId(session, wallet, "transfer"))).toBe("pending-conflict-00001");
  });
});
