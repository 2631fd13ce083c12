import { z } from "zod";
import { call, callOnce, type GatewayContext, memberRelay } from "./client.server";
import { decryptServicePath } from "./crypto.server";
import { amount, bareOr, id, label, maybeMoney, money, objectIn, pageOf, rowsOf, text, time, yes } from "./wire.server";
import { log } from "~/request-scope.server";

// Promotions (public and the member's), the VIP ladder, the point mall and the customer-service
// link of decision 027. Parsed tolerantly (decision 038): numbers as strings, lists bare or under
// another name, a bare number for the point balance; a row we cannot read is left out.

const application = z.object({ applicationId: id.nullish(), remark: text, images: rowsOf(z.string()), time, reason: text }).passthrough();

const promotion = z
  .object({
    promotionId: id,
    title: text,
    category: text,
    categoryName: text,
    description: text,
    terms: text,
    startDate: time,
    endDate: time,
    noExpiry: yes,
    bonusAmount: maybeMoney,
    status: label,
    statusName: text,
    canJoin: yes,
    canClaim: yes,
    bannerUrl: text,
    bannerWidth: maybeMoney,
    bannerHeight: maybeMoney,
    applyForm: yes,
    application: application.nullish().catch(null),
  })
  .passthrough();
export type PromotionItem = z.infer<typeof promotion>;

const promotionList = z.preprocess(
  (v) => ({ list: v, categories: objectIn(v).categories }),
  z.object({ list: rowsOf(promotion), categories: rowsOf(z.object({ code: z.string(), name: text }).passthrough()) }),
);
export type PromotionList = z.output<typeof promotionList>;

const vipLevel = z
  .object({
    rankLevel: money,
    rankName: text,
    monthlyTurnover: amount,
    benefits: z
      .object({
        rebateBonus: amount,
        dailyWithdrawalLimit: amount,
        dailyWithdrawalTimes: amount,
        birthdayBonus: amount,
        upgradeBonus: amount,
        vipService: yes,
      })
      .passthrough()
      .nullish()
      .catch(null),
  })
  .passthrough();
export type VipLevel = z.infer<typeof vipLevel>;

const pointReward = z
  .object({
    rewardId: id,
    type: text,
    name: text,
    description: text,
    imageUrl: text,
    pointsRequired: money,
    amount: amount,
    amountRequired: amount,
    unit: text,
    stock: maybeMoney,
    addressType: text,
  })
  .passthrough();
export type PointReward = z.infer<typeof pointReward>;

const redemption = z
  .object({
    redeemId: id.nullish(),
    type: text,
    name: text,
    pointsRequired: amount,
    amount: amount,
    redeemAmount: amount,
    status: label,
    statusName: text,
    applicationTime: time,
    time,
    mobile: text,
    receivingAddress: text,
    paidAccount: text,
    transactionRef: text,
    remark: text,
  })
  .passthrough();
export type Redemption = z.infer<typeof redemption>;

const pointEntry = z
  .object({
    id: id.nullish(),
    type: text,
    typeName: text,
    name: text,
    pointsChanged: money,
    pointsBalance: amount,
    amount: amount,
    unit: text,
    pointsRatio: maybeMoney,
    remark: text,
    time,
  })
  .passthrough();
export type PointEntry = z.infer<typeof pointEntry>;

const paged = <T extends z.ZodTypeAny>(item: T) => pageOf(item, z.unknown());

export type ServiceLink = { type: number; url: string };

