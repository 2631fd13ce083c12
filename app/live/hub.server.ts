import { createHash } from "node:crypto";
import type { LiveBus, LiveEnvelope } from "./bus.server";
import { LIVE_TYPES, type LiveAgent, type LiveBalance, type LiveDraw, type LiveInbox, type LiveType } from "./events";

// The live streams of one instance (issue 28, decision 053): who is connected, the limits, the
// heartbeats, and the reads that make the events. The platform has no push call, so a player's
// figures are read for the players connected here: one read per player at a time across tabs and
// instances (a lease), at most one per POLL_MS while a page shows, one per HIDDEN_POLL_MS while
// every page is hidden, and at once after a nudge (an own money action, the embedded platform's
// announcement). A read publishes only what changed since the last event the bus holds.

/** A signed-in browser's login, as the stream's request had it. */
export type PlayerLogin = {
  merchant: string;
  user: string;
  token: string;
  accountType: number;
  language: string;
  userAgent: string;
  ip?: string;
};

/** What a read of one player gives (the gateway's, or a test's). */
export type PlayerReads = {
  balance(): Promise<LiveBalance>;
  /** Null when this account has no inbox (a trial account, INBOX3 off). */
  inbox(previous: LiveInbox | undefined): Promise<LiveInbox | null>;
  /** Null when this account is not an agent or no agent module is on. */
  agent(): Promise<LiveAgent | null>;
};

/** A public board's read (a lottery's latest draws), or null for a topic nobody reads. */
export type BoardRead = () => Promise<LiveDraw[]>;

export type HubOptions = {
  bus: LiveBus;
  reads: (login: PlayerLogin) => PlayerReads;
  boards?: (topic: string) => BoardRead | null;
  /** Whether a read's failure means the login is gone (the platform no longer knows the token). */
  sessionGone: (error: unknown) => boolean;
  /** Takes `key` for `ms` unless another instance holds it (one read per player at a time). */
  lease: (key: string, ms: number) => Promise<boolean>;
  pollMs: number;
  hiddenPollMs: number;
  /** Agents' contract flags and team are read every this many balance reads (and on a nudge). */
  agentEvery: number;
  heartbeatMs: number;
  maxPerPlayer: number;
  maxPerAddress: number;
  /**
   * Reads in flight at once on this instance (16): when the platform slows, reads wait their turn
   * (a nudged one first) instead of piling up in memory.
   */
  readsAtOnce?: number;
  /** Each read made (for the metrics). */
  onRead?: (kind: "player" | "board") => void;
  /** How often due reads, heartbeats and login ends are looked at (500 ms). */
  tickMs?: number;
  now?: () => number;
  onError?: (error: unknown, what: string) => void;
};

/** Where a stream's events go: the route's eventStream `send`, or a test's list. */
export type StreamSink = { send(type: string, id: string, data: unknown): void; end(): void };

export type StreamRequest = {
  login?: PlayerLogin;
  /** When the login ends by our own rule (SESSION_MAX_AGE_HOURS), epoch ms. */
  endsAt?: number;
  /** Public topics (a lottery's board) this page shows. */
  topics: string[];
  hidden: boolean;
  ip?: string;
  /** The id of the last event the browser drew, to be sent what it missed. */
  since?: string;
};

export type Opened = { ok: true; close(): void } | { ok: false; reason: "player" | "address" | "draining" };

export const memberTopic = (merchant: string, user: string) => `member:${merchant}:${user.toLowerCase()}`;
/** A login's mark in events about it: never the token itself (events cross Redis). */
export const tokenMark = (token: string) => createHash("sha256").update(token).digest("hex").slice(0, 16);

/** Types that go to the browser; the rest (nudges) are for the instances. */
const BROWSER_TYPES = new Set<string>(LIVE_TYPES);
const NUDGE = "_nudge";
/** A nudged read's lease: the instances that heard the same nudge read once between them. */
const NUDGE_LEASE_MS = 250;

type Stream = {
  sink: StreamSink;
  topic?: string;
  topics: string[];
  mark?: string;
  hidden: boolean;
  ip?: string;
  endsAt?: number;
  unsubscribe: () => void;
};

