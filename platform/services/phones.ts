import type { Sql } from "../db/db";
import { type Language, type Localized, pick } from "../messages";

// Mobile numbers are stored as international digits: dialing code + national number without its
// trunk zero (880 1712345678 → "8801712345678"), with the dialing code kept beside it.

export interface Phone {
  countryDialingCode: string;
  /** National number, digits only, leading zeros removed. */
  national: string;
  /** countryDialingCode + national. */
  full: string;
}

const SEPARATORS = /[\s().-]/g;

/**
 * A number as a client sends it (national, with or without its 0, or "+<code><number>") plus the
 * dialing code (with or without "+"); null when it is not a plausible number.
 */
export function normalizePhone(mobileNum: string, countryDialingCode: string | undefined | null, fallbackCode: string): Phone | null {
  const code =
    String(countryDialingCode ?? "")
      .trim()
      .replace(/^\+/, "") || fallbackCode;
  if (!/^[0-9]{1,4}$/.test(code)) return null;
  let text = mobileNum.trim().replace(SEPARATORS, "");
  let international = false;
  if (text.startsWith("+")) {
    international = true;
    text = text.slice(1);
  } else if (text.startsWith("00" + code)) {
    international = true;
    text = text.slice(2);
  }
  if (!/^[0-9]+$/.test(text)) return null;
  // Digits too long to be a national number but starting with the dialing code were written in
  // international form without the "+".
  if (!international && text.startsWith(code) && code.length + text.replace(/^0+/, "").length > 15) international = true;
  if (international) {
    if (!text.startsWith(code)) return null;
    text = text.slice(code.length);
  }
  const national = text.replace(/^0+/, "");
  if (national.length < 6 || national.length > 14 || code.length + national.length > 15) return null;
  return { countryDialingCode: code, national, full: code + national };
}

export interface Country {
  countryCode: string;
  countryDialingCode: string;
  name: string;
}

export async function listCountries(sql: Sql, merchant: string, lang: Language): Promise<Country[]> {
  const rows = await sql.query<{ country_code: string; dialing_code: string; name: Localized }>(
    "SELECT country_code, dialing_code, name FROM countries WHERE merchant = $1 AND enabled ORDER BY sort, country_code",
    [merchant],
  );
  return rows.map((row) => ({ countryCode: row.country_code, countryDialingCode: row.dialing_code, name: pick(row.name, lang) }));
}

/** The merchant's first country's dialing code: what a number without one belongs to. */
export async function defaultDialingCode(sql: Sql, merchant: string): Promise<string> {
  const [row] = await sql.query<{ dialing_code: string }>(
    "SELECT dialing_code FROM countries WHERE merchant = $1 AND enabled ORDER BY sort, country_code LIMIT 1",
    [merchant],
  );
  return row?.dialing_code ?? "880";
}

export async function isServedDialingCode(sql: Sql, merchant: string, code: string): Promise<boolean> {
  const rows = await sql.query("SELECT 1 FROM countries WHERE merchant = $1 AND enabled AND dialing_code = $2", [merchant, code]);
  return rows.length > 0;
}

/** Keeps the first and last character of the local part: member@example.com → m****r@example.com. */
export function maskEmail(email: string | null): string {
  if (!email) return "";
  const at = email.lastIndexOf("@");
  if (at < 1) return "****";
  const local = email.slice(0, at);
  const masked = local.length <= 2 ? `${local[0]}*` : `${local[0]}****${local.at(-1)}`;
  return masked + email.slice(at);
}

/**
 * The member holding this number, and whether its claim was verified. A downline's number typed
 * by its agent is unverified (decision 037): it never blocks the number's owner, and it never
 * opens a login, a reset or a code.
 */
export async function mobileHolder(sql: Sql, merchant: string, full: string): Promise<{ id: number; verified: boolean } | null> {
  const [row] = await sql.query<{ id: number; mobile_verified: boolean }>(
    "SELECT id, mobile_verified FROM members WHERE merchant = $1 AND mobile = $2",
    [merchant, full],
  );
  return row ? { id: Number(row.id), verified: row.mobile_verified } : null;
}

/**
 * The owner registers or binds the number: an unverified holder (a downline its agent gave the
 * number) lets go of it, in the caller's transaction. The ids that let go.
 */
export async function releaseUnverifiedMobile(sql: Sql, merchant: string, full: string): Promise<number[]> {
  const rows = await sql.query<{ id: number }>(
    "UPDATE members SET mobile = NULL, mobile_country = NULL, mobile_verified = true WHERE merchant = $1 AND mobile = $2 AND NOT mobile_verified RETURNING id",
    [merchant, full],
  );
  return rows.map((r) => Number(r.id));
}
