import { existsSync } from "node:fs";
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import { fileURLToPath, pathToFileURL } from "node:url";
import { randomBytes } from "node:crypto";
import * as expressAdapter from "@remix-run/express/dist/server.js";
import { createRequestHandler, type ServerBuild } from "@remix-run/node";
import compression from "compression";
import express from "express";
import type { Logger } from "pino";
import type { AppHooks, RequestScope } from "./app-hooks";
import { DEMO_BANNER, readServerConfig, type ServerConfig } from "./config";
import { type BeforeExpress, fastPath, quickRefusals } from "./fast-path";
import { answerHeadersWin, headersSetBy, nonceForEachResponse, securityHeaders } from "./headers";
import { healthChecks, operatorApp } from "./health";
import {
  accessLog,
  clientErrorsAsWarnings,
  createLogger,
  flushLogsNow,
  logFlusher,
  plainAddress,
  routeConsole,
  type RequestLogger,
} from "./logging";
import { httpMetrics, pageCacheAnswered, routeLabeller, startProcessMetrics } from "./metrics";
import { compressible, PageCache, pageFromResponse, sendCachedPage, sendCompressed, sharedPolicy } from "./page-cache";
import { bodyLimits, methodsAndTypes, sameSiteForms } from "./refusals";
import { rememberRouteMatches } from "./route-matching";
import { drainTracker, listen, stopGracefully } from "./shutdown";
import { serveStaticFiles } from "./static-files";

// The production server (decision 022): Express with Remix's Express adapter, around the app's
// build. It owns what a Remix app cannot do for itself: the client's real address, security
// headers, body caps, logs, health and metrics, and a shutdown that drains before it closes the
// platform. `npm start` imports this file in its own process; so does the Docker image.

// The Express adapter's own request and response translation (exported by its server module, not
// by its index or types): our handler sits between them to answer from the micro-cache.
const { createRemixRequest, sendRemixResponse } = expressAdapter as unknown as {
  createRemixRequest(req: express.Request, res: express.Response): Request;
  sendRemixResponse(res: express.Response, response: Response): Promise<void>;
};

const BUILD = new URL("../server/index.js", import.meta.url);
const CLIENT = fileURLToPath(new URL("../client", import.meta.url));

