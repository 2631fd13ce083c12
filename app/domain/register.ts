import { z } from "zod";
import { message } from "./messages";
import { passesRule, type FieldRule } from "./patterns";

// Registration (docs/SPEC.md points 2, 3 and 5): which fields show, which are required, and the
// schema both the browser and the server check them with. The platform's register settings
// (GET /wps/system/setting/register) decide; these rules sit on top.

export type RegisterField = FieldRule & {
  field: string;
  enabled: boolean;
  required: boolean;
  type?: string | null;
  sort?: number | null;
};

export type RegisterMode = "account" | "mobile";

export type RegisterOptions = {
  mode: RegisterMode;
  /** REGMOBVERF3: a verification code by SMS is part of registering with a mobile number. */
  smsVerification: boolean;
  /** MOBILENUMPASSREG3: mobile registration asks for a password. */
  mobilePassword: boolean;
  minimumAge: number;
};

/** Where the platform gives no order. */
const DEFAULT_ORDER = [
  "username",
  "mobileNum",
  "verificationCode",
  "password",
  "confirmPassword",
  "paymentPassword",
  "payeeName",
  "email",
  "birthday",
  "idNumber",
  "qqNum",
  "line",
  "whatsapp",
  "facebook",
  "wechat",
  "recommenderId",
  "affiliateCode",
  "referralCode",
];

/** Fields the app knows how to show; anything else the platform lists is ignored. */
export const KNOWN_FIELDS = new Set(DEFAULT_ORDER);

const fallback = (field: string, rule: Partial<RegisterField> = {}): RegisterField => ({
  field,
  enabled: true,
  required: true,
  patternId: 0,
  acceptedPattern: "*",
  minLength: 1,
  maxLength: 64,
  ...rule,
});

/** The fields the form shows, in order, with their effective required flag. */
export function formFields(settings: RegisterField[], options: RegisterOptions): RegisterField[] {
  const byName = new Map(settings.filter((s) => KNOWN_FIELDS.has(s.field)).map((s) => [s.field, s]));
  const shown = new Map<string, RegisterField>();
  for (const s of byName.values()) if (s.enabled) shown.set(s.field, { ...s });

  if (options.mode === "account") {
    // Username and password are always required in account mode.
    shown.set("username", {
      ...(byName.get("username") ?? fallback("username", { patternId: 1, minLength: 6, maxLength: 16 })),
      enabled: true,
      required: true,
    });
    shown.set("password", {
      ...(byName.get("password") ?? fallback("password", { minLength: 8, maxLength: 64 })),
      enabled: true,
      required: true,
    });
  } else {
    // In mobile registration the user name is the mobile number.
    shown.delete("username");
    shown.set("mobileNum", {
      ...(byName.get("mobileNum") ?? fallback("mobileNum", { patternId: 6, minLength: 7, maxLength: 15 })),
      enabled: true,
      required: true,
    });
    if (options.mobilePassword) {
      shown.set("password", {
        ...(byName.get("password") ?? fallback("password", { minLength: 8, maxLength: 64 })),
        enabled: true,
        required: true,
      });
    } else {
      shown.delete("password");
      shown.delete("confirmPassword");
    }
  }
  // A verification code comes with a mobile number when SMS verification is on; never without one.
  if (options.smsVerification && shown.has("mobileNum")) {
    shown.set("verificationCode", {
      ...(byName.get("verificationCode") ?? fallback("verificationCode", { patternId: 6, minLength: 4, maxLength: 8 })),
      enabled: true,
      required: true,
    });
  } else {
    shown.delete("verificationCode");
  }
  // Mobile number and payment password are required whenever shown.
  for (const always of ["mobileNum", "paymentPassword"]) {
    const f = shown.get(always);
    if (f) f.required = true;
  }
  if (!shown.has("password")) shown.delete("confirmPassword");
  const confirm = shown.get("confirmPassword");
  if (confirm) Object.assign(confirm, { required: true });

  const order = (f: RegisterField) => f.sort ?? 1000 + DEFAULT_ORDER.indexOf(f.field);
  return [...shown.values()].sort((a, b) => order(a) - order(b));
}

const trimmed = z.preprocess((v) => (typeof v === "string" ? v.trim() : v), z.string().optional());

/**
 * Bidirectional controls (U+202A–U+202E, U+2066–U+2069, U+200E, U+200F, U+061C): invisible, they
 * make a name read as another. Refused in every name a player or agent types (decision 037).
 */
// eslint-disable-next-line no-misleading-character-class
const DIRECTION_CONTROLS = /[\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]/u;

export function hasDirectionControl(text: string): boolean {
  return DIRECTION_CONTROLS.test(text);
}

export function fieldSchema(f: RegisterField) {
  // Passwords are taken as typed; everything else is trimmed.
  const base = f.field.toLowerCase().includes("password") ? z.string().optional() : trimmed;
  return base.superRefine((value, ctx) => {
    if (!value) {
      if (f.required) ctx.addIssue({ code: "custom", message: "validation.required" });
      return;
    }
    if (f.field === "confirmPassword") return; // checked against the password below
    if (!f.field.toLowerCase().includes("password") && hasDirectionControl(value)) {
      ctx.addIssue({ code: "custom", message: "validation.directionControl" });
      return;
    }
    if (!passesRule(value, f)) {
      ctx.addIssue({ code: "custom", message: message(`pattern.${f.patternId ?? 0}`, f.minLength, f.maxLength) });
    }
  });
}

/** The schema of the register form for these settings; the same on the server and in the browser. */
export function registerSchema(settings: RegisterField[], options: RegisterOptions) {
  const fields = formFields(settings, options);
  const shape: Record<string, z.ZodTypeAny> = {
    countryDialingCode: z.string().regex(/^\d{1,4}$/, "validation.required"),
    ageConfirmed: z.literal("on", { errorMap: () => ({ message: message("register.ageRequired", options.minimumAge) }) }),
    termsAccepted: z.literal("on", { errorMap: () => ({ message: "register.termsRequired" }) }),
  };
  for (const f of fields) shape[f.field] = fieldSchema(f);
  return z.object(shape).superRefine((value, ctx) => {
    if (fields.some((f) => f.field === "confirmPassword") && value.confirmPassword && value.confirmPassword !== value.password) {
      ctx.addIssue({ code: "custom", path: ["confirmPassword"], message: "validation.inconsistent_twice" });
    }
  });
}

/** What the platform receives: the form's fields plus the payload fields of docs/SPEC.md point 3. */
export function registerPayload(
  value: Record<string, unknown>,
  options: RegisterOptions,
  context: { registerUrl: string; domain: string; affiliateCode?: string; referralCode?: string },
): Record<string, unknown> {
  const { ageConfirmed: _a, termsAccepted: _t, ...fields } = value;
  const payload: Record<string, unknown> = { ...fields };
  if (options.mode === "mobile") payload.username = payload.mobileNum;
  // Password confirmation is set equal to the password when the form does not ask for it.
  if (payload.password !== undefined && payload.confirmPassword === undefined) payload.confirmPassword = payload.password;
  payload.affiliateCode ??= context.affiliateCode;
  payload.referralCode ??= context.referralCode;
  return {
    ...payload,
    login: true,
    registerMethod: "WEB",
    registerUrl: context.registerUrl,
    domain: context.domain,
  };
}
