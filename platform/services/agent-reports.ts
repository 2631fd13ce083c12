import type { Sql } from "../db/db";
import { PlatformError } from "../http/context";
import { MAIN_WALLET } from "../ledger";
import { type Language, type Localized, message, pick } from "../messages";
import { toMajor } from "../money";
import { AGENT_TYPES, findTeamAccount, teamDepth } from "./agents";
import { BUSINESS_OFFSET_MS, businessPeriod, type DateRange, type Paging, totalPages } from "./periods";
import { BONUS_KINDS } from "./bonuses";

// The agent centre's reports of decision 025: announcements, team overview, downline list, team
// bets, team profit and loss, the agent's income and the team's transactions. The team is read
// through the closure table member_tree (ancestor = the agent, depth > 0), never by walking
// upline_id. Money is in minor units here and major on the wire; times are epoch ms.

const DAY_MS = 86_400_000;

const offsetOf = (paging: Paging) => (paging.pageNo - 1) * paging.pageSize;

/**
 * A list of ledger kinds written into the SQL text (constants of this file, never input): a
 * literal list lets the planner use migration 014's partial index over these kinds.
 */
function kindList(kinds: readonly string[]): string {
  if (kinds.length === 0) return "(NULL)";
  for (const kind of kinds) if (!/^[a-z_.]+$/.test(kind)) throw new Error(`not a ledger kind: ${kind}`);
  return `(${kinds.map((kind) => `'${kind}'`).join(", ")})`;
}
const ms = (value: Date | string | null | undefined) => (value ? new Date(value).getTime() : null);

/** Withdrawal statuses whose money went out to the player (the operator issued it). */
const WITHDRAWN = ["ISSUED", "RECEIVED", "PARTLY_RECEIVED"];

// ---------------------------------------------------------------------------------------------
// Announcements (AGEANNOUNCE3)

/** MCS2_getAgentAnnouncements: published ones, newest first. */
export async function agentAnnouncements(sql: Sql, merchant: string, paging: Paging, lang: Language, now: Date) {
  const [count] = await sql.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM agent_announcements WHERE merchant = $1 AND published_at <= $2",
    [merchant, now],
  );
  const rows = await sql.query<{ id: number; title: Localized; content: Localized; published_at: Date }>(
    `SELECT id, title, content, published_at FROM agent_announcements WHERE merchant = $1 AND published_at <= $2
      ORDER BY published_at DESC, id DESC LIMIT $3 OFFSET $4`,
    [merchant, now, paging.pageSize, offsetOf(paging)],
  );
  const total = count?.n ?? 0;
  return {
    list: rows.map((row) => ({
      id: Number(row.id),
      title: pick(row.title, lang),
      content: pick(row.content, lang),
      time: ms(row.published_at),
    })),
    total,
    totalPages: totalPages(total, paging.pageSize),
  };
}

// ---------------------------------------------------------------------------------------------
// Team overview (AGEINFO3)

export type PeriodName = "today" | "yesterday" | "week" | "month";

/** The overview's periods in the operator's day (UTC+06:00): [start, end). The week starts Monday. */
export function overviewPeriods(now: Date): { period: PeriodName; start: Date; end: Date }[] {
  const today = businessPeriod(now, "DAILY");
  const month = businessPeriod(now, "MONTHLY");
  const weekday = (new Date(now.getTime() + BUSINESS_OFFSET_MS).getUTCDay() + 6) % 7; // Monday 0
  const weekStart = new Date(today.start.getTime() - weekday * DAY_MS);
  return [
    { period: "today", start: today.start, end: today.end },
    { period: "yesterday", start: new Date(today.start.getTime() - DAY_MS), end: today.start },
    { period: "week", start: weekStart, end: new Date(weekStart.getTime() + 7 * DAY_MS) },
    { period: "month", start: month.start, end: month.end },
  ];
}

/**
 * Per-period aggregate columns over one time column: `<name>_<i>` for each period i, each
 * expression filtered to [start, end). Periods' bounds are parameters from `first` on.
 */
function periodColumns(count: number, first: number, column: string, exprs: Record<string, (filter: string) => string>): string {
  const columns: string[] = [];
  for (let i = 0; i < count; i++) {
    const filter = `${column} >= $${first + 2 * i} AND ${column} < $${first + 2 * i + 1}`;
    for (const [name, expr] of Object.entries(exprs)) columns.push(`${expr(filter)} AS ${name}_${i}`);
  }
  return columns.join(", ");
}

