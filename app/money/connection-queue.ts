import type { ClientActionFunctionArgs } from "@remix-run/react";

// Money never lost in a dropped connection (issue 29, decision 055). With JavaScript, a money form
// whose post gets no answer at all (the connection failed: the browser's fetch threw) is kept here,
// in this page's memory with the requestId it already carries, and sent again once the server can
// be reached, for at most MONEY_QUEUE_MINUTES. The platform replays a requestId it has seen (decision
// 016), so a post that did arrive before the answer was lost moves nothing twice: the resend gets
// the first outcome. Only memory: a fund password in the form is never written anywhere.

export const MONEY_QUEUE_MINUTES = 10;

export type QueuedMove = {
  requestId: string;
  /** The route the form posted to (path and search, `?index` included). */
  action: string;
  formData: FormData;
  firstAt: number;
  sending: boolean;
};

/** How the last queued move ended without an answer: the player cancelled it, or the wait ran out. */
export type QueueEnd = { kind: "cancelled" | "expired"; requestId: string };

type State = { waiting: readonly QueuedMove[]; ended: QueueEnd | null };

let state: State = { waiting: [], ended: null };
const listeners = new Set<() => void>();

function set(next: State) {
  state = next;
  for (const listener of listeners) listener();
}

export const moneyQueue = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  state: () => state,
  /** The same requestId again (its resend failed too): still one move, from its first attempt's time. */
  keep(move: Omit<QueuedMove, "firstAt" | "sending">, now = Date.now()) {
    const earlier = state.waiting.find((m) => m.requestId === move.requestId);
    const kept: QueuedMove = { ...move, firstAt: earlier?.firstAt ?? now, sending: false };
    set({ waiting: [...state.waiting.filter((m) => m.requestId !== move.requestId), kept], ended: null });
  },
  /** It got an answer (whatever it says): no longer waiting. */
  answered(requestId: string) {
    if (state.waiting.some((m) => m.requestId === requestId))
      set({ ...state, waiting: state.waiting.filter((m) => m.requestId !== requestId) });
  },
  sending(requestId: string) {
    set({ ...state, waiting: state.waiting.map((m) => (m.requestId === requestId ? { ...m, sending: true } : m)) });
  },
  end(requestId: string, kind: QueueEnd["kind"]) {
    set({ waiting: state.waiting.filter((m) => m.requestId !== requestId), ended: { kind, requestId } });
  },
  /** Moves past their time: dropped, the player told so. */
  expire(now = Date.now()) {
    const late = state.waiting.find((m) => now - m.firstAt > MONEY_QUEUE_MINUTES * 60_000);
    if (late) this.end(late.requestId, "expired");
  },
  dismiss() {
    set({ ...state, ended: null });
  },
};

/** The browser's fetch failing outright (no answer of any kind): Chromium, Firefox and WebKit words. */
export function unreachable(error: unknown): boolean {
  if (error instanceof DOMException && error.name === "AbortError") return true; // cut short by another navigation: unknown too
  return error instanceof TypeError && /fetch|network|load failed/i.test(error.message);
}

/** What a money route's clientAction answers while its post waits for the connection. */
export type QueuedAnswer = { queued: string };

/**
 * A money route's clientAction: its server action, or, when the post could not reach the server at
 * all, the post kept for sending again (the banner in app/money/connection-banner.tsx).
 */
export async function queueWhenUnreachable({ request, serverAction }: ClientActionFunctionArgs) {
  const formData = await request.clone().formData();
  const requestId = formData.get("requestId");
  try {
    const answer = await serverAction();
    if (typeof requestId === "string") moneyQueue.answered(requestId);
    return answer;
  } catch (error) {
    if (typeof requestId !== "string") throw error;
    if (!unreachable(error)) {
      // An answer after all (a redirect, a refusal page): not waiting any more.
      moneyQueue.answered(requestId);
      throw error;
    }
    const url = new URL(request.url);
    moneyQueue.keep({ requestId, action: `${url.pathname}${url.search}`, formData });
    return { queued: requestId } satisfies QueuedAnswer;
  }
}
