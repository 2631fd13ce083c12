// The operator's business days and months, and the one paging type of the platform's lists.

/** The operator's business day: UTC+06:00 (Asia/Dhaka, no DST). */
export const BUSINESS_OFFSET_MS = 6 * 3_600_000;
export const DAY_MS = 86_400_000;

/** "YYYY-MM-DD" of the business day holding `at`. */
export function businessDay(at: Date): string {
  return new Date(at.getTime() + BUSINESS_OFFSET_MS).toISOString().slice(0, 10);
}

/** The start (inclusive) and end (exclusive) of the business day or month holding `at`. */
export function businessPeriod(at: Date, period: "DAILY" | "MONTHLY"): { start: Date; end: Date; key: string } {
  const local = new Date(at.getTime() + BUSINESS_OFFSET_MS);
  const y = local.getUTCFullYear();
  const m = local.getUTCMonth();
  if (period === "DAILY") {
    const start = Date.UTC(y, m, local.getUTCDate()) - BUSINESS_OFFSET_MS;
    return { start: new Date(start), end: new Date(start + DAY_MS), key: businessDay(at) };
  }
  const start = Date.UTC(y, m, 1) - BUSINESS_OFFSET_MS;
  const end = Date.UTC(y, m + 1, 1) - BUSINESS_OFFSET_MS;
  return { start: new Date(start), end: new Date(end), key: businessDay(at).slice(0, 7) };
}

export interface Paging {
  pageNo: number;
  pageSize: number;
}

export const totalPages = (total: number, pageSize: number) => Math.ceil(total / pageSize);