/** A public board watched here: read when its next draw is due, each new draw published once. */
type Board = {
  topic: string;
  read: BoardRead;
  streams: number;
  nextAt: number;
  busy: boolean;
  /** Each lottery's newest issue as this instance knows it (from its reads and the bus). */
  known: Map<string, string>;
  /** Read once: from then on, an issue not known is a new draw. */
  learned: boolean;
  unsubscribe: () => void;
};

/** A board with no due time known is read this often; one whose draw is due, this long after it. */
const BOARD_IDLE_MS = 20_000;
const BOARD_AFTER_DUE_MS = 1_500;
const BOARD_MIN_MS = 3_000;
/** A player's first read after their first stream here: within this time. */
const FIRST_READ_WITHIN_MS = 5_000;

type Watch = {
  topic: string;
  logins: Map<string, { login: PlayerLogin; streams: number }>;
  visible: number;
  hidden: number;
  nextAt: number;
  busy: boolean;
  reads: number;
  turn: number;
  again: boolean;
  /** A nudged read found the lease taken: it looks once more when the lease is over. */
  retry: "due" | "made" | undefined;
  unsubscribe: () => void;
};

export class LiveHub {
  private readonly streams = new Set<Stream>();
  private readonly watches = new Map<string, Watch>();
  private readonly boards = new Map<string, Board>();
  private readonly perAddress = new Map<string, number>();
  private readonly perPlayer = new Map<string, number>();
  private readonly now: () => number;
  private ticker: NodeJS.Timeout | undefined;
  private lastBeat = 0;
  private draining = false;
  /** Reads made, for the tests. */
  readsMade = 0;
  private inFlight = 0;
  /** The reads found due at the last tick, in order, and how far pump() has gone through them. */
  private due: Watch[] = [];
  private dueAt = 0;

  private readonly readsAtOnce: number;

  constructor(private readonly options: HubOptions) {
    this.now = options.now ?? Date.now;
    this.readsAtOnce = options.readsAtOnce ?? 16;
  }

  /** Streams open on this instance. */
  get size(): number {
    return this.streams.size;
  }

  /** What the hub holds now (the metrics' scrape). */
  figures() {
    const now = this.now();
    let readsDue = 0;
    for (const w of this.watches.values()) if (!w.busy && w.nextAt <= now) readsDue += 1;
    return { streams: this.streams.size, players: this.watches.size, boards: this.boards.size, readsInFlight: this.inFlight, readsDue };
  }

  open(request: StreamRequest, sink: StreamSink): Opened {
    if (this.draining) return { ok: false, reason: "draining" };
    const { login, ip } = request;
    const topic = login ? memberTopic(login.merchant, login.user) : undefined;
    if (topic && (this.perPlayer.get(topic) ?? 0) >= this.options.maxPerPlayer) return { ok: false, reason: "player" };
    if (ip && (this.perAddress.get(ip) ?? 0) >= this.options.maxPerAddress) return { ok: false, reason: "address" };
    if (topic) this.perPlayer.set(topic, (this.perPlayer.get(topic) ?? 0) + 1);
    if (ip) this.perAddress.set(ip, (this.perAddress.get(ip) ?? 0) + 1);

    const mark = login ? tokenMark(login.token) : undefined;
    const stream: Stream = {
      sink,
      topic,
      topics: request.topics,
      mark,
      hidden: request.hidden,
      ip,
      endsAt: request.endsAt,
      unsubscribe: () => undefined,
    };
    const forward = (event: LiveEnvelope) => this.forward(stream, event);
    const stops = request.topics.map((t) => this.options.bus.subscribe(t, forward));
    if (topic) stops.push(this.options.bus.subscribe(topic, forward));
    stream.unsubscribe = () => {
      for (const stop of stops) stop();
    };
    this.streams.add(stream);
    if (topic && login && mark) this.watch(topic, login, mark, request.hidden, request.since !== undefined);
    for (const t of request.topics) this.board(t, 1);

    // What it missed while away: the kept events after its last, on each of its topics.
    if (request.since) {
      for (const t of [...request.topics, ...(topic ? [topic] : [])]) {
        for (const event of this.options.bus.since(t, request.since) ?? []) forward(event);
      }
    }
    this.start();
    return { ok: true, close: () => this.close(stream) };
  }

