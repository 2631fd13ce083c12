import type { Hono } from "hono";
import { z } from "zod";
import type { Db } from "./db/db";
import { toMajor } from "./money";
import { OperatorError } from "./operator";
import { CONTRACT_TYPES, type ContractType } from "./services/agents";
import { boundedTerms, boundView, operatorMaxima, parseTerm } from "./services/agent-contracts";
import { settleContracts } from "./services/agent-settlement";
import { findMemberByUsername } from "./services/members";
import { findMerchant } from "./services/merchants";

// The agent centre's back-office commands (decision 025): settle contracts now, list contracts
// (those settlement flagged above their upline's terms, decision 034), the operator's maxima for
// top-level agents' contracts, freeze an account for agent transfers. The CLI (admin.ts) and the operator listener call these.

async function requireMerchant(db: Db, merchant: string): Promise<void> {
  const rows = await db.query("SELECT 1 FROM merchants WHERE code = $1", [merchant]);
  if (rows.length === 0) throw new OperatorError(`Unknown merchant "${merchant}".`);
}

const isContractType = (value: unknown): value is ContractType =>
  typeof value === "string" && (CONTRACT_TYPES as readonly string[]).includes(value);

export interface SettleReport {
  periods: { contractId: number; contractType: ContractType; downline: string; periodStart: string; periodEnd: string; amount: number }[];
  settled: number;
  paid: number;
  total: number;
}

/** `settle [type]`: every whole period due now, paid once; answers the periods this run recorded. */
export async function settleNow(db: Db, merchant: string, type?: string, now = new Date()): Promise<SettleReport> {
  const upper = type?.toUpperCase();
  if (upper !== undefined && !isContractType(upper))
    throw new OperatorError(`Contract type must be one of ${CONTRACT_TYPES.join(", ")}, not "${type}".`);
  await requireMerchant(db, merchant);
  const periods = await settleContracts(db, merchant, now, upper ? [upper] : CONTRACT_TYPES);
  const paid = periods.filter((p) => p.amount > 0);
  return {
    periods: periods.map((p) => ({
      contractId: p.contractId,
      contractType: p.contractType,
      downline: p.downline,
      periodStart: new Date(p.periodStart).toISOString(),
      periodEnd: new Date(p.periodEnd).toISOString(),
      amount: toMajor(p.amount),
    })),
    settled: periods.length,
    paid: paid.length,
    total: toMajor(paid.reduce((sum, p) => sum + p.amount, 0)),
  };
}

export interface ContractSummary {
  id: number;
  type: ContractType;
  upline: string;
  downline: string;
  status: string;
  request: string | null;
  rate: number;
  createdAt: string;
  acceptedAt: string | null;
  finishedAt: string | null;
  settledUntil: string | null;
  /** Settlement found it above its upline's terms and paid it at the bound (decision 034). */
  flagged: { at: string; terms: string[]; bound: Record<string, number | string> } | null;
}

const iso = (at: Date | null) => (at ? new Date(at).toISOString() : null);

