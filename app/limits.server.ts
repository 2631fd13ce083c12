import { isIPv4, isIPv6 } from "node:net";
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import { env } from "~/env.server";
import { rateLimited } from "~/metrics.server";
import { log, requestScope } from "~/request-scope.server";

// Rate limits on the public forms that cost the platform (and a player's account) something:
// login, register, free play, verification codes, password reset, feedback, pictures. Counted per
// client address and, where the form names an account, per account, in a window of 15 minutes
// (and the shorter or longer windows of EXTRA_LIMITS). One instance
// counts in memory; several share Redis (REDIS_URL) or PostgreSQL (LIMITER_DATABASE_URL).
// A store that fails falls back to this instance's memory: a Redis outage never locks players out
// and never lets a spray through unlimited (decision 022).

export type LimitedForm = "login" | "register" | "freePlay" | "sms" | "forgot" | "feedback" | "pictures";

const WINDOW_SECONDS = 15 * 60;

/** A count of attempts: `points` in `seconds`, per client address or per account named. */
export type LimitRule = { by: "address" | "account"; points: number; seconds: number };

// Decisions 036 and 037: besides the 15-minute counts every form has (RATE_LIMIT_PER_IP and
// RATE_LIMIT_PER_ACCOUNT), the forms that buy CPU (a password hash, an image decode) or an
// account have a short burst count, so a spray is turned away in its first seconds, before it
// reaches the hashes or the decoder; registration has a daily ceiling. The figures leave room for
// the many honest players one carrier-grade NAT address carries.
export const EXTRA_LIMITS: Readonly<Partial<Record<LimitedForm, readonly LimitRule[]>>> = {
  login: [{ by: "address", points: 10, seconds: 60 }],
  register: [
    { by: "address", points: 5, seconds: 10 * 60 },
    { by: "address", points: 40, seconds: 24 * 60 * 60 },
  ],
  // A forgotten password costs a hash whether or not the name and email match (passwords.ts).
  forgot: [{ by: "address", points: 5, seconds: 60 }],
  feedback: [{ by: "address", points: 5, seconds: 60 }],
  pictures: [
    { by: "address", points: 6, seconds: 60 },
    { by: "account", points: 6, seconds: 60 },
  ],
};

/** The form was posted too often; the player may try again after `retryAfter` seconds. */
export class RateLimitedError extends Error {
  constructor(readonly retryAfter: number) {
    super(`rate limited for ${retryAfter} s`);
    this.name = "RateLimitedError";
  }
}

type Store = { make(points: number, seconds: number, prefix: string): Promise<RateLimiterAbstract>; close(): Promise<void> };

let store: Promise<Store> | undefined;
const made = new Map<string, Promise<RateLimiterAbstract>>();

async function create(): Promise<Store> {
  const { REDIS_URL, LIMITER_DATABASE_URL } = env();
  const options = (points: number, duration: number, keyPrefix: string) => ({ points, duration, keyPrefix });
  const memory = (points: number, duration: number, keyPrefix: string) => new RateLimiterMemory(options(points, duration, keyPrefix));
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
    return {
      make: async (points, seconds, prefix) =>
        new RateLimiterRedis({
          ...options(points, seconds, `rl:${prefix}`),
          storeClient: client,
          insuranceLimiter: memory(points, seconds, prefix),
        }),
      close: async () => void client.disconnect(),
    };
  }
  if (LIMITER_DATABASE_URL) {
    const { default: pg } = await import("pg");
    const pool = new pg.Pool({ connectionString: LIMITER_DATABASE_URL, max: 4, connectionTimeoutMillis: 2_000 });
    pool.on("error", (error: Error) => log().warn({ component: "limiter", err: error.message }, "PostgreSQL limiter store error"));
    // Every limiter shares one table: they are made one after another, so only the first creates it.
    let previous: Promise<unknown> = Promise.resolve();
    const make = (points: number, seconds: number, prefix: string) => {
      const next = previous
        .catch(() => undefined)
        .then(
          () =>
            new Promise<RateLimiterAbstract>((resolve, reject) => {
              const limiter: RateLimiterPostgres = new RateLimiterPostgres(
                {
                  ...options(points, seconds, prefix),
                  storeClient: pool,
                  tableName: "rate_limits",
                  insuranceLimiter: memory(points, seconds, prefix),
                },
                (error?: Error) => (error ? reject(error) : resolve(limiter)),
              );
            }),
        );
      previous = next;
      return next;
    };
    return { make, close: () => pool.end() };
  }
  return { make: async (points, seconds, prefix) => memory(points, seconds, prefix), close: async () => {} };
}

function getStore(): Promise<Store> {
  store ??= create().catch((error: unknown) => {
    store = undefined;
    throw error;
  });
  return store;
}

