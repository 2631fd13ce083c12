import { listenLocal } from "../fixtures/listen";
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";

// The production server as operators run it: built JavaScript started with node, in processes of
// its own, configured by environment, talking to a platform over HTTP. Each helper returns
// something a test stops in afterAll.

const ROOT = new URL("../..", import.meta.url).pathname;
export const SECRET = "server-test-secret-0123456789";

export type Proc = {
  url: string;
  port: number;
  /** Every line the process wrote, stdout and stderr; JSON lines parsed where they are JSON. */
  lines: string[];
  json(): Array<Record<string, any>>;
  child: ChildProcess;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  stop(signal?: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
};

// Every process a test started dies with the test worker, whatever became of the test's afterAll
// (a worker torn down after a failure left a platform running, eating the next run's CPU).
const started = new Set<ChildProcess>();
process.once("exit", () => {
  for (const child of started) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
});

function capture(child: ChildProcess, lines: string[]) {
  started.add(child);
  child.once("exit", () => started.delete(child));
  for (const stream of [child.stdout, child.stderr]) {
    let rest = "";
    stream?.setEncoding("utf8");
    stream?.on("data", (chunk: string) => {
      const parts = (rest + chunk).split("\n");
      rest = parts.pop() ?? "";
      lines.push(...parts.filter(Boolean));
    });
  }
}

async function waitFor<T>(
  what: string,
  probe: () => T | undefined | Promise<T | undefined>,
  timeoutMs: number,
  child?: ChildProcess,
  lines?: string[],
): Promise<T> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    const value = await probe();
    if (value !== undefined) return value;
    if (child && child.exitCode !== null)
      throw new Error(`${what}: the process exited (${child.exitCode}):\n${lines?.slice(-20).join("\n")}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${what}: not within ${timeoutMs} ms\n${lines?.slice(-20).join("\n")}`);
}

function procOf(child: ChildProcess, lines: string[], port: number): Proc {
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal })),
  );
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    lines,
    json: () =>
      lines.flatMap((l) => {
        try {
          return [JSON.parse(l)];
        } catch {
          return [];
        }
      }),
    child,
    exited,
    async stop(signal = "SIGTERM") {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      const timer = setTimeout(() => child.kill("SIGKILL"), 20_000);
      const result = await exited;
      clearTimeout(timer);
      return result;
    },
  };
}

