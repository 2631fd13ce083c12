import { isIPv4, isIPv6 } from "node:net";
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import { env } from "~/env.server";
import { rateLimited } from "~/metrics.server";
import { log, requestScope } from "~/request-scope.server";

// Rate limits on the public forms that cost the platform (and a player's account) something:
// login, register, free play, verification codes, password reset. Counted per client address
// and, where the form names an account, per account, in a window of 15 minutes. One instance
// counts in memory; several share Redis (REDIS_URL) or PostgreSQL (LIMITER_DATABASE_URL).
// A store that fails falls back to this instance's memory: a Redis outage never locks players out
// and never lets a spray through unlimited (decision 022).

export type LimitedForm = "login" | "register" | "freePlay" | "sms" | "forgot" | "feedback";

const WINDOW_SECONDS = 15 * 60;

/** The form was posted too often; the player may try again after `retryAfter` seconds. */
export class RateLimitedError extends Error {
  constructor(readonly retryAfter: number) {
    super(`rate limited for ${retryAfter} s`);
    this.name = "RateLimitedError";
  }
}

type Limiters = { perIp: RateLimiterAbstract; perAccount: RateLimiterAbstract; close(): Promise<void> };

let limiters: Promise<Limiters> | undefined;

async function create(): Promise<Limiters> {
  const { REDIS_URL, LIMITER_DATABASE_URL, RATE_LIMIT_PER_IP, RATE_LIMIT_PER_ACCOUNT } = env();
  const options = (points: number, keyPrefix: string) => ({ points, duration: WINDOW_SECONDS, keyPrefix });
  const memory = (points: number, keyPrefix: string) => new RateLimiterMemory(options(points, keyPrefix));
  if (REDIS_URL) {
    const { Redis } = await import("ioredis");
    // Fail fast: a limiter that waits for a dead Redis would hold every login.
    const client = new Redis(REDIS_URL, { enableOfflineQueue: false, maxRetriesPerRequest: 1, connectTimeout: 2_000, lazyConnect: false });
    client.on("error", (error: Error) => log().warn({ component: "limiter", err: error.message }, "Redis unreachable: counting in memory"));
    // Without an offline queue, commands sent before the connection is up fail (and count in
    // memory): wait for it, briefly.
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, 2_000);
      client.once("ready", () => {
        clearTimeout(timer);
        resolve();
      });
    });
    const make = (points: number, prefix: string) =>
      new RateLimiterRedis({ ...options(points, prefix), storeClient: client, insuranceLimiter: memory(points, prefix) });
    return {
      perIp: make(RATE_LIMIT_PER_IP, "rl:ip"),
      perAccount: make(RATE_LIMIT_PER_ACCOUNT, "rl:acct"),
      close: async () => void client.disconnect(),
    };
  }
  if (LIMITER_DATABASE_URL) {
    const { default: pg } = await import("pg");
    const pool = new pg.Pool({ connectionString: LIMITER_DATABASE_URL, max: 4, connectionTimeoutMillis: 2_000 });
    pool.on("error", (error: Error) => log().warn({ component: "limiter", err: error.message }, "PostgreSQL limiter store error"));
    const make = (points: number, prefix: string) =>
      new Promise<RateLimiterAbstract>((resolve, reject) => {
        const limiter: RateLimiterPostgres = new RateLimiterPostgres(
          { ...options(points, prefix), storeClient: pool, tableName: "rate_limits", insuranceLimiter: memory(points, prefix) },
          (error?: Error) => (error ? reject(error) : resolve(limiter)),
        );
      });
    // Both limiters share one table: create it once before the second looks for it.
    const perIp = await make(RATE_LIMIT_PER_IP, "ip");
    const perAccount = await make(RATE_LIMIT_PER_ACCOUNT, "acct");
    return { perIp, perAccount, close: () => pool.end() };
  }
  return { perIp: memory(RATE_LIMIT_PER_IP, "ip"), perAccount: memory(RATE_LIMIT_PER_ACCOUNT, "acct"), close: async () => {} };
}

function getLimiters(): Promise<Limiters> {
  limiters ??= create().catch((error: unknown) => {
    limiters = undefined;
    throw error;
  });
  return limiters;
}

async function consume(limiter: RateLimiterAbstract, key: string): Promise<number> {
  try {
    await limiter.consume(key);
    return 0;
  } catch (result) {
    if (result instanceof RateLimiterRes) return Math.max(1, Math.ceil(result.msBeforeNext / 1000));
    // The store and its insurance both failed: let the player through rather than lock everyone out.
    log().error({ component: "limiter", err: result instanceof Error ? result.message : String(result) }, "rate limiter failed");
    return 0;
  }
}

/**
 * The part of an address that names one client: an IPv4 address whole, an IPv6 address by its
 * /64 (one home or phone gets a whole /64 and could walk through it to dodge a per-address count).
 */
export function addressKey(ip: string | undefined): string | undefined {
  if (!ip) return undefined;
  if (isIPv4(ip)) return ip;
  if (!isIPv6(ip)) return undefined;
  const [head = "", tail = ""] = ip.toLowerCase().split("::", 2);
  const front = head ? head.split(":") : [];
  const back = ip.includes("::") ? (tail ? tail.split(":") : []) : [];
  const groups = ip.includes("::") ? [...front, ...Array(8 - front.length - back.length).fill("0"), ...back] : front;
  return `${groups.slice(0, 4).map((g) => g.replace(/^0+(?=.)/, "")).join(":")}::/64`;
}

/**
 * Counts one attempt at `form` from this client (and on `account`, when given). Throws
 * RateLimitedError when either count is over its limit; the attempt then goes no further.
 */
export async function limitAttempt(form: LimitedForm, account?: string): Promise<void> {
  const ip = addressKey(requestScope()?.clientIp);
  const name = account?.trim().toLowerCase();
  if (!ip && !name) return;
  const { perIp, perAccount } = await getLimiters();
  const [byIp, byAccount] = await Promise.all([
    ip ? consume(perIp, `${form}:${ip}`) : 0,
    name ? consume(perAccount, `${form}:${name}`) : 0,
  ]);
  if (byIp > 0) rateLimited.inc({ form, key: "ip" });
  if (byAccount > 0) rateLimited.inc({ form, key: "account" });
  const retryAfter = Math.max(byIp, byAccount);
  if (retryAfter > 0) throw new RateLimitedError(retryAfter);
}

/** Connects to the shared store before the first form needs it (start-up). */
export async function openLimiters(): Promise<void> {
  await getLimiters();
}

/** Closes the shared store's connection (shutdown). */
export async function closeLimiters(): Promise<void> {
  const current = limiters;
  limiters = undefined;
  if (current) await (await current.catch(() => null))?.close();
}
