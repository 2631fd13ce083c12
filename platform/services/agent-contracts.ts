import { z } from "zod";
import type { Db, Sql } from "../db/db";
import { PlatformError } from "../http/context";
import { LANGUAGES, type Localized, message, type MessageKey } from "../messages";
import { parseAmount } from "../money";
import { type AgentMessageKind, notify } from "./inbox";
import { type ContractType, isAgentType } from "./agents";
import type { Merchant } from "./merchants";
import type { Period } from "./agent-settlement";
import type { Paging } from "./periods";
import type { SessionMember } from "./sessions";
import { lockMember, runOnce } from "./requests";

// The agent contracts of decision 025: an upline offers a direct sub-agent a dividend or salary
// contract; the other side answers; either side may ask to end an accepted one. One row per offer
// in agent_contracts; every move is one transaction that locks the rows it changes, so two
// answers to one request cannot both win. Settlement (paying them) is agent-settlement.ts.

/** The relay of each contract type (decision 025); its module and flag are in agents.ts. */
export const CONTRACT_RELAYS: Record<ContractType, string> = {
  DIVIDEND: "MCS2_processDividendReq",
  DAILY: "MCS2_processDailySalContract",
  HOURLY: "MCS2_processContractHourSalary",
  REALTIME: "MCSFE_processRealTimeSalaryContract",
};

export const CONTRACT_ACTIONS = ["PREVIEW", "OFFER", "ACCEPT", "REJECT", "TERMINATE", "CANCEL"] as const;
export type ContractAction = (typeof CONTRACT_ACTIONS)[number];

// ---------------------------------------------------------------------------------------------
// Terms

export type DividendPeriod = "D" | "W" | "H" | "M";

/** Rates in percent (two decimals), amounts in major units, as on the wire and in the jsonb column. */
export type ContractTerms =
  | { rate: number; period: DividendPeriod; periodValidBet: number; periodProfitLoss: number; activeMembers: number }
  | { rate: number; periodValidBet: number; activeMembers: number }
  | { rate: number; betAmount: number; activeMembers: number }
  | { rate: number; singleBetSalary: number; winRate: number; lossRate: number };

/** Terms read back for settlement: rates in hundredths of a percent, amounts in minor units. */
export interface TermsMinor {
  rate: number;
  period: DividendPeriod | null;
  periodValidBet: number;
  periodProfitLoss: number;
  activeMembers: number;
  betAmount: number;
  singleBetSalary: number;
  winRate: number;
  lossRate: number;
}

/** Major units: far above any real threshold, and small enough that no period's pay can leave 2^53 minor units. */
const MAX_TERM_AMOUNT = 10_000_000;

/** A non-negative number with at most two decimals (number or numeric string), at most max. */
const decimal = (max: number) =>
  z.union([z.number(), z.string().max(20)]).transform((v, ctx) => {
    const minor = typeof v === "number" && !Number.isFinite(v) ? null : parseAmount(typeof v === "number" ? String(v) : v);
    if (minor === null || minor < 0 || minor > max * 100) {
      ctx.addIssue({ code: z.ZodIssueCode.custom });
      return z.NEVER;
    }
    return minor / 100;
  });
const rate = decimal(100);
const amount = decimal(MAX_TERM_AMOUNT);
const count = z
  .union([
    z.number().int(),
    z
      .string()
      .regex(/^\d{1,7}$/)
      .transform(Number),
  ])
  .pipe(z.number().int().min(0).max(1_000_000));

const TERMS_SCHEMAS = {
  DIVIDEND: z.object({
    rate,
    period: z.enum(["D", "W", "H", "M"]),
    periodValidBet: amount.default(0),
    periodProfitLoss: amount.default(0),
    activeMembers: count.default(0),
  }),
  DAILY: z.object({ rate, periodValidBet: amount.default(0), activeMembers: count.default(0) }),
  HOURLY: z.object({ rate, betAmount: amount.default(0), activeMembers: count.default(0) }),
  REALTIME: z.object({ rate, singleBetSalary: amount.default(0), winRate: rate.default(0), lossRate: rate.default(0) }),
} satisfies Record<ContractType, z.ZodTypeAny>;

