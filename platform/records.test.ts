import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { creditWallet, transfer } from "./ledger";
import { setModule } from "./operator";
import { businessDay, dateRange, parseDateBound } from "./services/periods";
import { txTypeOfKind } from "./services/tx-types";
import { type CallInit, type Harness, openHarness } from "./testing/harness";
import { ok, refused as fail } from "./testing/envelope";

// Records of decision 017 (account record, transaction codes, betting record, personal profit,
// bonus details, referral, player rank) on one in-memory PGlite with the seeded history.

let h: Harness;
let token: string;
let memberId: number;

const relay = (call: string, query = "", init: CallInit = {}) =>
  h.json(`/wps/relay/${call}${query ? `?${query}` : ""}`, { token, ...init });
const value = async (call: string, query = "", init: CallInit = {}) => ok(await relay(call, query, init));
const mainBalance = async (id: number) =>
  Number(
    (
      await h.db.query<{ balance: number }>(
        "SELECT balance FROM ledger_accounts WHERE kind = 'wallet' AND member_id = $1 AND account_type_id = 2",
        [id],
      )
    )[0]?.balance ?? 0,
  );

beforeAll(async () => {
  h = await openHarness();
  const login = (await h.login("demo_member", "Demo@1234")).body.value;
  token = login.token;
  memberId = Number(login.id ?? (await h.db.query<{ id: number }>("SELECT id FROM members WHERE username = 'demo_member'"))[0]!.id);
}, 60_000);

afterAll(async () => {
  await h?.close();
});

describe("dates", () => {
  it("reads ms and business days (UTC+6), both bounds inclusive", () => {
    expect(parseDateBound("2026-11-01", false)).toEqual({ ok: true, at: Date.UTC(2026, 10, 1) - 6 * 3_600_000 });
    expect(parseDateBound("2026-11-01", true)).toEqual({ ok: true, at: Date.UTC(2026, 10, 2) - 6 * 3_600_000 - 1 });
    expect(parseDateBound("1700000000000", false)).toEqual({ ok: true, at: 1_700_000_000_000 });
    expect(parseDateBound("2026-02-30", false).ok).toBe(false);
    expect(parseDateBound("yesterday", false).ok).toBe(false);
    expect(dateRange("2026-11-05", "2026-11-01", new Date()).ok).toBe(false);
    expect(businessDay(new Date(Date.UTC(2026, 10, 21, 18, 30)))).toBe("2026-11-22");
  });

  it("answers a malformed date with parameter.invalid and a reversed range with date.range.invalid", async () => {
    const bad = await relay("MCSFE_getBetRecords", "dateFrom=nope");
    expect(bad.status).toBe(400);
    fail(bad.body, "parameter.invalid");
    const reversed = await relay("MCSFE_getBetRecords", "dateFrom=2026-11-05&dateTo=2026-11-01");
    expect(reversed.status).toBe(200);
    fail(reversed.body, "date.range.invalid");
  });
});

describe("transaction types", () => {
  it("maps the money part's ledger kinds (decision 016) and unknown kinds to OTHER", () => {
    const code = (kind: string) => txTypeOfKind(kind).code;
    expect(["deposit", "withdraw.hold", "withdraw.refund", "wallet.transfer", "wallet.return", "upline.transfer"].map(code)).toEqual([
      "DEPOSIT",
      "WITHDRAW",
      "WITHDRAW_RETURN",
      "TRANSFER",
      "TRANSFER",
      "UPLINE_TRANSFER",
    ]);
    expect(["bet", "payout", "rebate", "promotion", "raffle", "mission", "seed", "freeplay", "whatever"].map(code)).toEqual([
      "BET",
      "PAYOUT",
      "CASHBACK",
      "PROMOTION",
      "RAFFLE",
      "MISSION",
      "ADJUSTMENT",
      "OTHER",
      "OTHER",
    ]);
  });
});

