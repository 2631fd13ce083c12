import { GateBusyError } from "./cpu-gate";
import { randomBytes } from "node:crypto";
import { Hono } from "hono";
import { loadRsaKey, type RsaKey } from "./crypto";
import type { Db } from "./db/db";
import { failure, type PlatformDeps, type PlatformEnv, PlatformError } from "./http/context";
import { merchantGuard } from "./http/guards";
import { registerMedia } from "./http/media";
import { registerAccountRoutes } from "./http/account-routes";
import { registerContentRoutes, registerFeedbackMedia } from "./http/content-routes";
import { registerIdpRoutes } from "./http/idp-routes";
import { registerGameRoutes } from "./http/game-routes";
import { registerLotteryRoutes } from "./http/lottery-routes";
import { registerMemberRoutes } from "./http/member-routes";
import { registerMoneyRoutes } from "./http/money-routes";
import { registerPasswordRoutes } from "./http/password-routes";
import { registerPlayerMedia } from "./http/player-relays";
import { registerRelayRoutes } from "./http/relay-routes";
import { registerPointMedia, registerPointRoutes } from "./http/point-routes";
import { registerAgentRoutes } from "./http/agent-routes";
import { registerAgentContractRoutes } from "./http/agent-contract-routes";
import { registerSessionRoutes } from "./http/session-routes";
import { registerSystemRoutes } from "./http/system-routes";
import { registerVerificationRoutes } from "./http/verification-routes";
import { LedgerError } from "./ledger";
import { languageFrom } from "./messages";

export interface PlatformAppOptions {
  db: Db;
  /** The clock; tests pass one they can move (session expiry, promotion dates). */
  now?: () => Date;
}

/** The whole contract surface as a Hono app: `app.fetch(request)` answers every /wps and /media call. */
export function createPlatformApp({ db, now = () => new Date() }: PlatformAppOptions): Hono<PlatformEnv> {
  let rsaKey: Promise<RsaKey> | undefined;
  const deps: PlatformDeps = {
    db,
    now,
    rsaKey: () => {
      rsaKey ??= loadRsaKey(db).catch((err: unknown) => {
        rsaKey = undefined;
        throw err;
      });
      return rsaKey;
    },
  };

  const app = new Hono<PlatformEnv>();

  // Clients copy x-app-trace-id into their spanId (contract §1.4): one per response.
  app.use("*", async (c, next) => {
    await next();
    c.header("x-app-trace-id", randomBytes(8).toString("hex"));
  });

  registerPlayerMedia(app, deps);
  registerFeedbackMedia(app, deps);
  registerPointMedia(app, deps);
  registerMedia(app, deps);
  // The TEST identity provider (decision 013); outside /wps, so no Merchant header is needed.
  registerIdpRoutes(app, deps);
  app.use("/wps/*", merchantGuard(deps));
  // The lottery gateway needs the Merchant header too (contract §1.2).
  app.use("/lgw/*", merchantGuard(deps));
  app.use("/lotto/*", merchantGuard(deps));
  registerSessionRoutes(app, deps);
  registerSystemRoutes(app, deps);
  registerContentRoutes(app, deps);
  registerMemberRoutes(app, deps);
  registerAccountRoutes(app, deps);
  registerVerificationRoutes(app, deps);
  registerPasswordRoutes(app, deps);
  registerMoneyRoutes(app, deps);
  registerAgentRoutes(app, deps);
  registerAgentContractRoutes(app, deps);
  registerPointRoutes(app, deps);
  registerRelayRoutes(app, deps);
  // launchGame under /wps; the demo game pages under /play (no Merchant header: the launch has it).
  registerGameRoutes(app, deps);
  registerLotteryRoutes(app, deps);

  app.notFound((c) => {
    if (!c.req.path.startsWith("/wps/")) return c.text("Not found", 404);
    return failure(c, languageFrom(c.req.header("Language")), "function.not.available", "function.not.available", 404);
  });

  app.onError((err, c) => {
    const lang = languageFrom(c.req.header("Language"));
    if (err instanceof PlatformError) return failure(c, lang, err.errorCode, err.messageKey, err.status, err.detail);
    if (err instanceof LedgerError && err.code !== "invalid.movement") {
      return failure(c, lang, err.code, err.code);
    }
    // Too many password hashes at once (decision 036): a quick 429 to try again, not a long wait.
    // Not a 5xx: a client's circuit breaker must not take a spray for a platform that is down.
    if (err instanceof GateBusyError) {
      c.header("Retry-After", String(err.retryAfterSeconds));
      return failure(c, lang, "too.many.requests", "too.many.requests", 429, { value: { retryAfterSeconds: err.retryAfterSeconds } });
    }
    // /play/<token>: the launch token is a credential and stays out of the log.
    console.error(`[platform] ${c.req.method} ${c.req.path.replace(/^\/play\/[^/]+/, "/play/[redacted]")} failed:`, err);
    return failure(c, lang, "system.error", "system.error", 500);
  });

  return app;
}
