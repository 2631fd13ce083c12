import { env } from "~/env.server";
import { onMoneyCall } from "~/gateway/client.server";
import { transport } from "~/gateway/transport.server";
import { liveReads, measureLive } from "~/metrics.server";
import { log } from "~/request-scope.server";
import { type LiveBus, memoryBus, redisBus } from "./bus.server";
import { LiveHub, memoryLease } from "./hub.server";
import { boardReads, gatewayReads, sessionGone } from "./reads.server";

// The process's live hub (issue 28): the bus from REDIS_URL (memory without it), the leases on
// the same Redis, the reads through the gateway, and the embedded platform's announcements.

/**
 * With a remote platform a connected player is read this often. The embedded one announces its
 * changes (and that it may have missed some, after a lost LISTEN connection): its reads are only
 * a safety net, and at 10,000 players every 5 minutes they were most of an idle instance's CPU.
 */
const REMOTE_POLL_MS = 3_000;
const ANNOUNCED_POLL_MS = 1_800_000;

let hub: Promise<LiveHub> | undefined;
let stopAnnouncements: (() => void) | undefined;
let bus: LiveBus | undefined;

async function create(): Promise<LiveHub> {
  const e = env();
  const platform = transport();
  let lease = memoryLease();
  if (e.REDIS_URL) {
    const { Redis } = await import("ioredis");
    const warn = (what: string) => (error: Error) => log().warn({ component: "live", err: error.message }, `Redis ${what} unreachable`);
    // The publisher fails fast (an event or a lease is dropped, never queued behind a dead Redis);
    // the subscriber queues its SUBSCRIBEs until connected and renews them after a reconnect.
    const publisher = new Redis(e.REDIS_URL, { enableOfflineQueue: false, maxRetriesPerRequest: 1, connectTimeout: 2_000 });
    const subscriber = new Redis(e.REDIS_URL, { connectTimeout: 2_000, maxRetriesPerRequest: null });
    publisher.on("error", warn("publisher"));
    subscriber.on("error", warn("subscriber"));
    // The hub is made at the first stream or money call: that call's nudge must not be dropped
    // for want of a connection (the publisher queues nothing). At most 2 s, then on without.
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, 2_000);
      publisher.once("ready", () => {
        clearTimeout(timer);
        resolve();
      });
    });
    bus = redisBus(publisher, subscriber);
    const local = memoryLease();
    // Redis unreachable: this instance reads on its own (more reads, never none).
    lease = (key, ms) =>
      publisher
        .set(`live:lease:${key}`, "1", "PX", ms, "NX")
        .then((answer) => answer === "OK")
        .catch(() => local(key, ms));
  } else bus = memoryBus();
  const pollMs = e.LIVE_POLL_MS ?? (platform.announcements ? ANNOUNCED_POLL_MS : REMOTE_POLL_MS);
  const created = new LiveHub({
    bus,
    reads: gatewayReads,
    boards: boardReads(e.MERCHANT_CODE),
    sessionGone,
    lease,
    pollMs,
    // Hidden pages are never read more often than shown ones.
    hiddenPollMs: Math.max(e.LIVE_HIDDEN_POLL_MS, pollMs),
    agentEvery: 4,
    heartbeatMs: e.LIVE_HEARTBEAT_MS,
    maxPerPlayer: e.LIVE_MAX_PER_PLAYER,
    maxPerAddress: e.LIVE_MAX_PER_ADDRESS,
    onRead: (kind) => liveReads.inc({ kind }),
    // A failed read is logged by the gateway's client, with its call; anything else here.
    onError: (error, what) => {
      if (what !== "read")
        log().warn({ component: "live", what, err: error instanceof Error ? error.message : String(error) }, "live step failed");
    },
  });
  measureLive(() => created.figures());
  stopAnnouncements = platform.announcements?.((change) => created.announced(change.merchant, change.user));
  return created;
}

export function live(): Promise<LiveHub> {
  hub ??= create().catch((error: unknown) => {
    hub = undefined;
    throw error;
  });
  return hub;
}

/**
 * After an own money call (done, refused or unknown): the player's open pages read it now. With
 * Redis their streams may be on another instance, so the nudge goes out even with none here.
 */
export async function liveMoneyMoved(merchant: string, user: string | undefined): Promise<void> {
  if (!user || (!hub && !env().REDIS_URL)) return;
  await (await live()).nudge(merchant, user);
}
onMoneyCall((ctx) => void liveMoneyMoved(ctx.merchant, ctx.player).catch(() => undefined));

/** A login ended here (logout; self-exclusion ends them all: token null): its pages are told, on every instance. */
export async function liveLoginEnded(
  merchant: string,
  user: string | undefined,
  token: string | null | undefined,
  reason: "logout" | "expired" | "excluded",
): Promise<void> {
  if (!user || token === undefined || (!hub && !env().REDIS_URL)) return;
  await (await live()).loginEnded(merchant, user, token, reason);
}

/** Draining: streams end (their browsers reconnect to another instance); no new ones. */
export function drainLive(): void {
  void hub?.then((h) => h.drain()).catch(() => undefined);
}

export async function closeLive(): Promise<void> {
  const open = hub;
  hub = undefined;
  if (!open) return;
  const h = await open.catch(() => null);
  h?.drain();
  stopAnnouncements?.();
  await bus?.close();
}
