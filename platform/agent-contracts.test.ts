import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseCommand } from "./admin";
import { applyMovement, creditWallet, MAIN_WALLET } from "./ledger";
import { setModule, setSetting } from "./operator";
import { printAgentResult, setFrozen, settleNow } from "./operator-agents";
import { createOperatorApp } from "./operator-http";
import { amountDue, periodOf, settleContracts, startSettlementTimer, wholePeriods } from "./services/agent-settlement";
import { termsMinor } from "./services/agent-contracts";
import { setPaymentPassword } from "./services/money-password";
import { createSession } from "./services/sessions";
import { fails, ok } from "./testing/envelope";
import { type Harness, openHarness } from "./testing/harness";

// Agent contracts, settlement and transfers between upline and downline (decision 025) on one
// in-memory PGlite. Every test makes its own small tree (agents and members inserted with an
// upline: the triggers fill member_tree), so the seeded demo agents do not matter here.

let h: Harness;
let seq = 0;
const rid = () => `agent-contract-${Date.now().toString(36)}-${seq++}`.padEnd(20, "x");
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const RELAY = {
  DIVIDEND: "MCS2_processDividendReq",
  DAILY: "MCS2_processDailySalContract",
  HOURLY: "MCS2_processContractHourSalary",
  REALTIME: "MCSFE_processRealTimeSalaryContract",
} as const;
type Type = keyof typeof RELAY;

interface Account {
  id: number;
  username: string;
}

let gameId: number;
let accountSeq = 0;

/** An account under `upline` with 10,000.00 in its main wallet. */
async function account(type: number, upline: Account | null, name = "acct"): Promise<Account> {
  const username = `ac_${name}_${accountSeq++}`;
  const [row] = await h.db.query<{ id: number }>(
    "INSERT INTO members (merchant, username, password_hash, account_type, upline_id) VALUES ('demo', $1, 'none', $2, $3) RETURNING id",
    [username, type, upline?.id ?? null],
  );
  const id = Number(row!.id);
  if (type !== 4) await creditWallet(h.db, { merchant: "demo", memberId: id, amount: 1_000_000, idempotencyKey: `agent-test-open:${id}` });
  return { id, username };
}

/** A live token of the account at the harness clock (the clock moves by days in these tests). */
const tokenOf = (a: Account) => createSession(h.db, a.id, "203.0.113.9", h.clock.now);

/**
 * A fresh tree: A (agent) → B (sub-agent) → C, C2 (sub-agents), M (member under B), X (sub-agent under C).
 * With topB, B has no agent above it (A stands apart): its offers are bounded by the operator's
 * maxima, which this file sets high, instead of by contracts from A (decision 034).
 */
async function tree(topB = false) {
  const A = await account(1, null, "a");
  const B = await account(2, topB ? null : A, "b");
  const C = await account(2, B, "c");
  const C2 = await account(2, B, "c2");
  const M = await account(0, B, "m");
  const X = await account(2, C, "x");
  return { A, B, C, C2, M, X };
}

const post = async (type: Type, who: Account, body: Record<string, unknown>) =>
  h.json(`/wps/relay/${RELAY[type]}`, { method: "POST", token: await tokenOf(who), body: JSON.stringify({ requestId: rid(), ...body }) });
const get = async (type: Type, who: Account, query = "") =>
  h.json(`/wps/relay/${RELAY[type]}${query ? `?${query}` : ""}`, { token: await tokenOf(who) });

const DAILY_TERMS = (rate: number) => ({ rate, periodValidBet: 0, activeMembers: 0 });

/** OFFER by the upline, ACCEPT by the downline: the contract's id. */
async function contract(type: Type, upline: Account, downline: Account, terms: Record<string, unknown>, confirm = false): Promise<number> {
  const offered = ok(await post(type, upline, { action: "OFFER", downlineId: downline.id, terms, confirm }));
  ok(await post(type, downline, { action: "ACCEPT", contractId: offered.contractId }));
  return offered.contractId;
}

const statusOf = async (id: number) =>
  (await h.db.query<{ status: string; request: string | null }>("SELECT status, request FROM agent_contracts WHERE id = $1", [id]))[0]!;
const inbox = async (who: Account) =>
  h.db.query<{ kind: string; title: { EN: string }; content: { EN: string; BN: string } }>(
    "SELECT kind, title, content FROM member_messages WHERE member_id = $1 ORDER BY id DESC",
    [who.id],
  );
const balance = async (who: Account) =>
  Number(
    (
      await h.db.query<{ balance: number }>(
        "SELECT balance FROM ledger_accounts WHERE kind = 'wallet' AND member_id = $1 AND account_type_id = 2",
        [who.id],
      )
    )[0]?.balance ?? 0,
  );
const ledgerTotal = async () =>
  Number(
    (await h.db.query<{ t: number }>("SELECT coalesce(sum(balance), 0)::bigint AS t FROM ledger_accounts WHERE merchant = 'demo'"))[0]!.t,
  );

interface TestBet {
  member: Account;
  stake: number;
  win: number;
  at: number;
  trial?: boolean;
}

/** A settled real bet like the demo game's: stake wallet → house, win house → wallet, a bets row. */
async function bet(b: TestBet): Promise<void> {
  const key = `agent-test-bet-${seq++}`;
  const wallet = { kind: "wallet" as const, memberId: b.member.id, accountTypeId: MAIN_WALLET };
  await h.db.tx(async (sql) => {
    const placed = await applyMovement(sql, {
      merchant: "demo",
      idempotencyKey: `bet:${b.member.id}:${key}`,
      kind: "bet",
      now: new Date(b.at),
      legs: [
        { account: wallet, amount: -b.stake },
        { account: { kind: "house" }, amount: b.stake },
      ],
    });
    let payout: number | null = null;
    if (b.win > 0) {
      payout = (
        await applyMovement(sql, {
          merchant: "demo",
          idempotencyKey: `payout:${b.member.id}:${key}`,
          kind: "payout",
          now: new Date(b.at),
          legs: [
            { account: { kind: "house" }, amount: -b.win },
            { account: wallet, amount: b.win },
          ],
        })
      ).transactionId;
    }
    await sql.query(
      `INSERT INTO bets (merchant, member_id, game_id, round_key, trial, stake, win, outcome, ledger_tx, payout_tx, created_at)
       VALUES ('demo', $1, $2, $3, $4, $5, $6, '{}', $7, $8, $9)`,
      [b.member.id, gameId, key, b.trial ?? false, b.stake, b.win, placed.transactionId, payout, new Date(b.at)],
    );
  });
}

const settlements = async (contractId: number) =>
  h.db.query<{
    period_start: Date;
    period_end: Date;
    valid_bet: number;
    profit_loss: number;
    active_members: number;
    amount: number;
    ledger_tx: number | null;
  }>(
    "SELECT period_start, period_end, valid_bet, profit_loss, active_members, amount, ledger_tx FROM contract_settlements WHERE contract_id = $1 ORDER BY period_start",
    [contractId],
  );
const payments = async (contractId: number) =>
  h.db.query<{ idempotency_key: string; kind: string; amount: number; member_id: number }>(
    `SELECT t.idempotency_key, t.kind, e.amount, a.member_id FROM ledger_transactions t
       JOIN ledger_entries e ON e.transaction_id = t.id JOIN ledger_accounts a ON a.id = e.account_id AND a.kind = 'wallet'
      WHERE t.merchant = 'demo' AND t.idempotency_key LIKE $1 ORDER BY t.idempotency_key`,
    [`contract:${contractId}:%`],
  );

/** The start of the first whole period of the unit at or after t (a contract accepted at t pays from there). */
const firstWhole = (unit: Parameters<typeof periodOf>[0], t: number) => wholePeriods(unit, t, t + 40 * DAY, 1)[0]!.start;

/** Independent figures of a period from the test's own bet list (team = the downline and below). */
function figures(bets: TestBet[], team: Account[], start: number, end: number) {
  const inside = bets.filter((b) => !b.trial && b.at >= start && b.at < end && team.some((t) => t.id === b.member.id));
  const validBet = inside.reduce((s, b) => s + b.stake, 0);
  const win = inside.reduce((s, b) => s + b.win, 0);
  return { inside, validBet, profitLoss: win - validBet, active: new Set(inside.map((b) => b.member.id)).size };
}

