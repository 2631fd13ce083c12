import type { Db, Sql } from "../db/db";
import { type Localized, pick } from "../messages";
import { toMajor } from "../money";
import { businessPeriod } from "./periods";
import { turnover } from "./ranks";
import { type Actor, creditBonus, once, RewardRefused } from "./rewards";

// Missions and their leaderboard (decision 017, MISSIONLB3). Progress is read from the member's
// real bets (count, turnover) and deposit credits of the business day or month; a reward is
// claimed once per mission and period, through the ledger (kind mission).

interface MissionRow {
  id: number;
  code: string;
  title: Localized;
  description: Localized;
  metric: "BET_COUNT" | "TURNOVER" | "DEPOSIT";
  game_type: string | null;
  period: "DAILY" | "MONTHLY";
  target: number;
  reward: number;
}

export type MissionStatus = "IN_PROGRESS" | "CLAIMABLE" | "CLAIMED";

async function progressOf(sql: Sql, actor: Actor, m: MissionRow, start: Date, end: Date): Promise<number> {
  if (m.metric === "DEPOSIT") {
    const [row] = await sql.query<{ amount: string }>(
      `SELECT coalesce(sum(e.amount), 0)::text AS amount
         FROM ledger_entries e
         JOIN ledger_accounts a ON a.id = e.account_id
         JOIN ledger_transactions t ON t.id = e.transaction_id
        WHERE a.merchant = $1 AND a.kind = 'wallet' AND a.member_id = $2 AND t.kind = 'deposit' AND e.amount > 0
          AND t.created_at >= $3 AND t.created_at < $4`,
      [actor.merchant, actor.memberId, start, end],
    );
    return Number(row?.amount ?? 0);
  }
  if (m.metric === "TURNOVER" && m.game_type === null) return turnover(sql, actor.merchant, actor.memberId, start, end);
  const [row] = await sql.query<{ n: number; stake: string }>(
    `SELECT count(*)::int AS n, coalesce(sum(b.stake), 0)::text AS stake
       FROM bets b JOIN games g ON g.id = b.game_id
      WHERE b.merchant = $1 AND b.member_id = $2 AND NOT b.trial AND b.created_at >= $3 AND b.created_at < $4
        AND ($5::text IS NULL OR g.game_type = $5)`,
    [actor.merchant, actor.memberId, start, end, m.game_type],
  );
  return m.metric === "BET_COUNT" ? (row?.n ?? 0) : Number(row?.stake ?? 0);
}

async function missionState(sql: Sql, actor: Actor, m: MissionRow) {
  const period = businessPeriod(actor.now, m.period);
  const progress = await progressOf(sql, actor, m, period.start, period.end);
  const claimed = await sql.query("SELECT 1 FROM mission_claims WHERE member_id = $1 AND mission_id = $2 AND period_key = $3", [
    actor.memberId,
    m.id,
    period.key,
  ]);
  const status: MissionStatus = claimed.length > 0 ? "CLAIMED" : progress >= m.target ? "CLAIMABLE" : "IN_PROGRESS";
  return { period, progress, status };
}

const MISSION_SELECT = `SELECT id, code, title, description, metric, game_type, period, target, reward FROM missions WHERE merchant = $1 AND enabled`;

/** GET MCSFE_getMissionSummaryDetails. */
export async function missionSummary(sql: Sql, actor: Actor) {
  const rows = await sql.query<MissionRow>(`${MISSION_SELECT} ORDER BY sort, id`, [actor.merchant]);
  const list = [];
  for (const m of rows) {
    const { period, progress, status } = await missionState(sql, actor, m);
    const money = m.metric !== "BET_COUNT";
    list.push({
      missionId: m.id,
      title: pick(m.title, actor.lang),
      description: pick(m.description, actor.lang),
      metric: m.metric,
      gameType: m.game_type,
      period: m.period,
      target: money ? toMajor(m.target) : m.target,
      progress: money ? toMajor(Math.min(progress, m.target)) : Math.min(progress, m.target),
      reward: toMajor(m.reward),
      status,
      endTime: period.end.getTime(),
    });
  }
  return { list, count: list.filter((m) => m.status === "CLAIMABLE").length };
}

/** First two letters, ***, last two (as the winners board of decision 014). */
export function maskName(name: string): string {
  if (name.length <= 4) return `${name.slice(0, 1)}***`;
  return `${name.slice(0, 2)}***${name.slice(-2)}`;
}

/** GET MCSFE_getMissionLeaderboard: this business month's real turnover, highest first. */
export async function missionLeaderboard(sql: Sql, actor: Actor, limit: number) {
  const month = businessPeriod(actor.now, "MONTHLY");
  const rows = await sql.query<{ member_id: number; username: string; stake: string; rank: number }>(
    `SELECT b.member_id, m.username, sum(b.stake)::text AS stake,
            (rank() OVER (ORDER BY sum(b.stake) DESC))::int AS rank
       FROM bets b JOIN members m ON m.id = b.member_id
      WHERE b.merchant = $1 AND NOT b.trial AND b.created_at >= $2 AND b.created_at < $3
      GROUP BY b.member_id, m.username
      ORDER BY sum(b.stake) DESC, b.member_id`,
    [actor.merchant, month.start, month.end],
  );
  const mine = rows.find((r) => r.member_id === actor.memberId);
  return {
    list: rows.slice(0, limit).map((r) => ({
      rank: r.rank,
      customerName: maskName(r.username),
      turnover: toMajor(Number(r.stake)),
      isMe: r.member_id === actor.memberId,
    })),
    myRank: mine?.rank ?? null,
    myTurnover: toMajor(Number(mine?.stake ?? 0)),
  };
}

/** POST MCSFE_claimMission. */
export function claimMission(db: Db, actor: Actor, requestId: string, missionId: number) {
  return once(db, actor, requestId, "mission", { missionId }, async (sql) => {
    const [m] = await sql.query<MissionRow>(`${MISSION_SELECT} AND id = $2`, [actor.merchant, missionId]);
    if (!m) throw new RewardRefused("mission.not.found");
    const { period, status } = await missionState(sql, actor, m);
    if (status === "CLAIMED") throw new RewardRefused("mission.already.claimed");
    if (status !== "CLAIMABLE") throw new RewardRefused("mission.not.complete");
    const credit = await creditBonus(sql, actor, `mission:${actor.memberId}:${requestId}`, "mission", m.reward, m.title);
    await sql.query(
      "INSERT INTO mission_claims (member_id, mission_id, period_key, amount, ledger_tx, created_at) VALUES ($1, $2, $3, $4, $5, $6)",
      [actor.memberId, m.id, period.key, m.reward, credit.transactionId, actor.now],
    );
    return { missionId: m.id, status: "CLAIMED" as const, amount: toMajor(m.reward), balance: toMajor(credit.balance) };
  });
}
