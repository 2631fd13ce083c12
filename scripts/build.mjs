#!/usr/bin/env node
// npm run build: the Remix app (Vite: build/client, build/server), then the Node entry points
// bundled with esbuild into build/node: the web server, the stand-alone platform and the
// operator command line. Production runs these with plain node (`npm install --omit=dev`).
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { build } from "esbuild";

const root = new URL("..", import.meta.url).pathname;
const vite = spawnSync(process.execPath, [join(root, "node_modules/@remix-run/dev/dist/cli.js"), "vite:build"], { cwd: root, stdio: "inherit" });
if (vite.status !== 0) process.exit(vite.status ?? 1);

await build({
  absWorkingDir: root,
  entryPoints: { server: "server/index.ts", platform: "platform/serve.ts", admin: "platform/admin.ts" },
  outdir: "build/node",
  bundle: true,
  platform: "node",
  target: "node20",
  format: "esm",
  // Dependencies stay in node_modules (installed with --omit=dev); only our code is bundled.
  packages: "external",
  alias: { "~": "./app" },
  sourcemap: true,
  logLevel: "warning",
});
console.log("built build/node/server.js, platform.js, admin.js");