/** ODSFE2_getTeamOverview. profitLoss is the team's players' result (wins − stakes). */
export async function teamOverview(sql: Sql, agentId: number, now: Date) {
  const periods = overviewPeriods(now);
  const bounds = periods.flatMap((p) => [p.start, p.end]);
  const from = new Date(Math.min(...periods.map((p) => p.start.getTime())));
  const to = new Date(Math.max(...periods.map((p) => p.end.getTime())));
  const n = periods.length;

  const [agent] = await sql.query<{ username: string; balance: number | null }>(
    `SELECT m.username, a.balance FROM members m
       LEFT JOIN ledger_accounts a ON a.member_id = m.id AND a.kind = 'wallet' AND a.account_type_id = $2
      WHERE m.id = $1`,
    [agentId, MAIN_WALLET],
  );
  const [team] = await sql.query<Record<string, number>>(
    `SELECT count(*)::int AS team, count(*) FILTER (WHERE t.depth = 1)::int AS direct,
            count(*) FILTER (WHERE m.account_type = ANY($2::smallint[]))::int AS agents,
            ${periodColumns(n, 3, "m.created_at", { new: (f) => `count(*) FILTER (WHERE ${f})::int` })}
       FROM member_tree t JOIN members m ON m.id = t.descendant_id
      WHERE t.ancestor_id = $1 AND t.depth > 0`,
    [agentId, AGENT_TYPES, ...bounds],
  );
  // Account by account (LATERAL): each team account's bets in the range are read from the index
  // bets_member_time_sums alone, so the cost follows the team, not the merchant's whole book. An
  // account played in a period when its sum there is not null (stakes are positive).
  const sums = periods.map((_, i) => {
    const f = `b.created_at >= $${4 + 2 * i} AND b.created_at < $${5 + 2 * i}`;
    return `sum(b.stake) FILTER (WHERE ${f}) AS stake_${i}, sum(b.win - b.stake) FILTER (WHERE ${f}) AS result_${i}`;
  });
  const totals = periods.map(
    (_, i) =>
      `count(x.stake_${i})::int AS active_${i}, coalesce(sum(x.stake_${i}), 0)::bigint AS stake_${i}, coalesce(sum(x.result_${i}), 0)::bigint AS result_${i}`,
  );
  const [bets] = await sql.query<Record<string, number>>(
    `SELECT ${totals.join(", ")}
       FROM member_tree t CROSS JOIN LATERAL (
              SELECT ${sums.join(", ")} FROM bets b
               WHERE b.member_id = t.descendant_id AND NOT b.trial AND b.created_at >= $2 AND b.created_at < $3) x
      WHERE t.ancestor_id = $1 AND t.depth > 0`,
    [agentId, from, to, ...bounds],
  );
  const [deposits] = await sql.query<Record<string, number>>(
    `SELECT ${periodColumns(n, 4, "r.created_at", {
      count: (f) => `count(*) FILTER (WHERE ${f})::int`,
      amount: (f) => `coalesce(sum(r.amount_minor) FILTER (WHERE ${f}), 0)::bigint`,
    })}
       FROM member_tree t JOIN deposit_requests r ON r.member_id = t.descendant_id
      WHERE t.ancestor_id = $1 AND t.depth > 0 AND r.status = 'APPROVED' AND r.created_at >= $2 AND r.created_at < $3`,
    [agentId, from, to, ...bounds],
  );
  const [withdrawals] = await sql.query<Record<string, number>>(
    `SELECT ${periodColumns(n, 5, "w.created_at", {
      count: (f) => `count(*) FILTER (WHERE ${f})::int`,
      amount: (f) => `coalesce(sum(w.amount_minor) FILTER (WHERE ${f}), 0)::bigint`,
    })}
       FROM member_tree t JOIN withdrawals w ON w.member_id = t.descendant_id
      WHERE t.ancestor_id = $1 AND t.depth > 0 AND w.status = ANY($4::text[]) AND w.created_at >= $2 AND w.created_at < $3`,
    [agentId, from, to, WITHDRAWN, ...bounds],
  );
  const at = (row: Record<string, number> | undefined, name: string, i: number) => Number(row?.[`${name}_${i}`] ?? 0);
  return {
    account: agent?.username ?? "",
    balance: toMajor(Number(agent?.balance ?? 0)),
    teamSize: team?.team ?? 0,
    directMembers: team?.direct ?? 0,
    subAgents: team?.agents ?? 0,
    periods: periods.map((p, i) => ({
      period: p.period,
      newMembers: at(team, "new", i),
      activeMembers: at(bets, "active", i),
      depositAmount: toMajor(at(deposits, "amount", i)),
      depositCount: at(deposits, "count", i),
      withdrawAmount: toMajor(at(withdrawals, "amount", i)),
      withdrawCount: at(withdrawals, "count", i),
      validBet: toMajor(at(bets, "stake", i)),
      profitLoss: toMajor(at(bets, "result", i)),
    })),
  };
}

