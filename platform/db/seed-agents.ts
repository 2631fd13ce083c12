import { createHash } from "node:crypto";
import { MAIN_WALLET } from "../ledger";
import { BUSINESS_OFFSET_MS, businessPeriod } from "../services/periods";
import type { Db, Sql } from "./db";
import {
  AGENT_OPENING,
  affiliateCodeSeeds,
  agentAnnouncementSeeds,
  commissionSeeds,
  type TeamAccountSeed,
  teamSeeds,
} from "./seed-agents-data";
import { clubLabels, DEMO_PASSWORD } from "./seed-data";
import { prng } from "./seed-games-data";
import { demoPasswordHash } from "./seed-passwords";
import { runSeedStep } from "./seed-step";

// The agent team's demo data (decision 025), seed step agent-tree: 37 accounts in four levels under
// demo_agent (seed-agents-data.ts), their opening balances, deposits, withdrawals and real bets on
// the demo games over the last 60 days (some today and yesterday, relative to the seed run), six
// agent announcements, demo_agent's commissions of past months and affiliate codes.
//
// The whole seed runs at every test file's start, so this step writes its rows with a few batched
// statements: the ledger movements are planned in memory in time order (balances never below
// zero) and written as one INSERT of transactions and one of entries, with the keys, kinds,
// fingerprints and running balances the ledger itself writes.

const STEP = "agent-tree";
const DAY = 86_400_000;
const HOUR = 3_600_000;
const MINUTE = 60_000;

/** A wallet side: the house, or a member's main wallet. */
type Side = "house" | number;

interface Movement {
  key: string;
  kind: string;
  memo: string;
  at: Date;
  from: Side;
  to: Side;
  /** Minor units, positive. */
  amount: number;
}

const refKey = (side: Side) => (side === "house" ? "house" : `wallet:${side}:${MAIN_WALLET}`);

/** The ledger's fingerprint of a movement (ledger.ts: kind and legs in a canonical order), so a retried key compares alike. */
function fingerprint(m: Movement): string {
  const legs = [
    [refKey(m.from), -m.amount],
    [refKey(m.to), m.amount],
  ].sort(([a], [b]) => (a! < b! ? -1 : 1));
  return createHash("sha256")
    .update(JSON.stringify([m.kind, legs]))
    .digest("hex");
}

