#!/usr/bin/env node
// npm start: build when the build is missing or older than the sources, then serve it
// with remix-serve on PORT (default 3000). Signals pass through so the embedded
// platform can close its database.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

const root = new URL("..", import.meta.url).pathname;
const serverBuild = join(root, "build/server/index.js");
const sources = ["app", "locales", "platform", "public", "vite.config.ts", "package.json", "package-lock.json"];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) {
    if (entry === "node_modules" || entry.endsWith(".test.ts")) continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

const built = existsSync(serverBuild) ? statSync(serverBuild).mtimeMs : 0;
const changed = Math.max(...sources.map((s) => newestMtime(join(root, s))));
if (built === 0 || changed > built) {
  console.log(built === 0 ? "No build yet: building…" : "Sources changed since the last build: building…");
  const result = spawnSync(process.execPath, [join(root, "node_modules/@remix-run/dev/dist/cli.js"), "vite:build"], {
    cwd: root,
    stdio: "inherit",
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const env = { ...process.env, NODE_ENV: process.env.NODE_ENV ?? "production", PORT: process.env.PORT ?? "3000" };
const child = spawn(process.execPath, [join(root, "node_modules/@remix-run/serve/dist/cli.js"), serverBuild], {
  cwd: root,
  env,
  stdio: "inherit",
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
