import { randomBytes } from "node:crypto";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { ConfigError, type PlatformConfig, readPlatformConfig } from "./config";
import type { Db } from "./db/db";
import {
  type AccountSummary,
  credit,
  isMerchantStatus,
  listAccounts,
  OperatorError,
  setLanguages,
  setModule,
  setSetting,
  setStatus,
} from "./operator";
import { listOutbox, type OutboxEntry, resetPassword, securityEvents, unlock } from "./operator-accounts";
import { setGameEnabled } from "./operator-games";
import { parseRecordsCommand, RECORDS_USAGE } from "./operator-records";
import { CONTENT_USAGE, parseContentCommand } from "./operator-content";
import { parsePointsCommand, POINTS_USAGE } from "./operator-points";
import { parsePromotionsCommand, PROMOTIONS_USAGE } from "./operator-promotions";
import { MONEY_USAGE, parseMoneyCommand } from "./operator-money";
import { parsePlayerCommand, PLAYER_USAGE } from "./operator-player";
import { AGENT_USAGE, parseAgentCommand, printAgentResult } from "./operator-agents";
import type { SecurityEvent } from "./services/security-events";
import { DataFolderLocked } from "./data-lock";
import { operatorProof, resolveOperatorKey, signOperatorRequest } from "./operator-http";
import { describeDatabase, openPlatformDb } from "./runtime";

// `npm run platform:admin -- <command>`: sends the command to the running platform's operator
// listener, once that listener has proved it holds the operator key (the key itself never goes
// out). When nothing listens it opens the database itself (same DATA_DIR / DATABASE_URL), but
// never a PGlite folder a live process holds: then it waits for that process's listener
// (OPERATOR_WAIT_SECONDS, 60 by default) and refuses if none comes (decision 035).

export const USAGE = `Usage: npm run platform:admin -- <command>

Commands:
  status normal|maintenance|restricted   site status (restricted = visitor's region blocked)
  credit <username> <amount>             credit the main wallet (negative takes back)
  module <MODID> on|off                  switch a whitelabel module
  setting <key> <value>                  set a merchant setting (value parsed as JSON if it is JSON)
  languages all|<EN,BN,…> [<default>]    the languages the site offers (all nine with "all") and its default
  accounts                               list the merchant's accounts and balances
  outbox [<mobile>|<email>]              SMS and emails sent, newest first (codes included)
  unlock <username>                      clear a member's failed logins (lock and captcha)
  events <username>                      a member's security events, newest first
  reset-password <username> <password>   set a password (no rule), end its sessions
  game <nodeId|vassalage> on|off         a game, or a vendor and all its games, on or off (maintenance)
${RECORDS_USAGE}
${MONEY_USAGE}
${PLAYER_USAGE}
${AGENT_USAGE}
${CONTENT_USAGE}
${POINTS_USAGE}
${PROMOTIONS_USAGE}

Environment: PLATFORM_MERCHANT, OPERATOR_PORT, OPERATOR_KEY, OPERATOR_WAIT_SECONDS, DATA_DIR, DATABASE_URL.`;

export interface Command {
  path: string;
  method: "GET" | "POST";
  body?: Record<string, unknown>;
  query?: Record<string, string>;
  direct(db: Db, merchant: string): Promise<unknown>;
}

export class UsageError extends Error {}

