import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";

const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/i;

/** https://, or http:// to this machine; anything else only when the operator says the network is private. */
export function platformUrlSafe(url: string, allowHttp?: string): boolean {
  try {
    const parsed = new URL(url);
    if (parsed.protocol === "https:") return true;
    if (parsed.protocol !== "http:") return false;
    return LOOPBACK.test(parsed.hostname) || allowHttp === "true" || allowHttp === "1";
  } catch {
    return false;
  }
}

// Environment is validated once, at start-up, with a clear message per bad value.
const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PLATFORM_URL: z
    .string()
    .url("PLATFORM_URL must be an absolute URL such as https://platform.example.com")
    .refine((url) => platformUrlSafe(url, process.env.PLATFORM_ALLOW_HTTP), {
      message:
        "PLATFORM_URL must be https:// (plain http:// would send tokens and passwords in the clear); http:// is accepted only for loopback, or with PLATFORM_ALLOW_HTTP=true on a private network",
    })
    .optional()
    .or(z.literal("").transform(() => undefined)),
  // Under REQUEST_DEADLINE_MS (5 s), so a call made early in a request can time out on its own and
  // count against the platform (circuit breaker); a call the deadline cuts shorter does not.
  PLATFORM_TIMEOUT_MS: z.coerce.number().int().min(500).max(60_000).default(4_000),
  // A call that moves money (a write carrying its form's requestId) is not cut by the page's
  // deadline: it gets this long, whatever is left of the page's time, so that its answer is known
  // rather than guessed (decision 033). Past it the answer is "still being processed".
  MONEY_CALL_TIMEOUT_MS: z.coerce.number().int().min(500).max(120_000).default(15_000),
  MERCHANT_CODE: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,40}$/, "MERCHANT_CODE must be 1-40 letters, digits, _ or -")
    .default("demo"),
  SESSION_SECRET: z.string().optional(),
  DATABASE_URL: z.string().optional(),
  DATA_DIR: z.string().default("data"),
  PUBLIC_CACHE_SECONDS: z.coerce.number().min(0).max(3600).default(30),
  // The micro-cache of logged-out pages (issue 14, decision 023): how long a page is fresh, and how
  // long after that it may still be served while one request renders it again. Without a value:
  // 5 seconds, or PUBLIC_CACHE_SECONDS when that is shorter (0 turns both caches off).
  PAGE_CACHE_SECONDS: z.preprocess(
    (v) => (typeof v === "string" && v.trim() === "" ? undefined : v),
    z.coerce.number().int().min(0).max(300).optional(),
  ),
  PAGE_CACHE_STALE_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
  // After this many platform calls in a row fail to get through, calls fail at once for
  // BREAKER_OPEN_MS; then one call tries again.
  BREAKER_FAILURES: z.coerce.number().int().min(1).max(1000).default(5),
  BREAKER_OPEN_MS: z.coerce.number().int().min(100).max(600_000).default(5_000),
  // The shared store of the rate limiter when several instances run: Redis, or else PostgreSQL.
  // Neither: each instance counts alone (memory).
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, "REDIS_URL must be a redis:// or rediss:// URL")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  // Live events (issue 28, decision 053): how often a connected player's figures are read (with a
  // page showing; with every page hidden), and the streams allowed per player and per address on
  // one instance. The embedded platform announces its changes, so its default poll is a slow check.
  LIVE_POLL_MS: z.preprocess(
    (v) => (typeof v === "string" && v.trim() === "" ? undefined : v),
    z.coerce.number().int().min(500).max(3_600_000).optional(),
  ),
  LIVE_HIDDEN_POLL_MS: z.coerce.number().int().min(1_000).max(3_600_000).default(30_000),
  LIVE_HEARTBEAT_MS: z.coerce.number().int().min(1_000).max(120_000).default(20_000),
  LIVE_MAX_PER_PLAYER: z.coerce.number().int().min(1).max(1_000).default(8),
  LIVE_MAX_PER_ADDRESS: z.coerce.number().int().min(1).max(100_000).default(200),
  LIMITER_DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "LIMITER_DATABASE_URL must be a postgres:// or postgresql:// URL")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  // Attempts allowed per 15 minutes on the public forms (login, register, free play, codes,
  // password reset): per client address, and per account name for login and reset.
  RATE_LIMIT_PER_IP: z.coerce.number().int().min(1).max(100_000).default(100),
  RATE_LIMIT_PER_ACCOUNT: z.coerce.number().int().min(1).max(100_000).default(10),
  ACCENT_COLOR: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/, "ACCENT_COLOR must be a colour like #f5b301")
    .default("#f5b301"),
  GATEWAY_LOG: z.enum(["off", "errors", "all"]).default("errors"),
  // A page whose components use a dictionary its routes do not declare (handle.i18n) is logged as
  // an error; with "fail" (tests, development) its render fails, so the page cannot pass unnoticed.
  UNDECLARED_TRANSLATIONS: z.enum(["log", "fail"]).default("log"),
  // The operator's time zone: times the server writes into pages (lottery draws) are in it.
  TIME_ZONE: z
    .string()
    .refine((zone) => {
      try {
        new Intl.DateTimeFormat("en", { timeZone: zone });
        return true;
      } catch {
        return false;
      }
    }, "TIME_ZONE must be an IANA zone such as Asia/Dhaka")
    .default("Asia/Dhaka"),
  // The embedded platform's loopback operator listener; also where its TEST identity provider is
  // served (/idp), the default for social login without PLATFORM_URL (decision 013).
  OPERATOR_PORT: z.preprocess(
    (v) => (typeof v === "string" && v.trim() === "" ? undefined : v),
    z.coerce.number().int().min(0).max(65535).default(3099),
  ),
  // The site's address as players reach it (https://www.example.com): OAuth redirect URIs are built
  // from it, never from the request (behind a TLS-terminating balancer that says http://).
  PUBLIC_URL: optionalUrl("PUBLIC_URL")
    .refine((v) => v === undefined || publicUrlSafe(v), "PUBLIC_URL must be https:// (http:// only for localhost)")
    .transform((v) => v?.replace(/\/+$/, "")),
  ...socialEnv("GOOGLE"),
  ...socialEnv("FACEBOOK"),
});

