import type { Sql } from "../db/db";
import { type Language, type Localized, pick } from "../messages";
import { normalizePhone } from "./phones";

export interface MemberRow {
  id: number;
  merchant: string;
  username: string;
  password_hash: string;
  account_type: number;
  nickname: string;
  mobile: string | null;
  mobile_country: string | null;
  /** False for a number an agent typed for its downline, never proven (decision 037). */
  mobile_verified?: boolean;
  email: string | null;
  rank_level: number;
  club_label: Localized | null;
  upline_id: number | null;
  first_login: boolean;
  password_changed_at: Date;
  password_expired: boolean;
  temp_password_hash: string | null;
  temp_password_expires_at: Date | null;
  last_login_at: Date | null;
  created_at: Date;
}

export const MEMBER_COLUMNS = `id, merchant, username, password_hash, account_type, nickname, mobile, mobile_country, mobile_verified, email,
  rank_level, club_label, upline_id, first_login, password_changed_at, password_expired, temp_password_hash,
  temp_password_expires_at, last_login_at, created_at`;

/** Account type of free-play trial accounts. */
export const TRIAL_ACCOUNT = 4;

/** User names are compared trimmed and case-insensitively (and stored unique that way). */
export async function findMemberByUsername(sql: Sql, merchant: string, username: string): Promise<MemberRow | null> {
  const [row] = await sql.query<MemberRow>(`SELECT ${MEMBER_COLUMNS} FROM members WHERE merchant = $1 AND lower(username) = lower($2)`, [
    merchant,
    username.trim(),
  ]);
  return row ?? null;
}

export async function findMemberById(sql: Sql, memberId: number): Promise<MemberRow | null> {
  const [row] = await sql.query<MemberRow>(`SELECT ${MEMBER_COLUMNS} FROM members WHERE id = $1`, [memberId]);
  return row ?? null;
}

/** The member a full international number (dialing code + national digits) is bound to. */
export async function findMemberByMobile(sql: Sql, merchant: string, fullMobile: string): Promise<MemberRow | null> {
  // An unverified number (a downline's, typed by its agent; decision 037) opens no login, reset or code.
  const [row] = await sql.query<MemberRow>(
    `SELECT ${MEMBER_COLUMNS} FROM members WHERE merchant = $1 AND mobile = $2 AND mobile_verified`,
    [merchant, fullMobile],
  );
  return row ?? null;
}

/**
 * The member a login names: by user name, else (for something that looks like a phone number)
 * by the mobile bound to it — read as international digits, or as a national number of the
 * given dialing code or the merchant's default one.
 */
export async function findMemberForLogin(
  sql: Sql,
  merchant: string,
  typed: string,
  dialingCode: string | undefined,
  fallbackCode: string,
): Promise<MemberRow | null> {
  const byName = await findMemberByUsername(sql, merchant, typed);
  if (byName) return byName;
  const text = typed.trim();
  if (!/^\+?[0-9][0-9\s().-]{4,24}$/.test(text)) return null;
  const candidates = new Set<string>();
  const digits = text.replace(/[^0-9]/g, "");
  if (!text.startsWith("0")) candidates.add(digits);
  const national = normalizePhone(text, dialingCode, fallbackCode);
  if (national) candidates.add(national.full);
  if (candidates.size === 0) return null;
  const [row] = await sql.query<MemberRow>(
    `SELECT ${MEMBER_COLUMNS} FROM members WHERE merchant = $1 AND mobile = ANY($2::text[]) AND mobile_verified
      ORDER BY (mobile = $3) DESC, id LIMIT 1`,
    [merchant, [...candidates], national?.full ?? digits],
  );
  return row ?? null;
}

/** Keeps the country code and the last four digits: 8801712345678 → 880******5678. */
export function maskMobile(mobile: string | null): string {
  if (!mobile) return "";
  if (mobile.length <= 7) return mobile.replace(/.(?=.{2})/g, "*");
  return mobile.slice(0, 3) + "*".repeat(mobile.length - 7) + mobile.slice(-4);
}

export async function memberInfo(sql: Sql, memberId: number, lang: Language) {
  const m = await findMemberById(sql, memberId);
  if (!m) return null;
  return {
    id: m.id,
    account: m.username,
    nickname: m.nickname,
    type: m.account_type,
    clubLabel: { labelName: pick(m.club_label, lang), rankLevel: m.rank_level },
    memberLabel: [] as string[],
    regDate: new Date(m.created_at).getTime(),
    mobile: maskMobile(m.mobile),
    toUpline: m.upline_id !== null,
  };
}
