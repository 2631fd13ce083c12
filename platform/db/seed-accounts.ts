import type { Db } from "./db";
import { runSeedStep } from "./seed-step";
import {
  accountSettings,
  affiliateCodeSeeds,
  countrySeeds,
  DEFAULT_PASSWORD,
  DEMO_MEMBER_MOBILE,
  extraMemberSeeds,
  OLD_DEMO_MEMBER_MOBILE,
  referralCodeSeeds,
  registerFieldSeeds,
} from "./seed-accounts-data";
import { clubLabels, DEMO_PASSWORD } from "./seed-data";
import { demoPasswordHash } from "./seed-passwords";

const STEP = "002_accounts";

/**
 * The accounts slice's demo data for a merchant that exists: register fields, countries, the
 * affiliate code, demo_member's bound mobile, demo_default and demo_2fa, and the new settings.
 * Runs once per merchant (seed_steps), also on databases seeded before this slice.
 */
export async function seedAccounts(db: Db, merchant: string): Promise<boolean> {
  return runSeedStep(
    db,
    merchant,
    STEP,
    // scrypt is slow on purpose: hash (if not made ahead) before the transaction, not while holding it.
    () => Promise.all(extraMemberSeeds.map((m) => demoPasswordHash(m.password === "default" ? DEFAULT_PASSWORD : DEMO_PASSWORD))),
    async (sql, hashes) => {
      await sql.query("UPDATE merchants SET settings = $2::jsonb || settings WHERE code = $1", [merchant, JSON.stringify(accountSettings)]);
      for (const [sort, f] of registerFieldSeeds.entries()) {
        await sql.query(
          `INSERT INTO register_fields (merchant, field, enabled, required, pattern_id, min_length, max_length, type, sort)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT DO NOTHING`,
          [merchant, f.field, f.enabled, f.required, f.patternId, f.minLength, f.maxLength, f.type, sort],
        );
      }
      for (const [sort, c] of countrySeeds.entries()) {
        await sql.query(
          `INSERT INTO countries (merchant, country_code, dialing_code, name, sort) VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING`,
          [merchant, c.countryCode, c.dialingCode, JSON.stringify(c.name), sort],
        );
      }

      await sql.query(
        `UPDATE members SET mobile = $3 WHERE merchant = $1 AND username = 'demo_member' AND (mobile IS NULL OR mobile = $2)`,
        [merchant, OLD_DEMO_MEMBER_MOBILE, DEMO_MEMBER_MOBILE],
      );
      // Every seeded number is Bangladeshi.
      await sql.query(`UPDATE members SET mobile_country = '880' WHERE merchant = $1 AND mobile LIKE '880%' AND mobile_country IS NULL`, [
        merchant,
      ]);

      for (const [index, m] of extraMemberSeeds.entries()) {
        const lastIp = m.lastLoginIp;
        const [row] = await sql.query<{ id: number }>(
          `INSERT INTO members (merchant, username, password_hash, account_type, nickname, mobile, mobile_country, email,
                                rank_level, club_label, first_login, password_changed_at, last_login_at, last_login_ip, created_at)
           VALUES ($1, $2, $3, 0, $4, $5, $6, $7, 1, $8, false, $9, $10, $11, $9)
           ON CONFLICT (merchant, lower(username)) DO NOTHING RETURNING id`,
          [
            merchant,
            m.username,
            hashes[index],
            m.nickname,
            m.mobile,
            m.mobile ? "880" : null,
            m.email,
            JSON.stringify(clubLabels[1]),
            m.createdAt,
            lastIp ? m.createdAt : null,
            lastIp,
          ],
        );
        if (!row) continue;
      }

      for (const { code, owner } of affiliateCodeSeeds) {
        await sql.query(
          `INSERT INTO affiliate_codes (merchant, code, member_id)
           SELECT merchant, $2, id FROM members WHERE merchant = $1 AND username = $3 ON CONFLICT DO NOTHING`,
          [merchant, code, owner],
        );
      }
      for (const { code, owner } of referralCodeSeeds) {
        await sql.query(`UPDATE members SET referral_code = $2 WHERE merchant = $1 AND username = $3 AND referral_code IS NULL`, [
          merchant,
          code,
          owner,
        ]);
      }
    },
  );
}
