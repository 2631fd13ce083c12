import { serve } from "@hono/node-server";
import { ConfigError, readPlatformConfig, readServePort } from "./config";
import { DataFolderLocked } from "./data-lock";
import { describeDatabase, startPlatform } from "./runtime";

// `npm run platform`: the contract alone over HTTP (PLATFORM_PORT, default 4000), so the app's
// HTTP transport can be pointed at it with PLATFORM_URL=http://localhost:4000.

async function main(): Promise<void> {
  const config = readPlatformConfig();
  const port = readServePort();
  const hostname = process.env.PLATFORM_HOST?.trim() || undefined;
  const platform = await startPlatform(config);
  // Process metrics (memory, event loop, GC) on the operator listener's /metrics.
  const { collectDefaultMetrics } = await import("prom-client");
  collectDefaultMetrics();

  const server = serve({ fetch: platform.fetch, port, hostname }, (info) => {
    console.info(
      `[platform] contract on http://${hostname ?? "localhost"}:${info.port} — ${describeDatabase(config)}, merchant ${config.merchant}`,
    );
    if (platform.operatorPort) console.info(`[platform] operator commands on 127.0.0.1:${platform.operatorPort} (npm run platform:admin)`);
  });
  server.on("error", (err) => {
    console.error(`[platform] cannot listen on port ${port}:`, err.message);
    void platform.close().then(() => process.exit(1));
  });

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.info(`[platform] ${signal}: closing`);
    server.close();
    if ("closeAllConnections" in server) server.closeAllConnections();
    platform.close().then(
      () => process.exit(0),
      (err: unknown) => {
        console.error("[platform] close failed:", err);
        process.exit(1);
      },
    );
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}

main().catch((err: unknown) => {
  // Another process has the data folder: one clear line, no stack (decision 035).
  console.error(err instanceof ConfigError || err instanceof DataFolderLocked ? err.message : err);
  process.exit(1);
});
