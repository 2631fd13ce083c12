import { readPlatformConfig } from "./config";
import { describeDatabase, type RunningPlatform, startPlatform } from "./runtime";

/** What the app's in-process transport calls: the contract as a fetch function. */
export interface EmbeddedPlatform {
  fetch(request: Request): Promise<Response>;
  /**
   * Calls `listener` for each change a player's open page shows (the "live" NOTIFY of migration
   * 022: merchant, user, what), after it is committed; the returned function stops it.
   */
  announcements(listener: (change: Announcement) => void): Promise<() => Promise<void>>;
  /** Closes the operator listener and the database; the next getEmbeddedPlatform() opens anew. */
  close(): Promise<void>;
}

/** A player's change; after a lost LISTEN connection, `{ merchant: "*", user: "*", what: "missed" }`: anyone's may have been missed. */
export type Announcement = { merchant: string; user: string; what: "wallet" | "inbox" | "agent" | "session" | "missed" };

function announcement(payload: string): Announcement | null {
  if (payload === "") return { merchant: "*", user: "*", what: "missed" };
  try {
    const v = JSON.parse(payload) as Partial<Announcement>;
    return typeof v.merchant === "string" && typeof v.user === "string" && typeof v.what === "string" ? (v as Announcement) : null;
  } catch {
    return null;
  }
}

interface Holder {
  pending?: Promise<EmbeddedPlatform>;
}

// Kept on globalThis, not in module scope: Vite's dev server may evaluate this module again, and
// a second PGlite on the same data folder would corrupt it.
const HOLDER = Symbol.for("betting-web.platform.embedded");
const holder: Holder = ((globalThis as Record<symbol, Holder | undefined>)[HOLDER] ??= {});

/**
 * The embedded reference platform, opened once per process on first use: database (PGlite or
 * DATABASE_URL) migrated and seeded, operator listener started. With `signals` (a host that does
 * not manage its own shutdown, such as Vite's dev server), SIGTERM/SIGINT close the database and
 * exit (an open PGlite would keep Node alive); our server entry closes it itself after draining.
 */
export function getEmbeddedPlatform(options: { signals?: boolean } = {}): Promise<EmbeddedPlatform> {
  holder.pending ??= open(options.signals ?? true).catch((err: unknown) => {
    holder.pending = undefined;
    throw err;
  });
  return holder.pending;
}

async function open(signals: boolean): Promise<EmbeddedPlatform> {
  const config = readPlatformConfig();
  const started = Date.now();
  const running: RunningPlatform = await startPlatform(config);
  const operator = running.operatorPort ? `, operator commands on 127.0.0.1:${running.operatorPort}` : "";
  // Test runs open one per worker; their logs stay quiet.
  if (!process.env.VITEST) {
    console.info(`[platform] embedded: ${describeDatabase(config)}, merchant ${config.merchant}${operator} (${Date.now() - started} ms)`);
  }

  let closing: Promise<void> | undefined;
  const onSignal = (signal: NodeJS.Signals) => {
    void close().then(
      () => process.exit(0),
      (err: unknown) => {
        console.error(`[platform] closing on ${signal} failed:`, err);
        process.exit(1);
      },
    );
  };
  const close = () => {
    closing ??= (async () => {
      process.off("SIGTERM", onSignal);
      process.off("SIGINT", onSignal);
      holder.pending = undefined;
      await running.close();
    })();
    return closing;
  };
  if (signals) {
    process.once("SIGTERM", onSignal);
    process.once("SIGINT", onSignal);
  }

  return {
    fetch: running.fetch,
    close,
    announcements: (listener) =>
      running.db.listen("live", (payload) => {
        const change = announcement(payload);
        if (change) listener(change);
      }),
  };
}
