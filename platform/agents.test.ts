import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { teamSeeds } from "./db/seed-agents-data";
import { postMovement } from "./ledger";
import { setModule, setSetting } from "./operator";
import { type CallInit, type Harness, openHarness } from "./testing/harness";
import { fails as fail, ok } from "./testing/envelope";

// The agent's team and reports of decision 025 on the seeded tree (seed step agent-tree): every
// figure is checked against SQL written here that walks upline_id (not the closure table the code
// reads), or against known seed values.

let h: Harness;
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};
let trialToken: string;
let seq = 0;

const DAY = 86_400_000;
const OFFSET = 6 * 3_600_000;
const rid = () => `agents-test-${String(++seq).padStart(4, "0")}-${Date.now()}`;
const relay = (call: string, query = "", init: CallInit = {}) =>
  h.json(`/wps/relay/${call}${query ? `?${query}` : ""}`, { token: tokens.demo_agent, ...init });
const post = (call: string, body: unknown, init: CallInit = {}) =>
  h.json(`/wps/relay/${call}`, { token: tokens.demo_agent, method: "POST", body: JSON.stringify(body), ...init });
const register = (payload: Record<string, unknown>, init: CallInit = {}) =>
  h.enc("/wps/relay/passwordCheck/MCS2_registerDownline", payload, { method: "PUT", token: tokens.demo_agent, ...init });
const one = async <T = Record<string, number>>(text: string, params: unknown[] = []) => (await h.db.query<T>(text, params))[0]!;
const major = (minor: unknown) => Number(minor ?? 0) / 100;
const ledgerSum = async () =>
  Number((await one<{ s: string }>("SELECT coalesce(sum(balance), 0)::text AS s FROM ledger_accounts WHERE merchant = 'demo'")).s);

/** The team of an account by walking upline_id (independent of member_tree): id and level. */
const TEAM = `WITH RECURSIVE team(id, depth) AS (
    SELECT id, 1 FROM members WHERE upline_id = $1
    UNION ALL SELECT m.id, team.depth + 1 FROM members m JOIN team ON m.upline_id = team.id)`;

/** The business day, week (Monday) and month holding `now`, in UTC+06:00, as [start, end) ms. */
function periods(now: Date) {
  const local = new Date(now.getTime() + OFFSET);
  const today = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate()) - OFFSET;
  const week = today - ((local.getUTCDay() + 6) % 7) * DAY;
  const month = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), 1) - OFFSET;
  const nextMonth = Date.UTC(local.getUTCFullYear(), local.getUTCMonth() + 1, 1) - OFFSET;
  return {
    today: [today, today + DAY],
    yesterday: [today - DAY, today],
    week: [week, week + 7 * DAY],
    month: [month, nextMonth],
  } as Record<string, [number, number]>;
}

const logIn = async (username: string) => {
  const login = ok(await h.login(username, "Demo@1234"));
  tokens[username] = login.token;
  return login.token as string;
};

beforeAll(async () => {
  h = await openHarness();
  for (const row of await h.db.query<{ id: number; username: string }>("SELECT id, username FROM members WHERE merchant = 'demo'"))
    ids[row.username] = Number(row.id);
  for (const name of ["demo_agent", "demo_member", "demo_subagent", "demo_subagent2", "team_agent01"]) await logIn(name);
  const trial = await h.json("/wps/session/login/freeplay", {
    method: "POST",
    body: JSON.stringify({ os: "Windows", platform: "W" }),
    forwardedFor: "10.88.0.1",
  });
  trialToken = ok(trial).token;
}, 60_000);

afterAll(async () => {
  if (h) expect(await ledgerSum()).toBe(0);
  await h?.close();
});

describe("the seeded tree", () => {
  it("has four levels under demo_agent in the closure table, as upline_id says", async () => {
    const walked = await h.db.query<{ id: number; depth: number }>(`${TEAM} SELECT id, depth FROM team ORDER BY id`, [ids.demo_agent]);
    const closure = await h.db.query<{ id: number; depth: number }>(
      "SELECT descendant_id AS id, depth FROM member_tree WHERE ancestor_id = $1 AND depth > 0 ORDER BY descendant_id",
      [ids.demo_agent],
    );
    expect(closure.map((r) => [Number(r.id), r.depth])).toEqual(walked.map((r) => [Number(r.id), r.depth]));
    expect(walked).toHaveLength(teamSeeds.length + 1); // + demo_member
    expect(Math.max(...walked.map((r) => r.depth))).toBe(4);
    const types = await h.db.query<{ username: string; account_type: number; upline: string }>(
      `SELECT m.username, m.account_type, u.username AS upline FROM members m JOIN members u ON u.id = m.upline_id
        WHERE m.username IN ('demo_subagent', 'demo_subagent2', 'team_agent01') ORDER BY m.id`,
    );
    expect(types).toEqual([
      { username: "demo_subagent", account_type: 2, upline: "demo_agent" },
      { username: "demo_subagent2", account_type: 2, upline: "demo_subagent" },
      { username: "team_agent01", account_type: 2, upline: "demo_subagent2" },
    ]);
  });
});

describe("agent only", () => {
  const reads = [
    "MCS2_getAgentAnnouncements",
    "ODSFE2_getTeamOverview",
    "MCS2_getDownlineList",
    "ODSFE2_getTeamBetRecords",
    "ODSFE2_getTeamProfitLoss",
    "ODSFE2_getAgentIncome",
    "ODSFE2_getTeamTransactions",
    "MCS2_getAffiliateLinks",
  ];

  it("a member and a trial account get agent.only; no token is 401", async () => {
    for (const call of reads) {
      fail(await relay(call, "", { token: tokens.demo_member }), "agent.only");
      fail(await relay(call, "", { token: trialToken }), "agent.only");
      fail(await relay(call, "", { token: "" }), "login.not.session", 401);
    }
    fail(await post("MCS2_createAffiliateCode", { requestId: rid(), accountType: 0 }, { token: tokens.demo_member }), "agent.only");
    fail(await post("MCS2_createAffiliateCode", { requestId: rid(), accountType: 0 }, { token: trialToken }), "agent.only");
    const body = { requestId: rid(), accountType: 0, username: "nobody01", password: "Secret@123", confirmPassword: "Secret@123" };
    fail(await register(body, { token: tokens.demo_member }), "agent.only");
    fail(await register(body, { token: trialToken }), "agent.only");
    expect(await h.db.query("SELECT 1 FROM members WHERE username = 'nobody01'")).toHaveLength(0);
  });

  it("a switched-off module answers 400 function.not.available before the token is read", async () => {
    const modules: [string, string][] = [
      ["AGEANNOUNCE3", "MCS2_getAgentAnnouncements"],
      ["AGEINFO3", "ODSFE2_getTeamOverview"],
      ["AGEINFO3", "ODSFE2_getAgentIncome"],
      ["AGEINFO3", "ODSFE2_getTeamTransactions"],
      ["AGEDOWNMAN3", "MCS2_getDownlineList"],
      ["AGEDOWNMAN3", "MCS2_getAffiliateLinks"],
      ["PERSPNL3", "ODSFE2_getTeamBetRecords"],
      ["PERSPNL3", "ODSFE2_getTeamProfitLoss"],
    ];
    for (const [module, call] of modules) {
      await setModule(h.db, "demo", module, false);
      try {
        fail(await relay(call, "", { token: "" }), "function.not.available", 400);
        fail(await relay(call), "function.not.available", 400);
      } finally {
        await setModule(h.db, "demo", module, true);
      }
      ok(await relay(call));
    }
    await setModule(h.db, "demo", "AGEDOWNMAN3", false);
    try {
      fail(await post("MCS2_createAffiliateCode", { requestId: rid(), accountType: 0 }), "function.not.available", 400);
      fail(await register({ requestId: rid(), accountType: 0, username: "nobody02" }, { token: "" }), "function.not.available", 400);
    } finally {
      await setModule(h.db, "demo", "AGEDOWNMAN3", true);
    }
  });
});