/** The terms of a type, normalised (unknown keys dropped, defaults 0), else contract.terms.invalid. */
export function parseTerms(type: ContractType, raw: unknown): ContractTerms {
  const parsed = TERMS_SCHEMAS[type].safeParse(raw ?? undefined);
  if (!parsed.success) throw new PlatformError("contract.terms.invalid", "contract.terms.invalid");
  return parsed.data as ContractTerms;
}

const minorOf = (value: unknown) => (typeof value === "number" ? (parseAmount(String(value)) ?? 0) : 0);

export function termsMinor(terms: Record<string, unknown>): TermsMinor {
  const period = terms.period;
  return {
    rate: minorOf(terms.rate),
    period: period === "D" || period === "W" || period === "H" || period === "M" ? period : null,
    periodValidBet: minorOf(terms.periodValidBet),
    periodProfitLoss: minorOf(terms.periodProfitLoss),
    activeMembers: typeof terms.activeMembers === "number" ? terms.activeMembers : 0,
    betAmount: minorOf(terms.betAmount),
    singleBetSalary: minorOf(terms.singleBetSalary),
    winRate: minorOf(terms.winRate),
    lossRate: minorOf(terms.lossRate),
  };
}

// ---------------------------------------------------------------------------------------------
// Bounds (issue 25, decision 034): no contract is more generous than the offering agent's own

type BoundedTerm = Exclude<keyof TermsMinor, "period">;

/** The terms that pay: the downline's may be at most the bound. */
const PAY_TERMS: Record<ContractType, readonly BoundedTerm[]> = {
  DIVIDEND: ["rate"],
  DAILY: ["rate"],
  HOURLY: ["rate"],
  REALTIME: ["rate", "singleBetSalary", "winRate", "lossRate"],
};
/** What the team must reach before anything is due: lower is more generous, so the downline's must be at least the bound. */
const THRESHOLDS: Record<ContractType, readonly BoundedTerm[]> = {
  DIVIDEND: ["periodValidBet", "periodProfitLoss", "activeMembers"],
  DAILY: ["periodValidBet", "activeMembers"],
  HOURLY: ["betAmount", "activeMembers"],
  REALTIME: [],
};

/** A bound that allows no pay: an agent holding no contract of the type offers nothing of it. */
export const NOTHING: TermsMinor = {
  rate: 0,
  period: null,
  periodValidBet: 0,
  periodProfitLoss: 0,
  activeMembers: 0,
  betAmount: 0,
  singleBetSalary: 0,
  winRate: 0,
  lossRate: 0,
};

/**
 * The operator's maxima for a top-level agent (no agent above it), wire units; the merchant setting
 * contractMaxima overrides them term by term ({"REALTIME": {"rate": 1, "singleBetSalary": 0.1}}).
 * Thresholds here are the least a contract may ask.
 */
export const DEFAULT_MAXIMA: Record<ContractType, Record<string, number>> = {
  DIVIDEND: { rate: 50, periodValidBet: 0, periodProfitLoss: 0, activeMembers: 0 },
  DAILY: { rate: 2, periodValidBet: 0, activeMembers: 0 },
  HOURLY: { rate: 2, betAmount: 0, activeMembers: 0 },
  // No per-bet salary unless the operator sets a maximum for it: it is paid on the smallest stake
  // too, so any default above nothing lets an agent farm it with its own downlines' minimum bets
  // (a 0.10 salary on a 0.10 bet is thirty times the house's expected win on it).
  REALTIME: { rate: 1, singleBetSalary: 0, winRate: 5, lossRate: 5 },
};

/** The terms of a type a bound covers, by name, with their wire schema (period aside). */
export function boundedTerms(type: ContractType): string[] {
  return Object.keys(DEFAULT_MAXIMA[type]);
}