/** The pathList's paths decrypted (last 8 characters the key); one that does not decrypt is dropped. */
function decryptPathList(entries: { type: number; path: string }[]): ServiceLink[] {
  const out: ServiceLink[] = [];
  for (const entry of entries) {
    try {
      const url = decryptServicePath(entry.path);
      if (/^https?:\/\//i.test(url)) out.push({ type: entry.type, url });
    } catch {
      log().warn({ component: "gateway", type: entry.type }, "service link path did not decrypt");
    }
  }
  return out;
}

export function rewardsApi(ctx: GatewayContext) {
  const { get } = memberRelay(ctx);
  const passwordCheck = <T>(
    name: string,
    body: Record<string, unknown> & { requestId: string },
    schema: z.ZodType<T, z.ZodTypeDef, unknown>,
  ) =>
    callOnce(ctx, {
      method: "POST",
      path: `/wps/relay/passwordCheck/${name}`,
      body,
      encrypted: true,
      auth: "required",
      moduleId: "PTSYS3",
      schema,
    });
  return {
    /** A visitor's list (no token): statuses JOIN, COMING_SOON, CLOSED only. */
    publicPromotions: () =>
      call(ctx, {
        method: "GET",
        path: "/wps/relay/MCSFE_getMerchantAvailablePromotions",
        auth: "none",
        cache: true,
        schema: promotionList,
      }),
    /** The member's list with its status in each. */
    promotions: () => get("MCSFE_getAvailablePromotions", {}, promotionList, "REWCEN3"),
    applyPromotion: (body: { requestId: string; promotionId: string; remark: string; images?: string[] }) =>
      callOnce(ctx, {
        method: "POST",
        path: "/wps/relay/MCSFE_joinPromotion",
        body: { ...body, promotionId: Number(body.promotionId) || body.promotionId },
        auth: "required",
        moduleId: "REWCEN3",
        schema: z.object({ status: text }).passthrough(),
      }),
    vipLevels: () =>
      call(ctx, {
        method: "GET",
        path: "/wps/relay/MCSFE_getVipLevels",
        auth: "none",
        cache: true,
        schema: rowsOf(vipLevel),
      }),
    pointBalance: () =>
      // A bare number is the balance itself (decision 038).
      get(
        "MCSFE_getPointBalance",
        {},
        bareOr("balance", z.object({ balance: money, totalEarned: amount, totalSpent: amount, neverExpire: yes }).passthrough()),
        "PTSYS3",
      ),
    pointConfig: () =>
      get(
        "MCSFE_getPointConfig",
        {},
        z.object({ rates: rowsOf(z.object({ gameType: z.string(), rate: money }).passthrough()), unit: text }).passthrough(),
        "PTSYS3",
      ),
    pointRewards: () => get("MCSFE_getPointReward", {}, rowsOf(pointReward), "PTSYS3"),
    /** The catalogue as a visitor sees it (our name, no token, decision 041): the same rows. */
    publicPointRewards: () =>
      call(ctx, {
        method: "GET",
        path: "/wps/relay/MCSFE_getMerchantPointReward",
        auth: "none",
        moduleId: "PTSYS3",
        cache: true,
        schema: rowsOf(pointReward),
      }),
    conversionTypes: () =>
      get(
        "MCSFE_getPointRewardConversionType",
        {},
        rowsOf(
          z.object({ conversionType: z.string(), name: text, pointsRatio: money, minPoints: amount, maxPoints: amount }).passthrough(),
        ),
        "PTSYS3",
      ),
    redemptions: (pageNo: number, pageSize: number) =>
      get("MCSFE_getRedeemPointList", { recordType: "REDEEM", pageNo, pageSize }, paged(redemption), "PTSYS3"),
    pointDetails: (pageNo: number, pageSize: number) =>
      get("MCSFE_getRedeemPointList", { recordType: "POINTS", pageNo, pageSize }, paged(pointEntry), "PTSYS3"),
    redeem: (body: { requestId: string; rewardId: string; password: string; mobile: string; receivingAddress: string }) =>
      passwordCheck(
        "MCSFE_redeemPointReward",
        { ...body, rewardId: Number(body.rewardId) || body.rewardId },
        z.object({ redeemId: id.nullish(), status: text }).passthrough(),
      ),
    convert: (body: { requestId: string; points: number; password: string; mobile: string; receivingAddress: string }) =>
      passwordCheck("MCSFE_convertPoint", body, z.object({ amount: amount, points: amount }).passthrough()),
    /** GET /wps/system/serviceLink: the decrypted pathList (type 3 is the live chat). */
    serviceLinks: () =>
      call(ctx, {
        method: "GET",
        path: "/wps/system/serviceLink",
        auth: "none",
        cache: true,
        schema: z
          .object({
            version: z
              .object({ pathList: z.array(z.object({ type: money, path: z.string() }).passthrough()).nullish() })
              .passthrough()
              .nullish(),
          })
          .passthrough()
          .transform((v) => decryptPathList((v.version?.pathList ?? []).map((e) => ({ type: e.type, path: e.path })))),
      }),
  };
}
