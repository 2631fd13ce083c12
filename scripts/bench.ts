// npm run bench: what the home page costs the phone and the server.
// - JavaScript and CSS the home page loads, and its HTML, in gzip bytes (budgets: 120 KiB JS, 30 KiB HTML);
// - server-side rendering throughput of the home page against a plain Node server sending the
//   same saved bytes, same machine, same load generator, one run (budget: at least 1/20);
// - resident memory of the web process with PLATFORM_URL set, and of the platform apart.
// Figures go into the issue note; no test asserts them.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { gzipSync } from "node:zlib";

const APP_PORT = 3300;
const PLATFORM_PORT = 4300;
const STATIC_PORT = 3301;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);

function start(command: string[], env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, command, { env: { ...process.env, ...env }, stdio: ["ignore", "ignore", "inherit"] });
}

async function waitFor(url: string) {
  for (let i = 0; i < 240; i++) {
    if (await fetch(url, { headers: { Merchant: "demo" } }).then((r) => r.ok, () => false)) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not come up`);
}

function rssMiB(pid: number | undefined): number {
  if (!pid) return NaN;
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN) / 1024;
}

const hasWrk = spawnSync("wrk", ["--version"]).error === undefined;

/** Requests per second at CONCURRENCY connections: wrk when installed (Debian: apt-get install wrk), else a fetch loop. */
async function load(url: string): Promise<{ rps: number; errors: number }> {
  if (hasWrk) {
    const out = spawnSync("wrk", ["-t1", `-c${CONCURRENCY}`, `-d${SECONDS}s`, url], { encoding: "utf8" }).stdout;
    const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? NaN);
    const errors = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(out)?.[1] ?? 0);
    return { rps, errors };
  }
  return fetchLoop(url);
}

async function fetchLoop(url: string): Promise<{ rps: number; errors: number }> {
  const deadline = Date.now() + SECONDS * 1000;
  let done = 0;
  let errors = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (Date.now() < deadline) {
        try {
          const r = await fetch(url);
          await r.arrayBuffer();
          if (r.ok) done++;
          else errors++;
        } catch {
          errors++;
        }
      }
    }),
  );
  return { rps: done / SECONDS, errors };
}

const STATIC_SERVER = `
const html = require("node:fs").readFileSync(".cache/bench-home.html");
require("node:http").createServer((_, res) => {
  res.writeHead(200, { "Content-Type": "text/html; charset=utf-8", "Content-Length": html.length });
  res.end(html);
}).listen(Number(process.env.STATIC_PORT));`;

const gz = (buf: Buffer | string) => gzipSync(buf).length;
const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`;

/** What a page costs the phone: its HTML, and the JavaScript and CSS it loads, gzipped. */
async function pageWeight(base: string, path: string) {
  const html = Buffer.from(await (await fetch(`${base}${path}`)).arrayBuffer());
  const text = html.toString("utf8");
  // Every script the page loads: module preloads, the entry import, inline module imports.
  const scripts = new Set<string>();
  for (const m of text.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)) scripts.add(m[1]!);
  for (const m of text.matchAll(/import\(?\s*"(\/assets\/[^"]+\.js)"/g)) scripts.add(m[1]!);
  for (const m of text.matchAll(/import \* as \w+ from "(\/assets\/[^"]+\.js)"/g)) scripts.add(m[1]!);
  const styles = [...text.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((m) => m[1]!);
  let jsGzip = 0;
  for (const src of scripts) jsGzip += gz(Buffer.from(await (await fetch(`${base}${src}`)).arrayBuffer()));
  let cssGzip = 0;
  for (const href of styles) cssGzip += gz(Buffer.from(await (await fetch(`${base}${href}`)).arrayBuffer()));
  return { html, jsGzip, cssGzip, scripts: scripts.size };
}

/** Sequential request times (after one warm-up), median and 95th percentile in ms. */
async function timings(url: string, count: number, headers: Record<string, string> = {}) {
  await fetch(url, { headers }).then((r) => r.arrayBuffer());
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    const r = await fetch(url, { headers });
    await r.arrayBuffer();
    if (!r.ok) throw new Error(`${url}: HTTP ${r.status}`);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { median: times[Math.floor(count / 2)]!, p95: times[Math.floor(count * 0.95)]! };
}

async function main() {
  if (spawnSync(process.execPath, ["scripts/build.mjs"], { stdio: "ignore" }).status !== 0) {
    throw new Error("build failed");
  }
  const platform = start(["build/node/platform.js"], { PLATFORM_PORT: String(PLATFORM_PORT), PLATFORM_MEMORY: "1", OPERATOR_PORT: "0" });
  const app = start(["scripts/start.mjs"], {
    PORT: String(APP_PORT),
    PLATFORM_URL: `http://127.0.0.1:${PLATFORM_PORT}`,
    SESSION_SECRET: "bench-secret-0123456789abcdef",
    NODE_ENV: "production",
  });
  try {
    await waitFor(`http://127.0.0.1:${PLATFORM_PORT}/wps/session/key/rsa`);
    await waitFor(`http://127.0.0.1:${APP_PORT}/favicon.ico`);
    const base = `http://127.0.0.1:${APP_PORT}`;
    const home = await pageWeight(base, "/");
    const html = home.html;
    // The dictionary the browser fetches for the page.
    const dict = await (await fetch(`${base}/api/locales?lng=en&ns=common`)).text();

    // The lobby (before the load runs, whose closed connections a pooled fetch would meet): a filtered, sorted page deep into 10,000 slots, one request at a time.
    const lobbyPath = "/rng?q=dragon&minBet=1&lines=25&sort=new&page=2";
    const lobby = await pageWeight(base, "/rng");
    const lobbyTimes = await timings(`${base}${lobbyPath}`, 40);
    const listTimes = await timings(
      `http://127.0.0.1:${PLATFORM_PORT}/wps/relay/GCSGAME_gameList?gameType=RNG&gameName=dragon&minBetFrom=1&linesFrom=25&sort=new&pageNo=2&pageSize=30`,
      40,
      { Merchant: "demo" },
    );
    // Same bytes from a plain Node server, in its own process (wrk blocks this one while it runs).
    mkdirSync(".cache", { recursive: true });
    writeFileSync(".cache/bench-home.html", html);
    const staticServer = start(["-e", STATIC_SERVER], { STATIC_PORT: String(STATIC_PORT) });
    await waitFor(`http://127.0.0.1:${STATIC_PORT}/`);
    await load(`${base}/`); // warm-up
    const ssr = await load(`${base}/`);
    const plain = await load(`http://127.0.0.1:${STATIC_PORT}/`);
    staticServer.kill("SIGTERM");

    const lobbyLoad = await load(`${base}${lobbyPath}`);

    // scripts/start.mjs runs the server in its own process.
    const appPid = app.pid;
    console.log(`Home page (phone, logged out)
  JavaScript loaded     ${kib(home.jsGzip)} gzip in ${home.scripts} files   (budget 120 KiB)
  CSS                   ${kib(home.cssGzip)} gzip
  HTML                  ${kib(gz(html))} gzip (${kib(html.length)} raw)   (budget 30 KiB)
  dictionary (en/common) ${kib(gz(dict))} gzip
Server-side rendering, ${CONCURRENCY} connections, ${SECONDS} s each, same machine, load from ${hasWrk ? "wrk" : "a fetch loop (install wrk for a truer figure)"}
  home page via Remix   ${ssr.rps.toFixed(0)} req/s (${ssr.errors} errors)
  static Node server    ${plain.rps.toFixed(0)} req/s (${plain.errors} errors)
  ratio                 1/${(plain.rps / ssr.rps).toFixed(1)}   (budget: at least 1/20)
Lobby /rng (10,000 slots; phone, logged out)
  JavaScript loaded     ${kib(lobby.jsGzip)} gzip in ${lobby.scripts} files
  HTML                  ${kib(gz(lobby.html))} gzip (${kib(lobby.html.length)} raw)
  ${lobbyPath}
    whole page, one at a time   median ${lobbyTimes.median.toFixed(1)} ms, p95 ${lobbyTimes.p95.toFixed(1)} ms
    platform's GCSGAME_gameList median ${listTimes.median.toFixed(1)} ms, p95 ${listTimes.p95.toFixed(1)} ms (over HTTP)
    under load                  ${lobbyLoad.rps.toFixed(0)} req/s (${lobbyLoad.errors} errors)
Memory (resident)
  web process (PLATFORM_URL set)  ${rssMiB(appPid).toFixed(0)} MiB
  reference platform, in memory   ${rssMiB(platform.pid).toFixed(0)} MiB`);
  } finally {
    app.kill("SIGTERM");
    platform.kill("SIGTERM");
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
