import { PGlite, types as pgliteTypes } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import pg from "pg";

/** Anything that runs one SQL statement: the database itself or an open transaction. */
export interface Sql {
  query<R>(text: string, params?: unknown[]): Promise<R[]>;
}

export interface Db extends Sql {
  /** Runs fn in one transaction: COMMIT when it resolves, ROLLBACK when it throws. */
  tx<T>(fn: (sql: Sql) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  readonly kind: "pglite" | "postgres";
  /**
   * Calls `listener` with the payload of each NOTIFY on `channel` (sent at commit, never for a
   * rolled-back transaction); the returned function stops listening. After a lost connection is
   * opened again, each listener is called once with the empty payload: what was sent meanwhile is lost.
   */
  listen(channel: string, listener: (payload: string) => void): Promise<() => Promise<void>>;
}

/**
 * int8 (bigint columns, count(*)) arrive as numbers from both drivers: PGlite does this already
 * for safe integers, pg would give strings. Our amounts are minor units far below 2^53.
 */
function parseInt8(value: string): number {
  const n = Number(value);
  if (!Number.isSafeInteger(n)) throw new Error(`int8 value ${value} exceeds the safe integer range`);
  return n;
}

/**
 * PGlite in memory (dataDir undefined) or persisted in a folder. pg_trgm is loaded so migration
 * 012 can create it: the lobby's name search walks a trigram index.
 */
export async function openPglite(dataDir?: string): Promise<Db> {
  const pglite = await PGlite.create({ dataDir, parsers: { [pgliteTypes.INT8]: parseInt8 }, extensions: { pg_trgm } });
  const wrap = (runner: Pick<PGlite, "query">): Sql => ({
    async query<R>(text: string, params?: unknown[]) {
      const result = await runner.query<R>(text, params);
      return result.rows;
    },
  });
  const direct = wrap(pglite);
  return {
    kind: "pglite",
    query: direct.query,
    // PGlite serialises transactions with its own mutex; a query on the Db (not on sql) inside fn
    // would wait for that mutex forever, so callers must use the sql they are given.
    tx: (fn) => pglite.transaction((tx) => fn(wrap(tx))),
    listen: (channel, listener) => pglite.listen(channel, listener),
    close: async () => {
      if (!pglite.closed) await pglite.close();
    },
  };
}

const pgTypes = {
  getTypeParser(oid: number, format?: string) {
    if (oid === 20) return parseInt8;
    return pg.types.getTypeParser(oid, format as "text");
  },
};

/**
 * LISTEN on a PostgreSQL server: one client of its own (a pooled one would lose its LISTEN when
 * released), opened with the first listener and opened again after a lost connection (the
 * notifications sent while it was away are lost; listeners treat them as hints).
 */
function postgresListeners(connectionString: string, closed: () => boolean) {
  const channels = new Map<string, Set<(payload: string) => void>>();
  let client: Promise<pg.Client> | undefined;
  let lost = false;
  const open = (): Promise<pg.Client> => {
    client ??= (async () => {
      const c = new pg.Client({ connectionString });
      c.on("notification", (n) => {
        for (const listener of channels.get(n.channel) ?? []) listener(n.payload ?? "");
      });
      c.on("error", (err) => {
        console.error("[platform] LISTEN connection lost:", err.message);
        client = undefined;
        lost = true;
        void c.end().catch(() => undefined);
        if (!closed() && channels.size > 0) setTimeout(() => void open().catch(() => undefined), 1_000).unref();
      });
      await c.connect();
      for (const channel of channels.keys()) await c.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      if (lost) {
        lost = false;
        for (const set of channels.values()) for (const listener of set) listener("");
      }
      return c;
    })();
    client.catch(() => (client = undefined));
    return client;
  };
  return {
    async listen(channel: string, listener: (payload: string) => void) {
      let set = channels.get(channel);
      const first = !set;
      if (!set) channels.set(channel, (set = new Set()));
      set.add(listener);
      const c = await open();
      if (first) await c.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      return async () => {
        set.delete(listener);
        if (set.size > 0 || channels.get(channel) !== set) return;
        channels.delete(channel);
        await (await client)?.query(`UNLISTEN ${pg.escapeIdentifier(channel)}`).catch(() => undefined);
      };
    },
    async close() {
      const c = await client?.catch(() => undefined);
      client = undefined;
      await c?.end().catch(() => undefined);
    },
  };
}

/** A PostgreSQL server through a pg Pool. */
export function openPostgres(connectionString: string): Db {
  const pool = new pg.Pool({ connectionString, types: pgTypes as pg.CustomTypesConfig, max: 10 });
  // An idle client that loses its connection must not crash the process.
  pool.on("error", (err) => console.error("[platform] idle PostgreSQL client error:", err.message));
  let closed = false;
  const listeners = postgresListeners(connectionString, () => closed);
  return {
    kind: "postgres",
    listen: listeners.listen,
    async query<R>(text: string, params?: unknown[]) {
      const result = await pool.query(text, params);
      return result.rows as R[];
    },
    async tx<T>(fn: (sql: Sql) => Promise<T>) {
      const client = await pool.connect();
      const sql: Sql = {
        async query<R>(text: string, params?: unknown[]) {
          const result = await client.query(text, params);
          return result.rows as R[];
        },
      };
      try {
        await client.query("BEGIN");
        const value = await fn(sql);
        await client.query("COMMIT");
        client.release();
        return value;
      } catch (err) {
        // A failed ROLLBACK means the connection is broken: destroy it instead of reusing it.
        await client.query("ROLLBACK").then(
          () => client.release(),
          (rollbackErr: Error) => client.release(rollbackErr),
        );
        throw err;
      }
    },
    async close() {
      if (closed) return;
      closed = true;
      await Promise.allSettled([listeners.close(), pool.end()]);
    },
  };
}

export interface OpenDbOptions {
  databaseUrl?: string;
  /** Folder for PGlite; ignored when memory is true or databaseUrl is set. */
  dataDir?: string;
  memory?: boolean;
}

export async function openDb(options: OpenDbOptions): Promise<Db> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
  if (options.memory || !options.dataDir) return openPglite();
  return openPglite(options.dataDir);
}
