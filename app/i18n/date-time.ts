import { intlLocale } from "./config";

// The one date and time style of the product (format.server.ts writes it into pages): a page's
// live updates (issue 28) format new times in the browser the same way, in the operator's zone.

const formats = new Map<string, Intl.DateTimeFormat>();

export function dateTimeFormat(language: string, timeZone: string): Intl.DateTimeFormat {
  const key = `${language} ${timeZone}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(intlLocale(language), { dateStyle: "medium", timeStyle: "short", timeZone });
    formats.set(key, format);
  }
  return format;
}