describe("announcements", () => {
  it("lists the six seeded ones newest first, in the reader's language, paged", async () => {
    const all = ok(await relay("MCS2_getAgentAnnouncements"));
    expect(all).toMatchObject({ total: 6, totalPages: 1 });
    expect(all.list).toHaveLength(6);
    const times = all.list.map((a: { time: number }) => a.time);
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(all.list[0]).toMatchObject({ title: "New: hourly salary contracts" });
    expect(all.list[0].content).toContain("<strong>hourly salary</strong>");
    const bn = ok(await relay("MCS2_getAgentAnnouncements", "", { language: "BN" }));
    expect(bn.list[0].title).toBe("নতুন: ঘণ্টাভিত্তিক বেতন চুক্তি");
    const page2 = ok(await relay("MCS2_getAgentAnnouncements", "pageNo=2&pageSize=4"));
    expect(page2).toMatchObject({ total: 6, totalPages: 2 });
    expect(page2.list.map((a: { id: number }) => a.id)).toEqual(all.list.slice(4).map((a: { id: number }) => a.id));
    // One scheduled for tomorrow is not shown yet.
    await h.db.query(
      `INSERT INTO agent_announcements (merchant, title, content, published_at) VALUES ('demo', '{"EN": "Later"}', '{"EN": "<p>x</p>"}', $1)`,
      [new Date(h.clock.now.getTime() + DAY)],
    );
    expect(ok(await relay("MCS2_getAgentAnnouncements")).total).toBe(6);
  });
});

describe("team overview", () => {
  it("counts the team and its periods as upline_id and the books say", async () => {
    const value = ok(await relay("ODSFE2_getTeamOverview"));
    const agentBalance = await one("SELECT balance FROM ledger_accounts WHERE member_id = $1 AND kind = 'wallet' AND account_type_id = 2", [
      ids.demo_agent,
    ]);
    expect(value).toMatchObject({
      account: "demo_agent",
      balance: major(agentBalance.balance),
      teamSize: teamSeeds.length + 1,
      directMembers: 10,
      subAgents: 3,
    });
    expect(value.periods.map((p: { period: string }) => p.period)).toEqual(["today", "yesterday", "week", "month"]);
    const bounds = periods(h.clock.now);
    for (const p of value.periods) {
      const [start, end] = bounds[p.period]!.map((ms) => new Date(ms));
      const params = [ids.demo_agent, start, end];
      const bets = await one(
        `${TEAM} SELECT count(DISTINCT b.member_id)::int AS active, coalesce(sum(b.stake), 0)::bigint AS stake, coalesce(sum(b.win - b.stake), 0)::bigint AS result
           FROM team JOIN bets b ON b.member_id = team.id WHERE NOT b.trial AND b.created_at >= $2 AND b.created_at < $3`,
        params,
      );
      const deposits = await one(
        `${TEAM} SELECT count(*)::int AS n, coalesce(sum(r.amount_minor), 0)::bigint AS amount
           FROM team JOIN deposit_requests r ON r.member_id = team.id WHERE r.status = 'APPROVED' AND r.created_at >= $2 AND r.created_at < $3`,
        params,
      );
      const withdrawals = await one(
        `${TEAM} SELECT count(*)::int AS n, coalesce(sum(w.amount_minor), 0)::bigint AS amount
           FROM team JOIN withdrawals w ON w.member_id = team.id WHERE w.status IN ('ISSUED', 'RECEIVED', 'PARTLY_RECEIVED') AND w.created_at >= $2 AND w.created_at < $3`,
        params,
      );
      const fresh = await one(
        `${TEAM} SELECT count(*)::int AS n FROM team JOIN members m ON m.id = team.id WHERE m.created_at >= $2 AND m.created_at < $3`,
        params,
      );
      expect(p, p.period).toEqual({
        period: p.period,
        newMembers: fresh.n,
        activeMembers: bets.active,
        depositAmount: major(deposits.amount),
        depositCount: deposits.n,
        withdrawAmount: major(withdrawals.amount),
        withdrawCount: withdrawals.n,
        validBet: major(bets.stake),
        profitLoss: major(bets.result),
      });
    }
    // The seed gives every period something to show.
    const today = value.periods[0];
    expect(today.validBet).toBeGreaterThan(0);
    expect(today.activeMembers).toBeGreaterThan(0);
    expect(today.newMembers).toBeGreaterThanOrEqual(1); // team_m08
    expect(today.depositCount).toBeGreaterThan(0);
    expect(value.periods[1].validBet).toBeGreaterThan(0);
    expect(value.periods[3].validBet).toBeGreaterThanOrEqual(today.validBet);
  });

  it("a sub-agent sees its own team", async () => {
    const value = ok(await relay("ODSFE2_getTeamOverview", "", { token: tokens.demo_subagent }));
    const size = await one(`${TEAM} SELECT count(*)::int AS n FROM team`, [ids.demo_subagent]);
    expect(value).toMatchObject({ account: "demo_subagent", teamSize: size.n, directMembers: 9, subAgents: 2 });
  });
});

