import type { Sql } from "../db/db";
import { deviceHash } from "./two-factor";
import { hashPassword, randomAlphanumeric } from "../crypto";
import { clubLabels } from "../db/seed-data";
import { PlatformError } from "../http/context";
import { message } from "../messages";
import { parsePatternDate } from "../patterns";
import { type AccountContext, completeLogin, type LoginResult, merchantDefaultPassword } from "./complete-login";
import { findMemberById, findMemberByUsername } from "./members";
import { settingNumber } from "./merchants";
import { defaultDialingCode, isServedDialingCode, mobileHolder, normalizePhone, type Phone, releaseUnverifiedMobile } from "./phones";
import { affiliateAccountType } from "./agents";
import { affiliateOwner, type RegisterField, referralOwner, registerFields } from "./register-settings";
import { ageOn, PASSWORD_FIELDS, type RegisterMode, validateRegistration } from "./register-validation";
import { newReferralCode } from "./referral-codes";
import { recordEvent } from "./security-events";
import { verifyCode } from "./verification-codes";

// PUT /wps/member/register and /wps/member/register/mobile.

export const REGISTER_FIELDS = [
  "username",
  "password",
  "confirmPassword",
  "payeeName",
  "email",
  "qqNum",
  "mobileNum",
  "recommenderId",
  "verificationCode",
  "affiliateCode",
  "referralCode",
  "paymentPassword",
  "line",
  "whatsapp",
  "facebook",
  "wechat",
  "idNumber",
  "birthday",
] as const;

export type RegisterPayload = Partial<Record<(typeof REGISTER_FIELDS)[number], string>> & {
  countryDialingCode?: string;
  login?: boolean;
  registerMethod?: string;
  registerUrl?: string;
  domain?: string;
  loginDeviceId?: string;
};

const PROFILE_FIELDS = ["qqNum", "recommenderId", "line", "whatsapp", "facebook", "wechat", "idNumber"] as const;

function uniqueViolation(err: unknown): string | null {
  const e = err as { code?: string; constraint?: string; message?: string };
  if (e?.code !== "23505") return null;
  return e.constraint ?? e.message ?? "";
}

export type RegisterResult = LoginResult | { customerId: number; userName: string };

export interface CheckedValues {
  fields: RegisterField[];
  /** The enabled fields among those checked. */
  enabled: Set<string>;
  /** Every REGISTER_FIELDS value: text trimmed, passwords as typed, missing "". */
  values: Record<string, string>;
  phone: Phone | null;
  /** One message per failing field; empty when all pass. */
  fieldErrors: Record<string, string>;
}

/**
 * The merchant's register rules (/wps/system/setting/register) applied to a payload, as a
 * registration applies them; `only` limits them to those fields (the agent's register centre asks
 * for the user name, passwords and contact fields, not the rest of the form).
 */
export async function checkRegisterValues(
  ctx: AccountContext,
  payload: RegisterPayload,
  mode: RegisterMode,
  only?: ReadonlySet<string>,
): Promise<CheckedValues> {
  const { db, merchant, lang, modules } = ctx;
  const all = await registerFields(db, merchant.code, modules);
  const fields = only ? all.filter((f) => only.has(f.field)) : all;
  const enabled = new Set(fields.filter((f) => f.enabled).map((f) => f.field));
  const values: Record<string, string> = {};
  for (const name of REGISTER_FIELDS) {
    const raw = payload[name] ?? "";
    values[name] = PASSWORD_FIELDS.has(name) ? raw : raw.trim();
  }
  const mobilePassword = modules.has("MOBILENUMPASSREG3");
  const fieldErrors = validateRegistration(fields, values, mode, { mobilePassword }, lang);

  let phone: Phone | null = null;
  const usesMobile = mode === "mobile" || enabled.has("mobileNum");
  if (values.mobileNum && usesMobile && !fieldErrors.mobileNum) {
    phone = normalizePhone(values.mobileNum, payload.countryDialingCode, await defaultDialingCode(db, merchant.code));
    if (!phone || !(await isServedDialingCode(db, merchant.code, phone.countryDialingCode))) {
      fieldErrors.mobileNum = message("mobile.invalid", lang);
    }
  }
  if (mode === "mobile" && !phone && !fieldErrors.mobileNum) fieldErrors.mobileNum = message("field.required", lang);
  return { fields, enabled, values, phone, fieldErrors };
}

