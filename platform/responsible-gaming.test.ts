import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PlatformError } from "./http/context";
import { message } from "./messages";
import { setModule } from "./operator";
import { parsePlayerCommand, playerState, resetPlayer } from "./operator-player";
import { formatLocal, periodStart } from "./services/responsible-gaming";
import { checkDepositLimit, checkLossLimit } from "./services/responsible-gaming-checks";
import { type Harness, openHarness } from "./testing/harness";
import { refused as fail } from "./testing/envelope";

// Responsible gaming (decision 018) on one in-memory PGlite: limits with their 24-hour rule,
// reality check, self-exclusion at login, the session-time limit, and the deposit and loss checks.

let h: Harness;
let token: string;
let memberId: number;
let rid = 0;
const requestId = () => `rg-test-request-${String(++rid).padStart(4, "0")}`;

const HOUR = 60 * 60 * 1000;
const get = (call: string, t = token) => h.json(`/wps/relay/${call}`, { token: t });
const post = (call: string, body: unknown, t = token) =>
  h.json(`/wps/relay/${call}`, { method: "POST", token: t, body: JSON.stringify(body) });
/** Moves the clock; sessions idle out after 12 hours, so a long move logs in again. */
async function later(ms: number) {
  h.clock.advance(ms);
  token = (await h.login("demo_member", "Demo@1234")).body.value.token;
}
const limitOf = (value: any, type: string, period: string) => value.limits.find((l: any) => l.type === type && l.period === period);

beforeAll(async () => {
  h = await openHarness();
  const login = (await h.login("demo_member", "Demo@1234")).body.value;
  token = login.token;
  memberId = login.id;
}, 120_000);
afterAll(() => h?.close());

describe("reading", () => {
  it("lists the nine type × period pairs, nothing set, reality check off, the session's start", async () => {
    const { body } = await get("MCSFE_getResponsibleGaming");
    expect(body.success).toBe(true);
    expect(body.value.limits).toHaveLength(9);
    expect(body.value.limits.map((l: any) => `${l.type}/${l.period}`)).toEqual([
      "DEPOSIT/DAY",
      "DEPOSIT/WEEK",
      "DEPOSIT/MONTH",
      "LOSS/DAY",
      "LOSS/WEEK",
      "LOSS/MONTH",
      "SESSION/DAY",
      "SESSION/WEEK",
      "SESSION/MONTH",
    ]);
    expect(limitOf(body.value, "DEPOSIT", "DAY")).toEqual({
      type: "DEPOSIT",
      period: "DAY",
      amount: null,
      pendingAmount: null,
      pendingFrom: null,
      used: 0,
      remaining: null,
    });
    expect(body.value.realityCheckMinutes).toBe(0);
    expect(body.value.selfExclusionUntil).toBeNull();
    expect(body.value.sessionStartedAt).toBe(h.clock.now.getTime());
    expect(body.value.sessionLoss).toBe(0);
  });

  it("needs a token and RESPGAMING3", async () => {
    expect((await h.json("/wps/relay/MCSFE_getResponsibleGaming")).status).toBe(401);
    await setModule(h.db, "demo", "RESPGAMING3", false);
    const off = await get("MCSFE_getResponsibleGaming");
    expect(off.status).toBe(400);
    fail(off.body, "function.not.available");
    await setModule(h.db, "demo", "RESPGAMING3", true);
  });

  it("periods are calendar periods in Asia/Dhaka", () => {
    const at = new Date("2026-11-25T20:30:00Z"); // Thursday 26 Nov 02:30 in Dhaka
    expect(periodStart("DAY", at).toISOString()).toBe("2026-11-25T18:00:00.000Z");
    expect(periodStart("WEEK", at).toISOString()).toBe("2026-11-22T18:00:00.000Z"); // Monday 23 Nov 00:00
    expect(periodStart("MONTH", at).toISOString()).toBe("2026-10-31T18:00:00.000Z");
    expect(formatLocal(at)).toBe("2026-11-26 02:30");
  });
});

