import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseCommand } from "./admin";
import { applyMovement, creditWallet, MAIN_WALLET } from "./ledger";
import { OperatorError, setModule, setSetting } from "./operator";
import { createOperatorApp } from "./operator-http";
import { adjustMemberPoints, approvePointRedemption, listRedemptions, rejectPointRedemption, showPoints } from "./operator-points";
import { pointRewardSeeds } from "./db/seed-points";
import { setPaymentPassword } from "./services/money-password";
import { createSession } from "./services/sessions";
import { fails, ok } from "./testing/envelope";
import { type Harness, openHarness } from "./testing/harness";

// The point mall of decision 027 §3 on one in-memory PGlite: lazy, exact accrual from real bets,
// the GETs, the encrypted redeem and convert calls with their checks in order, the operator's
// decisions (money once), requestId replays, trial and module refusals.

let h: Harness;
let seq = 0;
const rid = () => `points-test-${Date.now().toString(36)}-${seq++}`.padEnd(20, "x");
const PAY = "Pay@5678";
const DAY = 86_400_000;

interface Account {
  id: number;
  username: string;
  mobile: string | null;
}

let accountSeq = 0;
/** A real member with 1,000.00 in its main wallet, a withdraw password and (unless null) a mobile on file. */
async function account(options: { mobile?: string | null; password?: boolean } = {}): Promise<Account> {
  const n = accountSeq++;
  const username = `pt_member_${n}`;
  const mobile = options.mobile === undefined ? `88017100${String(n).padStart(5, "0")}` : options.mobile;
  const [row] = await h.db.query<{ id: number }>(
    "INSERT INTO members (merchant, username, password_hash, account_type, mobile) VALUES ('demo', $1, 'none', 0, $2) RETURNING id",
    [username, mobile],
  );
  const id = Number(row!.id);
  await creditWallet(h.db, { merchant: "demo", memberId: id, amount: 100_000, idempotencyKey: `points-test-open:${id}` });
  if (options.password !== false) await setPaymentPassword(h.db, id, PAY, PAY, h.clock.now);
  return { id, username, mobile };
}

const tokenOf = (a: Account) => createSession(h.db, a.id, "203.0.113.9", h.clock.now);

const get = async (who: Account, call: string, query = "", language?: string) =>
  h.json(`/wps/relay/${call}${query ? `?${query}` : ""}`, { token: await tokenOf(who), language });
const redeem = async (who: Account, body: Record<string, unknown>, name = "MCSFE_redeemPointReward") =>
  h.enc(
    `/wps/relay/passwordCheck/${name}`,
    { requestId: rid(), password: PAY, mobile: who.mobile ?? "01712000000", receivingAddress: "my.zalo.id", ...body },
    { token: await tokenOf(who) },
  );
const convert = async (who: Account, body: Record<string, unknown>, name = "MCSFE_convertPoint") =>
  h.enc(
    `/wps/relay/passwordCheck/${name}`,
    { requestId: rid(), password: PAY, mobile: who.mobile ?? "01712000000", receivingAddress: "8801711111111", ...body },
    { token: await tokenOf(who) },
  );

const balanceOf = async (who: Account) => ok(await get(who, "MCSFE_getPointBalance")).balance as number;
const wallet = async (who: Account) =>
  Number(
    (
      await h.db.query<{ balance: number }>(
        "SELECT balance FROM ledger_accounts WHERE kind = 'wallet' AND member_id = $1 AND account_type_id = 2",
        [who.id],
      )
    )[0]?.balance ?? 0,
  );
const ledgerTotal = async () =>
  Number(
    (await h.db.query<{ t: number }>("SELECT coalesce(sum(balance), 0)::bigint AS t FROM ledger_accounts WHERE merchant = 'demo'"))[0]!.t,
  );
const ledgerCount = async () => Number((await h.db.query<{ n: number }>("SELECT count(*)::int AS n FROM ledger_transactions"))[0]!.n);
const entryCount = async (who: Account) =>
  Number((await h.db.query<{ n: number }>("SELECT count(*)::int AS n FROM point_entries WHERE member_id = $1", [who.id]))[0]!.n);
const rewardId = async (code: string) =>
  Number((await h.db.query<{ id: number }>("SELECT id FROM point_rewards WHERE merchant = 'demo' AND code = $1", [code]))[0]!.id);
const give = (who: Account, points: number) => adjustMemberPoints(h.db, "demo", who.username, points, "test points", h.clock.now);

const games = new Map<string, number>();
/** A settled real bet like the demo game's: stake wallet → house, a bets row. */
async function bet(who: Account, gameType: string, stake: number, trial = false): Promise<void> {
  const key = `points-test-bet-${seq++}`;
  await h.db.tx(async (sql) => {
    const placed = await applyMovement(sql, {
      merchant: "demo",
      idempotencyKey: `bet:${who.id}:${key}`,
      kind: "bet",
      now: h.clock.now,
      legs: [
        { account: { kind: "wallet", memberId: who.id, accountTypeId: MAIN_WALLET }, amount: -stake },
        { account: { kind: "house" }, amount: stake },
      ],
    });
    await sql.query(
      `INSERT INTO bets (merchant, member_id, game_id, round_key, trial, stake, win, outcome, ledger_tx, created_at)
       VALUES ('demo', $1, $2, $3, $4, $5, 0, '{}', $6, $7)`,
      [who.id, games.get(gameType), key, trial, stake, placed.transactionId, h.clock.now],
    );
  });
}

