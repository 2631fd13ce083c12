import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { moneyFormat } from "~/money/format.server";
import { data } from "@remix-run/node";
import { readFailed, requireMember } from "~/accounts/guards.server";
import { MAIN_WALLET } from "~/domain/money";
import { recallSchema, walletTransferSchema } from "~/domain/money-forms";
import { pageMeta } from "~/i18n/t.server";
import { moneyAction, moneyRefusal } from "~/money/action.server";
import { formRequestId, pendingView } from "~/money/pending.server";
import { redirectWithNotice } from "~/session.server";

// My wallet (transferFund): the main wallet and each vendor wallet with its balance, a transfer
// between the main wallet and one vendor wallet, and "recall all" back to the main wallet.

export async function transferFundLoader(request: Request) {
  const ctx = await requireMember(request);
  const money = await moneyFormat(ctx);
  const [balance, single] = await Promise.all([
    ctx.balance().catch(readFailed(request)),
    ctx.gateway.wallet.isSingleWallet().catch(() => false),
  ]);
  const wallets = (balance.balance ?? []).map((w) => ({
    id: w.accountTypeId,
    name: w.displayName ?? String(w.accountTypeId),
    amount: money(w.availBalance),
    available: (w.status ?? "OK") === "OK",
    main: w.accountTypeId === MAIN_WALLET,
  }));
  return {
    wallets,
    total: money(balance.sumBalance),
    single,
    // One key per form, minted now (or kept while its last request is pending): a repeated post
    // of this page's form moves money once.
    transferRequestId: formRequestId(ctx.session, request, "transfer"),
    recallRequestId: formRequestId(ctx.session, request, "recall"),
    pending: { transfer: pendingView(ctx.session, request, "transfer"), recall: pendingView(ctx.session, request, "recall") },
    // The form's HTML constraints, from the schema here: the page carries no zod (useLazyValidation).
    constraint: getZodConstraint(walletTransferSchema),
    meta: await pageMeta(request, "member.transferFund"),
  };
}

export async function transferFundAction(request: Request) {
  const { ctx, formData } = await moneyAction(request);
  const recall = formData.get("intent") === "recall";
  const submission = parseWithZod(formData, { schema: recall ? recallSchema : walletTransferSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  try {
    const value = submission.value;
    if (value.intent === "recall") await ctx.gateway.wallet.recallAll(value.requestId);
    else
      await ctx.gateway.wallet.transfer({
        requestId: value.requestId,
        fromAccountTypeId: value.from,
        toAccountTypeId: value.to,
        amount: value.amount,
      });
  } catch (error) {
    return moneyRefusal(request, (o) => submission.reply(o), error);
  }
  return redirectWithNotice(ctx.session, "/member/transfer-fund", recall ? "member.wallet.recalled" : "member.wallet.transferred");
}