/** One term's value on the wire (number or numeric string), parsed as an offer's would be; null when invalid. */
export function parseTerm(type: ContractType, term: string, value: unknown): number | null {
  const schema = (TERMS_SCHEMAS[type].shape as Record<string, z.ZodTypeAny>)[term];
  if (!schema || value === undefined || value === null) return null;
  const parsed = schema.safeParse(value);
  return parsed.success ? (parsed.data as number) : null;
}

/** The operator's maxima of the type for this merchant, defaults under the setting; an invalid value keeps the default. */
export function operatorMaxima(merchant: Merchant, type: ContractType): TermsMinor {
  const setting = merchant.settings.contractMaxima;
  const own = setting && typeof setting === "object" ? (setting as Record<string, unknown>)[type] : undefined;
  const wire: Record<string, unknown> = { ...DEFAULT_MAXIMA[type] };
  if (own && typeof own === "object") {
    for (const term of boundedTerms(type)) {
      const value = parseTerm(type, term, (own as Record<string, unknown>)[term]);
      if (value !== null) wire[term] = value;
    }
  }
  return termsMinor(wire);
}

/** The stricter of two bounds, term by term (the first's dividend period when both name one). */
export function tighter(type: ContractType, a: TermsMinor, b: TermsMinor): TermsMinor {
  const out = { ...a, period: a.period ?? b.period };
  for (const t of PAY_TERMS[type]) out[t] = Math.min(a[t], b[t]);
  for (const t of THRESHOLDS[type]) out[t] = Math.max(a[t], b[t]);
  return out;
}

/** The terms more generous than the bound, by name ("period": a dividend period other than the bound's). */
export function exceeded(type: ContractType, terms: TermsMinor, bound: TermsMinor): string[] {
  const over: string[] = [];
  for (const t of PAY_TERMS[type]) if (terms[t] > bound[t]) over.push(t);
  for (const t of THRESHOLDS[type]) if (terms[t] < bound[t]) over.push(t);
  if (type === "DIVIDEND" && bound.period !== null && terms.period !== bound.period) over.push("period");
  return over;
}

/** The terms brought within the bound (the dividend period is the contract's own). */
export function capped(type: ContractType, terms: TermsMinor, bound: TermsMinor): TermsMinor {
  return { ...tighter(type, terms, bound), period: terms.period };
}

/** A bound in wire units (percent, major units), for messages and the operator. */
export function boundView(type: ContractType, bound: TermsMinor): Record<string, number | string> {
  const view: Record<string, number | string> = {};
  for (const t of boundedTerms(type) as BoundedTerm[]) view[t] = t === "activeMembers" ? bound[t] : bound[t] / 100;
  if (type === "DIVIDEND" && bound.period !== null) view.period = bound.period;
  return view;
}

const msOf = (at: Date | string) => new Date(at).getTime();

/**
 * The most an agent may offer (or have its downlines paid) of the type in each period: a top-level
 * agent (no agent above it) has the operator's maxima; any other the strictest of its own contracts
 * of the type in force during the period, each brought within its own upline's bound the same way,
 * and within the maxima; null where it held none.
 */
