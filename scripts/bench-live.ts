// The live events' figures (issue 28, decision 053), on the built server with the embedded
// platform on a PostgreSQL server (so the bench can make thousands of logins directly):
// - 10,000 idle signed-in streams (10,000 players, one stream each): the web process's resident
//   memory and CPU before and while they are open and nothing changes (goal: at most 300 MiB more
//   than idle, under 5 % of a core);
// - an operator's credit to the balance event on the player's stream, p50 and p95 over 60
//   credits with 1,000 streams open (goal: p95 2 s with the default poll interval): with the
//   embedded platform (it announces its changes) and with the same platform as a remote one
//   (PLATFORM_URL: the web tier polls every LIVE_POLL_MS, 3 s by default);
// - platform calls per second caused by N connected players, one stream each and three each
//   (goal: linear in players, never in tabs), on the remote setup.
// Printed, never asserted.
//
// Alone: npm run build, then npx tsx scripts/bench-live.ts [--streams=10000] [--heap=512] [--only=idle]
import { type ChildProcess, spawn } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import pg from "pg";
import { openSse, type SseStream } from "../tests/support/sse";
import { printWhenMain, quantile } from "./bench-kit";
import { ensurePostgres } from "./postgres.mjs";

const WEB_PORT = 3320;
const REMOTE_WEB_PORT = 3322;
const PLATFORM_PORT = 4320;
const OPERATOR_PORT = 3329;
const OPERATOR_KEY = randomBytes(16).toString("hex");
const SECRET = `bench-live-${randomBytes(8).toString("hex")}`;
const arg = (name: string, fallback: number) => Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split("=")[1] ?? fallback);

function rssMiB(pid: number | undefined): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN) / 1024;
}
function cpuSeconds(pid: number | undefined): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8")
    .replace(/^.*\) /, "")
    .split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100;
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** CPU seconds by thread name (V8's GC helpers, libuv's pool, the main thread), from /proc. */
function threadSeconds(pid: number | undefined): Map<string, number> {
  const by = new Map<string, number>();
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      const name = readFileSync(`/proc/${pid}/task/${tid}/comm`, "utf8").trim();
      const fields = readFileSync(`/proc/${pid}/task/${tid}/stat`, "utf8")
        .replace(/^.*\) /, "")
        .split(" ");
      const kind = String(tid) === String(pid) ? "main" : name.replace(/[0-9]+$/, "").replace(/[ _-]+$/, "");
      by.set(kind, (by.get(kind) ?? 0) + (Number(fields[11]) + Number(fields[12])) / 100);
    } catch {
      // A thread that ended between the listing and the read.
    }
  }
  return by;
}

/** Share of one core the process spent over `ms`, and which of its threads spent it. */
async function cpuShare(pid: number | undefined, ms: number): Promise<{ share: number; threads: string }> {
  const before = cpuSeconds(pid);
  const threadsBefore = threadSeconds(pid);
  await sleep(ms);
  const threadsAfter = threadSeconds(pid);
  const share = (cpuSeconds(pid) - before) / (ms / 1000);
  const threads = [...threadsAfter]
    .map(([kind, s]) => [kind, (s - (threadsBefore.get(kind) ?? 0)) / (ms / 1000)] as const)
    .filter(([, s]) => s >= 0.001)
    .sort((x, y) => y[1] - x[1])
    .map(([kind, s]) => `${kind} ${(s * 100).toFixed(1)} %`)
    .join(", ");
  return { share, threads };
}

async function waitFor(url: string) {
  for (let i = 0; i < 480; i++) {
    if (
      await fetch(url).then(
        (r) => r.status < 500,
        () => false,
      )
    )
      return;
    await sleep(250);
  }
  throw new Error(`${url} did not come up`);
}

function startNode(args: string[], env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, args, { env: { ...process.env, ...env }, stdio: ["ignore", "ignore", "inherit"] });
}