describe("betting record", () => {
  it("lists the seeded history, newest first, with a summary of the whole range", async () => {
    const from = new Date(h.clock.now.getTime() - 31 * 86_400_000).getTime();
    const page = await value("MCSFE_getBetRecords", `dateFrom=${from}&pageSize=10`);
    expect(page.total).toBeGreaterThanOrEqual(50);
    expect(page.totalPages).toBe(Math.ceil(page.total / 10));
    expect(page.list).toHaveLength(10);
    const times = page.list.map((b: { time: number }) => b.time);
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(page.list[0]).toMatchObject({
      betId: expect.any(Number),
      gameName: expect.any(String),
      gameType: expect.any(String),
      vendor: expect.any(String),
    });
    for (const bet of page.list) expect(bet.profit).toBeCloseTo(bet.win - bet.stake, 2);
    const all = await value("MCSFE_getBetRecords", `dateFrom=${from}&pageSize=100`);
    const stake = all.list.reduce((n: number, b: { stake: number }) => n + b.stake, 0);
    expect(all.summary.stake).toBeCloseTo(stake, 2);
    expect(all.summary.count).toBe(all.total);
  });

  it("filters by game type and pages past the end to an empty list", async () => {
    const from = new Date(h.clock.now.getTime() - 31 * 86_400_000).getTime();
    const rng = await value("MCSFE_getBetRecords", `dateFrom=${from}&gameType=rng&pageSize=100`);
    expect(rng.total).toBeGreaterThan(0);
    expect(rng.list.every((b: { gameType: string }) => b.gameType === "RNG")).toBe(true);
    const beyond = await value("MCSFE_getBetRecords", `dateFrom=${from}&pageNo=999&pageSize=abc`);
    expect(beyond.list).toEqual([]);
    const nothing = await value("MCSFE_getBetRecords", "dateFrom=2020-01-01&dateTo=2020-01-31");
    expect(nothing).toMatchObject({ list: [], total: 0, totalPages: 0, summary: { stake: 0, win: 0, profit: 0, count: 0 } });
  });

  it("needs a token", async () => {
    expect((await relay("MCSFE_getBetRecords", "", { token: "" })).status).toBe(401);
  });
});

