import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setModule, setSetting } from "./operator";
import { parseMoneyCommand, sendAnnouncement } from "./operator-money";
import { notify } from "./services/inbox";
import { type Harness, openHarness } from "./testing/harness";

// Wallet transfers, recall, single-wallet mode, the inbox and the transfer to upline (decision
// 016), on one in-memory PGlite.

let h: Harness;
let token: string;
let memberId: number;
let trialToken: string;
let seq = 0;
const rid = () => `money-test-${Date.now().toString(36)}-${seq++}`.padEnd(16, "x");

const post = (call: string, body: unknown, t = token) =>
  h.json(`/wps/relay/${call}`, { method: "POST", token: t, body: JSON.stringify(body) });
const get = (call: string, t = token, language?: string) => h.json(`/wps/relay/${call}`, { token: t, language });
const balances = async () => {
  const v = (await h.json("/wps/v2/wallets/balance", { token })).body.value;
  return Object.fromEntries(
    v.balance.map((b: { accountTypeId: number; availBalance: number }) => [b.accountTypeId, b.availBalance]),
  ) as Record<number, number>;
};
const ledgerTotal = async () =>
  (await h.db.query<{ t: number }>("SELECT coalesce(sum(balance), 0)::bigint AS t FROM ledger_accounts WHERE merchant = 'demo'"))[0]!.t;

beforeAll(async () => {
  h = await openHarness();
  const login = (await h.login("demo_member", "Demo@1234")).body.value;
  token = login.token;
  memberId = login.id;
  const trial = await h.json("/wps/session/login/freeplay", {
    method: "POST",
    body: JSON.stringify({ os: "Windows", platform: "W" }),
    forwardedFor: "203.0.113.77",
  });
  trialToken = trial.body.value.token;
}, 120_000);
afterAll(() => h?.close());