/** Points (hundredths) a stake earns at a rate, computed here: stake × rate, rounded down to 0.01 points. */
const RATES: Record<string, number> = { LIVE: 70, SPORTS: 100, FISH: 120, RNG: 120, PVP: 100, ESPORTS: 100 };
const expectedPoints = (gameType: string, stake: number) => Math.floor((stake * (RATES[gameType] ?? 0)) / 100);

let demo: Account;

beforeAll(async () => {
  h = await openHarness();
  for (const type of ["LIVE", "SPORTS", "FISH", "RNG", "PVP", "ESPORTS", "COCKFIGHT"]) {
    const [row] = await h.db.query<{ id: number }>("SELECT id FROM games WHERE merchant = 'demo' AND game_type = $1 ORDER BY id LIMIT 1", [
      type,
    ]);
    games.set(type, Number(row!.id));
  }
  const [row] = await h.db.query<{ id: number; mobile: string }>("SELECT id, mobile FROM members WHERE username = 'demo_member'");
  demo = { id: Number(row!.id), username: "demo_member", mobile: row!.mobile };
}, 60_000);

afterAll(async () => {
  expect(await ledgerTotal()).toBe(0);
  await h?.close();
});

describe("accrual", () => {
  it("earns at the exact rate of each game type, per bet rounded down to 0.01 points", async () => {
    const a = await account();
    const stakes: [string, number][] = [
      ["LIVE", 1234],
      ["LIVE", 1],
      ["LIVE", 999],
      ["SPORTS", 1000],
      ["FISH", 333],
      ["FISH", 1],
      ["RNG", 777],
      ["PVP", 100],
      ["ESPORTS", 250],
      ["COCKFIGHT", 10_000],
    ];
    for (const [type, stake] of stakes) await bet(a, type, stake);
    await bet(a, "RNG", 5_000, true); // a trial-book bet row never earns
    const perType = new Map<string, { points: number; stake: number }>();
    for (const [type, stake] of stakes) {
      if (!(type in RATES)) continue;
      const line = perType.get(type) ?? { points: 0, stake: 0 };
      perType.set(type, { points: line.points + expectedPoints(type, stake), stake: line.stake + stake });
    }
    const total = [...perType.values()].reduce((n, l) => n + l.points, 0);
    expect(total).toBe(
      Math.floor(1234 * 0.7) + 0 + Math.floor(999 * 0.7) + 1000 + Math.floor(333 * 1.2) + 1 + Math.floor(777 * 1.2) + 100 + 250,
    );

    const balance = ok(await get(a, "MCSFE_getPointBalance"));
    expect(balance).toEqual({ balance: total / 100, totalEarned: total / 100, totalSpent: 0, neverExpire: true });
    const details = ok(await get(a, "MCSFE_getRedeemPointList", "recordType=POINTS&pageSize=100"));
    const typeOf: Record<string, string> = { RNG: "SLOTS" };
    expect(details.total).toBe(perType.size);
    for (const [gameType, line] of perType) {
      const row = details.list.find((r: { type: string }) => r.type === (typeOf[gameType] ?? gameType));
      expect(row, gameType).toMatchObject({
        pointsChanged: line.points / 100,
        amount: line.stake / 100,
        pointsRatio: RATES[gameType]! / 100,
        unit: "BDT",
      });
    }
    expect(details.list.find((r: { type: string }) => r.type === "SLOTS")).toMatchObject({ typeName: "Slots", name: "Slots" });
    // The entries' balances follow one another up to the balance.
    expect(Math.max(...details.list.map((r: { pointsBalance: number }) => r.pointsBalance))).toBe(total / 100);
  });

  it("counts a bet once however often it is read, also concurrently", async () => {
    const a = await account();
    await bet(a, "SPORTS", 5_000);
    const token = await tokenOf(a);
    const reads = await Promise.all([1, 2, 3, 4].map(() => h.json("/wps/relay/MCSFE_getPointBalance", { token })));
    for (const r of reads) expect(ok(r).balance).toBe(50);
    expect(await balanceOf(a)).toBe(50);
    expect(await entryCount(a)).toBe(1);
    await bet(a, "SPORTS", 1_000);
    expect(await balanceOf(a)).toBe(60);
    expect(await balanceOf(a)).toBe(60);
    expect(await entryCount(a)).toBe(2);
  });

  it("never expires: a year later the balance is the same", async () => {
    const a = await account();
    await bet(a, "LIVE", 10_000);
    expect(await balanceOf(a)).toBe(70);
    const start = h.clock.now;
    h.clock.advance(366 * DAY);
    try {
      expect(ok(await get(a, "MCSFE_getPointBalance"))).toMatchObject({ balance: 70, neverExpire: true });
    } finally {
      h.clock.now = start;
    }
  });

  it("follows the merchant's rates: a type without a rate earns none", async () => {
    const a = await account();
    await setSetting(h.db, "demo", "pointRates", { LIVE: 2, RNG: 0 });
    try {
      await bet(a, "LIVE", 100);
      await bet(a, "RNG", 100);
      expect(await balanceOf(a)).toBe(2);
      const config = ok(await get(a, "MCSFE_getPointConfig"));
      expect(config.rates).toEqual([{ gameType: "LIVE", rate: 2 }]);
    } finally {
      await setSetting(h.db, "demo", "pointRates", { LIVE: 0.7, SPORTS: 1, FISH: 1.2, RNG: 1.2, PVP: 1, ESPORTS: 1 });
    }
  });
});