/** Maxima above every rate these tests offer; agent-bounds.test.ts tests the bounds themselves. */
const HIGH_MAXIMA = {
  DIVIDEND: { rate: 100 },
  DAILY: { rate: 100 },
  HOURLY: { rate: 100 },
  REALTIME: { rate: 100, singleBetSalary: 10_000_000, winRate: 100, lossRate: 100 },
};

beforeAll(async () => {
  h = await openHarness();
  await setSetting(h.db, "demo", "contractMaxima", HIGH_MAXIMA);
  gameId = Number((await h.db.query<{ id: number }>("SELECT id FROM games WHERE merchant = 'demo' ORDER BY id LIMIT 1"))[0]!.id);
}, 120_000);
afterAll(() => h?.close());

describe("gating", () => {
  it("answers function.not.available before the token when the module or the agentContracts setting is off", async () => {
    const { A } = await tree();
    await setModule(h.db, "demo", "DAILYSALCONT3", false);
    try {
      fails(await h.json(`/wps/relay/${RELAY.DAILY}`), "function.not.available", 400);
    } finally {
      await setModule(h.db, "demo", "DAILYSALCONT3", true);
    }
    await setSetting(h.db, "demo", "agentContracts", ["DAILY", "HOURLY"]);
    try {
      fails(await h.json(`/wps/relay/${RELAY.DIVIDEND}`), "function.not.available", 400);
      fails(await get("REALTIME", A), "function.not.available", 400);
      ok(await get("DAILY", A));
    } finally {
      await h.db.query("UPDATE merchants SET settings = settings - 'agentContracts' WHERE code = 'demo'");
    }
    fails(await h.json(`/wps/relay/${RELAY.DIVIDEND}`), "login.not.session", 401);
    fails(await h.json(`/wps/relay/${RELAY.DIVIDEND}`, { method: "DELETE", token: await tokenOf(A) }), "function.not.available", 404);
  });

  it("refuses members and trial accounts with agent.only, reads and writes alike", async () => {
    const { B, M } = await tree();
    const trial = await account(4, null, "trial");
    for (const who of [M, trial]) {
      fails(await get("DAILY", who), "agent.only");
      fails(await post("DAILY", who, { action: "OFFER", downlineId: B.id, terms: DAILY_TERMS(1) }), "agent.only");
    }
  });
});

describe("demo seed", () => {
  it("has contracts in every state between the demo agents, and income already settled", async () => {
    const rows = await h.db.query<{ username: string; id: number }>(
      "SELECT username, id FROM members WHERE merchant = 'demo' AND username IN ('demo_agent', 'demo_subagent', 'demo_subagent2')",
    );
    const id = Object.fromEntries(rows.map((r) => [r.username, Number(r.id)]));
    const applied = await h.db.query("SELECT 1 FROM seed_steps WHERE merchant = 'demo' AND step = 'agent-contracts'");
    if (id.demo_subagent === undefined) {
      // Without the agent tree the step waits for a later start.
      expect(applied).toHaveLength(0);
      return;
    }
    expect(applied).toHaveLength(1);
    const contracts = await h.db.query<{
      id: number;
      contract_type: string;
      up: string;
      down: string;
      status: string;
      rate: string;
      terms: Record<string, unknown>;
    }>(
      `SELECT c.id, c.contract_type, u.username AS up, d.username AS down, c.status, c.rate, c.terms
         FROM agent_contracts c JOIN members u ON u.id = c.upline_id JOIN members d ON d.id = c.downline_id
        WHERE c.merchant = 'demo' AND u.username IN ('demo_agent', 'demo_subagent') ORDER BY c.id`,
    );
    const shape = contracts.map((c) => [c.contract_type, c.up, c.down, c.status, Number(c.rate)]);
    expect(shape).toEqual(
      expect.arrayContaining([
        ["DAILY", "demo_agent", "demo_subagent", "ACCEPTED", 1.2],
        ["DAILY", "demo_subagent", "demo_subagent2", "ACCEPTED", 0.8],
        ["DIVIDEND", "demo_agent", "demo_subagent", "ACCEPTED", 20],
        ["HOURLY", "demo_agent", "demo_subagent", "PENDING", 0.5],
        ["REALTIME", "demo_agent", "demo_subagent", "REJECTED", 0.3],
        ["DAILY", "demo_agent", "demo_subagent", "FINISHED", 1],
      ]),
    );
    expect(contracts.find((c) => c.contract_type === "DIVIDEND")!.terms.period).toBe("W");
    const daily = contracts.find((c) => c.contract_type === "DAILY" && c.status === "ACCEPTED" && c.up === "demo_agent")!;
    const paid = await h.db.query<{ n: number; amount: number }>(
      "SELECT count(*)::int AS n, coalesce(sum(amount), 0)::bigint AS amount FROM contract_settlements WHERE contract_id = $1",
      [daily.id],
    );
    expect(paid[0]!.n).toBeGreaterThanOrEqual(40);
    expect(Number(paid[0]!.amount)).toBeGreaterThan(0);
    const sub = { id: id.demo_subagent, username: "demo_subagent" };
    const list = ok(await get("DAILY", sub));
    expect(list.settlements.length).toBeGreaterThan(0);
    expect(ok(await get("HOURLY", sub, "role=mine")).pending).toBe(1);
  });
});

