import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createGateway } from "~/gateway/index.server";
import { getEmbeddedPlatform } from "../../../platform/embedded";
import { action as team } from "~/routes/agent.team/route";
import { action as registerCentre } from "~/routes/agent.register-center/route";
import { action as dividend } from "~/routes/agent.dividend/route";
import { action as daily } from "~/routes/agent.daily-salary/route";
import { action as hourly } from "~/routes/agent.hourly-salary/route";
import { action as realtime } from "~/routes/agent.realtime-salary/route";
import { csrfFor, sessionCookie } from "./session-cookie";

// Random bodies per action: 250 in npm test; FUZZ_RUNS=1000 (or more) for the long run.
const RUNS = Number(process.env.FUZZ_RUNS) || 250;

// Random bodies at every agent-centre action, posted by a signed-in agent with its valid form token
// (so they reach the forms' own checks and the platform): always an answer, never a 5xx, and no
// money appears or disappears (the agent's and the team's balances only move by what a transfer
// that went through moved).

const UA = "vitest agent fuzz";
const gateway = (token?: string) => createGateway({ merchant: "demo", language: "EN", token, userAgent: UA });
let agentCookie = "";
let csrf = "";
let agentToken = "";
let teamMoneyBefore = 0;

/** The agent's main wallet plus every team account's balance, from the platform's agent calls. */
async function teamMoney(): Promise<number> {
  const agent = gateway(agentToken).agent;
  let sum = (await agent.overview()).balance;
  for (let pageNo = 1; ; pageNo++) {
    const page = await agent.downlines({ pageNo, pageSize: 100, level: 0 });
    sum += page.list.reduce((s, r) => s + r.balance, 0);
    if (pageNo >= page.totalPages) return Math.round(sum * 100);
  }
}

beforeAll(async () => {
  await getEmbeddedPlatform();
  agentToken = (await gateway().session.login({ username: "demo_agent", password: "Demo@1234", type: "username" })).token;
  agentCookie = await sessionCookie({ token: agentToken, accountType: 1, userName: "demo_agent" });
  csrf = await csrfFor(agentCookie);
  teamMoneyBefore = await teamMoney();
}, 60_000);
afterAll(async () => {
  await (await getEmbeddedPlatform()).close();
});

type Action = (args: { request: Request; params: Record<string, string>; context: Record<string, unknown> }) => Promise<unknown>;
const actions: [string, string, Action][] = [
  ["team (transfer)", "/agent/team", team as Action],
  ["register centre", "/agent/register-center", registerCentre as Action],
  ["dividend", "/agent/dividend", dividend as Action],
  ["daily salary", "/agent/daily-salary", daily as Action],
  ["hourly salary", "/agent/hourly-salary", hourly as Action],
  ["real-time salary", "/agent/realtime-salary", realtime as Action],
];

const fieldNames = [
  "intent",
  "requestId",
  "downlineId",
  "contractId",
  "amount",
  "password",
  "rate",
  "period",
  "periodValidBet",
  "periodProfitLoss",
  "activeMembers",
  "betAmount",
  "winRate",
  "lossRate",
  "singleBetSalary",
  "confirm",
  "accountType",
  "username",
  "confirmPassword",
  "nickname",
  "mobileNum",
  "email",
];
const text = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.constantFrom(
    "",
    " ",
    "on",
    "transfer",
    "preview",
    "offer",
    "accept",
    "reject",
    "terminate",
    "cancel",
    "register",
    "code",
    "0",
    "1",
    "2",
    "-5",
    "1e9",
    "100.001",
    "99999999999999",
    "NaN",
    "D",
    "W",
    "H",
    "M",
    "Y",
    "fuzz-request-id-0000001",
    "Agent#2468",
    "demo_subagent",
    "<script>alert(1)</script>",
    "১২৩৪৫৬",
    "💥".repeat(20),
    "a".repeat(5000),
  ),
);
const body = fc.dictionary(fc.constantFrom(...fieldNames), text, { maxKeys: 12 });

function statusOf(outcome: unknown): number {
  if (outcome instanceof Response) return outcome.status;
  if (outcome && typeof outcome === "object" && "init" in outcome)
    return (outcome as { init?: { status?: number } | null }).init?.status ?? 200;
  return 200;
}

describe("every agent-centre action under random input from a signed-in agent", () => {
  for (const [name, path, act] of actions) {
    it(`${name}: never a 5xx`, async () => {
      await fc.assert(
        fc.asyncProperty(body, async (fields) => {
          const request = new Request(`http://localhost${path}`, {
            method: "POST",
            headers: { Cookie: agentCookie, "Content-Type": "application/x-www-form-urlencoded", "User-Agent": UA },
            body: new URLSearchParams({ ...fields, csrf }),
          });
          const outcome = await act({ request, params: {}, context: {} }).catch((thrown: unknown) => thrown);
          if (outcome instanceof Error) throw outcome;
          expect(statusOf(outcome), JSON.stringify(fields).slice(0, 300)).toBeLessThan(500);
        }),
        { numRuns: RUNS },
      );
    }, 180_000);
  }

  it("created and lost no money: the agent's and its team's balances add up to what they did before", async () => {
    // A fuzzed transfer that went through (the right password, a direct downline, a valid amount)
    // only moves money inside the team; new accounts open empty.
    expect(await teamMoney()).toBe(teamMoneyBefore);
    expect(teamMoneyBefore).toBeGreaterThan(0);
  });
});