function settingValue(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export function parseCommand(argv: string[]): Command {
  const [name, ...args] = argv;
  const arity = (n: number) => {
    if (args.length !== n) throw new UsageError(`"${name}" takes ${n} argument${n === 1 ? "" : "s"}, got ${args.length}.`);
  };
  switch (name) {
    case "status": {
      arity(1);
      const status = args[0];
      if (!isMerchantStatus(status)) throw new UsageError(`Status must be normal, maintenance or restricted, not "${status}".`);
      return { path: "status", method: "POST", body: { status }, direct: (db, m) => setStatus(db, m, status) };
    }
    case "credit": {
      arity(2);
      const [username, amount] = args as [string, string];
      if (!/^-?\d+(\.\d{1,2})?$/.test(amount)) throw new UsageError(`Amount must be a number with at most 2 decimals, not "${amount}".`);
      return { path: "credit", method: "POST", body: { username, amount }, direct: (db, m) => credit(db, m, username, amount) };
    }
    case "module": {
      arity(2);
      const [modId, state] = args as [string, string];
      if (state !== "on" && state !== "off") throw new UsageError(`Module state must be on or off, not "${state}".`);
      const on = state === "on";
      return { path: "module", method: "POST", body: { modId, on }, direct: (db, m) => setModule(db, m, modId, on) };
    }
    case "setting": {
      arity(2);
      const [key, text] = args as [string, string];
      const value = settingValue(text);
      return { path: "setting", method: "POST", body: { key, value }, direct: (db, m) => setSetting(db, m, key, value) };
    }
    case "languages": {
      if (args.length < 1 || args.length > 2) throw new UsageError(`"languages" takes 1 or 2 arguments, got ${args.length}.`);
      const [list, defaultLanguage] = args as [string, string | undefined];
      return {
        path: "languages",
        method: "POST",
        body: { list, defaultLanguage },
        direct: (db, m) => setLanguages(db, m, list, defaultLanguage),
      };
    }
    case "accounts":
      arity(0);
      return { path: "accounts", method: "GET", direct: (db, m) => listAccounts(db, m) };
    case "outbox": {
      if (args.length > 1) throw new UsageError(`"outbox" takes at most 1 argument, got ${args.length}.`);
      const filter = args[0];
      return { path: "outbox", method: "GET", query: filter ? { filter } : {}, direct: (db, m) => listOutbox(db, m, filter) };
    }
    case "unlock": {
      arity(1);
      const username = args[0]!;
      return { path: "unlock", method: "POST", body: { username }, direct: (db, m) => unlock(db, m, username) };
    }
    case "reset-password": {
      arity(2);
      const [username, password] = args as [string, string];
      return {
        path: "reset-password",
        method: "POST",
        body: { username, password },
        direct: (db, m) => resetPassword(db, m, username, password),
      };
    }
    case "game": {
      arity(2);
      const [target, state] = args as [string, string];
      if (state !== "on" && state !== "off") throw new UsageError(`Game state must be on or off, not "${state}".`);
      const on = state === "on";
      return { path: "game", method: "POST", body: { target, on }, direct: (db, m) => setGameEnabled(db, m, target, on) };
    }
    case "deposits":
    case "deposit":
    case "withdrawals":
    case "withdraw":
    case "message":
      return parseMoneyCommand(name, args, (m) => new UsageError(m));
    case "promotions":
    case "promotion":
    case "rebate-rate":
      return parseRecordsCommand(name, args, (m) => new UsageError(m));
    case "player":
      return parsePlayerCommand(args, (m) => new UsageError(m));
    case "announce":
    case "feedback":
    case "page":
      return parseContentCommand(name, args, (m) => new UsageError(m));
    case "redemptions":
    case "redemption":
    case "points":
      return parsePointsCommand(name, args, (m) => new UsageError(m));
    case "applications":
    case "application":
      return parsePromotionsCommand(name, args, (m) => new UsageError(m));
    case "settle":
    case "contracts":
    case "contract-maxima":
    case "freeze":
      return parseAgentCommand(name, args, (m) => new UsageError(m));
    case "events": {
      arity(1);
      const username = args[0]!;
      return { path: "events", method: "GET", query: { username }, direct: (db, m) => securityEvents(db, m, username) };
    }
    case undefined:
    case "help":
    case "--help":
      throw new UsageError("");
    default:
      throw new UsageError(`Unknown command "${name}".`);
  }
}

function isConnectionRefused(err: unknown): boolean {
  const cause = (err as { cause?: { code?: string } }).cause;
  return cause?.code === "ECONNREFUSED";
}

type Sent = { ok: true; result: unknown } | { ok: false; error: string } | "not-listening" | { stranger: string };

/** How long the listener may take to prove itself (a command takes what it takes: settle may be long). */
const PROOF_TIMEOUT_MS = 10_000;

/**
 * Whether what listens on the operator port holds our key: it must answer HMAC(key, nonce) for a
 * nonce of ours. "not-listening" when nothing is there; else why it is not ours.
 */
async function proveListener(port: number, key: string): Promise<"proven" | "not-listening" | { stranger: string }> {
  const nonce = randomBytes(24).toString("base64url");
  let answer: unknown;
  try {
    const response = await fetch(`http://127.0.0.1:${port}/operator/proof`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ nonce }),
      signal: AbortSignal.timeout(PROOF_TIMEOUT_MS),
    });
    answer = await response.json().catch(() => undefined);
  } catch (err) {
    if (isConnectionRefused(err)) return "not-listening";
    return { stranger: `it did not answer (${err instanceof Error ? err.message : String(err)})` };
  }
  const proof = (answer as { proof?: unknown } | undefined)?.proof;
  return proof === operatorProof(key, nonce) ? "proven" : { stranger: "its answer is not an HMAC of our nonce under the operator key" };
}