describe("offers", () => {
  it("validates terms per type", async () => {
    const { A, B } = await tree();
    const bad: [Type, unknown][] = [
      ["DAILY", { rate: 101 }],
      ["DAILY", { rate: 1.234 }],
      ["DAILY", { rate: -1 }],
      ["DAILY", { rate: "abc" }],
      ["DAILY", { rate: 1, periodValidBet: -5 }],
      ["DAILY", { rate: 1, activeMembers: 1.5 }],
      ["DAILY", {}],
      ["DAILY", "rate=1"],
      ["DAILY", null],
      ["DIVIDEND", { rate: 10 }],
      ["DIVIDEND", { rate: 10, period: "Y" }],
      ["HOURLY", { rate: 1, betAmount: 1e300 }],
      ["REALTIME", { rate: 1, winRate: 100.01 }],
    ];
    for (const [type, terms] of bad) fails(await post(type, A, { action: "OFFER", downlineId: B.id, terms }), "contract.terms.invalid");
    // Numbers as strings are read; unknown keys dropped; missing thresholds are 0.
    const offered = ok(
      await post("DIVIDEND", A, { action: "OFFER", downlineId: String(B.id), terms: { rate: "12.5", period: "M", extra: 1 } }),
    );
    expect(offered.terms).toEqual({ rate: 12.5, period: "M", periodValidBet: 0, periodProfitLoss: 0, activeMembers: 0 });
    const realtime = ok(await post("REALTIME", A, { action: "OFFER", downlineId: B.id, terms: { rate: 0.5, singleBetSalary: "0.10" } }));
    expect(realtime.terms).toEqual({ rate: 0.5, singleBetSalary: 0.1, winRate: 0, lossRate: 0 });
  });

  it("answers 400 parameter.invalid for a malformed body", async () => {
    const { A, B } = await tree();
    const token = await tokenOf(A);
    const raw = (body: string) => h.json(`/wps/relay/${RELAY.DAILY}`, { method: "POST", token, body });
    fails(await raw("{not json"), "parameter.invalid", 400);
    fails(await raw(JSON.stringify({ action: "OFFER", downlineId: B.id, terms: DAILY_TERMS(1) })), "parameter.invalid", 400);
    fails(
      await raw(JSON.stringify({ requestId: "short", action: "OFFER", downlineId: B.id, terms: DAILY_TERMS(1) })),
      "parameter.invalid",
      400,
    );
    fails(await post("DAILY", A, { action: "SIGN", downlineId: B.id }), "parameter.invalid", 400);
    fails(await post("DAILY", A, { action: "OFFER", terms: DAILY_TERMS(1) }), "parameter.invalid", 400);
    fails(await post("DAILY", A, { action: "ACCEPT" }), "parameter.invalid", 400);
    fails(await post("DAILY", A, { action: "ACCEPT", contractId: -3 }), "parameter.invalid", 400);
    fails(await post("DAILY", A, { action: "OFFER", downlineId: B.id, terms: { rate: "1\u0000" } }), "parameter.invalid", 400);
  });

  it("refuses a downline that is not a direct sub-agent, a second pending offer, and a rate above the agent's own", async () => {
    const { A, B, C, M } = await tree();
    const other = await tree();
    fails(await post("DAILY", A, { action: "OFFER", downlineId: C.id, terms: DAILY_TERMS(1) }), "downline.not.direct");
    fails(await post("DAILY", A, { action: "OFFER", downlineId: other.B.id, terms: DAILY_TERMS(1) }), "downline.not.direct");
    fails(await post("DAILY", A, { action: "OFFER", downlineId: A.id, terms: DAILY_TERMS(1) }), "downline.not.direct");
    fails(await post("DAILY", A, { action: "OFFER", downlineId: 999_999_999, terms: DAILY_TERMS(1) }), "downline.not.direct");
    fails(await post("DAILY", B, { action: "OFFER", downlineId: M.id, terms: DAILY_TERMS(1) }), "downline.not.agent");
    fails(await post("DAILY", A, { action: "PREVIEW", downlineId: C.id, terms: DAILY_TERMS(1) }), "downline.not.direct");

    ok(await post("DAILY", A, { action: "OFFER", downlineId: B.id, terms: DAILY_TERMS(1) }));
    fails(await post("DAILY", A, { action: "OFFER", downlineId: B.id, terms: DAILY_TERMS(0.5) }), "contract.pending.exists");
    // Another type is independent.
    ok(await post("HOURLY", A, { action: "OFFER", downlineId: B.id, terms: { rate: 1 } }));

    // B holds DAILY at 1.00 once it accepts: it cannot offer C more.
    const [pending] = (await get("DAILY", B, "role=mine")).body.value.list;
    ok(await post("DAILY", B, { action: "ACCEPT", contractId: pending.contractId }));
    const above = await post("DAILY", B, { action: "OFFER", downlineId: C.id, terms: DAILY_TERMS(1.01) });
    fails(above, "contract.terms.above.own");
    expect(above.body.message).toContain("Rate at most 1%");
    ok(await post("DAILY", B, { action: "OFFER", downlineId: C.id, terms: DAILY_TERMS(1) }));
  });

  it("writes the offer to the downline's inbox in every language", async () => {
    const { A, B } = await tree();
    const offered = ok(await post("DAILY", A, { action: "OFFER", downlineId: B.id, terms: DAILY_TERMS(1.5) }));
    const [message] = await inbox(B);
    expect(message!.kind).toBe("AGENT_CONTRACT");
    expect(message!.content.EN).toBe(`${A.username} offers you a contract for daily salary at 1.5% (no. ${offered.contractId}).`);
    expect(message!.content.BN).toContain("দৈনিক বেতন");
    const read = ok(await h.json("/wps/relay/MCSFE_getInboxMessages?pageSize=1", { token: await tokenOf(B), language: "BN" }));
    expect(read.list[0].title).toBe("এজেন্ট চুক্তি");
  });
});

describe("the state machine", () => {
  it("NEW: rejected by the downline, cancelled by the upline; the wrong side and later moves are refused", async () => {
    const { A, B } = await tree();
    const first = ok(await post("DAILY", A, { action: "OFFER", downlineId: B.id, terms: DAILY_TERMS(1) }));
    expect(first).toMatchObject({
      status: "PENDING",
      request: "NEW",
      requestBy: "UPLINE",
      uplineId: A.id,
      uplineAccount: A.username,
      downlineId: B.id,
      downlineAccount: B.username,
      acceptedAt: null,
      finishedAt: null,
      lastSettledAt: null,
    });
    expect(typeof first.createdAt).toBe("number");
    const id = first.contractId;
    fails(await post("DAILY", A, { action: "ACCEPT", contractId: id }), "contract.state.invalid");
    fails(await post("DAILY", A, { action: "REJECT", contractId: id }), "contract.state.invalid");
    fails(await post("DAILY", B, { action: "CANCEL", contractId: id }), "contract.state.invalid");
    fails(await post("DAILY", A, { action: "TERMINATE", contractId: id }), "contract.state.invalid");
    fails(await post("DAILY", B, { action: "TERMINATE", contractId: id }), "contract.state.invalid");
    const rejected = ok(await post("DAILY", B, { action: "REJECT", contractId: id }));
    expect(rejected).toMatchObject({ status: "REJECTED", request: null, requestBy: null });
    expect(rejected.finishedAt).toBe(h.clock.now.getTime());
    expect((await inbox(A))[0]!.content.EN).toBe(`${B.username} rejected the daily salary contract offer no. ${id}.`);
    for (const [who, action] of [
      [A, "CANCEL"],
      [B, "ACCEPT"],
      [B, "REJECT"],
      [A, "TERMINATE"],
    ] as const) {
      fails(await post("DAILY", who, { action, contractId: id }), "contract.state.invalid");
    }

    const second = ok(await post("DAILY", A, { action: "OFFER", downlineId: B.id, terms: DAILY_TERMS(1) }));
    const cancelled = ok(await post("DAILY", A, { action: "CANCEL", contractId: second.contractId }));
    expect(cancelled).toMatchObject({ status: "FINISHED", request: null, requestBy: null });
    expect((await inbox(B))[0]!.content.EN).toBe(`${A.username} withdrew the daily salary contract offer no. ${second.contractId}.`);
    fails(await post("DAILY", B, { action: "ACCEPT", contractId: second.contractId }), "contract.state.invalid");
  });

  it("ACCEPTED, then TERMINATION requested, rejected, requested again, cancelled, requested and accepted", async () => {
    const { A, B } = await tree();
    const offered = ok(await post("DAILY", A, { action: "OFFER", downlineId: B.id, terms: DAILY_TERMS(1) }));
    const id = offered.contractId;
    const accepted = ok(await post("DAILY", B, { action: "ACCEPT", contractId: id }));
    expect(accepted).toMatchObject({ status: "ACCEPTED", request: null, requestBy: null, acceptedAt: h.clock.now.getTime() });
    expect((await inbox(A))[0]!.content.EN).toBe(`${B.username} accepted the daily salary contract no. ${id}.`);
    fails(await post("DAILY", B, { action: "ACCEPT", contractId: id }), "contract.state.invalid");
    fails(await post("DAILY", A, { action: "CANCEL", contractId: id }), "contract.state.invalid");

    expect(ok(await post("DAILY", B, { action: "TERMINATE", contractId: id }))).toMatchObject({
      status: "ACCEPTED",
      request: "TERMINATION",
      requestBy: "DOWNLINE",
    });
    expect((await inbox(A))[0]!.content.EN).toBe(`${B.username} asks to end the daily salary contract no. ${id}.`);
    fails(await post("DAILY", B, { action: "TERMINATE", contractId: id }), "contract.state.invalid");
    fails(await post("DAILY", A, { action: "TERMINATE", contractId: id }), "contract.state.invalid");
    fails(await post("DAILY", B, { action: "ACCEPT", contractId: id }), "contract.state.invalid");
    expect(ok(await post("DAILY", A, { action: "REJECT", contractId: id }))).toMatchObject({
      status: "ACCEPTED",
      request: null,
      requestBy: null,
    });
    expect((await inbox(B))[0]!.content.EN).toContain("declined to end");

    expect(ok(await post("DAILY", A, { action: "TERMINATE", contractId: id }))).toMatchObject({
      request: "TERMINATION",
      requestBy: "UPLINE",
    });
    fails(await post("DAILY", B, { action: "CANCEL", contractId: id }), "contract.state.invalid");
    expect(ok(await post("DAILY", A, { action: "CANCEL", contractId: id }))).toMatchObject({ status: "ACCEPTED", request: null });
    expect((await inbox(B))[0]!.content.EN).toContain("withdrew the request to end");

    ok(await post("DAILY", A, { action: "TERMINATE", contractId: id }));
    const ended = ok(await post("DAILY", B, { action: "ACCEPT", contractId: id }));
    expect(ended).toMatchObject({ status: "FINISHED", request: null, requestBy: null, finishedAt: h.clock.now.getTime() });
    expect((await inbox(A))[0]!.content.EN).toContain("agreed to end");
    for (const who of [A, B])
      for (const action of ["ACCEPT", "REJECT", "TERMINATE", "CANCEL"])
        fails(await post("DAILY", who, { action, contractId: id }), "contract.state.invalid");
  });

  it("answers contract.not.found to a non-party, for an unknown id, and on another type's relay", async () => {
    const { A, B, C } = await tree();
    const id = await contract("DAILY", A, B, DAILY_TERMS(1));
    fails(await post("DAILY", C, { action: "TERMINATE", contractId: id }), "contract.not.found");
    fails(await post("DAILY", A, { action: "TERMINATE", contractId: 987_654_321 }), "contract.not.found");
    fails(await post("HOURLY", A, { action: "TERMINATE", contractId: id }), "contract.not.found");
  });

  it("replays a requestId with the same content and refuses it with other content", async () => {
    const { A, B } = await tree();
    const requestId = rid();
    const token = await tokenOf(A);
    const send = (body: Record<string, unknown>, relay: string = RELAY.DAILY) =>
      h.json(`/wps/relay/${relay}`, { method: "POST", token, body: JSON.stringify({ requestId, ...body }) });
    const body = { action: "OFFER", downlineId: B.id, terms: DAILY_TERMS(1) };
    const first = ok(await send(body));
    const again = ok(await send(body));
    expect(again).toEqual({ ...first, replayed: true });
    expect((await h.db.query("SELECT 1 FROM agent_contracts WHERE upline_id = $1", [A.id])).length).toBe(1);
    fails(await send({ ...body, terms: DAILY_TERMS(2) }), "idempotency.conflict");
    fails(await send(body, RELAY.HOURLY), "idempotency.conflict");
    fails(await send({ action: "CANCEL", contractId: first.contractId }), "idempotency.conflict");
    // The move of a replay happened once: cancelling with a new requestId still works once.
    ok(await post("DAILY", A, { action: "CANCEL", contractId: first.contractId }));
    expect(await inbox(B)).toHaveLength(2);
    // A refused request stores nothing: the same requestId works once the refusal is fixed.
    const fixed = rid();
    const offer = (downlineId: number) =>
      h.json(`/wps/relay/${RELAY.DAILY}`, {
        method: "POST",
        token,
        body: JSON.stringify({ requestId: fixed, action: "OFFER", downlineId, terms: DAILY_TERMS(1) }),
      });
    fails(await offer(999_999_998), "downline.not.direct");
    ok(await offer(B.id));
  });

  it("lets one of two concurrent answers win", async () => {
    const { A, B } = await tree();
    const id = ok(await post("DAILY", A, { action: "OFFER", downlineId: B.id, terms: DAILY_TERMS(1) })).contractId;
    const results = await Promise.all([
      post("DAILY", B, { action: "ACCEPT", contractId: id }),
      post("DAILY", B, { action: "ACCEPT", contractId: id }),
      post("DAILY", B, { action: "REJECT", contractId: id }),
      post("DAILY", A, { action: "CANCEL", contractId: id }),
    ]);
    const winners = results.filter((r) => r.body.success);
    expect(winners).toHaveLength(1);
    for (const r of results.filter((x) => !x.body.success)) expect(r.body.errorCode).toBe("contract.state.invalid");
    expect((await statusOf(id)).status).toBe(winners[0]!.body.value.status);
    expect((await inbox(A).then((m) => m.filter((x) => x.kind === "AGENT_CONTRACT").length)) + (await inbox(B)).length).toBe(2);
  });
});