describe("reads", () => {
  it("answers the config, rewards and conversion type", async () => {
    const a = await account();
    const config = ok(await get(a, "MCSFE_getPointConfig"));
    expect(config.neverExpire).toBe(true);
    expect(config.unit).toBe("BDT");
    expect(Object.fromEntries(config.rates.map((r: { gameType: string; rate: number }) => [r.gameType, r.rate]))).toEqual({
      LIVE: 0.7,
      SPORTS: 1,
      FISH: 1.2,
      RNG: 1.2,
      PVP: 1,
      ESPORTS: 1,
    });

    const rewards = ok(await get(a, "MCSFE_getPointReward")).list;
    expect(rewards).toHaveLength(pointRewardSeeds.length);
    expect(rewards[0]).toEqual({
      rewardId: expect.any(Number),
      type: "BONUS",
      name: "৳10 bonus",
      description: expect.any(String),
      imageUrl: `/media/point-reward/${rewards[0].rewardId}.svg`,
      pointsRequired: 1000,
      amount: 10,
      amountRequired: 0,
      unit: "BDT",
      stock: null,
      addressType: "ZALO",
    });
    expect(rewards.find((r: { name: string }) => r.name === "৳200 high-roller bonus")).toMatchObject({
      amountRequired: 1000,
      amount: 200,
      pointsRequired: 18000,
    });
    expect(rewards.find((r: { name: string }) => r.name === "Android smartphone 128 GB")).toMatchObject({
      type: "GOODS",
      stock: 3,
      addressType: "ADDRESS",
    });
    expect(new Set(rewards.map((r: { addressType: string }) => r.addressType))).toEqual(new Set(["ZALO", "WHATSAPP", "ADDRESS"]));
    const bn = ok(await get(a, "MCSFE_getPointReward", "", "BN")).list;
    expect(bn[0].name).toBe("৳১০ বোনাস");
    const ko = ok(await get(a, "MCSFE_getPointReward", "", "KO")).list;
    expect(ko[0].name).toBe("৳10 bonus");

    const image = await h.call(rewards[0].imageUrl);
    expect(image.status).toBe(200);
    expect(image.headers.get("Content-Type")).toContain("image/svg+xml");
    const svg = await image.text();
    // The name is the picture's accessible name, not drawn in it: the page writes it once, below.
    expect(svg).toContain('aria-label="৳10 bonus"');
    expect(svg).not.toMatch(/<text[^>]*>[^<]*bonus/);
    expect((await h.call("/media/point-reward/999999.svg")).status).toBe(404);

    // Decision 041: a visitor's catalogue, without a token, is the member's list as it is.
    const visitor = ok(await h.json("/wps/relay/MCSFE_getMerchantPointReward")).list;
    expect(visitor).toEqual(rewards);
    expect(ok(await h.json("/wps/relay/MCSFE_getMerchantPointReward", { language: "BN" })).list[0].name).toBe("৳১০ বোনাস");

    expect(ok(await get(a, "MCSFE_getPointRewardConversionType"))).toEqual({
      list: [{ conversionType: "CASH", name: "Cash", pointsRatio: 100, minPoints: 100, maxPoints: 1_000_000 }],
    });
    expect(ok(await get(a, "MCSFE_getPointRewardConversionType", "", "BN")).list[0].name).toBe("নগদ");
  });

  it("shows demo_member's seeded history: redemptions in each status, a conversion, the point details", async () => {
    const list = ok(await get(demo, "MCSFE_getRedeemPointList", "pageSize=100"));
    const statuses = list.list.map((r: { status: string }) => r.status);
    expect(new Set(statuses)).toEqual(new Set(["IN_PROCESS", "REJECTED", "APPROVED"]));
    expect(list.total).toBe(list.list.length);
    expect(list.totalPages).toBe(1);
    const first = list.list[0];
    expect(first).toEqual({
      redeemId: expect.any(Number),
      type: expect.stringMatching(/^(BONUS|GOODS|CONVERT)$/),
      name: expect.any(String),
      pointsRequired: expect.any(Number),
      amount: expect.any(Number),
      redeemAmount: expect.any(Number),
      status: "IN_PROCESS",
      statusName: "In process",
      applicationTime: expect.any(Number),
      time: null,
      mobile: "880******5678",
      receivingAddress: expect.any(String),
      paidAccount: "",
      transactionRef: "",
      remark: "",
    });
    const times = list.list.map((r: { applicationTime: number }) => r.applicationTime);
    expect([...times].sort((x, y) => y - x)).toEqual(times);
    const conversion = list.list.find((r: { type: string }) => r.type === "CONVERT");
    expect(conversion).toMatchObject({
      status: "APPROVED",
      pointsRequired: 2000,
      amount: 20,
      redeemAmount: 20,
      transactionRef: expect.stringMatching(/^\d+$/),
    });
    const bonus = list.list.find((r: { type: string; status: string }) => r.type === "BONUS" && r.status === "APPROVED");
    expect(bonus).toMatchObject({ amount: 50, redeemAmount: 50, transactionRef: expect.stringMatching(/^\d+$/) });
    const rejected = list.list.find((r: { status: string }) => r.status === "REJECTED");
    expect(rejected.remark).toBeTruthy();
    expect(rejected.time).toEqual(expect.any(Number));

    const bn = ok(await get(demo, "MCSFE_getRedeemPointList", "status=REJECTED", "BN"));
    expect(bn.list.every((r: { status: string; statusName: string }) => r.status === "REJECTED" && r.statusName === "প্রত্যাখ্যাত")).toBe(true);
    const paged = ok(await get(demo, "MCSFE_getRedeemPointList", "pageNo=2&pageSize=2"));
    expect(paged.list).toHaveLength(2);
    expect(paged.totalPages).toBe(Math.ceil(list.total / 2));
    const clamped = ok(await get(demo, "MCSFE_getRedeemPointList", "pageNo=0&pageSize=1000&status=NOPE&recordType=WHAT"));
    expect(clamped.total).toBe(list.total);

    const details = ok(await get(demo, "MCSFE_getRedeemPointList", "recordType=POINTS&pageSize=100"));
    const types = new Set(details.list.map((r: { type: string }) => r.type));
    for (const t of ["ADJUST", "REDEEM", "REFUND", "CONVERT", "SLOTS", "LIVE"]) expect(types.has(t), t).toBe(true);
    expect(details.list[0]).toEqual({
      id: expect.any(Number),
      type: expect.any(String),
      typeName: expect.any(String),
      name: expect.any(String),
      pointsChanged: expect.any(Number),
      pointsBalance: expect.any(Number),
      amount: expect.anything(),
      unit: "BDT",
      pointsRatio: expect.anything(),
      remark: expect.any(String),
      time: expect.any(Number),
    });
    const convertRow = details.list.find((r: { type: string }) => r.type === "CONVERT");
    expect(convertRow).toMatchObject({ pointsChanged: -2000, amount: 20, pointsRatio: 100, typeName: "Converted to cash" });

    // The balance: welcome points less what is spent or held, plus what its bets earned.
    const balance = ok(await get(demo, "MCSFE_getPointBalance"));
    const sum = details.list.reduce((n: number, r: { pointsChanged: number }) => n + Math.round(r.pointsChanged * 100), 0);
    expect(Math.round(balance.balance * 100)).toBe(sum);
    expect(balance.balance).toBeGreaterThan(1000 * 2);
    expect(Math.round((balance.totalEarned - balance.totalSpent) * 100)).toBe(Math.round(balance.balance * 100));
    // The seeded point money did not change demo_member's opening balance.
    expect(await wallet(demo)).toBe(500_000);
  });

  it("are empty for a trial account, and refuse its writes", async () => {
    const trial = await h.json("/wps/session/login/freeplay", {
      method: "POST",
      body: JSON.stringify({ os: "Windows", platform: "W" }),
      forwardedFor: "10.78.0.1",
    });
    const trialToken = trial.body.value.token as string;
    expect(ok(await h.json("/wps/relay/MCSFE_getPointBalance", { token: trialToken }))).toEqual({
      balance: 0,
      totalEarned: 0,
      totalSpent: 0,
      neverExpire: true,
    });
    expect(ok(await h.json("/wps/relay/MCSFE_getRedeemPointList", { token: trialToken }))).toEqual({ list: [], total: 0, totalPages: 0 });
    const before = await ledgerCount();
    for (const name of ["MCSFE_redeemPointReward", "MCS2_redeemPointReward", "MCSFE_convertPoint", "MCS2_convertPoint"]) {
      fails(
        await h.enc(
          `/wps/relay/passwordCheck/${name}`,
          { requestId: rid(), rewardId: 1, points: 100, password: PAY, mobile: "01712000000", receivingAddress: "abc" },
          { token: trialToken },
        ),
        "trial.not.allowed",
      );
    }
    expect(await ledgerCount()).toBe(before);
  });
});