describe("setting limits", () => {
  it("a first limit applies at once; a replay answers the same; other content under the id is a conflict", async () => {
    const id = requestId();
    const first = await post("MCSFE_setResponsibleGamingLimit", { requestId: id, type: "DEPOSIT", period: "DAY", amount: 1000 });
    expect(first.body.value).toMatchObject({
      type: "DEPOSIT",
      period: "DAY",
      amount: 1000,
      pendingAmount: null,
      pendingFrom: null,
      remaining: 1000,
    });
    expect(first.body.value.appliesAt).toBe(h.clock.now.getTime());
    const again = await post("MCSFE_setResponsibleGamingLimit", { requestId: id, type: "DEPOSIT", period: "DAY", amount: 1000 });
    expect(again.body).toEqual(first.body);
    fail(
      (await post("MCSFE_setResponsibleGamingLimit", { requestId: id, type: "DEPOSIT", period: "DAY", amount: 900 })).body,
      "idempotency.conflict",
    );
  });

  it("the same request sent three times at once has one effect and one answer", async () => {
    const id = requestId();
    const body = { requestId: id, type: "SESSION", period: "MONTH", amount: 40000 };
    const answers = await Promise.all([1, 2, 3].map(() => post("MCSFE_setResponsibleGamingLimit", body)));
    expect(answers.every((a) => a.body.success)).toBe(true);
    expect(answers[1]!.body).toEqual(answers[0]!.body);
    expect(answers[2]!.body).toEqual(answers[0]!.body);
    const rows = await h.db.query("SELECT count(*)::int AS n FROM player_requests WHERE member_id = $1 AND request_id = $2", [
      memberId,
      id,
    ]);
    expect(rows).toEqual([{ n: 1 }]);
  });

  it("an increase waits 24 hours, then applies by itself; a decrease applies at once and drops it", async () => {
    const up = await post("MCSFE_setResponsibleGamingLimit", { requestId: requestId(), type: "DEPOSIT", period: "DAY", amount: "2500.50" });
    expect(up.body.value).toMatchObject({ amount: 1000, pendingAmount: 2500.5, pendingFrom: h.clock.now.getTime() + 24 * HOUR });
    await later(23 * HOUR);
    expect(limitOf((await get("MCSFE_getResponsibleGaming")).body.value, "DEPOSIT", "DAY").amount).toBe(1000);
    await later(HOUR);
    expect(limitOf((await get("MCSFE_getResponsibleGaming")).body.value, "DEPOSIT", "DAY")).toMatchObject({
      amount: 2500.5,
      pendingAmount: null,
      pendingFrom: null,
    });

    await post("MCSFE_setResponsibleGamingLimit", { requestId: requestId(), type: "DEPOSIT", period: "DAY", amount: 5000 });
    const down = await post("MCSFE_setResponsibleGamingLimit", { requestId: requestId(), type: "DEPOSIT", period: "DAY", amount: 800 });
    expect(down.body.value).toMatchObject({ amount: 800, pendingAmount: null, pendingFrom: null });
  });

  it("a removal waits 24 hours too; removing nothing is fine", async () => {
    const off = await post("MCSFE_setResponsibleGamingLimit", { requestId: requestId(), type: "DEPOSIT", period: "DAY", amount: null });
    expect(off.body.value).toMatchObject({ amount: 800, pendingAmount: null, pendingFrom: h.clock.now.getTime() + 24 * HOUR });
    await later(24 * HOUR + 1000);
    expect(limitOf((await get("MCSFE_getResponsibleGaming")).body.value, "DEPOSIT", "DAY")).toMatchObject({
      amount: null,
      pendingFrom: null,
    });
    const none = await post("MCSFE_setResponsibleGamingLimit", { requestId: requestId(), type: "LOSS", period: "MONTH", amount: null });
    expect(none.body.value).toMatchObject({ amount: null, pendingFrom: null });
  });

  it("refuses bad input with its own code, and a body that is not JSON with 400", async () => {
    const bad = async (body: Record<string, unknown>, code: string) =>
      fail(
        (await post("MCSFE_setResponsibleGamingLimit", { requestId: requestId(), type: "DEPOSIT", period: "DAY", amount: 10, ...body }))
          .body,
        code,
      );
    await bad({ type: "BET" }, "limit.type.invalid");
    await bad({ period: "YEAR" }, "limit.period.invalid");
    await bad({ amount: -5 }, "limit.amount.invalid");
    await bad({ amount: 0 }, "limit.amount.invalid");
    await bad({ amount: 1.234 }, "limit.amount.invalid");
    await bad({ amount: "ten" }, "limit.amount.invalid");
    await bad({ amount: { x: 1 } }, "limit.amount.invalid");
    await bad({ amount: undefined }, "limit.amount.invalid");
    await bad({ type: "SESSION", amount: 1441 }, "limit.amount.invalid");
    await bad({ type: "SESSION", amount: 30.5 }, "limit.amount.invalid");
    await bad({ requestId: "short" }, "request.id.invalid");
    await bad({ requestId: 42 }, "request.id.invalid");
    const junk = await h.json("/wps/relay/MCSFE_setResponsibleGamingLimit", { method: "POST", token, body: "{nope" });
    expect(junk.status).toBe(400);
    fail(junk.body, "parameter.invalid");
    const list = await h.json("/wps/relay/MCSFE_setResponsibleGamingLimit", { method: "POST", token, body: "[1]" });
    expect(list.status).toBe(400);
  });

  it("sets the reality check to one of the offered intervals", async () => {
    expect((await post("MCSFE_setRealityCheck", { minutes: 30 })).body.value).toEqual({ realityCheckMinutes: 30 });
    expect((await get("MCSFE_getResponsibleGaming")).body.value.realityCheckMinutes).toBe(30);
    fail((await post("MCSFE_setRealityCheck", { minutes: 45 })).body, "reality.check.invalid");
    fail((await post("MCSFE_setRealityCheck", {})).body, "reality.check.invalid");
    expect((await post("MCSFE_setRealityCheck", { minutes: 0 })).body.value).toEqual({ realityCheckMinutes: 0 });
  });
});