describe("lower and higher rates", () => {
  it("PREVIEW lists the downline's contracts above the new rate; OFFER needs confirm; ACCEPT ends them and replaces the pair's contract", async () => {
    const { A, B, C, C2, X } = await tree();
    const old = await contract("DAILY", A, B, DAILY_TERMS(2));
    const toC = await contract("DAILY", B, C, DAILY_TERMS(1.5));
    const toC2 = await contract("DAILY", B, C2, DAILY_TERMS(0.5));
    const below = await contract("DAILY", C, X, DAILY_TERMS(1.4));
    await contract("HOURLY", A, B, { rate: 3 });
    const hourly = await contract("HOURLY", B, C, { rate: 3 });

    const preview = ok(await post("DAILY", A, { action: "PREVIEW", downlineId: B.id, terms: DAILY_TERMS(1) }));
    expect(preview).toEqual({ affected: [{ contractId: toC, account: C.username, rate: 1.5 }] });
    const refused = await post("DAILY", A, { action: "OFFER", downlineId: B.id, terms: DAILY_TERMS(1) });
    fails(refused, "contract.confirm.required");
    expect(refused.body.value).toEqual(preview);
    // PREVIEW stores nothing: preview and offer may share one requestId.
    const requestId = rid();
    const token = await tokenOf(A);
    const send = (action: string, confirm: boolean) =>
      h.json(`/wps/relay/${RELAY.DAILY}`, {
        method: "POST",
        token,
        body: JSON.stringify({ requestId, action, downlineId: B.id, terms: DAILY_TERMS(1), confirm }),
      });
    ok(await send("PREVIEW", false));
    const offered = ok(await send("OFFER", true));
    expect(offered.status).toBe("PENDING");
    // Until accepted the old terms hold.
    expect((await statusOf(toC)).status).toBe("ACCEPTED");
    expect((await statusOf(old)).status).toBe("ACCEPTED");

    // Recomputed at ACCEPT: C2's replacement at 1.2 (accepted meanwhile) is above 1.0 too.
    const toC2b = await contract("DAILY", B, C2, DAILY_TERMS(1.2));
    expect((await statusOf(toC2)).status).toBe("FINISHED");
    const accepted = ok(await post("DAILY", B, { action: "ACCEPT", contractId: offered.contractId }));
    expect(accepted.status).toBe("ACCEPTED");
    expect((await statusOf(old)).status).toBe("FINISHED");
    expect((await statusOf(toC)).status).toBe("FINISHED");
    expect((await statusOf(toC2b)).status).toBe("FINISHED");
    // Not a cascade: C's own contract below, and other types, stay.
    expect((await statusOf(below)).status).toBe("ACCEPTED");
    expect((await statusOf(hourly)).status).toBe("ACCEPTED");
    const ended = `The daily salary contract no. ${toC} between ${B.username} and ${C.username} has ended: ${B.username}'s own contract now pays 1%, below this contract's rate.`;
    expect((await inbox(C)).map((m) => m.content.EN)).toContain(ended);
    expect((await inbox(B)).map((m) => m.content.EN)).toContain(ended);
    expect(
      (await h.db.query("SELECT 1 FROM agent_contracts WHERE downline_id = $1 AND contract_type = 'DAILY' AND status = 'ACCEPTED'", [B.id]))
        .length,
    ).toBe(1);

    // Higher replaces too, and needs no confirmation when nothing below is above it.
    const higher = await contract("DAILY", A, B, DAILY_TERMS(3));
    expect((await statusOf(offered.contractId)).status).toBe("FINISHED");
    expect((await statusOf(higher)).status).toBe("ACCEPTED");
  });

  it("re-checks the offering agent's own rate when the offer is accepted", async () => {
    const { A, B, C } = await tree();
    await contract("DAILY", A, B, DAILY_TERMS(2));
    const offer = ok(await post("DAILY", B, { action: "OFFER", downlineId: C.id, terms: DAILY_TERMS(1.5) }));
    await contract("DAILY", A, B, DAILY_TERMS(1));
    fails(await post("DAILY", C, { action: "ACCEPT", contractId: offer.contractId }), "contract.terms.above.own");
    expect((await statusOf(offer.contractId)).status).toBe("PENDING");
    ok(await post("DAILY", C, { action: "REJECT", contractId: offer.contractId }));
  });
});

