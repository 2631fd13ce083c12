import { env } from "~/env.server";
import { intlLocale } from "./config";
import { dateTimeFormat as sharedFormat } from "./date-time";

// One date and time style and one number style per language, everywhere a time or a count is
// written into a page: on the server, in the page's language and the operator's time zone, so
// the browser shows exactly what the server wrote (no hydration drift). Digits stay Latin in every
// language (decision 021).

function dateTimeFormat(language: string): Intl.DateTimeFormat {
  return sharedFormat(language, env().TIME_ZONE);
}

/** A formatter of platform times (epoch ms, digits-only strings, ISO strings); empty for none. */
export function timeFormatter(language: string) {
  const format = dateTimeFormat(language);
  return (t: number | string | Date | null | undefined) =>
    t == null || t === "" ? "" : format.format(t instanceof Date ? t : new Date(typeof t === "string" && /^\d+$/.test(t) ? Number(t) : t));
}

/** 10010 → "10,010" in the language's grouping, Latin digits. */
export function formatCount(n: number, language: string): string {
  return new Intl.NumberFormat(intlLocale(language)).format(n);
}

const dayRanges = new Map<string, Intl.DateTimeFormat>();
/** The operator's wall clock, to tell a period of whole days from a shorter one. */
let clock: Intl.DateTimeFormat | undefined;
const DAY_MS = 86_400_000;

/**
 * A settlement period [start, end) as the player reads it: whole days of the operator's calendar
 * as dates ("Nov 17 – 23, 2026"; one day alone), anything shorter (an hour, five minutes) as times.
 */
export function periodFormatter(language: string) {
  let days = dayRanges.get(language);
  if (!days) {
    days = new Intl.DateTimeFormat(intlLocale(language), { dateStyle: "medium", timeZone: env().TIME_ZONE });
    dayRanges.set(language, days);
  }
  const times = dateTimeFormat(language);
  clock ??= new Intl.DateTimeFormat("en-GB", {
    timeZone: env().TIME_ZONE,
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    hourCycle: "h23",
  });
  const localMidnight = (ms: number) => clock!.format(ms) === "00:00:00";
  return (startRaw: number | string | null | undefined, endRaw: number | string | null | undefined): string => {
    const start = Number(startRaw);
    const end = Number(endRaw);
    if (!Number.isFinite(start) || !Number.isFinite(end) || end <= start) return "";
    if (end - start >= DAY_MS && localMidnight(start) && localMidnight(end)) {
      const last = end - 1;
      return end - start === DAY_MS ? days.format(start) : days.formatRange(start, last);
    }
    return times.formatRange(start, end);
  };
}

let stamps: Intl.DateTimeFormat | undefined;

/** "2026-11-25 18:46:05": year-month-day hour:minute:second in the operator's zone (docs/SPEC.md's notices). */
export function stampFormatter() {
  stamps ??= new Intl.DateTimeFormat("en-CA", {
    timeZone: env().TIME_ZONE,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    hourCycle: "h23",
  });
  const format = stamps;
  return (t: number | string | null | undefined) => {
    const ms = t == null || t === "" ? Number.NaN : Number(t);
    if (!Number.isFinite(ms)) return "";
    const parts = Object.fromEntries(format.formatToParts(new Date(ms)).map((p) => [p.type, p.value]));
    return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`;
  };
}