describe("wallet transfer", () => {
  it("moves between main and a vendor wallet, both ways, and a replay moves nothing", async () => {
    const before = await balances();
    const total = await ledgerTotal();
    const requestId = rid();
    const body = { requestId, fromAccountTypeId: 2, toAccountTypeId: 8, amount: "100.50" };
    const first = await post("GCS_walletTransfer", body);
    expect(first.body.success).toBe(true);
    expect(first.body.value.balance.find((b: { accountTypeId: number }) => b.accountTypeId === 8).availBalance).toBe(before[8]! + 100.5);
    const again = await post("GCS_walletTransfer", body);
    expect(again.body.success).toBe(true);
    expect(await balances()).toEqual({ ...before, 2: before[2]! - 100.5, 8: before[8]! + 100.5 });
    const conflict = await post("GCS_walletTransfer", { ...body, amount: 5 });
    expect(conflict.body.errorCode).toBe("idempotency.conflict");
    const back = await post("GCS_walletTransfer", { requestId: rid(), fromAccountTypeId: 8, toAccountTypeId: 2, amount: 100.5 });
    expect(back.body.success).toBe(true);
    expect(await balances()).toEqual(before);
    expect(await ledgerTotal()).toBe(total);
  });

  it("refuses bad wallets, bad amounts, too much, and missing or malformed request ids", async () => {
    expect(
      (await post("GCS_walletTransfer", { requestId: rid(), fromAccountTypeId: 8, toAccountTypeId: 12, amount: 1 })).body.errorCode,
    ).toBe("wallet.not.found");
    expect(
      (await post("GCS_walletTransfer", { requestId: rid(), fromAccountTypeId: 2, toAccountTypeId: 99, amount: 1 })).body.errorCode,
    ).toBe("wallet.not.found");
    expect(
      (await post("GCS_walletTransfer", { requestId: rid(), fromAccountTypeId: 2, toAccountTypeId: 2, amount: 1 })).body.errorCode,
    ).toBe("wallet.not.found");
    for (const amount of [0, -1, "1.234", "abc", 1e300]) {
      expect(
        (await post("GCS_walletTransfer", { requestId: rid(), fromAccountTypeId: 2, toAccountTypeId: 8, amount })).body.errorCode,
      ).toBe("amount.invalid");
    }
    expect(
      (await post("GCS_walletTransfer", { requestId: rid(), fromAccountTypeId: 2, toAccountTypeId: 8, amount: 99_999_999 })).body.errorCode,
    ).toBe("insufficient.balance");
    const short = await post("GCS_walletTransfer", { requestId: "short", fromAccountTypeId: 2, toAccountTypeId: 8, amount: 1 });
    expect(short.status).toBe(400);
    expect(short.body.errorCode).toBe("parameter.invalid");
    const garbage = await h.json("/wps/relay/GCS_walletTransfer", { method: "POST", token, body: "{not json" });
    expect(garbage.status).toBe(400);
    expect((await h.json("/wps/relay/GCS_walletTransfer", { method: "POST", body: "{}" })).status).toBe(401);
  });

  it("recalls every vendor wallet to main in one movement; a replay moves nothing", async () => {
    await post("GCS_walletTransfer", { requestId: rid(), fromAccountTypeId: 2, toAccountTypeId: 12, amount: 30 });
    const before = await balances();
    expect(before[8]! + before[12]!).toBeGreaterThan(0);
    const requestId = rid();
    const first = await post("GCS_walletReturn", { requestId });
    expect(first.body.success).toBe(true);
    const after = await balances();
    expect(after).toEqual({ 2: before[2]! + before[8]! + before[12]!, 8: 0, 12: 0 });
    await post("GCS_walletTransfer", { requestId: rid(), fromAccountTypeId: 2, toAccountTypeId: 8, amount: 10 });
    await post("GCS_walletReturn", { requestId });
    expect((await balances())[8]).toBe(10);
    expect((await post("GCS_walletReturn", { requestId: rid() })).body.success).toBe(true);
    expect((await balances())[8]).toBe(0);
  });

  it("single-wallet mode: isSingle, transfers into vendor wallets refused, recall still works", async () => {
    expect((await h.json("/wps/relay/GCS_merchantWallet?merchantCode=demo")).body.value).toEqual({ isSingle: false });
    await setSetting(h.db, "demo", "singleWallet", true);
    expect((await h.json("/wps/relay/GCS_merchantWallet?merchantCode=demo")).body.value).toEqual({ isSingle: true });
    expect(
      (await post("GCS_walletTransfer", { requestId: rid(), fromAccountTypeId: 2, toAccountTypeId: 8, amount: 1 })).body.errorCode,
    ).toBe("wallet.single.mode");
    expect((await post("GCS_walletReturn", { requestId: rid() })).body.success).toBe(true);
    await setSetting(h.db, "demo", "singleWallet", false);
  });

  it("FUNDTRANS3 off: function.not.available", async () => {
    await setModule(h.db, "demo", "FUNDTRANS3", false);
    const off = await post("GCS_walletTransfer", { requestId: rid(), fromAccountTypeId: 2, toAccountTypeId: 8, amount: 1 });
    expect(off.body.errorCode).toBe("function.not.available");
    await setModule(h.db, "demo", "FUNDTRANS3", true);
  });

  it("a trial account is refused every money call and moves nothing", async () => {
    const total = await ledgerTotal();
    for (const [call, body] of [
      ["GCS_walletTransfer", { requestId: rid(), fromAccountTypeId: 2, toAccountTypeId: 8, amount: 1 }],
      ["GCS_walletReturn", { requestId: rid() }],
      ["MCSFE_transferToUpline", { requestId: rid(), amount: 1, password: "x" }],
      ["MCSFE_readAllInboxMessages", {}],
    ] as const) {
      const answer = await post(call, body, trialToken);
      expect(answer.status).toBe(200);
      expect(answer.body.errorCode).toBe("trial.not.allowed");
    }
    expect(await ledgerTotal()).toBe(total);
  });
});

