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

export { timeFormatter } from "~/i18n/format.server";
