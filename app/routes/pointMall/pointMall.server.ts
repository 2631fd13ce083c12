import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { data } from "@remix-run/node";
import { blockFailed, isRealMember, readFailed } from "~/accounts/guards.server";
import { requestContext } from "~/context.server";
import { moduleOn, Modules } from "~/domain/modules";
import { POINT_RATES } from "~/domain/navigation";
import { addressKind, convertSchema, POINT_TABS, type PointTab, redeemSchema } from "~/domain/points";
import { mediaUrl } from "~/html.server";
import { formatCount, timeFormatter } from "~/i18n/format.server";
import { pageMeta } from "~/i18n/t.server";
import { moneyAction, moneyRefusal } from "~/money/action.server";
import { moneyFormat } from "~/money/format.server";
import { formRequestId, pendingView } from "~/money/pending.server";
import type { PointReward } from "~/gateway/rewards.server";
import { redirectWithNotice } from "~/session.server";

// The point mall (docs/SPEC.md point 2, /pointMall, decision 027): the points balance and how points are
// earned, rewards to redeem, converting points to money, the redeem history (In Process, Rejected,
// Approved) and the point details. Tabs and the chosen reward live in the URL.

const PAGE_SIZE = 10;

/** A reward as the page draws it; `balance` null: the platform decides what the points cover. */
function rewardView(r: PointReward, balance: number | null, money: (n: number) => string, points: (n: number) => string) {
  return {
    id: r.rewardId,
    type: (r.type ?? "GOODS").toUpperCase(),
    name: r.name ?? "",
    description: r.description ?? "",
    image: mediaUrl(r.imageUrl) ?? null,
    points: points(r.pointsRequired),
    // Without the balance the platform decides (it refuses what the points do not cover).
    affordable: balance === null ? true : r.pointsRequired <= balance,
    amount: r.amount > 0 ? money(r.amount) : "",
    amountRequired: r.amountRequired > 0 ? money(r.amountRequired) : "",
    stock: r.stock == null ? null : points(r.stock),
    soldOut: r.stock != null && r.stock <= 0,
    address: addressKind(r.addressType, r.type),
  };
}

function tabOf(url: URL): PointTab {
  const tab = url.searchParams.get("tab");
  return (POINT_TABS as readonly string[]).includes(tab ?? "") ? (tab as PointTab) : "rewards";
}

