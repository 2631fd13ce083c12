#!/usr/bin/env node
// npm test: lint and format check (Biome), type-check, unit and platform tests (Vitest), end-to-end tests (Playwright),
// then one closing line with the counts both runners reported.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { ensurePostgres } from "./postgres.mjs";

const bin = (name) => `node_modules/.bin/${name}`;
/**
 * A runner that stops making progress (once, a Vitest worker sat idle for 20 minutes on the
 * PostgreSQL pass and never reported) is stopped after `minutes`, so the run fails there and the
 * next stage still runs, instead of the whole run hitting CI's limit.
 */
const run = (cmd, args, env = {}, minutes = 40) => {
  const result = spawnSync(cmd, args, {
    stdio: "inherit",
    env: { ...process.env, ...env },
    timeout: minutes * 60_000,
    killSignal: "SIGKILL",
  });
  if (result.error?.code === "ETIMEDOUT") console.log(`${cmd} ${args[0]} stopped after ${minutes} minutes without finishing.`);
  return result.status ?? 1;
};

mkdirSync(".cache", { recursive: true });
const vitestReport = ".cache/vitest-report.json";
const postgresReport = ".cache/vitest-postgres-report.json";
const playwrightReport = ".cache/playwright-report.json";
for (const f of [vitestReport, postgresReport, playwrightReport]) rmSync(f, { force: true });

// Biome (decision 051): the lint rules and the format, in about a second, before anything slower.
console.log("== Lint and format (Biome)");
const lint = run(bin("biome"), ["check", "--error-on-warnings", "."]);

console.log("== Type check");
// The service worker has the worker's globals, not the page's: its own project (app/offline/tsconfig.json).
const tsc = run(bin("tsc"), ["--noEmit"]) || run(bin("tsc"), ["--noEmit", "-p", "app/offline/tsconfig.json"]);

console.log("== Unit and platform tests (Vitest)");
const vitest = run(bin("vitest"), ["run", "--reporter=default", "--reporter=json", `--outputFile.json=${vitestReport}`], {}, 20);

// The platform's suite (the money property test with it) again on a PostgreSQL server, and the
// server tests' scale-out run on it. CI installs PostgreSQL (.ci/run); elsewhere it is optional.
let postgresUrl = null;
try {
  postgresUrl = ensurePostgres();
} catch (error) {
  console.log(`PostgreSQL: ${error instanceof Error ? error.message : error}`);
}
let onPostgres = 0;
if (postgresUrl) {
  console.log("== Platform tests on PostgreSQL (Vitest)");
  onPostgres = run(
    bin("vitest"),
    ["run", "platform/", "--reporter=default", "--reporter=json", `--outputFile.json=${postgresReport}`],
    { TEST_DATABASE_URL: postgresUrl },
    15,
  );
} else if (process.env.CI) {
  console.log("No PostgreSQL server in CI: .ci/run should have installed it.");
  onPostgres = 1;
} else {
  console.log("== Platform tests on PostgreSQL: skipped (no server; install Debian's postgresql or set TEST_DATABASE_URL)");
}

console.log("== End-to-end and server tests (Playwright: JavaScript on and off, the production server)");
const playwright = run(bin("playwright"), ["test"], postgresUrl ? { TEST_DATABASE_URL: postgresUrl } : {}, 60);

const counts = { passed: 0, failed: 0, skipped: 0 };
for (const report of [vitestReport, postgresReport]) {
  if (!existsSync(report)) continue;
  const v = JSON.parse(readFileSync(report, "utf8"));
  counts.passed += v.numPassedTests ?? 0;
  counts.failed += v.numFailedTests ?? 0;
  counts.skipped += (v.numPendingTests ?? 0) + (v.numTodoTests ?? 0);
}
if (existsSync(playwrightReport)) {
  const p = JSON.parse(readFileSync(playwrightReport, "utf8")).stats ?? {};
  counts.passed += (p.expected ?? 0) + (p.flaky ?? 0);
  counts.failed += p.unexpected ?? 0;
  counts.skipped += p.skipped ?? 0;
}
if (lint !== 0) console.log("Lint failed: npm run lint shows the findings.");
if (tsc !== 0) console.log("Type check failed.");
// A runner that failed without reporting a failed test (it crashed) still fails the run.
const crashed = [vitest, onPostgres, playwright].filter((code) => code !== 0).length;
const failed = counts.failed + (crashed > 0 && counts.failed === 0 ? 1 : 0);
console.log(`\nTests: ${counts.passed} passed, ${failed} failed, ${counts.skipped} skipped`);
process.exit(lint || tsc || vitest || onPostgres || playwright ? 1 : 0);
