#!/usr/bin/env node
// npm test: type-check, unit and platform tests (Vitest), end-to-end tests (Playwright),
// then one closing line with the counts both runners reported.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";

const bin = (name) => `node_modules/.bin/${name}`;
const run = (cmd, args, env = {}) =>
  spawnSync(cmd, args, { stdio: "inherit", env: { ...process.env, ...env } }).status ?? 1;

mkdirSync(".cache", { recursive: true });
const vitestReport = ".cache/vitest-report.json";
const playwrightReport = ".cache/playwright-report.json";
for (const f of [vitestReport, playwrightReport]) rmSync(f, { force: true });

console.log("== Type check");
const tsc = run(bin("tsc"), ["--noEmit"]);

console.log("== Unit and platform tests (Vitest)");
const vitest = run(bin("vitest"), ["run", "--reporter=default", "--reporter=json", `--outputFile.json=${vitestReport}`]);

console.log("== End-to-end tests (Playwright, JavaScript on and off)");
const playwright = run(bin("playwright"), ["test"]);

const counts = { passed: 0, failed: 0, skipped: 0 };
if (existsSync(vitestReport)) {
  const v = JSON.parse(readFileSync(vitestReport, "utf8"));
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
if (tsc !== 0) console.log("Type check failed.");
// A runner that failed without reporting a failed test (it crashed) still fails the run.
const failed = counts.failed + (vitest !== 0 && counts.failed === 0 ? 1 : 0) + (playwright !== 0 && counts.failed === 0 ? 1 : 0);
console.log(`\nTests: ${counts.passed} passed, ${failed} failed, ${counts.skipped} skipped`);
process.exit(tsc || vitest || playwright ? 1 : 0);
