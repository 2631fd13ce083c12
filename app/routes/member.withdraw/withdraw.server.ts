import { timeFormatter } from "~/i18n/format.server";
import { moneyFormat } from "~/money/format.server";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { data } from "@remix-run/node";
import { readFailed, requireMember } from "~/accounts/guards.server";
import { addDays, dayIn } from "~/domain/date-range";
import { parseAmount } from "~/domain/money";
import {
  bindCardSchema,
  changeWithdrawPasswordSchema,
  confirmWithdrawalSchema,
  PROOF_MAX_BYTES,
  PROOF_MAX_FILES,
  setWithdrawPasswordSchema,
  withdrawSchema,
} from "~/domain/money-forms";
import { env } from "~/env.server";
import { pageMeta } from "~/i18n/t.server";
import { moneyAction, moneyRefusal } from "~/money/action.server";
import { formRequestId, pendingView } from "~/money/pending.server";
import { withdrawPasswordRequired } from "~/domain/modules";
import { redirectWithNotice } from "~/session.server";
import { bodyWithin, uploadedPictures } from "~/uploads.server";
import { limitAttempt } from "~/limits.server";
import { refusal } from "~/accounts/verification.server";

// Withdrawal: the withdraw password (set once, then changed), bank cards and e-wallets (binding
// is final), the withdrawal itself within the platform's limits, and the confirmation of a paid
// out withdrawal: received, partly received, or not received with proof pictures.

const RECENT_DAYS = 30;
const PASSWORD_FIELDS = { hideFields: ["password", "oldPassword", "newPassword", "confirmNewPassword"] };

export async function withdrawLoader(request: Request) {
  const ctx = await requireMember(request);
  const money = await moneyFormat(ctx);
  const cashier = ctx.gateway.cashier;
  try {
    const today = dayIn(Date.now(), env().TIME_ZONE);
    const [hasPassword, info, banks, report] = await Promise.all([
      cashier.hasWithdrawPassword(),
      cashier.withdrawAccountInfo(),
      cashier.banks().catch(() => []),
      cashier.withdrawReport({ pageNo: 1, pageSize: 10, dateFrom: addDays(today, -RECENT_DAYS), dateTo: today }).catch(() => null),
    ]);
    const format = timeFormatter(ctx.language);
    const passwordRequired = withdrawPasswordRequired(ctx.status.modules);
    return {
      hasPassword,
      // Whenever the merchant has not switched the withdraw password off (contract §5.1), whatever
      // else the account info says.
      passwordRequired,
      cards: (info.cards ?? []).map((c) => ({
        id: c.bankCardId,
        type: c.cardType,
        bank: c.bankName ?? c.bankCode ?? "",
        number: c.accountNumber ?? "",
        name: c.accountName ?? "",
        active: c.isWithdrawActive !== false,
      })),
      limits: {
        min: money(info.minWithdrawal ?? 0),
        max: money(info.maxWithdrawal ?? 0),
        remainingAmount: money(info.remainingWithdrawAmount ?? 0),
        remainingTimes: info.remainingTransactionTimes ?? 0,
      },
      banks: banks.map((b) => ({ code: b.bankCode, name: b.bankName ?? b.bankCode, type: b.cardType ?? "BC" })),
      withdrawals: (report?.list ?? []).map((w) => ({
        id: w.withdrawalId,
        amount: money(w.amount),
        status: w.status,
        to: `${w.bankName ?? ""} ${w.accountNumber ?? ""}`.trim(),
        time: format(w.createdAt),
        deadline: format(w.confirmDeadline),
        received: w.receivedAmount != null ? money(w.receivedAmount) : "",
        remaining: w.remainingAmount != null ? money(w.remainingAmount) : "",
        auto: w.autoConfirmed === true,
      })),
      requestId: formRequestId(ctx.session, request, "withdraw"),
      confirmRequestId: formRequestId(ctx.session, request, "confirm"),
      pending: { withdraw: pendingView(ctx.session, request, "withdraw"), confirm: pendingView(ctx.session, request, "confirm") },
      // The forms' HTML constraints, from the schemas here: the page carries no zod (useLazyValidation).
      constraints: {
        password: getZodConstraint(hasPassword ? changeWithdrawPasswordSchema : setWithdrawPasswordSchema),
        card: getZodConstraint(bindCardSchema),
        withdraw: { ...getZodConstraint(withdrawSchema), password: { required: passwordRequired, maxLength: 64 } },
        confirm: getZodConstraint(confirmWithdrawalSchema),
      },
      meta: await pageMeta(request, "member.withdraw"),
    };
  } catch (error) {
    return readFailed(request)(error);
  }
}

