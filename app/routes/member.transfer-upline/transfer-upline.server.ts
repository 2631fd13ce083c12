import { parseWithZod } from "@conform-to/zod";
import { data } from "@remix-run/node";
import { getZodConstraint } from "@conform-to/zod";
import { readFailed, requireMemberPage } from "~/accounts/guards.server";
import { uplineTransferSchema } from "~/domain/money-forms";
import { pageMeta } from "~/i18n/t.server";
import { moneyAction, moneyRefusal } from "~/money/action.server";
import { formRequestId, pendingView } from "~/money/pending.server";
import { redirectWithNotice } from "~/session.server";

// Transfer to upline (docs/SPEC.md point 6): members whose account has an upline send money from the main
// wallet to the upline's, confirmed with the withdraw password.
export async function transferUplineLoader(request: Request) {
  const ctx = await requireMemberPage(request, "transferUpline");
  const info = await ctx.gateway.cashier.uplineInfo().catch(readFailed(request));
  return {
    hasUpline: info.hasUpline,
    upline: info.uplineName ?? "",
    passwordRequired: info.passwordRequired !== false,
    requestId: formRequestId(ctx.session, request),
    pending: pendingView(ctx.session, request),
    constraint: getZodConstraint(uplineTransferSchema),
    meta: await pageMeta(request, "member.transferUpline"),
  };
}

export async function transferUplineAction(request: Request) {
  const { ctx, formData } = await moneyAction(request, "transferUpline");
  const submission = parseWithZod(formData, { schema: uplineTransferSchema });
  if (submission.status !== "success") return data({ result: submission.reply({ hideFields: ["password"] }) }, { status: 400 });
  try {
    await ctx.gateway.cashier.transferToUpline({
      requestId: submission.value.requestId,
      amount: submission.value.amount,
      password: submission.value.password ?? "",
    });
  } catch (error) {
    return moneyRefusal(request, (o) => submission.reply({ ...o, hideFields: ["password"] }), error);
  }
  return redirectWithNotice(ctx.session, "/member/transfer-upline", "member.upline.sent");
}