/** merchant: only when PLATFORM_MERCHANT names one; otherwise the listener's own merchant. */
async function sendToListener(config: PlatformConfig, command: Command, merchant: string | undefined): Promise<Sent> {
  if (config.operatorPort === 0) return "not-listening";
  // Read each time: a platform that is starting writes DATA_DIR/operator.key when its listener starts.
  const key = resolveOperatorKey(config.operatorKey, config.dataDir, false);
  // No key anywhere means no platform has started with this DATA_DIR, so none is listening.
  if (!key) return "not-listening";
  const proved = await proveListener(config.operatorPort, key);
  if (proved !== "proven") return proved;
  const params = new URLSearchParams(command.query ?? {});
  if (command.method === "GET" && merchant) params.set("merchant", merchant);
  const target = `/operator/${command.path}${params.size > 0 ? `?${params}` : ""}`;
  const body = command.body ? JSON.stringify({ ...command.body, merchant }) : undefined;
  try {
    const response = await fetch(`http://127.0.0.1:${config.operatorPort}${target}`, {
      method: command.method,
      headers: {
        "X-Operator-Signature": signOperatorRequest(key, { method: command.method, path: target, body }),
        "Content-Type": "application/json",
      },
      body,
    });
    return (await response.json().catch(() => ({ ok: false, error: `HTTP ${response.status}` }))) as Sent;
  } catch (err) {
    if (isConnectionRefused(err)) return "not-listening";
    throw err;
  }
}

function print(command: Command, result: unknown, log: (line: string) => void): void {
  if (printAgentResult(command.path, result, log)) return;
  if (command.path === "accounts") {
    const rows = result as AccountSummary[];
    log(["id", "username", "type", "rank", "main", "total", "last login"].join("\t"));
    for (const a of rows) {
      log([a.id, a.username, a.type, a.rankLevel, a.mainBalance.toFixed(2), a.totalBalance.toFixed(2), a.lastLoginAt ?? "-"].join("\t"));
    }
    return;
  }
  if (command.path === "outbox") {
    const rows = result as OutboxEntry[];
    if (rows.length === 0) log("(no messages)");
    for (const m of rows)
      log([m.createdAt, m.channel, m.to, m.purpose, m.code ?? "-", m.subject ? `${m.subject}: ${m.text}` : m.text].join("\t"));
    return;
  }
  if (command.path === "events") {
    const { username, events } = result as { username: string; events: SecurityEvent[] };
    log(`${username}: ${events.length} event${events.length === 1 ? "" : "s"}`);
    for (const e of events) log([e.at, e.kind, e.ip, Object.keys(e.detail).length ? JSON.stringify(e.detail) : ""].join("\t").trimEnd());
    return;
  }
  log(JSON.stringify(result));
}

