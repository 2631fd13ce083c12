import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { desDecrypt } from "./crypto";
import { OperatorError } from "./operator";
import { listPromotionApplications, parsePromotionsCommand, reviewPromotionApplication } from "./operator-promotions";
import { type CallInit, type Envelope, type Harness, openHarness } from "./testing/harness";
import { fails as fail, ok } from "./testing/envelope";

// Decision 027 §1, §2, §4: promotions with terms, banners, categories and applications reviewed by
// the operator (each bonus credited once), the VIP ladder the platform applies, the service link.

let h: Harness;
let token: string;
let vipToken: string;
let memberId: number;
let vipId: number;
let seq = 0;

const rid = () => `promotions-test-${String(++seq).padStart(4, "0")}-${Date.now()}`;
const relay = (call: string, query = "", init: CallInit = {}) =>
  h.json(`/wps/relay/${call}${query ? `?${query}` : ""}`, { token, ...init });
const post = (call: string, body: unknown, init: CallInit = {}) =>
  h.json(`/wps/relay/${call}`, { token, method: "POST", body: JSON.stringify(body), ...init });
const mainBalance = async (id: number) =>
  Number(
    (
      await h.db.query<{ balance: number }>(
        "SELECT balance FROM ledger_accounts WHERE kind = 'wallet' AND member_id = $1 AND account_type_id = 2",
        [id],
      )
    )[0]?.balance ?? 0,
  );
const ledgerSum = async () =>
  Number(
    (await h.db.query<{ s: string }>("SELECT coalesce(sum(balance), 0)::text AS s FROM ledger_accounts WHERE merchant = 'demo'"))[0]!.s,
  );
const count = async (sql: string, params: unknown[] = []) => Number((await h.db.query<{ n: number }>(sql, params))[0]!.n);
const promotionId = async (code: string) =>
  Number((await h.db.query<{ id: number }>("SELECT id FROM promotions WHERE merchant = 'demo' AND code = $1", [code]))[0]!.id);

type P = Record<string, any>;
const promotions = async (init: CallInit = {}) =>
  ok(await relay("MCSFE_getAvailablePromotions", "", init)) as { list: P[]; categories: { code: string; name: string }[] };
const promotionOf = async (id: number, init: CallInit = {}) => (await promotions(init)).list.find((p) => p.promotionId === id)!;

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from("a tiny picture")]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from("a tiny jpeg")]);
const png = (tag = "") => `data:image/png;base64,${Buffer.concat([PNG, Buffer.from(tag)]).toString("base64")}`;

beforeAll(async () => {
  h = await openHarness();
  token = (await h.login("demo_member", "Demo@1234")).body.value.token;
  vipToken = (await h.login("demo_vip", "Demo@1234")).body.value.token;
  memberId = Number((await h.db.query<{ id: number }>("SELECT id FROM members WHERE username = 'demo_member'"))[0]!.id);
  vipId = Number((await h.db.query<{ id: number }>("SELECT id FROM members WHERE username = 'demo_vip'"))[0]!.id);
}, 60_000);

afterAll(async () => {
  if (h) expect(await ledgerSum()).toBe(0);
  await h?.close();
});