describe("downline list", () => {
  type Row = {
    customerId: number;
    account: string;
    level: number;
    balance: number;
    lastLoginTime: number | null;
    registerTime: number;
    status: string;
    type: number;
    directCount: number;
  };
  const list = async (query: string, token = tokens.demo_agent) =>
    ok(await relay("MCS2_getDownlineList", query, { token })) as {
      list: Row[];
      total: number;
      totalPages: number;
      breadcrumb: { customerId: number; account: string }[];
    };

  it("defaults to the direct downlines, newest first, with the breadcrumb", async () => {
    const value = await list("");
    expect(value.total).toBe(10);
    expect(value.list.map((r) => r.account).sort()).toEqual(
      [
        "demo_member",
        "demo_subagent",
        ...teamSeeds.filter((s) => s.upline === "demo_agent" && s.accountType === 0).map((s) => s.username),
      ].sort(),
    );
    expect(value.list.every((r) => r.level === 1)).toBe(true);
    expect(value.list[0]!.account).toBe("team_m08"); // opened today
    const times = value.list.map((r) => r.registerTime);
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(value.breadcrumb).toEqual([{ customerId: ids.demo_agent, account: "demo_agent" }]);
    const sub = value.list.find((r) => r.account === "demo_subagent")!;
    expect(sub).toMatchObject({ customerId: ids.demo_subagent, type: 2, directCount: 9, status: "NORMAL" });
    expect(value.list.find((r) => r.account === "team_m05")!.status).toBe("FROZEN");
    const nickname = value.list.find((r) => r.account === "team_m01") as Row & { nickname: string };
    expect(nickname.nickname).toBe("Rahim Uddin");
  });

  it("level 0 lists all 38 across pages; levels are below the agent", async () => {
    const seen: Row[] = [];
    for (let pageNo = 1; pageNo <= 8; pageNo++) {
      const value = await list(`level=0&pageSize=5&pageNo=${pageNo}`);
      expect(value).toMatchObject({ total: 38, totalPages: 8 });
      seen.push(...value.list);
    }
    expect(seen).toHaveLength(38);
    expect(new Set(seen.map((r) => r.customerId)).size).toBe(38);
    const walked = await h.db.query<{ id: number; depth: number }>(`${TEAM} SELECT id, depth FROM team`, [ids.demo_agent]);
    expect(Object.fromEntries(seen.map((r) => [r.customerId, r.level]))).toEqual(
      Object.fromEntries(walked.map((r) => [Number(r.id), r.depth])),
    );
    expect((await list("level=0&pageSize=5&pageNo=9")).list).toEqual([]);
  });

  it("sorts by balance, account and last login (never logged in last)", async () => {
    const byBalance = (await list("level=0&sort=balance&order=desc&pageSize=100")).list;
    const balances = await h.db.query<{ member_id: number; balance: number }>(
      "SELECT member_id, balance FROM ledger_accounts WHERE kind = 'wallet' AND account_type_id = 2 AND member_id = ANY($1::bigint[])",
      [byBalance.map((r) => r.customerId)],
    );
    const held = new Map(balances.map((b) => [Number(b.member_id), major(b.balance)]));
    for (const row of byBalance) expect(row.balance).toBe(held.get(row.customerId) ?? 0);
    expect(byBalance.map((r) => r.balance)).toEqual([...byBalance.map((r) => r.balance)].sort((a, b) => b - a));
    const asc = (await list("level=0&sort=balance&order=asc&pageSize=3")).list;
    expect(asc.every((r) => r.balance === 0)).toBe(true);

    const byName = (await list("level=0&sort=ACCOUNT&order=asc&pageSize=100")).list.map((r) => r.account);
    expect(byName).toEqual([...byName].sort((a, b) => (a.toLowerCase() < b.toLowerCase() ? -1 : 1)));

    for (const order of ["asc", "desc"]) {
      const rows = (await list(`level=0&sort=lastLoginTime&order=${order}&pageSize=100`)).list;
      const never = rows.filter((r) => r.lastLoginTime === null).map((r) => r.account);
      expect(never.sort()).toEqual(
        teamSeeds
          .filter((s) => s.lastLoginAfterDays === null)
          .map((s) => s.username)
          .sort(),
      );
      expect(rows.slice(-never.length).every((r) => r.lastLoginTime === null)).toBe(true);
      const times = rows.filter((r) => r.lastLoginTime !== null).map((r) => r.lastLoginTime!);
      expect(times).toEqual([...times].sort((a, b) => (order === "asc" ? a - b : b - a)));
    }
  });

  it("searches user names at every level unless a level is given", async () => {
    const found = await list("keyword=M1");
    expect(found.list.map((r) => r.account).sort()).toEqual([
      "team_m10",
      "team_m11",
      "team_m12",
      "team_m13",
      "team_m14",
      "team_m15",
      "team_m16",
      "team_m17",
      "team_m18",
      "team_m19",
    ]);
    expect(found.list.map((r) => r.level).sort()).toEqual([2, 2, 2, 2, 2, 2, 2, 3, 3, 3]);
    expect((await list("keyword=m1&level=2")).total).toBe(7);
    expect((await list("keyword=m1&level=1")).total).toBe(0);
    expect((await list("keyword=%25")).total).toBe(0); // % is a character here, not a wildcard
    expect((await list("keyword=nobody-like-this")).list).toEqual([]);
  });

  it("opens a sub-agent's team by parentId, with the breadcrumb down to it", async () => {
    const value = await list(`parentId=${ids.demo_subagent2}`);
    expect(value.total).toBe(9);
    expect(value.list.every((r) => r.level === 3)).toBe(true);
    expect(value.breadcrumb.map((c) => c.account)).toEqual(["demo_agent", "demo_subagent", "demo_subagent2"]);
    expect(value.list.find((r) => r.account === "team_agent01")!.directCount).toBe(10);
    const deep = await list(`parentId=${ids.team_agent01}&sort=account&order=asc`);
    expect(deep.list.map((r) => r.account)).toEqual(teamSeeds.filter((s) => s.upline === "team_agent01").map((s) => s.username));
    expect(deep.list.every((r) => r.level === 4 && r.directCount === 0)).toBe(true);
    expect(deep.breadcrumb.map((c) => c.account)).toEqual(["demo_agent", "demo_subagent", "demo_subagent2", "team_agent01"]);
    expect((await list(`parentId=${ids.demo_subagent}&level=0`)).total).toBe(28);
    expect((await list(`parentId=${ids.demo_agent}`)).total).toBe(10);
  });

  it("refuses a parentId outside the team (downline.not.found), reads junk tolerantly", async () => {
    for (const parent of [ids.demo_vip, ids.demo_agent! + 100_000, "abc", "-1", "1e3"]) {
      fail(await relay("MCS2_getDownlineList", `parentId=${parent}`), "downline.not.found");
    }
    // A sub-agent cannot look above itself or sideways.
    fail(await relay("MCS2_getDownlineList", `parentId=${ids.demo_agent}`, { token: tokens.demo_subagent }), "downline.not.found");
    fail(await relay("MCS2_getDownlineList", `parentId=${ids.team_m01}`, { token: tokens.demo_subagent }), "downline.not.found");
    const subView = await list("level=0&pageSize=100", tokens.demo_subagent);
    expect(subView.total).toBe(28);
    expect(subView.breadcrumb).toEqual([{ customerId: ids.demo_subagent, account: "demo_subagent" }]);
    expect(subView.list.find((r) => r.account === "demo_subagent2")!.level).toBe(1);

    const junk = await list("level=abc&sort=drop%20table&order=sideways&pageSize=100000&pageNo=-4&keyword=%00%00");
    expect(junk).toMatchObject({ total: 10 });
    expect(junk.list).toHaveLength(10);
    expect((await list("level=999")).total).toBe(0);
  });
});

