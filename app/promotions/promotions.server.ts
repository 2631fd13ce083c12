import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { data, redirect } from "@remix-run/node";
import { isRealMember, readFailed } from "~/accounts/guards.server";
import { refusal } from "~/accounts/verification.server";
import { requestContext, type RequestContext } from "~/context.server";
import { moduleOn, Modules } from "~/domain/modules";
import { applySchema, promotionAction } from "~/domain/promotions";
import { PROOF_MAX_BYTES, PROOF_MAX_FILES } from "~/domain/money-choices";
import { PlatformError } from "~/gateway/index.server";
import type { PromotionItem, PromotionList } from "~/gateway/rewards.server";
import { mediaUrl, plainText, sanitizeRichHtml } from "~/html.server";
import { timeFormatter } from "~/i18n/format.server";
import { pageMeta } from "~/i18n/t.server";
import { moneyFormat } from "~/money/format.server";
import { claimRefusal, moneyAction, moneyRefusal } from "~/money/action.server";
import { formRequestId } from "~/money/pending.server";
import { REQUEST_ID } from "~/money/request-id.server";
import { redirectWithNotice } from "~/session.server";
import { limitAttempt } from "~/limits.server";
import { bodyWithin, uploadedPictures } from "~/uploads.server";

// Promotions and promotion detail (docs/SPEC.md point 2, decision 027). Visitors read the merchant's
// public list; a member reads its own, with its status in each, and joins, applies (a remark and
// up to 3 pictures, reviewed by the operator) or claims from the detail page.

/** The list this visitor or member sees; null when the platform cannot be read for a visitor. */
async function promotionList(request: Request, ctx: RequestContext): Promise<PromotionList | null> {
  if (isRealMember(ctx.session) && moduleOn(ctx.status.modules, Modules.rewardCentre))
    return ctx.gateway.rewards.promotions().catch(readFailed(request));
  return ctx.gateway.rewards.publicPromotions().catch(() => null);
}

function card(p: PromotionItem, money: (n: number) => string, when: (t: PromotionItem["startDate"]) => string) {
  return {
    id: p.promotionId,
    title: p.title ?? "",
    category: p.category ?? "",
    summary: plainText(p.description ?? "").slice(0, 160),
    status: p.status,
    statusName: p.statusName ?? p.status,
    banner: mediaUrl(p.bannerUrl) ?? null,
    bannerWidth: p.bannerWidth && p.bannerWidth > 0 ? p.bannerWidth : 750,
    bannerHeight: p.bannerHeight && p.bannerHeight > 0 ? p.bannerHeight : 300,
    bonus: p.bonusAmount ? money(p.bonusAmount) : "",
    starts: when(p.startDate),
    ends: p.noExpiry ? "" : when(p.endDate),
  };
}

export async function promotionsLoader(request: Request) {
  const ctx = await requestContext(request);
  const answer = await promotionList(request, ctx);
  const money = await moneyFormat(ctx);
  const when = timeFormatter(ctx.language);
  const asked = new URL(request.url).searchParams.get("category") ?? "";
  const categories = (answer?.categories ?? []).filter((c) => answer?.list.some((p) => p.category === c.code));
  const category = categories.some((c) => c.code === asked) ? asked : "";
  return {
    unavailable: answer === null,
    signedIn: isRealMember(ctx.session),
    category,
    categories: categories.map((c) => ({ code: c.code, name: c.name ?? c.code })),
    promotions: (answer?.list ?? []).filter((p) => !category || p.category === category).map((p) => card(p, money, when)),
    meta: await pageMeta(request, "page.promotions"),
  };
}

