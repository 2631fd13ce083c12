import { parseDateRange } from "~/domain/date-range";
import { env } from "~/env.server";

export const RECORDS_PAGE_SIZE = 20;

/** The records' URL state: the date range (operator's days) and the page. */
export function recordsQuery(request: Request) {
  const params = new URL(request.url).searchParams;
  const range = parseDateRange(params, Date.now(), env().TIME_ZONE);
  const page = Math.min(1000, Math.max(1, Number.parseInt(params.get("page") ?? "", 10) || 1));
  return { range, page, params };
}

/** Times written on the server in the page's language and the operator's zone (no hydration drift). */
export function timeFormatter(language: string) {
  const format = new Intl.DateTimeFormat(language, { dateStyle: "short", timeStyle: "short", timeZone: env().TIME_ZONE });
  return (t: number | string | null | undefined) => (t == null || t === "" ? "" : format.format(new Date(typeof t === "string" && /^\d+$/.test(t) ? Number(t) : t)));
}
