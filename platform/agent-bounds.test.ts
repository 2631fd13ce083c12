import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { parseCommand } from "./admin";
import { applyMovement, creditWallet, MAIN_WALLET } from "./ledger";
import { contractMaxima, listAgentContracts, printAgentResult, setContractMaxima } from "./operator-agents";
import { createOperatorApp } from "./operator-http";
import { settleContracts } from "./services/agent-settlement";
import { createSession } from "./services/sessions";
import { fails, ok } from "./testing/envelope";
import { type Harness, openHarness } from "./testing/harness";

// Decision 034 (issue 25, the critical row): every pay term of a contract is at most the offering
// agent's own contract of the type, every threshold at least; an agent holding none offers none; a
// top-level agent is bounded by the operator's maxima. Checked on offer and accept; settlement pays
// a contract above its upline's terms at that bound and flags it. The random version is
// agent-bounds-property.test.ts.

let h: Harness;
let seq = 0;
const rid = () => `agent-bounds-${Date.now().toString(36)}-${seq++}`.padEnd(20, "x");
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
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
const demo: Record<string, Account> = {};
/** The clock when the harness seeded: what the seed wrote is older. */
let seeded: Date;

async function account(type: number, upline: Account | null, name = "acct"): Promise<Account> {
  const username = `ab_${name}_${accountSeq++}`;
  const [row] = await h.db.query<{ id: number }>(
    "INSERT INTO members (merchant, username, password_hash, account_type, upline_id) VALUES ('demo', $1, 'none', $2, $3) RETURNING id",
    [username, type, upline?.id ?? null],
  );
  const id = Number(row!.id);
  await creditWallet(h.db, { merchant: "demo", memberId: id, amount: 1_000_000, idempotencyKey: `agent-bounds-open:${id}` });
  return { id, username };
}

/** A: top-level agent → B → C → X, sub-agents each. */
async function chain() {
  const A = await account(1, null, "a");
  const B = await account(2, A, "b");
  const C = await account(2, B, "c");
  const X = await account(2, C, "x");
  return { A, B, C, X };
}

const tokenOf = (a: Account) => createSession(h.db, a.id, "203.0.113.9", h.clock.now);
const post = async (type: Type, who: Account, body: Record<string, unknown>) =>
  h.json(`/wps/relay/${RELAY[type]}`, { method: "POST", token: await tokenOf(who), body: JSON.stringify({ requestId: rid(), ...body }) });

async function contract(type: Type, upline: Account, downline: Account, terms: Record<string, unknown>, confirm = false): Promise<number> {
  const offered = ok(await post(type, upline, { action: "OFFER", downlineId: downline.id, terms, confirm }));
  ok(await post(type, downline, { action: "ACCEPT", contractId: offered.contractId }));
  return offered.contractId;
}

/** A contract written straight into the table (as the seed, an old build or a database edit would), accepted at `at`. */
async function written(type: Type, upline: Account, downline: Account, terms: Record<string, unknown>, at: Date): Promise<number> {
  const [row] = await h.db.query<{ id: number }>(
    `INSERT INTO agent_contracts (merchant, contract_type, upline_id, downline_id, status, terms, rate, created_at, accepted_at)
     VALUES ('demo', $1, $2, $3, 'ACCEPTED', $4, $5, $6, $6) RETURNING id`,
    [type, upline.id, downline.id, JSON.stringify(terms), terms.rate, at],
  );
  return Number(row!.id);
}

async function bet(member: Account, stake: number, win: number, at: number): Promise<void> {
  const key = `agent-bounds-bet-${seq++}`;
  const wallet = { kind: "wallet" as const, memberId: member.id, accountTypeId: MAIN_WALLET };
  await h.db.tx(async (sql) => {
    const placed = await applyMovement(sql, {
      merchant: "demo",
      idempotencyKey: `bet:${member.id}:${key}`,
      kind: "bet",
      now: new Date(at),
      legs: [
        { account: wallet, amount: -stake },
        { account: { kind: "house" }, amount: stake },
      ],
    });
    let payout: number | null = null;
    if (win > 0) {
      payout = (
        await applyMovement(sql, {
          merchant: "demo",
          idempotencyKey: `payout:${member.id}:${key}`,
          kind: "payout",
          now: new Date(at),
          legs: [
            { account: { kind: "house" }, amount: -win },
            { account: wallet, amount: win },
          ],
        })
      ).transactionId;
    }
    await sql.query(
      `INSERT INTO bets (merchant, member_id, game_id, round_key, trial, stake, win, outcome, ledger_tx, payout_tx, created_at)
       VALUES ('demo', $1, $2, $3, false, $4, $5, '{}', $6, $7, $8)`,
      [member.id, gameId, key, stake, win, placed.transactionId, payout, new Date(at)],
    );
  });
}