export async function promoDetailLoader(request: Request) {
  const ctx = await requestContext(request);
  const id = new URL(request.url).searchParams.get("id") ?? "";
  // The detail page without a promotion named is the list (an old bookmark, a shared bare link).
  if (!id) throw redirect("/promotions");
  const answer = await promotionList(request, ctx);
  if (answer === null) throw data({ reason: "unavailable" }, { status: 503 });
  const p = answer.list.find((item) => item.promotionId === id);
  if (!p) throw data({ reason: "not-found" }, { status: 404 });
  const money = await moneyFormat(ctx);
  const when = timeFormatter(ctx.language);
  const signedIn = isRealMember(ctx.session);
  const category = answer.categories.find((c) => c.code === p.category);
  return {
    promotion: {
      ...card(p, money, when),
      categoryName: p.categoryName ?? category?.name ?? "",
      description: p.description ?? "",
      terms: sanitizeRichHtml(p.terms ?? ""),
      application: p.application
        ? {
            remark: p.application.remark ?? "",
            time: when(p.application.time),
            reason: p.application.reason ?? "",
            images: (p.application.images ?? []).flatMap((u) => (mediaUrl(u) ? [mediaUrl(u)!] : [])),
          }
        : null,
    },
    action: promotionAction(p, signedIn),
    requestId: formRequestId(ctx.session, request),
    constraint: getZodConstraint(applySchema),
    meta: await promotionMeta(request, p.title),
  };
}

/** The promotion's own title before the brand, as every page's title ("Slots Big Win Bonus · WinBazaar"). */
async function promotionMeta(request: Request, title: string | null | undefined) {
  const meta = await pageMeta(request, "page.promoDetail");
  return title ? { ...meta, title: meta.title.replace(/^[^·]*·/, `${title} ·`) } : meta;
}

const intentForm = (formData: FormData) => ({
  intent: String(formData.get("intent") ?? ""),
  requestId: String(formData.get("requestId") ?? ""),
});

/** Join, claim (plain forms) or apply (multipart: a remark and pictures). */
export async function promoDetailAction(request: Request) {
  const multipart = (request.headers.get("Content-Type") ?? "").startsWith("multipart/form-data");
  // Up to three 5 MB pictures: a body far beyond that is refused unread.
  const within = multipart ? await bodyWithin(request, PROOF_MAX_FILES * PROOF_MAX_BYTES * 1.5) : request;
  if (!within) return data({ result: { status: "error" as const, error: { "": ["validation.proofTooLarge"] } } }, { status: 413 });
  const { ctx, formData } = await moneyAction(within);
  const promotionId = new URL(request.url).searchParams.get("id") ?? "";
  if (!/^\d{1,15}$/.test(promotionId)) return data({ error: "validation.formExpired" }, { status: 400 });
  const back = `/promoDetail?id=${promotionId}`;
  if (multipart) return applyAction(within, ctx, formData, promotionId, back);
  const { intent, requestId } = intentForm(formData);
  if (!REQUEST_ID.test(requestId) || (intent !== "join" && intent !== "claim"))
    return data({ error: "validation.formExpired" }, { status: 400 });
  try {
    if (intent === "join") await ctx.gateway.records.joinPromotion(requestId, promotionId);
    else await ctx.gateway.records.claimPromotion(requestId, promotionId);
  } catch (error) {
    return claimRefusal(request, formData, error);
  }
  return redirectWithNotice(ctx.session, back, intent === "join" ? "member.rewards.joined" : "member.rewards.claimed");
}

async function applyAction(request: Request, ctx: RequestContext, formData: FormData, promotionId: string, back: string) {
  const submission = parseWithZod(formData, { schema: applySchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const files = formData.getAll("images");
  let images: string[] | undefined;
  try {
    // Counted per account and address before any picture is decoded (decision 036).
    if (files.some((f) => typeof f !== "string" && f.size > 0)) await limitAttempt("pictures", ctx.session.get("userName"));
    images = await uploadedPictures(files);
  } catch (error) {
    return refusal((o) => submission.reply(o), error);
  }
  if (!images) return data({ result: submission.reply({ fieldErrors: { images: ["validation.proofInvalid"] } }) }, { status: 400 });
  try {
    await ctx.gateway.rewards.applyPromotion({
      requestId: submission.value.requestId,
      promotionId,
      remark: submission.value.remark,
      images: images.length ? images : undefined,
    });
  } catch (error) {
    if (error instanceof PlatformError) return refusal((o) => submission.reply(o), error);
    return moneyRefusal(request, (o) => submission.reply(o), error);
  }
  return redirectWithNotice(ctx.session, back, "promotions.applied");
}
