import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { clearGatewayCache } from "~/gateway/cache.server";
import { createGateway } from "~/gateway/index.server";
import { setTransport, transport } from "~/gateway/transport.server";
import { pointMallLoader } from "~/routes/pointMall/pointMall.server";
import { loader as accountRecord } from "~/routes/member.account-record/route";
import { loader as registerCenter } from "~/routes/agent.register-center/route";
import { loader as bettingRecord } from "~/routes/member.betting-record/route";
import { loader as hub } from "~/routes/member._index/route";
import { loader as missions } from "~/routes/member.missions/route";
import { loader as rewardCenter } from "~/routes/member.reward-center/route";
import { loader as vip } from "~/routes/vip/route";
import { sessionCookie } from "./session-cookie";
import { getEmbeddedPlatform } from "../../../platform/embedded";

// Decision 038: pages against a platform that answers in the contract's other readings (facts it
// marks M or L) draw what they can; a block whose read still fails degrades alone.

const UA = "vitest tolerant pages";
let cookie = "";
let agentCookie = "";
const args = (path: string, as = cookie) => ({
  request: new Request(`http://localhost${path}`, { headers: { Cookie: as, "User-Agent": UA } }),
  params: {},
  context: {},
});

/** The embedded platform, with the value of the relays matching `pattern` rewritten (or failed). */
function answering(pattern: RegExp, rewrite: (value: unknown) => unknown | "FAIL") {
  const real = transport();
  setTransport({
    name: "in-process",
    async send(request) {
      if (!pattern.test(new URL(request.url).pathname)) return real.send(request);
      const response = await real.send(request);
      const body = (await response.json()) as { success: boolean; value: unknown };
      const value = rewrite(body.value);
      if (value === "FAIL") return Response.json({ success: true, value: true });
      return Response.json({ ...body, value });
    },
  });
}
const strings = (row: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(row).map(([k, v]) => [k, typeof v === "number" ? String(v) : v]));
const without = (row: Record<string, unknown>, ...keys: string[]) =>
  Object.fromEntries(Object.entries(row).filter(([k]) => !keys.includes(k)));

beforeAll(async () => {
  await getEmbeddedPlatform();
  const gateway = createGateway({ merchant: "demo", language: "EN", userAgent: UA });
  const token = (await gateway.session.login({ username: "demo_member", password: "Demo@1234", type: "username" })).token;
  cookie = await sessionCookie({ token, accountType: 0, userName: "demo_member" });
  const agent = (await gateway.session.login({ username: "demo_agent", password: "Demo@1234", type: "username" })).token;
  agentCookie = await sessionCookie({ token: agent, accountType: 1, userName: "demo_agent" });
}, 60_000);
afterEach(() => {
  setTransport(undefined);
  clearGatewayCache();
});
afterAll(async () => {
  await (await getEmbeddedPlatform()).close();
});