describe("inbox", () => {
  it("shows the seeded welcome messages, counts unread, reads one and all", async () => {
    const count = await get("CSP_unreadCount");
    expect(count.body.value).toBe(2);
    const page = await get("MCSFE_getInboxMessages?pageNo=1&pageSize=2", token, "BN");
    expect(page.body.value.total).toBe(3);
    expect(page.body.value.totalPages).toBe(2);
    expect(page.body.value.list).toHaveLength(2);
    expect(page.body.value.list[0]).toMatchObject({ read: false, kind: "WELCOME", title: "দায়িত্বের সাথে খেলুন" });
    const read = await post("MCSFE_readInboxMessage", { id: page.body.value.list[0].id });
    expect(read.body.value).toEqual({ unread: 1 });
    expect((await post("MCSFE_readInboxMessage", { id: 999_999 })).body.errorCode).toBe("message.not.found");
    expect((await post("MCSFE_readAllInboxMessages", {})).body.value).toEqual({ unread: 0 });
    expect((await get("CSP_unreadCount")).body.value).toBe(0);
  });

  it("notify fills the bilingual templates; announcements reach members", async () => {
    await h.db.tx((sql) => notify(sql, "demo", memberId, "WITHDRAWAL_REJECTED", { amount: "৳50.00", id: 7 }, h.clock.now));
    const en = (await get("MCSFE_getInboxMessages")).body.value.list[0];
    expect(en).toMatchObject({ kind: "WITHDRAWAL_REJECTED", title: "Withdrawal rejected", read: false });
    expect(en.content).toContain("৳50.00");
    expect(en.content).toContain("7");
    const bn = (await get("MCSFE_getInboxMessages", token, "BN")).body.value.list[0];
    expect(bn.content).toContain("৳50.00");
    expect(bn.title).toBe("উত্তোলন প্রত্যাখ্যাত হয়েছে");
    expect((await sendAnnouncement(h.db, "demo", "demo_member", "Maintenance tonight at 2:00", h.clock.now)).sent).toBe(1);
    expect((await get("MCSFE_getInboxMessages")).body.value.list.some((m: { kind: string }) => m.kind === "ANNOUNCEMENT")).toBe(true);
    expect(() => parseMoneyCommand("message", ["all"])).toThrow();
  });

  it("INBOX3 off and no token", async () => {
    expect((await h.json("/wps/relay/CSP_unreadCount")).status).toBe(401);
    await setModule(h.db, "demo", "INBOX3", false);
    expect((await get("CSP_unreadCount")).body.errorCode).toBe("function.not.available");
    await setModule(h.db, "demo", "INBOX3", true);
  });
});

describe("transfer to upline", () => {
  it("needs the withdraw password, moves main → upline main once", async () => {
    const info = await get("MCSFE_getUplineInfo");
    expect(info.body.value).toMatchObject({ hasUpline: true, uplineName: "de***nt", passwordRequired: true, hasPaymentPassword: false });
    const requestId = rid();
    expect((await post("MCSFE_transferToUpline", { requestId, amount: 10, password: "secret12" })).body.errorCode).toBe(
      "not.exists.payment.password",
    );
    expect(
      (await h.enc("/wps/member/paymentPassword", { newPassword: "secret12", confirmNewPassword: "secret12" }, { method: "PUT", token }))
        .body.success,
    ).toBe(true);
    expect((await post("MCSFE_transferToUpline", { requestId, amount: 10, password: "wrong-one" })).body.errorCode).toBe(
      "invalid.payment.pw",
    );
    const [agent] = await h.db.query<{ id: number }>("SELECT id FROM members WHERE username = 'demo_agent'");
    const agentBalance = async () =>
      (
        await h.db.query<{ b: number }>(
          "SELECT coalesce(sum(balance), 0)::bigint AS b FROM ledger_accounts WHERE member_id = $1 AND account_type_id = 2",
          [agent!.id],
        )
      )[0]!.b;
    const agentBefore = await agentBalance();
    const main = (await balances())[2]!;
    const first = await post("MCSFE_transferToUpline", { requestId, amount: 10, password: "secret12" });
    expect(first.body.value).toMatchObject({ amount: 10, balance: main - 10, uplineName: "de***nt" });
    expect((await post("MCSFE_transferToUpline", { requestId, amount: 10, password: "secret12" })).body.success).toBe(true);
    expect(await agentBalance()).toBe(agentBefore + 1000);
    expect((await balances())[2]).toBe(main - 10);
    expect((await post("MCSFE_transferToUpline", { requestId, amount: 11, password: "secret12" })).body.errorCode).toBe(
      "idempotency.conflict",
    );
  });

  it("a member without an upline is refused", async () => {
    const vip = (await h.login("demo_vip", "Demo@1234")).body.value.token;
    expect((await h.json("/wps/relay/MCSFE_getUplineInfo", { token: vip })).body.value.hasUpline).toBe(false);
    const answer = await post("MCSFE_transferToUpline", { requestId: rid(), amount: 1, password: "x" }, vip);
    expect(["upline.not.found", "not.exists.payment.password"]).toContain(answer.body.errorCode);
  });
});

