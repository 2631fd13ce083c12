import { Redis } from "ioredis";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type LiveBus, memoryBus, redisBus } from "~/live/bus.server";
import type { LiveBalance } from "~/live/events";
import { type HubOptions, LiveHub, memberTopic, memoryLease, type PlayerLogin, type StreamSink } from "~/live/hub.server";
import { redisAvailable, startRedis } from "../../support/redis-server";

// The live hub (issue 28): limits, what a stream hears and what it never hears, reads coalesced
// per player whatever the number of streams, a login's end, the drain, and two instances on Redis.

class Gone extends Error {}

/** A platform of players whose figures the test sets; counts the reads made with each token. */
function platform() {
  const balances = new Map<string, number>();
  const gone = new Set<string>();
  const readsBy = new Map<string, number>();
  return {
    balances,
    gone,
    readsBy,
    reads: (login: PlayerLogin) => ({
      async balance(): Promise<LiveBalance> {
        readsBy.set(login.token, (readsBy.get(login.token) ?? 0) + 1);
        if (gone.has(login.token)) throw new Gone();
        const sum = balances.get(login.user) ?? 0;
        return { sum, symbol: "৳", wallets: [{ id: 2, name: "Main", avail: sum }] };
      },
      async inbox() {
        return { unread: 0 };
      },
      async agent() {
        return null;
      },
    }),
  };
}

const login = (user: string, token: string, ip = "203.0.113.7"): PlayerLogin => ({
  merchant: "demo",
  user,
  token,
  accountType: 0,
  language: "en",
  userAgent: "test",
  ip,
});

type Heard = { type: string; id: string; data: unknown };
function sink(): StreamSink & { heard: Heard[]; ended: boolean } {
  const s = {
    heard: [] as Heard[],
    ended: false,
    send(type: string, id: string, data: unknown) {
      s.heard.push({ type, id, data });
    },
    end() {
      s.ended = true;
    },
  };
  return s;
}
const balancesIn = (s: { heard: Heard[] }) => s.heard.filter((h) => h.type === "balance").map((h) => (h.data as LiveBalance).sum);

const until = async (check: () => boolean, ms = 3_000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 10));
  }
};

const hubs: LiveHub[] = [];
function hub(p: ReturnType<typeof platform>, options: Partial<HubOptions> = {}, bus: LiveBus = memoryBus()) {
  const h = new LiveHub({
    bus,
    reads: p.reads,
    sessionGone: (e) => e instanceof Gone,
    lease: memoryLease(),
    pollMs: 100,
    hiddenPollMs: 10_000,
    agentEvery: 4,
    heartbeatMs: 60_000,
    maxPerPlayer: 3,
    maxPerAddress: 5,
    tickMs: 20,
    ...options,
  });
  hubs.push(h);
  return h;
}
afterEach(() => {
  for (const h of hubs.splice(0)) h.drain();
});

