import { existsSync, readdirSync } from "node:fs";
import { createServer as createHttpServer, type IncomingMessage, type RequestListener, type Server, type ServerResponse } from "node:http";
import { fileURLToPath, pathToFileURL } from "node:url";
import { randomBytes } from "node:crypto";
import * as expressAdapter from "@remix-run/express/dist/server.js";
import { createRequestHandler, type ServerBuild } from "@remix-run/node";
import compression from "compression";
import express from "express";
import type { Logger } from "pino";
import { DEMO_BANNER, readServerConfig, type ServerConfig } from "./config";
import { answerHeadersWin, headersSetBy, nonceForEachResponse, securityHeaders } from "./headers";
import { accessLog, clientErrorsAsWarnings, createLogger, flushLogsNow, logAnswer, logFlusher, plainAddress, proxyAddress, requestIdFor, requestProtocol, routeConsole, type RequestLogger } from "./logging";
import { httpMetrics, metricsResponse, observeAnswer, pageCacheAnswered, routeLabeller, startProcessMetrics } from "./metrics";
import { compressible, fastPathHeaders, PageCache, pageFromResponse, sendCachedPage, sendCompressed, sendFastPage, sharedPolicy } from "./page-cache";
import { precompressed } from "./precompressed";
import { bodyLimits, methodsAndTypes, sameSiteForms } from "./refusals";
import { rememberRouteMatches } from "./route-matching";

// The production server (decision 022): Express with Remix's Express adapter, around the app's
// build. It owns what a Remix app cannot do for itself: the client's real address, security
// headers, body caps, logs, health and metrics, and a shutdown that drains before it closes the
// platform. `npm start` imports this file in its own process; so does the Docker image.

/** What the app's build offers its server (app/lifecycle.server.ts, re-exported by entry.server). */
type AppHooks = {
  attachServer(logger: Logger): void;
  runInScope<T>(scope: { clientIp?: string; requestId?: string; deadline?: number | (() => number); nonce?: string; log?: RequestLogger }, fn: () => T): T;
  platformReady(timeoutMs?: number): Promise<{ ok: boolean; detail?: string }>;
  warmUp(timeoutMs?: number): Promise<{ ok: boolean; detail?: string }>;
  closeApp(): Promise<void>;
  /** The micro-cache key of a logged-out read whose page may be shared, or null (app/page-cache.server.ts). */
  pageCacheKey(request: Request): Promise<string | null>;
  /** The same key from the raw request when the app's last lookups for its address and language are recent. */
  pageCacheFastKey(input: { url: string; origin: string; cookie: string; acceptLanguage: string; clientIp?: string }): string | undefined;
  /** A public form posted again from an address just refused it: 429 at once (app/quick-refusal.server.ts). */
  quickRefusal?(input: { method: string; url: string; cookie: string; acceptLanguage: string; clientIp?: string }): { retryAfter: number; html: string } | null;
};

// The Express adapter's own request and response translation (exported by its server module, not
// by its index or types): our handler sits between them to answer from the micro-cache.
const { createRemixRequest, sendRemixResponse } = expressAdapter as unknown as {
  createRemixRequest(req: express.Request, res: express.Response): Request;
  sendRemixResponse(res: express.Response, response: Response): Promise<void>;
};

/** The files under `root` as URL paths ("/favicon.ico"), leaving out the given top-level folders. */
function filesUnder(root: string, leaveOut: string[]): Set<string> {
  const found = new Set<string>();
  const walk = (dir: string, prefix: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (prefix === "" && leaveOut.includes(entry.name)) continue;
      if (entry.isDirectory()) walk(`${dir}/${entry.name}`, `${prefix}/${entry.name}`);
      else found.add(`${prefix}/${entry.name}`);
    }
  };
  if (existsSync(root)) walk(root, "");
  return found;
}

