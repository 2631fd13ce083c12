// The live stream's events (issue 28), as the server sends them and the browser draws them. Each
// SSE message is named by its type and carries { id, data } as JSON; the id is the bus's, kept by
// the browser to resume after a dropped connection.

/** The player's wallets after a change: the sum and each wallet, in major units. */
export type LiveBalance = {
  sum: number;
  symbol: string;
  wallets: { id: number; name: string; avail: number }[];
};

/** The inbox: the unread count, and the newest message when the count moved (the page tells of it when it went up). */
export type LiveInbox = { unread: number; newest?: { title: string } };

/** An agent's contract entries whose request waits for this agent's answer, and its team size. */
export type LiveAgent = { waiting: string[]; team?: number };

/** This browser's login ended on the platform (logout elsewhere, expiry, self-exclusion). */
export type LiveSession = { ended: true; reason: "logout" | "expired" | "excluded" };

/** A lottery's newest draw and when the next one closes (public: no player data). */
export type LiveDraw = { code: string; issue: string; numbers: string[]; drawnAt?: number; nextDrawAt?: number };

export type LiveEvents = {
  balance: LiveBalance;
  inbox: LiveInbox;
  agent: LiveAgent;
  session: LiveSession;
  draw: LiveDraw;
};

export type LiveType = keyof LiveEvents;
export const LIVE_TYPES: LiveType[] = ["balance", "inbox", "agent", "session", "draw"];

/** One message on the stream, and on the tabs' BroadcastChannel. */
export type LiveMessage<T extends LiveType = LiveType> = { id: string; type: T; data: LiveEvents[T] };

/** The stream's URL, and the name of its heartbeat event (sent so proxies keep the connection). */
export const LIVE_PATH = "/events";
export const HEARTBEAT = "ping";
