import type { Db } from "./db";
import { runSeedStep } from "./seed-step";

// Responsible gaming and the security centre's demo data (decision 018): the RESPGAMING3 module
// (on), avatars for demo_member and demo_vip, and demo_vip's limits and reality check, so the
// pages have something to show. demo_member has no limit: a test or a visitor sets one.

const STEP = "007_player";

export async function seedPlayer(db: Db, merchant: string): Promise<boolean> {
  return runSeedStep(
    db,
    merchant,
    STEP,
    () => undefined,
    async (sql) => {
      const parent = await sql.query("SELECT 1 FROM modules WHERE merchant = $1 AND mod_id = 'GROUP_PROFILE'", [merchant]);
      await sql.query(
        `INSERT INTO modules (merchant, mod_id, parent, enabled, sort)
       SELECT $1, 'RESPGAMING3', $2, true, coalesce(max(sort), 0) + 1 FROM modules WHERE merchant = $1
       ON CONFLICT DO NOTHING`,
        [merchant, parent.length > 0 ? "GROUP_PROFILE" : null],
      );
      const now = new Date("2026-11-01T00:00:00Z");
      await sql.query(
        `INSERT INTO player_profiles (member_id, avatar_type, avatar, updated_at)
       SELECT id, 'STATIC', CASE username WHEN 'demo_vip' THEN '5' ELSE '3' END, $2 FROM members
        WHERE merchant = $1 AND username IN ('demo_member', 'demo_vip')
       ON CONFLICT DO NOTHING`,
        [merchant, now],
      );
      await sql.query(
        `INSERT INTO rg_limits (member_id, type, period, amount, updated_at)
       SELECT m.id, l.type, l.period, l.amount, $2 FROM members m,
              (VALUES ('DEPOSIT', 'DAY', 1000000::bigint), ('LOSS', 'WEEK', 2000000::bigint), ('SESSION', 'DAY', 480::bigint)) AS l(type, period, amount)
        WHERE m.merchant = $1 AND m.username = 'demo_vip'
       ON CONFLICT DO NOTHING`,
        [merchant, now],
      );
      await sql.query(
        `INSERT INTO rg_settings (member_id, reality_check_minutes, updated_at)
       SELECT id, 60, $2 FROM members WHERE merchant = $1 AND username = 'demo_vip'
       ON CONFLICT DO NOTHING`,
        [merchant, now],
      );
    },
  );
}