describe("team betting", () => {
  it("lists the team's real bets newest first with the range's summary", async () => {
    const from = new Date(h.clock.now.getTime() - 30 * DAY);
    const query = `dateFrom=${from.getTime()}&dateTo=${h.clock.now.getTime()}&pageSize=50`;
    const value = ok(await relay("ODSFE2_getTeamBetRecords", query));
    const sums = await one<{ n: number; stake: number; win: number }>(
      `${TEAM} SELECT count(*)::int AS n, coalesce(sum(b.stake), 0)::bigint AS stake, coalesce(sum(b.win), 0)::bigint AS win
         FROM team JOIN bets b ON b.member_id = team.id WHERE NOT b.trial AND b.created_at >= $2 AND b.created_at <= $3`,
      [ids.demo_agent, from, h.clock.now],
    );
    expect(sums.n).toBeGreaterThan(100);
    expect(value.summary).toEqual({
      count: sums.n,
      stake: major(sums.stake),
      win: major(sums.win),
      profit: major(Number(sums.win) - Number(sums.stake)),
    });
    expect(value.summary.profit).toBeLessThan(0); // the seeded team loses, as players do
    expect(value).toMatchObject({ total: sums.n, totalPages: Math.ceil(sums.n / 50) });
    const times = value.list.map((b: { time: number }) => b.time);
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const first = value.list[0];
    const stored = await one<{ stake: number; win: number; username: string; name: string }>(
      "SELECT b.stake, b.win, m.username, g.name FROM bets b JOIN members m ON m.id = b.member_id JOIN games g ON g.id = b.game_id WHERE b.id = $1",
      [first.betId],
    );
    expect(first).toMatchObject({
      account: stored.username,
      gameName: stored.name,
      stake: major(stored.stake),
      win: major(stored.win),
      profit: major(stored.win - stored.stake),
    });
    expect(first.gameType).toBeTruthy();
    expect(first.vendor).toBeTruthy();
    // demo_member (a direct member with its own seeded history) is in the team.
    expect(value.list.some((b: { account: string }) => b.account === "demo_member") || sums.n > 50).toBe(true);
  });

  it("narrows to one team account (case-insensitive); one outside the team is empty", async () => {
    const value = ok(await relay("ODSFE2_getTeamBetRecords", "account=TEAM_M01&dateFrom=2000-01-01&dateTo=2000-12-31"));
    expect(value.total).toBe(0);
    const days60 = `dateFrom=${h.clock.now.getTime() - 60 * DAY}`;
    const mine = ok(await relay("ODSFE2_getTeamBetRecords", `account=TEAM_M01&${days60}`));
    const count = await one("SELECT count(*)::int AS n FROM bets WHERE member_id = $1 AND created_at >= $2", [
      ids.team_m01,
      new Date(h.clock.now.getTime() - 60 * DAY),
    ]);
    expect(mine.total).toBe(count.n);
    expect(mine.list.every((b: { account: string }) => b.account === "team_m01")).toBe(true);
    for (const outsider of ["demo_vip", "demo_agent", "no_such_user"]) {
      expect(ok(await relay("ODSFE2_getTeamBetRecords", `account=${outsider}&${days60}`))).toEqual({
        list: [],
        total: 0,
        totalPages: 0,
        summary: { count: 0, stake: 0, win: 0, profit: 0 },
      });
    }
    // A sub-agent's view holds its own team only.
    expect(ok(await relay("ODSFE2_getTeamBetRecords", `account=team_m01&${days60}`, { token: tokens.demo_subagent })).total).toBe(0);
  });

  it("dates: malformed → 400 parameter.invalid, reversed or too long → date.range.invalid", async () => {
    fail(await relay("ODSFE2_getTeamBetRecords", "dateFrom=yesterday"), "parameter.invalid", 400);
    fail(await relay("ODSFE2_getTeamBetRecords", "dateFrom=2026-02-30"), "parameter.invalid", 400);
    fail(await relay("ODSFE2_getTeamBetRecords", "dateFrom=2026-11-20&dateTo=2026-11-01"), "date.range.invalid");
    fail(await relay("ODSFE2_getTeamProfitLoss", "dateFrom=2024-01-01&dateTo=2026-01-01"), "date.range.invalid");
  });
});

describe("team profit and loss", () => {
  it("one row per active team account, each and the summary as the books say", async () => {
    const from = new Date(h.clock.now.getTime() - 30 * DAY);
    const value = ok(await relay("ODSFE2_getTeamProfitLoss", `dateFrom=${from.getTime()}&pageSize=100`));
    const expected = await h.db.query<{
      id: number;
      depth: number;
      account_type: number;
      stake: number;
      win: number;
      deposit: number;
      withdraw: number;
      bonus: number;
    }>(
      `${TEAM}, figures AS (
         SELECT team.id, team.depth, m.account_type,
                (SELECT coalesce(sum(stake), 0) FROM bets WHERE member_id = team.id AND NOT trial AND created_at >= $2 AND created_at <= $3)::bigint AS stake,
                (SELECT coalesce(sum(win), 0) FROM bets WHERE member_id = team.id AND NOT trial AND created_at >= $2 AND created_at <= $3)::bigint AS win,
                (SELECT count(*) FROM bets WHERE member_id = team.id AND NOT trial AND created_at >= $2 AND created_at <= $3)::int AS bets,
                (SELECT coalesce(sum(amount_minor), 0) FROM deposit_requests WHERE member_id = team.id AND status = 'APPROVED' AND created_at >= $2 AND created_at <= $3)::bigint AS deposit,
                (SELECT coalesce(sum(amount_minor), 0) FROM withdrawals WHERE member_id = team.id AND status IN ('ISSUED', 'RECEIVED', 'PARTLY_RECEIVED') AND created_at >= $2 AND created_at <= $3)::bigint AS withdraw,
                (SELECT coalesce(sum(e.amount), 0) FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id JOIN ledger_transactions t ON t.id = e.transaction_id
                  WHERE a.member_id = team.id AND a.kind = 'wallet' AND e.amount > 0 AND t.kind IN ('promotion', 'rebate', 'raffle', 'mission')
                    AND t.created_at >= $2 AND t.created_at <= $3)::bigint AS bonus
           FROM team JOIN members m ON m.id = team.id)
       SELECT * FROM figures WHERE bets > 0 OR deposit > 0 OR withdraw > 0 OR bonus > 0`,
      [ids.demo_agent, from, h.clock.now],
    );
    expect(value.total).toBe(expected.length);
    const rows = new Map(value.list.map((r: { customerId: number }) => [r.customerId, r]));
    for (const e of expected) {
      expect(rows.get(Number(e.id))).toMatchObject({
        type: e.account_type,
        level: e.depth,
        validBet: major(e.stake),
        win: major(e.win),
        profitLoss: major(Number(e.win) - Number(e.stake)),
        depositAmount: major(e.deposit),
        withdrawAmount: major(e.withdraw),
        bonus: major(e.bonus),
      });
    }
    const sum = (key: "stake" | "win" | "deposit" | "withdraw" | "bonus") => expected.reduce((n, e) => n + Number(e[key]), 0);
    expect(value.summary).toEqual({
      depositAmount: major(sum("deposit")),
      withdrawAmount: major(sum("withdraw")),
      validBet: major(sum("stake")),
      win: major(sum("win")),
      profitLoss: major(sum("win") - sum("stake")),
      bonus: major(sum("bonus")),
    });
    // demo_member's cashback claim of 14 days ago is a bonus in the range.
    expect(rows.get(ids.demo_member)).toBeTruthy();
    expect((rows.get(ids.demo_member) as { bonus: number }).bonus).toBeGreaterThan(0);
    const stakes = value.list.map((r: { validBet: number }) => r.validBet);
    expect(stakes).toEqual([...stakes].sort((a, b) => b - a));
  });

  it("pages keep the summary; one account narrows; outside the team is empty", async () => {
    const days30 = `dateFrom=${h.clock.now.getTime() - 30 * DAY}`;
    const whole = ok(await relay("ODSFE2_getTeamProfitLoss", days30));
    const beyond = ok(await relay("ODSFE2_getTeamProfitLoss", `${days30}&pageNo=50`));
    expect(beyond.list).toEqual([]);
    expect(beyond.summary).toEqual(whole.summary);
    expect(beyond.total).toBe(whole.total);
    const single = ok(await relay("ODSFE2_getTeamProfitLoss", `${days30}&account=team_m03`));
    expect(single.total).toBeLessThanOrEqual(1);
    expect(single.list.every((r: { account: string }) => r.account === "team_m03")).toBe(true);
    const outside = ok(await relay("ODSFE2_getTeamProfitLoss", `${days30}&account=demo_vip`));
    expect(outside).toMatchObject({ list: [], total: 0, totalPages: 0, summary: { validBet: 0, profitLoss: 0, bonus: 0 } });
  });
});