export async function boundsOver(
  sql: Sql,
  merchant: Merchant,
  agentId: number,
  type: ContractType,
  periods: Period[],
  depth = 0,
): Promise<(TermsMinor | null)[]> {
  const maxima = operatorMaxima(merchant, type);
  const [agent] = await sql.query<{ upline_id: number | null; upline_type: number | null }>(
    "SELECT m.upline_id, u.account_type AS upline_type FROM members m LEFT JOIN members u ON u.id = m.upline_id WHERE m.id = $1",
    [agentId],
  );
  if (!agent || depth > 64) return periods.map(() => null);
  if (agent.upline_id === null || !isAgentType(Number(agent.upline_type))) return periods.map(() => maxima);
  const own = await sql.query<{ terms: Record<string, unknown>; accepted_at: Date; finished_at: Date | null }>(
    `SELECT terms, accepted_at, finished_at FROM agent_contracts
      WHERE downline_id = $1 AND contract_type = $2 AND accepted_at IS NOT NULL
        AND (status = 'ACCEPTED' OR (status = 'FINISHED' AND finished_at IS NOT NULL))`,
    [agentId, type],
  );
  if (own.length === 0) return periods.map(() => null);
  const above = await boundsOver(sql, merchant, Number(agent.upline_id), type, periods, depth + 1);
  return periods.map((p, i) => {
    const inForce = own.filter((r) => msOf(r.accepted_at) < p.end && (r.finished_at === null || msOf(r.finished_at) > p.start));
    if (inForce.length === 0) return null;
    return inForce.reduce((bound, r) => tighter(type, bound, capped(type, termsMinor(r.terms), above[i] ?? NOTHING)), maxima);
  });
}

/** The bound of an offer by the agent now; refuses when it holds no contract of the type, or the terms exceed the bound. */
async function checkWithinOwn(
  sql: Sql,
  merchant: Merchant,
  agentId: number,
  type: ContractType,
  terms: TermsMinor,
  now: Date,
): Promise<void> {
  const t = now.getTime();
  const [bound] = await boundsOver(sql, merchant, agentId, type, [{ start: t, end: t + 1 }]);
  if (!bound) throw refuse("contract.type.not.held");
  const over = exceeded(type, terms, bound);
  if (over.length === 0) return;
  const key: MessageKey =
    over.length === 1 && over[0] === "period" ? "contract.terms.period.own" : (`contract.terms.above.own.${type}` as MessageKey);
  throw new PlatformError("contract.terms.above.own", key, 200, {
    vars: boundView(type, bound),
    value: { bound: boundView(type, bound), terms: over },
  });
}

// ---------------------------------------------------------------------------------------------
// Inbox

/**
 * An inbox message rendered from the locale dictionaries in every language (the reader's Language
 * header picks one). `{type}` is the contract type's name in each language.
 */
export async function agentNotice(
  sql: Sql,
  merchant: string,
  memberId: number,
  kind: AgentMessageKind,
  title: MessageKey,
  content: MessageKey,
  vars: Record<string, string | number>,
  now: Date,
  type?: ContractType,
): Promise<void> {
  const render = (key: MessageKey) =>
    Object.fromEntries(
      LANGUAGES.map((lang) => [
        lang,
        message(key, lang, type ? { ...vars, type: message(`contract.type.${type}` as MessageKey, lang) } : vars),
      ]),
    ) as Localized;
  await notify(sql, merchant, memberId, kind, {}, now, { title: render(title), content: render(content) });
}

// ---------------------------------------------------------------------------------------------
// Rows and their wire shape

interface ContractRow {
  id: number;
  contract_type: ContractType;
  upline_id: number;
  downline_id: number;
  status: "PENDING" | "ACCEPTED" | "REJECTED" | "FINISHED";
  request: "NEW" | "TERMINATION" | null;
  request_by: "UPLINE" | "DOWNLINE" | null;
  terms: Record<string, unknown>;
  rate: string | number;
  created_at: Date;
  accepted_at: Date | null;
  finished_at: Date | null;
  settled_until: Date | null;
  upline_account: string;
  downline_account: string;
}

const CONTRACT_SELECT = `SELECT c.id, c.contract_type, c.upline_id, c.downline_id, c.status, c.request, c.request_by, c.terms,
       c.rate, c.created_at, c.accepted_at, c.finished_at, c.settled_until, u.username AS upline_account, d.username AS downline_account
  FROM agent_contracts c JOIN members u ON u.id = c.upline_id JOIN members d ON d.id = c.downline_id`;

const ms = (at: Date | string | null) => (at === null ? null : new Date(at).getTime());

