import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setModule, setSetting } from "./operator";
import { issueWithdrawal, listOpenWithdrawals, rejectWithdrawal } from "./operator-money";
import { type Harness, openHarness } from "./testing/harness";

// Withdraw (decision 016): payment password, banks and bound cards, settings and account info,
// the encrypted submit (money to the house at once), operator issue/reject, the member's
// confirmation (received, partly, not received with proof images) and the automatic one.

let h: Harness;
let token: string;
let memberId: number;
let seq = 0;
const rid = () => `withdraw-test-${Date.now().toString(36)}-${seq++}`;

const post = (call: string, body: unknown) => h.json(`/wps/relay/${call}`, { method: "POST", token, body: JSON.stringify(body) });
const get = (call: string) => h.json(`/wps/relay/${call}`, { token });
const enc = (path: string, payload: unknown, method = "POST") => h.enc(path, payload, { method, token });
const main = async () =>
  (
    await h.db.query<{ b: number }>(
      "SELECT coalesce(sum(balance), 0)::bigint AS b FROM ledger_accounts WHERE member_id = $1 AND account_type_id = 2 AND kind = 'wallet'",
      [memberId],
    )
  )[0]!.b;
const total = async () =>
  (await h.db.query<{ t: number }>("SELECT sum(balance)::bigint AS t FROM ledger_accounts WHERE merchant = 'demo'"))[0]!.t;

const PNG = `data:image/png;base64,${Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(32, 1)]).toString("base64")}`;
const JPG = `data:image/jpeg;base64,${Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(32, 2)]).toString("base64")}`;

let cardId: number;

beforeAll(async () => {
  h = await openHarness();
  const login = (await h.login("demo_member", "Demo@1234")).body.value;
  token = login.token;
  memberId = login.id;
}, 120_000);
afterAll(() => h?.close());

describe("withdraw password", () => {
  it("set once, change with the old one", async () => {
    expect((await h.json("/wps/member/hasWithdrawalPassword", { token })).body.value).toBe(false);
    expect((await enc("/wps/member/paymentPassword", { newPassword: "12345" }, "PUT")).body.errorCode).toBe("payment.password.invalid");
    expect((await enc("/wps/member/paymentPassword", { newPassword: "123456", confirmNewPassword: "654321" }, "PUT")).body.errorCode).toBe(
      "payment.password.mismatch",
    );
    expect((await enc("/wps/member/paymentPassword", { newPassword: "123456", confirmNewPassword: "123456" }, "PUT")).body.success).toBe(
      true,
    );
    expect((await h.json("/wps/member/hasWithdrawalPassword", { token })).body.value).toBe(true);
    expect((await enc("/wps/member/paymentPassword", { newPassword: "999999" }, "PUT")).body.errorCode).toBe("payment.password.exists");
    expect((await enc("/wps/member/paymentPassword", { oldPassword: "000000", newPassword: "pay-secret" })).body.errorCode).toBe(
      "invalid.payment.pw",
    );
    expect((await enc("/wps/member/paymentPassword", { oldPassword: "123456", newPassword: "pay-secret" })).body.success).toBe(true);
    const unreadable = await h.json("/wps/member/paymentPassword", { method: "PUT", token, body: "{}" });
    expect(unreadable.status).toBe(400);
  });
});