/** One limiter per count; the 15-minute ones keep the key prefixes they always had ("ip", "acct"). */
async function limiterFor(rule: LimitRule): Promise<RateLimiterAbstract> {
  const base = rule.by === "address" ? "ip" : "acct";
  const prefix = rule.seconds === WINDOW_SECONDS ? base : `${base}${rule.seconds}`;
  const id = `${prefix}:${rule.points}`;
  let limiter = made.get(id);
  if (!limiter) {
    limiter = getStore().then((s) => s.make(rule.points, rule.seconds, prefix));
    limiter.catch(() => made.delete(id));
    made.set(id, limiter);
  }
  return limiter;
}

/**
 * The counts of one form: its 15-minute ones and its extra ones. An instance whose 15-minute
 * limits are raised above their defaults (100 and 10: a test suite that logs in all day from one
 * address) has its extra counts raised in the same proportion; lowered ones leave them as they are.
 */
export function limitsOf(form: LimitedForm): LimitRule[] {
  const { RATE_LIMIT_PER_IP, RATE_LIMIT_PER_ACCOUNT } = env();
  const scale = { address: Math.max(1, RATE_LIMIT_PER_IP / 100), account: Math.max(1, RATE_LIMIT_PER_ACCOUNT / 10) };
  return [
    { by: "address", points: RATE_LIMIT_PER_IP, seconds: WINDOW_SECONDS },
    { by: "account", points: RATE_LIMIT_PER_ACCOUNT, seconds: WINDOW_SECONDS },
    ...(EXTRA_LIMITS[form] ?? []).map((rule) => ({ ...rule, points: Math.round(rule.points * scale[rule.by]) })),
  ];
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
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}

// Addresses this instance has refused, and until when: the server answers their next posts of
// that form at once, before the body is read or a page rendered (a flood of refused posts then
// costs next to nothing; decision 036). Memory only: each instance learns from its own refusals.
const blocked = new Map<string, number>();
const MAX_BLOCKED = 10_000;

function noteBlocked(form: LimitedForm, address: string, seconds: number): void {
  if (blocked.size >= MAX_BLOCKED) {
    const now = Date.now();
    for (const [key, until] of blocked) if (until <= now) blocked.delete(key);
    if (blocked.size >= MAX_BLOCKED) blocked.delete(blocked.keys().next().value!);
  }
  blocked.set(`${form}:${address}`, Date.now() + seconds * 1000);
}

/** Seconds this client's address is still refused `form` on this instance (0: not refused). */
export function addressRefusedFor(form: LimitedForm, clientIp: string | undefined): number {
  const address = addressKey(clientIp);
  if (!address) return 0;
  const until = blocked.get(`${form}:${address}`);
  if (until === undefined) return 0;
  const left = Math.ceil((until - Date.now()) / 1000);
  if (left <= 0) blocked.delete(`${form}:${address}`);
  return Math.max(0, left);
}

const PER_ACCOUNT_AND_ADDRESS: ReadonlySet<LimitedForm> = new Set(["login", "forgot", "sms"]);

/**
 * Counts one attempt at `form` from this client (and on `account`, when given). Throws
 * RateLimitedError when any count is over its limit; the attempt then goes no further.
 */
export async function limitAttempt(form: LimitedForm, account?: string): Promise<void> {
  const ip = addressKey(requestScope()?.clientIp);
  const name = account?.trim().toLowerCase();
  if (!ip && !name) return;
  // A login's, a password reset's and an SMS code's account count is per account and address: a
  // stranger's spray of a name (or a number) must not shut its owner out from elsewhere, at login
  // or on the way back in by a reset (the platform's own lock counts the account as a whole, and
  // lets the owner's known device and a completed reset through; decision 036).
  // A second login step's code (2fa:<token>) stays counted whole: only its own player holds the token.
  const accountKey = name && ip && PER_ACCOUNT_AND_ADDRESS.has(form) && !name.startsWith("2fa:") ? `${name}@${ip}` : name;
  const waits = await Promise.all(
    limitsOf(form).map(async (rule) => {
      const key = rule.by === "address" ? ip : accountKey;
      if (!key) return 0;
      const wait = await consume(await limiterFor(rule), `${form}:${key}`);
      if (wait > 0) rateLimited.inc({ form, key: rule.by === "address" ? "ip" : "account" });
      if (wait > 0 && rule.by === "address") noteBlocked(form, key, wait);
      return wait;
    }),
  );
  const retryAfter = Math.max(0, ...waits);
  if (retryAfter > 0) throw new RateLimitedError(retryAfter);
}

/** Connects to the shared store before the first form needs it (start-up). */
export async function openLimiters(): Promise<void> {
  await limiterFor(limitsOf("login")[0]!);
}

/** Closes the shared store's connection (shutdown). */
export async function closeLimiters(): Promise<void> {
  const current = store;
  store = undefined;
  made.clear();
  if (current) await (await current.catch(() => null))?.close();
}