export function contractView(row: ContractRow) {
  return {
    contractId: Number(row.id),
    contractType: row.contract_type,
    uplineId: Number(row.upline_id),
    uplineAccount: row.upline_account,
    downlineId: Number(row.downline_id),
    downlineAccount: row.downline_account,
    status: row.status,
    request: row.request,
    requestBy: row.request_by,
    terms: row.terms,
    createdAt: ms(row.created_at),
    acceptedAt: ms(row.accepted_at),
    finishedAt: ms(row.finished_at),
    lastSettledAt: ms(row.settled_until),
  };
}
export type ContractView = ReturnType<typeof contractView>;

async function readContract(sql: Sql, id: number): Promise<ContractRow> {
  const [row] = await sql.query<ContractRow>(`${CONTRACT_SELECT} WHERE c.id = $1`, [id]);
  if (!row) throw new Error(`contract ${id} vanished`);
  return row;
}

// ---------------------------------------------------------------------------------------------
// Reads

export type ContractRole = "mine" | "team" | "all";
export const CONTRACT_STATUSES = ["PENDING", "ACCEPTED", "REJECTED", "FINISHED"] as const;

export interface ContractQuery {
  role: ContractRole;
  status?: (typeof CONTRACT_STATUSES)[number];
  page: Paging;
}

/**
 * GET of a contract relay: my contracts of the type (mine = my upline's offers to me, team = those I
 * offered), the count waiting for my answer, and the latest 20 paid settlements in the same scope.
 */
export async function listContracts(sql: Sql, merchant: string, memberId: number, type: ContractType, q: ContractQuery) {
  const scope = `c.merchant = $1 AND c.contract_type = $2
     AND (($3 = 'mine' AND c.downline_id = $4) OR ($3 = 'team' AND c.upline_id = $4) OR ($3 = 'all' AND (c.downline_id = $4 OR c.upline_id = $4)))`;
  const params = [merchant, type, q.role, memberId];
  const [count] = await sql.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM agent_contracts c WHERE ${scope} AND ($5::text IS NULL OR c.status = $5)`,
    [...params, q.status ?? null],
  );
  const rows = await sql.query<ContractRow>(
    `${CONTRACT_SELECT} WHERE ${scope} AND ($5::text IS NULL OR c.status = $5)
      ORDER BY c.created_at DESC, c.id DESC LIMIT $6 OFFSET $7`,
    [...params, q.status ?? null, q.page.pageSize, (q.page.pageNo - 1) * q.page.pageSize],
  );
  // A request waits for me when I am a party and the other side made it.
  const [pending] = await sql.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM agent_contracts c
      WHERE ${scope} AND c.request IS NOT NULL
        AND ((c.upline_id = $4 AND c.request_by = 'DOWNLINE') OR (c.downline_id = $4 AND c.request_by = 'UPLINE'))`,
    params,
  );
  const settlements = await sql.query<{
    contract_id: number;
    period_start: Date;
    period_end: Date;
    valid_bet: number;
    profit_loss: number;
    active_members: number;
    amount: number;
    created_at: Date;
  }>(
    `SELECT s.contract_id, s.period_start, s.period_end, s.valid_bet, s.profit_loss, s.active_members, s.amount, s.created_at
       FROM contract_settlements s JOIN agent_contracts c ON c.id = s.contract_id
      WHERE ${scope} AND s.amount > 0
      ORDER BY s.created_at DESC, s.period_start DESC LIMIT 20`,
    params,
  );
  const total = Number(count?.n ?? 0);
  return {
    list: rows.map(contractView),
    total,
    totalPages: Math.ceil(total / q.page.pageSize),
    pageNo: q.page.pageNo,
    pending: Number(pending?.n ?? 0),
    settlements: settlements.map((s) => ({
      contractId: Number(s.contract_id),
      periodStart: ms(s.period_start),
      periodEnd: ms(s.period_end),
      validBet: Number(s.valid_bet) / 100,
      profitLoss: Number(s.profit_loss) / 100,
      activeMembers: Number(s.active_members),
      amount: Number(s.amount) / 100,
      time: ms(s.created_at),
    })),
  };
}