describe("deposit and loss checks", () => {
  it("checkDepositLimit counts pending and approved requests of the period and names what is left", async () => {
    // The money part's table (or the rg_deposit_requests view of decision 018): a stand-in view.
    await h.db.query("CREATE TABLE rg_test_deposits (member_id bigint, amount_minor bigint, status text, created_at timestamptz)");
    await h.db.query("CREATE VIEW rg_deposit_requests AS SELECT member_id, amount_minor, status, created_at FROM rg_test_deposits");
    await post("MCSFE_setResponsibleGamingLimit", { requestId: requestId(), type: "DEPOSIT", period: "WEEK", amount: 1000 });
    const now = h.clock.now;
    await h.db.query(
      `INSERT INTO rg_test_deposits VALUES ($1, 40000, 'PENDING', $2), ($1, 35000, 'APPROVED', $2), ($1, 99900, 'REJECTED', $2),
              ($1, 99900, 'APPROVED', $3), ($1 + 1000, 99900, 'APPROVED', $2)`,
      [memberId, now, new Date(periodStart("WEEK", now).getTime() - 1000)],
    );
    await expect(checkDepositLimit(h.db, "demo", memberId, 25000, now)).resolves.toBeUndefined();
    const refused = await checkDepositLimit(h.db, "demo", memberId, 25001, now).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(PlatformError);
    const err = refused as PlatformError;
    expect(err.errorCode).toBe("limit.deposit.exceeded");
    expect(err.status).toBe(200);
    expect(message(err.messageKey, "EN", err.detail.vars)).toBe(
      "This deposit would pass your weekly deposit limit of ৳1,000.00. You can deposit up to ৳250.00 more this week.",
    );
    expect(message(err.messageKey, "BN", err.detail.vars)).toContain("৳250.00");
    expect(limitOf((await get("MCSFE_getResponsibleGaming")).body.value, "DEPOSIT", "WEEK")).toMatchObject({
      amount: 1000,
      used: 750,
      remaining: 250,
    });
  });

  it("the money part's deposit submit is refused past the limit, with what is left", async () => {
    await h.db.query("DROP VIEW rg_deposit_requests"); // back to the money part's deposit_requests
    // demo_member's weekly deposit limit is 1,000.00 (above).
    const methods = (await get("MCSFE_getDepositMethods")).body.value as { methodCode: string }[];
    type Channel = { channelId: number; submitType: string; allowCustomAmount: boolean; minAmount: number; maxAmount: number };
    let channel: Channel | undefined;
    for (const m of methods) {
      const list = (await h.json(`/wps/relay/MCSFE_getDepositPaymentChannels?methodCode=${m.methodCode}`, { token })).body
        .value as Channel[];
      channel ??= list.find((c) => c.submitType === "TRANSACTION_ID" && c.allowCustomAmount && c.minAmount <= 400 && c.maxAmount >= 600);
    }
    expect(channel, "a channel taking 400–600").toBeDefined();
    let tx = 0;
    const deposit = (amount: number) =>
      post("MCSFE_manualTransferByTransactionId", {
        requestId: requestId(),
        channelId: channel!.channelId,
        amount,
        transactionId: `RGTEST${++tx}X${Date.now()}`,
      });
    const first = await deposit(600);
    expect(first.body.success, JSON.stringify(first.body)).toBe(true);
    const refused = await deposit(500);
    fail(refused.body, "limit.deposit.exceeded");
    expect(refused.body.message).toContain("৳400.00");
    expect((await deposit(400)).body.success).toBe(true);
    expect(limitOf((await get("MCSFE_getResponsibleGaming")).body.value, "DEPOSIT", "WEEK")).toMatchObject({ used: 1000, remaining: 0 });
  });

  it("checkLossLimit refuses a stake that could pass the loss limit", async () => {
    await post("MCSFE_setResponsibleGamingLimit", { requestId: requestId(), type: "LOSS", period: "DAY", amount: 5 });
    await expect(checkLossLimit(h.db, "demo", memberId, 500, h.clock.now)).resolves.toBeUndefined();
    const err = (await checkLossLimit(h.db, "demo", memberId, 501, h.clock.now).catch((e: unknown) => e)) as PlatformError;
    expect(err.errorCode).toBe("limit.loss.exceeded");
    expect(message(err.messageKey, "EN", err.detail.vars)).toContain("daily loss limit of ৳5.00");
  });
});