export async function createServer(config: ServerConfig, logger: Logger) {
  if (!existsSync(fileURLToPath(BUILD))) throw new Error(`No build at ${fileURLToPath(BUILD)}: run npm run build first.`);
  const build = (await import(BUILD.href)) as ServerBuild;
  const hooks = build.entry.module as unknown as AppHooks;
  hooks.attachServer(logger);
  startProcessMetrics();

  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", config.TRUST_PROXY);
  const trustsProxy = config.TRUST_PROXY !== 0;

  const drain = drainTracker();
  app.use(drain.middleware);

  const label = routeLabeller(Object.values(build.routes).map((r) => r.path ?? ""));
  const pages = config.PAGE_CACHE_SIZE > 0 ? new PageCache(config.PAGE_CACHE_SIZE) : undefined;
  const security = securityHeaders({ gameFrameSources: config.GAME_FRAME_SOURCES, secure: process.env.COOKIE_SECURE === "true" });

  if (!rememberRouteMatches())
    logger.warn("route matching not remembered: Remix and React Router load different copies of @remix-run/router");
  const remix = createRequestHandler(build, config.NODE_ENV);
  /**
   * What loaders learn from us (decision 031): whether this answer is a page or its data (the
   * `.data` twin), which the URL Remix hands them no longer shows. A page's loaders may leave out
   * the data of blocks the server draws and the browser does not hydrate.
   */
  const loadContext = (url: string) => ({ documentRequest: !(url.split("?", 1)[0] ?? "").endsWith(".data") });

  /** One render of a stale page's URL for the cache (single flight per key); dropped when the page may no longer be shared. */
  function renewInBackground(key: string, url: string, headers: () => Headers, scope: RequestScope) {
    pages?.renew(key, () => {
      const again = new Request(url, { headers: headers() });
      const nonce = randomBytes(16).toString("base64");
      return hooks.runInScope(
        { ...scope, nonce, requestId: `${scope.requestId}/renew`, deadline: Date.now() + config.REQUEST_DEADLINE_MS },
        async () => {
          if ((await hooks.pageCacheKey(again)) !== key) return null;
          return pageFromResponse(await remix(again, loadContext(url)), nonce);
        },
      );
    });
  }
  const NONCE_MARK = "fast-path-nonce";
  const beforeExpress: BeforeExpress = {
    hooks,
    logger,
    trust: app.get("trust proxy fn") as BeforeExpress["trust"],
    trustsProxy,
    label,
    pageHeaders: headersSetBy(security, "/", NONCE_MARK),
    nonceMark: NONCE_MARK,
    draining: drain.draining,
  };
  const answeredFromCache = fastPath(pages, renewInBackground, beforeExpress);
  const quick = quickRefusals(config.REFUSAL_HOLD_MS, beforeExpress);

  app.use(accessLog(logger, trustsProxy));
  app.use(httpMetrics(label));

  let warnedProxy = false;
  app.use((req, _res, next) => {
    if (!trustsProxy && !warnedProxy && req.headers["x-forwarded-for"]) {
      warnedProxy = true;
      logger.warn(
        { component: "server", socket: plainAddress(req.socket.remoteAddress) },
        "requests carry X-Forwarded-For but TRUST_PROXY is 0: every player has the proxy's address. Set TRUST_PROXY to the number of proxies in front of this server.",
      );
    }
    next();
  });

  const health = healthChecks(() => hooks.platformReady(2_000), drain.draining);
  app.get("/healthz", health.healthz);
  app.get("/readyz", health.readyz);

  // The live stream is not a document: no nonce, no page policy. Its headers live as long as the
  // connection, on every one of thousands of streams (decision 053).
  const notTheStream =
    (handler: express.RequestHandler): express.RequestHandler =>
    (req, res, next) =>
      req.path === "/events" ? next() : handler(req, res, next);
  app.use(notTheStream(nonceForEachResponse));
  app.use(notTheStream(security));

  serveStaticFiles(app, CLIENT);
  // What the handler below does not compress itself (answers to posts, resource routes such as
  // /play) is compressed as it streams; stored pages and assets come compressed and pass through.
  // Never the live stream: each open one would hold a compressor, and its events are small.
  app.use(
    compression({
      threshold: 1024,
      brotli: { params: {} },
      filter: (req, res) => !/^text\/event-stream/i.test(String(res.getHeader("Content-Type") ?? "")) && compression.filter(req, res),
    }),
  );

  app.use(methodsAndTypes());
  app.use(sameSiteForms(trustsProxy));
  app.use(bodyLimits({ form: config.BODY_LIMIT, upload: config.UPLOAD_BODY_LIMIT }));

  // The live stream's loader, called as Remix calls it but without Remix's request handling (route
  // matching, a second Request and Response around ours): each of thousands of open streams then
  // holds its own request and body only (decision 053). The route module stays its one definition.
  const liveLoader = build.routes["routes/events"]?.module.loader;

  /** A page from the micro-cache when the app says it may be shared and it is there; else rendered (and stored when the app marked it public). */
  async function answer(req: express.Request, res: express.Response, scope: RequestScope) {
    const request = createRemixRequest(req, res);
    if (liveLoader && req.method === "GET" && req.path === "/events") {
      const response = await liveLoader({ request, params: {}, context: loadContext(req.originalUrl) });
      if (!(response instanceof Response)) throw new Error("the live stream's loader answered something other than a Response");
      answerHeadersWin(res, response);
      return sendRemixResponse(res, response);
    }
    const key = pages && (req.method === "GET" || req.method === "HEAD") ? await hooks.pageCacheKey(request) : null;
    if (pages && key) {
      const found = pages.lookup(key);
      if (found) {
        // Stale: this visitor gets it now; one render in the background replaces it.
        if (!found.fresh) renewInBackground(key, request.url, () => request.headers, scope);
        pageCacheAnswered[found.fresh ? "hit" : "stale"].inc();
        return sendCachedPage(req, res, found.page, found.fresh ? "hit" : "stale");
      }
    }
    const response = await remix(request, loadContext(req.originalUrl));
    answerHeadersWin(res, response);
    // Only a full GET is stored (a HEAD's answer has no body), and only what the app marked public.
    if (pages && key && req.method === "GET" && sharedPolicy(response)) {
      const page = await pageFromResponse(response, scope.nonce);
      if (page) {
        pages.store(key, page);
        pageCacheAnswered.miss.inc();
        return sendCachedPage(req, res, page, "miss");
      }
    }
    // A page or data answer rendered for this visitor: compressed in one go (it is complete when the
    // shell is; nothing here streams later), not chunk by chunk as React writes it.
    if (req.method === "GET" && compressible(response)) return sendCompressed(req, res, response);
    await sendRemixResponse(res, response);
  }

  app.all("*", (req, res, next) => {
    // A posted form's time counts from when its body has arrived: a player uploading a proof on a
    // slow line is not out of time before the action starts.
    let arrived = req.method === "GET" || req.method === "HEAD" || req.complete ? Date.now() : undefined;
    if (arrived === undefined) req.once("end", () => (arrived = Date.now()));
    const scope = {
      clientIp: plainAddress(req.ip),
      requestId: String(res.locals.requestId),
      deadline: () => (arrived ?? Date.now()) + config.REQUEST_DEADLINE_MS,
      nonce: res.locals.cspNonce as string,
      log: res.locals.log as RequestLogger,
    };
    hooks.runInScope(scope, () => answer(req, res, scope).catch(next));
  });
  // A URL Express cannot decode (GET /%) and the like: 400 and a warning, not an error's stack.
  app.use(clientErrorsAsWarnings(logger));

  return {
    app,
    /** What the listener runs: the micro-cache's fast path, else Express. */
    handler: (req: IncomingMessage, res: ServerResponse) => {
      if (!answeredFromCache(req, res) && !quick.refusedAtOnce(req, res)) app(req, res);
    },
    hooks,
    ready: health.readyz,
    inFlight: drain.inFlight,
    startDraining() {
      drain.startDraining();
      quick.answerAllHeld();
      hooks.drainLive?.();
    },
  };
}

