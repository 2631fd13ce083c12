import type { Db } from "./db";
import { coreSchema, rsaPrivateKeySchema } from "./schema";
import { accountsSchema, knownDevicesSchema, registrationLimitsSchema } from "./schema-accounts";
import { gameLotteryCodeSchema, gameSearchCoveringSchema, gameSearchSchema, gamesSchema, launchSessionSchema } from "./schema-games";
import { moneySchema } from "./schema-money";
import { recordsSchema } from "./schema-records";
import { playerSchema } from "./schema-player";
import { socialOidcSchema, socialSchema } from "./schema-social";
import { agentIndexesSchema, agentsSchema, contractBoundsSchema } from "./schema-agents";
import { contentSchema } from "./schema-content";
import { liveAnnouncementsSchema } from "./schema-live";
import { pointsSchema } from "./schema-points";
import { promotionsVipSchema } from "./schema-promotions";

export interface Migration {
  id: string;
  statements: string[];
}

/** Applied in this order; an applied migration is never edited, a change is a new entry. */
export const migrations: Migration[] = [
  { id: "001_core", statements: coreSchema },
  { id: "002_accounts", statements: accountsSchema },
  { id: "003_social", statements: socialSchema },
  { id: "004_games", statements: gamesSchema },
  { id: "005_money", statements: moneySchema },
  { id: "006_records", statements: recordsSchema },
  { id: "007_player", statements: playerSchema },
  { id: "008_game_lottery_code", statements: gameLotteryCodeSchema },
  { id: "009_launch_sessions", statements: launchSessionSchema },
  { id: "010_known_devices", statements: knownDevicesSchema },
  { id: "011_idp_oidc", statements: socialOidcSchema },
  { id: "012_game_search", statements: gameSearchSchema },
  { id: "013_agents", statements: agentsSchema },
  { id: "014_agent_indexes", statements: agentIndexesSchema },
  { id: "015_content", statements: contentSchema },
  { id: "016_points", statements: pointsSchema },
  { id: "017_promotions_vip", statements: promotionsVipSchema },
  { id: "018_game_search_covering", statements: gameSearchCoveringSchema },
  { id: "019_contract_bounds", statements: contractBoundsSchema },
  { id: "020_registration_limits", statements: registrationLimitsSchema },
  { id: "021_rsa_private_key", statements: rsaPrivateKeySchema },
  { id: "022_live_announcements", statements: liveAnnouncementsSchema },
];

// Any fixed number, shared by every process that migrates the same database.
const MIGRATION_LOCK = 72_601_001;

/**
 * Applies the migrations not yet recorded in schema_migrations, all in one transaction under a
 * transaction-scoped advisory lock: a second process waits, then finds them applied.
 */
export async function migrate(db: Db, list: Migration[] = migrations): Promise<string[]> {
  return db.tx(async (sql) => {
    await sql.query("SELECT pg_advisory_xact_lock($1)", [MIGRATION_LOCK]);
    await sql.query(
      `CREATE TABLE IF NOT EXISTS schema_migrations (
         id text PRIMARY KEY,
         applied_at timestamptz NOT NULL DEFAULT now()
       )`,
    );
    const rows = await sql.query<{ id: string }>("SELECT id FROM schema_migrations");
    const applied = new Set(rows.map((row) => row.id));
    const done: string[] = [];
    for (const migration of list) {
      if (applied.has(migration.id)) continue;
      for (const statement of migration.statements) await sql.query(statement);
      await sql.query("INSERT INTO schema_migrations (id) VALUES ($1)", [migration.id]);
      done.push(migration.id);
    }
    return done;
  });
}