describe("the live hub on one instance", () => {
  it("sends a player's balance when it changes, to each of their streams, and reads once per interval whatever the number of tabs", async () => {
    const p = platform();
    p.balances.set("alice", 100);
    const h = hub(p, { pollMs: 200 });
    const a = sink();
    const b = sink();
    expect(h.open({ login: login("alice", "t1"), topics: [], hidden: false }, a).ok).toBe(true);
    expect(h.open({ login: login("alice", "t1"), topics: [], hidden: false }, b).ok).toBe(true);
    await until(() => balancesIn(a).length === 1);
    p.balances.set("alice", 150);
    await until(() => balancesIn(a).length === 2 && balancesIn(b).length === 2);
    expect(balancesIn(a)).toEqual([100, 150]);
    expect(balancesIn(b)).toEqual([100, 150]);
    // Unchanged figures are not sent again.
    const reads = h.readsMade;
    await new Promise((r) => setTimeout(r, 650));
    expect(balancesIn(a)).toEqual([100, 150]);
    // Two streams, one player: about one read per 200 ms, not two.
    expect(h.readsMade - reads).toBeGreaterThanOrEqual(2);
    expect(h.readsMade - reads).toBeLessThanOrEqual(4);
  });

  it("a player going from page to page (no stream for a moment) hears a credit made meanwhile at once, not after the poll lease", async () => {
    const p = platform();
    p.balances.set("alice", 100);
    // A long interval: the last read's poll lease holds for the whole test.
    const h = hub(p, { pollMs: 60_000 });
    const first = sink();
    const opened = h.open({ login: login("alice", "t1"), topics: [], hidden: false }, first);
    await until(() => balancesIn(first).length === 1, 6_000);
    // The page is left: its stream closes; the credit lands before the next page's stream opens.
    if (opened.ok) opened.close();
    p.balances.set("alice", 150);
    const next = sink();
    h.open({ login: login("alice", "t1"), topics: [], hidden: false }, next);
    await until(() => balancesIn(next).includes(150), 1_000);
  });

  it("gives a visitor's stream the public topics it asked for and never a member's event", async () => {
    const p = platform();
    const bus = memoryBus();
    const h = hub(p, {}, bus);
    const visitor = sink();
    expect(h.open({ topics: ["lottery:VN1"], hidden: false, ip: "198.51.100.1" }, visitor).ok).toBe(true);
    await bus.publish(memberTopic("demo", "alice"), "balance", { sum: 1, symbol: "৳", wallets: [] });
    await bus.publish(memberTopic("demo", "alice"), "session", { ended: true, reason: "logout", mark: "*" });
    await bus.publish("lottery:VN1", "draw", { code: "VN1", issue: "7", numbers: "1,2,3", drawnAt: 1 });
    expect(visitor.heard.map((h) => h.type)).toEqual(["draw"]);
    expect(p.readsBy.size).toBe(0);
  });

  it("refuses streams beyond the limits per player and per address, and counts a closed one out", async () => {
    const h = hub(platform(), { maxPerPlayer: 2, maxPerAddress: 3 });
    const first = h.open({ login: login("alice", "t1"), topics: [], hidden: false, ip: "a" }, sink());
    h.open({ login: login("alice", "t2"), topics: [], hidden: false, ip: "a" }, sink());
    expect(h.open({ login: login("alice", "t3"), topics: [], hidden: false, ip: "b" }, sink())).toEqual({ ok: false, reason: "player" });
    h.open({ login: login("bob", "t4"), topics: [], hidden: false, ip: "a" }, sink());
    expect(h.open({ topics: ["lottery:VN1"], hidden: false, ip: "a" }, sink())).toEqual({ ok: false, reason: "address" });
    if (first.ok) first.close();
    expect(h.open({ login: login("alice", "t3"), topics: [], hidden: false, ip: "b" }, sink()).ok).toBe(true);
    expect(h.open({ topics: ["lottery:VN1"], hidden: false, ip: "a" }, sink()).ok).toBe(true);
  });

  it("tells and closes the streams of a login the platform no longer knows, and only those", async () => {
    const p = platform();
    const h = hub(p);
    const gone = sink();
    const other = sink();
    h.open({ login: login("alice", "old"), topics: [], hidden: false }, gone);
    h.open({ login: login("alice", "new"), topics: [], hidden: false }, other);
    p.gone.add("old");
    await until(() => gone.ended);
    expect(gone.heard.at(-1)).toMatchObject({ type: "session", data: { ended: true, reason: "expired" } });
    expect(JSON.stringify(gone.heard)).not.toContain("old");
    expect(other.ended).toBe(false);
    expect(other.heard.some((e) => e.type === "session")).toBe(false);
  });

  it("ends one login's streams on its logout, and every login's on self-exclusion", async () => {
    const h = hub(platform());
    const a = sink();
    const b = sink();
    h.open({ login: login("alice", "t1"), topics: [], hidden: false }, a);
    h.open({ login: login("alice", "t2"), topics: [], hidden: false }, b);
    await h.loginEnded("demo", "Alice", "t1", "logout");
    expect(a.ended).toBe(true);
    expect(a.heard.at(-1)).toMatchObject({ type: "session", data: { reason: "logout" } });
    expect(b.ended).toBe(false);
    await h.loginEnded("demo", "alice", null, "excluded");
    expect(b.ended).toBe(true);
    expect(h.size).toBe(0);
  });

  it("reads at once after a nudge instead of waiting for the interval", async () => {
    const p = platform();
    p.balances.set("alice", 5);
    const h = hub(p, { pollMs: 60_000 });
    const a = sink();
    h.open({ login: login("alice", "t1"), topics: [], hidden: false }, a);
    p.balances.set("alice", 7);
    await h.nudge("demo", "alice");
    await until(() => balancesIn(a).includes(7), 1_000);
  });

  it("reads the player an announcement names, and every watched player after the announcements were interrupted", async () => {
    const p = platform();
    const h = hub(p, { pollMs: 600_000 });
    const a = sink();
    const b = sink();
    h.open({ login: login("alice", "t1"), topics: [], hidden: false }, a);
    h.open({ login: login("bob", "t2"), topics: [], hidden: false }, b);
    p.balances.set("alice", 3);
    h.announced("demo", "alice");
    await until(() => balancesIn(a).includes(3), 1_000);
    p.balances.set("alice", 4);
    p.balances.set("bob", 9);
    h.announced("*", "*");
    await until(() => balancesIn(a).includes(4) && balancesIn(b).includes(9), 1_000);
  });

  it("ends a login's stream when its own lifetime is over", async () => {
    const h = hub(platform(), { pollMs: 60_000 });
    const a = sink();
    h.open({ login: login("alice", "t1"), endsAt: Date.now() + 50, topics: [], hidden: false }, a);
    await until(() => a.ended, 1_000);
    expect(a.heard.at(-1)).toMatchObject({ type: "session", data: { reason: "expired" } });
  });

  it("sends heartbeats to every stream", async () => {
    const h = hub(platform(), { heartbeatMs: 50, pollMs: 60_000 });
    const a = sink();
    h.open({ topics: ["lottery:VN1"], hidden: false }, a);
    await until(() => a.heard.filter((e) => e.type === "ping").length >= 2, 1_000);
  });

  it("gives a resumed stream what it missed, and reads afresh", async () => {
    const p = platform();
    const bus = memoryBus();
    const h = hub(p, { pollMs: 60_000 }, bus);
    const seen = await bus.publish("lottery:VN1", "draw", { issue: "1" });
    await bus.publish("lottery:VN1", "draw", { issue: "2" });
    const a = sink();
    h.open({ login: login("alice", "t1"), topics: ["lottery:VN1"], hidden: false, since: seen.id }, a);
    expect(a.heard.filter((e) => e.type === "draw").map((e) => e.data)).toEqual([{ issue: "2" }]);
    await until(() => balancesIn(a).length === 1, 1_000);
  });

  it("keeps at most readsAtOnce reads in flight when the platform is slow, and still reads everyone", async () => {
    const p = platform();
    let inFlight = 0;
    let most = 0;
    const read = new Set<string>();
    const slow = (login: PlayerLogin) => {
      const inner = p.reads(login);
      return {
        ...inner,
        async balance() {
          inFlight += 1;
          most = Math.max(most, inFlight);
          await new Promise((r) => setTimeout(r, 40));
          inFlight -= 1;
          read.add(login.user);
          return inner.balance();
        },
      };
    };
    const h = hub(p, { reads: slow, readsAtOnce: 2, pollMs: 60_000, maxPerAddress: 100 });
    for (let i = 0; i < 10; i++) h.open({ login: login(`p${i}`, `t${i}`), topics: [], hidden: false }, sink());
    for (let i = 0; i < 10; i++) await h.nudge("demo", `p${i}`);
    await until(() => read.size === 10, 3_000);
    expect(most).toBeLessThanOrEqual(2);
  });

  it("reads a crowd that connected at once within seconds, each player once, starting reads as room frees up", async () => {
    const p = platform();
    const quick = (login: PlayerLogin) => {
      const inner = p.reads(login);
      return { ...inner, balance: () => new Promise<LiveBalance>((r) => setTimeout(() => r(inner.balance()), 10)) };
    };
    // The real tick (500 ms): reads must not wait for it once started.
    const h = hub(p, { reads: quick, pollMs: 600_000, hiddenPollMs: 600_000, readsAtOnce: 16, tickMs: 500, maxPerAddress: 10_000 });
    const players = 2_000;
    for (let i = 0; i < players; i++) h.open({ login: login(`p${i}`, `t${i}`), topics: [], hidden: false }, sink());
    const started = Date.now();
    // The first reads are spread over 5 s; 2,000 reads of 10 ms, 16 at once, need about 1.3 s more.
    await until(() => p.readsBy.size === players, 12_000);
    expect(Date.now() - started).toBeLessThan(9_000);
    await new Promise((r) => setTimeout(r, 1_000));
    expect(Math.max(...p.readsBy.values())).toBe(1);
    expect(h.figures()).toMatchObject({ players, readsInFlight: 0, readsDue: 0 });
  }, 20_000);

  it("at the drain ends every stream and takes no new one", () => {
    const h = hub(platform());
    const a = sink();
    h.open({ topics: ["lottery:VN1"], hidden: false }, a);
    h.drain();
    expect(a.ended).toBe(true);
    expect(h.open({ topics: ["lottery:VN1"], hidden: false }, sink())).toEqual({ ok: false, reason: "draining" });
  });
});

