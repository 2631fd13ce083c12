import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { clearGatewayCache } from "~/gateway/cache.server";
import { createGateway, GatewayError } from "~/gateway/index.server";
import { setTransport } from "~/gateway/transport.server";

// Decision 038: each read schema fed the contract's other readings of the facts it marks M or L
// (and the shapes our own decisions guessed): the reading we guessed and the other parse alike.

/** A stand-in platform answering `value` on every call whose path ends with `path`. */
function answering(routes: Record<string, unknown>) {
  setTransport({
    name: "in-process",
    async send(request) {
      const path = new URL(request.url).pathname;
      const hit = Object.entries(routes).find(([suffix]) => path.endsWith(suffix));
      if (!hit) return Response.json({ success: false, errorCode: "not.found", message: path }, { status: 404 });
      return Response.json({ success: true, value: hit[1] });
    },
  });
}
const gateway = createGateway({ merchant: "demo", language: "EN", token: "tok", userAgent: "vitest tolerant reader" });
const range = { pageNo: 1, pageSize: 20, dateFrom: "2026-11-01", dateTo: "2026-11-30" };

beforeEach(() => clearGatewayCache());
afterEach(() => setTransport(undefined));

describe("records", () => {
  it("reads bets without betId, figures as strings, under records with totalCount and totalPage", async () => {
    answering({
      MCSFE_getBetRecords: {
        records: [
          { gameName: "Aviator", gameType: "RNG", vendor: "SPRIBE", stake: "5.00", win: "7.50", time: "1764633600000" },
          { gameName: "Baccarat", gameType: "LIVE", vendor: "EVO", stake: 10, win: null, time: "2026-11-30 10:00:00" },
        ],
        totalCount: "2",
        totalPage: "1",
        summary: { stake: "15.00", win: "7.50" },
      },
    });
    const page = await gateway.records.bets(range);
    expect(page.list.map((b) => [b.gameName, b.stake, b.win, b.betId ?? null])).toEqual([
      ["Aviator", 5, 7.5, null],
      ["Baccarat", 10, 0, null],
    ]);
    expect(page.list[0]!.time).toBe(1764633600000);
    expect(page).toMatchObject({ total: 2, totalPages: 1, summary: { stake: 15, win: 7.5 } });
  });

  it("leaves out a row it cannot read instead of failing the list", async () => {
    answering({
      MCSFE_getBetRecords: {
        list: [
          { gameName: "Aviator", stake: 5, win: 0 },
          { gameName: "Broken", stake: "lots" },
        ],
      },
    });
    expect((await gateway.records.bets(range)).list.map((b) => b.gameName)).toEqual(["Aviator"]);
  });

  it("still refuses an answer that is no reading of a list (a bare string), rather than showing none", async () => {
    answering({ MCSFE_getBetRecords: "<html>maintenance</html>", MCS2_getAffiliateLinks: true });
    expect(await gateway.records.bets(range).catch((e: unknown) => e)).toBeInstanceOf(GatewayError);
    expect(await gateway.agent.affiliateLinks().catch((e: unknown) => e)).toBeInstanceOf(GatewayError);
  });

  it("reads transactions as a bare list without ids, with grouped thousands", async () => {
    answering({ ODSFE2_MemTransDet: [{ txType: "DEPOSIT", amount: "1,250.00", balanceAfter: "6,250.00" }] });
    const page = await gateway.records.transactions(range);
    expect(page.list).toMatchObject([{ txType: "DEPOSIT", amount: 1250, balanceAfter: 6250 }]);
    expect(page).toMatchObject({ total: 1, totalPages: 1 });
  });

  it("reads missions, the leaderboard, the rebate and the profit under rows or bare", async () => {
    answering({
      MCSFE_getMissionSummaryDetails: [{ missionId: 7, title: "Bet 10", target: "10", progress: "3", reward: "1.50", status: "ONGOING" }],
      MCSFE_getMissionLeaderboard: { rows: [{ rank: "1", customerName: "ab***", turnover: "900", isMe: "Y" }] },
      MCSFE_getManualRebate: { rows: [{ gameType: "RNG", validBet: "100", rate: "0.5", amount: "0.50" }], totalAmount: "0.50" },
      MCSFE_getPersonalProfit: [{ gameType: "RNG", validBet: "100", win: "80", profit: "-20" }],
    });
    expect((await gateway.records.missions()).list).toMatchObject([{ missionId: "7", target: 10, progress: 3, reward: 1.5 }]);
    expect((await gateway.records.leaderboard()).list).toMatchObject([{ rank: 1, turnover: 900, isMe: true }]);
    expect(await gateway.records.rebate()).toMatchObject({ list: [{ amount: 0.5 }], totalAmount: 0.5 });
    expect((await gateway.records.profit({ dateFrom: "", dateTo: "" })).list).toMatchObject([{ profit: -20 }]);
  });

  it("reads the referral code given bare", async () => {
    answering({ MCSFE_getReferralDetails: "ABC123" });
    expect(await gateway.records.referral()).toMatchObject({ referralCode: "ABC123" });
  });
});

