import { z } from "zod";
import { call, callOnce, type GatewayContext, memberRelay } from "./client.server";
import { amount, bareOr, id, maybeMoney, money, pageOf, rowsOf, text, time, wrapList, yes } from "./wire.server";

// Records and rewards of decision 017: account and betting records, profit and loss, bonuses,
// cashback, the reward centre, invite friends, player rank and missions.

// Read tolerantly (decision 038): the record shapes are ours (L), so each fact takes its other readings.
const page = pageOf;

export type Range = { pageNo: number; pageSize: number; dateFrom: string; dateTo: string };

const transaction = z
  .object({
    id: id.nullish(),
    txType: text,
    txTypeName: text,
    amount: money,
    balanceAfter: maybeMoney,
    walletName: text,
    time,
    remark: text,
  })
  .passthrough();
const bet = z
  .object({ betId: id.nullish(), gameName: text, gameType: text, vendor: text, stake: money, win: amount, profit: maybeMoney, time })
  .passthrough();
const betSummary = z.object({ stake: maybeMoney, win: maybeMoney, profit: maybeMoney, count: maybeMoney }).passthrough();
const profitRow = z
  .object({ gameType: text, gameTypeName: text, validBet: amount, win: amount, profit: amount, count: maybeMoney })
  .passthrough();
const bonus = z.object({ id: id.nullish(), bonusType: text, bonusTypeName: text, title: text, amount: money, time }).passthrough();
const rebateRow = z.object({ gameType: text, gameTypeName: text, validBet: amount, rate: amount, amount: amount }).passthrough();
const mission = z
  .object({
    missionId: id,
    title: text,
    description: text,
    metric: text,
    period: text,
    target: amount,
    progress: amount,
    reward: amount,
    status: z.string(),
    endTime: time,
  })
  .passthrough();

export type Transaction = z.infer<typeof transaction>;
export type BetRecord = z.infer<typeof bet>;
export type Mission = z.infer<typeof mission>;

export function recordsApi(ctx: GatewayContext) {
  const { get, post } = memberRelay(ctx);
  return {
    transactions: (r: Range & { txType?: string }) => get("ODSFE2_MemTransDet", r, page(transaction, z.unknown()), "MEMTRANS3"),
    txTypes: () =>
      get(
        "GLS2_TxCodeList",
        { txType: "ALL" },
        z.object({ list: rowsOf(z.object({ txTypeId: maybeMoney, txType: z.string(), txTypeName: text }).passthrough()) }),
        "MEMTRANS3",
      ),
    bets: (r: Range & { gameType?: string }) => get("MCSFE_getBetRecords", r, page(bet, betSummary)),
    profit: (r: Pick<Range, "dateFrom" | "dateTo">) =>
      get(
        "MCSFE_getPersonalProfit",
        r,
        z.preprocess(wrapList, z.object({ list: rowsOf(profitRow), total: profitRow.partial().nullish().catch(null) }).passthrough()),
      ),
    bonuses: (r: Range) => get("MCSFE_getBonusDetails", r, page(bonus, z.object({ amount: money.nullish() }).passthrough()), "REWCEN3"),
    rebate: () =>
      get(
        "MCSFE_getManualRebate",
        {},
        z.preprocess(
          wrapList,
          z
            .object({ list: rowsOf(rebateRow), totalValidBet: maybeMoney, totalAmount: amount, minClaim: maybeMoney, lastClaimTime: time })
            .passthrough(),
        ),
        "MANPLAYREB3",
      ),
    claimRebate: (requestId: string) =>
      post("MCSFE_claimManualRebate", { requestId }, z.object({ amount: money }).passthrough(), "MANPLAYREB3"),
    joinPromotion: (requestId: string, promotionId: string) =>
      post("MCSFE_joinPromotion", { requestId, promotionId: Number(promotionId) || promotionId }, z.unknown(), "REWCEN3"),
    claimPromotion: (requestId: string, promotionId: string) =>
      post(
        "MCSFE_claimIssuedPromotion",
        { requestId, promotionId: Number(promotionId) || promotionId },
        z.object({ amount: money.nullish() }).passthrough(),
        "REWCEN3",
      ),
    claimRaffle: (requestId: string) =>
      post("MCSFE_claimRafflePromotion", { requestId }, z.object({ prize: money }).passthrough(), "REWCEN3"),
    referral: () =>
      get(
        "MCSFE_getReferralDetails",
        { autoGenerate: "true" },
        bareOr("referralCode", z.object({ referralCode: text, referralLink: text, totalInvitations: maybeMoney }).passthrough()),
        "REFERRAL3",
      ),
    rank: () =>
      get(
        "MCSFE_getPlayerRankProgress",
        {},
        z
          .object({
            playerRankName: text,
            rankLevel: maybeMoney,
            nextRankName: text,
            nextRankLevel: maybeMoney,
            monthlyTurnover: z.object({ actual: amount, expected: amount }).passthrough().nullish().catch(null),
            progress: maybeMoney,
          })
          .passthrough(),
      ),
    missions: () =>
      get(
        "MCSFE_getMissionSummaryDetails",
        {},
        z.preprocess(wrapList, z.object({ list: rowsOf(mission), count: maybeMoney }).passthrough()),
        "MISSIONLB3",
      ),
    leaderboard: (limit = 10) =>
      get(
        "MCSFE_getMissionLeaderboard",
        { limit },
        z.preprocess(
          wrapList,
          z
            .object({
              list: rowsOf(z.object({ rank: money, customerName: text, turnover: amount, isMe: yes }).passthrough()),
              myRank: maybeMoney,
              myTurnover: maybeMoney,
            })
            .passthrough(),
        ),
        "MISSIONLB3",
      ),
    claimMission: (requestId: string, missionId: string) =>
      post(
        "MCSFE_claimMission",
        { requestId, missionId: Number(missionId) || missionId },
        z.object({ amount: money.nullish() }).passthrough(),
        "MISSIONLB3",
      ),
  };
}