  /** Read this player's figures now, on whichever instance holds a stream for them. */
  async nudge(merchant: string, user: string): Promise<void> {
    await this.options.bus.publish(memberTopic(merchant, user), NUDGE, null).catch(() => undefined);
  }

  /** This login (null: every login of the player) ended: its streams are told and closed, on every instance. */
  async loginEnded(merchant: string, user: string, token: string | null, reason: "logout" | "expired" | "excluded"): Promise<void> {
    await this.options.bus
      .publish(memberTopic(merchant, user), "session", { ended: true, reason, mark: token === null ? "*" : tokenMark(token) })
      .catch(() => undefined);
  }

  /** A hint from this instance's platform (its announcement): read the player now if connected here. */
  announced(merchant: string, user: string): void {
    // The announcements were interrupted: every watched player is read (as many at once as allowed).
    if (user === "*") {
      for (const watch of this.watches.values()) this.readSoon(watch);
      return;
    }
    const watch = this.watches.get(memberTopic(merchant, user));
    if (watch) this.readSoon(watch);
  }

  /** At shutdown: no new streams; each open one is ended (the browser reconnects elsewhere). */
  drain(): void {
    this.draining = true;
    for (const stream of [...this.streams]) {
      this.close(stream);
      stream.sink.end();
    }
    this.stop();
  }

  stop(): void {
    if (this.ticker) clearInterval(this.ticker);
    this.ticker = undefined;
    this.due = [];
  }

  private forward(stream: Stream, event: LiveEnvelope): void {
    if (!BROWSER_TYPES.has(event.type)) return;
    if (event.type === "session") {
      const { mark, reason } = event.data as { mark?: string; reason: string };
      if (mark !== stream.mark && mark !== "*") return;
      stream.sink.send("session", event.id, { ended: true, reason });
      this.close(stream);
      stream.sink.end();
      return;
    }
    stream.sink.send(event.type, event.id, event.data);
  }

  private close(stream: Stream): void {
    if (!this.streams.delete(stream)) return;
    stream.unsubscribe();
    for (const t of stream.topics) this.board(t, -1);
    if (stream.topic) {
      const left = (this.perPlayer.get(stream.topic) ?? 1) - 1;
      if (left > 0) this.perPlayer.set(stream.topic, left);
      else this.perPlayer.delete(stream.topic);
      this.unwatch(stream.topic, stream.mark!, stream.hidden);
    }
    if (stream.ip) {
      const left = (this.perAddress.get(stream.ip) ?? 1) - 1;
      if (left > 0) this.perAddress.set(stream.ip, left);
      else this.perAddress.delete(stream.ip);
    }
  }

  private watch(topic: string, login: PlayerLogin, mark: string, hidden: boolean, resumed: boolean): void {
    let watch = this.watches.get(topic);
    if (!watch) {
      const interval = this.options.pollMs;
      watch = {
        topic,
        logins: new Map(),
        visible: 0,
        hidden: 0,
        // Soon (what later reads compare with), spread so that 10,000 players connecting at once are
        // not read at once. A player this instance was streaming to moments ago (their last figures
        // are still kept) is going from page to page: a credit while no stream was open (the new
        // page's first second) would otherwise wait for the last read's poll lease: read at once,
        // as a nudge (0).
        nextAt:
          this.options.bus.last(topic, "balance") !== undefined
            ? 0
            : this.now() + Math.floor(Math.random() * Math.min(interval, FIRST_READ_WITHIN_MS)),
        busy: false,
        reads: 0,
        turn: 0,
        again: false,
        retry: undefined,
        unsubscribe: () => undefined,
      };
      const w = watch;
      watch.unsubscribe = this.options.bus.subscribe(topic, (event) => {
        if (event.type === NUDGE) this.readSoon(w);
      });
      this.watches.set(topic, watch);
    }
    const known = watch.logins.get(mark);
    if (known) known.streams += 1;
    else watch.logins.set(mark, { login, streams: 1 });
    if (hidden) watch.hidden += 1;
    else watch.visible += 1;
    // A stream back after a drop reads at once: what changed meanwhile may not be kept here.
    if (resumed) this.readSoon(watch);
  }

