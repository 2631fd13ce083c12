// The money forms' fields (member centre, decision 016): shared by the forms and their actions.
import { z } from "zod";
import { MAIN_WALLET, parseAmount } from "./money";
import { CONFIRM_RESULTS, EXCLUSION_DAYS, LIMIT_PERIODS, LIMIT_TYPES, REALITY_CHECK_MINUTES } from "./money-choices";

export {
  CONFIRM_RESULTS,
  EXCLUSION_DAYS,
  LIMIT_PERIODS,
  LIMIT_TYPES,
  PROOF_MAX_BYTES,
  PROOF_MAX_FILES,
  REALITY_CHECK_MINUTES,
} from "./money-choices";

const requestId = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, "validation.formExpired");

/** A typed amount: required, positive, at most 2 decimals. */
export const amountField = z
  .string({ required_error: "validation.amountRequired" })
  .trim()
  .min(1, "validation.amountRequired")
  .refine((v) => parseAmount(v) !== undefined, "validation.amountInvalid")
  .transform((v) => parseAmount(v) ?? 0);

const walletId = z.coerce.number({ invalid_type_error: "validation.walletRequired" }).int().min(1, "validation.walletRequired");

/** Between the main wallet and one vendor wallet, either way. */
export const walletTransferSchema = z
  .object({ intent: z.literal("transfer"), requestId, from: walletId, to: walletId, amount: amountField })
  .refine((v) => v.from !== v.to, { path: ["to"], message: "validation.walletSame" })
  .refine((v) => v.from === MAIN_WALLET || v.to === MAIN_WALLET, { path: ["to"], message: "validation.walletMainSide" });

export const recallSchema = z.object({ intent: z.literal("recall"), requestId });

/** A deposit: the channel (under its method), the amount, and the payer's reference for manual transfers. */
export const depositSchema = z.object({
  intent: z.literal("deposit"),
  requestId,
  methodCode: z.string().regex(/^[A-Z0-9_]{1,20}$/, "validation.channelRequired"),
  channelId: z.string().regex(/^[\w-]{1,40}$/, "validation.channelRequired"),
  amount: amountField,
  transactionId: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9-]{4,64}$/, "validation.transactionIdInvalid")
    .optional(),
});

export const cancelDepositSchema = z.object({ intent: z.literal("cancel"), requestId, depositId: z.string().regex(/^[\w-]{1,40}$/) });

/** The withdraw password (decision 016): 6 to 20 characters without spaces. */
const withdrawPassword = z
  .string({ required_error: "validation.withdrawPasswordRequired" })
  .regex(/^\S{6,20}$/, "validation.withdrawPasswordRule");

export const setWithdrawPasswordSchema = z
  .object({
    intent: z.literal("setPassword"),
    newPassword: withdrawPassword,
    confirmNewPassword: z.string({ required_error: "validation.confirmRequired" }),
  })
  .refine((v) => v.newPassword === v.confirmNewPassword, { path: ["confirmNewPassword"], message: "validation.passwordsDiffer" });

export const changeWithdrawPasswordSchema = z
  .object({
    intent: z.literal("changePassword"),
    oldPassword: z.string({ required_error: "validation.withdrawPasswordRequired" }).min(1, "validation.withdrawPasswordRequired"),
    newPassword: withdrawPassword,
    confirmNewPassword: z.string({ required_error: "validation.confirmRequired" }),
  })
  .refine((v) => v.newPassword === v.confirmNewPassword, { path: ["confirmNewPassword"], message: "validation.passwordsDiffer" });

/** A bank card or e-wallet; binding is final, so the form says so before it is sent. */
export const bindCardSchema = z.object({
  intent: z.literal("bindCard"),
  cardType: z.enum(["BC", "EW"], { errorMap: () => ({ message: "validation.cardTypeRequired" }) }),
  bankCode: z.string({ required_error: "validation.bankRequired" }).regex(/^[\w-]{1,30}$/, "validation.bankRequired"),
  accountName: z
    .string({ required_error: "validation.accountNameRule" })
    .trim()
    .min(2, "validation.accountNameRule")
    .max(60, "validation.accountNameRule"),
  accountNumber: z
    .string({ required_error: "validation.accountNumberRule" })
    .trim()
    .regex(/^\d{6,30}$/, "validation.accountNumberRule"),
});

export const withdrawSchema = z.object({
  intent: z.literal("withdraw"),
  requestId,
  bankCardId: z.string({ required_error: "validation.cardRequired" }).regex(/^[\w-]{1,40}$/, "validation.cardRequired"),
  amount: amountField,
  password: z.string().max(64).optional(),
});

export const confirmWithdrawalSchema = z
  .object({
    intent: z.literal("confirm"),
    requestId,
    withdrawalId: z.string().regex(/^[\w-]{1,40}$/),
    result: z.enum(CONFIRM_RESULTS, { errorMap: () => ({ message: "validation.confirmResultRequired" }) }),
    receivedAmount: z.string().trim().optional(),
  })
  .refine((v) => v.result !== "PARTLY" || parseAmount(v.receivedAmount ?? "") !== undefined, {
    path: ["receivedAmount"],
    message: "validation.amountInvalid",
  });

/** A limit: an amount (minutes for SESSION) or empty to remove it. */
export const limitSchema = z
  .object({
    intent: z.literal("limit"),
    requestId,
    type: z.enum(LIMIT_TYPES),
    period: z.enum(LIMIT_PERIODS),
    amount: z.string().trim().optional(),
  })
  .refine(
    (v) => !v.amount || (v.type === "SESSION" ? /^\d{1,5}$/.test(v.amount) && Number(v.amount) >= 1 : parseAmount(v.amount) !== undefined),
    {
      path: ["amount"],
      message: "validation.limitInvalid",
    },
  );

export const realityCheckSchema = z.object({
  intent: z.literal("reality"),
  minutes: z.coerce.number().refine((m) => (REALITY_CHECK_MINUTES as readonly number[]).includes(m)),
});

export const selfExcludeSchema = z.object({
  intent: z.literal("exclude"),
  requestId,
  days: z.coerce.number().refine((d) => (EXCLUSION_DAYS as readonly number[]).includes(d), "validation.exclusionDays"),
  password: z.string({ required_error: "validation.passwordRequired" }).min(1, "validation.passwordRequired"),
  understood: z.literal("on", { errorMap: () => ({ message: "validation.exclusionConfirm" }) }),
});

export const uplineTransferSchema = z.object({ requestId, amount: amountField, password: z.string().max(64).optional() });
