import { applyMovement } from "../ledger";
import type { Db, Sql } from "./db";
import {
  announcementSeeds,
  clubLabels,
  AGENT_WITHDRAW_PASSWORD,
  DEMO_PASSWORD,
  ipCountryPrefixes,
  memberSeeds,
  merchantSettings,
  walletTypes,
} from "./seed-data";
import { seedAccounts } from "./seed-accounts";
import { runSeedStep } from "./seed-step";
import { demoPasswordHash } from "./seed-passwords";
import { seedGamesCatalogue } from "./seed-games";
import { seedMoney } from "./seed-money";
import { seedRecords } from "./seed-records";
import { seedPlayer } from "./seed-player";
import { seedAgents } from "./seed-agents";
import { moduleTree, vendorLanes } from "./seed-catalog";
import { seedAgentContracts } from "./seed-agent-contracts";
import { seedContent } from "./seed-content";
import { seedPoints } from "./seed-points";
import { seedPromotionsVip } from "./seed-promotions";

const SEED_LOCK = 72_601_002;

async function merchantExists(sql: Sql, merchant: string): Promise<boolean> {
  const rows = await sql.query("SELECT 1 FROM merchants WHERE code = $1", [merchant]);
  return rows.length > 0;
}

/**
 * Writes the demo data for `merchant` unless that merchant exists already, in one transaction
 * under an advisory lock so two processes starting together seed once; then the later slices'
 * seed steps not yet applied to it. Returns whether it wrote anything.
 */
export async function seed(db: Db, merchant: string): Promise<boolean> {
  const core = await seedCore(db, merchant);
  const accounts = await seedAccounts(db, merchant);
  const games = await seedGamesCatalogue(db, merchant);
  const money = await seedMoney(db, merchant);
  const player = await seedPlayer(db, merchant);
  const records = await seedRecords(db, merchant);
  const humans = await seedHumanVerification(db, merchant);
  // After the records step: the team's bets stay below demo_member's turnover of the month.
  const agents = await seedAgents(db, merchant);
  // After the agent tree (demo_subagent, demo_subagent2); skipped until those accounts exist.
  const agentContracts = await seedAgentContracts(db, merchant);
  const agentPasswords = await seedAgentWithdrawPasswords(db, merchant);
  const content = await seedContent(db, merchant);
  // After the records step: demo_member's point history beside its seeded bets.
  const points = await seedPoints(db, merchant);
  // After the records step (its promotions and demo_member's states): terms, categories, ladder.
  const promotionsVip = await seedPromotionsVip(db, merchant);
  return (
    core ||
    accounts ||
    games ||
    player ||
    records ||
    money ||
    humans ||
    agents ||
    agentContracts ||
    agentPasswords ||
    content ||
    promotionsVip ||
    points
  );
}

/** The demo agents move money up and down their team with a withdraw password (README). */
function seedAgentWithdrawPasswords(db: Db, merchant: string): Promise<boolean> {
  return runSeedStep(
    db,
    merchant,
    "agent-withdraw-passwords",
    () => demoPasswordHash(AGENT_WITHDRAW_PASSWORD),
    async (sql, hash) => {
      await sql.query(
        `INSERT INTO payment_passwords (member_id, password_hash, updated_at)
       SELECT id, $2, now() FROM members WHERE merchant = $1 AND username IN ('demo_agent', 'demo_subagent', 'demo_subagent2')
       ON CONFLICT (member_id) DO NOTHING`,
        [merchant, hash],
      );
    },
  );
}

/**
 * Issue 11: scripts registered freely, so the demo guards registration (and its SMS code) with
 * the slide puzzle; logging in stays without it (merchant setting humanVerification).
 */
function seedHumanVerification(db: Db, merchant: string): Promise<boolean> {
  return runSeedStep(
    db,
    merchant,
    "human-verification-register",
    () => undefined,
    async (sql) => {
      await sql.query("UPDATE merchants SET settings = settings || $2::jsonb WHERE code = $1", [
        merchant,
        JSON.stringify({ humanVerification: ["register"] }),
      ]);
      await sql.query("UPDATE modules SET enabled = true WHERE merchant = $1 AND mod_id = 'GEETEST3'", [merchant]);
    },
  );
}