  private unwatch(topic: string, mark: string, hidden: boolean): void {
    const watch = this.watches.get(topic);
    if (!watch) return;
    if (hidden) watch.hidden -= 1;
    else watch.visible -= 1;
    const known = watch.logins.get(mark);
    if (known && --known.streams <= 0) watch.logins.delete(mark);
    if (watch.logins.size === 0) {
      watch.unsubscribe();
      this.watches.delete(topic);
    }
  }

  private readSoon(watch: Watch): void {
    watch.nextAt = 0;
    watch.again = true;
    watch.retry = undefined; // a nudge of its own: it may look once more if its lease is taken
    watch.reads = -1; // the next read includes the agent's figures
    if (!watch.busy && this.inFlight < this.readsAtOnce) void this.read(watch, true);
  }

  private start(): void {
    if (this.ticker) return;
    this.lastBeat = this.now();
    this.ticker = setInterval(() => this.tick(), this.options.tickMs ?? 500);
    this.ticker.unref();
  }

  private tick(): void {
    const now = this.now();
    // The reads due, nudged first (their nextAt is 0), then the longest waiting: started as room
    // frees up, not only at the next tick (at 16 a tick, 10,000 players took five minutes to read).
    const due: Watch[] = [];
    for (const watch of this.watches.values()) if (!watch.busy && watch.nextAt <= now) due.push(watch);
    this.due = due.sort((a, b) => a.nextAt - b.nextAt);
    this.dueAt = 0;
    this.pump();
    for (const board of this.boards.values()) {
      if (!board.busy && board.nextAt <= now) void this.readBoard(board);
    }
    const beat = now - this.lastBeat >= this.options.heartbeatMs;
    if (beat) this.lastBeat = now;
    for (const stream of [...this.streams]) {
      if (stream.endsAt !== undefined && stream.endsAt <= now) {
        stream.sink.send("session", "", { ended: true, reason: "expired" });
        this.close(stream);
        stream.sink.end();
      } else if (beat) stream.sink.send("ping", "", now);
    }
    if (this.streams.size === 0 && this.watches.size === 0 && this.boards.size === 0) this.stop();
  }

  /** Starts the due reads while there is room. */
  private pump(): void {
    const now = this.now();
    while (this.inFlight < this.readsAtOnce && this.dueAt < this.due.length) {
      const watch = this.due[this.dueAt++]!;
      if (watch.busy || watch.nextAt > now || this.watches.get(watch.topic) !== watch) continue;
      const nudged = watch.nextAt === 0 || watch.retry === "due";
      if (watch.retry === "due") watch.retry = "made";
      void this.read(watch, nudged);
    }
  }

  /** One read of a watched player (one of its logins in turn), publishing what changed. */
  private async read(watch: Watch, nudged: boolean): Promise<void> {
    const interval = watch.visible > 0 ? this.options.pollMs : this.options.hiddenPollMs;
    watch.busy = true;
    this.inFlight += 1;
    watch.again = false;
    watch.nextAt = this.now() + interval;
    try {
      // A nudge takes a short lease (instances hearing the same nudge read once); a poll, the interval's.
      if (!(await this.options.lease(`${nudged ? "now" : "poll"}:${watch.topic}`, nudged ? NUDGE_LEASE_MS : Math.floor(interval * 0.9)))) {
        // A read of this player was just made (here or on another instance); a change after it
        // (a win 100 ms after the bet) would wait for the interval: look once more after the lease.
        if (nudged && watch.retry === undefined) {
          watch.retry = "due";
          watch.nextAt = this.now() + NUDGE_LEASE_MS;
        }
        return;
      }
      watch.retry = undefined;
      const logins = [...watch.logins.entries()];
      if (logins.length === 0) return;
      const [mark, { login }] = logins[watch.turn++ % logins.length]!;
      const reads = this.options.reads(login);
      this.readsMade += 1;
      this.options.onRead?.("player");
      const agentToo = watch.reads < 0 || watch.reads % this.options.agentEvery === 0;
      watch.reads = watch.reads < 0 ? 1 : watch.reads + 1;
      try {
        const previous = this.last<LiveInbox>(watch.topic, "inbox");
        const [balance, inbox, agent] = await Promise.all([
          reads.balance(),
          reads.inbox(previous),
          agentToo ? reads.agent() : Promise.resolve(null),
        ]);
        await this.publishChanged(watch.topic, "balance", balance);
        if (inbox) await this.publishChanged(watch.topic, "inbox", inbox, (a, b) => a.unread === b.unread);
        if (agent) await this.publishChanged(watch.topic, "agent", agent);
      } catch (error) {
        if (this.options.sessionGone(error)) {
          watch.logins.delete(mark);
          await this.options.bus.publish(watch.topic, "session", { ended: true, reason: "expired", mark });
          // The player's other logins are read in their turn.
          if (watch.logins.size > 0) watch.nextAt = 0;
        } else this.options.onError?.(error, "read");
      }
    } catch (error) {
      this.options.onError?.(error, "lease");
    } finally {
      watch.busy = false;
      this.inFlight -= 1;
      if (watch.again && this.watches.get(watch.topic) === watch) {
        if (this.inFlight < this.readsAtOnce) void this.read(watch, true);
        else watch.nextAt = 0;
      }
      this.pump();
    }
  }

