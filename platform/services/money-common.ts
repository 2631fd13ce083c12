
import { z } from "zod";
import type { Sql } from "../db/db";
import { PlatformError } from "../http/context";
import { formatMinor, parseAmount } from "../money";
import type { Merchant } from "./merchants";

// What the money calls share (decision 016): amounts, paging and date ranges of the reports
// (requestId, the trial refusal and "the same content" are in requests.ts).

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

export interface Range {
  from: Date | null;
  /** Exclusive. */
  to: Date | null;
}

const DAY_MS = 86_400_000;
/** The operator's business day, as decision 017 reads YYYY-MM-DD: UTC+06:00 (Asia/Dhaka). */
const BUSINESS_OFFSET_MS = 6 * 3_600_000;

function parseDay(raw: string | undefined, end: boolean): Date | null {
  const text = raw?.trim();
  if (!text || text.length > 40) return null;
  if (/^\d{1,15}$/.test(text)) return new Date(Number(text) + (end ? 1 : 0));
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (day) {
    const [y, m, d] = [Number(day[1]), Number(day[2]), Number(day[3])];
    const utc = Date.UTC(y, m - 1, d);
    const check = new Date(utc);
    if (check.getUTCFullYear() !== y || check.getUTCMonth() !== m - 1 || check.getUTCDate() !== d) return null;
    const start = utc - BUSINESS_OFFSET_MS;
    return new Date(end ? start + DAY_MS : start);
  }
  const at = new Date(text);
  if (Number.isNaN(at.getTime()) || !/^\d{4}-\d{2}-\d{2}T/.test(text)) return null;
  return end ? new Date(at.getTime() + 1) : at;
}

/**
 * dateFrom / dateTo, both inclusive: YYYY-MM-DD (a business day in UTC+06:00, as decision 017),
 * epoch milliseconds, or an ISO timestamp; malformed = absent.
 */
export function rangeFrom(dateFrom: string | undefined, dateTo: string | undefined): Range {
  return { from: parseDay(dateFrom, false), to: parseDay(dateTo, true) };
}

export interface Page {
  pageNo: number;
  pageSize: number;
}

export function pageFrom(pageNo: string | undefined, pageSize: string | undefined): Page {
  const int = (raw: string | undefined) => (raw && /^\d{1,9}$/.test(raw.trim()) ? Number(raw.trim()) : undefined);
  return {
    pageNo: Math.min(Math.max(int(pageNo) ?? 1, 1), 1_000_000),
    pageSize: Math.min(Math.max(int(pageSize) ?? 20, 1), 100),
  };
}

export function paged<T>(list: T[], total: number, page: Page) {
  return { list, total, totalPages: Math.ceil(total / page.pageSize), pageNo: page.pageNo };
}

/** The member's main-wallet balance (minor units; 0 when never opened). */
export async function mainBalance(sql: Sql, memberId: number): Promise<number> {
  const [row] = await sql.query<{ balance: number }>(
    "SELECT balance FROM ledger_accounts WHERE kind = 'wallet' AND member_id = $1 AND account_type_id = 2",
    [memberId],
  );
  return Number(row?.balance ?? 0);
}
