import { z } from "zod";
import type { Sql } from "../db/db";
import { PlatformError } from "../http/context";
import { formatMinor, parseAmount } from "../money";
import type { Merchant } from "./merchants";
import { type Paging, totalPages } from "./periods";

// What the money calls share (decision 016): amounts and paging of the reports (date ranges and
// the Paging type: periods.ts; requestId, the trial refusal and "the same content": requests.ts).

/** An amount as sent: a number or a numeric string (validated by toMinor). */
export const amountSchema = z.union([z.number(), z.string().max(32)]);

/** Major units from the wire → positive minor units, else amount.invalid. */
export function toMinor(amount: string | number): number {
  if (typeof amount === "number" && !Number.isFinite(amount)) throw new PlatformError("amount.invalid", "amount.invalid");
  const minor = parseAmount(amount);
  if (minor === null || minor <= 0 || !Number.isSafeInteger(minor)) throw new PlatformError("amount.invalid", "amount.invalid");
  return minor;
}

/** "৳1,234.50" for messages. */
export const money = (merchant: Merchant | { currencySymbol: string }, minor: number) => `${merchant.currencySymbol}${formatMinor(minor)}`;

export const iso = (value: Date | string | null | undefined): string | null => (value ? new Date(value).toISOString() : null);

/** "****1234". */
export const maskAccount = (number: string) => `****${number.slice(-4)}`;

export function pageFrom(pageNo: string | undefined, pageSize: string | undefined): Paging {
  const int = (raw: string | undefined) => (raw && /^\d{1,9}$/.test(raw.trim()) ? Number(raw.trim()) : undefined);
  return {
    pageNo: Math.min(Math.max(int(pageNo) ?? 1, 1), 1_000_000),
    pageSize: Math.min(Math.max(int(pageSize) ?? 20, 1), 100),
  };
}

export function paged<T>(list: T[], total: number, page: Paging) {
  return { list, total, totalPages: totalPages(total, page.pageSize), pageNo: page.pageNo };
}

/** The member's main-wallet balance (minor units; 0 when never opened). */
export async function mainBalance(sql: Sql, memberId: number): Promise<number> {
  const [row] = await sql.query<{ balance: number }>(
    "SELECT balance FROM ledger_accounts WHERE kind = 'wallet' AND member_id = $1 AND account_type_id = 2",
    [memberId],
  );
  return Number(row?.balance ?? 0);
}