describe("redeem", () => {
  it("checks in order: password, mobile, address, reward, stock, turnover, points", async () => {
    const a = await account();
    const bonus10 = await rewardId("BONUS_10");
    const wrong = { rewardId: 999_999, password: "wrong-pass", mobile: "12", receivingAddress: "x" };
    const noPassword = await account({ password: false });
    fails(await redeem(noPassword, wrong), "not.exists.payment.password");
    fails(await redeem(a, wrong), "invalid.payment.pw");
    fails(await redeem(a, { ...wrong, password: PAY }), "point.mobile.invalid");
    // A valid number, but not the one on file.
    fails(await redeem(a, { ...wrong, password: PAY, mobile: "01812345678" }), "point.mobile.invalid");
    // The one on file, in the national form and in the international one.
    fails(await redeem(a, { ...wrong, password: PAY, mobile: `0${a.mobile!.slice(3)}` }), "point.address.invalid");
    fails(await redeem(a, { ...wrong, password: PAY, mobile: `+${a.mobile}`, receivingAddress: "  ab  " }), "point.address.invalid");
    fails(await redeem(a, { ...wrong, password: PAY, mobile: a.mobile, receivingAddress: "y".repeat(101) }), "point.address.invalid");
    const good = { password: PAY, mobile: a.mobile, receivingAddress: "my.zalo.id" };
    fails(await redeem(a, { ...good, rewardId: 999_999 }), "point.reward.not.found");
    // Out of stock before the turnover and the points.
    const phone = await rewardId("SMARTPHONE");
    await h.db.query("UPDATE point_rewards SET stock = 0 WHERE id = $1", [phone]);
    try {
      fails(await redeem(a, { ...good, rewardId: phone }), "point.out.of.stock");
    } finally {
      await h.db.query("UPDATE point_rewards SET stock = 3 WHERE id = $1", [phone]);
    }
    // Turnover before the points: ৳1,000 of valid bet this month needed.
    fails(await redeem(a, { ...good, rewardId: await rewardId("BONUS_200") }), "point.amount.required");
    fails(await redeem(a, { ...good, rewardId: bonus10 }), "point.insufficient");
    const amountRequired = await redeem(a, { ...good, rewardId: await rewardId("BONUS_200") });
    expect(amountRequired.body.message).toContain("1,000.00");
    // A disabled reward is not found.
    await h.db.query("UPDATE point_rewards SET enabled = false WHERE id = $1", [bonus10]);
    try {
      fails(await redeem(a, { ...good, rewardId: bonus10 }), "point.reward.not.found");
    } finally {
      await h.db.query("UPDATE point_rewards SET enabled = true WHERE id = $1", [bonus10]);
    }
    expect(await entryCount(a)).toBe(0);
  });

  it("takes a number of a served country from a member without a mobile on file", async () => {
    const a = await account({ mobile: null });
    await give(a, 2000);
    fails(await redeem(a, { rewardId: await rewardId("BONUS_10"), mobile: "+1 415 555 0100" }), "point.mobile.invalid");
    fails(await redeem(a, { rewardId: await rewardId("BONUS_10"), mobile: "4155550100", countryDialingCode: "1" }), "point.mobile.invalid");
    const done = ok(await redeem(a, { rewardId: await rewardId("BONUS_10"), mobile: "+91 98765 43210" }));
    expect(done).toMatchObject({ status: "IN_PROCESS", balance: 1000 });
  });

  it("needs no password when WDRAWNOPASSVERIF3 is on", async () => {
    const a = await account({ password: false });
    await give(a, 1000);
    await setModule(h.db, "demo", "WDRAWNOPASSVERIF3", true);
    try {
      ok(await redeem(a, { rewardId: await rewardId("BONUS_10"), password: undefined }));
    } finally {
      await setModule(h.db, "demo", "WDRAWNOPASSVERIF3", false);
    }
  });

  it("holds the points on submission; the approval credits a BONUS reward once, even twice at once", async () => {
    const a = await account();
    await give(a, 12_000);
    const before = await wallet(a);
    const bonus50 = await rewardId("BONUS_50");
    const first = ok(await redeem(a, { rewardId: bonus50 }, "MCS2_redeemPointReward"));
    expect(first).toEqual({ redeemId: expect.any(Number), status: "IN_PROCESS", balance: 7000 });
    expect(await balanceOf(a)).toBe(7000);
    expect(await wallet(a)).toBe(before);
    const second = ok(await redeem(a, { rewardId: bonus50 }));
    expect(second.balance).toBe(2000);
    fails(await redeem(a, { rewardId: bonus50 }), "point.insufficient");

    const open = await listRedemptions(h.db, "demo", true);
    expect(open.find((r) => r.id === first.redeemId)).toMatchObject({
      member: a.username,
      status: "IN_PROCESS",
      points: 5000,
      amount: 50,
      mobile: a.mobile,
      receivingAddress: "my.zalo.id",
    });

    // Twice in a row: the second is refused, the money moved once.
    const approved = await approvePointRedemption(h.db, "demo", first.redeemId, "zalo-pay-77", h.clock.now);
    expect(approved).toMatchObject({
      status: "APPROVED",
      amount: 50,
      paidAccount: "zalo-pay-77",
      transactionRef: expect.stringMatching(/^\d+$/),
    });
    await expect(approvePointRedemption(h.db, "demo", first.redeemId)).rejects.toThrow(OperatorError);
    await expect(rejectPointRedemption(h.db, "demo", first.redeemId, "late")).rejects.toThrow(/only an IN_PROCESS/);
    expect(await wallet(a)).toBe(before + 5_000);

    // Twice at once: one wins.
    const both = await Promise.allSettled([1, 2].map(() => approvePointRedemption(h.db, "demo", second.redeemId, undefined, h.clock.now)));
    expect(both.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(await wallet(a)).toBe(before + 10_000);
    const keys = await h.db.query<{ kind: string }>("SELECT kind FROM ledger_transactions WHERE idempotency_key IN ($1, $2)", [
      `points:redeem:${first.redeemId}`,
      `points:redeem:${second.redeemId}`,
    ]);
    expect(keys.map((k) => k.kind)).toEqual(["points", "points"]);
    expect(await balanceOf(a)).toBe(2000);

    const list = ok(await get(a, "MCSFE_getRedeemPointList", "status=APPROVED"));
    expect(list.list.find((r: { redeemId: number }) => r.redeemId === first.redeemId)).toMatchObject({
      status: "APPROVED",
      statusName: "Approved",
      redeemAmount: 50,
      paidAccount: "zalo-pay-77",
      transactionRef: approved.transactionRef,
      time: h.clock.now.getTime(),
    });
    // The account record knows the kind.
    const record = ok(await get(a, "ODSFE2_MemTransDet", "txType=POINTS"));
    expect(record.list).toHaveLength(2);
    expect(record.list[0]).toMatchObject({ txType: "POINTS", txTypeId: 18, txTypeName: "Points", amount: 50 });
    const codes = ok(await get(a, "GLS2_TxCodeList", "txType=ALL")).list;
    expect(codes).toContainEqual({ txTypeId: 18, txType: "POINTS", txTypeName: "Points" });
    // The inbox told the member.
    const inbox = await h.db.query<{ kind: string; content: { EN: string; BN: string } }>(
      "SELECT kind, content FROM member_messages WHERE member_id = $1 AND kind = 'POINTS' ORDER BY id",
      [a.id],
    );
    expect(inbox.map((m) => m.content.EN)).toContain(
      `Your redemption of ৳50 bonus (no. ${first.redeemId}) has been approved: ৳50.00 is in your main wallet.`,
    );
  });

  it("gives the points back on rejection, with the reason", async () => {
    const a = await account();
    await give(a, 12_000);
    const jersey = await rewardId("CRICKET_JERSEY");
    const held = ok(await redeem(a, { rewardId: jersey, receivingAddress: "Road 3, Mirpur, Dhaka" }));
    expect(held.balance).toBe(0);
    const rejected = await rejectPointRedemption(h.db, "demo", held.redeemId, "Address outside our delivery area", h.clock.now);
    expect(rejected).toMatchObject({ status: "REJECTED", refunded: 12_000, balance: 12_000 });
    expect(await balanceOf(a)).toBe(12_000);
    await expect(approvePointRedemption(h.db, "demo", held.redeemId)).rejects.toThrow(/REJECTED/);
    const row = ok(await get(a, "MCSFE_getRedeemPointList")).list[0];
    expect(row).toMatchObject({
      redeemId: held.redeemId,
      status: "REJECTED",
      remark: "Address outside our delivery area",
      redeemAmount: 0,
      time: expect.any(Number),
    });
    const details = ok(await get(a, "MCSFE_getRedeemPointList", "recordType=POINTS")).list;
    expect(details[0]).toMatchObject({
      type: "REFUND",
      typeName: "Points returned",
      pointsChanged: 12_000,
      pointsBalance: 12_000,
      name: "Bangladesh cricket jersey",
    });
    expect(ok(await get(a, "MCSFE_getPointBalance"))).toMatchObject({ totalEarned: 12_000, totalSpent: 0 });
    await expect(rejectPointRedemption(h.db, "demo", 999_999, "x")).rejects.toThrow(/No redemption/);
    await expect(rejectPointRedemption(h.db, "other", held.redeemId, "x")).rejects.toThrow(/No redemption/);
  });

  it("runs out of stock, and a rejection puts the item back", async () => {
    const a = await account();
    await give(a, 400_000);
    const phone = await rewardId("SMARTPHONE");
    await h.db.query("UPDATE point_rewards SET stock = 1 WHERE id = $1", [phone]);
    try {
      const held = ok(await redeem(a, { rewardId: phone, receivingAddress: "Road 3, Mirpur, Dhaka" }));
      const stock = async () => ok(await get(a, "MCSFE_getPointReward")).list.find((r: { rewardId: number }) => r.rewardId === phone).stock;
      expect(await stock()).toBe(0);
      fails(await redeem(a, { rewardId: phone, receivingAddress: "Road 3, Mirpur, Dhaka" }), "point.out.of.stock");
      await rejectPointRedemption(h.db, "demo", held.redeemId, "No longer available", h.clock.now);
      expect(await stock()).toBe(1);
    } finally {
      await h.db.query("UPDATE point_rewards SET stock = 3 WHERE id = $1", [phone]);
    }
  });

  it("lets a member with the month's turnover redeem a reward that needs it", async () => {
    const a = await account();
    await bet(a, "SPORTS", 100_000);
    await give(a, 17_000);
    expect(await balanceOf(a)).toBe(18_000);
    ok(await redeem(a, { rewardId: await rewardId("BONUS_200") }));
    expect(await balanceOf(a)).toBe(0);
  });

  it("answers a replayed requestId with the first answer and moves nothing", async () => {
    const a = await account();
    await give(a, 3000);
    const requestId = rid();
    const body = { requestId, rewardId: await rewardId("BONUS_10") };
    const first = ok(await redeem(a, body));
    const entries = await entryCount(a);
    const again = await Promise.all([1, 2, 3].map(() => redeem(a, body)));
    for (const r of again) expect(ok(r)).toEqual({ ...first, replayed: true });
    // Even with the password wrong now: the first answer, nothing checked again.
    expect(ok(await redeem(a, { ...body, password: "wrong-pass" }))).toEqual({ ...first, replayed: true });
    expect(await entryCount(a)).toBe(entries);
    expect(await balanceOf(a)).toBe(2000);
    fails(await redeem(a, { ...body, rewardId: await rewardId("BONUS_50") }), "idempotency.conflict");
    fails(await convert(a, { requestId, points: 100 }), "idempotency.conflict");
  });
});

describe("convert", () => {
  it("refuses points out of bounds or with more than two decimals", async () => {
    const a = await account();
    await give(a, 5000);
    for (const points of [99.99, 1_000_000.01, 100.001, 0]) fails(await convert(a, { points }), "point.amount.invalid");
    fails(await convert(a, { points: 5000.01 }), "point.insufficient");
    const message = (await convert(a, { points: 1 })).body.message;
    expect(message).toBe("Convert between 100 and 1000000 points.");
    fails(await convert(a, { points: "lots" }), "parameter.invalid", 400);
    expect(await balanceOf(a)).toBe(5000);
  });

  it("credits floor(points / pointsRatio) once, also replayed and at once", async () => {
    const a = await account();
    await give(a, 5000);
    const before = await wallet(a);
    const requestId = rid();
    const first = ok(await convert(a, { requestId, points: 1234.56 }, "MCS2_convertPoint"));
    expect(first).toEqual({
      redeemId: expect.any(Number),
      status: "APPROVED",
      points: 1234.56,
      amount: 12.34,
      balance: 3765.44,
      walletBalance: (before + 1234) / 100,
    });
    const again = await Promise.all([1, 2, 3].map(() => convert(a, { requestId, points: 1234.56 })));
    for (const r of again) expect(ok(r)).toEqual({ ...first, replayed: true });
    expect(await wallet(a)).toBe(before + 1234);
    fails(await convert(a, { requestId, points: 100 }), "idempotency.conflict");
    const second = ok(await convert(a, { points: "100.99" }));
    expect(second).toMatchObject({ amount: 1, balance: 3664.45 });
    expect(await wallet(a)).toBe(before + 1334);
    const row = ok(await get(a, "MCSFE_getRedeemPointList")).list.find((r: { redeemId: number }) => r.redeemId === first.redeemId);
    expect(row).toMatchObject({
      type: "CONVERT",
      name: "Cash",
      status: "APPROVED",
      pointsRequired: 1234.56,
      amount: 12.34,
      redeemAmount: 12.34,
      receivingAddress: "8801711111111",
    });
    expect(row.time).toBe(row.applicationTime);
    const key = await h.db.query("SELECT 1 FROM ledger_transactions WHERE idempotency_key = $1 AND kind = 'points'", [
      `points:convert:${a.id}:${requestId}`,
    ]);
    expect(key).toHaveLength(1);
    // A conversion is no redemption the operator decides.
    await expect(approvePointRedemption(h.db, "demo", first.redeemId)).rejects.toThrow(/APPROVED/);
  });
});

describe("gates", () => {
  it("answers function.not.available with PTSYS3 off, before the token", async () => {
    const a = await account();
    await setModule(h.db, "demo", "PTSYS3", false);
    try {
      for (const call of [
        "MCSFE_getPointBalance",
        "MCSFE_getPointConfig",
        "MCSFE_getPointReward",
        "MCSFE_getMerchantPointReward",
        "MCSFE_getPointRewardConversionType",
        "MCSFE_getRedeemPointList",
      ]) {
        fails(await get(a, call), "function.not.available", 400);
        fails(await h.json(`/wps/relay/${call}`), "function.not.available", 400);
      }
      fails(await redeem(a, { rewardId: 1 }), "function.not.available", 400);
      fails(await convert(a, { points: 100 }), "function.not.available", 400);
      fails(await h.enc("/wps/relay/passwordCheck/MCS2_convertPoint", { requestId: rid(), points: 100 }), "function.not.available", 400);
    } finally {
      await setModule(h.db, "demo", "PTSYS3", true);
    }
  });

  it("needs the token", async () => {
    for (const call of [
      "MCSFE_getPointBalance",
      "MCSFE_getPointConfig",
      "MCSFE_getPointReward",
      "MCSFE_getPointRewardConversionType",
      "MCSFE_getRedeemPointList",
    ]) {
      expect((await h.json(`/wps/relay/${call}`)).status).toBe(401);
    }
    fails(await h.enc("/wps/relay/passwordCheck/MCSFE_redeemPointReward", { requestId: rid(), rewardId: 1 }), "login.not.session", 401);
    fails(await h.enc("/wps/relay/passwordCheck/MCSFE_convertPoint", { requestId: rid(), points: 100 }), "login.not.session", 401);
  });

  it("refuses a body that is not encrypted, a bad requestId and the wrong method", async () => {
    const a = await account();
    const token = await tokenOf(a);
    const plain = await h.json("/wps/relay/passwordCheck/MCSFE_redeemPointReward", {
      method: "POST",
      token,
      body: JSON.stringify({ requestId: rid(), rewardId: 1, password: PAY }),
    });
    fails(plain, "request_body_required", 400);
    fails(
      await h.json("/wps/relay/passwordCheck/MCS2_convertPoint", {
        method: "POST",
        token,
        body: JSON.stringify({ requestId: rid(), points: 100 }),
      }),
      "request_body_required",
      400,
    );
    fails(
      await h.enc("/wps/relay/passwordCheck/MCSFE_convertPoint", { requestId: "short", points: 100 }, { token }),
      "parameter.invalid",
      400,
    );
    fails(
      await h.enc("/wps/relay/passwordCheck/MCSFE_redeemPointReward", { requestId: rid(), rewardId: "x" }, { token }),
      "parameter.invalid",
      400,
    );
    fails(await h.json("/wps/relay/passwordCheck/MCSFE_convertPoint", { token }), "function.not.available", 404);
    fails(await h.json("/wps/relay/MCSFE_getPointBalance", { method: "POST", token, body: "{}" }), "function.not.available", 404);
  });
});

describe("operator", () => {
  it("parses the commands", () => {
    expect(parseCommand(["redemptions"])).toMatchObject({ path: "redemptions", method: "GET", query: {} });
    expect(parseCommand(["redemptions", "open"])).toMatchObject({ path: "redemptions", query: { open: "1" } });
    expect(parseCommand(["redemption", "12", "approve"])).toMatchObject({ path: "redemption/approve", method: "POST", body: { id: 12 } });
    expect(parseCommand(["redemption", "12", "approve", "bkash-0171"])).toMatchObject({ body: { id: 12, paidAccount: "bkash-0171" } });
    expect(parseCommand(["redemption", "12", "reject", "no", "stock"])).toMatchObject({
      path: "redemption/reject",
      body: { id: 12, reason: "no stock" },
    });
    expect(parseCommand(["points", "demo_member"])).toMatchObject({ path: "points", method: "GET", query: { username: "demo_member" } });
    expect(parseCommand(["points", "demo_member", "+500", "welcome", "points"])).toMatchObject({
      path: "points/adjust",
      body: { username: "demo_member", points: 500, remark: "welcome points" },
    });
    expect(parseCommand(["points", "demo_member", "-12.5", "correction"])).toMatchObject({ body: { points: -12.5 } });
    expect(() => parseCommand(["redemption", "x", "approve"])).toThrow(/redemption <id>/);
    expect(() => parseCommand(["redemption", "12", "reject"])).toThrow(/redemption <id>/);
    expect(() => parseCommand(["points", "demo_member", "500", "no sign"])).toThrow(/points <username>/);
    expect(() => parseCommand(["redemptions", "all"])).toThrow(/redemptions \[open\]/);
  });

  it("shows and adjusts points, never below zero, and tells the member", async () => {
    const a = await account();
    await bet(a, "PVP", 1_000);
    const shown = await showPoints(h.db, "demo", a.username, h.clock.now);
    expect(shown).toMatchObject({ balance: 10, totalEarned: 10, totalSpent: 0, recent: [{ type: "PVP", points: 10 }] });
    expect(await adjustMemberPoints(h.db, "demo", a.username, -4.5, "correction", h.clock.now)).toMatchObject({
      points: -4.5,
      balance: 5.5,
    });
    await expect(adjustMemberPoints(h.db, "demo", a.username, -6, "too much", h.clock.now)).rejects.toThrow(/below zero/);
    await expect(adjustMemberPoints(h.db, "demo", "nobody_here", 5, "x", h.clock.now)).rejects.toThrow(/No member/);
    await expect(adjustMemberPoints(h.db, "demo", a.username, 5, "  ", h.clock.now)).rejects.toThrow(/remark/);
    expect(ok(await get(a, "MCSFE_getPointBalance"))).toMatchObject({ balance: 5.5, totalEarned: 10, totalSpent: 4.5 });
    const details = ok(await get(a, "MCSFE_getRedeemPointList", "recordType=POINTS")).list;
    expect(details[0]).toMatchObject({
      type: "ADJUST",
      typeName: "Adjustment",
      pointsChanged: -4.5,
      pointsBalance: 5.5,
      remark: "correction",
      amount: null,
      pointsRatio: null,
    });
    const inbox = await h.db.query<{ content: { EN: string } }>(
      "SELECT content FROM member_messages WHERE member_id = $1 AND kind = 'POINTS'",
      [a.id],
    );
    expect(inbox.map((m) => m.content.EN)).toEqual(["Your points were adjusted by -4.5: correction"]);
  });

  it("answers on the operator listener", async () => {
    const a = await account();
    await give(a, 1000);
    const held = ok(await redeem(a, { rewardId: await rewardId("BONUS_10") }));
    const app = createOperatorApp({ db: h.db, merchant: "demo", key: "operator-test-key", now: () => h.clock.now });
    const call = async (method: string, path: string, body?: unknown) => {
      const response = await app.fetch(
        new Request(`http://operator.test/operator/${path}`, {
          method,
          headers: { "X-Operator-Key": "operator-test-key", "Content-Type": "application/json" },
          body: body ? JSON.stringify(body) : undefined,
        }),
      );
      return (await response.json()) as { ok: boolean; result: any; error?: string };
    };
    const open = await call("GET", "redemptions?open=1");
    expect(open.ok).toBe(true);
    expect(open.result.some((r: { id: number }) => r.id === held.redeemId)).toBe(true);
    expect(open.result.every((r: { status: string }) => r.status === "IN_PROCESS")).toBe(true);
    const before = await wallet(a);
    expect((await call("POST", "redemption/approve", { id: held.redeemId, paidAccount: "zalo" })).result).toMatchObject({
      status: "APPROVED",
      amount: 10,
    });
    const twice = await call("POST", "redemption/approve", { id: held.redeemId });
    expect(twice.ok).toBe(false);
    expect(await wallet(a)).toBe(before + 1000);
    expect((await call("POST", "points/adjust", { username: a.username, points: 250, remark: "goodwill" })).result).toMatchObject({
      balance: 250,
    });
    expect((await call("GET", `points?username=${a.username}`)).result).toMatchObject({ balance: 250 });
  });
});
