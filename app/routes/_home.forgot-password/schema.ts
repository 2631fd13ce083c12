import { z } from "zod";
import { dialingCode, mobileNumber } from "~/domain/login";
import { newPassword } from "~/domain/passwords";
import { PATTERN_RULES } from "~/domain/patterns";

// Forgot password (docs/SPEC.md point 5): by email, the user name and a valid email; by phone, a valid
// mobile, the SMS code and a new password that passes the password rule.
export const emailResetSchema = z.object({
  username: z
    .string({ required_error: "validation.usernameRequired" })
    .trim()
    .min(1, "validation.usernameRequired")
    .max(64, "validation.tooLong")
    .refine((v) => PATTERN_RULES[9]!(v), "auth:forgot.usernameInvalid"),
  email: z
    .string({ required_error: "auth:forgot.emailRequired" })
    .trim()
    .min(1, "auth:forgot.emailRequired")
    .refine((v) => PATTERN_RULES[3]!(v), "auth:forgot.emailInvalid"),
});

export const phoneResetSchema = z
  .object({
    countryDialingCode: dialingCode,
    mobileNum: mobileNumber,
    verificationCode: z.string().trim().max(8, "validation.tooLong").optional(),
    newPassword: newPassword.optional(),
    intent: z.string().optional(),
  })
  .superRefine((v, ctx) => {
    if (v.intent === "send-code") return;
    if (!v.verificationCode) ctx.addIssue({ code: "custom", path: ["verificationCode"], message: "auth:sms.codeRequired" });
    if (!v.newPassword) ctx.addIssue({ code: "custom", path: ["newPassword"], message: "validation.required" });
  });