/** A fresh database on the local PostgreSQL server. */
async function freshDatabase(): Promise<string> {
  const server = ensurePostgres() as string | null;
  if (!server) throw new Error("no PostgreSQL server (Debian's postgresql package, or TEST_DATABASE_URL)");
  const name = `bench_live_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(server);
  url.pathname = `/${name}`;
  return url.toString();
}

type Player = { user: string; cookie: string };

/**
 * `count` players made in the database (a member, a main wallet, a login of a day) and the
 * session cookie the web tier seals for each: what a login would leave, without 10,000 logins.
 */
async function makePlayers(db: pg.Client, count: number): Promise<Player[]> {
  process.env.SESSION_SECRET = SECRET;
  const { commitSession, getSession } = await import("../app/session.server");
  const [template] = (await db.query("SELECT password_hash FROM members WHERE merchant = 'demo' AND username = 'demo_member'")).rows;
  const players: Player[] = [];
  for (let from = 0; from < count; from += 1_000) {
    const batch = Array.from({ length: Math.min(1_000, count - from) }, (_, i) => ({
      user: `live_bench_${from + i}`,
      token: randomBytes(24).toString("hex"),
    }));
    const ids = (
      await db.query(
        `INSERT INTO members (merchant, username, password_hash, account_type, first_login)
         SELECT 'demo', u, $2, 0, false FROM unnest($1::text[]) AS u RETURNING id, username`,
        [batch.map((b) => b.user), template.password_hash],
      )
    ).rows as { id: number; username: string }[];
    const idOf = new Map(ids.map((r) => [r.username, r.id]));
    await db.query(
      `INSERT INTO ledger_accounts (merchant, kind, member_id, account_type_id, balance)
       SELECT 'demo', 'wallet', id, 2, 10000 FROM unnest($1::bigint[]) AS id`,
      [ids.map((r) => r.id)],
    );
    await db.query(
      `INSERT INTO sessions (token_hash, member_id, ip, created_at, expires_at)
       SELECT h, m, '127.0.0.1', now(), now() + interval '1 day' FROM unnest($1::text[], $2::bigint[]) AS t(h, m)`,
      [batch.map((b) => createHash("sha256").update(b.token).digest("hex")), batch.map((b) => idOf.get(b.user))],
    );
    for (const b of batch) {
      const session = await getSession(new Request("http://bench/"));
      session.set("token", b.token);
      session.set("startedAt", Date.now());
      session.set("accountType", 0);
      session.set("userName", b.user);
      session.set("rankLevel", 1);
      const cookie = (await commitSession(session)).split(";")[0]!;
      players.push({ user: b.user, cookie });
    }
  }
  return players;
}

async function openMany(port: number, cookies: string[], atOnce = 200): Promise<SseStream[]> {
  const streams: SseStream[] = [];
  for (let i = 0; i < cookies.length; i += atOnce) {
    const batch = await Promise.all(cookies.slice(i, i + atOnce).map((c) => openSse(`http://127.0.0.1:${port}/events`, { Cookie: c })));
    const refused = batch.find((s) => s.status !== 200);
    if (refused) throw new Error(`stream refused: ${refused.status}`);
    streams.push(...batch);
  }
  return streams;
}

async function credit(user: string, amount: number) {
  const response = await fetch(`http://127.0.0.1:${OPERATOR_PORT}/operator/credit`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Operator-Key": OPERATOR_KEY },
    body: JSON.stringify({ username: user, amount }),
  });
  if (!response.ok) throw new Error(`credit refused: ${response.status} ${await response.text()}`);
}

/** Credit → the balance event carrying the new sum on the player's stream, in ms, for `samples` players in turn. */
async function creditLatency(
  players: Player[],
  streams: SseStream[],
  samples: number,
): Promise<{ p50: number; p95: number; lost: number }> {
  const times: number[] = [];
  let lost = 0;
  for (let i = 0; i < samples; i++) {
    const at = (i * 7) % players.length;
    const stream = streams[at]!;
    const seen = stream.events.length;
    const started = performance.now();
    await credit(players[at]!.user, 1);
    const event = await stream.next((e) => e.type === "balance", 10_000, seen);
    const arrived = event ? event.at : null;
    if (arrived === null) lost += 1;
    else times.push(arrived - started);
    await sleep(150 + Math.random() * 300);
  }
  times.sort((a, b) => a - b);
  return { p50: quantile(times, 0.5), p95: quantile(times, 0.95), lost };
}

/** The web tier's metrics (one scrape: with 10,000 connections a scrape costs the server a few ms). */
async function scrape(metricsPort: number): Promise<(name: string, labels?: string) => number> {
  const lines = (await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text()).split("\n");
  // The sum of the lines of `name` whose labels include `labels`.
  return (name, labels = "") =>
    lines
      .filter((l) => (l.startsWith(`${name}{`) || l.startsWith(`${name} `)) && l.includes(labels))
      .reduce((sum, l) => sum + Number(l.split(" ").at(-1)), 0);
}
const heapMiB = async (port: number) => {
  const figure = await scrape(port);
  return { used: figure("nodejs_heap_size_used_bytes") / 2 ** 20, total: figure("nodejs_heap_size_total_bytes") / 2 ** 20 };
};
const playerReads = async (port: number) => (await scrape(port))("live_reads_total", 'kind="player"');

