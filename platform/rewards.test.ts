import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OperatorError, setModule } from "./operator";
import { listPromotions, parseRecordsCommand, setPromotionStatus, setRebateRate } from "./operator-records";
import { businessDay } from "./services/periods";
import { rafflePrize } from "./services/raffle";
import { type CallInit, type Harness, openHarness } from "./testing/harness";
import { fails as fail, ok } from "./testing/envelope";

// Cashback, the reward centre, the raffle and missions of decision 017: every credit once per
// requestId through the ledger, trial accounts refused, modules gated.

let h: Harness;
let token: string;
let memberId: number;
let trialToken: string;
let seq = 0;

const rid = () => `rewards-test-${String(++seq).padStart(4, "0")}-${Date.now()}`;
const relay = (call: string, query = "", init: CallInit = {}) =>
  h.json(`/wps/relay/${call}${query ? `?${query}` : ""}`, { token, ...init });
const post = (call: string, body: unknown, init: CallInit = {}) =>
  h.json(`/wps/relay/${call}`, { token, method: "POST", body: JSON.stringify(body), ...init });
const mainBalance = async (id = memberId) =>
  Number(
    (
      await h.db.query<{ balance: number }>(
        "SELECT balance FROM ledger_accounts WHERE kind = 'wallet' AND member_id = $1 AND account_type_id = 2",
        [id],
      )
    )[0]?.balance ?? 0,
  );
const ledgerCount = async () => Number((await h.db.query<{ n: number }>("SELECT count(*)::int AS n FROM ledger_transactions"))[0]!.n);
const ledgerSum = async () =>
  Number(
    (await h.db.query<{ s: string }>("SELECT coalesce(sum(balance), 0)::text AS s FROM ledger_accounts WHERE merchant = 'demo'"))[0]!.s,
  );

beforeAll(async () => {
  h = await openHarness();
  const login = (await h.login("demo_member", "Demo@1234")).body.value;
  token = login.token;
  memberId = Number((await h.db.query<{ id: number }>("SELECT id FROM members WHERE username = 'demo_member'"))[0]!.id);
  const trial = await h.json("/wps/session/login/freeplay", {
    method: "POST",
    body: JSON.stringify({ os: "Windows", platform: "W" }),
    forwardedFor: "10.77.0.1",
  });
  trialToken = trial.body.value.token;
}, 60_000);

afterAll(async () => {
  expect(await ledgerSum()).toBe(0);
  await h?.close();
});

describe("trial accounts and bad input", () => {
  it("refuses every write of a trial account, moving nothing", async () => {
    const before = await ledgerCount();
    const calls: [string, unknown][] = [
      ["MCSFE_claimManualRebate", { requestId: rid() }],
      ["MCSFE_joinPromotion", { requestId: rid(), promotionId: 1 }],
      ["MCSFE_claimIssuedPromotion", { requestId: rid(), promotionId: 1 }],
      ["MCSFE_claimRafflePromotion", { requestId: rid() }],
      ["MCS2_claimRafflePromotion", { requestId: rid() }],
      ["MCSFE_claimMission", { requestId: rid(), missionId: 1 }],
    ];
    for (const [call, body] of calls) fail(await post(call, body, { token: trialToken }), "trial.not.allowed");
    fail(await relay("MCSFE_getReferralDetails", "autoGenerate=true", { token: trialToken }), "trial.not.allowed");
    expect(await ledgerCount()).toBe(before);
  });

  it("answers a bad requestId or body with parameter.invalid, and a GET on a POST call as unknown", async () => {
    fail(await post("MCSFE_claimManualRebate", { requestId: "short" }), "parameter.invalid", 400);
    fail(await post("MCSFE_claimManualRebate", {}), "parameter.invalid", 400);
    fail(await post("MCSFE_joinPromotion", { requestId: rid(), promotionId: "x" }), "parameter.invalid", 400);
    fail(await h.json("/wps/relay/MCSFE_claimMission", { token, method: "POST", body: "{not json" }), "parameter.invalid", 400);
    fail(await relay("MCSFE_claimManualRebate"), "function.not.available", 404);
    expect((await post("MCSFE_claimManualRebate", { requestId: rid() }, { token: "" })).status).toBe(401);
  });
});

