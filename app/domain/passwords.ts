import { z } from "zod";
import { message } from "./messages";

// Passwords: 8 to 64 characters, any characters (issue 3), unless the platform's rule says otherwise.
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 64;

export const newPassword = z
  .string({ required_error: "validation.required" })
  .min(1, "validation.required")
  .min(PASSWORD_MIN, message("auth:password.rule", PASSWORD_MIN, PASSWORD_MAX))
  .max(PASSWORD_MAX, message("auth:password.rule", PASSWORD_MIN, PASSWORD_MAX));

export const changePasswordSchema = z
  .object({
    oldPassword: z.string({ required_error: "validation.required" }).min(1, "validation.required"),
    newPassword,
    confirmNewPassword: z.string({ required_error: "validation.required" }).min(1, "validation.required"),
  })
  .superRefine((v, ctx) => {
    if (v.confirmNewPassword && v.newPassword !== v.confirmNewPassword) {
      ctx.addIssue({ code: "custom", path: ["confirmNewPassword"], message: "validation.inconsistent_twice" });
    }
  });