describe("the demo game's bets", () => {
  it("refuse a stake that could pass the loss limit, on the game page, moving nothing", async () => {
    // demo_member's LOSS/DAY limit is ৳5.00 (set above).
    const [game] = await h.db.query<{ id: number; min_bet: number }>(
      "SELECT id, min_bet FROM games WHERE merchant = 'demo' AND node_id = 'PG_0001'",
    );
    const params = new URLSearchParams({
      confirmTrans: "0",
      launchMode: "GLS",
      platform: "html5",
      clientType: "2",
      gameId: String(game!.id),
      nodeId: "PG_0001",
      accountType: "1",
      vassalage: "PG",
      merchantCode: "demo",
      language: "EN",
      webView: "false",
    });
    const launched = await h.json(`/wps/game/launchGame?${params}`, { token });
    expect(launched.body.success, JSON.stringify(launched.body)).toBe(true);
    const url: string = launched.body.value.gameUrl;
    const minBet = Math.max(game!.min_bet, 10);
    const stake = Math.max(600, minBet);
    const pageHtml = await (await h.call(url, { merchant: null })).text();
    const roundKey = /name="roundKey" value="([^"]+)"/.exec(pageHtml)?.[1] ?? "";
    const before = await h.db.query("SELECT count(*)::int AS n FROM bets WHERE member_id = $1", [memberId]);
    const refused = await h.call(`${url}/bet`, {
      method: "POST",
      merchant: null,
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ stake: (stake / 100).toFixed(2), roundKey }).toString(),
    });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("loss limit");
    expect(await h.db.query("SELECT count(*)::int AS n FROM bets WHERE member_id = $1", [memberId])).toEqual(before);
  });
});