// ---------------------------------------------------------------------------------------------
// Moves

export interface ContractRequest {
  requestId: string;
  action: ContractAction;
  contractId?: number;
  downlineId?: number;
  terms?: unknown;
  confirm?: boolean;
}

const refuse = (code: MessageKey & string, vars?: Record<string, string | number>, value?: unknown) =>
  new PlatformError(code, code, 200, { vars, value });
const badRequest = () => new PlatformError("parameter.invalid", "parameter.invalid", 400);

/**
 * Runs a move once per (member, requestId) (services/requests.ts) in one transaction holding the
 * member's row. The store is reward_requests, the member centre's table of requestId answers (its
 * action column names the contract call and move).
 */
function once<T extends object>(
  db: Db,
  memberId: number,
  requestId: string,
  action: string,
  content: unknown,
  now: Date,
  work: (sql: Sql) => Promise<T>,
): Promise<T & { replayed?: true }> {
  return runOnce<T & { replayed?: true }>(
    db,
    { store: "reward_requests", memberId, requestId, action, content, now, lock: lockMember(memberId), markReplayed: true },
    work,
  );
}

interface DownlineRow {
  id: number;
  username: string;
  account_type: number;
  upline_id: number | null;
}

/** A direct sub-agent of the upline, else downline.not.direct / downline.not.agent. */
async function directSubAgent(sql: Sql, merchant: string, uplineId: number, downlineId: number): Promise<DownlineRow> {
  const [row] = await sql.query<DownlineRow>("SELECT id, username, account_type, upline_id FROM members WHERE id = $1 AND merchant = $2", [
    downlineId,
    merchant,
  ]);
  if (!row || Number(row.upline_id) !== uplineId) throw refuse("downline.not.direct");
  if (!isAgentType(row.account_type)) throw refuse("downline.not.agent");
  return row;
}

/** The downline's own ACCEPTED contracts of the type (it is their upline) more generous than the terms, and which terms. */
async function contractsAbove(sql: Sql, agentId: number, type: ContractType, terms: TermsMinor, lock: boolean) {
  const rows = await sql.query<{ id: number; downline_id: number; account: string; rate: string; terms: Record<string, unknown> }>(
    `SELECT c.id, c.downline_id, d.username AS account, c.rate, c.terms FROM agent_contracts c JOIN members d ON d.id = c.downline_id
      WHERE c.upline_id = $1 AND c.contract_type = $2 AND c.status = 'ACCEPTED'
      ORDER BY c.id ${lock ? "FOR NO KEY UPDATE OF c" : ""}`,
    [agentId, type],
  );
  return rows.map((r) => ({ ...r, over: exceeded(type, termsMinor(r.terms), terms) })).filter((r) => r.over.length > 0);
}

const affectedView = (rows: { id: number; account: string; rate: string }[]) =>
  rows.map((r) => ({ contractId: Number(r.id), account: r.account, rate: Number(r.rate) }));

/** POST of a contract relay: PREVIEW answers the affected contracts; every other move the contract after it. */
export async function contractMove(
  db: Db,
  merchant: Merchant,
  member: SessionMember,
  type: ContractType,
  body: ContractRequest,
  now: Date,
) {
  const me = member.memberId;
  if (body.action === "PREVIEW" || body.action === "OFFER") {
    if (body.downlineId === undefined) throw badRequest();
    const downlineId = body.downlineId;
    const terms = parseTerms(type, body.terms);
    if (body.action === "PREVIEW") {
      // Reads only: nothing stored, so the form may preview and then offer with one requestId.
      await directSubAgent(db, merchant.code, me, downlineId);
      return { affected: affectedView(await contractsAbove(db, downlineId, type, termsMinor(terms), false)) };
    }
    const content = { type, downlineId, terms, confirm: body.confirm === true };
    return once(db, me, body.requestId, `contract.${type}.OFFER`, content, now, (sql) =>
      offer(sql, merchant, member, type, downlineId, terms, body.confirm === true, now),
    );
  }
  if (body.contractId === undefined) throw badRequest();
  const contractId = body.contractId;
  const action = body.action;
  return once(db, me, body.requestId, `contract.${type}.${action}`, { type, contractId }, now, (sql) =>
    answer(sql, merchant, member, type, contractId, action, now),
  );
}

