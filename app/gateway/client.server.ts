import { z } from "zod";
import { env } from "~/env.server";
import { platformCallSeconds } from "~/metrics.server";
import { log as logger, requestScope, timeLeft, withinDeadline, withMoneyBudget, withoutDeadline } from "~/request-scope.server";
import { cached } from "./cache.server";
import { encryptPayload } from "./crypto.server";
import { GatewayError, PlatformError, platformErrorFrom } from "./errors.server";
import { platformRequestUrl, transport } from "./transport.server";

/** Who is calling: one per incoming request. */
export type GatewayContext = {
  merchant: string;
  /** Upper-case platform code: EN, BN, … */
  language: string;
  token?: string;
  /** The player's own user agent, sent base64-encoded as X-Real-UA. */
  userAgent: string;
  clientIp?: string;
  /** The signed-in player's user name: whose open pages hear of a money call (issue 28). */
  player?: string;
};

type MoneyCallListener = (ctx: GatewayContext) => void;
const moneyCallListeners = new Set<MoneyCallListener>();
/** Told after every money call, whatever its outcome (the live hub reads the player's balance then). */
export function onMoneyCall(listener: MoneyCallListener): () => void {
  moneyCallListeners.add(listener);
  return () => moneyCallListeners.delete(listener);
}

type QueryValue = string | number | boolean | undefined | null | readonly (string | number)[];

export type CallSpec<T> = {
  method: "GET" | "POST" | "PUT" | "DELETE";
  path: string;
  query?: Record<string, QueryValue>;
  /** JSON body; `{}` is sent when a non-GET call has none. */
  body?: unknown;
  /** Sent as application/x-www-form-urlencoded instead of JSON. */
  form?: Record<string, string>;
  /** "required" refuses to call without a token; "none" never sends one. */
  auth: "required" | "optional" | "none";
  moduleId?: string;
  encrypted?: boolean;
  /** /lgw answers raw JSON without the envelope. */
  raw?: boolean;
  /** Public reads only: cache the parsed value for PUBLIC_CACHE_SECONDS (or the given seconds). */
  cache?: boolean | number;
  /** Cookies the platform set for this player earlier (the image captcha's captchaId). */
  cookies?: Record<string, string>;
  /** Sees the response headers (the captcha's Set-Cookie). */
  onHeaders?: (headers: Headers) => void;
  /** Extra part of the cache key, for public reads whose answer depends on the visitor (status: IP). */
  cacheVary?: string;
  schema: z.ZodType<T, z.ZodTypeDef, unknown>;
};

const envelopeSchema = z
  .object({
    success: z.boolean(),
    value: z.unknown().optional(),
    message: z.string().nullish(),
    errorCode: z.string().nullish(),
  })
  .passthrough();

function buildQuery(query: CallSpec<unknown>["query"]): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) for (const v of value) params.append(key, String(v));
    else params.set(key, String(value));
  }
  return params;
}

function baseHeaders(ctx: GatewayContext, spec: CallSpec<unknown>): Headers {
  const headers = new Headers({
    Merchant: ctx.merchant,
    Language: ctx.language,
    "X-Real-UA": Buffer.from(ctx.userAgent, "utf8").toString("base64"),
    "X-Timestamp": String(Date.now()),
    "X-Gateway-Version": "3",
    Accept: "application/json",
  });
  if (spec.moduleId) headers.set("ModuleId", spec.moduleId);
  if (ctx.clientIp) headers.set("X-Forwarded-For", ctx.clientIp);
  // The page's request id goes along so the platform's logs can be matched with ours.
  const requestId = requestScope()?.requestId;
  if (requestId) headers.set("X-Request-Id", requestId);
  if (spec.auth !== "none" && ctx.token) headers.set("Authorization", ctx.token);
  const cookies = Object.entries(spec.cookies ?? {}).filter(([k, v]) => /^[\w-]+$/.test(k) && /^[\w.~-]+$/.test(v));
  if (cookies.length > 0) headers.set("Cookie", cookies.map(([k, v]) => `${k}=${v}`).join("; "));
  return headers;
}

function log(kind: "error" | "call", message: string, fields: Record<string, unknown> = {}) {
  const level = env().GATEWAY_LOG;
  if (level === "all" || (level === "errors" && kind === "error")) {
    // The request's logger carries its id: a page's platform calls are found by it.
    const entry = { component: "gateway", ...fields };
    if (kind === "error") logger().warn(entry, message);
    else logger().info(entry, message);
  }
}