/** The web tier's platform calls so far, from its metrics (platform_call_duration_seconds_count summed). */
async function platformCalls(metricsPort: number): Promise<number> {
  const text = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
  let sum = 0;
  for (const line of text.split("\n")) if (/^\w*platform_call_duration_seconds_count\b/.test(line)) sum += Number(line.split(" ").at(-1));
  return sum;
}

export async function benchLive(): Promise<string> {
  const target = arg("streams", 10_000);
  const databaseUrl = await freshDatabase();
  const children: ChildProcess[] = [];
  const lines: string[] = [];
  const step = (text: string) => process.stderr.write(`[bench-live] ${text}\n`);
  try {
    const common = {
      NODE_ENV: "production",
      ALLOW_DEMO: "1",
      DATABASE_URL: databaseUrl,
      SESSION_SECRET: SECRET,
      COOKIE_SECURE: "false",
      LIVE_MAX_PER_ADDRESS: "100000",
      LOG_LEVEL: "warn",
    };
    // A heap for 10,000 streams (each holds its request, about 30 KB of heap; README, live events).
    const heap = arg("heap", 512);
    // BENCH_LIVE_NODE_FLAGS: e.g. --cpu-prof --cpu-prof-dir=/tmp/prof, to see where the time goes.
    const extra = (process.env.BENCH_LIVE_NODE_FLAGS ?? "").split(" ").filter(Boolean);
    const web = startNode([`--max-old-space-size=${heap}`, ...extra, "build/node/server.js"], {
      ...common,
      PORT: String(WEB_PORT),
      OPERATOR_PORT: String(OPERATOR_PORT),
      OPERATOR_KEY,
    });
    children.push(web);
    await waitFor(`http://127.0.0.1:${WEB_PORT}/healthz`);
    await waitFor(`http://127.0.0.1:${WEB_PORT}/readyz`);
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    const players = await makePlayers(db, target);
    await db.end();

    step(`${players.length} players made`);
    // 1. Idle streams.
    await sleep(3_000);
    const idleRss = rssMiB(web.pid);
    const idleHeap = await heapMiB(OPERATOR_PORT);
    const idleCpu = await cpuShare(web.pid, 10_000);
    const openStarted = performance.now();
    const streams = await openMany(
      WEB_PORT,
      players.map((p) => p.cookie),
    );
    const openMs = performance.now() - openStarted;
    // Every player's first read (spread over 5 s, as many at once as the hub allows), then nothing changes.
    const firstReads = performance.now();
    for (let i = 0; i < 300; i++) {
      const figure = await scrape(OPERATOR_PORT);
      const busy = figure("live_open", 'what="readsInFlight"') + figure("live_open", 'what="readsDue"');
      if (figure("live_reads_total", 'kind="player"') >= players.length && busy === 0) break;
      await sleep(1_000);
    }
    const firstReadsMs = performance.now() - firstReads;
    // The opening's garbage collected, then the quiet.
    await sleep(20_000);
    const openRss = rssMiB(web.pid);
    const openHeap = await heapMiB(OPERATOR_PORT);
    // BENCH_LIVE_SNAPSHOT=1 with BENCH_LIVE_NODE_FLAGS=--heapsnapshot-signal=SIGUSR2: what the streams hold.
    if (process.env.BENCH_LIVE_SNAPSHOT) {
      process.kill(web.pid!, "SIGUSR2");
      await sleep(20_000);
    }
    const readsBefore = await playerReads(OPERATOR_PORT);
    const openCpu = await cpuShare(web.pid, 30_000);
    const readsIdle = (await playerReads(OPERATOR_PORT)) - readsBefore;
    const heartbeats = streams.reduce((n, s) => n + s.events.filter((e) => e.type === "ping").length, 0);
    lines.push(
      `${streams.length.toLocaleString("en")} idle signed-in streams (one player each) on one instance (--max-old-space-size=${heap}), embedded platform on PostgreSQL`,
      `  web RSS   idle ${idleRss.toFixed(0)} MiB, with the streams ${openRss.toFixed(0)} MiB: +${(openRss - idleRss).toFixed(0)} MiB (goal: at most +300 MiB)`,
      `  web heap  used ${idleHeap.used.toFixed(0)} of ${idleHeap.total.toFixed(0)} MiB idle, ${openHeap.used.toFixed(0)} of ${openHeap.total.toFixed(0)} MiB with the streams (${(((openHeap.used - idleHeap.used) * 1024) / streams.length).toFixed(1)} KiB a stream, garbage not yet collected included)`,
      `  web CPU   idle ${(idleCpu.share * 100).toFixed(1)} % (${idleCpu.threads}), with the streams and nothing changing ${(openCpu.share * 100).toFixed(1)} % of a core over 30 s (goal: under 5 %; by thread: ${openCpu.threads})`,
      `  opened in ${(openMs / 1000).toFixed(1)} s, every player read once ${(firstReadsMs / 1000).toFixed(1)} s later; over the 30 s: ${readsIdle} players read again (the safety poll), ${heartbeats.toLocaleString("en")} heartbeats heard in all`,
    );

    step(lines.join("\n"));
    if (process.argv.includes("--only=idle")) return lines.join("\n");
    // 2. Credit to event with 1,000 streams, embedded (announced).
    for (const s of streams.slice(1_000)) s.close();
    const kept = streams.slice(0, 1_000);
    await sleep(2_000);
    const embedded = await creditLatency(players.slice(0, 1_000), kept, 60);
    lines.push(
      "Operator credit → balance event on the player's stream, 1,000 streams open, 60 credits",
      `  embedded platform (announces its changes)   p50 ${embedded.p50.toFixed(0)} ms, p95 ${embedded.p95.toFixed(0)} ms${embedded.lost ? `, ${embedded.lost} not seen in 10 s` : ""}`,
    );
    for (const s of kept) s.close();
    step(lines.join("\n"));

    // The same platform as a remote one: the web tier polls.
    const platform = startNode(["build/node/platform.js"], {
      ...common,
      PLATFORM_PORT: String(PLATFORM_PORT),
      PORT: String(PLATFORM_PORT),
      OPERATOR_PORT: "0",
    });
    children.push(platform);
    await waitFor(`http://127.0.0.1:${PLATFORM_PORT}/wps/system/status`);
    const remoteMetrics = OPERATOR_PORT + 1;
    const remote = startNode(["--max-old-space-size=192", "build/node/server.js"], {
      ...common,
      DATABASE_URL: "",
      PLATFORM_URL: `http://127.0.0.1:${PLATFORM_PORT}`,
      PORT: String(REMOTE_WEB_PORT),
      OPERATOR_PORT: String(remoteMetrics),
    });
    children.push(remote);
    await waitFor(`http://127.0.0.1:${REMOTE_WEB_PORT}/readyz`);
    const remoteStreams = await openMany(
      REMOTE_WEB_PORT,
      players.slice(0, 1_000).map((p) => p.cookie),
    );
    await sleep(6_000);
    const polled = await creditLatency(players.slice(0, 1_000), remoteStreams, 60);
    lines.push(
      `  remote platform (polled every 3 s)          p50 ${polled.p50.toFixed(0)} ms, p95 ${polled.p95.toFixed(0)} ms${polled.lost ? `, ${polled.lost} not seen in 10 s` : ""}`,
    );
    for (const s of remoteStreams) s.close();
    step(lines.join("\n"));
    await sleep(2_000);

    // 3. Platform calls per second by connected players and tabs (remote: the web tier polls).
    lines.push("Platform calls per second caused by connected players (remote platform, 3 s poll, 30 s each)");
    for (const [count, tabs] of [
      [100, 1],
      [200, 1],
      [400, 1],
      [400, 3],
    ] as const) {
      const cookies = players.slice(0, count).flatMap((p) => Array.from({ length: tabs }, () => p.cookie));
      const open = await openMany(REMOTE_WEB_PORT, cookies);
      await sleep(6_000);
      const before = await platformCalls(remoteMetrics);
      await sleep(30_000);
      const calls = (await platformCalls(remoteMetrics)) - before;
      lines.push(
        `  ${String(count).padStart(4)} players × ${tabs} stream${tabs > 1 ? "s" : " "}   ${(calls / 30).toFixed(1)} calls/s (${(calls / 30 / count).toFixed(2)} per player)`,
      );
      for (const s of open) s.close();
      await sleep(4_000);
    }
  } finally {
    for (const child of children) child.kill("SIGTERM");
  }
  return lines.join("\n");
}

printWhenMain(import.meta.url, benchLive);