export function fieldsRefused(fieldErrors: Record<string, string>): PlatformError {
  return new PlatformError("register.field.invalid", "register.field.invalid", 200, { value: { fieldErrors } });
}

/**
 * register.username.taken / register.mobile.taken before the insert (the unique indexes decide in
 * the end). The number's owner registering (`owner`) is not refused a number only an unverified
 * downline holds: that claim gives way (decision 037). An agent's downline is refused any held number.
 */
export async function ensureAccountFree(sql: Sql, merchant: string, username: string, phone: Phone | null, owner = false): Promise<void> {
  if (await findMemberByUsername(sql, merchant, username)) throw new PlatformError("register.username.taken", "register.username.taken");
  const holder = phone ? await mobileHolder(sql, merchant, phone.full) : null;
  if (holder && (holder.verified || !owner)) throw new PlatformError("register.mobile.taken", "register.mobile.taken");
}

export interface NewAccount {
  username: string;
  passwordHash: string;
  accountType: number;
  nickname: string;
  phone: Phone | null;
  email: string | null;
  payeeName: string;
  birthday: string | null;
  profile: Record<string, string | undefined>;
  paymentHash: string | null;
  referredBy: number | null;
  uplineId: number | null;
  ip: string;
  registerInfo: Record<string, unknown>;
  now: Date;
  /** False for a number nobody proved (a downline's, typed by its agent); true when absent. */
  mobileVerified?: boolean;
}

/**
 * One INSERT of a new account with a fresh referral code; the tree trigger writes its member_tree
 * rows in the same statement. A unique violation throws: see accountConflict.
 */
export async function insertAccount(sql: Sql, merchant: string, a: NewAccount): Promise<number> {
  const [row] = await sql.query<{ id: number }>(
    `INSERT INTO members (merchant, username, password_hash, account_type, nickname, mobile, mobile_country, email,
                          payee_name, birthday, profile, payment_password_hash, referral_code, referred_by, upline_id,
                          club_label, first_login, password_changed_at, registered_ip, register_info, created_at, mobile_verified)
     VALUES ($1, $2, $3, $18, $19, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13,
             $17, true, $14, $15, $16, $14, $20)
     RETURNING id`,
    [
      merchant,
      a.username,
      a.passwordHash,
      a.phone?.full ?? null,
      a.phone?.countryDialingCode ?? null,
      a.email,
      a.payeeName,
      a.birthday,
      JSON.stringify(a.profile),
      a.paymentHash,
      newReferralCode(),
      a.referredBy,
      a.uplineId,
      a.now,
      a.ip,
      JSON.stringify(a.registerInfo),
      JSON.stringify(clubLabels[1]),
      a.accountType,
      a.nickname,
      a.mobileVerified ?? true,
    ],
  );
  if (!row) throw new Error("member insert returned no id");
  return row.id;
}

/** Which unique index an insertAccount failure hit ("referral": retry with another code); null when it is no unique violation. */
export function accountConflict(err: unknown): "referral" | "mobile" | "username" | null {
  const constraint = uniqueViolation(err);
  if (constraint === null) return null;
  if (constraint.includes("members_merchant_referral")) return "referral";
  if (constraint.includes("members_merchant_mobile")) return "mobile";
  return "username";
}

