import { mkdirSync } from "node:fs";
import path from "node:path";
import type { ServerType } from "@hono/node-server";
import { createPlatformApp } from "./app";
import type { PlatformConfig } from "./config";
import { acquireDataFolderLockWaiting, type LockRole } from "./data-lock";
import { type Db, openDb } from "./db/db";
import { migrate } from "./db/migrations";
import { seed } from "./db/seed";
import { createOperatorApp, listenOperator, listeningPort, resolveOperatorKey } from "./operator-http";
import { type SettlementTimer, startSettlementTimer } from "./services/agent-settlement";

export interface RunningPlatform {
  config: PlatformConfig;
  db: Db;
  fetch(request: Request): Promise<Response>;
  /** The operator listener's port, or null when it is off or its port was taken. */
  operatorPort: number | null;
  close(): Promise<void>;
}

export function describeDatabase(config: PlatformConfig): string {
  if (config.databaseUrl) return "PostgreSQL (DATABASE_URL)";
  if (config.memory) return "PGlite in memory";
  return `PGlite in ${path.join(config.dataDir, "pglite")}`;
}

/** How long a platform starting waits for an operator command that holds its data folder. */
const WAIT_FOR_COMMAND_MS = 30_000;

/**
 * Opens the configured database, migrated and seeded for the configured merchant. A persisted
 * PGlite folder is locked from before it opens until the Db closes (decision 035): a second
 * process refuses (DataFolderLocked) instead of opening it too. PostgreSQL (DATABASE_URL) takes
 * many processes, and memory is this process's own: neither is locked.
 */
export async function openPlatformDb(config: PlatformConfig, role: LockRole = "server"): Promise<Db> {
  const persisted = !config.databaseUrl && !config.memory;
  const dataDir = path.join(config.dataDir, "pglite");
  const lock = persisted
    ? await acquireDataFolderLockWaiting(config.dataDir, role, role === "server" ? WAIT_FOR_COMMAND_MS : 0, (owner) =>
        console.warn(`[platform] an operator command (pid ${owner.pid}) has ${dataDir} open; waiting for it to finish`),
      )
    : undefined;
  let db: Db;
  try {
    if (persisted) mkdirSync(dataDir, { recursive: true });
    db = await openDb({ databaseUrl: config.databaseUrl, memory: config.memory, dataDir });
  } catch (err) {
    lock?.release();
    throw err;
  }
  const locked: Db = lock
    ? {
        ...db,
        close: async () => {
          try {
            await db.close();
          } finally {
            lock.release();
          }
        },
      }
    : db;
  try {
    await migrate(locked);
    await seed(locked, config.merchant);
    return locked;
  } catch (err) {
    await locked.close();
    throw err;
  }
}

/** Database, contract app and operator listener: what `npm run platform` and the embedded mode run. */
export async function startPlatform(config: PlatformConfig): Promise<RunningPlatform> {
  const db = await openPlatformDb(config);
  const app = createPlatformApp({ db });

  let operator: ServerType | null = null;
  if (config.operatorPort > 0) {
    const key = resolveOperatorKey(config.operatorKey, config.dataDir, true);
    if (!key) throw new Error("no operator key could be read or created");
    try {
      operator = await listenOperator(createOperatorApp({ db, merchant: config.merchant, key }), config.operatorPort);
    } catch (err) {
      // Another process on this machine already serves the operator commands: run without ours.
      if ((err as NodeJS.ErrnoException).code !== "EADDRINUSE") {
        await db.close();
        throw err;
      }
      console.warn(`[platform] operator port ${config.operatorPort} is in use; this process serves no operator commands`);
    }
  }

  // Agent contracts are paid by this process's timer (decision 025). Off under Vitest: a test that
  // wants it starts startSettlementTimer itself, on its own clock.
  const settlement: SettlementTimer | null = process.env.VITEST ? null : startSettlementTimer(db);

  let closing: Promise<void> | undefined;
  return {
    config,
    db,
    fetch: async (request) => app.fetch(request),
    operatorPort: operator ? listeningPort(operator) : null,
    close() {
      closing ??= (async () => {
        await settlement?.stop();
        if (operator) {
          const server = operator;
          await new Promise<void>((resolve) => {
            server.close(() => resolve());
            // Keep-alive sockets of an admin call would otherwise hold close() open.
            if ("closeAllConnections" in server) server.closeAllConnections();
          });
        }
        await db.close();
      })();
      return closing;
    },
  };
}
