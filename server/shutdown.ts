import { createServer as createHttpServer, type RequestListener, type Server } from "node:http";
import type express from "express";
import type { Logger } from "pino";
import type { ServerConfig } from "./config";
import { flushLogsNow } from "./logging";

/**
 * Requests in flight, and whether the server is draining: the count a shutdown waits on. While
 * draining, keep-alive connections close after their answer.
 */
export function drainTracker() {
  let inFlight = 0;
  let draining = false;
  const middleware: express.RequestHandler = (req, res, next) => {
    inFlight += 1;
    let counted = true;
    const done = () => {
      if (counted) inFlight -= 1;
      counted = false;
    };
    res.once("finish", () => {
      done();
      // An answer given before the body was read (a redirect to login, a refusal): read the rest
      // and drop it, or the keep-alive connection would hang with the client's next request behind it.
      if (!req.complete) {
        req.removeAllListeners("data");
        req.on("data", () => undefined);
        req.resume();
      }
    });
    res.once("close", done);
    if (draining) res.setHeader("Connection", "close");
    next();
  };
  return {
    middleware,
    inFlight: () => inFlight,
    draining: () => draining,
    startDraining: () => {
      draining = true;
    },
  };
}

export function listen(handler: RequestListener, port: number, host?: string): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = createHttpServer(handler).listen(port, host ?? "", () => resolve(server));
    server.once("error", reject);
  });
}

type Draining = { inFlight(): number; startDraining(): void; closeApp(): Promise<void> };

/**
 * The stop on SIGTERM: /readyz says draining at once, balancers get SHUTDOWN_DELAY_MS to stop
 * sending, the listeners close, requests in flight get SHUTDOWN_GRACE_MS more, then the app (and
 * the embedded platform) closes and the process exits.
 */
export async function stopGracefully(
  signal: string,
  servers: { http: Server; operator?: Server },
  app: Draining,
  config: ServerConfig,
  logger: Logger,
): Promise<never> {
  const { http, operator } = servers;
  const started = Date.now();
  logger.info({ component: "server", signal, inFlight: app.inFlight() }, "stopping: /readyz says draining, requests in flight finish");
  app.startDraining();
  // Balancers see /readyz fail and stop sending before the listener closes.
  if (config.SHUTDOWN_DELAY_MS > 0) await new Promise((resolve) => setTimeout(resolve, config.SHUTDOWN_DELAY_MS));
  http.close();
  http.closeIdleConnections();
  operator?.close();
  operator?.closeAllConnections();
  while (app.inFlight() > 0 && Date.now() - started < config.SHUTDOWN_DELAY_MS + config.SHUTDOWN_GRACE_MS) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    http.closeIdleConnections();
  }
  const cut = app.inFlight();
  http.closeAllConnections();
  await app.closeApp();
  logger.info(
    { component: "server", ms: Date.now() - started, cut },
    cut > 0 ? "stopped; requests cut at the grace limit" : "stopped cleanly",
  );
  flushLogsNow(logger);
  process.exit(0);
}
