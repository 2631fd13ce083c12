import { z } from "zod";

export const twoFactorSchema = z
  .object({
    method: z.string({ required_error: "validation.required" }).min(1, "validation.required"),
    code: z.string().trim().max(8, "validation.tooLong").optional(),
    intent: z.string().optional(),
  })
  .superRefine((value, ctx) => {
    if (value.intent !== "send-code" && !value.code) ctx.addIssue({ code: "custom", path: ["code"], message: "auth:sms.codeRequired" });
  });