/** A raw request's headers as a Fetch Headers (for a render that runs after its answer has gone). */
function headersOf(raw: IncomingMessage): Headers {
  const headers = new Headers();
  for (let i = 0; i + 1 < raw.rawHeaders.length; i += 2) {
    try {
      headers.append(raw.rawHeaders[i]!, raw.rawHeaders[i + 1]!);
    } catch {
      // A header Fetch refuses (Node's parser took it): the render goes without it.
    }
  }
  return headers;
}

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

  let inFlight = 0;
  let draining = false;
  app.use((req, res, next) => {
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
    // While draining, keep-alive connections close after their answer.
    if (draining) res.setHeader("Connection", "close");
    next();
  });

  const label = routeLabeller(Object.values(build.routes).map((r) => r.path ?? ""));
  const pages = config.PAGE_CACHE_SIZE > 0 ? new PageCache(config.PAGE_CACHE_SIZE) : undefined;
  const security = securityHeaders({ gameFrameSources: config.GAME_FRAME_SOURCES, secure: process.env.COOKIE_SECURE === "true" });

  // The micro-cache's fast path (decision 023): a stored page for a visitor whose status class
  // and language the app worked out a moment ago is answered here, before the access logger,
  // helmet and Remix, with the same headers, log line and metrics. A stale one is answered too,
  // and one render in the background replaces it. Everything else goes on.
  const NONCE_MARK = "fast-path-nonce";
  const pageHeaders = headersSetBy(security, "/", NONCE_MARK);
  type Scope = Parameters<AppHooks["runInScope"]>[0];
  /** One render of a stale page's URL for the cache (single flight per key); dropped when the page may no longer be shared. */
  function renewInBackground(key: string, url: string, headers: () => Headers, scope: Scope) {
    pages?.renew(key, () => {
      const again = new Request(url, { headers: headers() });
      const nonce = randomBytes(16).toString("base64");
      return hooks.runInScope({ ...scope, nonce, requestId: `${scope.requestId}/renew`, deadline: Date.now() + config.REQUEST_DEADLINE_MS }, async () => {
        if ((await hooks.pageCacheKey(again)) !== key) return null;
        return pageFromResponse(await remix(again, loadContext(url)), nonce);
      });
    });
  }
  // Runs before Express itself (its router, query parser and the middlewares above): an answer
  // from the cache needs none of them. The client address and protocol are read with Express's
  // own compiled trust function (TRUST_PROXY), exactly as req.ip and req.protocol read them, but
  // without giving the request Express's prototype: Object.setPrototypeOf on every request cost
  // two thirds of a cached answer (22,500 → 7,500 answers a second in isolation).
  const trust = app.get("trust proxy fn") as (address: string, hop: number) => boolean;
  function fastPath(raw: IncomingMessage, rawRes: ServerResponse): boolean {
    if (!pages || draining || (raw.method !== "GET" && raw.method !== "HEAD")) return false;
    if (trustsProxy && raw.headers["x-forwarded-host"]) return false;
    const clientIp = plainAddress(proxyAddress(raw, trust));
    const origin = `${requestProtocol(raw, trust)}://${raw.headers.host ?? "localhost"}`;
    const key = hooks.pageCacheFastKey({
      url: raw.url ?? "/",
      origin,
      cookie: raw.headers.cookie ?? "",
      acceptLanguage: raw.headers["accept-language"] ?? "",
      clientIp,
    });
    const found = key ? pages.lookup(key) : undefined;
    if (!key || !found) return false;
    const startedAt = performance.now();
    const id = requestIdFor(raw, trustsProxy);
    const state = found.fresh ? "hit" : "stale";
    if (!found.fresh) {
      renewInBackground(key, `${origin}${raw.url ?? "/"}`, () => headersOf(raw), { clientIp, requestId: id, nonce: "", log: logger });
    }
    const status = sendFastPage(raw, rawRes, found.page, fastPathHeaders(found.page, pageHeaders, NONCE_MARK), id, state);
    pageCacheAnswered[state].inc();
    observeAnswer(label, raw.method, (raw.url ?? "/").split("?")[0]!, status, (performance.now() - startedAt) / 1000);
    logAnswer(logger, raw, raw.url ?? "/", clientIp, id, status, startedAt, state);
    return true;
  }

  /**
   * A public form posted again from an address this instance has just refused for it: 429 with the
   * wait and a small page, before Express (decision 036). The answer is held REFUSAL_HOLD_MS (an
   * idle socket and a timer): a script that posts again as soon as it is answered gets a post per
   * hold per connection instead of hundreds a second. Past HELD_PER_ADDRESS held answers from one
   * address (or HELD_IN_ALL in all), and while draining, the answer goes at once: closing those
   * connections instead would reset them with their bodies unread (the player would see no
   * answer, and a balancer would count the instance as failing). The body is left unread (Node
   * drains it); the access line and metrics are the fast path's.
   */
  const HELD_PER_ADDRESS = 16;
  const HELD_IN_ALL = 1_000;
  const heldFrom = new Map<string, number>();
  const held = new Set<() => void>();
  function refusedAtOnce(raw: IncomingMessage, rawRes: ServerResponse): boolean {
    if (raw.method !== "POST" || !hooks.quickRefusal) return false;
    const clientIp = plainAddress(proxyAddress(raw, trust));
    const quick = hooks.quickRefusal({ method: raw.method, url: raw.url ?? "/", cookie: raw.headers.cookie ?? "", acceptLanguage: raw.headers["accept-language"] ?? "", clientIp });
    if (!quick) return false;
    const startedAt = performance.now();
    const id = requestIdFor(raw, trustsProxy);
    const body = Buffer.from(quick.html, "utf8");
    const send = () => {
      if (rawRes.writableEnded || rawRes.destroyed) return;
      rawRes.writeHead(429, [
        ...pageHeaders.flat(),
        "Content-Type", "text/html; charset=utf-8",
        "Content-Length", String(body.length),
        "Retry-After", String(quick.retryAfter),
        "Cache-Control", "no-store",
        "X-Request-Id", id,
        // While draining, keep-alive connections close after their answer (as Express's are).
        ...(draining ? ["Connection", "close"] : []),
      ]);
      rawRes.end(body);
      observeAnswer(label, raw.method ?? "POST", (raw.url ?? "/").split("?")[0]!, 429, (performance.now() - startedAt) / 1000);
      logAnswer(logger, raw, raw.url ?? "/", clientIp, id, 429, startedAt);
    };
    const address = clientIp ?? "";
    const holding = heldFrom.get(address) ?? 0;
    if (config.REFUSAL_HOLD_MS === 0 || draining || holding >= HELD_PER_ADDRESS || held.size >= HELD_IN_ALL) {
      send();
      return true;
    }
    heldFrom.set(address, holding + 1);
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      clearTimeout(timer);
      held.delete(answerNow);
      const left = (heldFrom.get(address) ?? 1) - 1;
      if (left > 0) heldFrom.set(address, left);
      else heldFrom.delete(address);
    };
    const answerNow = () => {
      release();
      send();
    };
    const timer = setTimeout(answerNow, config.REFUSAL_HOLD_MS);
    held.add(answerNow);
    rawRes.once("close", release);
    return true;
  }

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

  // Health: never a page, never the platform for /healthz.
  app.get("/healthz", (_req, res) => {
    res.setHeader("Cache-Control", "no-store");
    res.json({ status: draining ? "draining" : "ok" });
  });
  // One platform probe a second at most, however often balancers (or anyone) ask.
  let probe: { at: number; result: Promise<{ ok: boolean; detail?: string }> } | undefined;
  const platformProbe = () => {
    if (!probe || Date.now() - probe.at > 1_000) probe = { at: Date.now(), result: hooks.platformReady(2_000) };
    return probe.result;
  };
  const ready = async (_req: express.Request, res: express.Response) => {
    res.setHeader("Cache-Control", "no-store");
    if (draining) return void res.status(503).json({ status: "draining" });
    const platform = await platformProbe();
    res.status(platform.ok ? 200 : 503).json({ status: platform.ok ? "ready" : "platform unreachable" });
  };
  app.get("/readyz", ready);

  app.use(nonceForEachResponse);
  app.use(security);

  // Fingerprinted assets forever; the rest of public/ for an hour. Both as compressed at build
  // time (.br, .gz beside each file) when the browser takes it.
  app.use(precompressed(CLIENT));
  app.use("/assets", express.static(`${CLIENT}/assets`, { immutable: true, maxAge: "1y", index: false, fallthrough: true }));
  // Only the paths of files public/ holds reach the file system: a page's path costs no stat.
  const publicFiles = filesUnder(CLIENT, ["assets"]);
  const publicStatic = express.static(CLIENT, { maxAge: "1h", index: false });
  app.use((req, res, next) => {
    if (publicFiles.has(req.path)) publicStatic(req, res, next);
    else next();
  });
  // What the handler below does not compress itself (answers to posts, resource routes such as
  // /play) is compressed as it streams; stored pages and assets come compressed and pass through.
  app.use(compression({ threshold: 1024, brotli: { params: {} } }));

  app.use(methodsAndTypes());
  app.use(sameSiteForms(trustsProxy));
  app.use(bodyLimits({ form: config.BODY_LIMIT, upload: config.UPLOAD_BODY_LIMIT }));

  if (!rememberRouteMatches()) logger.warn("route matching not remembered: Remix and React Router load different copies of @remix-run/router");
  const remix = createRequestHandler(build, config.NODE_ENV);
  /**
   * What loaders learn from us (decision 031): whether this answer is a page or its data (the
   * `.data` twin), which the URL Remix hands them no longer shows. A page's loaders may leave out
   * the data of blocks the server draws and the browser does not hydrate.
   */
  const loadContext = (url: string) => ({ documentRequest: !(url.split("?", 1)[0] ?? "").endsWith(".data") });

  /** A page from the micro-cache when the app says it may be shared and it is there; else rendered (and stored when the app marked it public). */
  async function answer(req: express.Request, res: express.Response, scope: Scope) {
    const request = createRemixRequest(req, res);
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
      if (!fastPath(req, res) && !refusedAtOnce(req, res)) app(req, res);
    },
    hooks,
    ready,
    inFlight: () => inFlight,
    startDraining() {
      draining = true;
      // Held refusals are answered now (and, draining, close their connections): nothing waits on them.
      for (const answerNow of [...held]) answerNow();
    },
  };
}