describe("player, profile and accounts reads", () => {
  it("reads the responsible-gaming limits leaving out one of a type we do not know", async () => {
    answering({
      MCSFE_getResponsibleGaming: {
        limits: [
          { type: "DEPOSIT", period: "DAY", amount: "500" },
          { type: "WAGER", period: "DAY", amount: 100 },
        ],
        realityCheckMinutes: "30",
      },
    });
    expect(await gateway.player.responsibleGaming()).toMatchObject({ limits: [{ type: "DEPOSIT", amount: 500 }], realityCheckMinutes: 30 });
  });

  it("reads the security centre's flags as Y/N and the avatars as a bare list, countries under list", async () => {
    answering({
      MCSFE_getSecurityInfo: { nickname: "Ann", mobileBound: "Y", emailBound: 0, hasWithdrawalPassword: "true" },
      MCSFE_getPlayerAvatar: [{ avatar: 1, url: "/media/a1.png" }],
      "/wps/system/country": { list: [{ countryCode: "BD", countryDialingCode: 880 }] },
    });
    expect(await gateway.profile.securityInfo()).toMatchObject({ mobileBound: true, emailBound: false, hasWithdrawalPassword: true });
    expect(await gateway.profile.avatars()).toMatchObject({ list: [{ avatar: "1" }] });
    expect(await gateway.accounts.countries()).toMatchObject([{ countryCode: "BD", countryDialingCode: "880" }]);
  });
});

describe("rewards and points", () => {
  it("reads a bare number (or a string of one) as the point balance", async () => {
    answering({ MCSFE_getPointBalance: 1234 });
    expect(await gateway.rewards.pointBalance()).toMatchObject({ balance: 1234, totalEarned: 0, totalSpent: 0 });
    answering({ MCSFE_getPointBalance: "99.5" });
    expect((await gateway.rewards.pointBalance()).balance).toBe(99.5);
  });

  it("still refuses a balance it cannot read", async () => {
    answering({ MCSFE_getPointBalance: { balance: "lots" } });
    expect(await gateway.rewards.pointBalance().catch((e: unknown) => e)).toBeInstanceOf(GatewayError);
  });

  it('reads promotions as a bare list with flags as 1/"Y" and ids as numbers', async () => {
    answering({
      MCSFE_getAvailablePromotions: [
        { promotionId: 12, title: "Welcome", status: "JOIN", canJoin: 1, canClaim: "N", noExpiry: "Y", bonusAmount: "100" },
      ],
    });
    const { list, categories } = await gateway.rewards.promotions();
    expect(list).toMatchObject([{ promotionId: "12", canJoin: true, canClaim: false, noExpiry: true, bonusAmount: 100 }]);
    expect(categories).toEqual([]);
  });

  it("reads point rewards, conversions and the redeem history under other list names", async () => {
    answering({
      MCSFE_getPointReward: { rows: [{ rewardId: 1, name: "Cash 10", pointsRequired: "1000", amount: "10" }] },
      MCSFE_getPointRewardConversionType: [{ conversionType: "CASH", pointsRatio: "100" }],
      MCSFE_getRedeemPointList: { records: [{ name: "Cash 10", status: "APPROVED", pointsRequired: 1000 }], totalCount: 1 },
      MCSFE_getVipLevels: [{ rankLevel: "1", rankName: "Bronze", monthlyTurnover: "0", benefits: "none" }],
    });
    expect(await gateway.rewards.pointRewards()).toMatchObject([{ rewardId: "1", pointsRequired: 1000, amount: 10 }]);
    expect(await gateway.rewards.conversionTypes()).toMatchObject([{ conversionType: "CASH", pointsRatio: 100 }]);
    expect((await gateway.rewards.redemptions(1, 10)).list).toMatchObject([{ status: "APPROVED", pointsRequired: 1000 }]);
    expect(await gateway.rewards.vipLevels()).toMatchObject([{ rankLevel: 1, rankName: "Bronze", benefits: null }]);
  });
});