describe("my income", () => {
  it("demo_agent's commissions of past months, with the summary by type", async () => {
    const from = `dateFrom=${h.clock.now.getTime() - 120 * DAY}&pageSize=50`;
    const value = ok(await relay("ODSFE2_getAgentIncome", from));
    const rows = await h.db.query<{ id: number; kind: string; amount: number }>(
      `SELECT t.id, t.kind, e.amount FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id JOIN ledger_transactions t ON t.id = e.transaction_id
        WHERE a.member_id = $1 AND a.account_type_id = 2 AND t.kind LIKE 'agent.%' AND t.kind NOT LIKE 'agent.transfer%' AND e.amount > 0 AND t.created_at >= $2
        ORDER BY t.created_at DESC, t.id DESC`,
      [ids.demo_agent, new Date(h.clock.now.getTime() - 120 * DAY)],
    );
    expect(
      rows
        .filter((r) => r.kind === "agent.commission")
        .map((r) => major(r.amount))
        .sort((a, b) => a - b),
    ).toEqual([956.2, 1284.5, 1432.75]);
    expect(value.total).toBe(rows.length);
    expect(value.list.map((r: { id: number }) => r.id)).toEqual(rows.map((r) => Number(r.id)));
    expect(value.summary.commission).toBe(1284.5 + 956.2 + 1432.75);
    expect(value.summary.total).toBe(major(rows.reduce((n, r) => n + Number(r.amount), 0)));
    const commission = value.list.find((r: { incomeType: string }) => r.incomeType === "COMMISSION");
    expect(commission).toMatchObject({ contractId: null, periodStart: null, periodEnd: null });
    expect(
      ok(await relay("ODSFE2_getAgentIncome", `${from}&incomeType=dividend`)).list.every(
        (r: { incomeType: string }) => r.incomeType === "DIVIDEND",
      ),
    ).toBe(true);
    const onlyCommission = ok(await relay("ODSFE2_getAgentIncome", `${from}&incomeType=COMMISSION`));
    expect(onlyCommission.total).toBe(3);
    expect(onlyCommission.summary).toMatchObject({ commission: 3673.45, dividend: 0, dailySalary: 0, total: 3673.45 });
    // Unknown types are no filter.
    expect(ok(await relay("ODSFE2_getAgentIncome", `${from}&incomeType=BONUS`)).total).toBe(rows.length);
  });

  it("a salary names its contract and period (contract_settlements.ledger_tx)", async () => {
    // A settled period of a contract demo_subagent2 holds from demo_subagent, paid as the settlement pays.
    const [contract] = await h.db.query<{ id: number }>(
      `INSERT INTO agent_contracts (merchant, contract_type, upline_id, downline_id, status, terms, rate, created_at, accepted_at)
       VALUES ('demo', 'REALTIME', $1, $2, 'FINISHED', '{"rate": 0.5}', 0.5, $3, $3) RETURNING id`,
      [ids.demo_subagent, ids.demo_subagent2, new Date(h.clock.now.getTime() - 2 * DAY)],
    );
    const at = new Date(h.clock.now.getTime() - DAY);
    const paid = await postMovement(h.db, {
      merchant: "demo",
      idempotencyKey: `test-contract:${contract!.id}:1`,
      kind: "agent.salary.realtime",
      now: at,
      legs: [
        { account: { kind: "house" }, amount: -12_34 },
        { account: { kind: "wallet", memberId: ids.demo_subagent2!, accountTypeId: 2 }, amount: 12_34 },
      ],
    });
    const start = new Date(at.getTime() - 300_000);
    await h.db.query(
      `INSERT INTO contract_settlements (contract_id, period_start, period_end, valid_bet, profit_loss, active_members, amount, ledger_tx, created_at)
       VALUES ($1, $2, $3, 246800, 0, 1, 1234, $4, $3)`,
      [contract!.id, start, at, paid.transactionId],
    );
    const value = ok(await relay("ODSFE2_getAgentIncome", "incomeType=REALTIME_SALARY", { token: tokens.demo_subagent2 }));
    expect(value.list.find((r: { id: number }) => r.id === paid.transactionId)).toEqual({
      id: paid.transactionId,
      incomeType: "REALTIME_SALARY",
      amount: 12.34,
      periodStart: start.getTime(),
      periodEnd: at.getTime(),
      contractId: Number(contract!.id),
      time: at.getTime(),
    });
    expect(value.summary.realtimeSalary).toBeGreaterThanOrEqual(12.34);
  });
});