async function fetchRsaModulus(ctx: GatewayContext): Promise<string> {
  const headers = baseHeaders(ctx, { method: "GET", path: "", auth: "none", schema: z.unknown() });
  headers.set("Cache-Control", "no-cache");
  headers.set("Accept", "text/plain");
  const url = platformRequestUrl("/wps/session/key/rsa", new URLSearchParams({ t: String(Date.now()) }));
  const response = await transport().send(new Request(url, { headers }));
  const text = (await response.text()).trim();
  // An RSA modulus is the product of two odd primes: an even one is not a key (and node:crypto refuses it).
  if (!response.ok || !/^[0-9a-fA-F]{63,}[13579bdfBDF]$/.test(text)) {
    throw new GatewayError(`unexpected RSA key answer (HTTP ${response.status})`, "shape", "/wps/session/key/rsa");
  }
  return text;
}

async function send<T>(ctx: GatewayContext, spec: CallSpec<T>): Promise<T> {
  if (spec.auth === "required" && !ctx.token) {
    throw platformErrorFrom(spec.path, 401, { errorCode: "login.not.session", message: "" });
  }
  const headers = baseHeaders(ctx, spec);
  let body: string | undefined;
  if (spec.method !== "GET") {
    if (spec.form) {
      headers.set("Content-Type", "application/x-www-form-urlencoded");
      body = new URLSearchParams(spec.form).toString();
    } else if (spec.encrypted) {
      const modulus = await fetchRsaModulus(ctx);
      let encrypted: ReturnType<typeof encryptPayload>;
      try {
        encrypted = encryptPayload(spec.body ?? {}, modulus);
      } catch (error) {
        // A modulus node:crypto will not use is the platform's answer, not our fault.
        throw new GatewayError(
          `unusable RSA key (${error instanceof Error ? error.message : String(error)})`,
          "shape",
          "/wps/session/key/rsa",
        );
      }
      for (const [k, v] of Object.entries(encrypted.headers)) headers.set(k, v);
      headers.set("Content-Type", "application/json");
      body = JSON.stringify(encrypted.body);
    } else {
      headers.set("Content-Type", "application/json");
      body = JSON.stringify(spec.body ?? {});
    }
  }
  const url = platformRequestUrl(spec.path, buildQuery(spec.query));
  const response = await transport().send(new Request(url, { method: spec.method, headers, body }));
  log("call", `${spec.method} ${spec.path} → ${response.status}`, { call: spec.path, status: response.status });
  spec.onHeaders?.(response.headers);

  const text = await response.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new GatewayError(`HTTP ${response.status}, not JSON`, response.ok ? "shape" : "http", spec.path, response.status);
  }

  if (spec.raw) {
    if (!response.ok) throw new GatewayError(`HTTP ${response.status}`, "http", spec.path, response.status);
    return parseValue(spec, json);
  }
  const envelope = envelopeSchema.safeParse(json);
  if (!envelope.success) {
    if (!response.ok) throw new GatewayError(`HTTP ${response.status}`, "http", spec.path, response.status);
    log("error", `${spec.path}: not an envelope: ${envelope.error.issues[0]?.message}`, { call: spec.path });
    throw new GatewayError("answer is not an envelope", "shape", spec.path, response.status);
  }
  if (!envelope.data.success || response.status === 401) {
    throw platformErrorFrom(spec.path, response.status, envelope.data);
  }
  return parseValue(spec, envelope.data.value);
}

function parseValue<T>(spec: CallSpec<T>, value: unknown): T {
  const parsed = spec.schema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    log("error", `${spec.path}: unexpected shape at ${issue?.path.join(".") || "(root)"}: ${issue?.message}`, { call: spec.path });
    throw new GatewayError("unexpected answer shape", "shape", spec.path);
  }
  return parsed.data;
}

/**
 * A read is tried once more when the failure was on the way (a dropped connection, a 5xx), not a
 * business answer, not a timeout (a second one would double the wait) and not an open breaker;
 * and only when the request's deadline leaves time for it.
 */
function retriable(error: unknown): boolean {
  if (error instanceof PlatformError || !(error instanceof GatewayError)) return false;
  if (error.kind !== "transport" && error.kind !== "http") return false;
  return (error.status === undefined || error.status >= 500) && timeLeft() > 1_000;
}

function outcome(error: unknown): string {
  if (error instanceof PlatformError) return "refused";
  if (error instanceof GatewayError) return error.kind;
  return "error";
}

/** A write that carries its form's requestId: the platform answers it once, and a resend replays it. */
function carriesRequestId(spec: CallSpec<unknown>): boolean {
  const body = spec.body;
  return (
    spec.method !== "GET" && typeof body === "object" && body !== null && typeof (body as { requestId?: unknown }).requestId === "string"
  );
}