/** A configuration the server refuses: one clear message and exit code 1, no stack trace. */
function refuseToStart(error: unknown): never {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}

export async function main() {
  let config: ServerConfig;
  try {
    config = readServerConfig();
  } catch (error) {
    refuseToStart(error);
  }
  const logger = createLogger(config.LOG_LEVEL);
  logFlusher(logger);
  routeConsole(logger);

  // Signals first: a SIGTERM during start-up (a slow warm-up, PID 1 in a container) still stops it.
  let stopping = false;
  let stop: (signal: string) => Promise<void> = async (signal) => {
    stopping = true;
    logger.info({ component: "server", signal }, "stopped during start-up");
    await server?.hooks.closeApp();
    flushLogsNow(logger);
    process.exit(0);
  };
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.on(signal, () => {
      if (stopping) {
        logger.warn({ component: "server", signal }, "second signal: exiting now");
        process.exit(1);
      }
      void stop(signal);
    });
  }

  let server: Awaited<ReturnType<typeof createServer>> | undefined;
  server = await createServer(config, logger).catch((error: unknown) => {
    if (error instanceof Error && error.message.startsWith("Invalid environment")) refuseToStart(error);
    throw error;
  });
  const app = server;
  if (!config.PLATFORM_URL) {
    // Loud on purpose: the demo casino must never pass for the real one.
    process.stderr.write(`${DEMO_BANNER}\n`);
    logger.warn(
      { component: "server", demo: true },
      "DEMO SITE: embedded reference platform with demo accounts; set PLATFORM_URL for production",
    );
  }

  // The embedded platform opens its database now, not while the first player waits.
  const warm = await app.hooks.warmUp();
  if (!warm.ok)
    logger.warn(
      { component: "server", detail: warm.detail },
      "the platform did not answer at start-up; pages show the unavailable screen until it does",
    );
  if (stopping) return;

  const http = await listen(app.handler, config.PORT, config.HOST);
  // Behind a balancer: keep idle connections open longer than its idle timeout (60 s is common).
  http.keepAliveTimeout = 65_000;
  http.headersTimeout = 66_000;
  http.requestTimeout = 120_000;
  const address = http.address();
  const port = typeof address === "object" && address ? address.port : config.PORT;
  logger.info(
    { component: "server", port, trustProxy: config.TRUST_PROXY, platform: config.PLATFORM_URL ? "remote" : "embedded" },
    `listening on http://localhost:${port}`,
  );
  // Now, not with the next 16 KiB: whoever started the server waits for this line.
  logger.flush();

  // With PLATFORM_URL there is no embedded platform's operator listener: this server opens one
  // for metrics and health. With the embedded platform, its listener serves /metrics too.
  let operator: Server | undefined;
  if (config.PLATFORM_URL && config.OPERATOR_PORT > 0) {
    operator = await listen(operatorApp(app.ready), config.OPERATOR_PORT, config.OPERATOR_HOST).catch((error: NodeJS.ErrnoException) => {
      logger.warn({ component: "server", err: error.message }, `operator port ${config.OPERATOR_PORT} unavailable: no metrics listener`);
      return undefined;
    });
  }

  stop = (signal: string) => {
    stopping = true;
    return stopGracefully(
      signal,
      { http, operator },
      { inFlight: app.inFlight, startDraining: () => app.startDraining(), closeApp: () => app.hooks.closeApp() },
      config,
      logger,
    );
  };
}

// Run when executed (node build/node/server.js, or imported by scripts/start.mjs with run=true).
if (process.argv[1] && pathToFileURL(process.argv[1]).href === import.meta.url) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