describe("cards", () => {
  it("banks, binding rules, final once bound, at most 5", async () => {
    const banks = (await get("MCSFE_getBanks")).body.value;
    expect(banks.map((b: { bankCode: string }) => b.bankCode)).toContain("BKASH");
    expect((await get("MCSFE_getBanks?cardType=BC")).body.value.every((b: { cardType: string }) => b.cardType === "BC")).toBe(true);
    const bind = (card: Record<string, unknown>) => enc("/wps/v2/member/bankCards", card, "PUT");
    expect(
      (await bind({ cardType: "EW", bankCode: "NOPE", accountName: "Demo Member", accountNumber: "01712345678" })).body.errorCode,
    ).toBe("card.bank.not.found");
    expect(
      (await bind({ cardType: "BC", bankCode: "BKASH", accountName: "Demo Member", accountNumber: "01712345678" })).body.errorCode,
    ).toBe("card.bank.not.found");
    expect((await bind({ cardType: "EW", bankCode: "BKASH", accountName: "Demo Member", accountNumber: "12345" })).body.errorCode).toBe(
      "card.account.invalid",
    );
    expect((await bind({ cardType: "EW", bankCode: "BKASH", accountName: "D", accountNumber: "01712345678" })).body.errorCode).toBe(
      "card.account.invalid",
    );
    const bound = await bind({ cardType: "EW", bankCode: "bkash", accountName: " Demo  Member ", accountNumber: "01712345678" });
    expect(bound.body.value).toMatchObject({
      cardType: "EW",
      bankCode: "BKASH",
      bankName: "bKash",
      accountName: "Demo Member",
      accountNumber: "****5678",
      isWithdrawActive: true,
    });
    cardId = bound.body.value.bankCardId;
    expect(
      (await bind({ cardType: "EW", bankCode: "BKASH", accountName: "Demo Member", accountNumber: "017-1234-5678" })).body.errorCode,
    ).toBe("card.duplicate");
    for (const n of ["100200300", "100200301", "100200302", "100200303"]) {
      expect((await bind({ cardType: "BC", bankCode: "DBBL", accountName: "Demo Member", accountNumber: n })).body.success).toBe(true);
    }
    expect((await bind({ cardType: "BC", bankCode: "DBBL", accountName: "Demo Member", accountNumber: "100200304" })).body.errorCode).toBe(
      "card.limit",
    );
    expect((await h.json("/wps/v2/member/bankCards", { method: "DELETE", token })).body.errorCode).toBe("card.binding.final");
  });

  it("account info and settings", async () => {
    const info = (await get("MCSFE_getWithdrawAccountInfo")).body.value;
    expect(info).toMatchObject({
      minWithdrawal: 100,
      maxWithdrawal: 25000,
      remainingWithdrawAmount: 50000,
      remainingTransactionTimes: 5,
      hasPaymentPassword: true,
      passwordRequired: true,
    });
    expect(info.cards).toHaveLength(5);
    expect(info.cards[0].accountNumber).toBe("****5678");
    const settings = (await get("MCSFE_getWithdrawSettings?groupId=0")).body.value;
    expect(settings).toMatchObject({ minimumAmount: 100, maximumAmount: 25000, confirmMinutes: 60 });
  });
});