describe("account record", () => {
  it("agrees with the betting record: every seeded bet is a BET entry on the main wallet", async () => {
    const from = new Date(h.clock.now.getTime() - 31 * 86_400_000).getTime();
    const bets = await value("MCSFE_getBetRecords", `dateFrom=${from}&pageSize=100`);
    const entries = await value("ODSFE2_MemTransDet", `dateFrom=${from}&txType=BET&pageSize=100`);
    expect(entries.total).toBe(bets.total);
    expect(entries.list[0]).toMatchObject({ txType: "BET", txTypeId: 5, txTypeName: "Bet", accountTypeId: 2, walletName: "Main Wallet" });
    expect(entries.list.every((e: { amount: number }) => e.amount < 0)).toBe(true);
    const staked = -entries.list.reduce((n: number, e: { amount: number }) => n + e.amount, 0);
    expect(staked).toBeCloseTo(bets.summary.stake, 2);
    const bn = await value("ODSFE2_MemTransDet", `dateFrom=${from}&txType=5&pageSize=1`, { language: "BN" });
    expect(bn.list[0].txTypeName).toBe("বাজি");
  });

  it("shows both sides of a wallet transfer, signed, with the balance after, and maps unknown kinds to OTHER", async () => {
    await creditWallet(h.db, {
      merchant: "demo",
      memberId,
      amount: 1_000,
      idempotencyKey: "records-test:mystery",
      kind: "mystery_kind",
      now: h.clock.now,
    });
    await transfer(h.db, {
      merchant: "demo",
      from: { kind: "wallet", memberId, accountTypeId: 2 },
      to: { kind: "wallet", memberId, accountTypeId: 8 },
      amount: 2_500,
      idempotencyKey: "records-test:transfer",
      now: h.clock.now,
    });
    const page = await value("ODSFE2_MemTransDet", "pageSize=5");
    const transfer2 = page.list.filter((e: { txType: string }) => e.txType === "TRANSFER");
    expect(transfer2.map((e: { amount: number }) => e.amount).sort()).toEqual([-25, 25]);
    const main = transfer2.find((e: { accountTypeId: number }) => e.accountTypeId === 2);
    expect(main.balanceAfter).toBe((await mainBalance(memberId)) / 100);
    expect(page.list.some((e: { txType: string; txTypeId: number }) => e.txType === "OTHER" && e.txTypeId === 99)).toBe(true);

    const withoutTransfers = await value("ODSFE2_MemTransDet", "pageSize=100&excludeTxTypeIds=4,99");
    expect(withoutTransfers.list.some((e: { txType: string }) => e.txType === "TRANSFER" || e.txType === "OTHER")).toBe(false);
    const onlyOther = await value("ODSFE2_MemTransDet", "txType=OTHER");
    expect(onlyOther.list.map((e: { amount: number }) => e.amount)).toEqual([10]);
    const unknown = await value("ODSFE2_MemTransDet", "txType=NOPE&pageSize=1");
    expect(unknown.total).toBeGreaterThan(1);
  });

  it("chains each wallet's balanceAfter: every row is the previous one plus its amount", async () => {
    const from = new Date(h.clock.now.getTime() - 31 * 86_400_000).getTime();
    const rows = [];
    for (let pageNo = 1; ; pageNo++) {
      const page = await value("ODSFE2_MemTransDet", `dateFrom=${from}&pageSize=100&pageNo=${pageNo}`);
      rows.push(...page.list);
      if (pageNo >= page.totalPages) break;
    }
    const main = rows
      .filter((r: { accountTypeId: number }) => r.accountTypeId === 2)
      .sort((a: { id: number }, b: { id: number }) => a.id - b.id);
    expect(main.length).toBeGreaterThan(50);
    for (let i = 1; i < main.length; i++)
      expect(Math.round(main[i].balanceAfter * 100)).toBe(Math.round((main[i - 1].balanceAfter + main[i].amount) * 100));
  });

  it("lists the type codes, and is off with MEMTRANS3", async () => {
    const codes = await value("GLS2_TxCodeList", "txType=ALL");
    expect(codes.list.map((c: { txType: string }) => c.txType)).toEqual(
      expect.arrayContaining([
        "DEPOSIT",
        "WITHDRAW",
        "WITHDRAW_RETURN",
        "TRANSFER",
        "BET",
        "PAYOUT",
        "PROMOTION",
        "CASHBACK",
        "RAFFLE",
        "MISSION",
        "UPLINE_TRANSFER",
        "OTHER",
      ]),
    );
    await setModule(h.db, "demo", "MEMTRANS3", false);
    try {
      const off = await relay("ODSFE2_MemTransDet");
      expect(off.status).toBe(400);
      fail(off.body, "function.not.available");
    } finally {
      await setModule(h.db, "demo", "MEMTRANS3", true);
    }
  });
});

