import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseCommand } from "./admin";
import { setModule } from "./operator";
import { createOperatorApp } from "./operator-http";
import { approveDeposit, listPendingDeposits, parseMoneyCommand, rejectDeposit } from "./operator-money";
import { type Harness, openHarness } from "./testing/harness";

// Deposits (decision 016): methods, channels, fixed amounts, the two submit relays, the report,
// cancel, and the operator's approve (credited once) and reject, with their inbox messages.

let h: Harness;
let token: string;
let memberId: number;
let seq = 0;
const rid = () => `deposit-test-${Date.now().toString(36)}-${seq++}`;

const post = (call: string, body: unknown, t = token) =>
  h.json(`/wps/relay/${call}`, { method: "POST", token: t, body: JSON.stringify(body) });
const get = (call: string, language?: string) => h.json(`/wps/relay/${call}`, { token, language });
const main = async () =>
  (
    await h.db.query<{ b: number }>(
      "SELECT coalesce(sum(balance), 0)::bigint AS b FROM ledger_accounts WHERE member_id = $1 AND account_type_id = 2 AND kind = 'wallet'",
      [memberId],
    )
  )[0]!.b;
const total = async () =>
  (await h.db.query<{ t: number }>("SELECT sum(balance)::bigint AS t FROM ledger_accounts WHERE merchant = 'demo'"))[0]!.t;

let bkash: { channelId: number; minAmount: number; maxAmount: number };
let agent: { channelId: number; fixedAmounts: number[] };
let usdt: { channelId: number };

beforeAll(async () => {
  h = await openHarness();
  const login = (await h.login("demo_member", "Demo@1234")).body.value;
  token = login.token;
  memberId = login.id;
}, 120_000);
afterAll(() => h?.close());

describe("deposit configuration", () => {
  it("lists methods, channels per method, fixed amounts and settings", async () => {
    const methods = (await get("MCSFE_getDepositMethods")).body.value;
    expect(methods.map((m: { methodCode: string }) => m.methodCode)).toEqual(["BKASH", "NAGAD", "ROCKET", "MT", "USDT"]);
    expect((await get("MCSFE_getDepositMethods", "BN")).body.value[0].methodName).toBe("বিকাশ");
    const channels = (await get("MCSFE_getDepositPaymentChannels?methodCode=bkash")).body.value;
    expect(channels).toHaveLength(2);
    bkash = channels[0];
    agent = channels[1];
    expect(bkash).toMatchObject({
      methodCode: "BKASH",
      submitType: "TRANSACTION_ID",
      minAmount: 200,
      maxAmount: 25000,
      allowCustomAmount: true,
      accountNumber: "01700000001",
    });
    expect(agent).toMatchObject({ allowCustomAmount: false, fixedAmounts: [500, 1000, 2000, 5000] });
    usdt = (await get("MCSFE_getDepositPaymentChannels?methodCode=USDT")).body.value[0];
    expect(usdt).toMatchObject({ submitType: "LAUNCH_URL" });
    expect((await get(`MCSFE_getFixedAmounts?channelId=${agent.channelId}`)).body.value).toEqual([500, 1000, 2000, 5000]);
    expect((await get("MCSFE_getFixedAmounts")).body.value.length).toBeGreaterThan(0);
    expect((await get("MCSFE_getFixedAmounts?channelId=999999")).body.errorCode).toBe("deposit.channel.not.found");
    expect((await get("MCSFE_getDepositSettings")).body.value).toMatchObject({
      allowDeposit: "Y",
      totalDepositSuccessCount: 0,
      pendingCount: 0,
    });
  });
});

