import type { Sql } from "../db/db";
import { PlatformError } from "../http/context";
import type { Merchant } from "./merchants";

// What the agent centre's calls share (decision 025): who is an agent, the team as the closure
// table member_tree holds it, and which contract types are on for an account.

/** Account types of agents: 1 and 2 (a sub-agent), 41 and 42 (the second line of agents). */
export const AGENT_TYPES: readonly number[] = [1, 2, 41, 42];

export const isAgentType = (accountType: number) => AGENT_TYPES.includes(accountType);

/** Every agent-centre call: anyone else (a member, a trial account) gets agent.only (HTTP 200). */
export function requireAgent(member: { accountType: number }): void {
  if (!isAgentType(member.accountType)) throw new PlatformError("agent.only", "agent.only");
}

/** The type of a sub-agent an agent opens: 42 under the 41/42 line, else 2. */
export const subAgentTypeOf = (agentType: number) => (agentType === 41 || agentType === 42 ? 42 : 2);

/** Depth of memberId below agentId (0 = the agent itself), or null when not in its subtree. */
export async function teamDepth(sql: Sql, agentId: number, memberId: number): Promise<number | null> {
  const [row] = await sql.query<{ depth: number }>("SELECT depth FROM member_tree WHERE ancestor_id = $1 AND descendant_id = $2", [
    agentId,
    memberId,
  ]);
  return row ? row.depth : null;
}

/** A team account named by its user name (exact, case-insensitive): its id and level, or null. */
export async function findTeamAccount(
  sql: Sql,
  merchant: string,
  agentId: number,
  username: string,
): Promise<{ id: number; level: number } | null> {
  const [row] = await sql.query<{ id: number; depth: number }>(
    `SELECT m.id, t.depth FROM members m JOIN member_tree t ON t.descendant_id = m.id AND t.ancestor_id = $3 AND t.depth > 0
      WHERE m.merchant = $1 AND lower(m.username) = lower($2)`,
    [merchant, username.trim(), agentId],
  );
  return row ? { id: row.id, level: row.depth } : null;
}

// ---------------------------------------------------------------------------------------------
// Contract types and the consolidated flags

export const CONTRACT_TYPES = ["DIVIDEND", "DAILY", "HOURLY", "REALTIME"] as const;
export type ContractType = (typeof CONTRACT_TYPES)[number];

export type ContractFlagName = "divtypereq" | "dailysalreqtype" | "contracthoursalreq" | "realtimesalreqtype";

/** The module of each contract type and its flag in the consolidated answer (decision 025). */
export const CONTRACT_GATES: Record<ContractType, { module: string; flag: ContractFlagName }> = {
  DIVIDEND: { module: "SIGNCONDIV3", flag: "divtypereq" },
  DAILY: { module: "DAILYSALCONT3", flag: "dailysalreqtype" },
  HOURLY: { module: "HOURSAL3", flag: "contracthoursalreq" },
  REALTIME: { module: "RTSALARY3", flag: "realtimesalreqtype" },
};

/** Whether a contract type is on for the merchant: its module, and the setting agentContracts (all four when unset). */
export function contractTypeOn(merchant: Merchant, modules: Set<string>, type: ContractType): boolean {
  if (!modules.has(CONTRACT_GATES[type].module)) return false;
  const listed = merchant.settings.agentContracts;
  return Array.isArray(listed) ? listed.some((t) => typeof t === "string" && t.trim().toUpperCase() === type) : true;
}

export type ContractFlags = Record<ContractFlagName, number> & { infoTypes: ContractType[] };

/**
 * GET /wps/member/info/funds/consolidated: per contract type 0 off, 1 on, 2 on and a request (a
 * new offer or a termination) waits for this account's answer. A non-agent gets all zeros.
 */
export async function contractFlags(
  sql: Sql,
  merchant: Merchant,
  modules: Set<string>,
  member: { memberId: number; accountType: number },
): Promise<ContractFlags> {
  const flags: ContractFlags = { dailysalreqtype: 0, divtypereq: 0, contracthoursalreq: 0, realtimesalreqtype: 0, infoTypes: [] };
  if (!isAgentType(member.accountType)) return flags;
  const on = CONTRACT_TYPES.filter((type) => contractTypeOn(merchant, modules, type));
  if (on.length === 0) return flags;
  // The side that did not make an open request answers it.
  const waiting = await sql.query<{ contract_type: ContractType }>(
    `SELECT DISTINCT contract_type FROM agent_contracts
      WHERE merchant = $1 AND request IS NOT NULL AND status IN ('PENDING', 'ACCEPTED')
        AND ((request_by = 'UPLINE' AND downline_id = $2) OR (request_by = 'DOWNLINE' AND upline_id = $2))`,
    [merchant.code, member.memberId],
  );
  const pending = new Set(waiting.map((row) => row.contract_type));
  for (const type of on) {
    flags[CONTRACT_GATES[type].flag] = pending.has(type) ? 2 : 1;
  }
  flags.infoTypes = on;
  return flags;
}

// ---------------------------------------------------------------------------------------------
// Affiliate codes

/**
 * The account type a registration with an affiliate code opens: the code's accountType 1 (for
 * sub-agents) opens the sub-agent type of its owner when the owner is an agent, else a member (0).
 */
export async function affiliateAccountType(sql: Sql, merchant: string, code: string): Promise<number> {
  const [row] = await sql.query<{ account_type: number; owner_type: number }>(
    `SELECT c.account_type, m.account_type AS owner_type FROM affiliate_codes c JOIN members m ON m.id = c.member_id
      WHERE c.merchant = $1 AND c.code = upper($2)`,
    [merchant, code.trim()],
  );
  return row && row.account_type === 1 && isAgentType(row.owner_type) ? subAgentTypeOf(row.owner_type) : 0;
}