function operatorApp(readyz: express.RequestHandler) {
  const app = express();
  app.disable("x-powered-by");
  app.get("/metrics", (_req, res) => void metricsResponse(res));
  app.get("/healthz", (_req, res) => void res.json({ status: "ok" }));
  app.get("/readyz", readyz);
  return app;
}

function listen(handler: RequestListener, port: number, host?: string): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = createHttpServer(handler).listen(port, host ?? "", () => resolve(server));
    server.once("error", reject);
  });
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
    logger.warn({ component: "server", demo: true }, "DEMO SITE: embedded reference platform with demo accounts; set PLATFORM_URL for production");
  }

  // The embedded platform opens its database now, not while the first player waits.
  const warm = await app.hooks.warmUp();
  if (!warm.ok) logger.warn({ component: "server", detail: warm.detail }, "the platform did not answer at start-up; pages show the unavailable screen until it does");
  if (stopping) return;

  const http = await listen(app.handler, config.PORT, config.HOST);
  // Behind a balancer: keep idle connections open longer than its idle timeout (60 s is common).
  http.keepAliveTimeout = 65_000;
  http.headersTimeout = 66_000;
  http.requestTimeout = 120_000;
  const address = http.address();
  const port = typeof address === "object" && address ? address.port : config.PORT;
  logger.info({ component: "server", port, trustProxy: config.TRUST_PROXY, platform: config.PLATFORM_URL ? "remote" : "embedded" }, `listening on http://localhost:${port}`);
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

  stop = async (signal: string) => {
    stopping = true;
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
    await app.hooks.closeApp();
    logger.info({ component: "server", ms: Date.now() - started, cut }, cut > 0 ? "stopped; requests cut at the grace limit" : "stopped cleanly");
    flushLogsNow(logger);
    process.exit(0);
  };
}

// Run when executed (node build/node/server.js, or imported by scripts/start.mjs with run=true).
if (process.argv[1] && pathToFileURL(process.argv[1]).href === import.meta.url) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
