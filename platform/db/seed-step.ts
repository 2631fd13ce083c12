import type { Db, Sql } from "./db";

// A later slice's demo data, written once per merchant (also on databases seeded before that
// slice): recorded in seed_steps, under the seed's advisory lock so two processes write it once.

const SEED_LOCK = 72_601_002;

async function stepApplied(sql: Sql, merchant: string, step: string): Promise<boolean> {
  const rows = await sql.query("SELECT 1 FROM seed_steps WHERE merchant = $1 AND step = $2", [merchant, step]);
  return rows.length > 0;
}

/**
 * Runs `write` in one transaction unless `step` is applied to `merchant` or the merchant does not
 * exist; `prepare` runs first, outside the transaction (slow work such as password hashing, so the
 * lock is held only for the inserts). Returns whether it wrote anything.
 */
export async function runSeedStep<T>(
  db: Db,
  merchant: string,
  step: string,
  prepare: () => T | Promise<T>,
  write: (sql: Sql, prepared: T) => Promise<void>,
): Promise<boolean> {
  if (await stepApplied(db, merchant, step)) return false;
  const prepared = await prepare();
  return db.tx(async (sql) => {
    await sql.query("SELECT pg_advisory_xact_lock($1)", [SEED_LOCK]);
    if (await stepApplied(sql, merchant, step)) return false;
    const exists = await sql.query("SELECT 1 FROM merchants WHERE code = $1", [merchant]);
    if (exists.length === 0) return false;
    await write(sql, prepared);
    await sql.query("INSERT INTO seed_steps (merchant, step) VALUES ($1, $2)", [merchant, step]);
    return true;
  });
}