describe("cashback", () => {
  it("shows the claimable cashback per game type from the bets since the last claim", async () => {
    const rebate = ok(await relay("MCSFE_getManualRebate"));
    // The merchant's rate plus demo_member's rank bonus (Silver: 0.05 points, decision 027 §2).
    expect(rebate.list.find((l: { gameType: string }) => l.gameType === "RNG")).toMatchObject({ rate: 0.85, gameTypeName: "Slots" });
    expect(rebate.list.find((l: { gameType: string }) => l.gameType === "LIVE")).toMatchObject({ rate: 0.55 });
    expect(rebate.lastClaimTime).toEqual(expect.any(Number));
    expect(rebate.totalAmount).toBeGreaterThanOrEqual(1);
    for (const line of rebate.list)
      expect(line.amount).toBe(Math.floor((Math.round(line.validBet * 100) * Math.round(line.rate * 1000)) / 100_000) / 100);
  });

  it("credits it once per requestId and resets the claimable amounts", async () => {
    const { totalAmount } = ok(await relay("MCSFE_getManualRebate"));
    const before = await mainBalance();
    const requestId = rid();
    const first = ok(await post("MCSFE_claimManualRebate", { requestId }));
    expect(first).toMatchObject({ amount: totalAmount, balance: (before + Math.round(totalAmount * 100)) / 100 });
    expect(first.replayed).toBeUndefined();
    const again = await Promise.all([1, 2, 3].map(() => post("MCSFE_claimManualRebate", { requestId })));
    for (const r of again) expect(ok(r)).toEqual({ ...first, replayed: true });
    expect(await mainBalance()).toBe(before + Math.round(totalAmount * 100));
    const after = ok(await relay("MCSFE_getManualRebate"));
    expect(after.totalAmount).toBe(0);
    expect(after.list.every((l: { validBet: number }) => l.validBet === 0)).toBe(true);
    fail(await post("MCSFE_claimManualRebate", { requestId: rid() }), "rebate.nothing.to.claim");
    const bonuses = ok(await relay("MCSFE_getBonusDetails", "bonusType=CASHBACK"));
    expect(bonuses.list[0]).toMatchObject({ bonusType: "CASHBACK", amount: totalAmount });
  });

  it("is off with MANPLAYREB3", async () => {
    await setModule(h.db, "demo", "MANPLAYREB3", false);
    try {
      fail(await relay("MCSFE_getManualRebate"), "function.not.available", 400);
      fail(await post("MCSFE_claimManualRebate", { requestId: rid() }), "function.not.available", 400);
    } finally {
      await setModule(h.db, "demo", "MANPLAYREB3", true);
    }
  });
});