describe("transaction details", () => {
  it("deposits and withdrawals of the team, statuses on the wire, names in the reader's language", async () => {
    const from = new Date(h.clock.now.getTime() - 90 * DAY);
    const query = `dateFrom=${from.getTime()}&pageSize=100`;
    const value = ok(await relay("ODSFE2_getTeamTransactions", `${query}&txType=DEPOSIT`));
    const deposits = await h.db.query<{ id: number; status: string; amount_minor: number; username: string }>(
      `${TEAM} SELECT r.id, r.status, r.amount_minor, m.username FROM team JOIN deposit_requests r ON r.member_id = team.id JOIN members m ON m.id = r.member_id
        WHERE r.created_at >= $2 AND r.created_at <= $3`,
      [ids.demo_agent, from, h.clock.now],
    );
    expect(value.total).toBe(deposits.length);
    const wire = { APPROVED: "SUCCESS", PENDING: "PENDING", REJECTED: "REJECTED", CANCELLED: "REJECTED" } as Record<string, string>;
    const byId = new Map(value.list.map((r: { id: number }) => [r.id, r]));
    for (const d of deposits) {
      expect(byId.get(Number(d.id))).toMatchObject({
        account: d.username,
        txType: "DEPOSIT",
        txTypeName: "Deposit",
        amount: major(d.amount_minor),
        status: wire[d.status],
      });
    }
    expect(new Set(value.list.map((r: { status: string }) => r.status))).toEqual(new Set(["SUCCESS", "PENDING", "REJECTED"]));

    const withdrawals = ok(await relay("ODSFE2_getTeamTransactions", `${query}&txType=withdraw`, { language: "BN" }));
    const stored = await h.db.query<{ id: number; status: string }>(
      `${TEAM} SELECT w.id, w.status FROM team JOIN withdrawals w ON w.member_id = team.id WHERE w.created_at >= $2 AND w.created_at <= $3`,
      [ids.demo_agent, from, h.clock.now],
    );
    expect(withdrawals.total).toBe(stored.length);
    const wireW = {
      PENDING: "PENDING",
      NOT_RECEIVED: "PENDING",
      REJECTED: "REJECTED",
      ISSUED: "SUCCESS",
      RECEIVED: "SUCCESS",
      PARTLY_RECEIVED: "SUCCESS",
    } as Record<string, string>;
    for (const w of stored)
      expect(withdrawals.list.find((r: { id: number }) => r.id === Number(w.id))).toMatchObject({
        txType: "WITHDRAW",
        txTypeName: "উত্তোলন",
        status: wireW[w.status],
      });

    const all = ok(await relay("ODSFE2_getTeamTransactions", query));
    expect(all.total).toBe(deposits.length + stored.length);
    const times = all.list.map((r: { time: number }) => r.time);
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const mine = ok(await relay("ODSFE2_getTeamTransactions", `${query}&account=team_m01`));
    expect(mine.list.every((r: { account: string }) => r.account === "team_m01")).toBe(true);
    expect(ok(await relay("ODSFE2_getTeamTransactions", `${query}&account=demo_vip`)).total).toBe(0);
  });

  it("transfers between the agent and its team and inside the team, not those leaving the subtree", async () => {
    const wallet = (username: string) => ({ kind: "wallet" as const, memberId: ids[username]!, accountTypeId: 2 });
    const move = (key: string, kind: string, from: string, to: string, amount: number) =>
      postMovement(h.db, {
        merchant: "demo",
        idempotencyKey: `agents-test:${key}`,
        kind,
        now: h.clock.now,
        legs: [
          { account: wallet(from), amount: -amount },
          { account: wallet(to), amount },
        ],
      });
    const down = await move("down", "agent.transfer.down", "demo_agent", "demo_subagent", 150_00);
    const up = await move("up", "agent.transfer.up", "team_m09", "demo_subagent", 20_00);
    const inside = await move("inside", "agent.transfer.down", "demo_subagent2", "team_m17", 35_50);
    const legacy = await move("legacy", "upline.transfer", "team_m02", "demo_agent", 5_00);
    // demo_subagent's transfer up to demo_agent leaves demo_subagent's subtree: not in its list.
    const leaving = await move("leaving", "agent.transfer.up", "demo_subagent", "demo_agent", 10_00);
    const transfers = async (query: string, token = tokens.demo_agent) =>
      ok(await relay("ODSFE2_getTeamTransactions", query, { token })).list.filter((r: { txType: string }) =>
        r.txType.startsWith("TRANSFER"),
      ) as { id: number; account: string; txType: string; amount: number; status: string; txTypeName: string }[];

    const seen = await transfers("pageSize=100");
    expect(seen.map((r) => [r.id, r.txType, r.account, r.amount]).sort()).toEqual(
      [
        [down.transactionId, "TRANSFER_DOWN", "demo_subagent", 150],
        [up.transactionId, "TRANSFER_UP", "team_m09", 20],
        [inside.transactionId, "TRANSFER_DOWN", "team_m17", 35.5],
        [legacy.transactionId, "TRANSFER_UP", "team_m02", 5],
        [leaving.transactionId, "TRANSFER_UP", "demo_subagent", 10],
      ].sort(),
    );
    expect(seen.every((r) => r.status === "SUCCESS")).toBe(true);
    expect(seen.find((r) => r.txType === "TRANSFER_DOWN")!.txTypeName).toBe("Transfer to downline");
    const sub = await transfers("pageSize=100", tokens.demo_subagent);
    expect(sub.map((r) => r.id).sort()).toEqual([up.transactionId, inside.transactionId].sort());
    // The account filter takes either side of a transfer.
    expect((await transfers("pageSize=100&account=demo_subagent")).map((r) => r.id).sort()).toEqual(
      [down.transactionId, up.transactionId, leaving.transactionId].sort(),
    );
    expect((await transfers("txType=TRANSFER_UP&pageSize=100")).map((r) => r.id).sort()).toEqual(
      [up.transactionId, legacy.transactionId, leaving.transactionId].sort(),
    );
    expect(
      ok(await relay("ODSFE2_getTeamTransactions", "txType=TRANSFER_DOWN")).list.every(
        (r: { txType: string }) => r.txType === "TRANSFER_DOWN",
      ),
    ).toBe(true);
  });
});