describe("deposit requests", () => {
  it("a manual transfer goes pending; a replay answers the same record; other content conflicts", async () => {
    const requestId = rid();
    const body = { requestId, channelId: bkash.channelId, amount: 500, transactionId: "8N7A6B5C4D" };
    const before = await main();
    const first = await post("MCSFE_manualTransferByTransactionId", body);
    expect(first.body.value).toMatchObject({ requestId, status: "PENDING", amount: 500, methodCode: "BKASH", transactionId: "8N7A6B5C4D" });
    const again = await post("MCSFE_manualTransferByTransactionId", body);
    expect(again.body.value.depositId).toBe(first.body.value.depositId);
    expect((await post("MCSFE_manualTransferByTransactionId", { ...body, amount: 600 })).body.errorCode).toBe("idempotency.conflict");
    expect(await main()).toBe(before);
    const twins = await Promise.all(
      [1, 2, 3].map(() => post("MCSFE_manualTransferByTransactionId", { ...body, requestId: `${requestId}-twin` })),
    );
    expect(new Set(twins.map((t) => t.body.value.depositId)).size).toBe(1);
  });

  it("refuses out-of-range, non-listed fixed amounts, bad references, wrong relay for the channel", async () => {
    const base = { channelId: bkash.channelId, transactionId: "ABCD1234" };
    const range = await post("MCSFE_manualTransferByTransactionId", { ...base, requestId: rid(), amount: 100 });
    expect(range.body.errorCode).toBe("deposit.amount.range");
    expect(range.body.message).toContain("৳200.00");
    expect((await post("MCSFE_manualTransferByTransactionId", { ...base, requestId: rid(), amount: 30000 })).body.errorCode).toBe(
      "deposit.amount.range",
    );
    expect(
      (await post("MCSFE_manualTransferByTransactionId", { ...base, channelId: agent.channelId, requestId: rid(), amount: 700 })).body
        .errorCode,
    ).toBe("deposit.amount.fixed");
    expect(
      (await post("MCSFE_manualTransferByTransactionId", { ...base, requestId: rid(), amount: 500, transactionId: "a b" })).body.errorCode,
    ).toBe("deposit.transaction.invalid");
    expect(
      (await post("MCSFE_manualTransferByTransactionId", { ...base, requestId: rid(), amount: 500, transactionId: null })).body.errorCode,
    ).toBe("deposit.transaction.invalid");
    expect((await post("MCSFE_depositByLaunchUrl", { requestId: rid(), channelId: bkash.channelId, amount: 500 })).body.errorCode).toBe(
      "deposit.channel.not.found",
    );
    expect((await post("MCSFE_manualTransferByTransactionId", { ...base, requestId: rid(), amount: "5.555" })).body.errorCode).toBe(
      "amount.invalid",
    );
    expect((await post("MCSFE_manualTransferByTransactionId", { ...base, requestId: rid(), channelId: "x", amount: 500 })).status).toBe(
      400,
    );
  });

  it("the gateway relay answers a pending request without a URL", async () => {
    const answer = await post("MCSFE_depositByLaunchUrl", { requestId: rid(), channelId: usdt.channelId, amount: 1000 });
    expect(answer.body.value).toMatchObject({ status: "PENDING", launchUrl: null, pending: true, methodCode: "USDT" });
  });

  it("cancel: own pending only; a cancelled one answers again", async () => {
    const made = (
      await post("MCSFE_manualTransferByTransactionId", {
        requestId: rid(),
        channelId: bkash.channelId,
        amount: 250,
        transactionId: "CANCEL01",
      })
    ).body.value;
    const cancelled = await post("MCSFE_cancelDeposit", { requestId: rid(), depositId: made.depositId });
    expect(cancelled.body.value.status).toBe("CANCELLED");
    expect((await post("MCSFE_cancelDeposit", { requestId: rid(), depositId: made.depositId })).body.value.status).toBe("CANCELLED");
    expect((await post("MCSFE_cancelDeposit", { requestId: rid(), depositId: 999999 })).body.errorCode).toBe("deposit.not.found");
  });

  it("the operator approves once (credited, DEPOSIT_CREDITED) and rejects (DEPOSIT_FAILED)", async () => {
    // demo_member's own: the agent tree's seed leaves some of its team's deposits pending too.
    const pending = (await listPendingDeposits(h.db, "demo")).filter((d) => d.username === "demo_member");
    expect(pending.length).toBeGreaterThanOrEqual(2);
    const [first, second] = pending;
    const before = await main();
    const sum = await total();
    const approved = await approveDeposit(h.db, "demo", String(first!.id), h.clock.now);
    expect(approved).toMatchObject({ status: "APPROVED", credited: true });
    expect(await approveDeposit(h.db, "demo", String(first!.id), h.clock.now)).toMatchObject({ credited: false });
    expect(await main()).toBe(before + first!.amount * 100);
    expect(await total()).toBe(sum);
    await expect(rejectDeposit(h.db, "demo", String(first!.id))).rejects.toThrow(/APPROVED/);
    expect((await rejectDeposit(h.db, "demo", String(second!.id), "no payment found", h.clock.now)).status).toBe("REJECTED");
    await expect(approveDeposit(h.db, "demo", String(second!.id))).rejects.toThrow(/REJECTED/);
    const inbox = (await get("MCSFE_getInboxMessages")).body.value.list;
    expect(inbox.slice(0, 2).map((m: { kind: string }) => m.kind)).toEqual(["DEPOSIT_FAILED", "DEPOSIT_CREDITED"]);
    expect(inbox[1].content).toContain(`no. ${first!.id}`);
    expect((await post("MCSFE_cancelDeposit", { requestId: rid(), depositId: first!.id })).body.errorCode).toBe("deposit.not.pending");
    expect(() => parseMoneyCommand("deposit", ["approve"])).toThrow();
    await expect(approveDeposit(h.db, "demo", "abc")).rejects.toThrow();
  });

  it("the report pages with status and dates", async () => {
    const all = (await get("MCSFE_getDepositTransactionReport?pageNo=1&pageSize=2")).body.value;
    expect(all.total).toBe(4);
    expect(all.list).toHaveLength(2);
    expect(all.totalPages).toBe(Math.ceil(all.total / 2));
    const approved = (await get("MCSFE_getDepositTransactionReport?status=APPROVED")).body.value;
    expect(approved.list.every((d: { status: string }) => d.status === "APPROVED")).toBe(true);
    expect(approved.total).toBe(1);
    const past = (await get("MCSFE_getDepositTransactionReport?dateFrom=2020-01-01&dateTo=2020-01-31")).body.value;
    expect(past.total).toBe(0);
    const today = new Date(h.clock.now.getTime() + 6 * 3_600_000).toISOString().slice(0, 10);
    expect((await get(`MCSFE_getDepositTransactionReport?dateFrom=${today}&dateTo=${today}`)).body.value.total).toBe(all.total);
    expect(
      (
        await get(
          `MCSFE_getDepositTransactionReport?dateFrom=${h.clock.now.getTime() - 3_600_000}&dateTo=${h.clock.now.getTime() + 60_000}`,
        )
      ).body.value.total,
    ).toBe(all.total);
    expect((await get("MCSFE_getDepositTransactionReport?dateFrom=garbage&dateTo=2026-02-31&pageNo=-4&pageSize=9999")).body.success).toBe(
      true,
    );
    expect((await get("MCSFE_getDepositSettings")).body.value.totalDepositSuccessCount).toBe(1);
  });

  it("at most 5 pending per member", async () => {
    const pending = (await get("MCSFE_getDepositSettings")).body.value.pendingCount;
    for (let i = pending; i < 5; i++) {
      expect(
        (
          await post("MCSFE_manualTransferByTransactionId", {
            requestId: rid(),
            channelId: bkash.channelId,
            amount: 300,
            transactionId: `PEND${i}XX`,
          })
        ).body.success,
      ).toBe(true);
    }
    expect(
      (
        await post("MCSFE_manualTransferByTransactionId", {
          requestId: rid(),
          channelId: bkash.channelId,
          amount: 300,
          transactionId: "PENDMORE",
        })
      ).body.errorCode,
    ).toBe("deposit.pending.limit");
  });

  it("DEPREC3 off, no token, trial account", async () => {
    expect((await h.json("/wps/relay/MCSFE_getDepositMethods")).status).toBe(401);
    await setModule(h.db, "demo", "DEPREC3", false);
    expect((await get("MCSFE_getDepositMethods")).body.errorCode).toBe("function.not.available");
    await setModule(h.db, "demo", "DEPREC3", true);
    const trial = (
      await h.json("/wps/session/login/freeplay", {
        method: "POST",
        body: JSON.stringify({ os: "Windows", platform: "W" }),
        forwardedFor: "203.0.113.78",
      })
    ).body.value.token;
    const answer = await post(
      "MCSFE_manualTransferByTransactionId",
      { requestId: rid(), channelId: bkash.channelId, amount: 500, transactionId: "TRIAL123" },
      trial,
    );
    expect(answer.body.errorCode).toBe("trial.not.allowed");
  });

  it("the operator listener and the CLI know the money commands (behind the key)", async () => {
    const key = "k".repeat(32);
    const app = createOperatorApp({ db: h.db, merchant: "demo", key, now: () => h.clock.now });
    const call = (path: string, init: RequestInit = {}, withKey = true) =>
      app.fetch(
        new Request(`http://operator.test${path}`, {
          ...init,
          headers: { "Content-Type": "application/json", ...(withKey ? { "X-Operator-Key": key } : {}) },
        }),
      );
    expect((await call("/operator/deposits", {}, false)).status).toBe(401);
    expect((await call("/operator/deposit", { method: "POST", body: JSON.stringify({ action: "approve", id: "1" }) }, false)).status).toBe(
      401,
    );
    const pending = (await (await call("/operator/deposits")).json()) as { ok: boolean; result: { id: number }[] };
    expect(pending.ok).toBe(true);
    const id = pending.result[0]!.id;
    const approved = (await (
      await call("/operator/deposit", { method: "POST", body: JSON.stringify({ action: "approve", id: String(id) }) })
    ).json()) as { result: { status: string } };
    expect(approved.result.status).toBe("APPROVED");
    const bad = await call("/operator/deposit", { method: "POST", body: JSON.stringify({ action: "approve", id: "999999" }) });
    expect(bad.status).toBe(400);
    expect((await (await call("/operator/withdrawals")).json()) as { ok: boolean }).toMatchObject({ ok: true });
    expect(
      (await (await call("/operator/message", { method: "POST", body: JSON.stringify({ target: "all", text: "Hello all" }) })).json()) as {
        ok: boolean;
      },
    ).toMatchObject({ ok: true });
    expect(parseCommand(["deposit", "reject", "4", "no", "payment"]).body).toEqual({ action: "reject", id: "4", reason: "no payment" });
    expect(parseCommand(["withdraw", "issue", "2"]).path).toBe("withdraw");
    expect(() => parseCommand(["withdraw", "pay", "2"])).toThrow(/withdraw issue/);
  });

  it("the responsible-gaming deposit limit refuses a larger deposit inside the submit", async () => {
    const vip = (await h.login("demo_vip", "Demo@1234")).body.value.token;
    const submit = (amount: number) =>
      post(
        "MCSFE_manualTransferByTransactionId",
        { requestId: rid(), channelId: bkash.channelId, amount, transactionId: "LIMIT1234" },
        vip,
      );
    const set = await post("MCSFE_setResponsibleGamingLimit", { requestId: rid(), type: "DEPOSIT", period: "DAY", amount: 1000 }, vip);
    expect(set.body.success, JSON.stringify(set.body)).toBe(true);
    expect((await submit(800)).body.value.status).toBe("PENDING");
    const refused = await submit(300);
    expect(refused.body.errorCode).toBe("limit.deposit.exceeded");
    const [row] = await h.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM deposit_requests r JOIN members m ON m.id = r.member_id WHERE m.username = 'demo_vip'",
    );
    expect(row!.n).toBe(1);
  });
});
