import { z } from "zod";

// Login (docs/SPEC.md point 5). Messages are translation keys: the same schema serves the server and
// the browser in any language.

const checkbox = z.literal("on").optional();

export const usernameLoginSchema = z.object({
  username: z
    .string({ required_error: "validation.usernameRequired" })
    .trim()
    .min(1, "validation.usernameRequired")
    .max(64, "validation.tooLong"),
  password: z
    .string({ required_error: "validation.passwordRequired" })
    .min(1, "validation.passwordRequired")
    .max(128, "validation.tooLong"),
  captcha: z.string().trim().max(12, "validation.tooLong").optional(),
  remember: checkbox,
  redirectTo: z.string().optional(),
});

/** A mobile number: digits only, 6 to 15 of them. */
export const mobileNumber = z
  .string({ required_error: "auth:sms.mobileRequired" })
  .trim()
  .min(1, "auth:sms.mobileRequired")
  .regex(/^[0-9]{6,15}$/, "auth:sms.mobileInvalid");

export const dialingCode = z.string({ required_error: "validation.required" }).regex(/^[0-9]{1,4}$/, "validation.required");

/** SMS login; the same form sends the code (intent "send-code"), when the code is not needed yet. */
export const smsLoginSchema = z
  .object({
    countryDialingCode: dialingCode,
    mobileNum: mobileNumber,
    code: z.string().trim().max(8, "validation.tooLong").optional(),
    intent: z.string().optional(),
    remember: checkbox,
    redirectTo: z.string().optional(),
  })
  .superRefine((value, ctx) => {
    if (value.intent !== "send-code" && !value.code) ctx.addIssue({ code: "custom", path: ["code"], message: "auth:sms.codeRequired" });
  });

/** Sending a code needs only the number. */
export const sendCodeSchema = z.object({ countryDialingCode: dialingCode, mobileNum: mobileNumber });