describe("affiliate links", () => {
  it("lists the agent's codes with their registrations; a sub-agent code registers sub-agents", async () => {
    const before = ok(await relay("MCS2_getAffiliateLinks")).list as {
      code: string;
      accountType: number;
      registrations: number;
      createdAt: number;
    }[];
    expect(before.map((l) => [l.code, l.accountType, l.registrations])).toEqual([
      ["AGENT01", 0, teamSeeds.filter((s) => s.affiliateCode === "AGENT01").length],
      ["AGENTSUB1", 1, 1],
    ]);
    expect(before[0]!.createdAt).toBeLessThan(before[1]!.createdAt);
    expect(
      ok(await relay("MCS2_getAffiliateLinks", "", { token: tokens.demo_subagent })).list.map((l: { code: string }) => l.code),
    ).toEqual(["SUBAGENT1"]);

    const registered = await h.enc(
      "/wps/member/register",
      { username: "viasubcode1", password: "Secret@123", confirmPassword: "Secret@123", affiliateCode: "agentsub1", login: false },
      { method: "PUT", forwardedFor: "10.88.1.1" },
    );
    const customerId = ok(registered).customerId as number;
    const row = await one<{ account_type: number; upline_id: number; info: string }>(
      "SELECT account_type, upline_id, register_info->>'affiliateCode' AS info FROM members WHERE id = $1",
      [customerId],
    );
    expect(row).toEqual({ account_type: 2, upline_id: ids.demo_agent, info: "AGENTSUB1" });
    expect(await one("SELECT depth FROM member_tree WHERE ancestor_id = $1 AND descendant_id = $2", [ids.demo_agent, customerId])).toEqual({
      depth: 1,
    });
    const after = ok(await relay("MCS2_getAffiliateLinks")).list as { code: string; registrations: number }[];
    expect(after.find((l) => l.code === "AGENTSUB1")!.registrations).toBe(2);
  });

  it("creates codes once per requestId, at most ten", async () => {
    const requestId = rid();
    const made = ok(await post("MCS2_createAffiliateCode", { requestId, accountType: 1 }));
    expect(made.code).toMatch(/^[A-Z2-9]{8}$/);
    expect(made).toMatchObject({ accountType: 1, registrations: 0 });
    expect(ok(await post("MCS2_createAffiliateCode", { requestId, accountType: "1" }))).toEqual({ ...made, replayed: true });
    fail(await post("MCS2_createAffiliateCode", { requestId, accountType: 0 }), "idempotency.conflict");
    fail(await post("MCS2_createAffiliateCode", { requestId: "short", accountType: 0 }), "parameter.invalid", 400);
    fail(await post("MCS2_createAffiliateCode", { requestId: rid(), accountType: 7 }), "parameter.invalid", 400);
    const held = async () => (ok(await relay("MCS2_getAffiliateLinks")).list as unknown[]).length;
    while ((await held()) < 10) ok(await post("MCS2_createAffiliateCode", { requestId: rid(), accountType: 0 }));
    fail(await post("MCS2_createAffiliateCode", { requestId: rid(), accountType: 0 }), "affiliate.code.limit");
    expect(await held()).toBe(10);
    const owner = await one<{ member_id: number; account_type: number }>(
      "SELECT member_id, account_type FROM affiliate_codes WHERE code = $1",
      [made.code],
    );
    expect(owner).toEqual({ member_id: ids.demo_agent, account_type: 1 });
  });
});

describe("register centre", () => {
  const fresh = (overrides: Record<string, unknown> = {}) => ({
    requestId: rid(),
    accountType: 0,
    username: `newbie${String(seq).padStart(3, "0")}`,
    password: "Secret@123",
    confirmPassword: "Secret@123",
    ...overrides,
  });
  const treeOf = async (id: number) =>
    h.db.query<{ ancestor: string; depth: number }>(
      "SELECT m.username AS ancestor, t.depth FROM member_tree t JOIN members m ON m.id = t.ancestor_id WHERE t.descendant_id = $1 ORDER BY t.depth",
      [id],
    );

  it("opens a member under the agent without a session for it, leaving the agent's session alone", async () => {
    const body = fresh({ username: "teamnew01", nickname: "Nadia Karim", mobileNum: "01552999001", email: "Nadia@Example.com" });
    const value = ok(await register(body));
    expect(value).toEqual({ customerId: expect.any(Number), account: "teamnew01", accountType: 0 });
    const row = await one<{
      account_type: number;
      upline_id: number;
      nickname: string;
      mobile: string;
      email: string;
      first_login: boolean;
    }>("SELECT account_type, upline_id, nickname, mobile, email, first_login FROM members WHERE id = $1", [value.customerId]);
    expect(row).toEqual({
      account_type: 0,
      upline_id: ids.demo_agent,
      nickname: "Nadia Karim",
      mobile: "8801552999001",
      email: "nadia@example.com",
      first_login: true,
    });
    expect(await treeOf(value.customerId)).toEqual([
      { ancestor: "teamnew01", depth: 0 },
      { ancestor: "demo_agent", depth: 1 },
    ]);
    expect(await h.db.query("SELECT 1 FROM sessions WHERE member_id = $1", [value.customerId])).toHaveLength(0);
    ok(await relay("ODSFE2_getTeamOverview")); // the agent is still logged in
    expect(ok(await relay("MCS2_getDownlineList", "keyword=teamnew01")).list[0]).toMatchObject({
      customerId: value.customerId,
      level: 1,
      nickname: "Nadia Karim",
      lastLoginTime: null,
    });
    // The new account logs in with the password the agent set.
    expect(ok(await h.login("teamnew01", "Secret@123")).userName).toBe("teamnew01");

    // The same requestId and content answers the first result; the password must match too.
    expect(ok(await register(body))).toEqual({ ...value, replayed: true });
    fail(await register({ ...body, username: "teamnew99" }), "idempotency.conflict");
    fail(await register({ ...body, password: "Other@1234", confirmPassword: "Other@1234" }), "idempotency.conflict");
    expect(await h.db.query("SELECT 1 FROM members WHERE lower(username) = 'teamnew01'")).toHaveLength(1);
  });

  it("a sub-agent opens a sub-agent (type 2) under itself; POST is taken too", async () => {
    const value = ok(await register(fresh({ accountType: 1, username: "subnew01" }), { token: tokens.demo_subagent, method: "POST" }));
    expect(value).toMatchObject({ account: "subnew01", accountType: 2 });
    expect(await treeOf(value.customerId)).toEqual([
      { ancestor: "subnew01", depth: 0 },
      { ancestor: "demo_subagent", depth: 1 },
      { ancestor: "demo_agent", depth: 2 },
    ]);
    const overview = ok(await relay("ODSFE2_getTeamOverview", "", { token: tokens.demo_subagent }));
    expect(overview.subAgents).toBe(3);
  });

  it("an agent of the 41/42 line opens type 42", async () => {
    await h.db.query("UPDATE members SET account_type = 41 WHERE id = $1", [ids.demo_subagent2]);
    try {
      const value = ok(await register(fresh({ accountType: "1", username: "line42sub" }), { token: tokens.demo_subagent2 }));
      expect(value.accountType).toBe(42);
      expect(await one("SELECT account_type FROM members WHERE id = $1", [value.customerId])).toEqual({ account_type: 42 });
    } finally {
      await h.db.query("UPDATE members SET account_type = 2 WHERE id = $1", [ids.demo_subagent2]);
    }
  });

  it("applies the merchant's register rules with registration's error codes", async () => {
    const invalid = await register(
      fresh({ username: "ab", password: "short", confirmPassword: "other", email: "not-an-email", mobileNum: "12", nickname: "<b>" }),
    );
    fail(invalid, "register.field.invalid");
    expect(Object.keys(invalid.body.value.fieldErrors).sort()).toEqual([
      "confirmPassword",
      "email",
      "mobileNum",
      "nickname",
      "password",
      "username",
    ]);
    const mismatch = await register(fresh({ confirmPassword: "Secret@124" }));
    fail(mismatch, "register.field.invalid");
    expect(Object.keys(mismatch.body.value.fieldErrors)).toEqual(["confirmPassword"]);
    fail(await register(fresh({ username: "" })), "register.field.invalid");
    fail(await register(fresh({ username: "TEAMNEW01" })), "register.username.taken");
    fail(await register(fresh({ mobileNum: "01712345678" })), "register.mobile.taken");
    // Bodies the schema cannot read: 400, nothing written.
    fail(await register({ accountType: 0, username: "nobody03" }), "parameter.invalid", 400);
    fail(await register(fresh({ accountType: 2 })), "parameter.invalid", 400);
    const plain = await h.json("/wps/relay/passwordCheck/MCS2_registerDownline", {
      method: "PUT",
      token: tokens.demo_agent,
      body: JSON.stringify(fresh()),
    });
    fail(plain, "request_body_required", 400);
    fail(await register(fresh(), { token: "" }), "login.not.session", 401);
    expect(await h.db.query("SELECT 1 FROM members WHERE username IN ('ab', 'nobody03')")).toHaveLength(0);
  });
});

