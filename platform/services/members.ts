import { passwordHashForTiming, verifyPassword } from "../crypto";
import type { Db, Sql } from "../db/db";
import { type Language, type Localized, pick } from "../messages";
import { type Merchant, settingNumber } from "./merchants";
import { createSession } from "./sessions";

interface MemberRow {
  id: number;
  username: string;
  password_hash: string;
  account_type: number;
  nickname: string;
  mobile: string | null;
  rank_level: number;
  club_label: Localized | null;
  upline_id: number | null;
  first_login: boolean;
  password_changed_at: Date;
  created_at: Date;
}

const MEMBER_COLUMNS = `id, username, password_hash, account_type, nickname, mobile, rank_level, club_label,
  upline_id, first_login, password_changed_at, created_at`;

/** User names are compared trimmed and case-insensitively (and stored unique that way). */
export async function findMemberByUsername(sql: Sql, merchant: string, username: string): Promise<MemberRow | null> {
  const [row] = await sql.query<MemberRow>(
    `SELECT ${MEMBER_COLUMNS} FROM members WHERE merchant = $1 AND lower(username) = lower($2)`,
    [merchant, username.trim()],
  );
  return row ?? null;
}

export interface LoginResult {
  token: string;
  id: number;
  userName: string;
  customerType: number;
  firstTimeLogin: boolean;
  passwordExpired: boolean;
}

/** Null for an unknown user and for a wrong password alike, after the same amount of work. */
export async function loginWithPassword(
  db: Db,
  merchant: Merchant,
  username: string,
  password: string,
  ip: string,
  now: Date,
): Promise<LoginResult | null> {
  const member = await findMemberByUsername(db, merchant.code, username);
  const valid = await verifyPassword(password, member?.password_hash ?? (await passwordHashForTiming()));
  if (!member || !valid) return null;

  const token = await db.tx(async (sql) => {
    const issued = await createSession(sql, member.id, ip, now);
    await sql.query("UPDATE members SET last_login_at = $2, last_login_ip = $3, first_login = false WHERE id = $1", [
      member.id,
      now,
      ip,
    ]);
    // Every wallet the merchant offers exists from the first login on, so balances list them all.
    await sql.query(
      `INSERT INTO ledger_accounts (merchant, kind, member_id, account_type_id)
       SELECT merchant, 'wallet', $2, account_type_id FROM wallet_types WHERE merchant = $1
       ON CONFLICT (member_id, account_type_id) WHERE kind = 'wallet' DO NOTHING`,
      [merchant.code, member.id],
    );
    return issued;
  });

  const expiryDays = settingNumber(merchant, "passwordExpiryDays", 90);
  const passwordAgeMs = now.getTime() - new Date(member.password_changed_at).getTime();
  return {
    token,
    id: member.id,
    userName: member.username,
    customerType: member.account_type,
    firstTimeLogin: member.first_login,
    passwordExpired: expiryDays > 0 && passwordAgeMs > expiryDays * 24 * 60 * 60 * 1000,
  };
}

/** Keeps the country code and the last four digits: 8801711000002 → 880******0002. */
export function maskMobile(mobile: string | null): string {
  if (!mobile) return "";
  if (mobile.length <= 7) return mobile.replace(/.(?=.{2})/g, "*");
  return mobile.slice(0, 3) + "*".repeat(mobile.length - 7) + mobile.slice(-4);
}

export async function memberInfo(sql: Sql, memberId: number, lang: Language) {
  const [m] = await sql.query<MemberRow>(`SELECT ${MEMBER_COLUMNS} FROM members WHERE id = $1`, [memberId]);
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