export async function register(ctx: AccountContext, payload: RegisterPayload, mode: RegisterMode): Promise<RegisterResult> {
  const { db, merchant, ip, now, lang, modules } = ctx;
  const { fields, enabled, values, phone, fieldErrors } = await checkRegisterValues(ctx, payload, mode);
  if (Object.keys(fieldErrors).length > 0) throw fieldsRefused(fieldErrors);

  const birthdayField = fields.find((f) => f.field === "birthday" && f.enabled);
  let birthday: string | null = null;
  if (birthdayField && values.birthday) {
    const date = parsePatternDate(values.birthday, birthdayField.patternId === 13 ? 13 : 11);
    const minimumAge = settingNumber(merchant, "minimumAge", 18);
    if (!date || ageOn(date, now) < minimumAge)
      throw new PlatformError("register.age.required", "register.age.required", 200, { vars: { minimumAge } });
    birthday = `${date.year}-${String(date.month).padStart(2, "0")}-${String(date.day).padStart(2, "0")}`;
  }

  const invalidCode = () => new PlatformError("invitation.code.invalid", "invitation.code.invalid");
  let uplineId: number | null = null;
  let accountType = 0;
  if (values.affiliateCode && enabled.has("affiliateCode")) {
    uplineId = await affiliateOwner(db, merchant.code, values.affiliateCode, payload.domain);
    if (uplineId === null) throw invalidCode();
    // An agent's code for sub-agents opens an agent account under it (decision 025).
    accountType = await affiliateAccountType(db, merchant.code, values.affiliateCode);
  }
  let referredBy: number | null = null;
  if (values.referralCode && enabled.has("referralCode")) {
    referredBy = await referralOwner(db, merchant.code, values.referralCode);
    if (referredBy === null) throw invalidCode();
  }

  const username = mode === "mobile" && phone ? phone.full : (values.username ?? "");
  await ensureAccountFree(db, merchant.code, username, phone, true);

  if (modules.has("REGMOBVERF3")) {
    if (!phone) {
      const fieldErrors = { mobileNum: message("field.required", lang) };
      throw new PlatformError("register.field.invalid", "register.field.invalid", 200, { value: { fieldErrors } });
    }
    await verifyCode(db, {
      merchant: merchant.code,
      channel: "sms",
      target: phone.full,
      purposes: ["register"],
      code: values.verificationCode ?? "",
      now,
    });
  }

  const password = values.password || randomAlphanumeric(24);
  const passwordHash = await hashPassword(password);
  const paymentHash = values.paymentPassword && enabled.has("paymentPassword") ? await hashPassword(values.paymentPassword) : null;
  const profile = Object.fromEntries(PROFILE_FIELDS.filter((f) => values[f] && enabled.has(f)).map((f) => [f, values[f]]));
  const registerInfo = {
    mode,
    registerMethod: payload.registerMethod ?? "",
    registerUrl: payload.registerUrl ?? "",
    domain: payload.domain ?? "",
    // Hashed: the raw id is what lets a browser skip two-factor.
    loginDevice: deviceHash(payload.loginDeviceId) ?? "",
    // MCS2_getAffiliateLinks counts the registrations of each code.
    ...(uplineId !== null ? { affiliateCode: values.affiliateCode!.toUpperCase() } : {}),
  };

  let memberId: number | null = null;
  for (let attempt = 0; memberId === null; attempt++) {
    try {
      // The number's owner takes it from a downline that only its agent said it had (decision 037).
      memberId = await db.tx(async (sql) => {
        const released = phone ? await releaseUnverifiedMobile(sql, merchant.code, phone.full) : [];
        for (const id of released) await recordEvent(sql, { merchant: merchant.code, memberId: id, kind: "mobile.released", ip, at: now });
        return insertAccount(sql, merchant.code, {
          username,
          passwordHash,
          accountType,
          nickname: username,
          phone,
          email: values.email && enabled.has("email") ? values.email.toLowerCase() : null,
          payeeName: enabled.has("payeeName") ? (values.payeeName ?? "") : "",
          birthday,
          profile,
          paymentHash,
          referredBy,
          uplineId,
          ip,
          registerInfo,
          now,
        });
      });
    } catch (err) {
      const conflict = accountConflict(err);
      if (conflict === null) throw err;
      if (conflict === "referral" && attempt < 3) continue;
      if (conflict === "mobile") throw new PlatformError("register.mobile.taken", "register.mobile.taken");
      throw new PlatformError("register.username.taken", "register.username.taken");
    }
  }

  await recordEvent(db, { merchant: merchant.code, memberId, kind: "register", ip, at: now, detail: { mode, upline: uplineId !== null } });
  const member = await findMemberById(db, memberId);
  if (!member) throw new Error(`registered member ${memberId} vanished`);
  if (payload.login === false) return { customerId: member.id, userName: member.username };
  return completeLogin(ctx, member, {
    method: "register",
    defaultPassword: password === merchantDefaultPassword(merchant),
    device: deviceHash(payload.loginDeviceId),
  });
}
