import { env } from "~/env.server";
import { createGateway } from "~/gateway/index.server";
import { hostManagesShutdown, transport } from "~/gateway/transport.server";
import { closeLimiters, openLimiters } from "~/limits.server";
import { closeLive } from "~/live/live.server";
import { log, type Logger, runInScope, setProcessLogger } from "~/request-scope.server";

// What our server entry (server/) calls in the app's build, through the build's entry module:
// it takes over logging and shutdown, warms the platform before listening, asks whether the
// platform answers (/readyz) and closes everything after draining.

export { runInScope } from "~/request-scope.server";
/** At the start of a graceful stop: the live streams end, so the drain does not wait on them. */
export { drainLive } from "~/live/live.server";

/** The server logs for the app, and closes the embedded platform itself after draining. */
export function attachServer(logger: Logger) {
  setProcessLogger(logger);
  hostManagesShutdown();
  env();
  // Social login finds its endpoints by OpenID discovery now (decision 013): say so to whoever set the old ones.
  const retired = ["GOOGLE_AUTHORIZE_URL", "GOOGLE_TOKEN_URL", "FACEBOOK_AUTHORIZE_URL", "FACEBOOK_TOKEN_URL"].filter(
    (name) => process.env[name],
  );
  if (retired.length > 0)
    logger.warn(
      { component: "social", retired },
      `${retired.join(", ")} no longer read: set GOOGLE_ISSUER / FACEBOOK_ISSUER if not the providers' own`,
    );
}

/** Whether the platform answers its status call now (within `timeoutMs`). */
export async function platformReady(timeoutMs = 2_000): Promise<{ ok: boolean; detail?: string }> {
  return runInScope({ deadline: Date.now() + timeoutMs }, async () => {
    try {
      // Never from the cache: the answer must be about now.
      await createGateway({ merchant: env().MERCHANT_CODE, language: "EN", userAgent: "readyz" }).system.status({ fresh: true });
      return { ok: true };
    } catch (error) {
      return { ok: false, detail: error instanceof Error ? error.message : String(error) };
    }
  });
}

/** Opens the embedded platform (its database) and the limiter's store before the first player waits for them. */
export async function warmUp(timeoutMs = 60_000): Promise<{ ok: boolean; detail?: string }> {
  const [platform] = await Promise.all([
    platformReady(timeoutMs),
    openLimiters().catch((error: unknown) =>
      log().error({ component: "limiter", err: error instanceof Error ? error.message : String(error) }, "rate limiter store did not open"),
    ),
  ]);
  return platform;
}

/** The live hub, the platform's transport (the embedded platform and its database) and the limiter's store. */
export async function closeApp(): Promise<void> {
  await closeLive().catch(() => undefined);
  await Promise.allSettled([transport().close?.(), closeLimiters()]);
}
