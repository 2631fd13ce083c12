import type { Sql } from "../db/db";

export type MerchantStatus = "normal" | "maintenance" | "restricted";
export const MERCHANT_STATUSES: readonly MerchantStatus[] = ["normal", "maintenance", "restricted"];

export interface Merchant {
  code: string;
  currency: string;
  currencySymbol: string;
  status: MerchantStatus;
  settings: Record<string, unknown>;
}

export async function findMerchant(sql: Sql, code: string): Promise<Merchant | null> {
  return (await findMerchantWithModules(sql, code))?.merchant ?? null;
}

/**
 * The merchant and the module ids switched on for it (a child counts only while its group is on),
 * in one query: every /wps call needs the first, the accounts calls the second.
 */
export async function findMerchantWithModules(sql: Sql, code: string): Promise<{ merchant: Merchant; modules: Set<string> } | null> {
  const [row] = await sql.query<{
    code: string;
    currency: string;
    currency_symbol: string;
    status: MerchantStatus;
    settings: Record<string, unknown>;
    modules: string[];
  }>(
    `SELECT code, currency, currency_symbol, status, settings,
            ARRAY(SELECT m.mod_id FROM modules m LEFT JOIN modules p ON p.merchant = m.merchant AND p.mod_id = m.parent
                   WHERE m.merchant = merchants.code AND m.enabled AND (p.mod_id IS NULL OR p.enabled)) AS modules
       FROM merchants WHERE code = $1`,
    [code],
  );
  if (!row) return null;
  return {
    merchant: {
      code: row.code,
      currency: row.currency,
      currencySymbol: row.currency_symbol,
      status: row.status,
      settings: row.settings ?? {},
    },
    modules: new Set(row.modules),
  };
}

export function settingString(merchant: Merchant, key: string, fallback: string): string {
  const value = merchant.settings[key];
  return typeof value === "string" ? value : fallback;
}

export function settingNumber(merchant: Merchant, key: string, fallback: number): number {
  const value = merchant.settings[key];
  return typeof value === "number" && Number.isFinite(value) ? value : fallback;
}

export function settingBoolean(merchant: Merchant, key: string, fallback: boolean): boolean {
  const value = merchant.settings[key];
  return typeof value === "boolean" ? value : fallback;
}

/** The operator's time zone (setting timeZone), for times the platform writes into its own pages. */
export const DEFAULT_TIME_ZONE = "Asia/Dhaka";

export function merchantTimeZone(merchant: Merchant): string {
  const zone = settingString(merchant, "timeZone", DEFAULT_TIME_ZONE);
  try {
    new Intl.DateTimeFormat("en", { timeZone: zone });
    return zone;
  } catch {
    return DEFAULT_TIME_ZONE;
  }
}