describe("reward centre", () => {
  type Promo = {
    promotionId: number;
    title: string;
    status: string;
    statusName: string;
    canJoin: boolean;
    canClaim: boolean;
    bonusAmount: number;
  };
  const promotions = async (init: CallInit = {}) => ok(await relay("MCSFE_getAvailablePromotions", "", init)).list as Promo[];
  const byTitle = async (title: string) => (await promotions()).find((p) => p.title === title)!;

  it("lists the seeded promotions in every status", async () => {
    const list = await promotions();
    expect(new Set(list.map((p) => p.status))).toEqual(
      new Set(["JOIN", "CLAIM", "APPLYING", "REJECTED", "ISSUED", "CLAIMED", "PROCESS", "JOINED", "SIGNED", "CLOSED", "COMING_SOON"]),
    );
    expect(list.find((p) => p.title === "Slots Tournament")).toMatchObject({ status: "JOIN", canJoin: true, canClaim: false });
    expect(list.find((p) => p.title === "VIP Birthday Gift")).toMatchObject({ status: "ISSUED", canClaim: true, bonusAmount: 88 });
    const bn = await promotions({ language: "BN" });
    expect(bn.find((p) => p.status === "COMING_SOON")!.statusName).toBe("শীঘ্রই আসছে");
  });

  it("joins once; the same requestId for another promotion is a conflict", async () => {
    const slot = await byTitle("Slots Tournament");
    const requestId = rid();
    const joined = ok(await post("MCSFE_joinPromotion", { requestId, promotionId: slot.promotionId }));
    expect(joined).toEqual({ promotionId: slot.promotionId, status: "JOINED" });
    expect(ok(await post("MCSFE_joinPromotion", { requestId, promotionId: slot.promotionId }))).toEqual({ ...joined, replayed: true });
    const other = await byTitle("Summer Festival");
    fail(await post("MCSFE_joinPromotion", { requestId, promotionId: other.promotionId }), "idempotency.conflict");
    fail(await post("MCSFE_claimMission", { requestId, missionId: 1 }), "idempotency.conflict");
    fail(await post("MCSFE_joinPromotion", { requestId: rid(), promotionId: slot.promotionId }), "promotion.not.available");
    fail(await post("MCSFE_joinPromotion", { requestId: rid(), promotionId: other.promotionId }), "promotion.not.available");
    fail(await post("MCSFE_joinPromotion", { requestId: rid(), promotionId: 999_999 }), "promotion.not.found");
    expect((await byTitle("Slots Tournament")).status).toBe("JOINED");
  });

  it("claims an issued bonus into the main wallet exactly once", async () => {
    const gift = await byTitle("VIP Birthday Gift");
    const before = await mainBalance();
    const requestId = rid();
    const claimed = ok(await post("MCSFE_claimIssuedPromotion", { requestId, promotionId: gift.promotionId }));
    expect(claimed).toEqual({ promotionId: gift.promotionId, status: "CLAIMED", amount: 88, balance: (before + 8_800) / 100 });
    expect(ok(await post("MCSFE_claimIssuedPromotion", { requestId, promotionId: gift.promotionId })).replayed).toBe(true);
    fail(await post("MCSFE_claimIssuedPromotion", { requestId: rid(), promotionId: gift.promotionId }), "promotion.not.claimable");
    expect(await mainBalance()).toBe(before + 8_800);
    const joinedOnly = await byTitle("Live Casino Weekend");
    fail(await post("MCSFE_claimIssuedPromotion", { requestId: rid(), promotionId: joinedOnly.promotionId }), "promotion.not.claimable");
    const reload = await byTitle("Weekly Reload 20");
    expect(ok(await post("MCSFE_claimIssuedPromotion", { requestId: rid(), promotionId: reload.promotionId })).amount).toBe(20);
    expect((await byTitle("Weekly Reload 20")).status).toBe("CLAIMED");
  });

  it("draws the raffle once a day with the member's prize of the day", async () => {
    const before = await mainBalance();
    const requestId = rid();
    const drawn = ok(await post("MCSFE_claimRafflePromotion", { requestId }));
    const day = businessDay(h.clock.now);
    expect(drawn).toMatchObject({ drawDate: day, prize: rafflePrize("demo", memberId, day) / 100 });
    expect(ok(await post("MCS2_claimRafflePromotion", { requestId }))).toEqual({ ...drawn, replayed: true });
    fail(await post("MCSFE_claimRafflePromotion", { requestId: rid() }), "raffle.already.claimed");
    expect(await mainBalance()).toBe(before + rafflePrize("demo", memberId, day));
    expect((await byTitle("Daily Lucky Draw")).status).toBe("CLAIMED");
    h.clock.advance(86_400_000);
    try {
      const tomorrow = (await h.login("demo_member", "Demo@1234")).body.value.token;
      const next = ok(await post("MCSFE_claimRafflePromotion", { requestId: rid() }, { token: tomorrow }));
      expect(next.drawDate).toBe(businessDay(h.clock.now));
    } finally {
      h.clock.advance(-86_400_000);
      // The login of "tomorrow" replaced the member's session; it stays valid back today.
      token = (await h.login("demo_member", "Demo@1234")).body.value.token;
    }
  });

  it("is off with REWCEN3", async () => {
    await setModule(h.db, "demo", "REWCEN3", false);
    try {
      fail(await relay("MCSFE_getAvailablePromotions"), "function.not.available", 400);
      fail(await post("MCSFE_claimRafflePromotion", { requestId: rid() }), "function.not.available", 400);
    } finally {
      await setModule(h.db, "demo", "REWCEN3", true);
    }
  });
});

