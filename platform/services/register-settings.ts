import type { Sql } from "../db/db";
import type { FieldType } from "../db/seed-accounts-data";
import { acceptedPattern, isPatternId, type PatternId } from "../patterns";
import { type Merchant, settingNumber, settingString } from "./merchants";

// GET /wps/system/setting/register and the merchant settings the register form needs.

export interface RegisterField {
  field: string;
  enabled: boolean;
  required: boolean;
  acceptedPattern: string;
  patternId: PatternId;
  minLength: number;
  maxLength: number;
  type: FieldType;
  sort: number;
}

/**
 * The merchant's field rules as clients see them. Required also reflects the modules: with
 * REGMOBVERF3 on, the SMS code and the mobile number it goes to are required; username and
 * passwords always are.
 */
export async function registerFields(sql: Sql, merchant: string, modules: Set<string>): Promise<RegisterField[]> {
  const rows = await sql.query<{
    field: string;
    enabled: boolean;
    required: boolean;
    pattern_id: number;
    min_length: number;
    max_length: number;
    type: FieldType;
    sort: number;
  }>(
    "SELECT field, enabled, required, pattern_id, min_length, max_length, type, sort FROM register_fields WHERE merchant = $1 ORDER BY sort, field",
    [merchant],
  );
  const smsOn = modules.has("REGMOBVERF3");
  return rows.map((row) => {
    const patternId: PatternId = isPatternId(row.pattern_id) ? row.pattern_id : 0;
    const alwaysRequired = ["username", "password", "confirmPassword"].includes(row.field);
    const smsRequired = smsOn && (row.field === "verificationCode" || row.field === "mobileNum");
    const enabled = row.enabled || alwaysRequired || smsRequired;
    return {
      field: row.field,
      enabled,
      required: enabled && (row.required || alwaysRequired || smsRequired),
      acceptedPattern: acceptedPattern(patternId),
      patternId,
      minLength: row.min_length,
      maxLength: row.max_length,
      type: row.type,
      sort: row.sort,
    };
  });
}

export interface PasswordRule {
  min: number;
  max: number;
}

/** Change and reset by phone: the merchant's bounds, 8–64 unless set; any characters. */
export function passwordRule(merchant: Merchant): PasswordRule {
  const min = Math.max(1, Math.floor(settingNumber(merchant, "passwordMinLength", 8)));
  const max = Math.max(min, Math.floor(settingNumber(merchant, "passwordMaxLength", 64)));
  return { min, max };
}

/** status.info.settings additions (decision 008). */
export function registerSettingsInfo(merchant: Merchant) {
  const rule = passwordRule(merchant);
  return {
    minimumAge: settingNumber(merchant, "minimumAge", 18),
    termsUrl: settingString(merchant, "termsUrl", ""),
    passwordMinLength: rule.min,
    passwordMaxLength: rule.max,
  };
}

/** The member an affiliate code belongs to (case-insensitive; a code may be tied to a domain). */
export async function affiliateOwner(sql: Sql, merchant: string, code: string, domain?: string | null): Promise<number | null> {
  const [row] = await sql.query<{ member_id: number; domain: string | null }>(
    `SELECT a.member_id, a.domain FROM affiliate_codes a JOIN members m ON m.id = a.member_id
      WHERE a.merchant = $1 AND a.code = upper($2) AND a.enabled`,
    [merchant, code.trim()],
  );
  if (!row) return null;
  if (row.domain && domain && row.domain.toLowerCase() !== domain.trim().toLowerCase()) return null;
  return row.member_id;
}

export async function referralOwner(sql: Sql, merchant: string, code: string): Promise<number | null> {
  const [row] = await sql.query<{ id: number }>("SELECT id FROM members WHERE merchant = $1 AND upper(referral_code) = upper($2)", [
    merchant,
    code.trim(),
  ]);
  return row?.id ?? null;
}
