// The spray and the flood of issue 25 (decision 036), against a running built server:
// - a login spray: 60 logins with made-up names in 10 s from one address; the answers by status,
//   when the first 429 came (and its Retry-After), the CPU the web and platform processes spent;
// - a picture flood: visitors posting /feedback with three 9 KB one-bit 7000×7000 PNGs (under the
//   50-megapixel cap), four at a time for 10 s, then 32 at a time (past the cap on held refusals);
//   the same figures;
// and for each, another player's page (/help, one request at a time) median and p95 before and
// during (goal: p95 during within 2× before). Printed, never asserted.
//
// Alone, against a server you started (npm run build, then npm start or node scripts/start.mjs):
//   npx tsx scripts/bench-abuse.ts --base=http://127.0.0.1:3000 [--web-pid=N] [--platform-pid=N]
// scripts/bench.ts calls benchAbuse() on its instance that renders every page.
import { fork } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { flatPng } from "../tests/fixtures/flat-png";
import { printWhenMain } from "./bench-kit";

const SPRAY_LOGINS = 60;
const SPRAY_SECONDS = 10;
const FLOOD_SECONDS = 10;
const FLOOD_AT_ONCE = 4;
/** A flood past the held refusals' cap per address (8): the rest are answered at once and their connections closed. */
const FLOOD_WIDE = 32;
const PAGE = "/help";
const PAGE_SAMPLES = 40;
const UA = "Mozilla/5.0 (Linux; Android 10) bench-abuse";
/** With TRUST_PROXY on, the spray and the other player come from different addresses; without it, from this host's. */
const SPRAYER = "198.51.100.66";
const PLAYER = "198.51.100.77";

type Sample = { at: number; status: number; retryAfter: string | null; ms: number };

/** utime + stime of a process, in seconds (Linux /proc); NaN when unknown. */
function cpuSeconds(pid: number | undefined): number {
  if (!pid) return NaN;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8")
      .replace(/^.*\) /, "")
      .split(" ");
    return (Number(fields[11]) + Number(fields[12])) / 100; // clock ticks (USER_HZ 100)
  } catch {
    return NaN;
  }
}

const percentile = (xs: number[], p: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length - 1) * p))] ?? NaN;
};

/** The hidden and honeypot fields of the page's form posting to `action` (as tests/server/harness.ts reads them). */
function formFields(html: string, action: RegExp): Record<string, string> {
  const forms = [...html.matchAll(/<form\b[^>]*>([\s\S]*?)<\/form>/g)];
  const form = forms.find((f) => action.test(/action="([^"]*)"/.exec(f[0])?.[1] ?? "")) ?? forms[0];
  const fields: Record<string, string> = {};
  for (const [input] of (form?.[1] ?? "").matchAll(/<input\b[^>]*>/g)) {
    const name = /\bname="([^"]*)"/.exec(input)?.[1];
    if (!name) continue;
    // The honeypot's trap must stay empty; its stamp and the form's hidden ids are kept.
    if (!/type="hidden"/.test(input) && !name.endsWith("__confirm")) continue;
    fields[name] = (/\bvalue="([^"]*)"/.exec(input)?.[1] ?? "")
      .replace(/&amp;/g, "&")
      .replace(/&quot;/g, '"')
      .replace(/&#x27;/g, "'");
  }
  return fields;
}

async function timedPage(base: string): Promise<number> {
  const started = performance.now();
  const answer = await fetch(`${base}${PAGE}`, { headers: { "User-Agent": UA, Accept: "text/html", "X-Forwarded-For": PLAYER } });
  await answer.arrayBuffer();
  return performance.now() - started;
}

/**
 * The other player's page, one request at a time, until `until` settles (or `samples` are taken),
 * from a process of its own: in this one its requests would wait behind the attack's own work, and
 * the figure would be the load generator's, not the server's.
 */