// ---------------------------------------------------------------------------------------------
// Downline list (AGEDOWNMAN3)

export const DOWNLINE_SORTS = ["registerTime", "lastLoginTime", "balance", "account"] as const;
export type DownlineSort = (typeof DOWNLINE_SORTS)[number];

export interface DownlineQuery {
  /** Default: the agent. */
  parentId?: number;
  keyword?: string;
  /** Depth below parentId; 0 = all levels. Absent: 1, or all levels with a keyword. */
  level?: number;
  sort: DownlineSort;
  order: "asc" | "desc";
  paging: Paging;
}

const SORT_COLUMNS: Record<DownlineSort, string> = {
  registerTime: "m.created_at",
  lastLoginTime: "m.last_login_at",
  balance: "coalesce(a.balance, 0)",
  account: "lower(m.username)",
};

/** MCS2_getDownlineList: parentId must be the agent or in its team, else downline.not.found. */
export async function downlineList(sql: Sql, agentId: number, q: DownlineQuery) {
  const parentId = q.parentId ?? agentId;
  const parentDepth = await teamDepth(sql, agentId, parentId);
  if (parentDepth === null) throw new PlatformError("downline.not.found", "downline.not.found");
  const keyword = q.keyword?.trim() || null;
  const level = q.level ?? (keyword ? 0 : 1);

  // strpos, not LIKE: the keyword's % and _ are characters, not wildcards.
  const filter = `p.ancestor_id = $1 AND p.depth > 0 AND ($2::int = 0 OR p.depth = $2) AND ($3::text IS NULL OR strpos(lower(m.username), lower($3)) > 0)`;
  const params = [parentId, level, keyword];
  const [count] = await sql.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM member_tree p JOIN members m ON m.id = p.descendant_id WHERE ${filter}`,
    params,
  );
  const direction = q.order === "asc" ? "ASC" : "DESC";
  // Never-logged-in accounts last either way; the id keeps pages stable among equal values.
  const rows = await sql.query<{
    id: number;
    username: string;
    nickname: string;
    account_type: number;
    frozen: boolean;
    created_at: Date;
    last_login_at: Date | null;
    depth: number;
    balance: number;
  }>(
    `SELECT m.id, m.username, m.nickname, m.account_type, m.frozen, m.created_at, m.last_login_at, p.depth, coalesce(a.balance, 0) AS balance
       FROM member_tree p JOIN members m ON m.id = p.descendant_id
       LEFT JOIN ledger_accounts a ON a.member_id = m.id AND a.kind = 'wallet' AND a.account_type_id = ${MAIN_WALLET}
      WHERE ${filter}
      ORDER BY ${SORT_COLUMNS[q.sort]} ${direction} NULLS LAST, m.id ${direction}
      LIMIT $4 OFFSET $5`,
    [...params, q.paging.pageSize, offsetOf(q.paging)],
  );
  const ids = rows.map((row) => row.id);
  const directs = ids.length
    ? await sql.query<{ id: number; n: number }>(
        "SELECT ancestor_id AS id, count(*)::int AS n FROM member_tree WHERE ancestor_id = ANY($1::bigint[]) AND depth = 1 GROUP BY ancestor_id",
        [ids],
      )
    : [];
  const directCount = new Map(directs.map((row) => [Number(row.id), row.n]));
  // From the agent (depth parentDepth above parentId) down to parentId (depth 0).
  const crumbs = await sql.query<{ id: number; username: string }>(
    `SELECT m.id, m.username FROM member_tree t JOIN members m ON m.id = t.ancestor_id
      WHERE t.descendant_id = $1 AND t.depth <= $2 ORDER BY t.depth DESC`,
    [parentId, parentDepth],
  );
  const total = count?.n ?? 0;
  return {
    list: rows.map((row) => ({
      customerId: Number(row.id),
      account: row.username,
      nickname: row.nickname,
      type: row.account_type,
      level: parentDepth + row.depth,
      directCount: directCount.get(Number(row.id)) ?? 0,
      balance: toMajor(Number(row.balance)),
      lastLoginTime: ms(row.last_login_at),
      registerTime: ms(row.created_at),
      status: row.frozen ? "FROZEN" : "NORMAL",
    })),
    total,
    totalPages: totalPages(total, q.paging.pageSize),
    breadcrumb: crumbs.map((row) => ({ customerId: Number(row.id), account: row.username })),
  };
}

// ---------------------------------------------------------------------------------------------
// Team betting, user profit and loss (PERSPNL3)

export interface TeamQuery {
  range: DateRange;
  /** One team account by user name; one outside the team gives an empty answer. */
  account?: string;
  paging: Paging;
}

/** The account filter as a member id: undefined = the whole team, null = nobody (not in the team). */
async function accountFilter(sql: Sql, merchant: string, agentId: number, account: string | undefined): Promise<number | null | undefined> {
  if (!account) return undefined;
  return (await findTeamAccount(sql, merchant, agentId, account))?.id ?? null;
}

/** ODSFE2_getTeamBetRecords: the team's real bets, newest first, with the range's summary. */
export async function teamBetRecords(sql: Sql, merchant: string, agentId: number, q: TeamQuery) {
  const only = await accountFilter(sql, merchant, agentId, q.account);
  const empty = { list: [], total: 0, totalPages: 0, summary: { count: 0, stake: 0, win: 0, profit: 0 } };
  if (only === null) return empty;
  const params = [agentId, only ?? null, q.range.from, q.range.to];
  // The summary account by account (LATERAL, from the index bets_member_time_sums alone).
  const [sum] = await sql.query<{ n: number; stake: number; win: number }>(
    `SELECT coalesce(sum(x.n), 0)::int AS n, coalesce(sum(x.stake), 0)::bigint AS stake, coalesce(sum(x.win), 0)::bigint AS win
       FROM member_tree t CROSS JOIN LATERAL (
              SELECT count(*) AS n, sum(b.stake) AS stake, sum(b.win) AS win FROM bets b
               WHERE b.member_id = t.descendant_id AND NOT b.trial AND b.created_at >= $3 AND b.created_at <= $4) x
      WHERE t.ancestor_id = $1 AND t.depth > 0 AND ($2::bigint IS NULL OR t.descendant_id = $2)`,
    params,
  );
  const total = sum?.n ?? 0;
  if (total === 0) return empty;
  // The page: a plain join, so the planner picks per team size (a small team's index ranges, or a
  // large team's bets by hash).
  const rows = await sql.query<{
    id: number;
    username: string;
    name: string;
    game_type: string;
    vassalage: string;
    stake: number;
    win: number;
    created_at: Date;
  }>(
    `SELECT b.id, m.username, g.name, g.game_type, g.vassalage, b.stake, b.win, b.created_at
       FROM (SELECT b.id, b.member_id, b.game_id, b.stake, b.win, b.created_at
               FROM member_tree t JOIN bets b ON b.member_id = t.descendant_id
              WHERE t.ancestor_id = $1 AND t.depth > 0 AND ($2::bigint IS NULL OR t.descendant_id = $2)
                AND NOT b.trial AND b.created_at >= $3 AND b.created_at <= $4
              ORDER BY b.created_at DESC, b.id DESC LIMIT $5 OFFSET $6) b
       JOIN members m ON m.id = b.member_id JOIN games g ON g.id = b.game_id
      ORDER BY b.created_at DESC, b.id DESC`,
    [...params, q.paging.pageSize, offsetOf(q.paging)],
  );
  const stake = Number(sum?.stake ?? 0);
  const win = Number(sum?.win ?? 0);
  return {
    list: rows.map((row) => ({
      betId: Number(row.id),
      account: row.username,
      gameName: row.name,
      gameType: row.game_type,
      vendor: row.vassalage,
      stake: toMajor(Number(row.stake)),
      win: toMajor(Number(row.win)),
      profit: toMajor(Number(row.win) - Number(row.stake)),
      time: ms(row.created_at),
    })),
    total,
    totalPages: totalPages(total, q.paging.pageSize),
    summary: { count: total, stake: toMajor(stake), win: toMajor(win), profit: toMajor(win - stake) },
  };
}

interface ProfitRow {
  id: number | null;
  username: string | null;
  account_type: number | null;
  depth: number | null;
  deposit: number | null;
  withdraw: number | null;
  stake: number | null;
  win: number | null;
  bonus: number | null;
  n: number;
  s_deposit: number;
  s_withdraw: number;
  s_stake: number;
  s_win: number;
  s_bonus: number;
}

/**
 * ODSFE2_getTeamProfitLoss: one row per team account with any activity in the range (approved
 * deposits, withdrawals paid out, real bets, bonus credits), highest valid bet first (then by id).
 */
export async function teamProfitLoss(sql: Sql, merchant: string, agentId: number, q: TeamQuery) {
  const only = await accountFilter(sql, merchant, agentId, q.account);
  const summaryOf = (s: { deposit: number; withdraw: number; stake: number; win: number; bonus: number }) => ({
    depositAmount: toMajor(s.deposit),
    withdrawAmount: toMajor(s.withdraw),
    validBet: toMajor(s.stake),
    win: toMajor(s.win),
    profitLoss: toMajor(s.win - s.stake),
    bonus: toMajor(s.bonus),
  });
  if (only === null)
    return { list: [], total: 0, totalPages: 0, summary: summaryOf({ deposit: 0, withdraw: 0, stake: 0, win: 0, bonus: 0 }) };
  // Every source's rows of the team in one UNION ALL and one aggregate by account (one pass, no
  // join per source); then the summary and the page in one answer (the summary row comes back even
  // when the page is empty).
  const rows = await sql.query<ProfitRow>(
    `WITH team AS NOT MATERIALIZED (
       SELECT descendant_id AS id, depth FROM member_tree
        WHERE ancestor_id = $1 AND depth > 0 AND ($2::bigint IS NULL OR descendant_id = $2)
     ), facts AS (
       -- Account by account (LATERAL, from the index bets_member_time_sums alone).
       SELECT team.id, x.stake, x.win, 0::bigint AS deposit, 0::bigint AS withdraw, 0::bigint AS bonus
         FROM team CROSS JOIN LATERAL (
                SELECT sum(b.stake)::bigint AS stake, sum(b.win)::bigint AS win FROM bets b
                 WHERE b.member_id = team.id AND NOT b.trial AND b.created_at >= $3 AND b.created_at <= $4) x
        WHERE x.stake IS NOT NULL
       UNION ALL
       SELECT r.member_id, 0, 0, r.amount_minor, 0, 0
         FROM team JOIN deposit_requests r ON r.member_id = team.id
        WHERE r.status = 'APPROVED' AND r.created_at >= $3 AND r.created_at <= $4
       UNION ALL
       SELECT w.member_id, 0, 0, 0, w.amount_minor, 0
         FROM team JOIN withdrawals w ON w.member_id = team.id
        WHERE w.status = ANY($5::text[]) AND w.created_at >= $3 AND w.created_at <= $4
       UNION ALL
       SELECT a.member_id, 0, 0, 0, 0, e.amount
         FROM ledger_transactions x
         JOIN ledger_entries e ON e.transaction_id = x.id AND e.amount > 0
         JOIN ledger_accounts a ON a.id = e.account_id AND a.kind = 'wallet'
         JOIN team ON team.id = a.member_id
        WHERE x.merchant = $8 AND x.kind IN ${kindList(Object.keys(BONUS_KINDS))} AND x.created_at >= $3 AND x.created_at <= $4
     ), active AS (
       SELECT id, sum(deposit)::bigint AS deposit, sum(withdraw)::bigint AS withdraw, sum(stake)::bigint AS stake,
              sum(win)::bigint AS win, sum(bonus)::bigint AS bonus
         FROM facts GROUP BY id
     ), summary AS (
       SELECT count(*)::int AS n, coalesce(sum(deposit), 0)::bigint AS s_deposit, coalesce(sum(withdraw), 0)::bigint AS s_withdraw,
              coalesce(sum(stake), 0)::bigint AS s_stake, coalesce(sum(win), 0)::bigint AS s_win, coalesce(sum(bonus), 0)::bigint AS s_bonus
         FROM active
     )
     SELECT s.*, p.* FROM summary s LEFT JOIN LATERAL (
       SELECT active.*, team.depth, m.username, m.account_type FROM (
         SELECT * FROM active ORDER BY stake DESC, id LIMIT $6 OFFSET $7) active
         JOIN team ON team.id = active.id JOIN members m ON m.id = active.id
        ORDER BY active.stake DESC, active.id
     ) p ON true`,
    [agentId, only ?? null, q.range.from, q.range.to, WITHDRAWN, q.paging.pageSize, offsetOf(q.paging), merchant],
  );
  const head = rows[0];
  const total = head?.n ?? 0;
  return {
    list: rows
      .filter((row) => row.id !== null)
      .map((row) => ({
        customerId: Number(row.id),
        account: row.username ?? "",
        type: row.account_type ?? 0,
        level: row.depth ?? 0,
        ...summaryOf({
          deposit: Number(row.deposit),
          withdraw: Number(row.withdraw),
          stake: Number(row.stake),
          win: Number(row.win),
          bonus: Number(row.bonus),
        }),
      })),
    total,
    totalPages: totalPages(total, q.paging.pageSize),
    summary: summaryOf({
      deposit: Number(head?.s_deposit ?? 0),
      withdraw: Number(head?.s_withdraw ?? 0),
      stake: Number(head?.s_stake ?? 0),
      win: Number(head?.s_win ?? 0),
      bonus: Number(head?.s_bonus ?? 0),
    }),
  };
}

// ---------------------------------------------------------------------------------------------
// My income (AGEINFO3)

export const INCOME_TYPES = ["COMMISSION", "DIVIDEND", "DAILY_SALARY", "HOURLY_SALARY", "REALTIME_SALARY"] as const;
export type IncomeType = (typeof INCOME_TYPES)[number];

/** The ledger kinds that pay an agent, by the income type they show as. */
export const INCOME_KINDS: Record<string, IncomeType> = {
  "agent.commission": "COMMISSION",
  "agent.dividend": "DIVIDEND",
  "agent.salary.daily": "DAILY_SALARY",
  "agent.salary.hourly": "HOURLY_SALARY",
  "agent.salary.realtime": "REALTIME_SALARY",
};

const SUMMARY_FIELDS: Record<IncomeType, "commission" | "dividend" | "dailySalary" | "hourlySalary" | "realtimeSalary"> = {
  COMMISSION: "commission",
  DIVIDEND: "dividend",
  DAILY_SALARY: "dailySalary",
  HOURLY_SALARY: "hourlySalary",
  REALTIME_SALARY: "realtimeSalary",
};

export interface IncomeQuery {
  range: DateRange;
  incomeType?: IncomeType;
  paging: Paging;
}

/**
 * ODSFE2_getAgentIncome: the credits of the income kinds to the agent's main wallet, newest first;
 * a salary or dividend names its contract and period (contract_settlements.ledger_tx).
 */
export async function agentIncome(sql: Sql, agentId: number, q: IncomeQuery) {
  const kinds = Object.entries(INCOME_KINDS)
    .filter(([, type]) => !q.incomeType || type === q.incomeType)
    .map(([kind]) => kind);
  const from = `
      FROM ledger_accounts a JOIN ledger_entries e ON e.account_id = a.id
      JOIN ledger_transactions t ON t.id = e.transaction_id`;
  const filter = `a.member_id = $1 AND a.kind = 'wallet' AND a.account_type_id = ${MAIN_WALLET} AND e.amount > 0
       AND t.kind IN ${kindList(kinds)} AND t.created_at >= $2 AND t.created_at <= $3`;
  const params = [agentId, q.range.from, q.range.to];
  const sums = await sql.query<{ kind: string; n: number; amount: number }>(
    `SELECT t.kind, count(*)::int AS n, sum(e.amount)::bigint AS amount ${from} WHERE ${filter} GROUP BY t.kind`,
    params,
  );
  const rows = await sql.query<{
    id: number;
    kind: string;
    amount: number;
    created_at: Date;
    contract_id: number | null;
    period_start: Date | null;
    period_end: Date | null;
  }>(
    `SELECT t.id, t.kind, e.amount, t.created_at, s.contract_id, s.period_start, s.period_end ${from}
       LEFT JOIN contract_settlements s ON s.ledger_tx = t.id
      WHERE ${filter}
      ORDER BY t.created_at DESC, t.id DESC LIMIT $4 OFFSET $5`,
    [...params, q.paging.pageSize, offsetOf(q.paging)],
  );
  const summary = { commission: 0, dividend: 0, dailySalary: 0, hourlySalary: 0, realtimeSalary: 0, total: 0 };
  let total = 0;
  for (const sum of sums) {
    const type = INCOME_KINDS[sum.kind];
    if (!type) continue;
    summary[SUMMARY_FIELDS[type]] += Number(sum.amount);
    summary.total += Number(sum.amount);
    total += sum.n;
  }
  return {
    list: rows.map((row) => ({
      id: Number(row.id),
      incomeType: INCOME_KINDS[row.kind] ?? "COMMISSION",
      amount: toMajor(Number(row.amount)),
      periodStart: ms(row.period_start),
      periodEnd: ms(row.period_end),
      contractId: row.contract_id === null ? null : Number(row.contract_id),
      time: ms(row.created_at),
    })),
    total,
    totalPages: totalPages(total, q.paging.pageSize),
    summary: Object.fromEntries(Object.entries(summary).map(([key, value]) => [key, toMajor(value)])) as typeof summary,
  };
}

// ---------------------------------------------------------------------------------------------
// Transaction details (AGEINFO3)

export const TEAM_TX_TYPES = ["DEPOSIT", "WITHDRAW", "TRANSFER_DOWN", "TRANSFER_UP"] as const;
export type TeamTxType = (typeof TEAM_TX_TYPES)[number];

/** Ledger kinds of transfers between an upline and a downline; the member centre's own call writes upline.transfer. */
export const TRANSFER_DOWN_KINDS = ["agent.transfer.down"];
export const TRANSFER_UP_KINDS = ["agent.transfer.up", "upline.transfer", "upline_transfer"];

export interface TeamTxQuery {
  range: DateRange;
  account?: string;
  txType?: TeamTxType;
  paging: Paging;
}

const TX_NAME_KEYS = {
  DEPOSIT: "agent.txType.DEPOSIT",
  WITHDRAW: "agent.txType.WITHDRAW",
  TRANSFER_DOWN: "agent.txType.TRANSFER_DOWN",
  TRANSFER_UP: "agent.txType.TRANSFER_UP",
} as const satisfies Record<TeamTxType, string>;

/**
 * ODSFE2_getTeamTransactions: deposits and withdrawals of team accounts, and the transfers between
 * the agent and its team and inside the team, newest first. A row's account is the team account it
 * concerns (for a transfer, the downline side); its id is the deposit's, the withdrawal's or the
 * ledger transaction's id (unique together with txType).
 */
export async function teamTransactions(sql: Sql, merchant: string, agentId: number, q: TeamTxQuery, lang: Language) {
  const only = await accountFilter(sql, merchant, agentId, q.account);
  if (only === null) return { list: [], total: 0, totalPages: 0 };
  const wants = (type: TeamTxType) => !q.txType || q.txType === type;
  const transferKinds = [...(wants("TRANSFER_DOWN") ? TRANSFER_DOWN_KINDS : []), ...(wants("TRANSFER_UP") ? TRANSFER_UP_KINDS : [])];
  // $1 agent, $2 account filter, $3/$4 range, $5/$6 deposits/withdrawals wanted, $7 merchant, $8/$9 page.
  const rows = await sql.query<{
    n: number;
    id: number | null;
    tx_type: TeamTxType | null;
    username: string | null;
    amount: number | null;
    status: string | null;
    at: Date | null;
  }>(
    `WITH team AS NOT MATERIALIZED (
       SELECT descendant_id AS id FROM member_tree WHERE ancestor_id = $1 AND depth > 0
     ), rows AS (
       SELECT r.id, 'DEPOSIT' AS tx_type, r.member_id, r.amount_minor AS amount,
              CASE r.status WHEN 'APPROVED' THEN 'SUCCESS' WHEN 'PENDING' THEN 'PENDING' ELSE 'REJECTED' END AS status, r.created_at AS at
         FROM team JOIN deposit_requests r ON r.member_id = team.id
        WHERE $5::boolean AND ($2::bigint IS NULL OR r.member_id = $2) AND r.created_at >= $3 AND r.created_at <= $4
       UNION ALL
       SELECT w.id, 'WITHDRAW', w.member_id, w.amount_minor,
              CASE WHEN w.status IN ('PENDING', 'NOT_RECEIVED') THEN 'PENDING' WHEN w.status = 'REJECTED' THEN 'REJECTED' ELSE 'SUCCESS' END, w.created_at
         FROM team JOIN withdrawals w ON w.member_id = team.id
        WHERE $6::boolean AND ($2::bigint IS NULL OR w.member_id = $2) AND w.created_at >= $3 AND w.created_at <= $4
       UNION ALL
       -- A transfer's downline side: the credited wallet going down, the debited one going up.
       SELECT t.id, CASE WHEN t.kind IN ${kindList(TRANSFER_DOWN_KINDS)} THEN 'TRANSFER_DOWN' ELSE 'TRANSFER_UP' END, a.member_id, abs(e.amount), 'SUCCESS', t.created_at
         FROM ledger_transactions t
         JOIN ledger_entries e ON e.transaction_id = t.id
         JOIN ledger_accounts a ON a.id = e.account_id AND a.kind = 'wallet' AND a.account_type_id = ${MAIN_WALLET}
         JOIN team ON team.id = a.member_id
        WHERE t.merchant = $7 AND t.kind IN ${kindList(transferKinds)} AND t.created_at >= $3 AND t.created_at <= $4
          AND (e.amount > 0) = (t.kind IN ${kindList(TRANSFER_DOWN_KINDS)})
          AND ($2::bigint IS NULL OR a.member_id = $2 OR EXISTS (
                SELECT 1 FROM ledger_entries o JOIN ledger_accounts oa ON oa.id = o.account_id
                 WHERE o.transaction_id = t.id AND oa.member_id = $2))
     ), summary AS (SELECT count(*)::int AS n FROM rows)
     SELECT s.n, p.* FROM summary s LEFT JOIN LATERAL (
       SELECT rows.id, rows.tx_type, m.username, rows.amount, rows.status, rows.at
         FROM rows JOIN members m ON m.id = rows.member_id
        ORDER BY rows.at DESC, rows.tx_type, rows.id DESC LIMIT $8 OFFSET $9
     ) p ON true`,
    [agentId, only ?? null, q.range.from, q.range.to, wants("DEPOSIT"), wants("WITHDRAW"), merchant, q.paging.pageSize, offsetOf(q.paging)],
  );
  const total = rows[0]?.n ?? 0;
  return {
    list: rows
      .filter((row) => row.id !== null && row.tx_type !== null)
      .map((row) => ({
        id: Number(row.id),
        account: row.username ?? "",
        txType: row.tx_type!,
        txTypeName: message(TX_NAME_KEYS[row.tx_type!], lang),
        amount: toMajor(Number(row.amount)),
        status: row.status ?? "SUCCESS",
        time: ms(row.at),
      })),
    total,
    totalPages: totalPages(total, q.paging.pageSize),
  };
}

// ---------------------------------------------------------------------------------------------
// Affiliate links (AGEDOWNMAN3)

/** An agent holds at most this many affiliate codes. */
export const MAX_AFFILIATE_CODES = 10;

/** MCS2_getAffiliateLinks: the agent's codes, oldest first, with the accounts registered by each. */
export async function affiliateLinks(sql: Sql, merchant: string, agentId: number) {
  const rows = await sql.query<{ code: string; account_type: number; created_at: Date; registrations: number }>(
    `SELECT c.code, c.account_type, c.created_at,
            (SELECT count(*)::int FROM members m WHERE m.upline_id = c.member_id AND m.register_info->>'affiliateCode' = c.code) AS registrations
       FROM affiliate_codes c WHERE c.merchant = $1 AND c.member_id = $2 AND c.enabled
      ORDER BY c.created_at, c.code`,
    [merchant, agentId],
  );
  return {
    list: rows.map((row) => ({
      code: row.code,
      accountType: row.account_type,
      registrations: row.registrations,
      createdAt: ms(row.created_at),
    })),
  };
}