describe("trial accounts", () => {
  it("are refused every write", async () => {
    const trial = (
      await h.json("/wps/session/login/freeplay", {
        method: "POST",
        body: JSON.stringify({ os: "Windows", platform: "W" }),
        forwardedFor: "10.20.30.40",
      })
    ).body.value.token;
    expect((await get("MCSFE_getResponsibleGaming", trial)).body.success).toBe(true);
    fail(
      (await post("MCSFE_setResponsibleGamingLimit", { requestId: requestId(), type: "DEPOSIT", period: "DAY", amount: 10 }, trial)).body,
      "trial.not.allowed",
    );
    fail((await post("MCSFE_setRealityCheck", { minutes: 15 }, trial)).body, "trial.not.allowed");
    fail((await post("MCSFE_selfExclude", { requestId: requestId(), days: 1, password: "x" }, trial)).body, "trial.not.allowed");
  });
});

describe("self-exclusion", () => {
  it("needs the password, ends the sessions, refuses login with HTTP 500 until the date, cannot be shortened", async () => {
    const vip = (await h.login("demo_vip", "Demo@1234")).body.value.token;
    const seeded = (await get("MCSFE_getResponsibleGaming", vip)).body.value;
    expect(seeded.realityCheckMinutes).toBe(60);
    expect(limitOf(seeded, "DEPOSIT", "DAY").amount).toBe(10000);

    fail(
      (await post("MCSFE_selfExclude", { requestId: requestId(), days: 2, password: "Demo@1234" }, vip)).body,
      "self.exclusion.days.invalid",
    );
    fail((await post("MCSFE_selfExclude", { requestId: requestId(), days: 7, password: "wrong" }, vip)).body, "password.old.invalid");
    const id = requestId();
    const done = await post("MCSFE_selfExclude", { requestId: id, days: 7, password: "Demo@1234" }, vip);
    const until = h.clock.now.getTime() + 7 * 24 * HOUR;
    expect(done.body.value).toEqual({ selfExclusionUntil: until });
    expect((await get("MCSFE_getResponsibleGaming", vip)).status).toBe(401);

    const refused = await h.login("demo_vip", "Demo@1234");
    expect(refused.status).toBe(500);
    fail(refused.body, "login_blocked_by_self_exclusion");
    expect(refused.body.message).toContain(formatLocal(new Date(until)));
    // A wrong password still answers as a wrong password.
    expect((await h.login("demo_vip", "nope")).body.errorCode).not.toBe("login_blocked_by_self_exclusion");

    h.clock.advance(7 * 24 * HOUR + 1000);
    const back = await h.login("demo_vip", "Demo@1234");
    expect(back.body.success).toBe(true);
    const again = back.body.value.token;
    // A longer one extends; a shorter one afterwards keeps the later end.
    const long = await post("MCSFE_selfExclude", { requestId: requestId(), days: 30, password: "Demo@1234" }, again);
    const longUntil = long.body.value.selfExclusionUntil;
    expect(longUntil).toBe(h.clock.now.getTime() + 30 * 24 * HOUR);
    const [row] = await h.db.query<{ self_excluded_until: Date }>(
      "SELECT self_excluded_until FROM rg_settings s JOIN members m ON m.id = s.member_id WHERE m.username = 'demo_vip'",
    );
    expect(new Date(row!.self_excluded_until).getTime()).toBe(longUntil);
    expect((await h.login("demo_vip", "Demo@1234")).status).toBe(500);
  });
});

