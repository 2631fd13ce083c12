import { Link, useLocation } from "@remix-run/react";
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from "react";
import { memberPath } from "~/domain/member-menu";
import { formatMoney, MAIN_WALLET } from "~/domain/money";
import { useTranslation } from "~/i18n/react";
import type { RootData } from "~/shell.server";
import { connectLive, type LiveConnection } from "./connection";
import type { LiveAgent, LiveBalance, LiveDraw, LiveMessage, LiveSession } from "./events";

// The live events drawn into the open page (issue 28). Figures the page drew from its loaders are
// replaced by the newer ones the stream brings, until the loaders run again (then theirs are the
// newer). Without JavaScript none of this runs: the page is as fresh as its load.

type Notice = { key: number; text: string; to?: string };
type LiveState = {
  balance?: LiveBalance;
  unread?: number;
  agent?: LiveAgent;
  draws: Record<string, LiveDraw>;
  ended?: LiveSession["reason"];
};

type LiveContextValue = LiveState & {
  /** Public topics this page shows (a lottery's board), while it is mounted. */
  watch(topics: string[]): () => void;
};

const LiveContext = createContext<LiveContextValue>({ draws: {}, watch: () => () => undefined });

export function useLive() {
  return useContext(LiveContext);
}

/** The page shows these public topics (e.g. `lottery:VN1`): the stream carries them while it is open. */
export function useLiveTopics(topics: string[]) {
  const { watch } = useLive();
  const key = topics.join(" ");
  // The topics are compared by their joined names, not by the array a render made.
  useEffect(() => watch(key ? key.split(" ") : []), [key, watch]);
}

/** The balance's text for the header (the sum, or the game's main wallet when it shows that). */
export function liveBalanceValue(value: NonNullable<NonNullable<RootData["balance"]>["value"]>, live: LiveBalance, locale: string) {
  const sumText = formatMoney(live.sum, locale);
  const main = value.wallet ? live.wallets.find((w) => w.id === MAIN_WALLET) : undefined;
  return { ...value, symbol: live.symbol || value.symbol, sumText, text: main ? formatMoney(main.avail, locale) : sumText };
}

/** The root's data with the stream's newer figures in it: the header and the account menu follow. */
export function useLiveRoot(root: RootData): RootData {
  const live = useLive();
  return useMemo(() => {
    if (!root.user) return root;
    const value = root.balance?.value;
    return {
      ...root,
      balance:
        root.balance && value && live.balance
          ? { ...root.balance, value: liveBalanceValue(value, live.balance, root.locale) }
          : root.balance,
      unread: live.unread ?? root.unread,
    };
  }, [root, live.balance, live.unread]);
}