async function seedCore(db: Db, merchant: string): Promise<boolean> {
  if (await merchantExists(db, merchant)) return false;
  // scrypt is slow on purpose: hash (if not made ahead) before the transaction, not while holding it.
  const passwordHash = await demoPasswordHash(DEMO_PASSWORD);
  return db.tx(async (sql) => {
    await sql.query("SELECT pg_advisory_xact_lock($1)", [SEED_LOCK]);
    if (await merchantExists(sql, merchant)) return false;
    await sql.query("INSERT INTO merchants (code, currency, currency_symbol, settings) VALUES ($1, 'BDT', '৳', $2)", [
      merchant,
      JSON.stringify(merchantSettings(merchant)),
    ]);
    await seedModules(sql, merchant);
    await seedGames(sql, merchant);
    await seedAnnouncements(sql, merchant);
    await sql.query(
      `INSERT INTO ip_country_prefixes (prefix, country)
       SELECT * FROM unnest($1::text[], $2::text[]) ON CONFLICT (prefix) DO NOTHING`,
      [ipCountryPrefixes.map(([prefix]) => prefix), ipCountryPrefixes.map(([, country]) => country)],
    );
    for (const [index, wallet] of walletTypes.entries()) {
      await sql.query("INSERT INTO wallet_types (merchant, account_type_id, display_name, sort) VALUES ($1, $2, $3, $4)", [
        merchant,
        wallet.accountTypeId,
        JSON.stringify(wallet.displayName),
        index,
      ]);
    }
    await seedMembers(sql, merchant, passwordHash);
    return true;
  });
}

async function seedModules(sql: Sql, merchant: string): Promise<void> {
  let sort = 0;
  for (const { group, modules } of moduleTree) {
    await sql.query("INSERT INTO modules (merchant, mod_id, parent, enabled, sort) VALUES ($1, $2, NULL, true, $3)", [
      merchant,
      group,
      sort++,
    ]);
    for (const [modId, on] of modules) {
      await sql.query("INSERT INTO modules (merchant, mod_id, parent, enabled, sort) VALUES ($1, $2, $3, $4, $5)", [
        merchant,
        modId,
        group,
        on,
        sort++,
      ]);
    }
  }
}

async function seedGames(sql: Sql, merchant: string): Promise<void> {
  for (const [laneIndex, lane] of vendorLanes.entries()) {
    await sql.query("INSERT INTO game_types (merchant, game_type, sort) VALUES ($1, $2, $3)", [merchant, lane.gameType, laneIndex]);
    for (const [index, vendor] of lane.vendors.entries()) {
      await sql.query(
        `INSERT INTO vendors (merchant, game_type, vassalage, display_name, is_hot, game_classify, sort)
         VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [
          merchant,
          lane.gameType,
          vendor.vassalage,
          vendor.displayName,
          vendor.hot ?? false,
          [lane.gameType, ...(vendor.classify ?? [])],
          index,
        ],
      );
    }
  }
}

async function seedAnnouncements(sql: Sql, merchant: string): Promise<void> {
  for (const [index, a] of announcementSeeds.entries()) {
    await sql.query(
      `INSERT INTO announcements (merchant, kind, group_name, title, content, linkage_type, redirect,
                                  external_link, display_speed, starts_at, ends_at, published_at, sort)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
      [
        merchant,
        a.kind,
        a.groupName ?? "",
        JSON.stringify(a.title),
        a.content ? JSON.stringify(a.content) : null,
        a.linkageType ?? 0,
        a.redirect ?? "",
        a.externalLink ?? "",
        a.displaySpeed ?? 0,
        a.startsAt ?? null,
        a.endsAt ?? null,
        a.publishedAt,
        index,
      ],
    );
  }
}

async function seedMembers(sql: Sql, merchant: string, passwordHash: string): Promise<void> {
  const ids = new Map<string, number>();
  for (const m of memberSeeds) {
    const [row] = await sql.query<{ id: number }>(
      `INSERT INTO members (merchant, username, password_hash, account_type, nickname, mobile, email, rank_level,
                            club_label, upline_id, first_login, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, false, $11) RETURNING id`,
      [
        merchant,
        m.username,
        passwordHash,
        m.accountType,
        m.nickname,
        m.mobile,
        m.email,
        m.rankLevel,
        JSON.stringify(clubLabels[m.rankLevel] ?? clubLabels[1]),
        m.upline ? (ids.get(m.upline) ?? null) : null,
        m.createdAt,
      ],
    );
    if (!row) throw new Error(`seeding ${m.username} returned no id`);
    ids.set(m.username, row.id);
    for (const [accountTypeId, major] of Object.entries(m.balances ?? {})) {
      await applyMovement(sql, {
        merchant,
        idempotencyKey: `seed:${m.username}:${accountTypeId}`,
        kind: "seed",
        memo: "demo opening balance",
        legs: [
          { account: { kind: "house" }, amount: -major * 100 },
          { account: { kind: "wallet", memberId: row.id, accountTypeId: Number(accountTypeId) }, amount: major * 100 },
        ],
      });
    }
  }
}
