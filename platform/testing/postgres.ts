import { randomBytes } from "node:crypto";
import pg from "pg";
import { type Db, openPostgres } from "../db/db";

// Tests on a PostgreSQL server (TEST_DATABASE_URL, a role that may create databases): each gets
// a database of its own, dropped when it closes, so test files running side by side never meet.

export function postgresUnderTest(): string | undefined {
  return process.env.TEST_DATABASE_URL?.trim() || undefined;
}

/** A new, empty database on the server, as a Db whose close() also drops it. */
export async function freshPostgres(serverUrl: string): Promise<Db> {
  const name = `platform_test_${Date.now().toString(36)}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const db = openPostgres(url.toString());
  return {
    ...db,
    async close() {
      await db.close();
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      try {
        // Cleaning up must not fail a test that passed: a database something still holds (an
        // autovacuum worker the role may not end) is tried once more, then left behind.
        for (const attempt of [1, 2, 3]) {
          try {
            await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
            break;
          } catch (error) {
            if (attempt === 3) console.warn(`[test] could not drop ${name}: ${error instanceof Error ? error.message : error}`);
            else await new Promise((resolve) => setTimeout(resolve, 500));
          }
        }
      } finally {
        await dropper.end();
      }
    },
  };
}