export function LiveProvider({ root, children }: { root: RootData; children: React.ReactNode }) {
  const { t } = useTranslation();
  const signedIn = Boolean(root.user);
  const [state, setState] = useState<LiveState>({ draws: {} });
  const [notices, setNotices] = useState<Notice[]>([]);
  const [topicSets, setTopicSets] = useState<string[][]>([]);
  const connection = useRef<LiveConnection | null>(null);
  const seq = useRef(0);
  // The agent's figures as the stream last told them (the first event only sets what is known).
  const lastAgent = useRef<LiveAgent | undefined>(undefined);
  // The unread count the page shows: a message is told of when the stream's count is above it.
  const shownUnread = useRef(root.unread);

  // Fresher loader data replaces what the stream had brought.
  useEffect(() => {
    shownUnread.current = root.unread;
    setState((s) => ({ draws: s.draws }));
  }, [root]);

  const notify = useCallback((text: string, to?: string) => {
    const key = ++seq.current;
    setNotices((n) => [...n.slice(-2), { key, text, to }]);
    setTimeout(() => setNotices((n) => n.filter((x) => x.key !== key)), 8_000);
  }, []);

  const onMessage = useCallback(
    (message: LiveMessage) => {
      switch (message.type) {
        case "balance":
          return setState((s) => ({ ...s, balance: message.data as LiveBalance }));
        case "inbox": {
          const inbox = message.data as { unread: number; newest?: { title: string } };
          if (inbox.newest && inbox.unread > shownUnread.current)
            notify(t("live.newMessage", { title: inbox.newest.title }), memberPath("messageV2"));
          shownUnread.current = inbox.unread;
          return setState((s) => ({ ...s, unread: inbox.unread }));
        }
        case "agent": {
          const agent = message.data as LiveAgent;
          const before = lastAgent.current;
          lastAgent.current = agent;
          if (before) {
            if (agent.waiting.some((w) => !before.waiting.includes(w))) notify(t("live.contractWaiting"));
            if (agent.team !== undefined && before.team !== undefined && agent.team > before.team) notify(t("live.newDownline"));
          }
          return setState((s) => ({ ...s, agent }));
        }
        case "draw": {
          const draw = message.data as LiveDraw;
          return setState((s) => ({ ...s, draws: { ...s.draws, [draw.code]: draw } }));
        }
        case "session":
          return setState((s) => ({ ...s, ended: (message.data as LiveSession).reason }));
      }
    },
    [notify, t],
  );

  const topics = useMemo(() => [...new Set(topicSets.flat())].sort(), [topicSets]);
  const watch = useCallback((set: string[]) => {
    setTopicSets((all) => [...all, set]);
    return () => setTopicSets((all) => all.filter((s) => s !== set));
  }, []);

  // The stream is opened once per sign-in: a change of language (a new `t`) does not reconnect it.
  const handler = useRef(onMessage);
  useEffect(() => {
    handler.current = onMessage;
  }, [onMessage]);

  useEffect(() => {
    setState({ draws: {} });
    const c = connectLive(signedIn, (message) => handler.current(message));
    connection.current = c;
    // A logout from this page closes the stream first: the server ends it at the logout, and the
    // browser's own reconnect, sent before the page knows it is signed out, would be refused (403).
    const onSubmit = (event: SubmitEvent) => {
      if (event.target instanceof HTMLFormElement && new URL(event.target.action, location.href).pathname === "/logout") c.close();
    };
    document.addEventListener("submit", onSubmit, true);
    return () => {
      document.removeEventListener("submit", onSubmit, true);
      c.close();
      connection.current = null;
    };
  }, [signedIn]);

  useEffect(() => {
    const update = () => connection.current?.update(topics, document.visibilityState === "hidden");
    update();
    document.addEventListener("visibilitychange", update);
    return () => document.removeEventListener("visibilitychange", update);
  }, [topics]);

  const value = useMemo(() => ({ ...state, watch }), [state, watch]);
  return (
    <LiveContext.Provider value={value}>
      {children}
      {notices.length > 0 ? <LiveNotices notices={notices} dismiss={(key) => setNotices((n) => n.filter((x) => x.key !== key))} /> : null}
      {state.ended && signedIn ? <SessionEnded reason={state.ended} /> : null}
    </LiveContext.Provider>
  );
}

function LiveNotices({ notices, dismiss }: { notices: Notice[]; dismiss: (key: number) => void }) {
  const { t } = useTranslation();
  return (
    <div className="pointer-events-none fixed inset-x-0 bottom-20 z-50 flex flex-col items-center gap-2 px-3" aria-live="polite">
      {notices.map((n) => (
        <p
          key={n.key}
          className="pointer-events-auto flex w-full max-w-md items-center gap-2 rounded-xl bg-panel-2 px-3 py-2 text-sm shadow-xl"
          data-testid="live-notice"
        >
          {n.to ? (
            <Link to={n.to} className="min-w-0 flex-1 truncate underline">
              {n.text}
            </Link>
          ) : (
            <span className="min-w-0 flex-1">{n.text}</span>
          )}
          <button type="button" className="shrink-0 px-1 text-ink-dim" onClick={() => dismiss(n.key)} aria-label={t("live.dismiss")}>
            ×
          </button>
        </p>
      ))}
    </div>
  );
}

/** The login ended elsewhere: the page says so and offers login; an open game has stopped (pages/game.tsx). */
function SessionEnded({ reason }: { reason: LiveSession["reason"] }) {
  const { t } = useTranslation();
  const location = useLocation();
  const back = location.pathname + location.search;
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div
      className="fixed inset-0 z-[60] grid place-items-center bg-night/90 p-4"
      role="alertdialog"
      aria-modal="true"
      aria-labelledby="live-ended"
    >
      <div className="w-full max-w-sm rounded-2xl bg-panel p-5 text-center shadow-xl" data-testid="session-ended">
        <h2 id="live-ended" ref={heading} tabIndex={-1} className="text-lg font-bold outline-none">
          {t("live.endedTitle")}
        </h2>
        <p className="mt-2 text-sm text-ink-dim">{t(`live.ended.${reason}`)}</p>
        {/* A document load: the shell reads the signed-out state afresh. */}
        <a
          className="btn-accent mt-5 inline-block"
          href={`/login?redirectTo=${encodeURIComponent(back)}`}
          data-testid="session-ended-login"
        >
          {t("live.login")}
        </a>
      </div>
    </div>
  );
}