describe("pages against the contract's other readings", () => {
  it("draws betting records whose rows have no betId, numbers as strings, under rows with totalCount", async () => {
    const plain = await bettingRecord(args("/member/betting-record?range=last30"));
    expect(plain.bets.length).toBeGreaterThan(0);
    answering(/MCSFE_getBetRecords$/, (v) => {
      const { list, total, ...rest } = v as { list: Record<string, unknown>[]; total: number };
      return { ...rest, rows: list.map((b) => strings(without(b, "betId"))), totalCount: String(total) };
    });
    const other = await bettingRecord(args("/member/betting-record?range=last30"));
    expect(other.bets.map((b) => [b.game, b.stake, b.win])).toEqual(plain.bets.map((b) => [b.game, b.stake, b.win]));
    // Each row still has a key of its own.
    expect(new Set(other.bets.map((b) => b.id)).size).toBe(other.bets.length);
  });

  it("draws a bet whose time does not read as a date, with no time, instead of failing the page", async () => {
    answering(/MCSFE_getBetRecords$/, (v) => {
      const { list, ...rest } = v as { list: Record<string, unknown>[] };
      return { ...rest, list: list.map((b, i) => (i === 0 ? { ...b, time: "yesterday-ish" } : b)) };
    });
    const d = await bettingRecord(args("/member/betting-record?range=last30"));
    expect(d.bets[0]!.time).toBe("");
    expect(d.bets[1]!.time).not.toBe("");
  });

  it("draws account records whose rows have no id, as a bare list", async () => {
    const plain = await accountRecord(args("/member/account-record?range=last30"));
    expect(plain.rows.length).toBeGreaterThan(0);
    answering(/ODSFE2_MemTransDet$/, (v) => (v as { list: Record<string, unknown>[] }).list.map((r) => strings(without(r, "id"))));
    const other = await accountRecord(args("/member/account-record?range=last30"));
    expect(other.rows.map((r) => [r.type, r.amountText])).toEqual(plain.rows.map((r) => [r.type, r.amountText]));
    expect(new Set(other.rows.map((r) => r.id)).size).toBe(other.rows.length);
  });

  it("draws the point mall when the balance is a bare number", async () => {
    answering(/MCSFE_getPointBalance$/, () => 1234);
    const d = await pointMallLoader(args("/pointMall").request);
    expect(d).toMatchObject({ member: true, balance: "1,234" });
    if (d.member) expect(d.rewards.length).toBeGreaterThan(0);
  });

  it("draws the reward centre from a bare list with ids and amounts as strings", async () => {
    const plain = await rewardCenter(args("/member/reward-center"));
    expect(plain.promotions.length).toBeGreaterThan(0);
    answering(/MCSFE_getAvailablePromotions$/, (v) => (v as { list: Record<string, unknown>[] }).list.map(strings));
    const other = await rewardCenter(args("/member/reward-center"));
    expect(other.promotions.map((p) => [p.id, p.title, p.status])).toEqual(plain.promotions.map((p) => [p.id, p.title, p.status]));
  });

  it("draws the point mall's rewards when the balance read does not parse, saying that part is unavailable", async () => {
    answering(/MCSFE_getPointBalance$/, () => "FAIL");
    const d = await pointMallLoader(args("/pointMall").request);
    expect(d).toMatchObject({ member: true, unavailable: ["balance"] });
    if (d.member) expect(d.rewards.length).toBeGreaterThan(0);
  });

  it("has no point mall when the whitelabel tree does not list the point system (decision 050: a module not listed is off)", async () => {
    type Node = { modId?: string; childrenNodes?: Node[] };
    const drop = (nodes: Node[]): Node[] =>
      nodes.filter((n) => n.modId !== "PTSYS3").map((n) => ({ ...n, childrenNodes: drop(n.childrenNodes ?? []) }));
    answering(/\/wps\/system\/status$/, (v) => {
      const status = v as { info?: { whitelabel?: Node[] } };
      return { ...status, info: { ...status.info, whitelabel: drop(status.info?.whitelabel ?? []) } };
    });
    await expect(pointMallLoader(args("/pointMall").request)).rejects.toMatchObject({ init: { status: 404 } });
    await expect(pointMallLoader(args("/pointMall", "").request)).rejects.toMatchObject({ init: { status: 404 } });
  });

  it("shows a visitor the point mall's catalogue without a token, and degrades it alone when it fails", async () => {
    const d = await pointMallLoader(args("/pointMall", "").request);
    expect(d.member).toBe(false);
    if (d.member) return;
    expect(d.rewards.length).toBeGreaterThanOrEqual(3);
    expect(d.rewards[0]).toMatchObject({ name: "৳10 bonus", points: "1,000", image: expect.stringContaining("/media/point-reward/") });
    expect(d.unavailable).toEqual([]);
    answering(/MCSFE_getMerchantPointReward$/, () => "FAIL");
    const failed = await pointMallLoader(args("/pointMall", "").request);
    expect(failed).toMatchObject({ member: false, rewards: [], unavailable: ["rewards"] });
    expect(failed.rates.length).toBeGreaterThan(0);
  });

  it("draws the member hub's blocks each on its own: one failing read leaves the others", async () => {
    const plain = await hub(args("/member"));
    expect(plain.balance?.wallets.length).toBeGreaterThan(0);
    expect(plain.rank?.name).toBe("Silver");
    expect(plain.bets).not.toBeNull();
    expect(plain.inbox).toMatchObject({ unread: expect.any(Number) });
    answering(/MCSFE_getPlayerRankProgress$|MCSFE_getBetRecords$/, () => "FAIL");
    const some = await hub(args("/member"));
    expect(some).toMatchObject({ rank: null, bets: null, balance: plain.balance, inbox: plain.inbox });
    setTransport(undefined);
    clearGatewayCache();
    answering(/wallets\/balance$|CSP_unreadCount$/, () => "FAIL");
    const others = await hub(args("/member"));
    expect(others).toMatchObject({ balance: null, inbox: "failed", rank: { name: "Silver", level: 2 } });
    expect(others.bets).toEqual(expect.any(Array));
  });

  it("draws the VIP ladder when the member's own rank does not parse", async () => {
    answering(/MCSFE_getPlayerRankProgress$/, () => "FAIL");
    const d = await vip(args("/vip"));
    expect(d.ladder.length).toBeGreaterThan(0);
    expect(d).toMatchObject({ mine: null, unavailable: false, rankUnavailable: true });
  });

  it("draws the missions when the leaderboard does not parse, saying that part is unavailable", async () => {
    answering(/MCSFE_getMissionLeaderboard$/, () => "FAIL");
    const d = await missions(args("/member/missions"));
    expect(d.missions.length).toBeGreaterThan(0);
    expect(d).toMatchObject({ leaders: [], leadersUnavailable: true });
  });

  it("draws the register centre's form when the affiliate links do not parse, saying that part is unavailable", async () => {
    answering(/MCS2_getAffiliateLinks$/, () => "FAIL");
    const d = await registerCenter(args("/agent/register-center", agentCookie));
    expect(d.settings.length).toBeGreaterThan(0);
    expect(d).toMatchObject({ affiliate: [], linksUnavailable: true });
  });
});
