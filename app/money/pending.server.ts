import { requestScope } from "~/request-scope.server";
import type { AppSession } from "~/session.server";
import { newRequestId, REQUEST_ID } from "./request-id.server";

// Money moves whose outcome we do not know yet (decision 033). When a money call times out or its
// answer is lost on the way, the platform may have carried it out: the player is told it is still
// being processed, and the form keeps the same requestId, so that "try again" (or a reload and a
// second tap) resolves it by the platform's replay instead of moving the money again. The entry
// lives in the sealed session cookie (every instance reads it; it goes at logout) and holds the
// form's own fields for the form to show again, never a password.

export type PendingMove = {
  /** The form it belongs to: the page's path, its `id` parameter and the form's intent. */
  form: string;
  requestId: string;
  at: number;
  /** What the player typed, less anything secret, to fill the form again. */
  fields: Record<string, string>;
};

/** How long a pending move keeps its requestId: long past any platform's answer, short of a stale form. */
const PENDING_MS = 24 * 60 * 60_000;
const MAX_PENDING = 4;
const MAX_FIELDS = 12;
const MAX_FIELD_LENGTH = 200;

/** Fields never kept: tokens, the requestId itself, and anything secret. */
const NOT_KEPT = /^(csrf|requestId|intent)$|pass|pin|code|secret|^hp_|honeypot/i;

/** The form a request posts or shows: path, the `id` of a detail page, and the form's intent. */
export function formKey(request: Request, intent?: string | null): string {
  const url = new URL(request.url);
  const id = url.searchParams.get("id");
  return `${url.pathname}${id ? `?id=${id}` : ""}#${intent ?? ""}`;
}

// A form posted without JavaScript is answered by the action and then the page's loaders in one
// request, and the loaders read the session from the cookie that came in: what the action noted
// is handed to them through the request's scope.
const NOTED = "moneyPending";

function live(session: AppSession, now = Date.now()): PendingMove[] {
  const all = (requestScope()?.memo?.get(NOTED) as PendingMove[] | undefined) ?? session.get("moneyPending");
  return Array.isArray(all) ? all.filter((p) => now - p.at < PENDING_MS) : [];
}

function keep(session: AppSession, moves: PendingMove[]): void {
  session.set("moneyPending", moves);
  requestScope()?.memo?.set(NOTED, moves);
}

/**
 * The pending move of this page's form, if there is one: of the form with this intent, or (no
 * intent given) of any form on the page, for pages whose forms share one requestId.
 */
export function pendingMove(session: AppSession, request: Request, intent?: string): PendingMove | undefined {
  const key = formKey(request, intent);
  const page = key.slice(0, -1);
  return live(session).find((p) => (intent === undefined ? p.form.startsWith(page) : p.form === key));
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
 * A post carrying this requestId is being answered now: its pending entry goes, and comes back only
 * if this answer is unknown too (notePending). A success or a refusal then leaves none behind.
 */
export function settlingPending(session: AppSession, formData: FormData): void {
  const requestId = formData.get("requestId");
  if (typeof requestId !== "string") return;
  const all = live(session);
  // The action's own session only: a form refused before any call (a bad amount) keeps its pending
  // move on the page, since nothing was answered about it.
  if (all.some((p) => p.requestId === requestId)) session.set("moneyPending", all.filter((p) => p.requestId !== requestId));
}

/** The platform answered this post (a refusal): the page drawn with the answer has its move settled too. */
export function notePendingSettled(session: AppSession): void {
  keep(session, live(session));
}

/** The outcome of this post is unknown: its form keeps the requestId and shows that it is pending. */
export function notePending(session: AppSession, request: Request, values: Record<string, unknown>): boolean {
  const requestId = values.requestId;
  if (typeof requestId !== "string" || !REQUEST_ID.test(requestId)) return false;
  const intent = typeof values.intent === "string" ? values.intent : undefined;
  const fields: Record<string, string> = {};
  for (const [name, value] of Object.entries(values)) {
    if (Object.keys(fields).length >= MAX_FIELDS) break;
    if (typeof value === "string" && !NOT_KEPT.test(name)) fields[name] = value.slice(0, MAX_FIELD_LENGTH);
  }
  const move: PendingMove = { form: formKey(request, intent), requestId, at: Date.now(), fields };
  const others = live(session).filter((p) => p.requestId !== requestId && p.form !== move.form);
  keep(session, [move, ...others].slice(0, MAX_PENDING));
  return true;
}
