import { data } from "@remix-run/node";
import { moneyFormat } from "~/money/format.server";
import { z } from "zod";
import { readFailed, requireMemberPage } from "~/accounts/guards.server";
import { pageMeta } from "~/i18n/t.server";
import { claimRefusal, moneyAction } from "~/money/action.server";
import { formRequestId } from "~/money/pending.server";
import { REQUEST_ID } from "~/money/request-id.server";
import { redirectWithNotice } from "~/session.server";

// Cashback (manualRebate, when MANPLAYREB3 is on): the rebate each game type's valid bets earned
// since the last claim, and one button that claims it all into the main wallet.
export async function cashbackLoader(request: Request) {
  const ctx = await requireMemberPage(request, "manualRebate");
  const money = await moneyFormat(ctx);
  const rebate = await ctx.gateway.records.rebate().catch(readFailed(request));
  return {
    rows: (rebate.list ?? []).map((r) => ({
      type: r.gameType ?? "",
      name: r.gameTypeName ?? r.gameType ?? "",
      validBet: money(r.validBet),
      rate: r.rate,
      amount: money(r.amount),
    })),
    total: money(rebate.totalAmount),
    canClaim: rebate.totalAmount >= (rebate.minClaim ?? 0) && rebate.totalAmount > 0,
    minClaim: money(rebate.minClaim ?? 0),
    requestId: formRequestId(ctx.session, request),
    meta: await pageMeta(request, "member.cashback"),
  };
}

export async function cashbackAction(request: Request) {
  const { ctx, formData } = await moneyAction(request, "manualRebate");
  const requestId = z.string().regex(REQUEST_ID).safeParse(formData.get("requestId"));
  if (!requestId.success) return data({ error: "validation.formExpired" }, { status: 400 });
  try {
    await ctx.gateway.records.claimRebate(requestId.data);
  } catch (error) {
    return claimRefusal(request, formData, error);
  }
  return redirectWithNotice(ctx.session, "/member/cashback", "member.cashbackPage.claimed");
}
