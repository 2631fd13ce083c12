import { z } from "zod";
import { errorMessage } from "~/domain/errors";
import type { PlatformError } from "~/gateway/index.server";

const fieldErrorsValue = z.object({ fieldErrors: z.record(z.string()) });

/**
 * A registration refused by the platform, as the form shows it: its per-field errors under their
 * fields, a taken name or number under that field, anything else above the form. Used by the
 * register modal and the agent's register centre, which register through the same rules.
 */
export function registerRefusal(error: PlatformError): { fieldErrors?: Record<string, string[]>; formErrors?: string[] } {
  const fieldErrors = fieldErrorsValue.safeParse(error.value);
  if (fieldErrors.success)
    return { fieldErrors: Object.fromEntries(Object.entries(fieldErrors.data.fieldErrors).map(([k, v]) => [k, [v]])) };
  const text = errorMessage(error.errorCode, error.message);
  const field =
    error.errorCode === "register.username.taken"
      ? "username"
      : error.errorCode === "register.mobile.taken"
        ? "mobileNum"
        : error.errorCode.startsWith("verification.code")
          ? "verificationCode"
          : error.errorCode === "invitation.code.invalid"
            ? "referralCode"
            : null;
  if (!field) return { formErrors: [text] };
  return { fieldErrors: { [field]: [text] }, formErrors: error.errorCode === "invitation.code.invalid" ? [text] : [] };
}