describe("promotion lists", () => {
  it("shows a visitor the running and coming promotions without a token", async () => {
    const value = ok(await h.json("/wps/relay/MCSFE_getMerchantAvailablePromotions"));
    expect(value.categories.map((c: { code: string }) => c.code)).toEqual([
      "NEW_MEMBER",
      "DEPOSIT",
      "SLOTS",
      "LIVE",
      "SPORTS",
      "VIP",
      "DAILY",
      "EVENTS",
    ]);
    const list = value.list as P[];
    expect(list.length).toBeGreaterThan(5);
    for (const p of list) {
      expect(["JOIN", "COMING_SOON", "CLOSED"]).toContain(p.status);
      expect(p).toMatchObject({ canJoin: false, canClaim: false, application: null });
    }
    const codes = new Set(list.map((p) => p.promotionId));
    expect(codes.has(await promotionId("SUMMER_FEST"))).toBe(false); // ended
    expect(list.find((p) => p.promotionId === list.find((q) => q.status === "COMING_SOON")?.promotionId)).toBeTruthy();
    // demo_member's APPLYING and ISSUED promotions are plain JOIN to a visitor.
    expect(list.find((p) => p.title === "First Deposit Match")).toMatchObject({ status: "JOIN", applyForm: true });
    const bn = ok(await h.json("/wps/relay/MCSFE_getMerchantAvailablePromotions", { language: "BN" }));
    expect(bn.categories[0]).toEqual({ code: "NEW_MEMBER", name: "নতুন সদস্য" });
  });

  it("gives the member every promotion with category, terms, banner and application", async () => {
    const { list, categories } = await promotions();
    expect(categories).toContainEqual({ code: "SLOTS", name: "Slots" });
    for (const p of list) {
      expect(p).toEqual({
        promotionId: expect.any(Number),
        title: expect.any(String),
        category: expect.any(String),
        categoryName: expect.any(String),
        description: expect.any(String),
        terms: expect.stringContaining("<h3>Eligibility</h3>"),
        bannerUrl: `/media/promotion-banner/${p.promotionId}.svg`,
        bannerWidth: 750,
        bannerHeight: p.title === "Daily Lucky Draw" ? 375 : 300,
        startDate: expect.any(Number),
        endDate: p.noExpiry ? null : expect.any(Number),
        noExpiry: expect.any(Boolean),
        bonusAmount: expect.any(Number),
        status: expect.any(String),
        statusName: expect.any(String),
        canJoin: p.status === "JOIN",
        canClaim: p.status === "CLAIM" || p.status === "ISSUED",
        applyForm: expect.any(Boolean),
        application: p.applyForm && ["APPLYING", "REJECTED"].includes(p.status) ? expect.any(Object) : null,
      });
      expect(categories.map((c) => c.code)).toContain(p.category);
      expect(p.terms).toMatch(/Turnover requirement.*Promotion period.*General terms/s);
    }
    const deposit = list.find((p) => p.title === "First Deposit Match")!;
    expect(deposit).toMatchObject({ status: "APPLYING", applyForm: true, categoryName: "Deposit" });
    expect(deposit.application).toEqual({
      applicationId: expect.any(Number),
      remark: expect.stringContaining("bKash"),
      images: [],
      time: expect.any(Number),
      reason: "",
    });
    const cricket = list.find((p) => p.title === "Cricket Special")!;
    expect(cricket).toMatchObject({ status: "REJECTED", application: { reason: "Two of the five bets were below ৳200." } });
    const open = list.filter((p) => p.applyForm && p.status === "JOIN");
    expect(open.map((p) => p.title)).toEqual(expect.arrayContaining(["Slots Big Win Bonus", "Live Casino Win Streak"]));
    const bn = (await promotions({ language: "BN" })).list.find((p) => p.promotionId === deposit.promotionId)!;
    expect(bn.terms).toContain("যোগ্যতা");
    expect(bn.categoryName).toBe("ডিপোজিট");
  });

  it("draws each promotion's banner at its size", async () => {
    const deposit = await promotionId("DEPOSIT_MATCH");
    const response = await h.call(`/media/promotion-banner/${deposit}.svg`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toContain("image/svg+xml");
    const svg = await response.text();
    expect(svg).toContain('width="750" height="300" viewBox="0 0 750 300"');
    // The page writes the title beside the picture: the picture labels itself but draws no text (decision 039).
    expect(svg).toContain('aria-label="First Deposit Match"');
    expect(svg).not.toContain("<text");
    expect(await h.call(`/media/promotion-banner/${await promotionId("DAILY_RAFFLE")}.svg`).then((r) => r.text())).toContain(
      'width="750" height="375"',
    );
    expect((await h.call("/media/promotion-banner/999999.svg")).status).toBe(404);
  });
});

describe("applications", () => {
  let slots: number;
  let live: number;
  let applicationId: number;

  beforeAll(async () => {
    slots = await promotionId("SLOTS_BIG_WIN");
    live = await promotionId("LIVE_WIN_STREAK");
  });

  it("refuses a remark of 0 or 141 characters and bad pictures, storing nothing", async () => {
    const before = await count("SELECT count(*)::int AS n FROM promotion_applications");
    fail(await post("MCSFE_joinPromotion", { requestId: rid(), promotionId: slots }), "promotion.remark.length");
    fail(await post("MCSFE_joinPromotion", { requestId: rid(), promotionId: slots, remark: "" }), "promotion.remark.length");
    fail(await post("MCSFE_joinPromotion", { requestId: rid(), promotionId: slots, remark: "   \n " }), "promotion.remark.length");
    fail(await post("MCSFE_joinPromotion", { requestId: rid(), promotionId: slots, remark: "x".repeat(141) }), "promotion.remark.length");
    const remark = "Bet 88231: 120× on Sweet Bonanza";
    fail(
      await post("MCSFE_joinPromotion", { requestId: rid(), promotionId: slots, remark, images: [png("1"), png("2"), png("3"), png("4")] }),
      "upload.invalid",
    );
    fail(
      await post("MCSFE_joinPromotion", {
        requestId: rid(),
        promotionId: slots,
        remark,
        images: [`data:image/png;base64,${Buffer.from("GIF89a not a png").toString("base64")}`],
      }),
      "upload.invalid",
    );
    fail(await post("MCSFE_joinPromotion", { requestId: rid(), promotionId: slots, remark, images: [42] }), "upload.invalid");
    const huge = Buffer.alloc(5 * 1024 * 1024 + 1);
    PNG.copy(huge);
    fail(
      await post("MCSFE_joinPromotion", {
        requestId: rid(),
        promotionId: slots,
        remark,
        images: [`data:image/png;base64,${huge.toString("base64")}`],
      }),
      "upload.invalid",
    );
    expect(await count("SELECT count(*)::int AS n FROM promotion_applications")).toBe(before);
    expect((await promotionOf(slots)).status).toBe("JOIN");
  });

  it("applies with a remark of 140 characters and three pictures; a replay answers the first", async () => {
    const requestId = rid();
    const remark = `  ${"Bet 88231 won 120x. ".repeat(7).trim()}!  `;
    expect(remark.trim()).toHaveLength(140);
    const exact5mb = Buffer.alloc(5 * 1024 * 1024);
    PNG.copy(exact5mb);
    const images = [png("first"), `data:image/jpeg;base64,${JPEG.toString("base64")}`, exact5mb.toString("base64")];
    const body = { requestId, promotionId: slots, remark, images };
    const first = ok(await post("MCSFE_joinPromotion", body));
    expect(first).toEqual({ promotionId: slots, status: "APPLYING", applicationId: expect.any(Number) });
    applicationId = first.applicationId;
    expect(ok(await post("MCSFE_joinPromotion", body))).toEqual({ ...first, replayed: true });
    fail(await post("MCSFE_joinPromotion", { ...body, remark: "another remark" }), "idempotency.conflict");
    fail(await post("MCSFE_joinPromotion", { requestId: rid(), promotionId: slots, remark: "again" }), "promotion.not.available");
    expect(
      await count("SELECT count(*)::int AS n FROM promotion_applications WHERE member_id = $1 AND promotion_id = $2", [memberId, slots]),
    ).toBe(1);

    const shown = await promotionOf(slots);
    expect(shown).toMatchObject({ status: "APPLYING", canJoin: false, canClaim: false });
    expect(shown.application).toEqual({
      applicationId,
      remark: remark.trim(),
      images: [1, 2, 3].map((n) => `/media/promotion-application/${applicationId}/${n}`),
      time: h.clock.now.getTime(),
      reason: "",
    });
  });

  it("applies with no picture and a one-character remark", async () => {
    const answer = ok(
      await post("MCSFE_joinPromotion", { requestId: rid(), promotionId: live, remark: "5", images: [] }, { token: vipToken }),
    );
    expect(answer.status).toBe("APPLYING");
    expect((await promotionOf(live, { token: vipToken })).application.images).toEqual([]);
    // A promotion without the form ignores remark and pictures.
    const tournament = await promotionId("SLOT_TOURNAMENT");
    expect(
      ok(
        await post("MCSFE_joinPromotion", { requestId: rid(), promotionId: tournament, remark: "", images: ["junk"] }, { token: vipToken }),
      ),
    ).toEqual({
      promotionId: tournament,
      status: "JOINED",
    });
  });

  it("serves the pictures to their owner only", async () => {
    const path = `/media/promotion-application/${applicationId}/1`;
    const mine = await h.call(path, { token });
    expect(mine.status).toBe(200);
    expect(mine.headers.get("Content-Type")).toBe("image/png");
    expect(mine.headers.get("Cache-Control")).toBe("private, no-store");
    expect(Buffer.from(await mine.arrayBuffer()).equals(Buffer.concat([PNG, Buffer.from("first")]))).toBe(true);
    expect((await h.call(`/media/promotion-application/${applicationId}/2`, { token })).headers.get("Content-Type")).toBe("image/jpeg");
    expect((await h.call(`/media/promotion-application/${applicationId}/3`, { token })).status).toBe(200);
    expect((await h.call(`/media/promotion-application/${applicationId}/4`, { token })).status).toBe(404);
    expect((await h.call(path, { token: vipToken })).status).toBe(404);
    expect((await h.call(path)).status).toBe(404);
    expect((await h.call(path, { token: "not-a-token" })).status).toBe(404);
    expect((await h.call(path, { token, merchant: null })).status).toBe(404);
  });

  it("lists applications for the operator", async () => {
    const open = await listPromotionApplications(h.db, "demo", true);
    expect(open.every((a) => a.status === "APPLYING")).toBe(true);
    expect(open.find((a) => a.id === applicationId)).toMatchObject({
      member: "demo_member",
      promotion: "SLOTS_BIG_WIN",
      images: 3,
      status: "APPLYING",
    });
    const all = await listPromotionApplications(h.db, "demo", false);
    expect(all.find((a) => a.promotion === "CRICKET_SPECIAL")).toMatchObject({ status: "REJECTED", reason: expect.any(String) });
  });

  it("approve → ISSUED → the member's claim credits once, in bonus details and the account record", async () => {
    const messages = await count("SELECT count(*)::int AS n FROM member_messages WHERE member_id = $1 AND kind = 'PROMOTION'", [memberId]);
    const approved = await reviewPromotionApplication(h.db, "demo", applicationId, "approve", undefined, h.clock.now);
    expect(approved).toMatchObject({ id: applicationId, status: "ISSUED", amount: 0 });
    expect(await count("SELECT count(*)::int AS n FROM member_messages WHERE member_id = $1 AND kind = 'PROMOTION'", [memberId])).toBe(
      messages + 1,
    );
    expect(await reviewPromotionApplication(h.db, "demo", applicationId, "issue", undefined, h.clock.now).catch((e) => e)).toBeInstanceOf(
      OperatorError,
    );
    expect(await reviewPromotionApplication(h.db, "demo", applicationId, "approve", undefined, h.clock.now).catch((e) => e)).toBeInstanceOf(
      OperatorError,
    );
    expect(await promotionOf(slots)).toMatchObject({ status: "ISSUED", canClaim: true });

    const before = await mainBalance(memberId);
    const requestId = rid();
    const claimed = ok(await post("MCSFE_claimIssuedPromotion", { requestId, promotionId: slots }));
    expect(claimed).toEqual({ promotionId: slots, status: "CLAIMED", amount: 500, balance: (before + 500_00) / 100 });
    expect(ok(await post("MCSFE_claimIssuedPromotion", { requestId, promotionId: slots }))).toEqual({ ...claimed, replayed: true });
    fail(await post("MCSFE_claimIssuedPromotion", { requestId: rid(), promotionId: slots }), "promotion.not.claimable");
    expect(await mainBalance(memberId)).toBe(before + 500_00);
    expect(
      await count("SELECT count(*)::int AS n FROM ledger_transactions WHERE idempotency_key = $1", [
        `promotion.application:${applicationId}`,
      ]),
    ).toBe(1);
    expect((await listPromotionApplications(h.db, "demo", false)).find((a) => a.id === applicationId)!.status).toBe("CLAIMED");
    expect(await promotionOf(slots)).toMatchObject({ status: "CLAIMED", canClaim: false });

    const bonuses = ok(await relay("MCSFE_getBonusDetails", "bonusType=PROMOTION"));
    expect(bonuses.list[0]).toMatchObject({ bonusType: "PROMOTION", title: "Slots Big Win Bonus", amount: 500 });
    const record = ok(await relay("ODSFE2_MemTransDet", "txType=PROMOTION"));
    expect(record.list[0]).toMatchObject({ txType: "PROMOTION", amount: 500, balanceAfter: (before + 500_00) / 100 });
  });

  it("issue credits the bonus at once, exactly once (twice in a row)", async () => {
    // demo_vip applied to LIVE_WIN_STREAK above.
    const id = (await listPromotionApplications(h.db, "demo", true)).find(
      (a) => a.member === "demo_vip" && a.promotion === "LIVE_WIN_STREAK",
    )!.id;
    const before = await mainBalance(vipId);
    const issued = await reviewPromotionApplication(h.db, "demo", id, "issue", undefined, h.clock.now);
    expect(issued).toMatchObject({ id, status: "CLAIMED", amount: 300, ledgerTx: expect.any(Number) });
    await expect(reviewPromotionApplication(h.db, "demo", id, "issue", undefined, h.clock.now)).rejects.toBeInstanceOf(OperatorError);
    await expect(reviewPromotionApplication(h.db, "demo", id, "reject", "too late", h.clock.now)).rejects.toBeInstanceOf(OperatorError);
    expect(await mainBalance(vipId)).toBe(before + 300_00);
    expect(await promotionOf(live, { token: vipToken })).toMatchObject({ status: "CLAIMED", canClaim: false });
    fail(await post("MCSFE_claimIssuedPromotion", { requestId: rid(), promotionId: live }, { token: vipToken }), "promotion.not.claimable");
    expect(await mainBalance(vipId)).toBe(before + 300_00);
    const inbox = await h.db.query<{ title: Record<string, string>; content: Record<string, string> }>(
      "SELECT title, content FROM member_messages WHERE member_id = $1 AND kind = 'PROMOTION' ORDER BY id DESC LIMIT 1",
      [vipId],
    );
    expect(inbox[0]!.title.EN).toBe("Promotion bonus credited");
    expect(inbox[0]!.content.EN).toContain("Live Casino Win Streak");
    expect(inbox[0]!.content.BN).toContain("লাইভ ক্যাসিনো জয়ের ধারা");
  });

  it("issue credits once when several arrive together", async () => {
    // demo_member's seeded application to DEPOSIT_MATCH (bonus 200).
    const id = (await listPromotionApplications(h.db, "demo", true)).find(
      (a) => a.member === "demo_member" && a.promotion === "DEPOSIT_MATCH",
    )!.id;
    const before = await mainBalance(memberId);
    const results = await Promise.allSettled(
      [1, 2, 3, 4].map(() => reviewPromotionApplication(h.db, "demo", id, "issue", undefined, h.clock.now)),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    for (const r of results) if (r.status === "rejected") expect(r.reason).toBeInstanceOf(OperatorError);
    expect(await mainBalance(memberId)).toBe(before + 200_00);
    expect(
      await count("SELECT count(*)::int AS n FROM ledger_transactions WHERE idempotency_key = $1", [`promotion.application:${id}`]),
    ).toBe(1);
  });

  it("rejects with a reason the member sees; a decided application stays decided", async () => {
    const answer = ok(await post("MCSFE_joinPromotion", { requestId: rid(), promotionId: live, remark: "Rounds 1-5 on table 7" }));
    await expect(reviewPromotionApplication(h.db, "demo", answer.applicationId, "reject", "  ", h.clock.now)).rejects.toBeInstanceOf(
      OperatorError,
    );
    await expect(
      reviewPromotionApplication(h.db, "demo", answer.applicationId, "reject", "x".repeat(201), h.clock.now),
    ).rejects.toBeInstanceOf(OperatorError);
    const rejected = await reviewPromotionApplication(
      h.db,
      "demo",
      answer.applicationId,
      "reject",
      "The round IDs could not be found.",
      h.clock.now,
    );
    expect(rejected).toMatchObject({ status: "REJECTED" });
    expect(await promotionOf(live)).toMatchObject({
      status: "REJECTED",
      canJoin: false,
      application: { applicationId: answer.applicationId, reason: "The round IDs could not be found." },
    });
    for (const action of ["approve", "issue", "reject"] as const) {
      await expect(reviewPromotionApplication(h.db, "demo", answer.applicationId, action, "again", h.clock.now)).rejects.toBeInstanceOf(
        OperatorError,
      );
    }
    await expect(reviewPromotionApplication(h.db, "demo", 999_999, "approve", undefined, h.clock.now)).rejects.toBeInstanceOf(
      OperatorError,
    );
    const message = await h.db.query<{ content: Record<string, string> }>(
      "SELECT content FROM member_messages WHERE member_id = $1 AND kind = 'PROMOTION' ORDER BY id DESC LIMIT 1",
      [memberId],
    );
    expect(message[0]!.content.EN).toContain("The round IDs could not be found.");
  });

  it("parses the operator's command lines", () => {
    expect(parsePromotionsCommand("applications", [])).toMatchObject({ path: "applications", method: "GET", query: {} });
    expect(parsePromotionsCommand("applications", ["open"])).toMatchObject({ query: { open: "1" } });
    expect(parsePromotionsCommand("application", ["12", "approve"])).toMatchObject({
      path: "application",
      method: "POST",
      body: { id: 12, action: "approve" },
    });
    expect(parsePromotionsCommand("application", ["12", "issue"])).toMatchObject({ body: { id: 12, action: "issue" } });
    expect(parsePromotionsCommand("application", ["12", "reject", "No", "bet", "ID"])).toMatchObject({
      body: { id: 12, action: "reject", reason: "No bet ID" },
    });
    expect(() => parsePromotionsCommand("application", ["12", "reject"])).toThrow(OperatorError);
    expect(() => parsePromotionsCommand("application", ["x", "approve"])).toThrow(OperatorError);
    expect(() => parsePromotionsCommand("application", ["12", "pay"])).toThrow(OperatorError);
    expect(() => parsePromotionsCommand("applications", ["all"])).toThrow(OperatorError);
  });
});

describe("VIP ladder", () => {
  it("lists the ranks without a token", async () => {
    const { list } = ok(await h.json("/wps/relay/MCSFE_getVipLevels"));
    expect(list).toHaveLength(6);
    expect(list.map((r: { rankName: string }) => r.rankName)).toEqual(["Bronze", "Silver", "Gold", "Platinum", "Diamond", "Royal"]);
    expect(list.map((r: { benefits: { rebateBonus: number } }) => r.benefits.rebateBonus)).toEqual([0, 0.05, 0.1, 0.15, 0.2, 0.3]);
    expect(list[2]).toEqual({
      rankLevel: 3,
      rankName: "Gold",
      monthlyTurnover: 20_000,
      benefits: {
        rebateBonus: 0.1,
        dailyWithdrawalLimit: 100_000,
        dailyWithdrawalTimes: 8,
        birthdayBonus: 300,
        upgradeBonus: 200,
        vipService: false,
      },
    });
    expect(list.map((r: { benefits: { vipService: boolean } }) => r.benefits.vipService)).toEqual([false, false, false, false, true, true]);
    // Bronze and Silver rows raise nothing: the merchant's limits (withdrawDailyAmount 50,000, 5 times) show.
    expect(list[1].benefits).toMatchObject({ dailyWithdrawalLimit: 50_000, dailyWithdrawalTimes: 5, birthdayBonus: 100, upgradeBonus: 50 });
    for (let i = 1; i < list.length; i++) {
      expect(list[i].monthlyTurnover).toBeGreaterThan(list[i - 1].monthlyTurnover);
      expect(list[i].benefits.dailyWithdrawalLimit).toBeGreaterThanOrEqual(list[i - 1].benefits.dailyWithdrawalLimit);
    }
    expect(ok(await h.json("/wps/relay/MCSFE_getVipLevels", { language: "BN" })).list[4].rankName).toBe("ডায়মন্ড");
  });

  it("reads the rank progress from vip_ranks", async () => {
    await h.db.query(
      "UPDATE vip_ranks SET monthly_turnover = 1234500, name = name || '{\"EN\": \"Gold Star\"}'::jsonb WHERE merchant = 'demo' AND level = 3",
    );
    try {
      expect(ok(await relay("MCSFE_getPlayerRankProgress"))).toMatchObject({
        playerRankName: "Silver",
        rankLevel: 2,
        nextRankName: "Gold Star",
        nextRankLevel: 3,
        monthlyTurnover: { expected: 12_345 },
      });
    } finally {
      await h.db.query(
        "UPDATE vip_ranks SET monthly_turnover = 2000000, name = name || '{\"EN\": \"Gold\"}'::jsonb WHERE merchant = 'demo' AND level = 3",
      );
    }
  });

  it("adds the rank's rebate bonus to every cashback rate", async () => {
    const rate = async (init: CallInit = {}) =>
      ok(await relay("MCSFE_getManualRebate", "", init)).list.find((l: { gameType: string }) => l.gameType === "RNG").rate;
    expect(await rate()).toBe(0.85); // Silver: 0.8 + 0.05
    expect(await rate({ token: vipToken })).toBe(1); // Diamond: 0.8 + 0.2
    await h.db.query("UPDATE vip_ranks SET rebate_bonus = 0.5 WHERE merchant = 'demo' AND level = 2");
    try {
      const rebate = ok(await relay("MCSFE_getManualRebate"));
      expect(rebate.list.find((l: { gameType: string }) => l.gameType === "LIVE").rate).toBe(1);
      for (const line of rebate.list)
        expect(line.amount).toBe(Math.floor((Math.round(line.validBet * 100) * Math.round(line.rate * 1000)) / 100_000) / 100);
    } finally {
      await h.db.query("UPDATE vip_ranks SET rebate_bonus = 0.05 WHERE merchant = 'demo' AND level = 2");
    }
  });

  it("raises the daily withdrawal limits with the rank", async () => {
    const info = async (t: string) => ok(await relay("MCSFE_getWithdrawAccountInfo", "", { token: t }));
    expect(await info(token)).toMatchObject({ remainingWithdrawAmount: 50_000, remainingTransactionTimes: 5 });
    expect(await info(vipToken)).toMatchObject({ remainingWithdrawAmount: 500_000, remainingTransactionTimes: 15 });
    expect(ok(await relay("MCSFE_getWithdrawSettings", "", { token: vipToken }))).toMatchObject({
      dailyMaximumAmount: 500_000,
      dailyMaximumTimes: 15,
    });
    // The merchant's setting wins where it is the larger one.
    await h.db.query(
      "UPDATE vip_ranks SET daily_withdrawal_limit = 100000, daily_withdrawal_times = 1 WHERE merchant = 'demo' AND level = 5",
    );
    try {
      expect(await info(vipToken)).toMatchObject({ remainingWithdrawAmount: 50_000, remainingTransactionTimes: 5 });
    } finally {
      await h.db.query(
        "UPDATE vip_ranks SET daily_withdrawal_limit = 50000000, daily_withdrawal_times = 15 WHERE merchant = 'demo' AND level = 5",
      );
    }
  });
});

describe("customer-service link", () => {
  it("answers the seeded links, each DES-encrypted with its key at the end, without a token", async () => {
    const response = await h.call("/wps/system/serviceLink");
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    const body = (await response.json()) as Envelope;
    expect(body.success).toBe(true);
    const list = body.value.version.pathList as { type: number; path: string }[];
    expect(list.map((l) => l.type)).toEqual([1, 2, 3]);
    const urls = list.map((l) => desDecrypt(l.path.slice(0, -8), l.path.slice(-8)));
    expect(urls).toEqual([
      "https://chat.example.com/vip?merchant=demo",
      "https://t.me/demo_support",
      "https://chat.example.com/livechat?merchant=demo",
    ]);
  });
});