describe("wallet", () => {
  it("reads the older generation's balances[{accountName, availBalance}] and sums them", async () => {
    answering({
      "/wps/v2/wallets/balance": {
        balances: [
          { accountTypeId: 2, accountName: "Main", availBalance: "100.50" },
          { accountTypeId: "5", accountName: "JILI", availBalance: 20 },
        ],
      },
    });
    const b = await gateway.wallet.balance();
    expect(b.sumBalance).toBe(120.5);
    expect(b.balance).toMatchObject([
      { accountTypeId: 2, displayName: "Main", availBalance: 100.5 },
      { accountTypeId: 5, availBalance: 20 },
    ]);
  });

  it("reads a bare number as the total", async () => {
    answering({ "/wps/v2/wallets/balance": "5000.00" });
    expect(await gateway.wallet.balance()).toMatchObject({ sumBalance: 5000, balance: [] });
  });
});

describe("cashier reads", () => {
  it("reads deposit methods and channels under list, a channel without submitType", async () => {
    answering({
      MCSFE_getDepositMethods: { list: [{ methodCode: "MT", methodName: "Bank transfer" }] },
      MCSFE_getDepositPaymentChannels: { list: [{ channelId: 3, methodCode: "MT", minAmount: "100", maxAmount: "50,000" }] },
    });
    expect(await gateway.cashier.depositMethods()).toMatchObject([{ methodCode: "MT" }]);
    expect(await gateway.cashier.depositChannels("MT")).toMatchObject([{ channelId: "3", minAmount: 100, maxAmount: 50000 }]);
  });

  it("reads the unread count wrapped, the withdraw password flag as Y, and the reports under rows", async () => {
    answering({
      CSP_unreadCount: { count: "3" },
      "/wps/member/hasWithdrawalPassword": "Y",
      MCSFE_getWithdrawTransactionReport: { rows: [{ withdrawalId: 9, amount: "500", status: "PENDING" }], pageNum: 2 },
      MCSFE_getBanks: { list: [{ bankCode: "BRAC", bankName: "BRAC Bank" }] },
    });
    expect(await gateway.cashier.unreadCount({ fresh: true })).toBe(3);
    expect(await gateway.cashier.hasWithdrawPassword()).toBe(true);
    expect(await gateway.cashier.withdrawReport({ ...range })).toMatchObject({ list: [{ withdrawalId: "9", amount: 500 }], pageNo: 2 });
    expect(await gateway.cashier.banks()).toMatchObject([{ bankCode: "BRAC" }]);
  });

  it("still refuses a withdraw password answer that says neither yes nor no", async () => {
    answering({ "/wps/member/hasWithdrawalPassword": { something: "else" } });
    expect(await gateway.cashier.hasWithdrawPassword().catch((e: unknown) => e)).toBeInstanceOf(GatewayError);
    answering({ "/wps/member/hasWithdrawalPassword": "maybe" });
    expect(await gateway.cashier.hasWithdrawPassword().catch((e: unknown) => e)).toBeInstanceOf(GatewayError);
    answering({ "/wps/member/hasWithdrawalPassword": "N" });
    expect(await gateway.cashier.hasWithdrawPassword()).toBe(false);
  });
});