// ---- Responsible gaming and the security centre (decision 018). ----

const limit = z
  .object({
    type: z.enum(["DEPOSIT", "LOSS", "SESSION"]),
    period: z.enum(["DAY", "WEEK", "MONTH"]),
    amount: money.nullish(),
    pendingAmount: money.nullish(),
    pendingFrom: time,
    used: money.nullish(),
    remaining: money.nullish(),
  })
  .passthrough();
export type Limit = z.infer<typeof limit>;

export function playerApi(ctx: GatewayContext) {
  const relay = (name: string) => `/wps/relay/${name}`;
  return {
    responsibleGaming: () =>
      call(ctx, {
        method: "GET",
        path: relay("MCSFE_getResponsibleGaming"),
        auth: "required",
        moduleId: "RESPGAMING3",
        // A limit of a type or period we do not know is left out, not the page (decision 038).
        schema: z
          .object({
            limits: rowsOf(limit),
            realityCheckMinutes: maybeMoney,
            selfExclusionUntil: time,
            sessionStartedAt: time,
            sessionLoss: maybeMoney,
          })
          .passthrough(),
      }),
    setLimit: (body: { requestId: string; type: string; period: string; amount: number | null }) =>
      callOnce(ctx, {
        method: "POST",
        path: relay("MCSFE_setResponsibleGamingLimit"),
        body,
        auth: "required",
        moduleId: "RESPGAMING3",
        schema: limit.extend({ appliesAt: time }),
      }),
    setRealityCheck: (minutes: number) =>
      call(ctx, {
        method: "POST",
        path: relay("MCSFE_setRealityCheck"),
        body: { minutes },
        auth: "required",
        moduleId: "RESPGAMING3",
        schema: z.unknown(),
      }),
    selfExclude: (body: { requestId: string; days: number; password: string }) =>
      callOnce(ctx, {
        method: "POST",
        path: relay("MCSFE_selfExclude"),
        body,
        auth: "required",
        moduleId: "RESPGAMING3",
        schema: z.object({ selfExclusionUntil: time }).passthrough(),
      }),
  };
}

const securityInfo = z
  .object({
    nickname: text,
    avatar: text,
    avatarType: text,
    avatarUrl: z.string().nullish(),
    maskedMobile: text,
    maskedEmail: text,
    mobileBound: yes,
    emailBound: yes,
    hasWithdrawalPassword: yes,
    lastLoginTime: time,
    lastLoginIp: text,
  })
  .passthrough();

export function profileApi(ctx: GatewayContext) {
  const relay = (name: string) => `/wps/relay/${name}`;
  const post = <T>(name: string, body: Record<string, unknown>, schema: z.ZodType<T, z.ZodTypeDef, unknown>, moduleId?: string) =>
    call(ctx, { method: "POST", path: relay(name), body, auth: "required", moduleId, schema });
  return {
    securityInfo: () => call(ctx, { method: "GET", path: relay("MCSFE_getSecurityInfo"), auth: "required", schema: securityInfo }),
    avatars: () =>
      call(ctx, {
        method: "GET",
        path: relay("MCSFE_getPlayerAvatar"),
        auth: "required",
        moduleId: "PROFPIC3",
        schema: z.preprocess(
          wrapList,
          z.object({ list: rowsOf(z.object({ avatar: id, url: z.string() }).passthrough()), avatar: text }).passthrough(),
        ),
      }),
    setNickname: (nickname: string) => post("MCSFE_updateNickname", { nickname }, z.unknown()),
    setAvatar: (body: { avatarType: "STATIC"; avatar: string } | { avatarType: "CUSTOM"; image: string }) =>
      post("MCSFE_setPlayerAvatar", body, z.unknown(), "PROFPIC3"),
    sendBindEmailCode: (email: string) =>
      post("MCSFE_sendBindEmailCode", { email }, z.object({ expiredMinutes: money.nullish() }).passthrough()),
    bindEmail: (email: string, code: string) => post("MCSFE_bindEmail", { email, code }, z.unknown()),
    sendBindMobileCode: (countryDialingCode: string, mobileNum: string) =>
      post("MCSFE_sendBindMobileCode", { countryDialingCode, mobileNum }, z.object({ expiredMinutes: money.nullish() }).passthrough()),
    bindMobile: (countryDialingCode: string, mobileNum: string, code: string) =>
      post("MCSFE_bindMobile", { countryDialingCode, mobileNum, code }, z.unknown()),
  };
}
