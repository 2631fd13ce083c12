import fc from "fast-check";
import { expect } from "vitest";
import type { Db } from "../db/db";
import { creditWallet, MAIN_WALLET } from "../ledger";
import { hashToken } from "../crypto";
import { launchGame } from "../services/launch";
import { createSession } from "../services/sessions";

// Random concurrent demo-game bets (slot and crash) by three members, with retried and reused
// round keys, sent through the /play pages at once. Checked: every answer for one member's round
// key names one round; money moves once per round; Σ wallets + house never changes; each wallet
// equals its opening − Σ stakes + Σ wins of its bets rows; one bet (and payout, on a win) ledger
// transaction per bets row. Shared by the PGlite test and the optional PostgreSQL one.

const MEMBERS = 3;
const OPENING = 3_000;

/** Anything that answers a Request: the platform app's fetch. */
export type Fetch = (request: Request) => Response | Promise<Response>;

const spinArb = fc.record({
  member: fc.nat(MEMBERS - 1),
  key: fc.nat(7),
  game: fc.constantFrom("slot" as const, "crash" as const),
  stake: fc.constantFrom("1.00", "2.00", "5.00", "10.00"),
  cashOut: fc.constantFrom("1.01", "1.50", "2.00", "5.00", "30.00"),
});
type Spin = { member: number; key: number; game: "slot" | "crash"; stake: string; cashOut: string };

export const spinBatchArb = fc
  .record({ spins: fc.array(spinArb, { minLength: 5, maxLength: 30 }), retries: fc.array(fc.nat(), { maxLength: 15 }) })
  .map(({ spins, retries }): Spin[] => [...spins, ...retries.map((i) => spins[i % spins.length]!)]);

let run = 0;

/** A merchant of its own per run (so every total is known), with two games and a launch of each per member. */
async function freshMerchant(db: Db, now: Date) {
  const merchant = `playprop_${process.pid}_${Date.now().toString(36)}_${run++}`;
  await db.query("INSERT INTO merchants (code, currency, currency_symbol) VALUES ($1, 'BDT', '৳')", [merchant]);
  await db.query(`INSERT INTO wallet_types (merchant, account_type_id, display_name, sort) VALUES ($1, $2, '{"EN":"Main"}', 0)`, [
    merchant,
    MAIN_WALLET,
  ]);
  const members = await db.query<{ id: number; username: string }>(
    `INSERT INTO members (merchant, username, password_hash, account_type)
     SELECT $1, 'p' || i, 'none', 0 FROM generate_series(1, $2) AS i RETURNING id, username`,
    [merchant, MEMBERS],
  );
  members.sort((a, b) => a.id - b.id);
  const games = await db.query<{ id: number; demo: string }>(
    `INSERT INTO games (merchant, node_id, game_type, vassalage, name, lines, min_bet, rtp, demo, release_date)
     VALUES ($1, 'prop-slot', 'RNG', 'PG', 'Property slot', 5, 100, 96, 'slot', '2026-01-01'),
            ($1, 'prop-crash', 'RNG', 'SPRIBE', 'Property crash', 0, 100, 97, 'crash', '2026-01-01')
     RETURNING id, demo`,
    [merchant],
  );
  const gameId = (demo: string) => String(games.find((g) => g.demo === demo)!.id);
  const urls: Record<"slot" | "crash", string>[] = [];
  for (const m of members) {
    await creditWallet(db, { merchant, memberId: m.id, amount: OPENING, idempotencyKey: `open:${m.id}` });
    // A launch belongs to a session (decision 015): each member is logged in once.
    const tokenHash = hashToken(await createSession(db, m.id, "203.0.113.1", now));
    const member = { tokenHash, memberId: m.id, merchant, username: m.username, accountType: 0 };
    const open = async (demo: string) =>
      (await launchGame(db, { merchant, member, request: { mode: "GLS", gameId: gameId(demo) }, language: "EN", now })).gameUrl;
    urls.push({ slot: await open("slot"), crash: await open("crash") });
  }
  return { merchant, members: members.map((m) => m.id), urls };
}

const total = async (db: Db, merchant: string) =>
  (
    await db.query<{ total: number }>("SELECT coalesce(sum(balance), 0)::bigint AS total FROM ledger_accounts WHERE merchant = $1", [
      merchant,
    ])
  )[0]!.total;

export async function checkSpins(db: Db, fetch: Fetch, now: Date, spins: Spin[]): Promise<void> {
  const { merchant, members, urls } = await freshMerchant(db, now);
  const initialTotal = await total(db, merchant);
  const responses = await Promise.all(
    spins.map(async (s) => {
      const body = new URLSearchParams({ stake: s.stake, roundKey: `property-round-${s.key}`, cashOut: s.cashOut }).toString();
      const request = new Request(`http://platform.test${urls[s.member]![s.game]}/bet`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body,
      });
      const response = await fetch(request);
      return { s, status: response.status, location: response.headers.get("location"), html: await response.text() };
    }),
  );

  const located = new Map<string, string>();
  for (const { s, status, location, html } of responses) {
    expect([303, 400], html.slice(0, 300)).toContain(status);
    if (status === 400) expect(html).toContain("Your balance is too low for this stake.");
    if (status !== 303) continue;
    const id = `${s.member}:${s.key}`;
    const betId = location!.split("=")[1]!;
    expect(located.get(id) ?? betId, `round key ${id} answered with two rounds`).toBe(betId);
    located.set(id, betId);
  }

  const bets = await db.query<{ member_id: number; stake: number; win: number; payout_tx: number | null }>(
    "SELECT member_id, stake, win, payout_tx FROM bets WHERE merchant = $1",
    [merchant],
  );
  expect(bets).toHaveLength(located.size);
  const accounts = await db.query<{ kind: string; member_id: number | null; balance: number }>(
    "SELECT kind, member_id, balance FROM ledger_accounts WHERE merchant = $1",
    [merchant],
  );
  const walletTotal = accounts.filter((a) => a.kind === "wallet").reduce((sum, a) => sum + a.balance, 0);
  const house = accounts.find((a) => a.kind === "house")!.balance;
  expect(walletTotal + house).toBe(initialTotal);
  expect(house).toBe(-MEMBERS * OPENING + bets.reduce((sum, b) => sum + b.stake - b.win, 0));
  for (const id of members) {
    const own = bets.filter((b) => b.member_id === id);
    const balance = accounts.find((a) => a.kind === "wallet" && a.member_id === id)!.balance;
    expect(balance).toBeGreaterThanOrEqual(0);
    expect(balance).toBe(OPENING - own.reduce((sum, b) => sum + b.stake, 0) + own.reduce((sum, b) => sum + b.win, 0));
  }
  const [tx] = await db.query<{ bets: number; payouts: number }>(
    "SELECT count(*) FILTER (WHERE kind = 'bet')::int AS bets, count(*) FILTER (WHERE kind = 'payout')::int AS payouts FROM ledger_transactions WHERE merchant = $1",
    [merchant],
  );
  expect(tx).toEqual({ bets: bets.length, payouts: bets.filter((b) => b.win > 0).length });
  expect(bets.every((b) => b.win > 0 === (b.payout_tx !== null))).toBe(true);
}
