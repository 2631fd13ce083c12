import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { KEPT_PER_TOPIC, type LiveEnvelope, memoryBus, redisBus } from "~/live/bus.server";
import { redisAvailable, startRedis } from "../../support/redis-server";

/** Publishes a ping on `from` until `heard` says it arrived: the subscriptions reach Redis asynchronously. */
const pingUntilHeard = (
  from: { publish(topic: string, type: string, data: unknown): Promise<unknown> },
  topic: string,
  heard: () => boolean,
) =>
  until(() => {
    if (heard()) return true;
    void from.publish(topic, "ping", null);
    return false;
  });

const until = async (check: () => boolean, ms = 3_000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 10));
  }
};

describe("the live bus in memory (one instance)", () => {
  it("delivers a topic's events to its subscribers only, until they stop", async () => {
    const bus = memoryBus();
    const a: LiveEnvelope[] = [];
    const b: LiveEnvelope[] = [];
    const stopA = bus.subscribe("member:demo:alice", (e) => a.push(e));
    bus.subscribe("member:demo:bob", (e) => b.push(e));
    await bus.publish("member:demo:alice", "balance", { total: "10.00" });
    stopA();
    await bus.publish("member:demo:alice", "balance", { total: "11.00" });
    expect(a.map((e) => e.data)).toEqual([{ total: "10.00" }]);
    expect(b).toEqual([]);
  });

  it("a listener that throws does not keep the event from the others", async () => {
    const bus = memoryBus();
    const heard: string[] = [];
    bus.subscribe("public", () => {
      throw new Error("socket closed");
    });
    bus.subscribe("public", (e) => heard.push(e.type));
    await bus.publish("public", "draw", { code: "VN1" });
    expect(heard).toEqual(["draw"]);
  });

  it("gives a reconnecting stream what came after its last id, or null when that is no longer kept", async () => {
    const bus = memoryBus();
    const first = await bus.publish("lottery:VN1", "draw", { issue: 1 });
    const second = await bus.publish("lottery:VN1", "draw", { issue: 2 });
    const third = await bus.publish("lottery:VN1", "draw", { issue: 3 });
    expect(bus.since("lottery:VN1", first.id)?.map((e) => e.id)).toEqual([second.id, third.id]);
    expect(bus.since("lottery:VN1", third.id)).toEqual([]);
    expect(bus.since("lottery:VN1", "unknown-1")).toBeNull();
    for (let i = 0; i < KEPT_PER_TOPIC; i++) await bus.publish("lottery:VN1", "draw", { issue: 4 + i });
    expect(bus.since("lottery:VN1", first.id)).toBeNull();
    expect(new Set([first.id, second.id, third.id]).size).toBe(3);
  });
});

describe.skipIf(!redisAvailable)("the live bus on Redis (several instances)", () => {
  let redis: Awaited<ReturnType<typeof startRedis>>;
  let url: string;
  beforeAll(async () => {
    redis = await startRedis();
    url = redis.url;
  });
  afterAll(() => redis?.stop());

  const instance = () => redisBus(new Redis(url), new Redis(url));

  it("an event published through instance A reaches a stream on instance B, once", async () => {
    const a = instance();
    const b = instance();
    const onB: LiveEnvelope[] = [];
    const onA: LiveEnvelope[] = [];
    b.subscribe("member:demo:alice", (e) => onB.push(e));
    a.subscribe("member:demo:alice", (e) => onA.push(e));
    await pingUntilHeard(a, "member:demo:alice", () => onB.length > 0);
    onA.length = 0;
    onB.length = 0;
    const sent = await a.publish("member:demo:alice", "balance", { total: "25.00" });
    await until(() => onB.length === 1 && onA.length === 1);
    expect(onB[0]).toEqual(sent);
    expect(b.since("member:demo:alice", onB[0]!.id)).toEqual([]);
    await new Promise((r) => setTimeout(r, 100));
    expect(onB).toHaveLength(1);
    await Promise.all([a.close(), b.close()]);
  });

  it("an instance stops hearing a topic when its last stream for it has gone", async () => {
    const a = instance();
    const b = instance();
    const onB: LiveEnvelope[] = [];
    const stop = b.subscribe("lottery:SEA", (e) => onB.push(e));
    await pingUntilHeard(a, "lottery:SEA", () => onB.length > 0);
    stop();
    await new Promise((r) => setTimeout(r, 100));
    onB.length = 0;
    await a.publish("lottery:SEA", "draw", { issue: 9 });
    await new Promise((r) => setTimeout(r, 200));
    expect(onB).toEqual([]);
    await Promise.all([a.close(), b.close()]);
  });

  it("when Redis does not take the publish, the event still reaches this instance's streams", async () => {
    const bus = redisBus(new Redis(url, { lazyConnect: true, enableOfflineQueue: false }), new Redis(url, { lazyConnect: true }));
    const heard: string[] = [];
    bus.subscribe("member:demo:carol", (e) => heard.push(e.type));
    await bus.publish("member:demo:carol", "balance", { total: "1.00" });
    expect(heard).toEqual(["balance"]);
    await bus.close();
  });
});
