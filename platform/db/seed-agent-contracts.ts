import { agentNotice } from "../services/agent-contracts";
import { settleContracts } from "../services/agent-settlement";
import type { Db, Sql } from "./db";
import { runSeedStep } from "./seed-step";

// Seed step "agent-contracts" (decision 025): contracts between the demo agents of the step
// "agent-tree" (demo_agent → demo_subagent → demo_subagent2), in every state, then one settlement
// run so the income pages have history. Skipped, and left for a later start, while demo_subagent
// does not exist yet.

const DAY = 86_400_000;

interface SeedContract {
  type: "DIVIDEND" | "DAILY" | "HOURLY" | "REALTIME";
  upline: string;
  downline: string;
  status: "PENDING" | "ACCEPTED" | "REJECTED" | "FINISHED";
  terms: Record<string, number | string>;
  createdDaysAgo: number;
  acceptedDaysAgo?: number;
  finishedDaysAgo?: number;
}

const CONTRACTS: SeedContract[] = [
  // History first: the daily contract the current one replaced, and an offer the sub-agent turned down.
  {
    type: "DAILY",
    upline: "demo_agent",
    downline: "demo_subagent",
    status: "FINISHED",
    terms: { rate: 1, periodValidBet: 100, activeMembers: 1 },
    createdDaysAgo: 58,
    acceptedDaysAgo: 57,
    finishedDaysAgo: 45,
  },
  {
    type: "REALTIME",
    upline: "demo_agent",
    downline: "demo_subagent",
    status: "REJECTED",
    terms: { rate: 0.3, singleBetSalary: 0, winRate: 0, lossRate: 0 },
    createdDaysAgo: 30,
    finishedDaysAgo: 29,
  },
  {
    type: "DAILY",
    upline: "demo_agent",
    downline: "demo_subagent",
    status: "ACCEPTED",
    terms: { rate: 1.2, periodValidBet: 100, activeMembers: 1 },
    createdDaysAgo: 46,
    acceptedDaysAgo: 45,
  },
  {
    type: "DAILY",
    upline: "demo_subagent",
    downline: "demo_subagent2",
    status: "ACCEPTED",
    terms: { rate: 0.8, periodValidBet: 100, activeMembers: 1 },
    createdDaysAgo: 41,
    acceptedDaysAgo: 40,
  },
  {
    type: "DIVIDEND",
    upline: "demo_agent",
    downline: "demo_subagent",
    status: "ACCEPTED",
    terms: { rate: 20, period: "W", periodValidBet: 1000, periodProfitLoss: 0, activeMembers: 1 },
    createdDaysAgo: 46,
    acceptedDaysAgo: 45,
  },
  {
    type: "HOURLY",
    upline: "demo_agent",
    downline: "demo_subagent",
    status: "PENDING",
    terms: { rate: 0.5, betAmount: 100, activeMembers: 1 },
    createdDaysAgo: 1,
  },
];

async function memberIds(sql: Sql, merchant: string): Promise<Map<string, number>> {
  const rows = await sql.query<{ id: number; username: string }>(
    "SELECT id, lower(username) AS username FROM members WHERE merchant = $1 AND lower(username) = ANY($2::text[])",
    [merchant, ["demo_agent", "demo_subagent", "demo_subagent2"]],
  );
  return new Map(rows.map((r) => [r.username, Number(r.id)]));
}

export async function seedAgentContracts(db: Db, merchant: string, now = new Date()): Promise<boolean> {
  // Not recorded as applied while the agent tree is missing, so a later start writes it.
  if (!(await memberIds(db, merchant)).has("demo_subagent")) return false;
  const wrote = await runSeedStep(
    db,
    merchant,
    "agent-contracts",
    () => undefined,
    async (sql) => {
      const ids = await memberIds(sql, merchant);
      const at = (daysAgo: number | undefined) => (daysAgo === undefined ? null : new Date(now.getTime() - daysAgo * DAY));
      for (const c of CONTRACTS) {
        const upline = ids.get(c.upline);
        const downline = ids.get(c.downline);
        if (upline === undefined || downline === undefined) continue;
        const pending = c.status === "PENDING";
        await sql.query(
          `INSERT INTO agent_contracts (merchant, contract_type, upline_id, downline_id, status, request, request_by, terms, rate, created_at, accepted_at, finished_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
          [
            merchant,
            c.type,
            upline,
            downline,
            c.status,
            pending ? "NEW" : null,
            pending ? "UPLINE" : null,
            JSON.stringify(c.terms),
            c.terms.rate,
            at(c.createdDaysAgo),
            at(c.acceptedDaysAgo),
            at(c.finishedDaysAgo),
          ],
        );
        if (pending) {
          const [row] = await sql.query<{ id: number }>(
            "SELECT id FROM agent_contracts WHERE downline_id = $1 AND contract_type = $2 AND status = 'PENDING'",
            [downline, c.type],
          );
          await agentNotice(
            sql,
            merchant,
            downline,
            "AGENT_CONTRACT",
            "inbox.contract.title",
            "inbox.contract.offered",
            { account: c.upline, rate: c.terms.rate!, id: Number(row!.id) },
            at(c.createdDaysAgo)!,
            c.type,
          );
        }
      }
    },
  );
  // Outside the step's transaction: settlement runs its own, one per contract-period.
  if (wrote) await settleContracts(db, merchant, now);
  return wrote;
}