describe("missions", () => {
  type Mission = { missionId: number; title: string; status: string; progress: number; target: number; reward: number };
  const summary = async () => ok(await relay("MCSFE_getMissionSummaryDetails")) as { list: Mission[]; count: number };

  it("shows progress from today's and this month's bets, and the badge count", async () => {
    const { list, count } = await summary();
    const three = list.find((m) => m.title === "Place 3 bets today")!;
    expect(three).toMatchObject({ status: "CLAIMABLE", target: 3, progress: 3, reward: 5 });
    expect(list.find((m) => m.title === "Place 20 bets today")).toMatchObject({ status: "IN_PROGRESS", target: 20 });
    expect(list.find((m) => m.title === "Deposit 1,000 this month")).toMatchObject({ progress: 0, target: 1000 });
    expect(count).toBe(list.filter((m) => m.status === "CLAIMABLE").length);
    expect(count).toBeGreaterThanOrEqual(1);
  });

  it("claims a complete mission once per period", async () => {
    const { list, count } = await summary();
    const three = list.find((m) => m.title === "Place 3 bets today")!;
    const before = await mainBalance();
    const requestId = rid();
    expect(ok(await post("MCSFE_claimMission", { requestId, missionId: three.missionId }))).toMatchObject({ status: "CLAIMED", amount: 5 });
    expect(ok(await post("MCSFE_claimMission", { requestId, missionId: three.missionId })).replayed).toBe(true);
    fail(await post("MCSFE_claimMission", { requestId: rid(), missionId: three.missionId }), "mission.already.claimed");
    expect(await mainBalance()).toBe(before + 500);
    const twenty = list.find((m) => m.title === "Place 20 bets today")!;
    fail(await post("MCSFE_claimMission", { requestId: rid(), missionId: twenty.missionId }), "mission.not.complete");
    fail(await post("MCSFE_claimMission", { requestId: rid(), missionId: 999_999 }), "mission.not.found");
    const after = await summary();
    expect(after.count).toBe(count - 1);
    expect(after.list.find((m) => m.missionId === three.missionId)!.status).toBe("CLAIMED");
  });

  it("ranks this month's turnover with masked names", async () => {
    const board = ok(await relay("MCSFE_getMissionLeaderboard", "limit=5"));
    expect(board.list[0]).toMatchObject({ rank: 1, customerName: "de***er", isMe: true });
    expect(board.myRank).toBe(1);
    expect(board.myTurnover).toBe(board.list[0].turnover);
  });

  it("is off with MISSIONLB3", async () => {
    await setModule(h.db, "demo", "MISSIONLB3", false);
    try {
      fail(await relay("MCSFE_getMissionSummaryDetails"), "function.not.available", 400);
    } finally {
      await setModule(h.db, "demo", "MISSIONLB3", true);
    }
  });
});