  /** A stream for a public topic came (+1) or went (-1): its board is read while any stream shows it. */
  private board(topic: string, change: 1 | -1): void {
    let board = this.boards.get(topic);
    if (!board && change > 0) {
      const read = this.options.boards?.(topic);
      if (!read) return;
      const b: Board = {
        topic,
        read,
        streams: 0,
        nextAt: this.now(),
        busy: false,
        known: new Map(),
        learned: false,
        unsubscribe: () => undefined,
      };
      // Another instance's reads count too: a draw it published is not published again from here.
      b.unsubscribe = this.options.bus.subscribe(topic, (event) => {
        const draw = event.data as LiveDraw | null;
        if (event.type === "draw" && draw?.code) b.known.set(draw.code, draw.issue);
      });
      this.boards.set(topic, (board = b));
    }
    if (!board) return;
    board.streams += change;
    if (board.streams <= 0) {
      board.unsubscribe();
      this.boards.delete(topic);
    }
  }

  private async readBoard(board: Board): Promise<void> {
    board.busy = true;
    const now = this.now();
    board.nextAt = now + BOARD_IDLE_MS;
    try {
      if (!(await this.options.lease(`board:${board.topic}`, BOARD_MIN_MS - 500))) {
        board.nextAt = now + BOARD_MIN_MS;
        return;
      }
      this.readsMade += 1;
      this.options.onRead?.("board");
      const draws = await board.read();
      const first = !board.learned;
      board.learned = true;
      let due = Number.POSITIVE_INFINITY;
      for (const draw of draws) {
        if (draw.nextDrawAt && draw.nextDrawAt > now) due = Math.min(due, draw.nextDrawAt);
        if (board.known.get(draw.code) === draw.issue) continue;
        board.known.set(draw.code, draw.issue);
        // The first read only learns the board (its page was drawn with it), unless a draw is newer than a read's interval.
        if (first && !(draw.drawnAt && draw.drawnAt > now - BOARD_IDLE_MS)) continue;
        await this.options.bus.publish(board.topic, "draw", draw);
      }
      if (Number.isFinite(due)) board.nextAt = Math.max(now + BOARD_MIN_MS, Math.min(due + BOARD_AFTER_DUE_MS, now + BOARD_IDLE_MS * 3));
    } catch (error) {
      this.options.onError?.(error, "board");
    } finally {
      board.busy = false;
    }
  }

  private last<T>(topic: string, type: LiveType): T | undefined {
    return this.options.bus.last(topic, type)?.data as T | undefined;
  }

  private async publishChanged<T>(topic: string, type: LiveType, value: T, same?: (a: T, b: T) => boolean): Promise<void> {
    const before = this.last<T>(topic, type);
    if (before !== undefined && (same ? same(before, value) : JSON.stringify(before) === JSON.stringify(value))) return;
    await this.options.bus.publish(topic, type, value);
  }
}

/** One instance's leases in memory (no REDIS_URL). */
export function memoryLease(now: () => number = Date.now) {
  const held = new Map<string, number>();
  return async (key: string, ms: number) => {
    const t = now();
    if ((held.get(key) ?? 0) > t) return false;
    if (held.size > 50_000) for (const [k, until] of held) if (until <= t) held.delete(k);
    held.set(key, t + ms);
    return true;
  };
}