async function pageTimes(base: string, until?: Promise<unknown>, samples = PAGE_SAMPLES): Promise<number[]> {
  const sampler = fork(fileURLToPath(import.meta.url), [`--sample=${base}`, `--samples=${until ? 0 : samples}`], {
    execArgv: process.execArgv,
  });
  const times = new Promise<number[]>((resolve, reject) => {
    sampler.once("message", (m) => resolve(m as number[]));
    sampler.once("error", reject);
    sampler.once("exit", (code) => reject(new Error(`the page sampler stopped (${code})`)));
  });
  const stop = () => sampler.connected && sampler.send("stop");
  until?.then(stop, stop);
  return times;
}

/** In the sampler's process: time the page until told to stop (samples 0) or `samples` are taken; send them. */
async function sample(base: string, samples: number): Promise<void> {
  const times: number[] = [];
  let done = false;
  process.once("message", () => (done = true));
  while (samples > 0 ? times.length < samples : !done) times.push(await timedPage(base));
  process.send!(times, () => process.exit(0));
}

const pageLine = (label: string, times: number[]) =>
  `${label.padEnd(10)} median ${percentile(times, 0.5).toFixed(0).padStart(5)} ms   p95 ${percentile(times, 0.95).toFixed(0).padStart(5)} ms   (${times.length} requests)`;

function answersLine(samples: Sample[]): string {
  const byStatus = new Map<number, number>();
  for (const s of samples) byStatus.set(s.status, (byStatus.get(s.status) ?? 0) + 1);
  const statuses = [...byStatus.entries()]
    .sort(([a], [b]) => a - b)
    .map(([status, n]) => `${status === 0 ? "no answer" : status}: ${n}`)
    .join(", ");
  const first = samples.filter((s) => s.status === 429).sort((a, b) => a.at - b.at)[0];
  const slowest = Math.max(...samples.map((s) => s.ms));
  return `answers ${statuses}; first 429 ${first ? `at ${(first.at / 1000).toFixed(1)} s (attempt ${samples.filter((s) => s.at <= first.at).length}, Retry-After ${first.retryAfter ?? "none"})` : "never"}; slowest answer ${(slowest / 1000).toFixed(1)} s`;
}

async function stage(
  base: string,
  pids: { web?: number; platform?: number },
  attack: (start: number) => Promise<Sample[]>,
): Promise<{ before: number[]; during: number[]; samples: Sample[]; cpu: { web: number; platform: number } }> {
  const before = await pageTimes(base);
  const cpu0 = { web: cpuSeconds(pids.web), platform: cpuSeconds(pids.platform) };
  const run = attack(performance.now());
  const during = await pageTimes(base, run);
  const samples = await run;
  return { before, during, samples, cpu: { web: cpuSeconds(pids.web) - cpu0.web, platform: cpuSeconds(pids.platform) - cpu0.platform } };
}

async function loginSpray(base: string, start: number): Promise<Sample[]> {
  const page = await fetch(`${base}/login`, { headers: { "User-Agent": UA, "X-Forwarded-For": SPRAYER } }).then((r) => r.text());
  const fields = formFields(page, /login/);
  const one = async (i: number): Promise<Sample> => {
    await new Promise((r) => setTimeout(r, (i * SPRAY_SECONDS * 1000) / SPRAY_LOGINS));
    const at = performance.now() - start;
    const body = new URLSearchParams({
      ...fields,
      username: `spray${Math.random().toString(36).slice(2, 10)}`,
      password: `Pw-${Math.random().toString(36).slice(2)}`,
    });
    try {
      const answer = await fetch(`${base}/login`, {
        method: "POST",
        redirect: "manual",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "text/html", "User-Agent": UA, "X-Forwarded-For": SPRAYER },
        body,
      });
      await answer.arrayBuffer();
      return { at, status: answer.status, retryAfter: answer.headers.get("Retry-After"), ms: performance.now() - start - at };
    } catch {
      return { at, status: 0, retryAfter: null, ms: performance.now() - start - at };
    }
  };
  return Promise.all(Array.from({ length: SPRAY_LOGINS }, (_, i) => one(i)));
}