describe("profit and bonuses", () => {
  it("sums valid bets, wins and profit per game type", async () => {
    const from = new Date(h.clock.now.getTime() - 31 * 86_400_000).getTime();
    const profit = await value("MCSFE_getPersonalProfit", `dateFrom=${from}`);
    const bets = await value("MCSFE_getBetRecords", `dateFrom=${from}&pageSize=100`);
    expect(profit.list.length).toBeGreaterThan(1);
    expect(profit.total.validBet).toBeCloseTo(bets.summary.stake, 2);
    expect(profit.total.profit).toBeCloseTo(bets.summary.profit, 2);
    expect(profit.list[0]).toMatchObject({ gameType: expect.any(String), gameTypeName: expect.any(String) });
  });

  it("lists the seeded welcome bonus and cashback", async () => {
    const from = new Date(h.clock.now.getTime() - 31 * 86_400_000).getTime();
    const bonuses = await value("MCSFE_getBonusDetails", `dateFrom=${from}`);
    const types = bonuses.list.map((b: { bonusType: string }) => b.bonusType);
    expect(types).toEqual(expect.arrayContaining(["PROMOTION", "CASHBACK"]));
    expect(bonuses.list.find((b: { bonusType: string }) => b.bonusType === "PROMOTION")).toMatchObject({
      title: "Welcome Bonus",
      amount: 50,
    });
    const promotions = await value("MCSFE_getBonusDetails", `dateFrom=${from}&bonusType=PROMOTION`);
    expect(promotions.summary.amount).toBe(50);
  });

  it("seeded history leaves demo_member's opening balance", async () => {
    const [row] = await h.db.query<{ net: string }>(
      `SELECT sum(e.amount)::text AS net FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
         JOIN ledger_transactions t ON t.id = e.transaction_id
        WHERE a.member_id = $1 AND a.kind = 'wallet' AND t.idempotency_key LIKE 'seed%' AND t.kind <> 'seed'`,
      [memberId],
    );
    expect(Number(row!.net)).toBe(0);
  });
});

describe("referral and rank", () => {
  it("answers demo_member's code, link and invitations", async () => {
    const referral = await value("MCSFE_getReferralDetails", "autoGenerate=true");
    expect(referral).toEqual({
      referralCode: "DEMOREF1",
      referralLink: "/register?referralCode=DEMOREF1",
      totalInvitations: expect.any(Number),
    });
  });

  it("generates a code once for a member without one", async () => {
    const vip = (await h.login("demo_vip", "Demo@1234")).body.value.token;
    const none = await value("MCSFE_getReferralDetails", "", { token: vip });
    expect(none.referralCode).toBeNull();
    const first = await value("MCSFE_getReferralDetails", "autoGenerate=true", { token: vip });
    expect(first.referralCode).toMatch(/^[A-Z2-9]{8}$/);
    expect(first.referralLink).toBe(`/register?referralCode=${first.referralCode}`);
    expect((await value("MCSFE_getReferralDetails", "autoGenerate=true", { token: vip })).referralCode).toBe(first.referralCode);
  });

  it("draws codes from node:crypto, not Math.random, and keeps them unique", async () => {
    await h.db.query("UPDATE members SET referral_code = NULL WHERE merchant = 'demo' AND username IN ('demo_agent', 'demo_2fa')");
    const agent = (await h.login("demo_agent", "Demo@1234")).body.value.token;
    const other = (await h.login("demo_2fa", "Demo@1234")).body.value.token;
    // A predictable Math.random would make every code the same; the codes must not notice.
    const spy = vi.spyOn(Math, "random").mockReturnValue(0);
    try {
      const a = (await value("MCSFE_getReferralDetails", "autoGenerate=true", { token: agent })).referralCode;
      const b = (await value("MCSFE_getReferralDetails", "autoGenerate=true", { token: other })).referralCode;
      expect(a).toMatch(/^[A-HJKMNP-Z2-9]{8}$/);
      expect(b).toMatch(/^[A-HJKMNP-Z2-9]{8}$/);
      expect(a).not.toBe("AAAAAAAA");
      expect(b).not.toBe(a);
    } finally {
      spy.mockRestore();
    }
  });

  it("shows the rank, the next one and this month's turnover", async () => {
    const rank = await value("MCSFE_getPlayerRankProgress");
    expect(rank).toMatchObject({
      playerRankName: "Silver",
      rankLevel: 2,
      nextRankName: "Gold",
      nextRankLevel: 3,
      monthlyTurnover: { expected: 20_000 },
    });
    expect(rank.monthlyTurnover.actual).toBeGreaterThan(0);
    const vip = (await h.login("demo_vip", "Demo@1234")).body.value.token;
    expect(await value("MCSFE_getPlayerRankProgress", "", { token: vip, language: "BN" })).toMatchObject({
      playerRankName: "ডায়মন্ড",
      nextRankName: "রয়্যাল",
    });
  });
});
