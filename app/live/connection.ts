import { HEARTBEAT, LIVE_PATH, LIVE_TYPES, type LiveMessage } from "./events";

// The browser's side of the live stream (issue 28): one EventSource per browser, whatever the
// number of tabs. The tabs elect one holder with a Web Lock; it opens the stream for the topics
// every tab shows (told over a BroadcastChannel) and passes each event on to the others. When the
// holder closes, the lock passes to another tab, which opens the stream again from the last id
// any tab drew. Without Web Locks or BroadcastChannel each tab holds its own stream.

type TabState = { topics: string[]; hidden: boolean; at: number };
type ChannelMessage =
  | { kind: "tab"; tab: string; topics: string[]; hidden: boolean }
  | { kind: "bye"; tab: string }
  | { kind: "roll" }
  | { kind: "event"; message: LiveMessage };

export type LiveConnection = {
  /** This tab's public topics and whether it shows: told to the holder, which may reopen the stream. */
  update(topics: string[], hidden: boolean): void;
  close(): void;
};

/** A tab gone quiet this long (closed without its "bye") no longer counts. */
const TAB_STALE_MS = 75_000;
const ANNOUNCE_MS = 30_000;
/** After a refused or failed stream (429, 503, a dead server) the holder tries again this much later. */
const RETRY_AFTER_FAILURE_MS = 15_000;
/** Hidden for this long before the stream asks for the slower reads. */
const HIDDEN_SETTLE_MS = 10_000;
/** The stream waits this long after the page's load: a slow phone's page gets its bytes first. */
const AFTER_LOAD_MS = 1_000;

/** Runs `start` a while after the page has loaded (at once if that was long ago). */
function afterLoad(start: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const later = () => {
    timer = setTimeout(start, AFTER_LOAD_MS);
  };
  if (document.readyState === "complete") later();
  else addEventListener("load", later, { once: true });
  return () => {
    clearTimeout(timer);
    removeEventListener("load", later);
  };
}

export function connectLive(signedIn: boolean, onMessage: (message: LiveMessage) => void): LiveConnection {
  const tab = Math.random().toString(36).slice(2);
  const shared = typeof BroadcastChannel === "function" && typeof navigator !== "undefined" && "locks" in navigator;
  const channel = shared ? new BroadcastChannel("live-stream") : null;
  const tabs = new Map<string, TabState>();
  let mine: TabState = { topics: [], hidden: document.visibilityState === "hidden", at: Date.now() };
  let lastId: string | undefined;
  let holder = false;
  let release: (() => void) | undefined;
  let source: EventSource | undefined;
  let url: string | undefined;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let settle: ReturnType<typeof setTimeout> | undefined;
  let ended = false;
  let closed = false;
  let cancelStart: () => void = () => undefined;

  const deliver = (message: LiveMessage) => {
    if (message.id) lastId = message.id;
    if (message.type === "session") ended = true;
    onMessage(message);
  };

  const wanted = (): string | null => {
    const now = Date.now();
    const all = [mine, ...[...tabs.values()].filter((t) => now - t.at < TAB_STALE_MS)];
    const topics = [...new Set(all.flatMap((t) => t.topics))].sort();
    if (!signedIn && topics.length === 0) return null;
    const query = new URLSearchParams();
    for (const topic of topics) query.append("topic", topic);
    if (all.every((t) => t.hidden)) query.set("hidden", "1");
    return `${LIVE_PATH}?${query}`;
  };

  const stopSource = () => {
    source?.close();
    source = undefined;
    url = undefined;
  };

  const open = () => {
    if (!holder || closed || ended) return;
    const next = wanted();
    if (next === url && source && source.readyState !== EventSource.CLOSED) return;
    stopSource();
    if (!next) return;
    url = next;
    const es = new EventSource(lastId ? `${next}${next.includes("?") ? "&" : "?"}since=${encodeURIComponent(lastId)}` : next);
    source = es;
    const onEvent = (event: MessageEvent<string>) => {
      try {
        const message = { id: event.lastEventId, type: event.type, data: JSON.parse(event.data) } as LiveMessage;
        deliver(message);
        post({ kind: "event", message });
        if (message.type === "session") stopSource();
      } catch {
        // Not an event of ours: dropped.
      }
    };
    for (const type of LIVE_TYPES) es.addEventListener(type, onEvent as EventListener);
    es.addEventListener(HEARTBEAT, () => undefined);
    es.addEventListener("error", () => {
      // EventSource retries by itself after a dropped connection; a refused one (429, 503) is
      // CLOSED for good, so the holder tries again later.
      if (es.readyState === EventSource.CLOSED && source === es) {
        stopSource();
        clearTimeout(retry);
        retry = setTimeout(open, RETRY_AFTER_FAILURE_MS);
      }
    });
  };

  // A closed channel throws on postMessage (WebKit also closes it when the page goes into its
  // back-forward cache): nothing is told after this tab's close, and a refusal is not an error.
  const post = (message: ChannelMessage) => {
    if (!channel || closed) return;
    try {
      channel.postMessage(message);
    } catch {
      // The channel is gone: the other tabs learn of this one going stale.
    }
  };
  const announce = () => post({ kind: "tab", tab, topics: mine.topics, hidden: mine.hidden });
  let stopAnnouncing: () => void = () => undefined;

  if (channel) {
    channel.onmessage = (event: MessageEvent<ChannelMessage>) => {
      const m = event.data;
      if (m.kind === "event") deliver(m.message);
      else if (m.kind === "roll") announce();
      else if (m.kind === "tab") {
        tabs.set(m.tab, { topics: m.topics, hidden: m.hidden, at: Date.now() });
        if (holder) open();
      } else if (m.kind === "bye") {
        tabs.delete(m.tab);
        if (holder) open();
      }
    };
    announce();
    const beat = setInterval(announce, ANNOUNCE_MS);
    cancelStart = afterLoad(
      () =>
        void navigator.locks
          .request(
            "live-stream",
            () =>
              new Promise<void>((resolve) => {
                release = resolve;
                if (closed) return resolve();
                holder = true;
                post({ kind: "roll" });
                open();
              }),
          )
          .catch(() => undefined),
    );
    const leave = () => {
      clearInterval(beat);
      post({ kind: "bye", tab });
    };
    addEventListener("pagehide", leave, { once: true });
    stopAnnouncing = () => {
      clearInterval(beat);
      removeEventListener("pagehide", leave);
    };
  } else {
    cancelStart = afterLoad(() => {
      holder = true;
      open();
    });
  }

  return {
    update(topics, hidden) {
      const changedTopics = topics.join(" ") !== mine.topics.join(" ");
      clearTimeout(settle);
      if (!changedTopics && hidden === mine.hidden) return;
      const apply = () => {
        mine = { topics, hidden, at: Date.now() };
        announce();
        if (holder) open();
      };
      // Shown again or new topics: at once. Hidden: after a while (a tab switch is not a reason to reconnect).
      if (changedTopics || !hidden) apply();
      else settle = setTimeout(apply, HIDDEN_SETTLE_MS);
    },
    close() {
      if (closed) return;
      post({ kind: "bye", tab });
      closed = true;
      stopAnnouncing();
      cancelStart();
      clearTimeout(retry);
      clearTimeout(settle);
      stopSource();
      channel?.close();
      holder = false;
      release?.();
    },
  };
}