const settlementsOf = async (contractId: number) =>
  h.db.query<{ period_start: Date; amount: number; capped: boolean }>(
    "SELECT period_start, amount, capped FROM contract_settlements WHERE contract_id = $1 ORDER BY period_start",
    [contractId],
  );
const flagOf = async (contractId: number) =>
  (
    await h.db.query<{ flagged_at: Date | null; flag: { terms: string[]; bound: Record<string, number> } | null }>(
      "SELECT flagged_at, flag FROM agent_contracts WHERE id = $1",
      [contractId],
    )
  )[0]!;
const statusOf = async (id: number) =>
  (await h.db.query<{ status: string }>("SELECT status FROM agent_contracts WHERE id = $1", [id]))[0]!.status;

/** This file's operator pays a per-bet salary (the default maxima allow none): up to 0.10 a bet. */
const payPerBetSalary = () =>
  h.db.query(
    `UPDATE merchants SET settings = settings || '{"contractMaxima": {"REALTIME": {"singleBetSalary": 0.1}}}' WHERE code = 'demo'`,
  );

/** The start of the next 5-minute window after the clock. */
const nextWindow = () => Math.ceil((h.clock.now.getTime() + 1) / (5 * MINUTE)) * 5 * MINUTE;

beforeAll(async () => {
  h = await openHarness();
  gameId = Number((await h.db.query<{ id: number }>("SELECT id FROM games WHERE merchant = 'demo' ORDER BY id LIMIT 1"))[0]!.id);
  const rows = await h.db.query<{ id: number; username: string }>(
    "SELECT id, username FROM members WHERE merchant = 'demo' AND username IN ('demo_agent', 'demo_subagent', 'demo_subagent2', 'team_agent01', 'team_m17')",
  );
  for (const r of rows) demo[r.username] = { id: Number(r.id), username: r.username };
  await payPerBetSalary();
  // Past the seed's own bets and settlements: every window below holds only this file's bets.
  seeded = new Date(h.clock.now.getTime() + MINUTE);
  h.clock.advance(3 * DAY);
}, 120_000);
afterAll(() => h?.close());