/** `contracts [--flagged] [username]`: the merchant's contracts, or those where the account is a party; newest first. */
export async function listAgentContracts(db: Db, merchant: string, username?: string, flaggedOnly = false): Promise<ContractSummary[]> {
  await requireMerchant(db, merchant);
  let memberId: number | null = null;
  if (username) {
    const member = await findMemberByUsername(db, merchant, username);
    if (!member) throw new OperatorError(`No member "${username}" at merchant "${merchant}".`);
    memberId = member.id;
  }
  const rows = await db.query<{
    id: number;
    contract_type: ContractType;
    upline: string;
    downline: string;
    status: string;
    request: string | null;
    request_by: string | null;
    rate: string;
    created_at: Date;
    accepted_at: Date | null;
    finished_at: Date | null;
    settled_until: Date | null;
    flagged_at: Date | null;
    flag: { terms?: string[]; bound?: Record<string, number | string> } | null;
  }>(
    `SELECT c.id, c.contract_type, u.username AS upline, d.username AS downline, c.status, c.request, c.request_by, c.rate,
            c.created_at, c.accepted_at, c.finished_at, c.settled_until, c.flagged_at, c.flag
       FROM agent_contracts c JOIN members u ON u.id = c.upline_id JOIN members d ON d.id = c.downline_id
      WHERE c.merchant = $1 AND ($2::bigint IS NULL OR c.upline_id = $2 OR c.downline_id = $2) AND (NOT $3 OR c.flagged_at IS NOT NULL)
      ORDER BY c.created_at DESC, c.id DESC LIMIT 500`,
    [merchant, memberId, flaggedOnly],
  );
  return rows.map((r) => ({
    id: Number(r.id),
    type: r.contract_type,
    upline: r.upline,
    downline: r.downline,
    status: r.status,
    request: r.request ? `${r.request} by ${r.request_by}` : null,
    rate: Number(r.rate),
    createdAt: iso(r.created_at)!,
    acceptedAt: iso(r.accepted_at),
    finishedAt: iso(r.finished_at),
    settledUntil: iso(r.settled_until),
    flagged: r.flagged_at ? { at: iso(r.flagged_at)!, terms: r.flag?.terms ?? [], bound: r.flag?.bound ?? {} } : null,
  }));
}

export type MaximaView = Record<ContractType, Record<string, number | string>>;

/** `contract-maxima`: the most a top-level agent may offer, per type (thresholds: the least it may ask). */
export async function contractMaxima(db: Db, merchant: string): Promise<MaximaView> {
  const m = await findMerchant(db, merchant);
  if (!m) throw new OperatorError(`Unknown merchant "${merchant}".`);
  return Object.fromEntries(CONTRACT_TYPES.map((type) => [type, boundView(type, operatorMaxima(m, type))])) as MaximaView;
}

/** `contract-maxima <TYPE> <term>=<value>…` sets those terms; `contract-maxima <TYPE> reset` puts the type's defaults back. */
export async function setContractMaxima(
  db: Db,
  merchant: string,
  type: string,
  values: Record<string, unknown> | "reset",
): Promise<MaximaView> {
  const upper = type.toUpperCase();
  if (!isContractType(upper)) throw new OperatorError(`Contract type must be one of ${CONTRACT_TYPES.join(", ")}, not "${type}".`);
  await requireMerchant(db, merchant);
  if (values === "reset") {
    await db.query("UPDATE merchants SET settings = settings #- ARRAY['contractMaxima', $2::text] WHERE code = $1", [merchant, upper]);
    return contractMaxima(db, merchant);
  }
  const terms = boundedTerms(upper);
  const parsed: Record<string, number> = {};
  for (const [term, value] of Object.entries(values)) {
    if (!terms.includes(term)) throw new OperatorError(`"${term}" is not a term of ${upper}; its terms are ${terms.join(", ")}.`);
    const number = parseTerm(upper, term, value);
    if (number === null)
      throw new OperatorError(
        `${term} must be ${term === "activeMembers" ? "a whole number from 0" : term.endsWith("ate") ? "a rate from 0 to 100 with at most two decimals" : "an amount of 0 or more with at most two decimals"}, not "${String(value)}".`,
      );
    parsed[term] = number;
  }
  if (Object.keys(parsed).length === 0) throw new OperatorError(`Name at least one term of ${upper}: ${terms.join(", ")}.`);
  await db.query(
    `UPDATE merchants SET settings = settings || jsonb_build_object('contractMaxima',
       coalesce(settings->'contractMaxima', '{}'::jsonb) || jsonb_build_object($2::text, coalesce(settings->'contractMaxima'->$2, '{}'::jsonb) || $3::jsonb))
      WHERE code = $1`,
    [merchant, upper, JSON.stringify(parsed)],
  );
  return contractMaxima(db, merchant);
}