async function pictureFlood(base: string, start: number, atOnce: number): Promise<Sample[]> {
  const page = await fetch(`${base}/feedback`, { headers: { "User-Agent": UA, "X-Forwarded-For": SPRAYER } }).then((r) => r.text());
  const fields = formFields(page, /feedback/);
  const bomb = new Blob([new Uint8Array(flatPng(7000, 7000))], { type: "image/png" });
  const samples: Sample[] = [];
  const post = async (): Promise<void> => {
    const at = performance.now() - start;
    const form = new FormData();
    for (const [k, v] of Object.entries({ ...fields, questionType: "OTHER", content: "flood" })) form.set(k, v);
    for (let i = 0; i < 3; i++) form.append("images", bomb, `bomb${i}.png`);
    try {
      const answer = await fetch(`${base}/feedback`, {
        method: "POST",
        redirect: "manual",
        headers: { Accept: "text/html", "User-Agent": UA, "X-Forwarded-For": SPRAYER },
        body: form,
      });
      await answer.arrayBuffer();
      samples.push({ at, status: answer.status, retryAfter: answer.headers.get("Retry-After"), ms: performance.now() - start - at });
    } catch {
      samples.push({ at, status: 0, retryAfter: null, ms: performance.now() - start - at });
    }
  };
  // `atOnce` visitors, each posting again as soon as it is answered, for FLOOD_SECONDS.
  const visitor = async () => {
    while (performance.now() - start < FLOOD_SECONDS * 1000) await post();
  };
  await Promise.all(Array.from({ length: atOnce }, visitor));
  return samples;
}

/** Both stages against `base`; `pids` (the web and platform processes) add the CPU they spent. */
export async function benchAbuse(base: string, pids: { web?: number; platform?: number } = {}): Promise<string> {
  const lines: string[] = [];
  const cpuLine = (cpu: { web: number; platform: number }) =>
    Number.isNaN(cpu.web) && Number.isNaN(cpu.platform) ? "" : `; CPU web ${cpu.web.toFixed(1)} s, platform ${cpu.platform.toFixed(1)} s`;
  const ratio = (before: number[], during: number[]) =>
    `p95 during / before ×${(percentile(during, 0.95) / percentile(before, 0.95)).toFixed(2)} (goal: at most ×2)`;

  const spray = await stage(base, pids, (start) => loginSpray(base, start));
  lines.push(`  login spray: ${SPRAY_LOGINS} logins with made-up names in ${SPRAY_SECONDS} s from one address`);
  lines.push(`    ${answersLine(spray.samples)}${cpuLine(spray.cpu)}`);
  lines.push(`    ${PAGE} ${pageLine("before", spray.before)}`);
  lines.push(`    ${PAGE} ${pageLine("during", spray.during)}   ${ratio(spray.before, spray.during)}`);

  for (const atOnce of [FLOOD_AT_ONCE, FLOOD_WIDE]) {
    const flood = await stage(base, pids, (start) => pictureFlood(base, start, atOnce));
    lines.push(`  picture flood: /feedback with three 9 KB 7000×7000 PNGs, ${atOnce} at a time for ${FLOOD_SECONDS} s, one address`);
    lines.push(`    ${flood.samples.length} posts; ${answersLine(flood.samples)}${cpuLine(flood.cpu)}`);
    lines.push(`    ${PAGE} ${pageLine("before", flood.before)}`);
    lines.push(`    ${PAGE} ${pageLine("during", flood.during)}   ${ratio(flood.before, flood.during)}`);
  }
  return lines.join("\n");
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const arg = (name: string) =>
    process.argv
      .find((a) => a.startsWith(`--${name}=`))
      ?.split("=")
      .slice(1)
      .join("=");
  const pid = (name: string) => (arg(name) ? Number(arg(name)) : undefined);
  if (arg("sample")) void sample(arg("sample")!, Number(arg("samples")));
  else
    printWhenMain(
      import.meta.url,
      async () =>
        `Spray and flood (issue 25, decision 036)\n${await benchAbuse(arg("base") ?? "http://127.0.0.1:3000", { web: pid("web-pid"), platform: pid("platform-pid") })}`,
    );
}