/** Writes the movements in time order with their running balances; answers key → transaction id. */
async function writeMovements(sql: Sql, merchant: string, movements: Movement[]): Promise<Map<string, number>> {
  const members = [...new Set(movements.flatMap((m) => [m.from, m.to]).filter((s): s is number => s !== "house"))];
  await sql.query(
    "INSERT INTO ledger_accounts (merchant, kind) VALUES ($1, 'house') ON CONFLICT (merchant) WHERE kind = 'house' DO NOTHING",
    [merchant],
  );
  await sql.query(
    `INSERT INTO ledger_accounts (merchant, kind, member_id, account_type_id)
     SELECT $1, 'wallet', id, $3 FROM unnest($2::bigint[]) AS id
     ON CONFLICT (member_id, account_type_id) WHERE kind = 'wallet' DO NOTHING`,
    [merchant, members, MAIN_WALLET],
  );
  const accounts = await sql.query<{ id: number; member_id: number | null; balance: number }>(
    `SELECT id, member_id, balance FROM ledger_accounts
      WHERE merchant = $1 AND (kind = 'house' OR (kind = 'wallet' AND account_type_id = $3 AND member_id = ANY($2::bigint[])))
      ORDER BY id FOR UPDATE`,
    [merchant, members, MAIN_WALLET],
  );
  const accountOf = new Map<Side, number>(accounts.map((a) => [a.member_id === null ? "house" : Number(a.member_id), Number(a.id)]));
  const balance = new Map<number, number>(accounts.map((a) => [Number(a.id), Number(a.balance)]));
  const houseId = accountOf.get("house")!;

  const ordered = movements.map((m, i) => ({ m, i })).sort((a, b) => a.m.at.getTime() - b.m.at.getTime() || a.i - b.i);
  const tx = { key: [] as string[], kind: [] as string[], print: [] as string[], memo: [] as string[], at: [] as string[] };
  const entries = { tx: [] as number[], account: [] as number[], amount: [] as number[], after: [] as number[] };
  for (const [index, { m }] of ordered.entries()) {
    tx.key.push(m.key);
    tx.kind.push(m.kind);
    tx.print.push(fingerprint(m));
    tx.memo.push(m.memo);
    tx.at.push(m.at.toISOString());
    for (const [side, amount] of [
      [m.from, -m.amount],
      [m.to, m.amount],
    ] as const) {
      const account = accountOf.get(side)!;
      const after = balance.get(account)! + amount;
      if (account !== houseId && after < 0) throw new Error(`agent-tree seed: ${m.key} takes wallet ${account} below zero`);
      balance.set(account, after);
      entries.tx.push(index);
      entries.account.push(account);
      entries.amount.push(amount);
      entries.after.push(after);
    }
  }
  const ids = await sql.query<{ id: number; idempotency_key: string }>(
    `INSERT INTO ledger_transactions (merchant, idempotency_key, kind, fingerprint, memo, created_at)
     SELECT $1, u.k, u.kind, u.f, u.memo, u.at FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::timestamptz[])
       WITH ORDINALITY AS u(k, kind, f, memo, at, n)
      ORDER BY u.n RETURNING id, idempotency_key`,
    [merchant, tx.key, tx.kind, tx.print, tx.memo, tx.at],
  );
  const idOf = new Map(ids.map((row) => [row.idempotency_key, Number(row.id)]));
  await sql.query(
    `INSERT INTO ledger_entries (transaction_id, account_id, amount, balance_after)
     SELECT u.t, u.a, u.amount, u.after FROM unnest($1::bigint[], $2::bigint[], $3::bigint[], $4::bigint[]) WITH ORDINALITY AS u(t, a, amount, after, n)
      ORDER BY u.n`,
    [entries.tx.map((i) => idOf.get(tx.key[i]!)!), entries.account, entries.amount, entries.after],
  );
  const touched = [...new Set(entries.account)];
  await sql.query("UPDATE ledger_accounts l SET balance = u.b FROM unnest($1::bigint[], $2::bigint[]) AS u(id, b) WHERE l.id = u.id", [
    touched,
    touched.map((id) => balance.get(id)!),
  ]);
  return idOf;
}

// ---------------------------------------------------------------------------------------------
// The plan

interface PlannedBet {
  kind: "bet";
  memberId: number;
  at: Date;
  gameId: number;
  stake: number;
  multiplier: number;
  win: number;
  skip?: boolean;
}

interface PlannedDeposit {
  kind: "deposit";
  memberId: number;
  at: Date;
  amount: number;
  status: "APPROVED" | "PENDING" | "REJECTED";
  key: string;
}

interface PlannedWithdrawal {
  kind: "withdrawal";
  memberId: number;
  at: Date;
  amount: number;
  status: "RECEIVED" | "PENDING" | "REJECTED";
  /** Issued (RECEIVED) or refused (REJECTED). */
  decidedAt?: Date;
  confirmedAt?: Date;
  key: string;
  skip?: boolean;
}

/** A rejected withdrawal's money back, at its decision time. */
interface PlannedRefund {
  kind: "refund";
  memberId: number;
  at: Date;
  withdrawal: PlannedWithdrawal;
  key: string;
}

interface PlannedCredit {
  kind: "credit";
  memberId: number;
  at: Date;
  amount: number;
  ledgerKind: "seed" | "agent.commission";
  key: string;
  memo: string;
}

type Planned = PlannedBet | PlannedDeposit | PlannedWithdrawal | PlannedRefund | PlannedCredit;