export async function pointMallLoader(request: Request) {
  const ctx = await requestContext(request);
  const url = new URL(request.url);
  const meta = await pageMeta(request, "page.pointMall");
  const points = (n: number) => formatCount(n, ctx.language);
  const member = isRealMember(ctx.session);
  if (!moduleOn(ctx.status.modules, Modules.pointSystem)) throw data({ reason: "not-found" }, { status: 404 });
  if (!member) {
    // A visitor sees the catalogue (decision 041): read without a token, a block that degrades alone.
    const [catalogue, money] = await Promise.all([ctx.gateway.rewards.publicPointRewards().catch(blockFailed(request)), moneyFormat(ctx)]);
    return {
      member: false as const,
      trial: Boolean(ctx.session.get("token")),
      rates: Object.entries(POINT_RATES).map(([gameType, rate]) => ({ gameType, rate: points(rate) })),
      rewards: (catalogue ?? []).map((r) => rewardView(r, null, money, points)),
      unavailable: catalogue ? [] : ["rewards"],
      meta,
    };
  }
  const tab = tabOf(url);
  const page = Math.min(1000, Math.max(1, Number.parseInt(url.searchParams.get("page") ?? "", 10) || 1));
  const api = ctx.gateway.rewards;
  const failed = readFailed(request);
  // The tab's list is the page; the balance is a block of it and degrades alone (decision 038).
  const [balance, config, rewards, conversions, history, details] = await Promise.all([
    api.pointBalance().catch(blockFailed(request)),
    api.pointConfig().catch(() => null),
    tab === "rewards" ? api.pointRewards().catch(failed) : null,
    tab === "convert" ? api.conversionTypes().catch(failed) : null,
    tab === "history" ? api.redemptions(page, PAGE_SIZE).catch(failed) : null,
    tab === "details" ? api.pointDetails(page, PAGE_SIZE).catch(failed) : null,
  ]);
  const money = await moneyFormat(ctx);
  const when = timeFormatter(ctx.language);
  const chosen = url.searchParams.get("redeem");
  const rewardList = (rewards ?? []).map((r) => rewardView(r, balance?.balance ?? null, money, points));
  const conversion = conversions?.[0];
  return {
    member: true as const,
    tab,
    page,
    balance: balance ? points(balance.balance) : "–",
    earned: balance ? points(balance.totalEarned) : "–",
    spent: balance ? points(balance.totalSpent) : "–",
    /** Blocks whose read failed: the page says that part is unavailable. */
    unavailable: balance ? [] : ["balance"],
    rates: (config?.rates?.length ? config.rates.map((r) => [r.gameType, r.rate] as const) : Object.entries(POINT_RATES)).map(
      ([gameType, rate]) => ({ gameType, rate: points(rate) }),
    ),
    rewards: rewardList,
    redeeming: rewardList.find((r) => r.id === chosen && !r.soldOut) ?? null,
    conversion: conversion
      ? {
          name: conversion.name ?? "",
          ratio: points(conversion.pointsRatio),
          ratioValue: conversion.pointsRatio,
          min: points(conversion.minPoints),
          max: points(conversion.maxPoints),
          oneUnit: money(1),
        }
      : null,
    history: (history?.list ?? []).map((h) => ({
      id: h.redeemId,
      type: (h.type ?? "").toUpperCase(),
      name: h.name ?? "",
      points: points(h.pointsRequired),
      amount: h.redeemAmount || h.amount ? money(h.redeemAmount || h.amount) : "",
      status: h.status,
      statusName: h.statusName ?? h.status,
      applied: when(h.applicationTime),
      decided: when(h.time),
      address: h.receivingAddress ?? "",
      mobile: h.mobile ?? "",
      paidAccount: h.paidAccount ?? "",
      reference: h.transactionRef ?? "",
      remark: h.remark ?? "",
    })),
    details: (details?.list ?? []).map((e) => ({
      id: e.id,
      type: e.type ?? "",
      typeName: e.typeName ?? e.type ?? "",
      name: e.name ?? "",
      change: e.pointsChanged,
      changeText: `${e.pointsChanged > 0 ? "+" : ""}${points(e.pointsChanged)}`,
      balance: points(e.pointsBalance),
      amount: e.amount ? money(e.amount) : "",
      remark: e.remark ?? "",
      time: when(e.time),
    })),
    totalPages: (history ?? details)?.totalPages ?? 1,
    requestId: formRequestId(ctx.session, request),
    pending: pendingView(ctx.session, request),
    redeemConstraint: getZodConstraint(redeemSchema),
    convertConstraint: getZodConstraint(convertSchema),
    meta,
  };
}

/** Redeem a reward or convert points: both encrypted, confirmed with the withdraw password. */
export async function pointMallAction(request: Request) {
  const { ctx, formData } = await moneyAction(request);
  if (!moduleOn(ctx.status.modules, Modules.pointSystem)) throw data({ reason: "not-found" }, { status: 404 });
  const intent = formData.get("intent");
  const submission = parseWithZod(formData, { schema: intent === "convert" ? convertSchema : redeemSchema });
  if (submission.status !== "success") return data({ result: submission.reply({ hideFields: ["password"] }) }, { status: 400 });
  const v = submission.value;
  try {
    if (v.intent === "redeem") {
      await ctx.gateway.rewards.redeem({
        requestId: v.requestId,
        rewardId: v.rewardId,
        password: v.password,
        mobile: v.mobile,
        receivingAddress: v.receivingAddress,
      });
    } else {
      await ctx.gateway.rewards.convert({
        requestId: v.requestId,
        points: v.points,
        password: v.password,
        mobile: v.mobile,
        receivingAddress: v.receivingAddress,
      });
    }
  } catch (error) {
    return moneyRefusal(request, (o) => submission.reply({ ...o, hideFields: ["password"] }), error);
  }
  return redirectWithNotice(
    ctx.session,
    v.intent === "redeem" ? "/pointMall?tab=history" : "/pointMall?tab=details",
    v.intent === "redeem" ? "points.redeemed" : "points.converted",
  );
}