describe("the list", () => {
  it("lists mine and team, filters by status, counts what waits for me, pages", async () => {
    const { A, B, C, C2 } = await tree();
    const mine = await contract("DAILY", A, B, DAILY_TERMS(2));
    const toC = ok(await post("DAILY", B, { action: "OFFER", downlineId: C.id, terms: DAILY_TERMS(1) })).contractId;
    const toC2 = await contract("DAILY", B, C2, DAILY_TERMS(1));
    ok(await post("DAILY", C2, { action: "TERMINATE", contractId: toC2 }));

    const all = ok(await get("DAILY", B));
    expect(all.list.map((c: { contractId: number }) => c.contractId)).toEqual([toC2, toC, mine]);
    expect(all).toMatchObject({ total: 3, totalPages: 1, pending: 1, settlements: [] });
    expect(ok(await get("DAILY", B, "role=mine")).list.map((c: { contractId: number }) => c.contractId)).toEqual([mine]);
    expect(ok(await get("DAILY", B, "role=team")).list.map((c: { contractId: number }) => c.contractId)).toEqual([toC2, toC]);
    expect(ok(await get("DAILY", B, "role=team&status=pending")).list.map((c: { contractId: number }) => c.contractId)).toEqual([toC]);
    expect(ok(await get("DAILY", B, "status=NOPE&role=bogus")).total).toBe(3);
    const page = ok(await get("DAILY", B, "pageSize=2&pageNo=2"));
    expect(page).toMatchObject({ total: 3, totalPages: 2 });
    expect(page.list).toHaveLength(1);
    expect(ok(await get("DAILY", C, "role=mine")).pending).toBe(1);
    expect(ok(await get("HOURLY", B)).total).toBe(0);
  });
});

describe("periods", () => {
  const at = (iso: string) => Date.parse(iso);
  it("cuts days, weeks, half-months, months, hours and 5-minute windows in UTC+06:00", () => {
    // 2026-11-25 is a Wednesday; 03:00 UTC is 09:00 in Dhaka.
    const t = at("2026-11-25T03:00:00Z");
    expect(periodOf("D", t)).toEqual({ start: at("2026-11-24T18:00:00Z"), end: at("2026-11-25T18:00:00Z") });
    expect(periodOf("D", at("2026-11-25T18:00:00Z")).start).toBe(at("2026-11-25T18:00:00Z"));
    expect(periodOf("W", t)).toEqual({ start: at("2026-11-22T18:00:00Z"), end: at("2026-11-29T18:00:00Z") });
    // Sunday 23:59 in Dhaka still belongs to the week that began on Monday.
    expect(periodOf("W", at("2026-11-29T17:59:00Z")).start).toBe(at("2026-11-22T18:00:00Z"));
    expect(periodOf("H", at("2026-11-10T00:00:00Z"))).toEqual({ start: at("2026-10-31T18:00:00Z"), end: at("2026-11-15T18:00:00Z") });
    expect(periodOf("H", t)).toEqual({ start: at("2026-11-15T18:00:00Z"), end: at("2026-11-30T18:00:00Z") });
    expect(periodOf("H", at("2027-02-20T00:00:00Z"))).toEqual({ start: at("2027-02-15T18:00:00Z"), end: at("2027-02-28T18:00:00Z") });
    expect(periodOf("M", at("2026-12-31T19:00:00Z"))).toEqual({ start: at("2026-12-31T18:00:00Z"), end: at("2027-01-31T18:00:00Z") });
    expect(periodOf("HOUR", at("2026-11-25T03:59:59Z"))).toEqual({ start: at("2026-11-25T03:00:00Z"), end: at("2026-11-25T04:00:00Z") });
    expect(periodOf("FIVE", at("2026-11-25T03:07:00Z"))).toEqual({ start: at("2026-11-25T03:05:00Z"), end: at("2026-11-25T03:10:00Z") });
    // Whole periods only: the one holding `from` counts only when it starts exactly there.
    expect(wholePeriods("D", at("2026-11-25T03:00:00Z"), at("2026-11-28T03:00:00Z"), 10).map((p) => p.start)).toEqual([
      at("2026-11-25T18:00:00Z"),
      at("2026-11-26T18:00:00Z"),
    ]);
    expect(wholePeriods("D", at("2026-11-24T18:00:00Z"), at("2026-11-25T18:00:00Z"), 10)).toHaveLength(1);
    expect(wholePeriods("FIVE", 0, 3_600_000, 5)).toHaveLength(5);
  });

  it("computes the formulas, rounded down", () => {
    const f = { validBet: 15_000, profitLoss: -3_000, activeMembers: 2, bets: 3, lostAmount: 4_000, wonAmount: 1_000 };
    expect(amountDue("DAILY", termsMinor({ rate: 1.25, periodValidBet: 150, activeMembers: 2 }), f)).toBe(187);
    expect(amountDue("DAILY", termsMinor({ rate: 1.25, periodValidBet: 150.01, activeMembers: 2 }), f)).toBe(0);
    expect(amountDue("DAILY", termsMinor({ rate: 1.25, periodValidBet: 0, activeMembers: 3 }), f)).toBe(0);
    expect(amountDue("HOURLY", termsMinor({ rate: 100, betAmount: 150, activeMembers: 0 }), f)).toBe(15_000);
    expect(
      amountDue("DIVIDEND", termsMinor({ rate: 33.33, period: "W", periodValidBet: 0, periodProfitLoss: 30, activeMembers: 0 }), f),
    ).toBe(999);
    expect(
      amountDue("DIVIDEND", termsMinor({ rate: 33.33, period: "W", periodValidBet: 0, periodProfitLoss: 30.01, activeMembers: 0 }), f),
    ).toBe(0);
    expect(amountDue("DIVIDEND", termsMinor({ rate: 50, period: "W" }), { ...f, profitLoss: 500 })).toBe(0);
    // 0.5 % of 150.00 = 0.75, 1 % of 40.00 lost = 0.40, 2 % of 10.00 won = 0.20, 3 × 0.10 → 1.65.
    expect(amountDue("REALTIME", termsMinor({ rate: 0.5, singleBetSalary: 0.1, winRate: 1, lossRate: 2 }), f)).toBe(165);
  });
});

