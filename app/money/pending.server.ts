import { requestScope } from "~/request-scope.server";
import type { AppSession } from "~/session.server";
import { newRequestId, REQUEST_ID } from "./request-id.server";

// Money moves whose outcome we do not know yet (decision 033). When a money call times out or its
// answer is lost on the way, the platform may have carried it out: the player is told it is still
// being processed, and the form keeps the same requestId, so that "try again" (or a reload and a
// second tap) resolves it by the platform's replay instead of moving the money again. The entry
// lives in the sealed session cookie (every instance reads it) and holds the form's own fields
// for the form to show again, never a password. It belongs to the account that made it: it
// outlives an expired login (the same player logging in again finds it), another account never
// sees it, and an explicit logout ends it with the whole session.

export type PendingMove = {
  /** The form it belongs to: the page's path, the parameters that pick its target, the intent. */
  form: string;
  requestId: string;
  at: number;
  /** The account that sent it. */
  user: string;
  /** What the player typed, less anything secret, to fill the form again. */
  fields: Record<string, string>;
};

/** How long a pending move keeps its requestId: long past any platform's answer, short of a stale form. */
const PENDING_MS = 24 * 60 * 60_000;
/** Room for several unknown moves at once (two tabs, two forms); the oldest goes only past this. */
const MAX_PENDING = 8;
const MAX_FIELDS = 12;
const MAX_FIELD_LENGTH = 200;

/** Fields never kept: tokens, the requestId itself, and anything secret. */
const NOT_KEPT = /^(csrf|requestId|intent)$|pass|pin|code|secret|^hp_|honeypot/i;
/** Query parameters that pick a form's target: a detail page's `id`, the downline a transfer goes to. */
const TARGET_PARAMS = ["id", "transfer"] as const;

/** The form a request posts or shows: its path, the parameters that pick its target, its intent. */
export function formKey(request: Request, intent?: string | null): string {
  return `${pageKey(request)}#${intent ?? ""}`;
}

function pageKey(request: Request): string {
  const url = new URL(request.url);
  const targets: string[][] = [];
  for (const name of TARGET_PARAMS) {
    const value = url.searchParams.get(name)?.slice(0, 64);
    if (value) targets.push([name, value]);
  }
  return `${url.pathname}${targets.length ? `?${new URLSearchParams(targets)}` : ""}`;
}

// A form posted without JavaScript is answered by the action and then the page's loaders in one
// request, and the loaders read the session from the cookie that came in: what the action noted
// is handed to them through the request's scope.
const NOTED = "moneyPending";
/** The entry a post is settling, kept aside in case its answer says it is not settled after all. */
const SETTLING = "moneyPendingSettling";

function all(session: AppSession, now = Date.now()): PendingMove[] {
  const moves = (requestScope()?.memo?.get(NOTED) as PendingMove[] | undefined) ?? session.get("moneyPending");
  return Array.isArray(moves) ? moves.filter((p) => now - p.at < PENDING_MS && typeof p.user === "string") : [];
}

/** This account's moves. */
function live(session: AppSession): PendingMove[] {
  const user = session.get("userName");
  return user ? all(session).filter((p) => p.user === user) : [];
}

function keep(session: AppSession, moves: PendingMove[]): void {
  session.set("moneyPending", moves);
  requestScope()?.memo?.set(NOTED, moves);
}

/**
 * The pending move of this page's form, if there is one: of the form with this intent, or (no
 * intent given) of any form on the page, for pages whose forms share one requestId. The oldest
 * first: it is the one the next tap resolves.
 */
export function pendingMove(session: AppSession, request: Request, intent?: string): PendingMove | undefined {
  const key = formKey(request, intent);
  const page = pageKey(request);
  const mine = live(session).filter((p) => (intent === undefined ? p.form.slice(0, p.form.lastIndexOf("#")) === page : p.form === key));
  return mine.sort((a, b) => a.at - b.at)[0];
}

/**
 * The requestId a money form is drawn with: the pending move's while its outcome is unknown (the
 * same request is sent again), else a new one.
 */
export function formRequestId(session: AppSession, request: Request, intent?: string): string {
  return pendingMove(session, request, intent)?.requestId ?? newRequestId();
}

/** What a page shows of its form's pending move: when it was sent and the fields to fill in again. */
export function pendingView(session: AppSession, request: Request, intent?: string) {
  const move = pendingMove(session, request, intent);
  return move ? { at: move.at, intent: move.form.slice(move.form.lastIndexOf("#") + 1), fields: move.fields } : null;
}

/**
 * A post carrying this requestId is being answered now: its pending entry goes from the action's
 * session, so that a success (whose redirect commits the session) leaves none behind. A form
 * refused before any call (a bad amount) is not committed, and keeps it: nothing was answered.
 */
export function settlingPending(session: AppSession, formData: FormData): void {
  const requestId = formData.get("requestId");
  if (typeof requestId !== "string") return;
  const moves = all(session);
  const settling = moves.find((p) => p.requestId === requestId);
  if (!settling) return;
  requestScope()?.memo?.set(SETTLING, settling);
  session.set(
    "moneyPending",
    moves.filter((p) => p !== settling),
  );
}

/** The platform refused this post: the move is settled, in the cookie and on the page drawn with the answer. */
export function notePendingSettled(session: AppSession): void {
  keep(session, all(session));
}

/**
 * The platform says this requestId was used with other content: the first request stands, and
 * its move stays pending until the form sends that first request again.
 */
export function keepPendingUnsettled(session: AppSession): void {
  const settling = requestScope()?.memo?.get(SETTLING) as PendingMove | undefined;
  const moves = all(session);
  keep(session, settling && !moves.includes(settling) ? [settling, ...moves] : moves);
}

/** The outcome of this post is unknown: its form keeps the requestId and shows that it is pending. */
export function notePending(session: AppSession, request: Request, values: Record<string, unknown>): boolean {
  const requestId = values.requestId;
  const user = session.get("userName");
  if (typeof requestId !== "string" || !REQUEST_ID.test(requestId) || !user) return false;
  const intent = typeof values.intent === "string" ? values.intent : undefined;
  const fields: Record<string, string> = {};
  for (const [name, value] of Object.entries(values)) {
    if (Object.keys(fields).length >= MAX_FIELDS) break;
    if (typeof value === "string" && !NOT_KEPT.test(name)) fields[name] = value.slice(0, MAX_FIELD_LENGTH);
  }
  const settling = requestScope()?.memo?.get(SETTLING) as PendingMove | undefined;
  // Sent again and still unknown: it keeps its first time, so it stays first in line.
  const move: PendingMove = {
    form: formKey(request, intent),
    requestId,
    at: settling?.requestId === requestId ? settling.at : Date.now(),
    user,
    fields,
  };
  // Another account's moves (an old login on this browser) are not this session's to keep.
  const others = all(session).filter((p) => p.requestId !== requestId && p.user === user);
  keep(session, [...others, move].sort((a, b) => a.at - b.at).slice(-MAX_PENDING));
  return true;
}
