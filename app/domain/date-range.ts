// The records' date filter, read from the URL: presets, a custom range, and docs/SPEC.md point 9's date
// picker steps ("next and previous 7 and 30 days"), which move the range shown by 7 or 30 days.
// Days are the operator's calendar days (TIME_ZONE), so "today" means the same on every server.

export const RANGE_PRESETS = ["today", "last7", "last30", "custom"] as const;
/** The picker's steps, in days: back 30, back 7, forward 7, forward 30. */
export const RANGE_STEPS = [-30, -7, 7, 30] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];
export const DEFAULT_RANGE: RangePreset = "last7";
/** A custom range may span at most this many days. */
export const MAX_RANGE_DAYS = 90;

export type DateRange = {
  preset: RangePreset;
  /** Inclusive calendar days, YYYY-MM-DD, in the operator's time zone. */
  from: string;
  to: string;
  /** The operator's today: records end here, so the range never steps past it. */
  today: string;
  /** [fromMs, toMs): the instants the platform is asked for. */
  fromMs: number;
  toMs: number;
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The calendar day of an instant in a time zone, as YYYY-MM-DD. */
export function dayIn(ms: number, timeZone: string): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date(ms));
}

/** Adds days to a YYYY-MM-DD day (calendar arithmetic, no time zone involved). */
export function addDays(day: string, days: number): string {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

function validDay(day: string | null): day is string {
  if (!day || !DAY.test(day)) return false;
  return addDays(day, 0) === day;
}

/** The instant a calendar day starts in a time zone. */
export function startOfDay(day: string, timeZone: string): number {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  const utc = Date.UTC(y, m - 1, d);
  // The zone's offset at that moment, found by formatting the UTC instant in the zone.
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }).formatToParts(new Date(utc));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const asIfUtc = Date.UTC(get("year"), get("month") - 1, get("day"), get("hour"), get("minute"), get("second"));
  return utc - (asIfUtc - utc);
}

/** Reads range, from and to; anything malformed gives the default range, never an error. */
export function parseDateRange(params: URLSearchParams, now: number, timeZone: string): DateRange {
  const today = dayIn(now, timeZone);
  const preset = (RANGE_PRESETS as readonly string[]).includes(params.get("range") ?? "")
    ? (params.get("range") as RangePreset)
    : DEFAULT_RANGE;
  let from = today;
  let to = today;
  if (preset === "last7") from = addDays(today, -6);
  if (preset === "last30") from = addDays(today, -29);
  if (preset === "custom") {
    const a = params.get("from");
    const b = params.get("to");
    if (!validDay(a) || !validDay(b)) return parseDateRange(new URLSearchParams({ range: DEFAULT_RANGE }), now, timeZone);
    [from, to] = a <= b ? [a, b] : [b, a];
    if (addDays(from, MAX_RANGE_DAYS - 1) < to) from = addDays(to, -(MAX_RANGE_DAYS - 1));
  }
  return { preset, from, to, today, fromMs: startOfDay(from, timeZone), toMs: startOfDay(addDays(to, 1), timeZone) };
}

/**
 * The range moved by `days` (a picker step), as a custom range of the same length. A step forward
 * that would pass today ends at today, and none is offered once the range reaches it.
 */
export function steppedRange(range: Pick<DateRange, "from" | "to" | "today">, days: number): { from: string; to: string } | undefined {
  if (days > 0 && range.to >= range.today) return undefined;
  const to = addDays(range.to, days);
  if (to <= range.today) return { from: addDays(range.from, days), to };
  const length = Math.round((Date.parse(range.to) - Date.parse(range.from)) / 86_400_000);
  return { from: addDays(range.today, -length), to: range.today };
}
