import { z } from "zod";

// The web server's own settings (the app's are in app/env.server.ts), checked at start-up with
// one clear line per bad value.

const port = (fallback: number) =>
  z.preprocess(
    (v) => (typeof v === "string" && v.trim() === "" ? undefined : v),
    z.coerce.number().int().min(0).max(65535).default(fallback),
  );

const size = (fallback: string) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      const text = (v?.trim() || fallback).toLowerCase();
      const m = /^(\d+(?:\.\d+)?)\s*(b|kb|mb)?$/.exec(text);
      if (!m) {
        ctx.addIssue({ code: "custom", message: "must be a size such as 64kb or 25mb" });
        return z.NEVER;
      }
      const unit = m[2] === "mb" ? 1024 * 1024 : m[2] === "kb" ? 1024 : 1;
      return Math.round(Number(m[1]) * unit);
    });

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: port(3000),
  HOST: z
    .string()
    .optional()
    .transform((v) => v?.trim() || undefined),
  // How many proxies in front of us to believe about the client's address (X-Forwarded-For):
  // 0 (the default) trusts none and uses the socket's address; 1 is one load balancer; or a
  // comma list of the proxies' addresses or subnets (10.0.0.0/8, loopback, uniquelocal).
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((v, ctx): number | string[] => {
      const text = v?.trim() ?? "";
      if (text === "" || text === "false") return 0;
      if (/^\d+$/.test(text)) {
        const hops = Number(text);
        if (hops > 10) ctx.addIssue({ code: "custom", message: "TRUST_PROXY hops must be 0 to 10" });
        return hops;
      }
      if (text === "true") {
        ctx.addIssue({
          code: "custom",
          message: "TRUST_PROXY=true would believe any X-Forwarded-For a player sends: give the number of proxies (1) or their subnets",
        });
        return 0;
      }
      const list = text
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean);
      const bad = list.find((s) => !/^(loopback|linklocal|uniquelocal|[0-9a-fA-F:.]+(\/\d{1,3})?)$/.test(s));
      if (bad)
        ctx.addIssue({ code: "custom", message: `TRUST_PROXY: "${bad}" is not an address, a subnet or loopback/linklocal/uniquelocal` });
      // 0.0.0.0/0 or ::/0 would trust everyone, as "true" would.
      const everyone = list.find((s) => /\/0$/.test(s));
      if (everyone)
        ctx.addIssue({ code: "custom", message: `TRUST_PROXY: "${everyone}" would trust every address: list your proxies' subnets` });
      return list;
    }),
  // Every page answers within this, whatever the platform does.
  REQUEST_DEADLINE_MS: z.coerce.number().int().min(500).max(60_000).default(5_000),
  // Bodies: small for forms, the upload cap for the two upload forms (withdrawal proofs, avatar).
  BODY_LIMIT: size("64kb"),
  UPLOAD_BODY_LIMIT: size("24mb"),
  // After SIGTERM: /readyz fails at once, the listener closes after SHUTDOWN_DELAY_MS (time for a
  // balancer to notice), and requests still running get SHUTDOWN_GRACE_MS more. Together under
  // the orchestrator's kill timeout (docker stop: 10 s).
  SHUTDOWN_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(0),
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(120_000).default(8_000),
  // A form posted again from an address just refused for it is answered 429 after this wait
  // (decision 036): a script that posts as fast as it is answered is slowed to a post per wait per
  // connection, at the cost of an idle socket. 0 answers at once.
  REFUSAL_HOLD_MS: z.coerce.number().int().min(0).max(10_000).default(2_000),
  // The micro-cache of logged-out pages (decision 023): its bytes in this process, pages and
  // their br and gzip copies together. 0 turns it off; how long pages live is the app's setting.
  PAGE_CACHE_SIZE: size("32mb"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  // Origins the /game page may frame (vendors' game servers); 'self' is always allowed.
  GAME_FRAME_SOURCES: z
    .string()
    .optional()
    .transform((v, ctx) => {
      const list = (v?.trim() || "https:").split(/[\s,]+/).filter(Boolean);
      const bad = list.find((s) => !/^(https:|http:|'self'|https?:\/\/[\w.*-]+(:\d+)?)$/.test(s));
      if (bad) ctx.addIssue({ code: "custom", message: `GAME_FRAME_SOURCES: "${bad}" is not an origin such as https://games.example.com` });
      return list;
    }),
  // The loopback listener for operators: /metrics, /healthz, /readyz. With the embedded platform
  // its operator listener serves /metrics on this port; with PLATFORM_URL this server opens it.
  OPERATOR_PORT: port(3099),
  OPERATOR_HOST: z
    .string()
    .optional()
    .transform((v) => v?.trim() || "127.0.0.1"),
  PLATFORM_URL: z
    .string()
    .optional()
    .transform((v) => v?.trim() || undefined),
  // Without PLATFORM_URL the site runs the demo casino (known passwords, the test identity
  // provider): in production only when this says so. `npm start` sets it for the demo.
  ALLOW_DEMO: z
    .string()
    .optional()
    .transform((v) => ["1", "true", "yes"].includes(v?.trim().toLowerCase() ?? "")),
});

export type ServerConfig = z.infer<typeof schema>;

export function readServerConfig(source: Record<string, string | undefined> = process.env): ServerConfig {
  const result = schema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join("\n")}\nSee .env.example.`);
  }
  const config = result.data;
  if (config.NODE_ENV === "production" && !config.PLATFORM_URL && !config.ALLOW_DEMO) {
    throw new Error(
      "Refusing to start: PLATFORM_URL is not set, so this would be the demo casino (demo accounts with known passwords, the test identity provider).\n" +
        "  Set PLATFORM_URL to the operator's platform, or ALLOW_DEMO=1 to run the demo on purpose (`npm start` does).",
    );
  }
  return config;
}

/** Printed at start-up when the demo platform runs, so nobody mistakes it for the real casino. */
export const DEMO_BANNER = [
  "+----------------------------------------------------------------------+",
  "|  DEMO SITE: the embedded reference platform with demo data.          |",
  "|  Demo accounts have known passwords (demo_member / Demo@1234) and    |",
  "|  social login goes to a test identity provider. Not for real money.  |",
  "|  For production set PLATFORM_URL (and leave ALLOW_DEMO unset).       |",
  "+----------------------------------------------------------------------+",
].join("\n");