/** `freeze <username> on|off`: a frozen account neither sends nor receives agent transfers. */
export async function setFrozen(db: Db, merchant: string, username: string, on: boolean) {
  await requireMerchant(db, merchant);
  const [row] = await db.query<{ username: string; frozen: boolean }>(
    "UPDATE members SET frozen = $3 WHERE merchant = $1 AND lower(username) = lower($2) RETURNING username, frozen",
    [merchant, username.trim(), on],
  );
  if (!row) throw new OperatorError(`No member "${username}" at merchant "${merchant}".`);
  return { username: row.username, frozen: row.frozen };
}

export interface AgentCommand {
  path: string;
  method: "GET" | "POST";
  body?: Record<string, unknown>;
  query?: Record<string, string>;
  direct(db: Db, merchant: string): Promise<unknown>;
}

/** The settle, contracts and freeze commands of admin.ts; bad arguments throw usage(message). */
export function parseAgentCommand(name: string, args: string[], usage: (message: string) => Error): AgentCommand {
  switch (name) {
    case "settle": {
      if (args.length > 1) throw usage(`"settle" takes at most 1 argument, got ${args.length}.`);
      const type = args[0]?.toUpperCase();
      if (type !== undefined && !isContractType(type))
        throw usage(`Contract type must be one of ${CONTRACT_TYPES.join(", ")}, not "${args[0]}".`);
      return { path: "settle", method: "POST", body: type ? { type } : {}, direct: (db, m) => settleNow(db, m, type) };
    }
    case "contracts": {
      const flagged = args[0] === "--flagged";
      const rest = flagged ? args.slice(1) : args;
      if (rest.length > 1) throw usage('Use "contracts [--flagged] [<username>]".');
      const username = rest[0];
      const query: Record<string, string> = { ...(username ? { username } : {}), ...(flagged ? { flagged: "1" } : {}) };
      return { path: "contracts", method: "GET", query, direct: (db, m) => listAgentContracts(db, m, username, flagged) };
    }
    case "contract-maxima": {
      const [type, ...terms] = args;
      if (type === undefined) return { path: "contract-maxima", method: "GET", direct: (db, m) => contractMaxima(db, m) };
      if (!isContractType(type.toUpperCase())) throw usage(`Contract type must be one of ${CONTRACT_TYPES.join(", ")}, not "${type}".`);
      if (terms.length === 1 && terms[0] === "reset") {
        return {
          path: "contract-maxima",
          method: "POST",
          body: { type, reset: true },
          direct: (db, m) => setContractMaxima(db, m, type, "reset"),
        };
      }
      const values: Record<string, string> = {};
      for (const pair of terms) {
        const match = /^([A-Za-z]+)=(.+)$/.exec(pair);
        if (!match) throw usage(`Use "contract-maxima <TYPE> <term>=<value>…" (e.g. rate=1.5), not "${pair}".`);
        values[match[1]!] = match[2]!;
      }
      if (terms.length === 0) throw usage('Use "contract-maxima [<TYPE> <term>=<value>…|<TYPE> reset]".');
      return { path: "contract-maxima", method: "POST", body: { type, values }, direct: (db, m) => setContractMaxima(db, m, type, values) };
    }
    case "freeze": {
      const [username, state] = args;
      if (args.length !== 2 || !username || (state !== "on" && state !== "off")) throw usage('Use "freeze <username> on|off".');
      const on = state === "on";
      return { path: "freeze", method: "POST", body: { username, on }, direct: (db, m) => setFrozen(db, m, username, on) };
    }
    default:
      throw usage(`Unknown command "${name}".`);
  }
}

export const AGENT_USAGE = `  settle [DIVIDEND|DAILY|HOURLY|REALTIME] settle agent contracts now (all types by default); prints what it paid
  contracts [--flagged] [<username>]     agent contracts, newest first (those of one account when named; --flagged: paid at their upline's bound)
  contract-maxima [<TYPE> <term>=<value>…|<TYPE> reset]  the most a top-level agent may offer per contract type (thresholds: the least); shows them without arguments
  freeze <username> on|off               freeze an account for agent transfers (neither sends nor receives)`;