describe("bad input", () => {
  const RELAYS = [
    "GCS_walletTransfer",
    "GCS_walletReturn",
    "MCSFE_readInboxMessage",
    "MCSFE_manualTransferByTransactionId",
    "MCSFE_depositByLaunchUrl",
    "MCSFE_cancelDeposit",
    "MCSFE_confirmWithdrawal",
    "MCSFE_transferToUpline",
  ];
  const ENCRYPTED = [
    ["/wps/member/paymentPassword", "PUT"],
    ["/wps/member/paymentPassword", "POST"],
    ["/wps/v2/member/bankCards", "PUT"],
    ["/wps/v2/transaction/withdraw", "POST"],
  ] as const;
  const value = fc.oneof(
    fc.string({ maxLength: 70 }),
    fc.integer(),
    fc.double(),
    fc.constant(null),
    fc.boolean(),
    fc.constantFrom(
      "\u0000",
      "1e309",
      "-0",
      "0.001",
      "99999999999999999999",
      "RECEIVED",
      "PARTLY",
      "NOT_RECEIVED",
      "data:image/png;base64,AAAA",
    ),
    fc.array(fc.string({ maxLength: 10 }), { maxLength: 4 }),
  );
  const field = fc.constantFrom(
    "requestId",
    "amount",
    "fromAccountTypeId",
    "toAccountTypeId",
    "id",
    "channelId",
    "transactionId",
    "depositId",
    "withdrawalId",
    "result",
    "receivedAmount",
    "proofImages",
    "password",
    "newPassword",
    "oldPassword",
    "cardType",
    "bankCode",
    "accountName",
    "accountNumber",
    "bankCardId",
  );
  const body = fc.dictionary(field, value, { maxKeys: 8 }).map((b) => ({
    ...b,
    requestId:
      typeof b.requestId === "string" && b.requestId.length > 3 ? b.requestId : `fuzz-${Math.random().toString(36).slice(2)}-request`,
  }));

  it("random bodies never answer 500 on any money call", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...RELAYS),
        fc.oneof(
          body.map((b) => JSON.stringify(b)),
          fc.string({ maxLength: 40 }),
        ),
        async (call, raw) => {
          const answer = await h.call(`/wps/relay/${call}`, { method: "POST", token, body: raw });
          expect(answer.status, `${call} ${raw}`).not.toBe(500);
        },
      ),
      { numRuns: 150 },
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...ENCRYPTED), body, async ([path, method], payload) => {
        const answer = await h.enc(path, payload, { method, token });
        expect(answer.status, `${method} ${path} ${JSON.stringify(payload)}`).not.toBe(500);
      }),
      { numRuns: 60 },
    );
  });
});
