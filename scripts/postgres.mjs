#!/usr/bin/env node
// A PostgreSQL server for the tests that need a real one (the platform's suite on PostgreSQL, the
// scale-out test): TEST_DATABASE_URL when given; otherwise Debian's local cluster (the
// `postgresql` package, which .ci/run installs), started if it is down, with a test role that
// may create databases. Prints the URL when run; exits 1 when there is no server to be had.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { userInfo } from "node:os";

const ROLE = "betting_test";

function run(cmd, args) {
  return execFileSync(cmd, args, { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
}

/** Runs psql as the postgres superuser on the local cluster's port. */
function psqlAsPostgres(port, sql) {
  const args = ["-p", String(port), "-d", "postgres", "-tAc", sql];
  const me = userInfo().username;
  if (me === "postgres") return run("psql", args);
  if (me !== "root") throw new Error("only root or postgres can prepare the local cluster");
  return run("runuser", ["-u", "postgres", "--", "psql", ...args]);
}

export function ensurePostgres() {
  if (process.env.TEST_DATABASE_URL) return process.env.TEST_DATABASE_URL;
  if (!existsSync("/usr/bin/pg_lsclusters")) return null;
  const line = run("pg_lsclusters", ["--no-header"]).trim().split("\n")[0];
  if (!line) return null;
  const [version, cluster, port, status] = line.split(/\s+/);
  if (status !== "online") run("pg_ctlcluster", [version, cluster, "start"]);
  psqlAsPostgres(
    port,
    `DO $$ BEGIN IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = '${ROLE}') THEN CREATE ROLE ${ROLE} LOGIN CREATEDB PASSWORD '${ROLE}'; END IF; END $$;`,
  );
  // DROP DATABASE … WITH (FORCE) ends what still holds a test database (an autovacuum worker).
  psqlAsPostgres(port, `GRANT pg_signal_backend TO ${ROLE}`);
  return `postgres://${ROLE}:${ROLE}@127.0.0.1:${port}/postgres`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    const url = ensurePostgres();
    if (!url) {
      console.error("No PostgreSQL server: install Debian's postgresql package or set TEST_DATABASE_URL.");
      process.exit(1);
    }
    console.log(url);
  } catch (error) {
    console.error(`PostgreSQL not available: ${error instanceof Error ? error.message : error}`);
    process.exit(1);
  }
}
