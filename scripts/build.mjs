#!/usr/bin/env node
// npm run build: the Remix app (Vite: build/client, build/server), then the Node entry points
// bundled with esbuild into build/node: the web server, the stand-alone platform and the
// operator command line. Production runs these with plain node (`npm install --omit=dev`).
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { build } from "esbuild";

const root = new URL("..", import.meta.url).pathname;
const vite = spawnSync(process.execPath, [join(root, "node_modules/@remix-run/dev/dist/cli.js"), "vite:build"], {
  cwd: root,
  stdio: "inherit",
});
if (vite.status !== 0) process.exit(vite.status ?? 1);

// The service worker (issue 29, decision 055): Workbox's modules bundled with ours, and the list of
// assets it precaches written into it. Those are what a page that can be shown offline needs (the
// entry, the root, each stored page's route with its parents and their chunks, the manifest, the
// styles and the icon sprite), not every chunk of the build: a player on a metered line does not
// download the agent centre's scripts to read a lobby offline. Hashed names change when their
// bytes do, so no revision is needed. Before compression, so sw.js is compressed too.
const clientAssets = join(root, "build/client/assets");
const rulesModule = join(root, "build/offline-rules.mjs");
await build({
  absWorkingDir: root,
  entryPoints: ["app/offline/rules.ts"],
  outfile: rulesModule,
  bundle: true,
  platform: "node",
  format: "esm",
  alias: { "~": "./app" },
  logLevel: "warning",
});
const { storablePath } = await import(pathToFileURL(rulesModule).href);
rmSync(rulesModule);
const manifestName = readdirSync(clientAssets).find((name) => /^manifest-[\w-]+\.js$/.test(name));
const manifestSource = readFileSync(join(clientAssets, manifestName), "utf8");
const remixManifest = JSON.parse(manifestSource.slice(manifestSource.indexOf("{"), manifestSource.lastIndexOf("}") + 1));
const routePath = (id) => {
  const route = remixManifest.routes[id];
  const parent = route.parentId ? routePath(route.parentId) : "";
  return route.index ? parent : `${parent}/${route.path ?? ""}`.replace(/\/+/g, "/");
};
const precached = new Set([`/assets/${manifestName}`, remixManifest.entry.module, ...remixManifest.entry.imports]);
const withParents = (id) => {
  for (let route = remixManifest.routes[id]; route; route = remixManifest.routes[route.parentId]) {
    for (const url of [route.module, ...(route.imports ?? []), ...(route.css ?? [])]) precached.add(url);
  }
};
for (const id of Object.keys(remixManifest.routes)) {
  const path = routePath(id).replace(/(.)\/$/, "$1") || "/";
  if (id === "root" || storablePath(path)) withParents(id);
}
for (const name of readdirSync(clientAssets)) if (/^icons-[\w-]+\.svg$|\.css$/.test(name)) precached.add(`/assets/${name}`);
const assets = [...precached].sort().map((url) => ({ url, revision: null }));
await build({
  absWorkingDir: root,
  entryPoints: { sw: "app/offline/sw.ts" },
  outdir: "build/client",
  bundle: true,
  platform: "browser",
  target: "es2020",
  format: "iife",
  minify: true,
  alias: { "~": "./app" },
  define: { "self.__WB_MANIFEST": JSON.stringify(assets), "process.env.NODE_ENV": '"production"' },
  logLevel: "warning",
});
console.log(`built build/client/sw.js (${assets.length} assets precached)`);

// Assets compressed once here, at the best levels, so the server never compresses them per
// request (issue 14): name.br and name.gz beside each text file the browser loads.
let compressed = 0;
function precompress(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      precompress(path);
      continue;
    }
    if (!/\.(js|css|svg|json|webmanifest|txt)$/.test(entry.name) || statSync(path).size < 1024) continue;
    const raw = readFileSync(path);
    const br = brotliCompressSync(raw, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
    });
    const gz = gzipSync(raw, { level: 9 });
    if (br.length < raw.length) writeFileSync(`${path}.br`, br);
    if (gz.length < raw.length) writeFileSync(`${path}.gz`, gz);
    compressed += 1;
  }
}
precompress(join(root, "build/client"));
console.log(`compressed ${compressed} client files (.br, .gz)`);

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