describe("settlement", () => {
  it("pays each whole day once from the team's real bets, and records a day with nothing due as 0", async () => {
    const { A, B, C, M, X } = await tree(true);
    const Y = await account(0, C, "y");
    const terms = { rate: 1.25, periodValidBet: 100, activeMembers: 2 };
    const id = await contract("DAILY", B, C, terms);
    const day1 = firstWhole("D", h.clock.now.getTime());
    const bets: TestBet[] = [
      { member: C, stake: 3_000, win: 0, at: day1 - 1 }, // the day it was accepted: not whole
      { member: C, stake: 10_000, win: 0, at: day1 + HOUR },
      { member: Y, stake: 5_000, win: 12_000, at: day1 + 2 * HOUR },
      { member: X, stake: 1_234, win: 617, at: day1 + 3 * HOUR },
      { member: C, stake: 99_900, win: 0, at: day1 + 4 * HOUR, trial: true }, // trial: never counts
      { member: B, stake: 50_000, win: 0, at: day1 + 5 * HOUR }, // the upline is not the contract's team
      { member: M, stake: 40_000, win: 0, at: day1 + 6 * HOUR }, // nor is B's other downline
      { member: C, stake: 20_000, win: 100, at: day1 + DAY + HOUR }, // day 2: one active member, below activeMembers
    ];
    for (const b of bets) await bet(b);
    h.clock.advance(day1 + 2 * DAY + 30 * 60_000 - h.clock.now.getTime());
    const before = await balance(C);
    const total = await ledgerTotal();

    const paid = await settleContracts(h.db, "demo", h.clock.now, ["DAILY"]);
    const team = [C, X, Y];
    const rows = await settlements(id);
    expect(rows).toHaveLength(2);
    const expected = [0, 1].map((i) => {
      const start = day1 + i * DAY;
      const f = figures(bets, team, start, start + DAY);
      const amount = f.validBet >= 10_000 && f.active >= 2 ? Math.floor((f.validBet * 125) / 10_000) : 0;
      return {
        period_start: new Date(start),
        period_end: new Date(start + DAY),
        valid_bet: f.validBet,
        profit_loss: f.profitLoss,
        active_members: f.active,
        amount,
      };
    });
    expect(rows.map(({ ledger_tx: _, ...r }) => r)).toEqual(expected);
    expect(expected[0]!.amount).toBe(202); // 1.25 % of 162.34
    expect(expected[1]!.amount).toBe(0);
    expect(rows[0]!.ledger_tx).not.toBeNull();
    expect(rows[1]!.ledger_tx).toBeNull();
    expect(await payments(id)).toEqual([
      { idempotency_key: `contract:${id}:${day1}`, kind: "agent.salary.daily", amount: 202, member_id: C.id },
    ]);
    expect(await balance(C)).toBe(before + 202);
    expect(await ledgerTotal()).toBe(total);
    expect(paid.filter((p) => p.contractId === id).map((p) => p.amount)).toEqual([202, 0]);
    expect((await inbox(C))[0]!.content.EN).toBe(`Contract no. ${id} (daily salary) paid ৳2.02 into your main wallet for 1 period(s).`);
    expect((await inbox(C))[0]!.kind).toBe("AGENT_INCOME");

    // Again: nothing more; the wire shows the payment and lastSettledAt.
    expect((await settleContracts(h.db, "demo", h.clock.now, ["DAILY"])).filter((p) => p.contractId === id)).toEqual([]);
    expect(await payments(id)).toHaveLength(1);
    const list = ok(await get("DAILY", C, "role=mine"));
    expect(list.list[0]).toMatchObject({ contractId: id, lastSettledAt: day1 + 2 * DAY });
    expect(list.settlements).toEqual([
      {
        contractId: id,
        periodStart: day1,
        periodEnd: day1 + DAY,
        validBet: 162.34,
        profitLoss: expected[0]!.profit_loss / 100,
        activeMembers: 3,
        amount: 2.02,
        time: h.clock.now.getTime(),
      },
    ]);
    expect(ok(await get("DAILY", B, "role=team")).settlements).toHaveLength(1);
    expect(ok(await get("DAILY", A)).settlements).toHaveLength(0);
    // The account record names it.
    const record = ok(await h.json("/wps/relay/ODSFE2_MemTransDet?txType=DAILY_SALARY", { token: await tokenOf(C) }));
    expect(record.list).toHaveLength(1);
    expect(record.list[0]).toMatchObject({ txType: "DAILY_SALARY", txTypeId: 15, txTypeName: "Daily salary", amount: 2.02 });
  });

  it("pays hourly salary and dividends by their periods and thresholds", async () => {
    const { B, C, X } = await tree(true);
    const other = await tree(true);
    const hourly = await contract("HOURLY", B, C, { rate: 2, betAmount: 50, activeMembers: 1 });
    const dividend = await contract("DIVIDEND", other.B, other.C, {
      rate: 20,
      period: "W",
      periodValidBet: 100,
      periodProfitLoss: 500,
      activeMembers: 2,
    });
    const hour1 = firstWhole("HOUR", h.clock.now.getTime());
    const week1 = firstWhole("W", h.clock.now.getTime());
    const bets: TestBet[] = [
      { member: C, stake: 6_000, win: 0, at: hour1 + 60_000 },
      { member: X, stake: 1_001, win: 5_000, at: hour1 + 59 * 60_000 },
      { member: X, stake: 4_999, win: 0, at: hour1 + HOUR }, // hour 2: below betAmount
    ];
    const weekBets: TestBet[] = [
      // Week 1: the team lost 600.00 (≥ 500), bet 1,500.00, 2 active.
      { member: other.C, stake: 100_000, win: 20_000, at: week1 + DAY },
      { member: other.X, stake: 50_000, win: 70_000, at: week1 + 2 * DAY },
      // Week 2: the team won.
      { member: other.C, stake: 10_000, win: 50_000, at: week1 + 8 * DAY },
      { member: other.X, stake: 10_000, win: 0, at: week1 + 9 * DAY },
    ];
    for (const b of [...bets, ...weekBets]) await bet(b);

    h.clock.advance(hour1 + 2 * HOUR + 60_000 - h.clock.now.getTime());
    await settleContracts(h.db, "demo", h.clock.now, ["HOURLY"]);
    const hours = await settlements(hourly);
    const team = [C, X];
    expect(hours.length).toBe(2);
    const h1 = figures(bets, team, hour1, hour1 + HOUR);
    expect(hours[0]).toMatchObject({
      valid_bet: 7_001,
      profit_loss: h1.profitLoss,
      active_members: 2,
      amount: Math.floor((7_001 * 200) / 10_000),
    });
    expect(hours[1]).toMatchObject({ valid_bet: 4_999, amount: 0 });
    expect((await payments(hourly)).map((p) => p.kind)).toEqual(["agent.salary.hourly"]);
    // Dividend periods are not closed yet.
    expect(await settlements(dividend)).toHaveLength(0);

    h.clock.advance(week1 + 14 * DAY + HOUR - h.clock.now.getTime());
    await settleContracts(h.db, "demo", h.clock.now, ["DIVIDEND"]);
    const weeks = await settlements(dividend);
    expect(weeks.map((w) => new Date(w.period_start).getTime())).toEqual([week1, week1 + 7 * DAY]);
    const w1 = figures(weekBets, [other.C, other.X], week1, week1 + 7 * DAY);
    expect(w1.profitLoss).toBe(-60_000);
    expect(weeks[0]).toMatchObject({
      valid_bet: 150_000,
      profit_loss: -60_000,
      active_members: 2,
      amount: Math.floor((60_000 * 2_000) / 10_000),
    });
    expect(weeks[1]).toMatchObject({ profit_loss: 30_000, amount: 0 });
    expect(await payments(dividend)).toEqual([
      { idempotency_key: `contract:${dividend}:${week1}`, kind: "agent.dividend", amount: 12_000, member_id: other.C.id },
    ]);
  });

  it("pays real-time salary per 5-minute window, per bet", async () => {
    const { B, C, X } = await tree(true);
    const id = await contract("REALTIME", B, C, { rate: 0.5, singleBetSalary: 0.1, winRate: 1, lossRate: 2 });
    const w1 = firstWhole("FIVE", h.clock.now.getTime());
    const bets: TestBet[] = [
      { member: C, stake: 10_000, win: 0, at: w1 + 1_000 },
      { member: X, stake: 333, win: 1_000, at: w1 + 2_000 },
      { member: X, stake: 777, win: 777, at: w1 + 299_999 },
      { member: C, stake: 1_000, win: 100, at: w1 + 300_000 },
    ];
    for (const b of bets) await bet(b);
    // Settled once closed for a minute.
    h.clock.advance(w1 + 3 * 300_000 + 60_000 - h.clock.now.getTime());
    await settleContracts(h.db, "demo", h.clock.now, ["REALTIME"]);
    const rows = await settlements(id);
    expect(rows).toHaveLength(3);
    // Independently: per bet 0.5 % of the stake + 0.10, + 1 % of a loss, + 2 % of a win, summed, rounded down.
    const due = (start: number) => {
      const inside = figures(bets, [C, X], start, start + 300_000).inside;
      const exact = inside.reduce(
        (s, b) => s + b.stake * 0.005 + 10 + (b.win < b.stake ? (b.stake - b.win) * 0.01 : (b.win - b.stake) * 0.02),
        0,
      );
      return Math.floor(exact + 1e-9);
    };
    expect(rows.map((r) => r.amount)).toEqual([due(w1), due(w1 + 300_000), 0]);
    // 0.5 % of 111.10 = 0.5555, 1 % of the 100.00 lost, 2 % of the 6.67 won, 3 × 0.10: 1.98.
    expect(rows[0]!.amount).toBe(198);
    expect((await payments(id)).map((p) => p.amount)).toEqual([198, 24]);
  });

  it("pays once when two runs race, and once more runs find nothing", async () => {
    const { B, C } = await tree(true);
    const id = await contract("HOURLY", B, C, { rate: 10 });
    const start = firstWhole("HOUR", h.clock.now.getTime());
    for (let i = 0; i < 3; i++) await bet({ member: C, stake: 1_000, win: 0, at: start + i * HOUR + 1 });
    h.clock.advance(start + 3 * HOUR + 60_000 - h.clock.now.getTime());
    const before = await balance(C);
    const runs = await Promise.all([1, 2, 3].map(() => settleContracts(h.db, "demo", h.clock.now, ["HOURLY"])));
    expect(runs.flat().filter((p) => p.contractId === id)).toHaveLength(3);
    expect(await settlements(id)).toHaveLength(3);
    expect(await payments(id)).toHaveLength(3);
    expect(await balance(C)).toBe(before + 300);
    expect((await inbox(C)).filter((m) => m.kind === "AGENT_INCOME")).toHaveLength(1);
  });

  it("caps the periods of one run, pays a finished contract only for whole periods before it ended, and ignores pending ones", async () => {
    const { B, C, C2 } = await tree(true);
    const capped = await contract("REALTIME", B, C, { rate: 1 });
    const ended = await contract("DAILY", B, C2, DAILY_TERMS(1));
    const pending = ok(await post("HOURLY", B, { action: "OFFER", downlineId: C.id, terms: { rate: 1 } })).contractId;
    const day1 = firstWhole("D", h.clock.now.getTime());
    await bet({ member: C2, stake: 10_000, win: 0, at: day1 + HOUR });
    await bet({ member: C2, stake: 10_000, win: 0, at: day1 + DAY + HOUR });
    await bet({ member: C, stake: 10_000, win: 0, at: day1 + DAY + HOUR });
    h.clock.advance(day1 + DAY + 2 * HOUR - h.clock.now.getTime());
    ok(await post("DAILY", C2, { action: "TERMINATE", contractId: ended }));
    ok(await post("DAILY", B, { action: "ACCEPT", contractId: ended }));
    h.clock.advance(2 * DAY);

    const first = await settleContracts(h.db, "demo", h.clock.now, undefined, { maxPeriods: 5 });
    expect(first.filter((p) => p.contractId === capped)).toHaveLength(5);
    expect((await settlements(ended)).map((r) => [new Date(r.period_start).getTime(), r.amount])).toEqual([[day1, 100]]);
    expect(await settlements(pending)).toHaveLength(0);
    await settleContracts(h.db, "demo", h.clock.now, undefined, { maxPeriods: 5 });
    expect(await settlements(capped)).toHaveLength(10);
    expect(await settlements(ended)).toHaveLength(1);
    // A finished contract with nothing left is marked so, and not looked at again.
    const [row] = await h.db.query<{ settled_until: Date; finished_at: Date }>(
      "SELECT settled_until, finished_at FROM agent_contracts WHERE id = $1",
      [ended],
    );
    expect(new Date(row!.settled_until).getTime()).toBe(new Date(row!.finished_at).getTime());
  });

  it("runs from a timer that can be started and stopped", async () => {
    const { B, C } = await tree(true);
    const id = await contract("REALTIME", B, C, { rate: 1 });
    h.clock.advance(15 * 60_000);
    const timer = startSettlementTimer(h.db, { now: () => h.clock.now, firstMs: 0, realtimeMs: 10 });
    try {
      for (let i = 0; i < 600 && (await settlements(id)).length === 0; i++) await new Promise((r) => setTimeout(r, 25));
    } finally {
      await timer.stop();
    }
    expect((await settlements(id)).length).toBeGreaterThanOrEqual(2);
  });
});

