import { data } from "@remix-run/node";
import { moneyFormat } from "~/money/format.server";
import { z } from "zod";
import { readFailed, requireMemberPage } from "~/accounts/guards.server";
import { pageMeta } from "~/i18n/t.server";
import { claimRefusal, moneyAction } from "~/money/action.server";
import { timeFormatter } from "~/money/records.server";
import { formRequestId } from "~/money/pending.server";
import { REQUEST_ID } from "~/money/request-id.server";
import { redirectWithNotice } from "~/session.server";

// Reward centre: the member's promotions with their status (join, claim, applying, rejected,
// issued, claimed, process, joined, signed, closed, coming soon), joined and claimed by forms, and
// the daily raffle.
export async function rewardCenterLoader(request: Request) {
  const ctx = await requireMemberPage(request, "rewardCenter");
  const money = await moneyFormat(ctx);
  const answer = await ctx.gateway.rewards.promotions().catch(readFailed(request));
  const when = timeFormatter(ctx.language);
  return {
    promotions: answer.list.map((p) => ({
      id: p.promotionId,
      title: p.title ?? "",
      description: p.description ?? "",
      status: p.status,
      statusName: p.statusName ?? p.status,
      bonus: p.bonusAmount ? money(p.bonusAmount) : "",
      ends: p.noExpiry ? "" : when(p.endDate),
      canJoin: p.canJoin === true,
      canClaim: p.canClaim === true,
    })),
    requestId: formRequestId(ctx.session, request),
    meta: await pageMeta(request, "member.rewardCenter"),
  };
}

const form = z.object({
  intent: z.enum(["join", "claim", "raffle"]),
  requestId: z.string().regex(REQUEST_ID),
  promotionId: z
    .string()
    .regex(/^[\w-]{1,40}$/)
    .optional(),
});

export async function rewardCenterAction(request: Request) {
  const { ctx, formData } = await moneyAction(request, "rewardCenter");
  const parsed = form.safeParse(Object.fromEntries(formData));
  if (!parsed.success) return data({ error: "validation.formExpired" }, { status: 400 });
  const { intent, requestId, promotionId } = parsed.data;
  const records = ctx.gateway.records;
  let notice = "member.rewards.claimed";
  try {
    if (intent === "raffle") {
      await records.claimRaffle(requestId);
      notice = "member.rewards.rafflePrize";
    } else if (!promotionId) {
      return data({ error: "validation.formExpired" }, { status: 400 });
    } else if (intent === "join") {
      await records.joinPromotion(requestId, promotionId);
      notice = "member.rewards.joined";
    } else {
      await records.claimPromotion(requestId, promotionId);
    }
  } catch (error) {
    return claimRefusal(request, formData, error);
  }
  return redirectWithNotice(ctx.session, "/member/reward-center", notice);
}