describe("self-exclusion and two-factor", () => {
  it("refuses the login before a verification code is sent", async () => {
    await h.db.query(
      "INSERT INTO rg_settings (member_id, self_excluded_until, updated_at) SELECT id, $1, $2 FROM members WHERE username = 'demo_2fa'",
      [new Date(h.clock.now.getTime() + 24 * HOUR), h.clock.now],
    );
    await setModule(h.db, "demo", "LOGINIPVERF3", true);
    try {
      const sentBefore = await h.db.query("SELECT count(*)::int AS n FROM sms_outbox");
      const refused = await h.login("demo_2fa", "Demo@1234", { forwardedFor: "10.77.77.77" });
      expect(refused.status).toBe(500);
      fail(refused.body, "login_blocked_by_self_exclusion");
      expect(await h.db.query("SELECT count(*)::int AS n FROM sms_outbox")).toEqual(sentBefore);
    } finally {
      await setModule(h.db, "demo", "LOGINIPVERF3", false);
    }
  });
});

describe("operator command", () => {
  it("player <username> shows the state; reset lifts limits and the exclusion", async () => {
    const state = await playerState(h.db, "demo", "demo_vip", h.clock.now);
    expect(state.selfExclusionUntil).toMatch(/^\d{4}-/);
    expect(state.limits.map((l) => `${l.type}/${l.period}`)).toEqual(["DEPOSIT/DAY", "LOSS/WEEK", "SESSION/DAY"]);
    expect(state.realityCheckMinutes).toBe(60);
    expect(await resetPlayer(h.db, "demo", "demo_vip", h.clock.now)).toEqual({ username: "demo_vip", reset: true });
    const after = await playerState(h.db, "demo", "demo_vip", h.clock.now);
    expect(after).toMatchObject({ limits: [], realityCheckMinutes: 0, selfExclusionUntil: null });
    expect((await h.login("demo_vip", "Demo@1234")).body.success).toBe(true);
    await expect(playerState(h.db, "demo", "nobody_here", h.clock.now)).rejects.toThrow(/No member/);
    expect(parsePlayerCommand(["demo_vip"]).method).toBe("GET");
    expect(parsePlayerCommand(["demo_vip", "reset"]).method).toBe("POST");
    expect(() => parsePlayerCommand([])).toThrow();
    expect(() => parsePlayerCommand(["demo_vip", "lift"])).toThrow();
  });
});

describe("session-time limit", () => {
  it("refuses a login once today's logged-in minutes reach the limit; tomorrow it is fine", async () => {
    // A fresh day for demo_member: earlier tests moved the clock; the six minutes below stay in one day.
    h.clock.toNoonInDhaka();
    const fresh = (await h.login("demo_member", "Demo@1234")).body.value.token;
    await post("MCSFE_setResponsibleGamingLimit", { requestId: requestId(), type: "SESSION", period: "DAY", amount: 5 }, fresh);
    h.clock.advance(3 * 60 * 1000);
    await get("MCSFE_getResponsibleGaming", fresh); // a request: the session was in use 3 minutes
    expect((await h.login("demo_member", "Demo@1234")).body.success).toBe(true);
    h.clock.advance(3 * 60 * 1000);
    const value = (await get("MCSFE_getResponsibleGaming", fresh)).body.value;
    expect(limitOf(value, "SESSION", "DAY").used).toBeGreaterThanOrEqual(5);
    const refused = await h.login("demo_member", "Demo@1234");
    fail(refused.body, "limit.session.exceeded");
    expect(refused.status).toBe(200);
    expect(refused.body.message).toContain("5 minutes");
    // Logging out does not erase the time played.
    await h.json("/wps/session/logout", { method: "DELETE", token: fresh });
    fail((await h.login("demo_member", "Demo@1234")).body, "limit.session.exceeded");
    h.clock.advance(24 * HOUR);
    expect((await h.login("demo_member", "Demo@1234")).body.success).toBe(true);
  });
});