/** admin.ts's printout of the settle and contracts results. */
export function printAgentResult(path: string, result: unknown, log: (line: string) => void): boolean {
  if (path === "settle") {
    const report = result as SettleReport;
    for (const p of report.periods.filter((x) => x.amount > 0)) {
      log([`contract ${p.contractId}`, p.contractType, p.downline, `${p.periodStart} – ${p.periodEnd}`, p.amount.toFixed(2)].join("\t"));
    }
    log(`${report.settled} period${report.settled === 1 ? "" : "s"} settled, ${report.paid} paid, total ${report.total.toFixed(2)}`);
    return true;
  }
  if (path === "contracts") {
    const rows = result as ContractSummary[];
    if (rows.length === 0) log("(no contracts)");
    else log(["id", "type", "upline", "downline", "status", "request", "rate", "accepted", "settled until", "flagged"].join("\t"));
    for (const c of rows) {
      const flagged = c.flagged ? `${c.flagged.at} above the upline's ${c.flagged.terms.join(", ")}` : "-";
      log(
        [
          c.id,
          c.type,
          c.upline,
          c.downline,
          c.status,
          c.request ?? "-",
          `${c.rate}%`,
          c.acceptedAt ?? "-",
          c.settledUntil ?? "-",
          flagged,
        ].join("\t"),
      );
    }
    return true;
  }
  if (path === "contract-maxima") {
    const maxima = result as MaximaView;
    for (const type of CONTRACT_TYPES) {
      const terms = Object.entries(maxima[type] ?? {}).map(([term, value]) => {
        const threshold = term === "periodValidBet" || term === "periodProfitLoss" || term === "betAmount" || term === "activeMembers";
        return `${term} ${threshold ? "at least" : "at most"} ${value}${term.endsWith("ate") ? "%" : ""}`;
      });
      log([type, ...terms].join("\t"));
    }
    return true;
  }
  return false;
}

const settleBody = z.object({ merchant: z.string().min(1).optional(), type: z.string().max(16).optional() });
const maximaBody = z.object({
  merchant: z.string().min(1).optional(),
  type: z.string().max(16),
  values: z.record(z.string().max(32), z.union([z.string().max(32), z.number()])).optional(),
  reset: z.literal(true).optional(),
});
const freezeBody = z.object({ merchant: z.string().min(1).optional(), username: z.string().min(1).max(100), on: z.boolean() });

/** The operator listener's routes for these commands (operator-http.ts). */
export function registerAgentOperatorRoutes(app: Hono, db: Db, merchant: string, now: () => Date): void {
  app.post("/operator/settle", async (c) => {
    const parsed = settleBody.safeParse(await c.req.json().catch(() => ({})));
    if (!parsed.success) throw new OperatorError("Bad request: type must be a contract type.");
    return c.json({ ok: true, result: await settleNow(db, parsed.data.merchant ?? merchant, parsed.data.type, now()) });
  });
  app.get("/operator/contracts", async (c) => {
    const flagged = c.req.query("flagged") === "1";
    return c.json({
      ok: true,
      result: await listAgentContracts(db, c.req.query("merchant") ?? merchant, c.req.query("username") || undefined, flagged),
    });
  });
  app.get("/operator/contract-maxima", async (c) => {
    return c.json({ ok: true, result: await contractMaxima(db, c.req.query("merchant") ?? merchant) });
  });
  app.post("/operator/contract-maxima", async (c) => {
    const parsed = maximaBody.safeParse(await c.req.json().catch(() => undefined));
    if (!parsed.success || (!parsed.data.reset && !parsed.data.values))
      throw new OperatorError("Bad request: type and values (or reset: true) are required.");
    const { type, values, reset } = parsed.data;
    return c.json({ ok: true, result: await setContractMaxima(db, parsed.data.merchant ?? merchant, type, reset ? "reset" : values!) });
  });
  app.post("/operator/freeze", async (c) => {
    const parsed = freezeBody.safeParse(await c.req.json().catch(() => undefined));
    if (!parsed.success) throw new OperatorError("Bad request: username and on (boolean) are required.");
    return c.json({ ok: true, result: await setFrozen(db, parsed.data.merchant ?? merchant, parsed.data.username, parsed.data.on) });
  });
}
