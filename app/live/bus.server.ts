import { randomBytes } from "node:crypto";
import type { Redis } from "ioredis";

// The live events' fan-out (issue 28): an event published for a topic (a member's, a lottery's,
// the public one) reaches every stream subscribed to that topic, on this instance and, with
// REDIS_URL, on every instance (Redis pub/sub). Each instance keeps the last events of each topic
// it has seen, in arrival order, so a stream that reconnects with the id of the last event it
// drew gets what it missed, or is told to read afresh when that is no longer kept.

export type LiveEnvelope = { id: string; topic: string; type: string; data: unknown; at: number };
export type LiveListener = (event: LiveEnvelope) => void;

export interface LiveBus {
  /** Sends an event to every subscriber of `topic`, here and on the other instances. */
  publish(topic: string, type: string, data: unknown): Promise<LiveEnvelope>;
  /** Calls `listener` with each event of `topic` from now on; the returned function stops it. */
  subscribe(topic: string, listener: LiveListener): () => void;
  /**
   * The events of `topic` after the one with id `lastId`, oldest first; null when that event is
   * no longer kept here (the stream should read afresh).
   */
  since(topic: string, lastId: string): LiveEnvelope[] | null;
  /** The newest kept event of `type` on `topic` (what a read compares with before publishing). */
  last(topic: string, type: string): LiveEnvelope | undefined;
  close(): Promise<void>;
}

/** Events kept per topic for a reconnecting stream, and topics kept in all. */
export const KEPT_PER_TOPIC = 32;
export const KEPT_TOPICS = 20_000;

/** What both buses share: the local subscribers and the kept events, in arrival order. */
class LocalTopics {
  private readonly listeners = new Map<string, Set<LiveListener>>();
  private readonly kept = new Map<string, LiveEnvelope[]>();

  deliver(event: LiveEnvelope): void {
    if (!event.type.startsWith("_")) this.keep(event);
    for (const listener of [...(this.listeners.get(event.topic) ?? [])]) {
      try {
        listener(event);
      } catch {
        // One stream's failure (a closed socket) is that stream's; the others still hear it.
      }
    }
  }

  /** Types starting with "_" are signals between instances (a nudge to read): not kept. */
  private keep(event: LiveEnvelope): void {
    let recent = this.kept.get(event.topic);
    if (recent) this.kept.delete(event.topic);
    else recent = [];
    recent.push(event);
    if (recent.length > KEPT_PER_TOPIC) recent.shift();
    // Map order is insertion order: the topic heard from longest ago goes first.
    this.kept.set(event.topic, recent);
    if (this.kept.size > KEPT_TOPICS) this.kept.delete(this.kept.keys().next().value!);
  }

  /** Adds a listener; `first` is true when it is the topic's first on this instance. */
  add(topic: string, listener: LiveListener): { first: boolean; remove: () => boolean } {
    let set = this.listeners.get(topic);
    const first = !set;
    if (!set) this.listeners.set(topic, (set = new Set()));
    set.add(listener);
    return {
      first,
      /** True when it was the topic's last listener here. */
      remove: () => {
        set.delete(listener);
        if (set.size > 0 || this.listeners.get(topic) !== set) return false;
        this.listeners.delete(topic);
        return true;
      },
    };
  }

  since(topic: string, lastId: string): LiveEnvelope[] | null {
    const recent = this.kept.get(topic) ?? [];
    const at = recent.findIndex((e) => e.id === lastId);
    return at < 0 ? null : recent.slice(at + 1);
  }

  last(topic: string, type: string): LiveEnvelope | undefined {
    const recent = this.kept.get(topic) ?? [];
    for (let i = recent.length - 1; i >= 0; i--) if (recent[i]!.type === type) return recent[i];
    return undefined;
  }

  topics(): number {
    return this.listeners.size;
  }
}

/** Ids unique across instances and increasing on each: this instance's mark and a count. */
function idMaker(): () => string {
  const instance = randomBytes(4).toString("hex");
  let count = 0;
  return () => `${instance}-${(++count).toString(36)}`;
}

/** One instance: events go from publisher to subscribers in memory. */
export function memoryBus(now: () => number = Date.now): LiveBus {
  const local = new LocalTopics();
  const nextId = idMaker();
  return {
    async publish(topic, type, data) {
      const event = { id: nextId(), topic, type, data, at: now() };
      local.deliver(event);
      return event;
    },
    subscribe(topic, listener) {
      const { remove } = local.add(topic, listener);
      return () => void remove();
    },
    since: (topic, lastId) => local.since(topic, lastId),
    last: (topic, type) => local.last(topic, type),
    async close() {},
  };
}

const CHANNEL = "live:";

/**
 * Several instances behind a balancer: an event is published on Redis and every instance with a
 * subscriber to its topic hears it, the publisher's own among them (one path for every event).
 * An instance subscribes to a topic's channel while it has a stream for it. When Redis does not
 * take the publish, the event still reaches this instance's streams.
 */
export function redisBus(publisher: Redis, subscriber: Redis, now: () => number = Date.now): LiveBus {
  const local = new LocalTopics();
  const nextId = idMaker();
  subscriber.on("message", (channel: string, message: string) => {
    if (!channel.startsWith(CHANNEL)) return;
    try {
      const event = JSON.parse(message) as LiveEnvelope;
      if (event.topic === channel.slice(CHANNEL.length)) local.deliver(event);
    } catch {
      // Not one of ours: dropped.
    }
  });
  return {
    async publish(topic, type, data) {
      const event = { id: nextId(), topic, type, data, at: now() };
      const heard = await publisher.publish(CHANNEL + topic, JSON.stringify(event)).catch(() => null);
      if (heard === null) local.deliver(event);
      return event;
    },
    subscribe(topic, listener) {
      const { first, remove } = local.add(topic, listener);
      if (first) void subscriber.subscribe(CHANNEL + topic).catch(() => undefined);
      return () => {
        if (remove()) void subscriber.unsubscribe(CHANNEL + topic).catch(() => undefined);
      };
    },
    since: (topic, lastId) => local.since(topic, lastId),
    last: (topic, type) => local.last(topic, type),
    async close() {
      await Promise.allSettled([subscriber.quit(), publisher.quit()]);
    },
  };
}