describe("consolidated flags", () => {
  const flags = async (token: string) => ok(await h.json("/wps/member/info/funds/consolidated", { token }));
  const zeros = { dailysalreqtype: 0, divtypereq: 0, contracthoursalreq: 0, realtimesalreqtype: 0, infoTypes: [] };

  it("non-agents and trial accounts get zeros; no token is 401", async () => {
    expect(await flags(tokens.demo_member!)).toEqual(zeros);
    expect(await flags(trialToken)).toEqual(zeros);
    fail(await h.json("/wps/member/info/funds/consolidated"), "login.not.session", 401);
  });

  it("1 per type on, 0 when its module or the merchant's agentContracts leaves it out, 2 when a request waits for my answer", async () => {
    const base = await flags(tokens.team_agent01!);
    expect(base).toEqual({
      dailysalreqtype: 1,
      divtypereq: 1,
      contracthoursalreq: 1,
      realtimesalreqtype: 1,
      infoTypes: ["DIVIDEND", "DAILY", "HOURLY", "REALTIME"],
    });

    await setSetting(h.db, "demo", "agentContracts", ["daily", "DIVIDEND"]);
    await setModule(h.db, "demo", "DAILYSALCONT3", false);
    try {
      expect(await flags(tokens.team_agent01!)).toEqual({
        dailysalreqtype: 0,
        divtypereq: 1,
        contracthoursalreq: 0,
        realtimesalreqtype: 0,
        infoTypes: ["DIVIDEND"],
      });
    } finally {
      await setModule(h.db, "demo", "DAILYSALCONT3", true);
      await h.db.query("UPDATE merchants SET settings = settings - 'agentContracts' WHERE code = 'demo'");
    }

    // An offer by demo_subagent2 to team_agent01 waits for team_agent01.
    const [offer] = await h.db.query<{ id: number }>(
      `INSERT INTO agent_contracts (merchant, contract_type, upline_id, downline_id, status, request, request_by, terms, rate, created_at)
       VALUES ('demo', 'HOURLY', $1, $2, 'PENDING', 'NEW', 'UPLINE', '{"rate": 1, "betAmount": 100, "activeMembers": 1}', 1, $3) RETURNING id`,
      [ids.demo_subagent2, ids.team_agent01, h.clock.now],
    );
    expect((await flags(tokens.team_agent01!)).contracthoursalreq).toBe(2);
    expect((await flags(tokens.demo_subagent2!)).contracthoursalreq).toBe(1);
    // Accepted, then team_agent01 asks to end it: now demo_subagent2 must answer.
    await h.db.query(
      "UPDATE agent_contracts SET status = 'ACCEPTED', request = 'TERMINATION', request_by = 'DOWNLINE', accepted_at = $2 WHERE id = $1",
      [offer!.id, h.clock.now],
    );
    expect((await flags(tokens.team_agent01!)).contracthoursalreq).toBe(1);
    expect((await flags(tokens.demo_subagent2!)).contracthoursalreq).toBe(2);
    // A switched-off type shows 0 even with a request waiting.
    await setModule(h.db, "demo", "HOURSAL3", false);
    try {
      expect((await flags(tokens.demo_subagent2!)).contracthoursalreq).toBe(0);
    } finally {
      await setModule(h.db, "demo", "HOURSAL3", true);
    }
    await h.db.query("UPDATE agent_contracts SET status = 'FINISHED', request = NULL, request_by = NULL, finished_at = $2 WHERE id = $1", [
      offer!.id,
      h.clock.now,
    ]);
    expect((await flags(tokens.demo_subagent2!)).contracthoursalreq).toBe(1);
  });
});

describe("bad input", () => {
  const junk = fc.oneof(
    fc.string({ maxLength: 20 }),
    fc.string({ unit: "binary", maxLength: 30 }),
    fc.constantFrom(
      "",
      "0",
      "-1",
      "1e9",
      "99999999999999999999",
      "2026-02-30",
      "2026-11-01",
      "ALL",
      "asc",
      "balance",
      "team_m01",
      "%",
      "_",
      "\u0000",
      "null",
      "[]",
    ),
    fc.integer().map(String),
  );
  const params = [
    "parentId",
    "keyword",
    "level",
    "sort",
    "order",
    "pageNo",
    "pageSize",
    "dateFrom",
    "dateTo",
    "account",
    "txType",
    "incomeType",
  ];
  const calls = [
    "MCS2_getAgentAnnouncements",
    "ODSFE2_getTeamOverview",
    "MCS2_getDownlineList",
    "ODSFE2_getTeamBetRecords",
    "ODSFE2_getTeamProfitLoss",
    "ODSFE2_getAgentIncome",
    "ODSFE2_getTeamTransactions",
    "MCS2_getAffiliateLinks",
  ];

  it("random query values never answer 5xx", async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...calls), fc.dictionary(fc.constantFrom(...params), junk, { maxKeys: 5 }), async (call, query) => {
        const search = new URLSearchParams(query).toString();
        const answer = await relay(call, search);
        expect(answer.status, `${call}?${search}: ${JSON.stringify(answer.body)}`).toBeLessThan(500);
        if (answer.status === 200 && !answer.body.success)
          expect(["downline.not.found", "date.range.invalid"]).toContain(answer.body.errorCode);
      }),
      { numRuns: 300 },
    );
  }, 120_000);

  it("random register-downline and affiliate bodies never answer 5xx", async () => {
    const value = fc.oneof(junk, fc.integer(), fc.boolean(), fc.constant(null), fc.array(junk, { maxLength: 2 }));
    const keys = [
      "requestId",
      "accountType",
      "username",
      "password",
      "confirmPassword",
      "nickname",
      "mobileNum",
      "countryDialingCode",
      "email",
    ];
    await fc.assert(
      fc.asyncProperty(fc.record(Object.fromEntries(keys.map((k) => [k, value])), { requiredKeys: [] }), async (body) => {
        const answer = await register(body);
        expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(500);
        const created = await post("MCS2_createAffiliateCode", body);
        expect(created.status, JSON.stringify(created.body)).toBeLessThan(500);
      }),
      { numRuns: 60 },
    );
  }, 120_000);
});
