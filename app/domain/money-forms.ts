// The money forms' fields (member centre, decision 016): shared by the forms and their actions.
import { z } from "zod";
import { MAIN_WALLET, parseAmount } from "./money";

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
