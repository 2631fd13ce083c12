import { env } from "~/env.server";
import { intlLocale } from "./config";

// One date and time style and one number style per language, everywhere a time or a count is
// written into a page: on the server, in the page's language and the operator's time zone, so
// the browser shows exactly what the server wrote (no hydration drift). Digits stay Latin in every
// language (decision 021).

const dateTimes = new Map<string, Intl.DateTimeFormat>();

function dateTimeFormat(language: string): Intl.DateTimeFormat {
  let format = dateTimes.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(intlLocale(language), { dateStyle: "medium", timeStyle: "short", timeZone: env().TIME_ZONE });
    dateTimes.set(language, format);
  }
  return format;
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