/** One call of the contract: headers, envelope, typed errors, a retry for reads, a cache for public reads. */
export async function call<T>(ctx: GatewayContext, spec: CallSpec<T>): Promise<T> {
  // A write the platform answers once by its requestId goes through callOnce, which neither lets the
  // page's deadline cut it nor turns an unexpected success into a failure.
  if (carriesRequestId(spec)) throw new Error(`${spec.path} carries a requestId: use callOnce`);
  return attemptCall(ctx, spec);
}

/**
 * A write answered once per requestId (a money move, a claim, a contract answer; decision 033):
 * - it gets MONEY_CALL_TIMEOUT_MS of its own instead of what is left of the page's deadline, so
 *   the page does not give up on a call the platform goes on to commit;
 * - `success: true` is a success whatever the value holds: a value the schema does not read is
 *   logged and answered as `undefined`, never as an error (the money has moved);
 * - a failure on the way (timeout, dropped connection, 5xx, an answer that is no envelope) leaves
 *   the outcome unknown: `outcomeUnknown(error)` says so, and the same requestId resolves it.
 */
export async function callOnce<T>(
  ctx: GatewayContext,
  spec: CallSpec<T> & { body: { requestId: string; [field: string]: unknown } },
): Promise<T | undefined> {
  const tolerant: CallSpec<T | undefined> = {
    ...spec,
    schema: z.unknown().transform((value) => {
      const parsed = spec.schema.safeParse(value);
      if (parsed.success) return parsed.data;
      const issue = parsed.error.issues[0];
      logger().warn(
        { component: "gateway", call: spec.path, at: issue?.path.join(".") || "(root)" },
        `${spec.path}: success with an answer we do not read (${issue?.message}); taken as done`,
      );
      return undefined;
    }),
  };
  try {
    return await withMoneyBudget(env().MONEY_CALL_TIMEOUT_MS, () => attemptCall(ctx, tolerant));
  } finally {
    for (const listener of moneyCallListeners) {
      try {
        listener(ctx);
      } catch {
        // A listener's failure is its own; the call's answer stands.
      }
    }
  }
}

/**
 * Whether a failed write may still have been carried out by the platform: anything but a business
 * answer (PlatformError) or a call that was never sent (circuit open).
 */
export function outcomeUnknown(error: unknown): boolean {
  return error instanceof GatewayError && error.kind !== "unavailable";
}

async function attemptCall<T>(ctx: GatewayContext, spec: CallSpec<T>): Promise<T> {
  const attempt = async () => {
    const timer = platformCallSeconds.startTimer({ call: spec.path });
    try {
      let value: T;
      try {
        value = await send(ctx, spec);
      } catch (error) {
        if (!(spec.method === "GET" && retriable(error))) throw error;
        value = await send(ctx, spec);
      }
      timer({ outcome: "ok" });
      return value;
    } catch (error) {
      timer({ outcome: outcome(error) });
      if (error instanceof GatewayError)
        log("error", `${spec.method} ${spec.path}: ${error.kind}: ${error.message}`, { call: spec.path, kind: error.kind });
      throw error;
    }
  };
  if (spec.cache && spec.auth !== "required") {
    const seconds = typeof spec.cache === "number" ? spec.cache : env().PUBLIC_CACHE_SECONDS;
    const key = `${ctx.merchant}|${ctx.language}|${spec.cacheVary ?? ""}|${spec.path}?${buildQuery(spec.query)}`;
    if (seconds <= 0) return attempt();
    // The shared load runs on the platform's timeout alone; each request waits for it no longer
    // than its own deadline.
    const shared = cached(key, seconds, () => withoutDeadline(attempt));
    return withinDeadline(shared, () => new GatewayError("no time left before the request's deadline", "deadline", spec.path));
  }
  return attempt();
}

type RelaySchema<T> = z.ZodType<T, z.ZodTypeDef, unknown>;

/**
 * A signed-in member's relay calls (/wps/relay/<name>): `get` reads, `post` writes once per
 * requestId (callOnce). The records, rewards and agent areas are made of these.
 */
export function memberRelay(ctx: GatewayContext) {
  return {
    get: <T>(name: string, query: Record<string, string | number | undefined>, schema: RelaySchema<T>, moduleId?: string) =>
      call(ctx, { method: "GET", path: `/wps/relay/${name}`, query, auth: "required", moduleId, schema }),
    post: <T>(name: string, body: Record<string, unknown> & { requestId: string }, schema: RelaySchema<T>, moduleId?: string) =>
      callOnce(ctx, { method: "POST", path: `/wps/relay/${name}`, body, auth: "required", moduleId, schema }),
  };
}