describe("agent reads", () => {
  it("reads team bets without betId, affiliate links bare and contracts under records", async () => {
    answering({
      ODSFE2_getTeamBetRecords: {
        rows: [{ account: "m1", gameName: "Aviator", stake: "5", win: "0" }],
        summary: { count: "1", stake: "5", win: "0", profit: "-5" },
      },
      MCS2_getAffiliateLinks: [{ code: "AFF1", accountType: "1", registrations: "4" }],
      MCS2_processDividendReq: {
        records: [{ contractId: 5, contractType: "DIVIDEND", status: "ACTIVE", terms: { rate: "30" } }],
        pending: "1",
      },
    });
    const bets = await gateway.agent.teamBets({ ...range });
    expect(bets.list).toMatchObject([{ account: "m1", stake: 5 }]);
    expect(bets.summary).toMatchObject({ count: 1, profit: -5 });
    expect(await gateway.agent.affiliateLinks()).toMatchObject([{ code: "AFF1", accountType: 1, registrations: 4 }]);
    expect(await gateway.agent.contracts("DIVIDEND", { pageNo: 1, pageSize: 10 })).toMatchObject({
      list: [{ contractId: "5", terms: { rate: 30 } }],
      pending: 1,
    });
  });

  it("reads income and team transactions without ids", async () => {
    answering({
      ODSFE2_getAgentIncome: [{ incomeType: "DIVIDEND", amount: "12.5" }],
      ODSFE2_getTeamTransactions: { list: [{ account: "m1", txType: 1, amount: "-20" }] },
    });
    expect((await gateway.agent.income({ ...range })).list).toMatchObject([{ incomeType: "DIVIDEND", amount: 12.5 }]);
    expect((await gateway.agent.teamTransactions({ ...range })).list).toMatchObject([{ txType: "1", amount: -20 }]);
  });
});

describe("content and games", () => {
  it("reads the help centre under list and the feedback list under rows", async () => {
    answering({
      "/wps/system/helpCenter": { list: [{ id: 1, title: "Deposit", tag: "deposit", display: "1", children: [{ id: 2, title: "How" }] }] },
      MCSFE_getFeedbackList: { rows: [{ feedbackId: 4, content: "hi", time: "1764633600000" }], totalPage: 3 },
    });
    expect(await gateway.content.helpCenter("WEB")).toMatchObject([{ id: "1", children: [{ id: "2" }] }]);
    expect(await gateway.content.feedbackList(1, 10)).toMatchObject({ list: [{ feedbackId: "4", time: 1764633600000 }], totalPages: 3 });
  });

  it("reads announcements whose times are strings, leaving out a banner without its picture", async () => {
    answering({
      MCSFE_getListAnnouncements: {
        banners: [
          { bannerId: 1, url: "/media/b1.png" },
          { bannerId: 2, title: "no picture" },
        ],
        player: [{ id: 3, content: "Welcome", time: "1764633600000" }],
        popup: { list: [{ id: 4, title: "Notice", time: "2026-12-01 10:00" }] },
      },
    });
    const a = await gateway.content.announcements();
    expect(a.banners.map((b) => b.bannerId)).toEqual([1]);
    expect(a.player).toMatchObject([{ id: 3, time: 1764633600000 }]);
    expect(a.popup).toMatchObject([{ id: 4, title: "Notice" }]);
  });

  it("reads winners without the vo wrapper, hot games as a bare list, a game page under rows", async () => {
    answering({
      GCSGAME_getRankList: { list: [{ gameName: "Aviator", customerName: "ab***", winAmount: "120.5" }] },
      GCSGAME_hotGamesV2: [{ nodeId: 1, gameName: "Aviator", vassalage: "SPRIBE" }],
      GCSGAME_gameList: { rows: [{ nodeId: 2, gameName: "Mines", vassalage: "SPRIBE" }, { nodeId: { bad: true } }], totalCount: "1" },
    });
    expect(await gateway.games.winners(5)).toMatchObject([{ gameName: "Aviator", winAmount: 120.5 }]);
    expect((await gateway.games.hotGames()).map((g) => g.name)).toEqual(["Aviator"]);
    expect(await gateway.games.gameList({ page: 1, pageSize: 20 })).toMatchObject({ games: [{ name: "Mines" }], totalCount: 1 });
  });
});