describe("operator commands", () => {
  it("issues a joined promotion's bonus, which the member then claims", async () => {
    await setPromotionStatus(h.db, "demo", "demo_member", "live_cashback", "issued");
    const list = ok(await relay("MCSFE_getAvailablePromotions")).list as { promotionId: number; title: string; status: string }[];
    const live = list.find((p) => p.title === "Live Casino Weekend")!;
    expect(live.status).toBe("ISSUED");
    expect(ok(await post("MCSFE_claimIssuedPromotion", { requestId: rid(), promotionId: live.promotionId })).amount).toBe(30);
    await expect(setPromotionStatus(h.db, "demo", "demo_member", "LIVE_CASHBACK", "reset")).rejects.toBeInstanceOf(OperatorError);
    expect((await listPromotions(h.db, "demo", "demo_member")).find((p) => p.code === "LIVE_CASHBACK")!.memberStatus).toBe("CLAIMED");
    await expect(setPromotionStatus(h.db, "demo", "nobody_here", "LIVE_CASHBACK", "issued")).rejects.toBeInstanceOf(OperatorError);
    await expect(setPromotionStatus(h.db, "demo", "demo_member", "LIVE_CASHBACK", "paid")).rejects.toBeInstanceOf(OperatorError);
  });

  it("sets and removes a cashback rate, and parses the command line", async () => {
    await setRebateRate(h.db, "demo", "rng", "1.25");
    expect(ok(await relay("MCSFE_getManualRebate")).list.find((l: { gameType: string }) => l.gameType === "RNG").rate).toBe(1.3); // 1.25 + Silver's 0.05
    await setRebateRate(h.db, "demo", "BGS", "0");
    expect(ok(await relay("MCSFE_getManualRebate")).list.some((l: { gameType: string }) => l.gameType === "BGS")).toBe(false);
    await expect(setRebateRate(h.db, "demo", "RNG", "abc")).rejects.toBeInstanceOf(OperatorError);
    expect(parseRecordsCommand("promotion", ["demo_member", "VIP_GIFT", "issued"])).toMatchObject({
      path: "promotion",
      body: { username: "demo_member", code: "VIP_GIFT", status: "issued" },
    });
    expect(() => parseRecordsCommand("promotion", ["demo_member", "VIP_GIFT"])).toThrow(OperatorError);
    expect(parseRecordsCommand("rebate-rate", ["LIVE", "0.7"])).toMatchObject({ path: "rebate-rate", method: "POST" });
  });

  it("credits an issued bonus once when four different requests claim it at the same time", async () => {
    await setPromotionStatus(h.db, "demo", "demo_member", "TURNOVER_CHALLENGE", "issued");
    const id = (await listPromotions(h.db, "demo")).find((p) => p.code === "TURNOVER_CHALLENGE")!.id;
    const before = await mainBalance();
    const answers = await Promise.all([1, 2, 3, 4].map(() => post("MCSFE_claimIssuedPromotion", { requestId: rid(), promotionId: id })));
    expect(answers.filter((a) => a.body.success)).toHaveLength(1);
    for (const a of answers.filter((x) => !x.body.success)) fail(a, "promotion.not.claimable");
    expect(await mainBalance()).toBe(before + 6_000);
  });
});

describe("reads of a trial account", () => {
  it("answer from the real book: nothing", async () => {
    // The raffle test's login "tomorrow" swept sessions that had expired by then: a fresh trial.
    const trial = await h.json("/wps/session/login/freeplay", {
      method: "POST",
      body: JSON.stringify({ os: "Windows", platform: "W" }),
      forwardedFor: "10.77.0.2",
    });
    const trialToken = trial.body.value.token;
    const bets = ok(await relay("MCSFE_getBetRecords", "", { token: trialToken }));
    expect(bets.total).toBe(0);
    expect(ok(await relay("ODSFE2_MemTransDet", "", { token: trialToken })).total).toBe(0);
    expect(ok(await relay("MCSFE_getManualRebate", "", { token: trialToken })).totalAmount).toBe(0);
  });
});
