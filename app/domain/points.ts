// The point mall's forms (docs/SPEC.md points 3 and 5, decision 027): a redemption or a conversion needs
// the withdraw password, a mobile number and a receiving address (a Zalo ID for a bonus, a
// WhatsApp number for goods and conversions).
import { z } from "zod";

const requestId = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, "validation.formExpired");
const confirmation = {
  requestId,
  password: z
    .string({ required_error: "validation.withdrawPasswordRequired" })
    .min(1, "validation.withdrawPasswordRequired")
    .max(64, "validation.tooLong"),
  mobile: z
    .string({ required_error: "validation.mobileInvalid" })
    .trim()
    .regex(/^\+?[\d\s-]{6,20}$/, "validation.mobileInvalid"),
  receivingAddress: z.string({ required_error: "points.addressRule" }).trim().min(3, "points.addressRule").max(100, "points.addressRule"),
};

export const redeemSchema = z.object({
  intent: z.literal("redeem"),
  rewardId: z.string({ required_error: "validation.formExpired" }).regex(/^\d{1,15}$/, "validation.formExpired"),
  ...confirmation,
});

export const convertSchema = z.object({
  intent: z.literal("convert"),
  points: z
    .string({ required_error: "points.pointsRequired" })
    .trim()
    .regex(/^\d{1,9}(\.\d{1,2})?$/, "points.pointsInvalid")
    .transform(Number),
  ...confirmation,
});

export const POINT_TABS = ["rewards", "convert", "history", "details"] as const;
export type PointTab = (typeof POINT_TABS)[number];

/** Which receiving address a reward asks for (docs/SPEC.md point 5's prompts). */
export function addressKind(
  addressType: string | null | undefined,
  rewardType: string | null | undefined,
): "ZALO" | "WHATSAPP" | "ADDRESS" {
  const t = (addressType ?? "").toUpperCase();
  if (t === "ZALO" || t === "WHATSAPP" || t === "ADDRESS") return t;
  return (rewardType ?? "").toUpperCase() === "BONUS" ? "ZALO" : "WHATSAPP";
}
