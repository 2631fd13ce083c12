import { recordsQuery } from "~/money/records.server";

const ACCOUNT = /^[A-Za-z0-9_.@+-]{1,32}$/;

/** A team report's URL state: the records' range and page, and an optional account (exact). */
export function teamReportQuery(request: Request) {
  const q = recordsQuery(request);
  const raw = (q.params.get("account") ?? "").trim();
  return { ...q, account: ACCOUNT.test(raw) ? raw : "" };
}
