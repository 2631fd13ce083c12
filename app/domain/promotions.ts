// Promotions (docs/SPEC.md points 2, 4 and 5; decision 027): the statuses and the application form.
import { z } from "zod";

export const PROMOTION_REMARK_MAX = 140;

/** docs/SPEC.md point 4's statuses as the platform's codes. */
export const PROMOTION_STATUSES = [
  "JOIN",
  "CLAIM",
  "APPLYING",
  "REJECTED",
  "ISSUED",
  "CLAIMED",
  "PROCESS",
  "JOINED",
  "SIGNED",
  "CLOSED",
  "COMING_SOON",
] as const;

/** What a status lets the player do on the detail page. */
export type PromotionAction = "apply" | "join" | "claim" | "login" | "none";

export function promotionAction(
  p: { status: string; applyForm?: boolean | null; canJoin?: boolean | null; canClaim?: boolean | null },
  signedIn: boolean,
): PromotionAction {
  if (p.status === "CLOSED" || p.status === "COMING_SOON") return "none";
  if (!signedIn) return p.status === "JOIN" ? "login" : "none";
  if (p.canClaim || p.status === "CLAIM" || p.status === "ISSUED") return "claim";
  if (p.canJoin || p.status === "JOIN") return p.applyForm ? "apply" : "join";
  return "none";
}

export const applySchema = z.object({
  requestId: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, "validation.formExpired"),
  remark: z
    .string({ required_error: "validation.required" })
    .trim()
    .min(1, "validation.required")
    .max(PROMOTION_REMARK_MAX, "promotions.remarkTooLong"),
});