/** The stand-alone reference platform (build/node/platform.js) on a free port. */
export async function startPlatform(env: Record<string, string> = {}): Promise<Proc> {
  const lines: string[] = [];
  const child = spawn(process.execPath, [join(ROOT, "build/node/platform.js")], {
    cwd: ROOT,
    env: {
      ...process.env,
      PLATFORM_PORT: "0",
      OPERATOR_PORT: "0",
      PLATFORM_MEMORY: env.DATABASE_URL ? "" : "1",
      DATA_DIR: mkdtempSync(join(tmpdir(), "bw-platform-")),
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  capture(child, lines);
  const port = await waitFor(
    "platform start",
    () => {
      const m = lines.map((l) => /contract on http:\/\/[^:]+:(\d+)/.exec(l)).find(Boolean);
      return m ? Number(m[1]) : undefined;
    },
    60_000,
    child,
    lines,
  );
  return procOf(child, lines, port);
}

/**
 * One web instance (node build/node/server.js) on a free port, waiting until /healthz answers.
 * `command: "npm-start"` starts it the README's way instead.
 */
export async function startWeb(env: Record<string, string>, options: { command?: "node" | "npm-start"; cwd?: string } = {}): Promise<Proc> {
  const lines: string[] = [];
  const cwd = options.cwd ?? ROOT;
  const args =
    options.command === "npm-start"
      ? (["npm", ["start", "--silent"]] as const)
      : ([process.execPath, [join(cwd, "build/node/server.js")]] as const);
  const child = spawn(args[0], [...args[1]], {
    cwd,
    env: {
      ...process.env,
      NODE_ENV: "production",
      ALLOW_DEMO: "1",
      PORT: "0",
      OPERATOR_PORT: "0",
      SESSION_SECRET: SECRET,
      COOKIE_SECURE: "false",
      DATA_DIR: mkdtempSync(join(tmpdir(), "bw-web-")),
      PUBLIC_CACHE_SECONDS: "0",
      LOG_LEVEL: "info",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  capture(child, lines);
  const port = await waitFor(
    "web start",
    () => {
      for (const l of lines) {
        try {
          const entry = JSON.parse(l) as { msg?: string; port?: number };
          if (entry.msg?.startsWith("listening on") && entry.port) return entry.port;
        } catch {
          // not a JSON line
        }
      }
      return undefined;
    },
    90_000,
    child,
    lines,
  );
  return procOf(child, lines, port);
}

/** The built server started with `env` where it is expected to refuse: its exit code and everything it wrote. */
export function startRefused(env: Record<string, string>): { code: number | null; output: string } {
  const result = spawnSync(process.execPath, [join(ROOT, "build/node/server.js")], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: "0",
      OPERATOR_PORT: "0",
      SESSION_SECRET: SECRET,
      DATA_DIR: mkdtempSync(join(tmpdir(), "bw-web-")),
      ...env,
    },
    encoding: "utf8",
    timeout: 60_000,
  });
  return { code: result.status, output: `${result.stdout}${result.stderr}` };
}

/** A stand-in platform: answers with `handle`, records every request it got. */
export async function fakePlatform(handle: (req: IncomingMessage, res: ServerResponse) => void) {
  const seen: Array<{ method: string; url: string; headers: IncomingMessage["headers"]; at: number }> = [];
  const server: Server = createServer((req, res) => {
    seen.push({ method: req.method ?? "", url: req.url ?? "", headers: req.headers, at: Date.now() });
    handle(req, res);
  });
  const { port, close } = await listenLocal(server);
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    close,
  };
}

/** A browser's cookie jar, enough for one site: name=value pairs from Set-Cookie, sent back. */
export class Jar {
  private cookies = new Map<string, string>();
  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }
  take(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ""] = line.split(";");
      const eq = pair.indexOf("=");
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      if (/max-age=0|expires=thu, 01 jan 1970/i.test(line) || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  has(name: string) {
    return this.cookies.has(name);
  }
}

/** fetch with the jar: cookies sent and kept, redirects not followed. */
export async function browse(jar: Jar, url: string, init: RequestInit & { headers?: Record<string, string> } = {}): Promise<Response> {
  const response = await fetch(url, {
    redirect: "manual",
    ...init,
    headers: { Cookie: jar.header(), "User-Agent": "server-test", ...init.headers },
  });
  jar.take(response);
  return response;
}

/** The hidden inputs of the first form on the page whose action matches (honeypot, CSRF). */
export function hiddenInputs(html: string, action?: RegExp): Record<string, string> {
  const forms = [...html.matchAll(/<form\b[^>]*>([\s\S]*?)<\/form>/g)];
  const form = forms.find((f) => !action || action.test(/action="([^"]*)"/.exec(f[0])?.[1] ?? "")) ?? forms[0];
  const fields: Record<string, string> = {};
  for (const input of (form?.[1] ?? "").matchAll(/<input\b[^>]*>/g)) {
    const tag = input[0];
    const name = /name="([^"]*)"/.exec(tag)?.[1];
    if (!name) continue;
    if (!/type="hidden"/.test(tag) && !/autocomplete="nope"|tabindex="-1"/.test(tag) && !/__confirm/.test(name)) continue;
    fields[name] = (/value="([^"]*)"/.exec(tag)?.[1] ?? "")
      .replace(/&amp;/g, "&")
      .replace(/&quot;/g, '"')
      .replace(/&#x27;/g, "'");
  }
  return fields;
}

/** Posts a form the way a browser without JavaScript does. */
export function postForm(jar: Jar, url: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return browse(jar, url, {
    method: "POST",
    body: new URLSearchParams(fields).toString(),
    headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "text/html", ...headers },
  });
}

/** Logs in through the login form of `web` (GET the form for its honeypot, POST it). */
export async function logIn(jar: Jar, web: string, username: string, password: string, headers: Record<string, string> = {}) {
  const page = await browse(jar, `${web}/login`, { headers });
  const fields = hiddenInputs(await page.text(), /login/);
  return postForm(jar, `${web}/login`, { ...fields, username, password }, headers);
}