async function done(ctx: Awaited<ReturnType<typeof moneyAction>>["ctx"], notice: string) {
  return redirectWithNotice(ctx.session, "/member/withdraw", notice);
}

export async function withdrawAction(request: Request) {
  // Proof pictures come as a multipart post: a body far beyond three 5 MB files is refused before
  // it is all in memory.
  const within = await bodyWithin(request, PROOF_MAX_FILES * PROOF_MAX_BYTES * 1.5);
  if (!within) return data({ result: { status: "error" as const, error: { "": ["validation.proofTooLarge"] } } }, { status: 413 });
  const { ctx, formData } = await moneyAction(within);
  const cashier = ctx.gateway.cashier;
  const intent = formData.get("intent");

  if (intent === "setPassword" || intent === "changePassword") {
    const submission = parseWithZod(formData, {
      schema: intent === "setPassword" ? setWithdrawPasswordSchema : changeWithdrawPasswordSchema,
    });
    if (submission.status !== "success") return data({ result: submission.reply(PASSWORD_FIELDS) }, { status: 400 });
    try {
      const v = submission.value;
      await cashier.setWithdrawPassword({
        oldPassword: "oldPassword" in v ? v.oldPassword : undefined,
        newPassword: v.newPassword,
        confirmNewPassword: v.confirmNewPassword,
      });
    } catch (error) {
      return moneyRefusal(request, (o) => submission.reply({ ...o, ...PASSWORD_FIELDS }), error);
    }
    return done(ctx, intent === "setPassword" ? "member.withdrawPage.passwordSet" : "member.withdrawPage.passwordChanged");
  }

  if (intent === "bindCard") {
    const submission = parseWithZod(formData, { schema: bindCardSchema });
    if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
    try {
      const { intent: _, ...card } = submission.value;
      await cashier.bindCard(card);
    } catch (error) {
      return moneyRefusal(request, (o) => submission.reply(o), error);
    }
    return done(ctx, "member.withdrawPage.cardBound");
  }

  if (intent === "confirm") {
    const submission = parseWithZod(formData, { schema: confirmWithdrawalSchema });
    if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
    const { requestId, withdrawalId, result, receivedAmount } = submission.value;
    let proofs: string[] | undefined = [];
    if (result === "NOT_RECEIVED") {
      // Counted per account and address before any picture is decoded, and refused with the wait
      // when the decoder is busy (decision 036).
      const files = formData.getAll("proof");
      try {
        if (files.some((f) => typeof f !== "string" && f.size > 0)) await limitAttempt("pictures", ctx.session.get("userName"));
        proofs = await uploadedPictures(files);
      } catch (error) {
        return refusal((o) => submission.reply(o), error);
      }
    }
    if (!proofs) return data({ result: submission.reply({ formErrors: ["validation.proofInvalid"] }) }, { status: 400 });
    try {
      await cashier.confirmWithdrawal({
        requestId,
        withdrawalId,
        result,
        receivedAmount: result === "PARTLY" ? parseAmount(receivedAmount ?? "") : undefined,
        proofImages: result === "NOT_RECEIVED" && proofs.length > 0 ? proofs : undefined,
      });
    } catch (error) {
      return moneyRefusal(request, (o) => submission.reply(o), error);
    }
    return done(ctx, "member.withdrawPage.confirmed");
  }

  const submission = parseWithZod(formData, { schema: withdrawSchema });
  if (submission.status !== "success") return data({ result: submission.reply({ hideFields: ["password"] }) }, { status: 400 });
  if (withdrawPasswordRequired(ctx.status.modules) && !submission.value.password) {
    return data(
      { result: submission.reply({ hideFields: ["password"], fieldErrors: { password: ["validation.passwordRequired"] } }) },
      { status: 400 },
    );
  }
  try {
    const { requestId, bankCardId, amount, password } = submission.value;
    await cashier.withdraw({ requestId, bankCardId, amount, password: password ?? "" });
  } catch (error) {
    return moneyRefusal(request, (o) => submission.reply({ ...o, hideFields: ["password"] }), error);
  }
  return done(ctx, "member.withdrawPage.requested");
}