async function offer(
  sql: Sql,
  merchant: Merchant,
  member: SessionMember,
  type: ContractType,
  downlineId: number,
  terms: ContractTerms,
  confirm: boolean,
  now: Date,
) {
  const downline = await directSubAgent(sql, merchant.code, member.memberId, downlineId);
  const pending = await sql.query("SELECT 1 FROM agent_contracts WHERE downline_id = $1 AND contract_type = $2 AND status = 'PENDING'", [
    downlineId,
    type,
  ]);
  if (pending.length > 0) throw refuse("contract.pending.exists");
  await checkWithinOwn(sql, merchant, member.memberId, type, termsMinor(terms), now);
  const affected = affectedView(await contractsAbove(sql, downlineId, type, termsMinor(terms), false));
  if (affected.length > 0 && !confirm) throw refuse("contract.confirm.required", undefined, { affected });
  const [row] = await sql.query<{ id: number }>(
    `INSERT INTO agent_contracts (merchant, contract_type, upline_id, downline_id, status, request, request_by, terms, rate, created_at)
     VALUES ($1, $2, $3, $4, 'PENDING', 'NEW', 'UPLINE', $5, $6, $7) RETURNING id`,
    [merchant.code, type, member.memberId, downlineId, JSON.stringify(terms), terms.rate, now],
  );
  const id = Number(row!.id);
  await agentNotice(
    sql,
    merchant.code,
    downline.id,
    "AGENT_CONTRACT",
    "inbox.contract.title",
    "inbox.contract.offered",
    { account: member.username, rate: terms.rate, id },
    now,
    type,
  );
  return contractView(await readContract(sql, id));
}