describe.skipIf(!redisAvailable)("the live hub on two instances behind one Redis", () => {
  let redis: Awaited<ReturnType<typeof startRedis>>;
  beforeAll(async () => {
    redis = await startRedis();
  });
  afterAll(() => redis?.stop());

  const instance = (p: ReturnType<typeof platform>) => {
    const publisher = new Redis(redis.url);
    const bus = redisBus(publisher, new Redis(redis.url));
    const lease = (key: string, ms: number) => publisher.set(`live:lease:${key}`, "1", "PX", ms, "NX").then((a) => a === "OK");
    return hub(p, { lease, pollMs: 300 }, bus);
  };

  it("a change read for a player on A reaches their stream on B, and the two read once per interval between them", async () => {
    const p = platform();
    p.balances.set("carol", 10);
    const a = instance(p);
    const b = instance(p);
    const onA = sink();
    const onB = sink();
    a.open({ login: login("carol", "ta"), topics: [], hidden: false }, onA);
    b.open({ login: login("carol", "tb"), topics: [], hidden: false }, onB);
    await until(() => balancesIn(onA).length >= 1 && balancesIn(onB).length >= 1);
    p.balances.set("carol", 25);
    await until(() => balancesIn(onA).includes(25) && balancesIn(onB).includes(25));
    const reads = a.readsMade + b.readsMade;
    await new Promise((r) => setTimeout(r, 1_250));
    // 1.25 s at one read per 300 ms: about four between both instances, not eight.
    expect(a.readsMade + b.readsMade - reads).toBeLessThanOrEqual(6);
  });

  it("a logout made through A closes the login's stream on B", async () => {
    const p = platform();
    const a = instance(p);
    const b = instance(p);
    const onB = sink();
    b.open({ login: login("dave", "td"), topics: [], hidden: false }, onB);
    // B's subscription reaches Redis asynchronously: end the login until B hears it.
    await until(() => {
      if (!onB.ended) void a.loginEnded("demo", "dave", "td", "logout");
      return onB.ended;
    });
    expect(onB.heard.at(-1)).toMatchObject({ type: "session", data: { reason: "logout" } });
  });
});