describe("operator commands", () => {
  it("settle, contracts and freeze, as CLI commands and on the listener", async () => {
    const { B, C } = await tree(true);
    const id = await contract("HOURLY", B, C, { rate: 5 });
    const hour1 = firstWhole("HOUR", h.clock.now.getTime());
    await bet({ member: C, stake: 2_000, win: 0, at: hour1 + 1 });
    h.clock.advance(hour1 + 2 * HOUR + 60_000 - h.clock.now.getTime());

    expect(parseCommand(["settle", "hourly"])).toMatchObject({ path: "settle", method: "POST", body: { type: "HOURLY" } });
    expect(parseCommand(["settle"])).toMatchObject({ path: "settle", body: {} });
    expect(() => parseCommand(["settle", "weekly"])).toThrow(/Contract type/);
    expect(parseCommand(["contracts", C.username])).toMatchObject({ path: "contracts", method: "GET", query: { username: C.username } });
    expect(parseCommand(["freeze", C.username, "on"])).toMatchObject({ path: "freeze", body: { username: C.username, on: true } });
    expect(() => parseCommand(["freeze", C.username])).toThrow(/freeze/);
    await expect(settleNow(h.db, "demo", "nope")).rejects.toThrow(/Contract type/);

    const app = createOperatorApp({ db: h.db, merchant: "demo", key: "operator-test-key", now: () => h.clock.now });
    const call = async (method: string, path: string, body?: unknown) => {
      const response = await app.fetch(
        new Request(`http://operator.test/operator/${path}`, {
          method,
          headers: { "X-Operator-Key": "operator-test-key", "Content-Type": "application/json" },
          body: body ? JSON.stringify(body) : undefined,
        }),
      );
      return (await response.json()) as { ok: boolean; result: any; error?: string };
    };
    const settled = await call("POST", "settle", { type: "HOURLY" });
    expect(settled.ok).toBe(true);
    const mine = settled.result.periods.filter((p: { contractId: number }) => p.contractId === id);
    expect(mine.map((p: { amount: number }) => p.amount)).toEqual([1, 0]);
    expect(mine[0]).toMatchObject({ contractType: "HOURLY", downline: C.username });
    const lines: string[] = [];
    printAgentResult("settle", settled.result, (line) => lines.push(line));
    expect(lines.some((l) => l.startsWith(`contract ${id}\tHOURLY\t${C.username}\t`) && l.endsWith("\t1.00"))).toBe(true);
    expect(lines.at(-1)).toMatch(/periods? settled, \d+ paid, total /);
    expect(
      (await call("POST", "settle", { type: "HOURLY" })).result.periods.filter((p: { contractId: number }) => p.contractId === id),
    ).toEqual([]);
    expect((await call("POST", "settle", { type: "YEARLY" })).ok).toBe(false);

    const listed = await call("GET", `contracts?username=${C.username}`);
    expect(listed.result).toEqual([
      expect.objectContaining({ id, type: "HOURLY", upline: B.username, downline: C.username, status: "ACCEPTED", rate: 5 }),
    ]);
    expect((await call("GET", "contracts?username=nobody_here")).ok).toBe(false);

    expect((await call("POST", "freeze", { username: C.username.toUpperCase(), on: true })).result).toEqual({
      username: C.username,
      frozen: true,
    });
    expect((await h.db.query<{ frozen: boolean }>("SELECT frozen FROM members WHERE id = $1", [C.id]))[0]!.frozen).toBe(true);
    expect((await call("POST", "freeze", { username: C.username, on: false })).result.frozen).toBe(false);
    expect((await call("POST", "freeze", { username: C.username })).ok).toBe(false);
  });
});

