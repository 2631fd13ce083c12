// The agent centre's forms (decision 025): shared by the forms and their actions.
import { z } from "zod";
import { amountField } from "./money-forms";
import { fieldSchema, formFields, hasDirectionControl, type RegisterField } from "./register";

const requestId = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, "validation.formExpired");
const customerId = z.string({ required_error: "validation.required" }).regex(/^\d{1,15}$/, "validation.required");

/** Money to a direct downline, confirmed with the withdraw password. */
export const downlineTransferSchema = z.object({
  intent: z.literal("transfer"),
  requestId,
  downlineId: customerId,
  amount: amountField,
  password: z.string().max(64).optional(),
});

/** The contract types' URL names and what each page shows (docs/SPEC.md point 3, "Contracts"). */
export const CONTRACT_PAGES = {
  DIVIDEND: { page: "agentDividendRecordCopy2", path: "/agent/dividend" },
  DAILY: { page: "agentDailyWages2", path: "/agent/daily-salary" },
  HOURLY: { page: "agentHourSalary", path: "/agent/hourly-salary" },
  REALTIME: { page: "agentRealtimeSalary", path: "/agent/realtime-salary" },
} as const;

/** The terms each contract type carries, in the order the offer form asks for them. */
export const CONTRACT_TERMS = {
  DIVIDEND: ["rate", "period", "periodValidBet", "periodProfitLoss", "activeMembers"],
  DAILY: ["rate", "periodValidBet", "activeMembers"],
  HOURLY: ["rate", "betAmount", "activeMembers"],
  REALTIME: ["rate", "singleBetSalary", "winRate", "lossRate"],
} as const;

export const CONTRACT_PERIODS = ["D", "W", "H", "M"] as const;

const percent = z
  .string({ required_error: "validation.required" })
  .trim()
  .min(1, "validation.required")
  .regex(/^\d{1,3}(\.\d{1,2})?$/, "validation.rateInvalid")
  .transform(Number)
  .refine((v) => v >= 0 && v <= 100, "validation.rateInvalid");
const optionalPercent = z.preprocess((v) => (v === "" || v == null ? "0" : v), percent);
const amount = z.preprocess(
  (v) => (v === "" || v == null ? "0" : v),
  z
    .string()
    .trim()
    .regex(/^\d{1,12}(\.\d{1,2})?$/, "validation.amountInvalid")
    .transform(Number),
);
const members = z.preprocess(
  (v) => (v === "" || v == null ? "0" : v),
  z
    .string()
    .trim()
    .regex(/^\d{1,6}$/, "validation.countInvalid")
    .transform(Number),
);

const TERM_FIELDS = {
  rate: percent,
  period: z.enum(CONTRACT_PERIODS, { errorMap: () => ({ message: "validation.required" }) }),
  periodValidBet: amount,
  periodProfitLoss: amount,
  activeMembers: members,
  betAmount: amount,
  singleBetSalary: amount,
  winRate: optionalPercent,
  lossRate: optionalPercent,
} as const;

export type ContractKind = keyof typeof CONTRACT_TERMS;

/** An offer of a contract of this type to a direct sub-agent; `confirm` after the affected list was shown. */
export function contractOfferSchema(type: ContractKind) {
  const shape: Record<string, z.ZodTypeAny> = {
    intent: z.enum(["preview", "offer"]),
    requestId,
    downlineId: customerId,
    confirm: z.literal("on").optional(),
  };
  for (const term of CONTRACT_TERMS[type]) shape[term] = TERM_FIELDS[term];
  return z.object(shape);
}

/** An answer to a contract: accept, reject, ask to terminate, withdraw one's own request. */
export const contractMoveSchema = z.object({
  intent: z.enum(["accept", "reject", "terminate", "cancel"]),
  requestId,
  contractId: customerId,
});

/**
 * Opening a downline account in the register centre: member or sub-agent, with the fields and rules
 * of registration (the platform's register settings) for the user name, password, mobile number
 * and email; codes, captcha and the age and terms boxes are the player's own steps, not the agent's.
 */
export function downlineSchema(settings: RegisterField[]) {
  const fields = formFields(settings, { mode: "account", smsVerification: false, mobilePassword: true, minimumAge: 0 });
  const rule = (name: string) => fields.find((f) => f.field === name);
  const shape: Record<string, z.ZodTypeAny> = {
    intent: z.literal("register"),
    requestId,
    accountType: z.enum(["0", "1"], { errorMap: () => ({ message: "validation.required" }) }),
    username: fieldSchema(rule("username")!),
    password: fieldSchema(rule("password")!),
    confirmPassword: z.string({ required_error: "validation.required" }).min(1, "validation.required"),
    nickname: z.preprocess(
      (v) => (typeof v === "string" ? v.trim() : v),
      z
        .string()
        .max(32, "validation.tooLong")
        .refine((v) => !hasDirectionControl(v), "validation.directionControl")
        .optional(),
    ),
  };
  for (const contact of DOWNLINE_CONTACT_FIELDS) {
    const f = rule(contact);
    if (f) shape[contact] = fieldSchema(f);
  }
  return z.object(shape).superRefine((value, ctx) => {
    if (value.confirmPassword && value.confirmPassword !== value.password) {
      ctx.addIssue({ code: "custom", path: ["confirmPassword"], message: "validation.inconsistent_twice" });
    }
  });
}

/** Contact fields of registration the register centre asks for when the settings show them. */
export const DOWNLINE_CONTACT_FIELDS = ["mobileNum", "email"] as const;
