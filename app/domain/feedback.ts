// Feedback and complaints (docs/SPEC.md points 3 and 5, decision 026): the form's fields.
import { z } from "zod";

export const FEEDBACK_TYPES = ["DEPOSIT", "WITHDRAW", "GAME", "SERVICE", "APPLY", "OTHER"] as const;
/** The app's own bound on what it forwards; the platform holds the operator's bounds (10–500 by default). */
export const FEEDBACK_MAX_CHARS = 2000;

export const feedbackSchema = z.object({
  requestId: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, "validation.formExpired"),
  questionType: z.enum(FEEDBACK_TYPES, { errorMap: () => ({ message: "validation.required" }) }),
  content: z
    .string({ required_error: "validation.required" })
    .trim()
    .min(1, "validation.required")
    .max(FEEDBACK_MAX_CHARS, "validation.tooLong"),
});
