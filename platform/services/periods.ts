// Business days, date ranges and paging: one reading for every report (decisions 016 and 017).

/** The operator's business day: UTC+06:00 (Asia/Dhaka, no DST). */
export const BUSINESS_OFFSET_MS = 6 * 3_600_000;
export const DAY_MS = 86_400_000;
export const MAX_RANGE_MS = 366 * DAY_MS;

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

export type DateBound = { ok: true; at: number | undefined } | { ok: false };

/**
 * The one date-bound parser: epoch ms, or YYYY-MM-DD as the start (or, for an end bound, the last
 * millisecond) of that business day; with `timestamps`, also an ISO timestamp (at most 40
 * characters; an end bound is that very millisecond). Every end bound is inclusive.
 * Absent → undefined; malformed → not ok. What the caller does with "not ok" is its reading:
 * dateRange (decision 017) refuses it, rangeFrom (decision 016) takes it as no bound.
 */
export function parseDateBound(raw: string | undefined, end: boolean, options: { timestamps?: boolean } = {}): DateBound {
  const text = raw?.trim();
  if (!text) return { ok: true, at: undefined };
  if (/^\d{1,15}$/.test(text)) return { ok: true, at: Number(text) };
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) {
    if (!options.timestamps || text.length > 40 || !/^\d{4}-\d{2}-\d{2}T/.test(text)) return { ok: false };
    const at = new Date(text).getTime();
    return Number.isNaN(at) ? { ok: false } : { ok: true, at };
  }
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const utc = Date.UTC(y, m - 1, d);
  const check = new Date(utc);
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== m - 1 || check.getUTCDate() !== d) return { ok: false };
  const start = utc - BUSINESS_OFFSET_MS;
  return { ok: true, at: end ? start + DAY_MS - 1 : start };
}

export interface DateRange {
  from: Date;
  to: Date;
}

export type RangeResult = { ok: true; range: DateRange } | { ok: false; reason: "malformed" | "range" };

/**
 * dateFrom/dateTo of decision 017 (records, agent reports): both inclusive, strict (a malformed
 * date is parameter.invalid), no ISO timestamps; defaults: to = now, from = to − 7 days.
 */
export function dateRange(fromRaw: string | undefined, toRaw: string | undefined, now: Date): RangeResult {
  const from = parseDateBound(fromRaw, false);
  const to = parseDateBound(toRaw, true);
  if (!from.ok || !to.ok) return { ok: false, reason: "malformed" };
  const toMs = to.at ?? now.getTime();
  const fromMs = from.at ?? toMs - 7 * DAY_MS;
  if (fromMs > toMs || toMs - fromMs > MAX_RANGE_MS) return { ok: false, reason: "range" };
  return { ok: true, range: { from: new Date(fromMs), to: new Date(toMs) } };
}

export interface Range {
  from: Date | null;
  /** Exclusive. */
  to: Date | null;
}

/**
 * dateFrom / dateTo of decision 016 (the money reports): both inclusive on the wire, lenient
 * (YYYY-MM-DD, epoch ms or an ISO timestamp; malformed or absent = no bound, no defaults, no
 * length limit). `to` comes back exclusive.
 */
export function rangeFrom(dateFrom: string | undefined, dateTo: string | undefined): Range {
  const from = parseDateBound(dateFrom, false, { timestamps: true });
  const to = parseDateBound(dateTo, true, { timestamps: true });
  return {
    from: from.ok && from.at !== undefined ? new Date(from.at) : null,
    to: to.ok && to.at !== undefined ? new Date(to.at + 1) : null,
  };
}

/** A page of a list: pageNo from 1. */
export interface Paging {
  pageNo: number;
  pageSize: number;
}

export const totalPages = (total: number, pageSize: number) => Math.ceil(total / pageSize);
