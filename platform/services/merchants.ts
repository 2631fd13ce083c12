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
  const [row] = await sql.query<{
    code: string;
    currency: string;
    currency_symbol: string;
    status: MerchantStatus;
    settings: Record<string, unknown>;
  }>("SELECT code, currency, currency_symbol, status, settings FROM merchants WHERE code = $1", [code]);
  if (!row) return null;
  return {
    code: row.code,
    currency: row.currency,
    currencySymbol: row.currency_symbol,
    status: row.status,
    settings: row.settings ?? {},
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