describe("transfers between upline and downline", () => {
  const PAY = "Pay@2026";
  const down = async (who: Account, body: Record<string, unknown>) =>
    h.enc("/wps/relay/passwordCheck/MCS2_transferToDownline", { requestId: rid(), password: PAY, ...body }, { token: await tokenOf(who) });
  const up = async (who: Account, body: Record<string, unknown>) =>
    h.enc("/wps/relay/passwordCheck/MCS2_transferToUpline", { requestId: rid(), password: PAY, ...body }, { token: await tokenOf(who) });
  const withPassword = async (...accounts: Account[]) => {
    for (const a of accounts) await setPaymentPassword(h.db, a.id, PAY, PAY, h.clock.now);
  };

  it("moves main wallet to a direct downline and back up, once per requestId, with messages and account records", async () => {
    const { A, B, M } = await tree();
    await withPassword(A, B, M);
    const total = await ledgerTotal();
    const [a0, b0, m0] = [await balance(A), await balance(B), await balance(M)];
    const requestId = rid();
    const sent = ok(
      await h.enc(
        "/wps/relay/passwordCheck/MCS2_transferToDownline",
        { requestId, downlineId: String(B.id), amount: "123.45", password: PAY },
        { token: await tokenOf(A) },
      ),
    );
    expect(sent).toEqual({ amount: 123.45, balance: (a0 - 12_345) / 100, downlineId: B.id, downlineAccount: B.username });
    const again = ok(
      await h.enc(
        "/wps/relay/passwordCheck/MCS2_transferToDownline",
        { requestId, downlineId: B.id, amount: 123.45, password: PAY },
        { token: await tokenOf(A) },
      ),
    );
    expect(again).toEqual({ ...sent, replayed: true });
    fails(
      await h.enc(
        "/wps/relay/passwordCheck/MCS2_transferToDownline",
        { requestId, downlineId: B.id, amount: 1, password: PAY },
        { token: await tokenOf(A) },
      ),
      "idempotency.conflict",
    );
    expect([await balance(A), await balance(B)]).toEqual([a0 - 12_345, b0 + 12_345]);

    const upward = ok(await up(M, { amount: 10 }));
    expect(upward).toEqual({ amount: 10, balance: (m0 - 1_000) / 100, uplineName: `${B.username.slice(0, 2)}***${B.username.slice(-2)}` });
    const agentUp = ok(await up(B, { amount: 0.5 + 0.5 }));
    expect(agentUp.amount).toBe(1);
    expect([await balance(A), await balance(B), await balance(M)]).toEqual([a0 - 12_345 + 100, b0 + 12_345 + 1_000 - 100, m0 - 1_000]);
    expect(await ledgerTotal()).toBe(total);

    const kinds = await h.db.query<{ kind: string; idempotency_key: string }>(
      "SELECT kind, idempotency_key FROM ledger_transactions WHERE idempotency_key LIKE 'agent-transfer:%' AND (idempotency_key LIKE $1 OR idempotency_key LIKE $2 OR idempotency_key LIKE $3) ORDER BY id",
      [`agent-transfer:${A.id}:%`, `agent-transfer:${B.id}:%`, `agent-transfer:${M.id}:%`],
    );
    expect(kinds.map((k) => k.kind)).toEqual(["agent.transfer.down", "agent.transfer.up", "agent.transfer.up"]);
    expect(kinds[0]!.idempotency_key).toBe(`agent-transfer:${A.id}:${requestId}`);

    expect((await inbox(A)).map((m) => m.content.EN)).toEqual([
      `${B.username} sent you ৳1.00; it is in your main wallet.`,
      `You sent ৳123.45 to ${B.username}.`,
    ]);
    expect((await inbox(B)).map((m) => m.content.EN)).toContain(`${A.username} sent you ৳123.45; it is in your main wallet.`);
    expect((await inbox(M))[0]!.content.EN).toBe(`You sent ৳10.00 to ${B.username.slice(0, 2)}***${B.username.slice(-2)}.`);

    const record = async (who: Account, txType: string) =>
      ok(await h.json(`/wps/relay/ODSFE2_MemTransDet?txType=${txType}`, { token: await tokenOf(who) })).list;
    expect((await record(A, "DOWNLINE_TRANSFER")).map((r: { amount: number; txTypeName: string }) => [r.amount, r.txTypeName])).toEqual([
      [-123.45, "Transfer to downline"],
    ]);
    expect((await record(B, "DOWNLINE_TRANSFER")).map((r: { amount: number }) => r.amount)).toEqual([123.45]);
    expect((await record(B, "UPLINE_TRANSFER")).map((r: { amount: number }) => r.amount)).toEqual([-1, 10]);
    expect((await record(A, "UPLINE_TRANSFER")).map((r: { amount: number }) => r.amount)).toEqual([1]);
  });

  it("refuses: not direct, frozen, too little money, bad amounts, limits, passwords", async () => {
    const { A, B, C, M } = await tree();
    const other = await tree();
    await withPassword(A, B, M);
    const total = await ledgerTotal();
    for (const downlineId of [C.id, other.B.id, A.id, 999_999_997]) fails(await down(A, { downlineId, amount: 1 }), "downline.not.direct");
    for (const amount of [0, -1, "1.234", "abc", 1e300]) fails(await down(A, { downlineId: B.id, amount }), "amount.invalid");
    const low = await down(A, { downlineId: B.id, amount: 0.99 });
    fails(low, "transfer.amount.limit");
    expect(low.body.message).toContain("৳1.00");
    expect(low.body.message).toContain("৳50,000.00");
    fails(await down(A, { downlineId: B.id, amount: 50_000.01 }), "transfer.amount.limit");
    fails(await up(M, { amount: 0.5 }), "transfer.amount.limit");
    await setSetting(h.db, "demo", "agentTransferMax", 20_000);
    try {
      fails(await down(A, { downlineId: B.id, amount: 20_000.01 }), "transfer.amount.limit");
    } finally {
      await h.db.query("UPDATE merchants SET settings = settings - 'agentTransferMax' WHERE code = 'demo'");
    }
    fails(await down(A, { downlineId: B.id, amount: 10_000.01 }), "insufficient.balance");
    fails(await up(M, { amount: 10_000.01 }), "insufficient.balance");

    await setFrozen(h.db, "demo", B.username, true);
    fails(await down(A, { downlineId: B.id, amount: 1 }), "account.frozen");
    fails(await up(B, { amount: 1 }), "account.frozen");
    fails(await up(M, { amount: 1 }), "account.frozen");
    await setFrozen(h.db, "demo", B.username, false);
    await setFrozen(h.db, "demo", A.username, true);
    fails(await down(A, { downlineId: B.id, amount: 1 }), "account.frozen");
    await setFrozen(h.db, "demo", A.username, false);

    fails(await down(A, { downlineId: B.id, amount: 1, password: "wrong-pw" }), "invalid.payment.pw");
    fails(await down(A, { downlineId: B.id, amount: 1, password: undefined }), "invalid.payment.pw");
    fails(await down(other.A, { downlineId: other.B.id, amount: 1 }), "not.exists.payment.password");
    fails(await up(C, { amount: 1 }), "not.exists.payment.password");
    await setModule(h.db, "demo", "WDRAWNOPASSVERIF3", true);
    try {
      ok(await down(other.A, { downlineId: other.B.id, amount: 1, password: undefined }));
      ok(await up(C, { amount: 1, password: "" }));
    } finally {
      await setModule(h.db, "demo", "WDRAWNOPASSVERIF3", false);
    }
    fails(await up(A, { amount: 1 }), "upline.not.found");
    expect(await ledgerTotal()).toBe(total);
    expect([await balance(A), await balance(M)]).toEqual([1_000_000, 1_000_000]);
  });

  it("needs an encrypted body, a token, the module, and an agent to send down; trial accounts are refused", async () => {
    const { A, B, M } = await tree();
    const token = await tokenOf(A);
    const plain = await h.json("/wps/relay/passwordCheck/MCS2_transferToDownline", {
      method: "POST",
      token,
      body: JSON.stringify({ requestId: rid(), downlineId: B.id, amount: 1, password: PAY }),
    });
    fails(plain, "request_body_required", 400);
    fails(
      await h.enc("/wps/relay/passwordCheck/MCS2_transferToDownline", { requestId: "short", downlineId: B.id, amount: 1 }, { token }),
      "parameter.invalid",
      400,
    );
    fails(await h.enc("/wps/relay/passwordCheck/MCS2_transferToUpline", { requestId: rid(), amount: 1 }), "login.not.session", 401);
    fails(await h.json("/wps/relay/passwordCheck/MCS2_transferToUpline", { token }), "function.not.available", 404);
    await setModule(h.db, "demo", "FUNDTRANS3", false);
    try {
      fails(
        await h.enc("/wps/relay/passwordCheck/MCS2_transferToDownline", { requestId: rid(), downlineId: B.id, amount: 1 }),
        "function.not.available",
        400,
      );
      fails(await h.enc("/wps/relay/passwordCheck/MCS2_transferToUpline", { requestId: rid(), amount: 1 }), "function.not.available", 400);
    } finally {
      await setModule(h.db, "demo", "FUNDTRANS3", true);
    }
    const M2 = await account(0, M, "m2");
    fails(await down(M, { downlineId: M2.id, amount: 1 }), "agent.only");
    const trial = await account(4, null, "trial");
    fails(await down(trial, { downlineId: B.id, amount: 1 }), "agent.only");
    fails(await up(trial, { amount: 1 }), "trial.not.allowed");
  });
});