async function answer(
  sql: Sql,
  merchant: Merchant,
  member: SessionMember,
  type: ContractType,
  contractId: number,
  action: ContractAction,
  now: Date,
) {
  const me = member.memberId;
  // The row lock makes two answers to one request wait for each other; the second sees the first's result.
  const [c] = await sql.query<Omit<ContractRow, "upline_account" | "downline_account">>(
    `SELECT id, contract_type, upline_id, downline_id, status, request, request_by, terms, rate, created_at, accepted_at, finished_at, settled_until
       FROM agent_contracts WHERE id = $1 AND merchant = $2 AND contract_type = $3 FOR NO KEY UPDATE`,
    [contractId, merchant.code, type],
  );
  const uplineId = Number(c?.upline_id);
  const downlineId = Number(c?.downline_id);
  if (!c || (uplineId !== me && downlineId !== me)) throw refuse("contract.not.found");
  const mySide = uplineId === me ? "UPLINE" : "DOWNLINE";
  const other = mySide === "UPLINE" ? downlineId : uplineId;
  const notice = (content: MessageKey) =>
    agentNotice(
      sql,
      merchant.code,
      other,
      "AGENT_CONTRACT",
      "inbox.contract.title",
      content,
      { account: member.username, id: contractId },
      now,
      type,
    );
  const invalid = () => refuse("contract.state.invalid");
  const answering = c.request !== null && c.request_by !== mySide;
  const requesting = c.request !== null && c.request_by === mySide;

  switch (action) {
    case "ACCEPT":
      if (!answering) throw invalid();
      if (c.request === "NEW") {
        await acceptNew(sql, merchant, c.id, uplineId, downlineId, type, termsMinor(c.terms), now);
        await notice("inbox.contract.accepted");
      } else {
        await sql.query(
          "UPDATE agent_contracts SET status = 'FINISHED', request = NULL, request_by = NULL, finished_at = $2 WHERE id = $1",
          [c.id, now],
        );
        await notice("inbox.contract.terminated");
      }
      break;
    case "REJECT":
      if (!answering) throw invalid();
      if (c.request === "NEW") {
        await sql.query(
          "UPDATE agent_contracts SET status = 'REJECTED', request = NULL, request_by = NULL, finished_at = $2 WHERE id = $1",
          [c.id, now],
        );
        await notice("inbox.contract.rejected");
      } else {
        await sql.query("UPDATE agent_contracts SET request = NULL, request_by = NULL WHERE id = $1", [c.id]);
        await notice("inbox.contract.termination.rejected");
      }
      break;
    case "TERMINATE":
      if (c.status !== "ACCEPTED" || c.request !== null) throw invalid();
      await sql.query("UPDATE agent_contracts SET request = 'TERMINATION', request_by = $2 WHERE id = $1", [c.id, mySide]);
      await notice("inbox.contract.termination.requested");
      break;
    case "CANCEL":
      if (!requesting) throw invalid();
      if (c.request === "NEW") {
        await sql.query(
          "UPDATE agent_contracts SET status = 'FINISHED', request = NULL, request_by = NULL, finished_at = $2 WHERE id = $1",
          [c.id, now],
        );
        await notice("inbox.contract.offer.cancelled");
      } else {
        await sql.query("UPDATE agent_contracts SET request = NULL, request_by = NULL WHERE id = $1", [c.id]);
        await notice("inbox.contract.termination.cancelled");
      }
      break;
    default:
      throw invalid();
  }
  return contractView(await readContract(sql, c.id));
}

/**
 * A NEW offer accepted: the pair's earlier ACCEPTED contract of the type ends (replacement), and
 * so do the downline's own contracts of the type more generous than the new terms (the lower rule,
 * recomputed now: they could pay more than the downline gets), each with a message to both parties.
 */
async function acceptNew(
  sql: Sql,
  merchant: Merchant,
  id: number,
  uplineId: number,
  downlineId: number,
  type: ContractType,
  terms: TermsMinor,
  now: Date,
) {
  // Re-checked at the answer: the tree or the upline's own contract may have changed since the offer.
  const [downline] = await sql.query<{ upline_id: number | null; username: string }>(
    "SELECT upline_id, username FROM members WHERE id = $1",
    [downlineId],
  );
  if (Number(downline?.upline_id) !== uplineId) throw refuse("downline.not.direct");
  await checkWithinOwn(sql, merchant, uplineId, type, terms, now);

  await sql.query(
    `UPDATE agent_contracts SET status = 'FINISHED', request = NULL, request_by = NULL, finished_at = $3
      WHERE downline_id = $1 AND contract_type = $2 AND status = 'ACCEPTED'`,
    [downlineId, type, now],
  );
  const above = await contractsAbove(sql, downlineId, type, terms, true);
  for (const ended of above) {
    await sql.query("UPDATE agent_contracts SET status = 'FINISHED', request = NULL, request_by = NULL, finished_at = $2 WHERE id = $1", [
      ended.id,
      now,
    ]);
    const vars = { id: Number(ended.id), upline: downline!.username, downline: ended.account, rate: terms.rate / 100 };
    const content = ended.over.includes("rate") ? "inbox.contract.ended.lower" : "inbox.contract.ended.terms";
    for (const party of [downlineId, Number(ended.downline_id)]) {
      await agentNotice(sql, merchant.code, party, "AGENT_CONTRACT", "inbox.contract.title", content, vars, now, type);
    }
  }
  await sql.query("UPDATE agent_contracts SET status = 'ACCEPTED', request = NULL, request_by = NULL, accepted_at = $2 WHERE id = $1", [
    id,
    now,
  ]);
}
