import path from "node:path";
import { z } from "zod";

export interface PlatformConfig {
  /** A PostgreSQL server; when unset, PGlite runs in this process. */
  databaseUrl?: string;
  dataDir: string;
  /** PGlite in memory: nothing persists. */
  memory: boolean;
  /** 127.0.0.1 port of the operator listener; 0 disables it. */
  operatorPort: number;
  /** When unset, the key in DATA_DIR/operator.key (created on first start). */
  operatorKey?: string;
  merchant: string;
}

const flag = z
  .string()
  .optional()
  .transform((v) => v === "1" || v?.toLowerCase() === "true");

const port = (fallback: number) =>
  z
    .string()
    .optional()
    .transform((v) => (v === undefined || v.trim() === "" ? fallback : Number(v)))
    .pipe(z.number().int().min(0).max(65535));

const emptyAsUndefined = z
  .string()
  .optional()
  .transform((v) => (v?.trim() ? v.trim() : undefined));

const envSchema = z.object({
  DATABASE_URL: emptyAsUndefined.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")
      .optional(),
  ),
  DATA_DIR: emptyAsUndefined,
  PLATFORM_MEMORY: flag,
  OPERATOR_PORT: z.string().optional(),
  OPERATOR_KEY: emptyAsUndefined.pipe(z.string().min(16, "must be at least 16 characters").optional()),
  PLATFORM_MERCHANT: emptyAsUndefined.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,40}$/, "must be 1 to 40 letters, digits, _ or -")
      .optional(),
  ),
  VITEST: z.string().optional(),
});

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ConfigError";
  }
}

function check<T>(result: z.SafeParseReturnType<unknown, T>): T {
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
  throw new ConfigError(`Invalid platform configuration:\n${lines.join("\n")}`);
}

/**
 * Reads the platform's environment. Under a test runner the database is in memory and the operator
 * listener is off unless asked for, so parallel test workers never share files or ports.
 */
export function readPlatformConfig(env: NodeJS.ProcessEnv = process.env): PlatformConfig {
  const vars = check(envSchema.safeParse(env));
  const testing = Boolean(vars.VITEST);
  const operatorPort = check(port(testing ? 0 : 3099).safeParse(vars.OPERATOR_PORT));
  return {
    databaseUrl: vars.DATABASE_URL,
    dataDir: path.resolve(vars.DATA_DIR ?? "./data"),
    memory: vars.PLATFORM_MEMORY || testing,
    operatorPort,
    operatorKey: vars.OPERATOR_KEY,
    merchant: vars.PLATFORM_MERCHANT ?? "demo",
  };
}

/** PLATFORM_PORT for `npm run platform` (default 4000). */
export function readServePort(env: NodeJS.ProcessEnv = process.env): number {
  return check(port(4000).safeParse(env.PLATFORM_PORT));
}
