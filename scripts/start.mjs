#!/usr/bin/env node
// npm start: the production server (build/node/server.js) in this very process, so a signal to
// it reaches the server itself and nothing is left behind. `npm run platform` (start.mjs platform)
// and `npm run platform:admin` (start.mjs admin …) run the platform's built entry points likewise. With the build tools installed (a
// development checkout) it first builds when the build is missing or older than the sources;
// a production install (npm install --omit=dev) runs the build it was given and never builds.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

const root = new URL("..", import.meta.url).pathname;
// Settings from .env, as .env.example says; what the environment already has wins.
if (existsSync(join(root, ".env"))) process.loadEnvFile(join(root, ".env"));
const which = ["platform", "admin"].includes(process.argv[2]) ? process.argv[2] : "server";
const entry = join(root, `build/node/${which}.js`);
const sources = ["app", "server", "locales", "platform", "public", "vite.config.ts", "package.json", "package-lock.json"];
const canBuild = existsSync(join(root, "node_modules/@remix-run/dev")) && existsSync(join(root, "node_modules/esbuild"));

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const name of readdirSync(path)) {
    if (name === "node_modules" || name.endsWith(".test.ts")) continue;
    newest = Math.max(newest, newestMtime(join(path, name)));
  }
  return newest;
}

const built = existsSync(entry) ? statSync(entry).mtimeMs : 0;
if (canBuild && process.env.NODE_ENV !== "production") {
  const changed = Math.max(...sources.map((s) => newestMtime(join(root, s))));
  if (built === 0 || changed > built) {
    console.error(built === 0 ? "No build yet: building…" : "Sources changed since the last build: building…");
    // The admin command line prints results others read: the build's chatter goes to stderr.
    const result = spawnSync(process.execPath, [join(root, "scripts/build.mjs")], {
      cwd: root,
      stdio: ["inherit", which === "admin" ? 2 : "inherit", "inherit"],
    });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
} else if (built === 0) {
  console.error("No build in build/: run `npm run build` where the build tools are installed, then start again.");
  process.exit(1);
}

if (which === "admin") {
  const { runAdmin } = await import(entry);
  process.exit(await runAdmin(process.argv.slice(3)));
}
process.env.NODE_ENV ??= "production";
if (which === "server") {
  process.env.PORT ??= "3000";
  const { main } = await import(entry);
  await main();
} else {
  await import(entry);
}