/** Players' results: 55 % of rounds lose; wins stay under the winners board's 20× (about 71 % return). */
const OUTCOMES: [number, number][] = [
  [0.55, 0],
  [0.65, 0.5],
  [0.75, 1],
  [0.85, 1.5],
  [0.93, 2],
  [0.98, 3],
  [1, 5],
];

export async function seedAgents(db: Db, merchant: string, now: Date = new Date()): Promise<boolean> {
  return runSeedStep(
    db,
    merchant,
    STEP,
    () => demoPasswordHash(DEMO_PASSWORD),
    async (sql, passwordHash) => {
      const [agent] = await sql.query<{ id: number }>("SELECT id FROM members WHERE merchant = $1 AND username = 'demo_agent'", [merchant]);
      if (!agent) return; // a merchant without the demo accounts
      const agentId = Number(agent.id);
      const random = prng(20_261_125);
      const between = (from: number, to: number) => new Date(Math.floor(from + random() * Math.max(0, to - from)));
      /** A time in [from, to], or null when the window is empty (an account opened minutes ago). */
      const within = (from: number, to: number) => (from <= to ? between(from, to) : null);
      const today = businessPeriod(now, "DAILY").start.getTime();
      const nowMs = now.getTime();

      // ---- Accounts, level by level (the tree trigger needs the upline's rows first).
      const createdAt = new Map<string, Date>();
      for (const s of teamSeeds) {
        const at =
          s.createdDaysAgo === 0
            ? new Date(today + Math.floor((nowMs - today) * 0.3))
            : s.createdDaysAgo === 1
              ? new Date(today - DAY + 10 * HOUR)
              : new Date(nowMs - s.createdDaysAgo * DAY - Math.floor(random() * 8 * HOUR));
        createdAt.set(s.username, at);
      }
      const lastLogin = (s: TeamAccountSeed) => {
        if (s.lastLoginAfterDays === null) return null;
        const created = createdAt.get(s.username)!.getTime();
        const at = created + s.lastLoginAfterDays * DAY + Math.floor(random() * 6 * HOUR);
        return new Date(at < nowMs ? at : created + Math.floor((nowMs - created) * 0.9));
      };
      const ids = new Map<string, number>([["demo_agent", agentId]]);
      let pending = [...teamSeeds];
      while (pending.length > 0) {
        const level = pending.filter((s) => ids.has(s.upline));
        if (level.length === 0) throw new Error(`agent-tree seed: no upline for ${pending.map((s) => s.username).join(", ")}`);
        const ranks = level.map(() => 1 + Math.floor(random() * 3));
        const logins = level.map(lastLogin);
        const rows = await sql.query<{ id: number; username: string }>(
          `INSERT INTO members (merchant, username, password_hash, account_type, nickname, mobile, mobile_country, rank_level, club_label,
                                upline_id, first_login, password_changed_at, last_login_at, last_login_ip, frozen, register_info,
                                registered_ip, created_at)
           SELECT $1, u.username, $2, u.account_type, u.nickname, u.mobile, CASE WHEN u.mobile IS NULL THEN NULL ELSE '880' END,
                  u.rank, u.club::jsonb, up.id, u.last_login IS NULL, u.created, u.last_login,
                  CASE WHEN u.last_login IS NULL THEN NULL ELSE u.ip END, u.frozen,
                  CASE WHEN u.code IS NULL THEN jsonb_build_object('mode', 'downline', 'registeredBy', up.id)
                       ELSE jsonb_build_object('mode', 'account', 'affiliateCode', u.code) END,
                  u.ip, u.created
             FROM unnest($3::text[], $4::smallint[], $5::text[], $6::text[], $7::int[], $8::text[], $9::text[], $10::timestamptz[],
                         $11::timestamptz[], $12::text[], $13::boolean[], $14::text[]) WITH ORDINALITY
                  AS u(username, account_type, nickname, mobile, rank, club, upline, created, last_login, ip, frozen, code, n)
             JOIN members up ON up.merchant = $1 AND up.username = u.upline
            ORDER BY u.n
           RETURNING id, username`,
          [
            merchant,
            passwordHash,
            level.map((s) => s.username),
            level.map((s) => s.accountType),
            level.map((s) => s.nickname),
            level.map((s) => s.mobile ?? null),
            ranks,
            ranks.map((rank) => JSON.stringify(clubLabels[rank] ?? clubLabels[1])),
            level.map((s) => s.upline),
            level.map((s) => createdAt.get(s.username)!.toISOString()),
            logins.map((at) => at?.toISOString() ?? null),
            level.map((_, i) => `103.${120 + (i % 8)}.${Math.floor(random() * 250) + 1}.${Math.floor(random() * 250) + 1}`),
            level.map((s) => s.frozen ?? false),
            level.map((s) => s.affiliateCode ?? null),
          ],
        );
        for (const row of rows) ids.set(row.username, Number(row.id));
        pending = pending.filter((s) => !ids.has(s.username));
      }

      // ---- Affiliate codes, announcements.
      await sql.query("UPDATE affiliate_codes SET created_at = $3 WHERE merchant = $1 AND member_id = $2 AND code = 'AGENT01'", [
        merchant,
        agentId,
        new Date(nowMs - 90 * DAY),
      ]);
      await sql.query(
        `INSERT INTO affiliate_codes (merchant, code, member_id, account_type, created_at)
         SELECT $1, u.code, m.id, u.type, u.at FROM unnest($2::text[], $3::text[], $4::smallint[], $5::timestamptz[]) AS u(owner, code, type, at)
           JOIN members m ON m.merchant = $1 AND m.username = u.owner
         ON CONFLICT (merchant, code) DO NOTHING`,
        [
          merchant,
          affiliateCodeSeeds.map(([owner]) => owner),
          affiliateCodeSeeds.map(([, code]) => code),
          affiliateCodeSeeds.map(([, , type]) => type),
          affiliateCodeSeeds.map(([, , , days]) => new Date(nowMs - days * DAY).toISOString()),
        ],
      );
      await sql.query(
        `INSERT INTO agent_announcements (merchant, title, content, published_at)
         SELECT $1, u.title::jsonb, u.content::jsonb, u.at FROM unnest($2::text[], $3::text[], $4::timestamptz[]) WITH ORDINALITY AS u(title, content, at, n)
          ORDER BY u.n`,
        [
          merchant,
          agentAnnouncementSeeds.map((a) => JSON.stringify(a.title)),
          agentAnnouncementSeeds.map((a) => JSON.stringify(a.content)),
          agentAnnouncementSeeds.map((a) => new Date(nowMs - a.daysAgo * DAY - 3 * HOUR).toISOString()),
        ],
      );

      // ---- Money and play, planned in memory.
      const plan: Planned[] = [];
      const monthStart = businessPeriod(now, "MONTHLY").start.getTime();
      plan.push({
        kind: "credit",
        memberId: agentId,
        at: new Date(nowMs - 89 * DAY),
        amount: AGENT_OPENING * 100,
        ledgerKind: "seed",
        key: "seedagent:open:demo_agent",
        memo: "demo opening balance",
      });
      const local = new Date(nowMs + BUSINESS_OFFSET_MS);
      for (const [index, major] of commissionSeeds.entries()) {
        const monthsBack = commissionSeeds.length - index; // oldest first: 3, 2, 1 months back
        const paid = Date.UTC(local.getUTCFullYear(), local.getUTCMonth() - monthsBack + 1, 3, 10) - BUSINESS_OFFSET_MS;
        const earned = new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth() - monthsBack, 1)).toISOString().slice(0, 7);
        plan.push({
          kind: "credit",
          memberId: agentId,
          at: new Date(Math.min(paid, nowMs - 2 * HOUR)),
          amount: Math.round(major * 100),
          ledgerKind: "agent.commission",
          key: `seedagent:commission:${earned}`,
          memo: `commission ${earned}`,
        });
      }

      const games = await sql.query<{ id: number }>(
        `SELECT id FROM (
           SELECT id, row_number() OVER (PARTITION BY game_type, classify ORDER BY sort, id) AS n
             FROM games WHERE merchant = $1 AND enabled AND game_type = ANY($2)) g
          WHERE n <= 3 ORDER BY id`,
        [merchant, ["RNG", "LIVE", "SPORTS", "FISH", "PVP"]],
      );
      const players = teamSeeds.filter((s) => s.plays);
      for (const s of teamSeeds) {
        if (s.opening > 0) {
          const memberId = ids.get(s.username)!;
          plan.push({
            kind: "credit",
            memberId,
            at: new Date(createdAt.get(s.username)!.getTime() + MINUTE),
            amount: s.opening * 100,
            ledgerKind: "seed",
            key: `seedagent:open:${s.username}`,
            memo: "demo opening balance",
          });
        }
      }
      for (const [i, s] of players.entries()) {
        const memberId = ids.get(s.username)!;
        const created = createdAt.get(s.username)!.getTime() + 2 * MINUTE;
        const start = Math.max(created, nowMs - 60 * DAY);
        const times: (Date | null)[] = [];
        for (let k = 4 + Math.floor(random() * 9); k > 0; k--) times.push(within(start, nowMs - 10 * MINUTE));
        // Every report has data today and yesterday.
        if (i % 3 === 0) times.push(within(Math.max(today, created), nowMs - MINUTE));
        if (i % 4 === 1) times.push(within(Math.max(today - DAY, created), today - HOUR));
        for (const at of times) {
          if (games.length === 0 || at === null) continue;
          const big = random() < 0.1;
          const stake = (big ? 50 + Math.floor(random() * 150) : 1 + Math.floor(random() * 30)) * 100;
          const roll = random();
          const multiplier = OUTCOMES.find(([limit]) => roll < limit)![1];
          plan.push({
            kind: "bet",
            memberId,
            at,
            gameId: Number(games[Math.floor(random() * games.length)]!.id),
            stake,
            multiplier,
            win: 0,
          });
        }

        const deposit = (from: number, to: number, amount: number, status: PlannedDeposit["status"]) => {
          const at = within(Math.max(from, created + HOUR), to);
          if (at) plan.push({ kind: "deposit", memberId, at, amount, status, key: `seedagent:deposit:${s.username}:${plan.length}` });
        };
        if (i % 2 === 0) deposit(nowMs - 50 * DAY, nowMs - 3 * DAY, (5 + Math.floor(random() * 25)) * 100_00, "APPROVED");
        if (i % 5 === 0) deposit(nowMs - 20 * DAY, nowMs - DAY, (2 + Math.floor(random() * 10)) * 100_00, "APPROVED");
        if (i === 0 || i === 7 || i === 12) deposit(today, nowMs - 2 * MINUTE, (3 + i) * 100_00, "APPROVED");
        if (i === 3 || i === 16) deposit(today - DAY, today - HOUR, 1_000_00, "APPROVED");
        if (i === 4 || i === 11 || i === 18) deposit(nowMs - 6 * HOUR, nowMs - 3 * MINUTE, (5 + i) * 100_00, "PENDING");
        if (i === 5 || i === 14) deposit(nowMs - 30 * DAY, nowMs - 2 * DAY, 2_000_00, "REJECTED");

        const withdraw = (at: Date | null, amount: number, status: PlannedWithdrawal["status"], decidedAfter?: number) => {
          if (!at) return;
          const key = `seedagent:withdraw:${s.username}:${plan.length}`;
          // Decided and confirmed in the hours after, never later than now.
          const decidedAt =
            decidedAfter === undefined
              ? undefined
              : new Date(at.getTime() + Math.floor((Math.min(nowMs, at.getTime() + decidedAfter) - at.getTime()) * 0.5));
          const confirmedAt =
            status === "RECEIVED" && decidedAt
              ? new Date(decidedAt.getTime() + Math.floor((Math.min(nowMs, decidedAt.getTime() + 2 * HOUR) - decidedAt.getTime()) * 0.5))
              : undefined;
          const withdrawal: PlannedWithdrawal = { kind: "withdrawal", memberId, at, amount, status, decidedAt, confirmedAt, key };
          plan.push(withdrawal);
          if (status === "REJECTED")
            plan.push({
              kind: "refund",
              memberId,
              at: decidedAt!,
              withdrawal,
              key: `seedagent:withdrawRefund:${s.username}:${plan.length}`,
            });
        };
        if ([1, 6, 9, 13, 17, 21].includes(i)) {
          const at =
            i === 1
              ? within(Math.max(today, created), today + (nowMs - today) * 0.5)
              : within(Math.max(created + DAY, nowMs - 40 * DAY), nowMs - 2 * DAY);
          withdraw(at, (3 + Math.floor(random() * 8)) * 100_00, "RECEIVED", 4 * HOUR);
        }
        if (i === 2 || i === 19) withdraw(within(Math.max(created, nowMs - 3 * HOUR), nowMs - MINUTE), 500_00, "PENDING");
        if (i === 10) withdraw(within(Math.max(created + DAY, nowMs - 20 * DAY), nowMs - 5 * DAY), 800_00, "REJECTED", 10 * HOUR);
      }

      // The mission leaderboard ranks this month's turnover of every member: the demo's own player,
      // demo_member, stays on top (each team account bets less this month than half of its turnover).
      const [memberMonth] = await sql.query<{ stake: number }>(
        `SELECT coalesce(sum(b.stake), 0)::bigint AS stake FROM bets b JOIN members m ON m.id = b.member_id
          WHERE m.merchant = $1 AND m.username = 'demo_member' AND NOT b.trial AND b.created_at >= $2`,
        [merchant, new Date(monthStart)],
      );
      const cap = Math.floor(Number(memberMonth?.stake ?? 0) / 2);
      if (cap > 0) {
        const used = new Map<number, number>();
        const thisMonth = plan
          .filter((p): p is PlannedBet => p.kind === "bet" && p.at.getTime() >= monthStart)
          .sort((a, b) => b.at.getTime() - a.at.getTime());
        for (const bet of thisMonth) {
          const left = cap - (used.get(bet.memberId) ?? 0);
          bet.stake = Math.min(bet.stake, Math.floor(left / 100) * 100);
          if (bet.stake < 100) bet.skip = true;
          else used.set(bet.memberId, (used.get(bet.memberId) ?? 0) + bet.stake);
        }
      }

      // Balances in time order: a bet or a withdrawal never takes a wallet below zero.
      plan.sort((a, b) => a.at.getTime() - b.at.getTime());
      const wallet = new Map<number, number>();
      const movements: Movement[] = [];
      const roundKeys = new Map<PlannedBet, string>();
      for (const [n, p] of plan.entries()) {
        const held = wallet.get(p.memberId) ?? 0;
        if (p.kind === "credit") {
          wallet.set(p.memberId, held + p.amount);
          movements.push({ key: p.key, kind: p.ledgerKind, memo: p.memo, at: p.at, from: "house", to: p.memberId, amount: p.amount });
        } else if (p.kind === "deposit" && p.status === "APPROVED") {
          wallet.set(p.memberId, held + p.amount);
          movements.push({ key: p.key, kind: "deposit", memo: "deposit", at: p.at, from: "house", to: p.memberId, amount: p.amount });
        } else if (p.kind === "bet" && !p.skip) {
          p.stake = Math.min(p.stake, Math.floor(held / 100) * 100);
          if (p.stake < 100) {
            p.skip = true;
            continue;
          }
          p.win = Math.floor(p.stake * p.multiplier);
          const roundKey = `seedagent-${n}-${p.at.getTime()}`;
          roundKeys.set(p, roundKey);
          movements.push({
            key: `seedbet:${p.memberId}:${roundKey}`,
            kind: "bet",
            memo: "seeded history",
            at: p.at,
            from: p.memberId,
            to: "house",
            amount: p.stake,
          });
          if (p.win > 0)
            movements.push({
              key: `seedpayout:${p.memberId}:${roundKey}`,
              kind: "payout",
              memo: "seeded history",
              at: p.at,
              from: "house",
              to: p.memberId,
              amount: p.win,
            });
          wallet.set(p.memberId, held - p.stake + p.win);
        } else if (p.kind === "withdrawal") {
          p.amount = Math.min(p.amount, Math.floor(held / 2 / 100_00) * 100_00);
          if (p.amount < 100_00) {
            p.skip = true;
            continue;
          }
          movements.push({
            key: p.key,
            kind: "withdraw.hold",
            memo: "withdrawal",
            at: p.at,
            from: p.memberId,
            to: "house",
            amount: p.amount,
          });
          wallet.set(p.memberId, held - p.amount);
        } else if (p.kind === "refund" && !p.withdrawal.skip) {
          movements.push({
            key: p.key,
            kind: "withdraw.refund",
            memo: "withdrawal rejected",
            at: p.at,
            from: "house",
            to: p.memberId,
            amount: p.withdrawal.amount,
          });
          wallet.set(p.memberId, held + p.withdrawal.amount);
        }
      }
      const txOf = await writeMovements(sql, merchant, movements);

      // ---- The rows that point at the movements.
      const bets = plan.filter((p): p is PlannedBet => p.kind === "bet" && !p.skip);
      await sql.query(
        `INSERT INTO bets (merchant, member_id, game_id, round_key, trial, stake, win, outcome, ledger_tx, payout_tx, created_at)
         SELECT $1, u.member_id, u.game_id, u.round_key, false, u.stake, u.win, '{"seeded": true}'::jsonb, u.ledger_tx, u.payout_tx, u.at
           FROM unnest($2::bigint[], $3::bigint[], $4::text[], $5::bigint[], $6::bigint[], $7::bigint[], $8::bigint[], $9::timestamptz[])
                WITH ORDINALITY AS u(member_id, game_id, round_key, stake, win, ledger_tx, payout_tx, at, n)
          ORDER BY u.n`,
        [
          merchant,
          bets.map((b) => b.memberId),
          bets.map((b) => b.gameId),
          bets.map((b) => roundKeys.get(b)!),
          bets.map((b) => b.stake),
          bets.map((b) => b.win),
          bets.map((b) => txOf.get(`seedbet:${b.memberId}:${roundKeys.get(b)}`)!),
          bets.map((b) => (b.win > 0 ? txOf.get(`seedpayout:${b.memberId}:${roundKeys.get(b)}`)! : null)),
          bets.map((b) => b.at.toISOString()),
        ],
      );

      const deposits = plan.filter((p): p is PlannedDeposit => p.kind === "deposit");
      const [channel] = await sql.query<{ id: number }>(
        "SELECT id FROM deposit_channels WHERE merchant = $1 AND enabled ORDER BY sort, id LIMIT 1",
        [merchant],
      );
      if (channel && deposits.length > 0) {
        await sql.query(
          `INSERT INTO deposit_requests (merchant, member_id, request_id, fingerprint, channel_id, amount_minor, transaction_id, status, ledger_tx, created_at, updated_at)
           SELECT $1, u.member_id, u.request_id, 'seed', $2, u.amount, u.transaction_id, u.status, u.ledger_tx, u.at, u.at
             FROM unnest($3::bigint[], $4::text[], $5::bigint[], $6::text[], $7::text[], $8::bigint[], $9::timestamptz[])
                  WITH ORDINALITY AS u(member_id, request_id, amount, transaction_id, status, ledger_tx, at, n)
            ORDER BY u.n`,
          [
            merchant,
            channel.id,
            deposits.map((p) => p.memberId),
            deposits.map((_, n) => `seedagent-deposit-${n}`),
            deposits.map((p) => p.amount),
            deposits.map((_, n) => `TX${(n * 7_919 + 1_000_003).toString(36).toUpperCase()}`),
            deposits.map((p) => p.status),
            deposits.map((p) => (p.status === "APPROVED" ? txOf.get(p.key)! : null)),
            deposits.map((p) => p.at.toISOString()),
          ],
        );
      }

      const withdrawals = plan.filter((p): p is PlannedWithdrawal => p.kind === "withdrawal" && !p.skip);
      const refunds = new Map(plan.filter((p): p is PlannedRefund => p.kind === "refund").map((r) => [r.withdrawal, r.key]));
      if (withdrawals.length > 0) {
        const [bank] = await sql.query<{ bank_code: string; card_type: string }>(
          "SELECT bank_code, card_type FROM banks WHERE merchant = $1 ORDER BY sort LIMIT 1",
          [merchant],
        );
        if (!bank) throw new Error("agent-tree seed: the money seed's banks are missing");
        const holders = [...new Set(withdrawals.map((p) => p.memberId))];
        const names = new Map(teamSeeds.map((s) => [ids.get(s.username)!, s.nickname]));
        const cards = await sql.query<{ id: number; member_id: number }>(
          `INSERT INTO bank_cards (merchant, member_id, card_type, bank_code, account_name, account_number, created_at)
           SELECT $1, u.member_id, $2, $3, u.name, u.number, u.at FROM unnest($4::bigint[], $5::text[], $6::text[], $7::timestamptz[]) AS u(member_id, name, number, at)
           RETURNING id, member_id`,
          [
            merchant,
            bank.card_type,
            bank.bank_code,
            holders,
            holders.map((id) => names.get(id) ?? "Team Member"),
            holders.map(
              (id) =>
                `0171${String(4_000_000 + id * 37)
                  .padStart(7, "0")
                  .slice(-7)}`,
            ),
            holders.map((id) =>
              new Date(Math.min(...withdrawals.filter((p) => p.memberId === id).map((p) => p.at.getTime())) - HOUR).toISOString(),
            ),
          ],
        );
        const cardOf = new Map(cards.map((c) => [Number(c.member_id), Number(c.id)]));
        await sql.query(
          `INSERT INTO withdrawals (merchant, member_id, request_id, fingerprint, bank_card_id, amount_minor, status, hold_tx, refund_tx,
                                    created_at, issued_at, decided_at, confirmed_at, received_minor)
           SELECT $1, u.member_id, u.request_id, 'seed', u.card, u.amount, u.status, u.hold, u.refund, u.at,
                  CASE WHEN u.status = 'RECEIVED' THEN u.decided END, u.decided, u.confirmed,
                  CASE WHEN u.status = 'RECEIVED' THEN u.amount END
             FROM unnest($2::bigint[], $3::text[], $4::bigint[], $5::bigint[], $6::text[], $7::bigint[], $8::bigint[], $9::timestamptz[],
                         $10::timestamptz[], $11::timestamptz[]) WITH ORDINALITY
                  AS u(member_id, request_id, card, amount, status, hold, refund, at, decided, confirmed, n)
            ORDER BY u.n`,
          [
            merchant,
            withdrawals.map((p) => p.memberId),
            withdrawals.map((_, n) => `seedagent-withdraw-${n}`),
            withdrawals.map((p) => cardOf.get(p.memberId)!),
            withdrawals.map((p) => p.amount),
            withdrawals.map((p) => p.status),
            withdrawals.map((p) => txOf.get(p.key)!),
            withdrawals.map((p) => (p.status === "REJECTED" ? txOf.get(refunds.get(p)!)! : null)),
            withdrawals.map((p) => p.at.toISOString()),
            withdrawals.map((p) => p.decidedAt?.toISOString() ?? null),
            withdrawals.map((p) => p.confirmedAt?.toISOString() ?? null),
          ],
        );
      }
    },
  );
}
