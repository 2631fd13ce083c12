import { createHmac, randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { serve, type ServerType } from "@hono/node-server";
import { Hono } from "hono";
import { z } from "zod";
import { constantTimeEqual } from "./crypto";
import type { Db } from "./db/db";
import { registerIdpRoutes } from "./http/idp-routes";
import { credit, listAccounts, OperatorError, setLanguages, setModule, setSetting, setStatus } from "./operator";
import { registerRecordsOperatorRoutes } from "./operator-records";
import { listOutbox, resetPassword, securityEvents, unlock } from "./operator-accounts";
import { setGameEnabled } from "./operator-games";
import { registerMoneyOperatorRoutes } from "./operator-money";
import { registerPlayerOperatorRoutes } from "./operator-player";
import { registerAgentOperatorRoutes } from "./operator-agents";
import { registerContentOperatorRoutes } from "./operator-content";
import { registerPointsOperatorRoutes } from "./operator-points";
import { registerPromotionsOperatorRoutes } from "./operator-promotions";

// The operator commands over HTTP, so `npm run platform:admin` changes the running site instead
// of opening its database a second time. Bound to 127.0.0.1 and guarded by a key, which the
// command line never sends (decision 035): it asks the listener to prove it holds the key (an
// HMAC of a random nonce), then signs each command with it (time, nonce, method, path, body),
// and the listener takes each signature once. X-Operator-Key itself is still taken (scripts, tests).

const PROOF_LABEL = "winbazaar operator proof";
const REQUEST_LABEL = "winbazaar operator request";
/** How far a signed command's time may be from ours; its nonce is remembered that long. */
const SIGNATURE_WINDOW_MS = 60_000;

/** What a listener holding `key` answers to `nonce`: the proof the command line checks. */
export function operatorProof(key: string, nonce: string): string {
  return createHmac("sha256", key).update(`${PROOF_LABEL}\n${nonce}`).digest("base64url");
}

/** X-Operator-Signature for one command: "<time>.<nonce>.<hmac>"; path includes the query. */
export function signOperatorRequest(
  key: string,
  request: { method: string; path: string; body?: string },
  time = Date.now(),
  nonce = randomBytes(16).toString("base64url"),
): string {
  return `${time}.${nonce}.${requestMac(key, time, nonce, request)}`;
}

function requestMac(key: string, time: number, nonce: string, request: { method: string; path: string; body?: string }): string {
  return createHmac("sha256", key)
    .update([REQUEST_LABEL, time, nonce, request.method.toUpperCase(), request.path, request.body ?? ""].join("\n"))
    .digest("base64url");
}

export interface OperatorAppOptions {
  db: Db;
  /** The merchant a command applies to unless it names another. */
  merchant: string;
  key: string;
  /** The clock of the test identity provider served under /idp (decision 013). */
  now?: () => Date;
}

const merchantField = { merchant: z.string().min(1).optional() };
const bodies = {
  status: z.object({ ...merchantField, status: z.enum(["normal", "maintenance", "restricted"]) }),
  credit: z.object({
    ...merchantField,
    username: z.string().min(1),
    amount: z.union([z.string(), z.number()]),
    idempotencyKey: z.string().min(1).max(200).optional(),
  }),
  module: z.object({ ...merchantField, modId: z.string().min(1), on: z.boolean() }),
  setting: z.object({ ...merchantField, key: z.string().min(1), value: z.unknown() }),
  languages: z.object({ ...merchantField, list: z.string().min(1).max(100), defaultLanguage: z.string().max(5).optional() }),
  unlock: z.object({ ...merchantField, username: z.string().min(1).max(100) }),
  resetPassword: z.object({ ...merchantField, username: z.string().min(1).max(100), password: z.string().min(1).max(200) }),
  game: z.object({ ...merchantField, target: z.string().min(1).max(64), on: z.boolean() }),
};

export function createOperatorApp({ db, merchant, key, now = () => new Date() }: OperatorAppOptions): Hono {
  const app = new Hono();

  // The browser reaches the TEST identity provider here (no key: it is what players' browsers
  // open); everything under /operator stays behind the key.
  registerIdpRoutes(app, { db, now });

  // Prometheus metrics of this process (loopback, like everything here): when the platform is
  // embedded in the web server, the web tier's metrics are in the same registry.
  app.get("/metrics", async (c) => {
    const { register } = await import("prom-client");
    return c.body(await register.metrics(), 200, { "Content-Type": register.contentType });
  });

  // Open to anyone on loopback: an HMAC under its own label, so it signs no command.
  app.post("/operator/proof", async (c) => {
    const json = (await c.req.json().catch(() => undefined)) as { nonce?: unknown } | undefined;
    const nonce = json?.nonce;
    if (typeof nonce !== "string" || !/^[\w-]{16,128}$/.test(nonce))
      return c.json({ ok: false, error: "Bad request: nonce must be 16 to 128 letters, digits, _ or -." }, 400);
    return c.json({ ok: true, proof: operatorProof(key, nonce) });
  });

  const seen = new Map<string, number>();
  const signedByKey = async (request: Request, signature: string): Promise<boolean> => {
    const [timeText = "", nonce = "", mac = ""] = signature.split(".");
    const time = Number(timeText);
    const now = Date.now();
    if (!Number.isSafeInteger(time) || Math.abs(now - time) > SIGNATURE_WINDOW_MS || !/^[\w-]{16,128}$/.test(nonce)) return false;
    for (const [n, until] of seen) if (until < now) seen.delete(n);
    if (seen.has(nonce)) return false;
    const url = new URL(request.url);
    const body = request.method === "GET" || request.method === "HEAD" ? "" : await request.clone().text();
    if (!constantTimeEqual(mac, requestMac(key, time, nonce, { method: request.method, path: url.pathname + url.search, body })))
      return false;
    seen.set(nonce, time + SIGNATURE_WINDOW_MS);
    return true;
  };
  app.use("/operator/*", async (c, next) => {
    const signature = c.req.header("X-Operator-Signature");
    if (signature !== undefined) {
      if (!(await signedByKey(c.req.raw, signature)))
        return c.json({ ok: false, error: "Wrong, old or replayed X-Operator-Signature." }, 401);
      return next();
    }
    const given = c.req.header("X-Operator-Key") ?? "";
    if (!given || !constantTimeEqual(given, key)) return c.json({ ok: false, error: "Missing or wrong X-Operator-Key." }, 401);
    await next();
  });

  registerRecordsOperatorRoutes(app, db, merchant, now);
  registerMoneyOperatorRoutes(app, db, merchant, now);
  registerPlayerOperatorRoutes(app, db, merchant, now);
  registerAgentOperatorRoutes(app, db, merchant, now);
  registerContentOperatorRoutes(app, db, merchant, now);
  registerPointsOperatorRoutes(app, db, merchant, now);
  registerPromotionsOperatorRoutes(app, db, merchant, now);
  async function body<S extends z.ZodTypeAny>(request: Request, schema: S): Promise<z.infer<S>> {
    const json: unknown = await request.json().catch(() => undefined);
    const parsed = schema.safeParse(json);
    if (!parsed.success)
      throw new OperatorError(`Bad request: ${parsed.error.issues.map((i) => `${i.path.join(".")} ${i.message}`).join("; ")}`);
    return parsed.data;
  }

  app.post("/operator/status", async (c) => {
    const b = await body(c.req.raw, bodies.status);
    return c.json({ ok: true, result: await setStatus(db, b.merchant ?? merchant, b.status) });
  });
  app.post("/operator/credit", async (c) => {
    const b = await body(c.req.raw, bodies.credit);
    return c.json({ ok: true, result: await credit(db, b.merchant ?? merchant, b.username, b.amount, b.idempotencyKey) });
  });
  app.post("/operator/module", async (c) => {
    const b = await body(c.req.raw, bodies.module);
    return c.json({ ok: true, result: await setModule(db, b.merchant ?? merchant, b.modId, b.on) });
  });
  app.post("/operator/setting", async (c) => {
    const b = await body(c.req.raw, bodies.setting);
    return c.json({ ok: true, result: await setSetting(db, b.merchant ?? merchant, b.key, b.value) });
  });
  app.post("/operator/languages", async (c) => {
    const b = await body(c.req.raw, bodies.languages);
    return c.json({ ok: true, result: await setLanguages(db, b.merchant ?? merchant, b.list, b.defaultLanguage) });
  });
  app.get("/operator/accounts", async (c) => {
    return c.json({ ok: true, result: await listAccounts(db, c.req.query("merchant") ?? merchant) });
  });
  app.get("/operator/outbox", async (c) => {
    return c.json({ ok: true, result: await listOutbox(db, c.req.query("merchant") ?? merchant, c.req.query("filter")) });
  });
  app.post("/operator/unlock", async (c) => {
    const b = await body(c.req.raw, bodies.unlock);
    return c.json({ ok: true, result: await unlock(db, b.merchant ?? merchant, b.username) });
  });
  app.post("/operator/reset-password", async (c) => {
    const b = await body(c.req.raw, bodies.resetPassword);
    return c.json({ ok: true, result: await resetPassword(db, b.merchant ?? merchant, b.username, b.password) });
  });
  app.post("/operator/game", async (c) => {
    const b = await body(c.req.raw, bodies.game);
    return c.json({ ok: true, result: await setGameEnabled(db, b.merchant ?? merchant, b.target, b.on) });
  });
  app.get("/operator/events", async (c) => {
    const username = c.req.query("username");
    if (!username) throw new OperatorError("Bad request: username is required.");
    return c.json({ ok: true, result: await securityEvents(db, c.req.query("merchant") ?? merchant, username) });
  });

  app.notFound((c) => c.json({ ok: false, error: `No operator command at ${c.req.method} ${c.req.path}.` }, 404));
  app.onError((err, c) => {
    if (err instanceof OperatorError) return c.json({ ok: false, error: err.message }, 400);
    console.error("[platform] operator command failed:", err);
    return c.json({ ok: false, error: "The command failed; see the platform's log." }, 500);
  });
  return app;
}

/** OPERATOR_KEY, else the key in DATA_DIR/operator.key, created (random, owner-only) if missing. */
export function resolveOperatorKey(configured: string | undefined, dataDir: string, create: boolean): string | undefined {
  if (configured) return configured;
  const file = path.join(dataDir, "operator.key");
  try {
    return readFileSync(file, "utf8").trim() || undefined;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "ENOENT" || !create) return undefined;
  }
  const key = randomBytes(24).toString("base64url");
  mkdirSync(dataDir, { recursive: true });
  try {
    writeFileSync(file, key + "\n", { mode: 0o600, flag: "wx" });
    return key;
  } catch (err) {
    // Another process created it first: use theirs.
    if ((err as NodeJS.ErrnoException).code === "EEXIST") return readFileSync(file, "utf8").trim();
    throw err;
  }
}

/** Listens on 127.0.0.1 only; resolves once listening, rejects with the listen error. */
export function listenOperator(app: Hono, port: number): Promise<ServerType> {
  return new Promise((resolve, reject) => {
    const server = serve({ fetch: app.fetch, port, hostname: "127.0.0.1" });
    server.once("error", reject);
    server.once("listening", () => {
      server.off("error", reject);
      resolve(server);
    });
  });
}

export function listeningPort(server: ServerType): number {
  return (server.address() as AddressInfo).port;
}