describe("the audit's offers (issue 25)", () => {
  it("demo_subagent, holding real-time salary at 0.5 % + 0.05 a bet, cannot offer demo_subagent2 500 a bet and 100 % win and loss rates", async () => {
    const { demo_agent, demo_subagent, demo_subagent2 } = demo as Record<string, Account>;
    await contract("REALTIME", demo_agent!, demo_subagent!, { rate: 0.5, singleBetSalary: 0.05, winRate: 0, lossRate: 0 });
    const audit = { rate: 0.5, singleBetSalary: 500, winRate: 100, lossRate: 100 };
    const refused = await post("REALTIME", demo_subagent!, { action: "OFFER", downlineId: demo_subagent2!.id, terms: audit });
    fails(refused, "contract.terms.above.own");
    // No colon: the web centre passes a platform message through its translator, which reads "a:b" as a namespace and key.
    expect(refused.body.message).toBe(
      "This offer is more generous than you may offer. Rate at most 0.5%, salary per bet at most 0.05, win rate at most 0%, loss rate at most 0%.",
    );
    expect(refused.body.value).toEqual({
      bound: { rate: 0.5, singleBetSalary: 0.05, winRate: 0, lossRate: 0 },
      terms: ["singleBetSalary", "winRate", "lossRate"],
    });
    // Each term alone is refused too; the own terms exactly are not.
    for (const term of [{ singleBetSalary: 0.06 }, { winRate: 0.01 }, { lossRate: 0.01 }, { rate: 0.51 }]) {
      fails(
        await post("REALTIME", demo_subagent!, {
          action: "OFFER",
          downlineId: demo_subagent2!.id,
          terms: { rate: 0.5, singleBetSalary: 0.05, ...term },
        }),
        "contract.terms.above.own",
      );
    }
    const fair = ok(
      await post("REALTIME", demo_subagent!, {
        action: "OFFER",
        downlineId: demo_subagent2!.id,
        terms: { rate: 0.5, singleBetSalary: 0.05 },
      }),
    );
    ok(await post("REALTIME", demo_subagent!, { action: "CANCEL", contractId: fair.contractId }));
  });

  it("demo_subagent2, holding no hourly contract, cannot offer hourly salary at all", async () => {
    const { demo_subagent2, team_agent01 } = demo as Record<string, Account>;
    const refused = await post("HOURLY", demo_subagent2!, { action: "OFFER", downlineId: team_agent01!.id, terms: { rate: 100 } });
    fails(refused, "contract.type.not.held");
    expect(refused.body.message).toBe("You hold no accepted contract of this kind, so you cannot offer one.");
    fails(
      await post("HOURLY", demo_subagent2!, { action: "OFFER", downlineId: team_agent01!.id, terms: { rate: 0 } }),
      "contract.type.not.held",
    );
  });

  it("the audit's contract, already accepted, pays team_m17's 0.50 bet at demo_subagent's terms (0.05, not 500.50) and is flagged", async () => {
    const { demo_subagent, demo_subagent2, team_m17 } = demo as Record<string, Account>;
    const window = nextWindow();
    const id = await written(
      "REALTIME",
      demo_subagent!,
      demo_subagent2!,
      { rate: 0.5, singleBetSalary: 500, winRate: 100, lossRate: 100 },
      new Date(window - MINUTE),
    );
    await bet(team_m17!, 50, 0, window + MINUTE);
    h.clock.advance(window + 5 * MINUTE + 2 * MINUTE - h.clock.now.getTime());
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    try {
      await settleContracts(h.db, "demo", h.clock.now, ["REALTIME"]);
      expect(
        warn.mock.calls
          .map((c) => String(c[0]))
          .some((line) =>
            line.includes(`contract ${id} (REALTIME, demo_subagent2) exceeds its upline's terms (singleBetSalary, winRate, lossRate)`),
          ),
      ).toBe(true);
    } finally {
      warn.mockRestore();
    }
    // 0.5 % of 0.50 rounds down to 0, plus 0.05 for the one bet; the contract's own terms give 500.50.
    expect((await settlementsOf(id)).map((s) => [Number(s.amount), s.capped])).toEqual([[5, true]]);
    const flag = await flagOf(id);
    expect(flag.flagged_at).not.toBeNull();
    expect(flag.flag).toMatchObject({
      terms: ["singleBetSalary", "winRate", "lossRate"],
      bound: { rate: 0.5, singleBetSalary: 0.05, winRate: 0, lossRate: 0 },
    });
    // The operator sees it.
    const listed = await listAgentContracts(h.db, "demo", undefined, true);
    expect(listed.map((c) => c.id)).toContain(id);
    expect(listed.every((c) => c.flagged !== null)).toBe(true);
    const lines: string[] = [];
    printAgentResult("contracts", listed, (line) => lines.push(line));
    expect(lines.find((l) => l.startsWith(`${id}\t`))).toMatch(/above the upline's singleBetSalary, winRate, lossRate$/);
    // The next run pays the next window at the bound too, without logging the known flag again.
    await bet(team_m17!, 50, 0, window + 6 * MINUTE);
    h.clock.advance(5 * MINUTE);
    const again = vi.spyOn(console, "warn").mockImplementation(() => {});
    try {
      await settleContracts(h.db, "demo", h.clock.now, ["REALTIME"]);
      expect(again.mock.calls.map((c) => String(c[0])).filter((line) => line.includes(`contract ${id} `))).toEqual([]);
    } finally {
      again.mockRestore();
    }
    expect((await settlementsOf(id)).map((s) => Number(s.amount))).toEqual([5, 5]);
    await h.db.query("UPDATE agent_contracts SET status = 'FINISHED', finished_at = $2 WHERE id = $1", [id, h.clock.now]);
  });
});

describe("offers", () => {
  it("thresholds bound the other way: the downline's at least the agent's own", async () => {
    const { A, B, C } = await chain();
    await contract("DAILY", A, B, { rate: 1, periodValidBet: 100, activeMembers: 2 });
    const refused = await post("DAILY", B, {
      action: "OFFER",
      downlineId: C.id,
      terms: { rate: 1, periodValidBet: 99.99, activeMembers: 2 },
    });
    fails(refused, "contract.terms.above.own");
    expect(refused.body.message).toContain("valid bets in the period at least 100, active members at least 2");
    fails(
      await post("DAILY", B, { action: "OFFER", downlineId: C.id, terms: { rate: 1, periodValidBet: 100, activeMembers: 1 } }),
      "contract.terms.above.own",
    );
    // A higher threshold and a lower rate are less generous: fine.
    await contract("DAILY", B, C, { rate: 0.5, periodValidBet: 500, activeMembers: 3 });

    await contract("HOURLY", A, B, { rate: 1, betAmount: 50, activeMembers: 1 });
    fails(
      await post("HOURLY", B, { action: "OFFER", downlineId: C.id, terms: { rate: 1, betAmount: 49, activeMembers: 1 } }),
      "contract.terms.above.own",
    );
    await contract("DIVIDEND", A, B, { rate: 20, period: "W", periodValidBet: 100, periodProfitLoss: 50, activeMembers: 1 });
    const loss = await post("DIVIDEND", B, {
      action: "OFFER",
      downlineId: C.id,
      terms: { rate: 20, period: "W", periodValidBet: 100, periodProfitLoss: 10, activeMembers: 1 },
    });
    fails(loss, "contract.terms.above.own");
    expect(loss.body.message).toContain("team loss in the period at least 50");
    // A dividend settles by its own period: a shorter or other one than the agent's own is refused.
    const period = await post("DIVIDEND", B, {
      action: "OFFER",
      downlineId: C.id,
      terms: { rate: 20, period: "D", periodValidBet: 100, periodProfitLoss: 50, activeMembers: 1 },
    });
    fails(period, "contract.terms.above.own");
    expect(period.body.message).toBe("A dividend offer must use the same period as your own dividend contract.");
    await contract("DIVIDEND", B, C, { rate: 20, period: "W", periodValidBet: 100, periodProfitLoss: 50, activeMembers: 1 });
  });

  it("the bound is the agent's own contract as its own upline's bounds it: a contract above its upline's lets offer only the upline's", async () => {
    const { A, B, C, X } = await chain();
    await contract("DAILY", A, B, { rate: 1 });
    // C's contract says 1.8 % (written in the table): C may still offer X only B's 1 %.
    await written("DAILY", B, C, { rate: 1.8, periodValidBet: 0, activeMembers: 0 }, h.clock.now);
    const refused = await post("DAILY", C, { action: "OFFER", downlineId: X.id, terms: { rate: 1.5 } });
    fails(refused, "contract.terms.above.own");
    expect(refused.body.message).toContain("Rate at most 1%");
    await contract("DAILY", C, X, { rate: 1 });
  });

  it("a top-level agent is bounded by the operator's maxima, which the operator command sets", async () => {
    const { A, B } = await chain();
    const refused = await post("DAILY", A, { action: "OFFER", downlineId: B.id, terms: { rate: 2.01 } });
    fails(refused, "contract.terms.above.own");
    expect(refused.body.message).toContain("Rate at most 2%");
    fails(
      await post("REALTIME", A, { action: "OFFER", downlineId: B.id, terms: { rate: 0.5, singleBetSalary: 0.11 } }),
      "contract.terms.above.own",
    );
    fails(
      await post("DIVIDEND", A, { action: "OFFER", downlineId: B.id, terms: { rate: 50.01, period: "M" } }),
      "contract.terms.above.own",
    );
    // Any period is the operator's to allow: a top-level agent may offer each.
    for (const period of ["D", "W", "H", "M"]) {
      const offered = ok(await post("DIVIDEND", A, { action: "OFFER", downlineId: B.id, terms: { rate: 50, period } }));
      ok(await post("DIVIDEND", A, { action: "CANCEL", contractId: offered.contractId }));
    }

    expect(parseCommand(["contract-maxima"])).toMatchObject({ path: "contract-maxima", method: "GET" });
    const command = parseCommand(["contract-maxima", "realtime", "singleBetSalary=0.2", "rate=1.5"]);
    expect(command).toMatchObject({
      path: "contract-maxima",
      method: "POST",
      body: { type: "realtime", values: { singleBetSalary: "0.2", rate: "1.5" } },
    });
    expect(() => parseCommand(["contract-maxima", "weekly", "rate=1"])).toThrow(/Contract type/);
    expect(() => parseCommand(["contract-maxima", "DAILY", "rate"])).toThrow(/term>=<value>/);
    expect(() => parseCommand(["contract-maxima", "DAILY"])).toThrow(/contract-maxima/);
    await expect(setContractMaxima(h.db, "demo", "DAILY", { singleBetSalary: 1 })).rejects.toThrow(/not a term of DAILY/);
    await expect(setContractMaxima(h.db, "demo", "DAILY", { rate: "101" })).rejects.toThrow(/rate must be a rate from 0 to 100/);
    await expect(setContractMaxima(h.db, "demo", "DAILY", { activeMembers: "1.5" })).rejects.toThrow(/whole number/);
    try {
      const set = (await command.direct(h.db, "demo")) as Awaited<ReturnType<typeof contractMaxima>>;
      expect(set.REALTIME).toEqual({ rate: 1.5, singleBetSalary: 0.2, winRate: 5, lossRate: 5 });
      await contract("REALTIME", A, B, { rate: 1.5, singleBetSalary: 0.2 });

      // The listener serves the same.
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
      expect((await call("POST", "contract-maxima", { type: "DAILY", values: { rate: 3, periodValidBet: "10" } })).result.DAILY).toEqual({
        rate: 3,
        periodValidBet: 10,
        activeMembers: 0,
      });
      fails(await post("DAILY", A, { action: "OFFER", downlineId: B.id, terms: { rate: 3 } }), "contract.terms.above.own");
      await contract("DAILY", A, B, { rate: 3, periodValidBet: 10 });
      expect((await call("POST", "contract-maxima", { type: "DAILY" })).ok).toBe(false);
      expect((await call("POST", "contract-maxima", { type: "DAILY", values: { rate: "abc" } })).ok).toBe(false);
      const shown = await call("GET", "contract-maxima");
      const lines: string[] = [];
      printAgentResult("contract-maxima", shown.result, (line) => lines.push(line));
      expect(lines).toContain("DAILY\trate at most 3%\tperiodValidBet at least 10\tactiveMembers at least 0");
      expect((await call("POST", "contract-maxima", { type: "DAILY", reset: true })).result.DAILY).toEqual({
        rate: 2,
        periodValidBet: 0,
        activeMembers: 0,
      });
    } finally {
      await h.db.query("UPDATE merchants SET settings = settings - 'contractMaxima' WHERE code = 'demo'");
      await payPerBetSalary();
    }
    // An invalid stored value keeps the default.
    await h.db.query(
      `UPDATE merchants SET settings = settings || '{"contractMaxima": {"HOURLY": {"rate": "lots", "betAmount": -1}}}' WHERE code = 'demo'`,
    );
    try {
      expect((await contractMaxima(h.db, "demo")).HOURLY).toEqual({ rate: 2, betAmount: 0, activeMembers: 0 });
    } finally {
      await h.db.query("UPDATE merchants SET settings = settings - 'contractMaxima' WHERE code = 'demo'");
      await payPerBetSalary();
    }
  });

  it("re-checks at accept: an offer made while the agent's own was higher is refused once it is lowered on any term", async () => {
    const { A, B, C } = await chain();
    await contract("REALTIME", A, B, { rate: 0.5, singleBetSalary: 0.1 });
    const offer = ok(await post("REALTIME", B, { action: "OFFER", downlineId: C.id, terms: { rate: 0.5, singleBetSalary: 0.1 } }));
    await contract("REALTIME", A, B, { rate: 0.5, singleBetSalary: 0.05 });
    fails(await post("REALTIME", C, { action: "ACCEPT", contractId: offer.contractId }), "contract.terms.above.own");
    expect(await statusOf(offer.contractId)).toBe("PENDING");
  });

  it("the lower rule counts every term: a new contract with a lower per-bet salary ends the downline's contracts paying more a bet", async () => {
    const { A, B, C } = await chain();
    await contract("REALTIME", A, B, { rate: 0.5, singleBetSalary: 0.1 });
    const toC = await contract("REALTIME", B, C, { rate: 0.2, singleBetSalary: 0.08 });
    const preview = ok(await post("REALTIME", A, { action: "PREVIEW", downlineId: B.id, terms: { rate: 0.5, singleBetSalary: 0.05 } }));
    expect(preview).toEqual({ affected: [{ contractId: toC, account: C.username, rate: 0.2 }] });
    fails(
      await post("REALTIME", A, { action: "OFFER", downlineId: B.id, terms: { rate: 0.5, singleBetSalary: 0.05 } }),
      "contract.confirm.required",
    );
    await contract("REALTIME", A, B, { rate: 0.5, singleBetSalary: 0.05 }, true);
    expect(await statusOf(toC)).toBe("FINISHED");
    const [message] = await h.db.query<{ content: { EN: string } }>(
      "SELECT content FROM member_messages WHERE member_id = $1 ORDER BY id DESC LIMIT 1",
      [C.id],
    );
    expect(message!.content.EN).toBe(
      `The real-time salary contract no. ${toC} between ${B.username} and ${C.username} has ended: ${B.username}'s own new contract is less generous than its terms.`,
    );
  });
});

describe("settlement", () => {
  it("a contract whose upline's own ended is paid nothing for the periods after, the whole of it before, and flagged", async () => {
    const { A, B, C } = await chain();
    const own = await contract("REALTIME", A, B, { rate: 1 });
    const toC = await contract("REALTIME", B, C, { rate: 1 });
    const w1 = nextWindow();
    await bet(C, 10_000, 0, w1 + MINUTE);
    // B's own contract ends in the second window's middle: that window and later have no bound.
    h.clock.advance(w1 + 7 * MINUTE - h.clock.now.getTime());
    ok(await post("REALTIME", B, { action: "TERMINATE", contractId: own }));
    ok(await post("REALTIME", A, { action: "ACCEPT", contractId: own }));
    expect(await statusOf(toC)).toBe("ACCEPTED");
    await bet(C, 10_000, 0, w1 + 8 * MINUTE);
    await bet(C, 10_000, 0, w1 + 11 * MINUTE);
    h.clock.advance(w1 + 17 * MINUTE - h.clock.now.getTime());
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    try {
      await settleContracts(h.db, "demo", h.clock.now, ["REALTIME"]);
    } finally {
      warn.mockRestore();
    }
    // 1 % of 100.00 in the first window and in the second (B still held its own for part of it); the third nothing.
    expect((await settlementsOf(toC)).map((s) => [new Date(s.period_start).getTime() - w1, Number(s.amount), s.capped])).toEqual([
      [0, 100, false],
      [5 * MINUTE, 100, false],
      [10 * MINUTE, 0, true],
    ]);
    expect((await flagOf(toC)).flag).toMatchObject({ terms: ["rate"], bound: { rate: 0, singleBetSalary: 0, winRate: 0, lossRate: 0 } });
  });

  it("a contract raised in the database after it was accepted is paid at the upline's terms", async () => {
    const { A, B, C } = await chain();
    await contract("DAILY", A, B, { rate: 1, periodValidBet: 100, activeMembers: 1 });
    const toC = await contract("DAILY", B, C, { rate: 1, periodValidBet: 100, activeMembers: 1 });
    await h.db.query(
      `UPDATE agent_contracts SET terms = '{"rate": 50, "periodValidBet": 0, "activeMembers": 0}', rate = 50 WHERE id = $1`,
      [toC],
    );
    const day = Math.ceil((h.clock.now.getTime() + 6 * HOUR) / DAY) * DAY - 6 * HOUR;
    await bet(C, 5_000, 0, day + HOUR);
    await bet(C, 20_000, 0, day + DAY + HOUR);
    h.clock.advance(day + 2 * DAY + 2 * MINUTE - h.clock.now.getTime());
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    try {
      await settleContracts(h.db, "demo", h.clock.now, ["DAILY"]);
    } finally {
      warn.mockRestore();
    }
    // Day 1: 50.00 of valid bets is under B's own 100.00 threshold, nothing; day 2: 1 % of 200.00, not 50 %.
    const rows = (await settlementsOf(toC)).filter((s) => new Date(s.period_start).getTime() >= day);
    expect(rows.map((s) => [Number(s.amount), s.capped])).toEqual([
      [0, true],
      [200, true],
    ]);
    expect((await flagOf(toC)).flag?.terms).toEqual(["rate", "periodValidBet", "activeMembers"]);
  });

  it("the demo seed's contracts are within their uplines' terms: nothing flagged, nothing paid at a bound", async () => {
    const [flagged] = await h.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM agent_contracts c JOIN members u ON u.id = c.upline_id
        WHERE c.merchant = 'demo' AND u.username IN ('demo_agent', 'demo_subagent') AND c.flagged_at IS NOT NULL AND c.created_at < $1`,
      [seeded],
    );
    expect(flagged!.n).toBe(0);
    const [capped] = await h.db.query<{ n: number; all: number }>(
      `SELECT count(*) FILTER (WHERE s.capped)::int AS n, count(*)::int AS all FROM contract_settlements s
         JOIN agent_contracts c ON c.id = s.contract_id JOIN members u ON u.id = c.upline_id
        WHERE c.merchant = 'demo' AND u.username IN ('demo_agent', 'demo_subagent') AND s.created_at < $1`,
      [seeded],
    );
    expect(capped!.all).toBeGreaterThan(40);
    expect(capped!.n).toBe(0);
  });
});