function optionalUrl(name: string) {
  return z
    .string()
    .url(`${name} must be an absolute URL`)
    .refine((v) => /^https?:\/\//.test(v), `${name} must be an http(s) URL`)
    .optional()
    .or(z.literal("").transform(() => undefined));
}
function optionalText(name: string) {
  return z
    .string()
    .max(500, `${name} is too long`)
    .optional()
    .transform((v) => (v?.trim() ? v.trim() : undefined));
}
/** ISSUER (OpenID Connect discovery), CLIENT_ID and CLIENT_SECRET of one social login provider. */
function socialEnv<P extends "GOOGLE" | "FACEBOOK">(p: P) {
  return {
    [`${p}_ISSUER`]: optionalUrl(`${p}_ISSUER`).refine(
      (v) => v === undefined || publicUrlSafe(v),
      `${p}_ISSUER must be https:// (http:// only on this machine)`,
    ),
    [`${p}_CLIENT_ID`]: optionalText(`${p}_CLIENT_ID`),
    [`${p}_CLIENT_SECRET`]: optionalText(`${p}_CLIENT_SECRET`),
  } as Record<`${P}_ISSUER`, ReturnType<typeof optionalUrl>> &
    Record<`${P}_${"CLIENT_ID" | "CLIENT_SECRET"}`, ReturnType<typeof optionalText>>;
}

/** https://, or http:// to this machine (a development or test host). */
function publicUrlSafe(url: string): boolean {
  try {
    const parsed = new URL(url);
    return parsed.protocol === "https:" || (parsed.protocol === "http:" && LOOPBACK.test(parsed.hostname));
  } catch {
    return false;
  }
}

export type Env = z.infer<typeof schema> & { sessionSecrets: string[] };

function loadSessionSecrets(raw: string | undefined, dataDir: string, nodeEnv: string): string[] {
  const secrets = (raw ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  if (secrets.length > 0) {
    const weak = secrets.find((s) => s.length < 16);
    if (weak) throw new Error("SESSION_SECRET: every secret in the comma list needs 16 or more characters");
    return secrets;
  }
  // No secret configured: keep one per data folder so sessions survive a restart.
  // Several instances behind a load balancer must share SESSION_SECRET instead.
  const file = join(dataDir, "session-secret");
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, randomBytes(32).toString("hex"), { mode: 0o600 });
    if (nodeEnv === "production") {
      console.warn(`SESSION_SECRET is not set: generated one in ${file}. Set SESSION_SECRET when running more than one instance.`);
    }
  }
  return [readFileSync(file, "utf8").trim()];
}

export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = schema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join("\n")}\nSee .env.example.`);
  }
  return {
    ...result.data,
    sessionSecrets: loadSessionSecrets(result.data.SESSION_SECRET, result.data.DATA_DIR, result.data.NODE_ENV),
  };
}

let cached: Env | undefined;
export function env(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}

/** No PLATFORM_URL: the embedded reference platform with demo data, announced on every page. */
export function demoSite(): boolean {
  return !env().PLATFORM_URL;
}