describe("withdrawals", () => {
  const withdraw = (payload: Record<string, unknown>) =>
    enc("/wps/v2/transaction/withdraw", { bankCardId: cardId, password: "pay-secret", ...payload });

  it("moves the amount to the house at once; a replay moves nothing; errors", async () => {
    const before = await main();
    const sum = await total();
    const requestId = rid();
    const first = await withdraw({ requestId, amount: 300 });
    expect(first.body.value).toMatchObject({ requestId, amount: 300, status: "PENDING", accountNumber: "****5678", bankName: "bKash" });
    expect((await withdraw({ requestId, amount: 300 })).body.value.withdrawalId).toBe(first.body.value.withdrawalId);
    expect((await withdraw({ requestId, amount: 301 })).body.errorCode).toBe("idempotency.conflict");
    expect(await main()).toBe(before - 30000);
    expect(await total()).toBe(sum);
    expect((await withdraw({ requestId: rid(), amount: 300, password: "nope-nope" })).body.errorCode).toBe("invalid.payment.pw");
    expect((await withdraw({ requestId: rid(), amount: 50 })).body.errorCode).toBe("withdraw.amount.min");
    expect((await withdraw({ requestId: rid(), amount: 30000 })).body.errorCode).toBe("withdraw.amount.max");
    expect((await withdraw({ requestId: rid(), amount: 300, bankCardId: 999999 })).body.errorCode).toBe("withdraw.card.not.found");
    expect((await withdraw({ requestId: rid(), amount: 20000 })).body.errorCode).toBe("insufficient.balance");
    expect((await withdraw({ requestId: "bad", amount: 300 })).status).toBe(400);
    expect(await main()).toBe(before - 30000);
    const info = (await get("MCSFE_getWithdrawAccountInfo")).body.value;
    expect(info).toMatchObject({ remainingWithdrawAmount: 49700, remainingTransactionTimes: 4 });
  });

  it("reject returns the money once and notifies; issue notifies", async () => {
    // demo_member's own: the agent tree's seed leaves some of its team's withdrawals pending too.
    const open = (await listOpenWithdrawals(h.db, "demo", h.clock.now)).filter((w) => w.username === "demo_member");
    const id = String(open[0]!.id);
    const before = await main();
    expect(await rejectWithdrawal(h.db, "demo", id, "name mismatch", h.clock.now)).toMatchObject({ status: "REJECTED", refunded: true });
    expect(await rejectWithdrawal(h.db, "demo", id, "", h.clock.now)).toMatchObject({ refunded: false });
    expect(await main()).toBe(before + 30000);
    await expect(issueWithdrawal(h.db, "demo", id)).rejects.toThrow(/rejected/);
    const inbox = (await get("MCSFE_getInboxMessages")).body.value.list;
    expect(inbox[0]).toMatchObject({ kind: "WITHDRAWAL_REJECTED" });
    const report = (await get("MCSFE_getWithdrawTransactionReport")).body.value;
    expect(report.list[0]).toMatchObject({ status: "REJECTED", remark: "name mismatch" });
  });

  it("confirmation: received, partly, not received with proofs, and automatic after the window", async () => {
    const make = async (amount: number) => {
      const w = (await withdraw({ requestId: rid(), amount })).body.value;
      expect((await issueWithdrawal(h.db, "demo", String(w.withdrawalId), h.clock.now)).status).toBe("ISSUED");
      return w.withdrawalId as number;
    };
    const pendingOne = (await withdraw({ requestId: rid(), amount: 100 })).body.value.withdrawalId;
    expect((await post("MCSFE_confirmWithdrawal", { requestId: rid(), withdrawalId: pendingOne, result: "RECEIVED" })).body.errorCode).toBe(
      "withdraw.not.issued",
    );

    const a = await make(200);
    expect((await get("MCSFE_getInboxMessages")).body.value.list[0].kind).toBe("WITHDRAWAL_APPROVED");
    const confirmA = rid();
    const received = await post("MCSFE_confirmWithdrawal", { requestId: confirmA, withdrawalId: a, result: "RECEIVED" });
    expect(received.body.value).toMatchObject({ status: "RECEIVED", receivedAmount: 200, remainingAmount: 0, autoConfirmed: false });
    expect((await post("MCSFE_confirmWithdrawal", { requestId: confirmA, withdrawalId: a, result: "RECEIVED" })).body.success).toBe(true);
    expect(
      (await post("MCSFE_confirmWithdrawal", { requestId: confirmA, withdrawalId: a, result: "PARTLY", receivedAmount: 1 })).body.errorCode,
    ).toBe("idempotency.conflict");
    expect((await post("MCSFE_confirmWithdrawal", { requestId: rid(), withdrawalId: a, result: "RECEIVED" })).body.errorCode).toBe(
      "withdraw.already.confirmed",
    );

    const b = await make(150);
    expect(
      (await post("MCSFE_confirmWithdrawal", { requestId: rid(), withdrawalId: b, result: "PARTLY", receivedAmount: 150 })).body.errorCode,
    ).toBe("withdraw.received.invalid");
    const partly = await post("MCSFE_confirmWithdrawal", { requestId: rid(), withdrawalId: b, result: "PARTLY", receivedAmount: "100.50" });
    expect(partly.body.value).toMatchObject({ status: "PARTLY_RECEIVED", receivedAmount: 100.5, remainingAmount: 49.5 });

    const c = await make(120);
    expect((await post("MCSFE_confirmWithdrawal", { requestId: rid(), withdrawalId: c, result: "NOT_RECEIVED" })).body.errorCode).toBe(
      "withdraw.proof.invalid",
    );
    expect(
      (
        await post("MCSFE_confirmWithdrawal", {
          requestId: rid(),
          withdrawalId: c,
          result: "NOT_RECEIVED",
          proofImages: [PNG, PNG, PNG, PNG],
        })
      ).body.errorCode,
    ).toBe("withdraw.proof.invalid");
    const gif = `data:image/png;base64,${Buffer.from("GIF89a-not-a-png").toString("base64")}`;
    expect(
      (await post("MCSFE_confirmWithdrawal", { requestId: rid(), withdrawalId: c, result: "NOT_RECEIVED", proofImages: [gif] })).body
        .errorCode,
    ).toBe("withdraw.proof.invalid");
    const big = `data:image/jpeg;base64,${Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(5 * 1024 * 1024)]).toString("base64")}`;
    expect(
      (await post("MCSFE_confirmWithdrawal", { requestId: rid(), withdrawalId: c, result: "NOT_RECEIVED", proofImages: [big] })).body
        .errorCode,
    ).toBe("withdraw.proof.invalid");
    const notReceived = await post("MCSFE_confirmWithdrawal", {
      requestId: rid(),
      withdrawalId: c,
      result: "NOT_RECEIVED",
      proofImages: [PNG, JPG],
    });
    expect(notReceived.body.value).toMatchObject({ status: "NOT_RECEIVED", receivedAmount: 0, remainingAmount: 120, proofCount: 2 });
    const proofs = await h.db.query<{ mime: string }>("SELECT mime FROM withdrawal_proofs WHERE withdrawal_id = $1 ORDER BY id", [c]);
    expect(proofs.map((p) => p.mime)).toEqual(["image/png", "image/jpeg"]);

    await setSetting(h.db, "demo", "withdrawDailyTimes", 50);
    await setSetting(h.db, "demo", "withdrawConfirmMinutes", 5);
    const d = await make(110);
    h.clock.advance(6 * 60_000);
    const report = (await get("MCSFE_getWithdrawTransactionReport?status=RECEIVED")).body.value;
    const auto = report.list.find((w: { withdrawalId: number }) => w.withdrawalId === d);
    expect(auto).toMatchObject({ status: "RECEIVED", autoConfirmed: true, receivedAmount: 110 });
    expect(
      (await post("MCSFE_confirmWithdrawal", { requestId: rid(), withdrawalId: d, result: "PARTLY", receivedAmount: 1 })).body.errorCode,
    ).toBe("withdraw.already.confirmed");
  });

  it("daily limits, no-password module, modules off", async () => {
    await setSetting(h.db, "demo", "withdrawDailyTimes", 1);
    expect((await withdraw({ requestId: rid(), amount: 100 })).body.errorCode).toBe("withdraw.daily.times");
    await setSetting(h.db, "demo", "withdrawDailyTimes", 50);
    await setSetting(h.db, "demo", "withdrawDailyAmount", 500);
    expect((await withdraw({ requestId: rid(), amount: 100 })).body.errorCode).toBe("withdraw.daily.amount");
    await setSetting(h.db, "demo", "withdrawDailyAmount", 50000);
    await setModule(h.db, "demo", "WDRAWNOPASSVERIF3", true);
    expect((await withdraw({ requestId: rid(), amount: 100, password: "" })).body.success).toBe(true);
    await setModule(h.db, "demo", "WDRAWNOPASSVERIF3", false);
    await setModule(h.db, "demo", "WTHDRW3", false);
    expect((await withdraw({ requestId: rid(), amount: 100 })).body.errorCode).toBe("function.not.available");
    expect((await get("MCSFE_getWithdrawSettings")).body.errorCode).toBe("function.not.available");
    await setModule(h.db, "demo", "WTHDRW3", true);
  });

  it("a trial account is refused", async () => {
    const trial = (
      await h.json("/wps/session/login/freeplay", {
        method: "POST",
        body: JSON.stringify({ os: "Windows", platform: "W" }),
        forwardedFor: "203.0.113.79",
      })
    ).body.value.token;
    const answer = await h.enc(
      "/wps/v2/transaction/withdraw",
      { requestId: rid(), amount: 100, bankCardId: cardId, password: "x" },
      { token: trial },
    );
    expect(answer.body.errorCode).toBe("trial.not.allowed");
    expect((await h.enc("/wps/member/paymentPassword", { newPassword: "123456" }, { method: "PUT", token: trial })).body.errorCode).toBe(
      "trial.not.allowed",
    );
  });
});