export interface AdminIo {
  log(line: string): void;
  error(line: string): void;
}

/** Runs one command; returns the exit code (0 done, 1 refused or failed, 2 bad usage). */
export async function runAdmin(argv: string[], env: NodeJS.ProcessEnv = process.env, io: AdminIo = console): Promise<number> {
  let command: Command;
  let config: PlatformConfig;
  try {
    command = parseCommand(argv);
    // The admin tool always means the persisted database and the usual operator port, even when
    // run from a test runner or with PLATFORM_MEMORY set.
    const { PLATFORM_MEMORY: _memory, VITEST: _vitest, ...rest } = env;
    config = { ...readPlatformConfig(rest as NodeJS.ProcessEnv), memory: false };
  } catch (err) {
    if (err instanceof UsageError || err instanceof ConfigError) {
      if (err.message) io.error(err.message);
      io.error(USAGE);
      return 2;
    }
    throw err;
  }

  const merchant = env.PLATFORM_MERCHANT?.trim() || undefined;
  const answered = (sent: Exclude<Sent, "not-listening">): number => {
    if ("stranger" in sent) {
      io.error(
        `Refused: something listens on 127.0.0.1:${config.operatorPort} but did not prove it is this platform's operator listener (${sent.stranger}); nothing was sent. Check OPERATOR_PORT and OPERATOR_KEY.`,
      );
      return 1;
    }
    if (!sent.ok) {
      io.error(`Refused: ${sent.error}`);
      return 1;
    }
    print(command, sent.result, io.log);
    return 0;
  };

  const sent = await sendToListener(config, command, merchant);
  if (sent !== "not-listening") return answered(sent);

  // Nothing listens. A PGlite folder another live process holds is its alone: wait for its listener.
  const waitSeconds = Number(env.OPERATOR_WAIT_SECONDS ?? "60");
  const deadline = Date.now() + (Number.isFinite(waitSeconds) && waitSeconds >= 0 ? waitSeconds : 60) * 1000;
  let db: Db;
  for (let told = false; ; ) {
    try {
      db = await openPlatformDb(config, "admin");
      break;
    } catch (err) {
      if (!(err instanceof DataFolderLocked)) throw err;
      const holder = `${describeDatabase(config)} is in use by ${err.owner.role === "admin" ? "another operator command" : "a platform"} (pid ${err.owner.pid})`;
      if (config.operatorPort === 0) {
        io.error(
          `Refused: ${holder} and OPERATOR_PORT is 0, so there is no listener to send the command to. PGlite takes one process at a time.`,
        );
        return 1;
      }
      if (Date.now() >= deadline) {
        io.error(
          `Refused: ${holder}, whose operator listener did not answer on 127.0.0.1:${config.operatorPort} in time; the folder was not opened (PGlite takes one process at a time). Check OPERATOR_PORT, or stop that process.`,
        );
        return 1;
      }
      if (!told)
        io.error(
          `${holder}; waiting up to ${Math.ceil((deadline - Date.now()) / 1000)} s for its operator listener on 127.0.0.1:${config.operatorPort}…`,
        );
      told = true;
      await new Promise((resolve) => setTimeout(resolve, 250));
      const later = await sendToListener(config, command, merchant);
      if (later !== "not-listening") return answered(later);
    }
  }

  io.error(`No platform listens on 127.0.0.1:${config.operatorPort}; applying to ${describeDatabase(config)} directly.`);
  try {
    print(command, await command.direct(db, config.merchant), io.log);
    return 0;
  } catch (err) {
    if (err instanceof OperatorError) {
      io.error(`Refused: ${err.message}`);
      return 1;
    }
    throw err;
  } finally {
    await db.close();
  }
}

const invokedDirectly = process.argv[1] !== undefined && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href;
if (invokedDirectly) {
  runAdmin(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}
