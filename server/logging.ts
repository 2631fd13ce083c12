import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { Request as ExpressRequest, Response as ExpressResponse } from "express";
import { isIP } from "node:net";
import { format } from "node:util";
import { pino, type Logger } from "pino";
import proxyaddr from "proxy-addr";
import { redactUrl } from "~/domain/redact";
import { LineBatcher } from "./log-stream";

// JSON logs, one object a line (pino): an access line per request with its id, and whatever the
// app logs during that request carries the same id. Secrets never reach a log: query values and
// path parts that are tokens, codes or passwords are replaced, and cookies and authorization
// headers are not logged at all.

/**
 * "::ffff:10.0.0.7" is 10.0.0.7: the platform and the logs see the address as players know it.
 * Anything that is not an IP address (a proxy's garbage) is no address at all.
 */
export function plainAddress(ip: string | undefined): string | undefined {
  if (!ip) return undefined;
  const plain = ip.startsWith("::ffff:") && ip.includes(".") ? ip.slice(7) : ip;
  return isIP(plain) ? plain : undefined;
}

/** What Express's req.ip answers (proxy-addr with the app's compiled "trust proxy fn"), for a request that is not (yet) Express's. */
export function proxyAddress(req: IncomingMessage, trust: (address: string, hop: number) => boolean): string {
  return proxyaddr(req, trust);
}

/** What Express's req.protocol answers: X-Forwarded-Proto's first value when the socket's peer is a trusted proxy. */
export function requestProtocol(req: IncomingMessage, trust: (address: string, hop: number) => boolean): string {
  const own = (req.socket as { encrypted?: boolean }).encrypted ? "https" : "http";
  if (!trust(req.socket.remoteAddress ?? "", 0)) return own;
  const given = req.headers["x-forwarded-proto"];
  const header = (Array.isArray(given) ? given[0] : given) || own;
  return header.split(",")[0]!.trim();
}

const REDACTED = "[redacted]";

export { redactUrl } from "~/domain/redact";

const LOG_BATCH_BYTES = 16_384;

/** Writes what the logger holds at least every `ms` (lines wait for 16 KiB otherwise); stopped by the returned function. */
export function logFlusher(logger: Logger, ms = 1_000): () => void {
  const timer = setInterval(() => logger.flush(), ms);
  timer.unref();
  return () => clearInterval(timer);
}

/** Writes what the logger holds before returning: before process.exit, which does not wait for a write under way. */
export function flushLogsNow(logger: Logger) {
  (logger as unknown as Record<symbol, { flushSync?: () => void }>)[pino.symbols.streamSym]?.flushSync?.();
}

export function createLogger(level: string): Logger {
  return pino(
    {
      level,
      base: { pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      // Whatever else is logged with these keys is hidden too.
      redact: {
        paths: [
          "password",
          "*.password",
          "token",
          "*.token",
          "authorization",
          "*.authorization",
          "cookie",
          "*.cookie",
          "headers.cookie",
          "headers.authorization",
        ],
        censor: REDACTED,
      },
    },
    // Lines go out 16 KiB at a time, and at least once a second (logFlusher): one write(2) per
    // access line was a sixth of a cached page's time. Shutdown flushes; exits flush what is waiting.
    new LineBatcher(1, LOG_BATCH_BYTES),
  );
}

/**
 * What libraries and the embedded platform write with console.* goes through the logger too, so
 * the process writes nothing but JSON lines.
 */
export function routeConsole(logger: Logger) {
  const to =
    (level: "debug" | "info" | "warn" | "error") =>
    (...args: unknown[]) =>
      logger[level]({ component: "console" }, format(...args));
  console.debug = to("debug");
  console.log = to("info");
  console.info = to("info");
  console.warn = to("warn");
  console.error = to("error");
}

const REQUEST_ID = /^[\w.-]{8,64}$/;

/** The balancer's X-Request-Id when we trust a proxy and it looks like one, or a new one. */
export function requestIdFor(req: IncomingMessage, trustProxy: boolean): string {
  const given = req.headers["x-request-id"];
  return trustProxy && typeof given === "string" && REQUEST_ID.test(given) ? given : randomUUID();
}

let isoMs = 0;
let isoText = "";
/** The time as pino's isoTime writes it, worked out once per millisecond. */
function isoNow(): string {
  const now = Date.now();
  if (now !== isoMs) {
    isoMs = now;
    isoText = new Date(now).toISOString();
  }
  return isoText;
}

/** A value as JSON.stringify writes it inside an object: `,"key":value`, or nothing when undefined. */
const field = (key: string, value: string | undefined) => (value === undefined ? "" : `,"${key}":${JSON.stringify(value)}`);

/**
 * A request's access line, written as text straight to the logger's stream: the fields and order
 * pino-http wrote (level, time, pid, reqId, req, res, responseTime, msg), at info, warn for a 4xx
 * and error for a 5xx, with `pageCache` for answers from the micro-cache. Its keys are fixed and
 * none is one the redaction hides; the URL is redacted as every logged URL is; the request id is
 * ours or a balancer's that passed REQUEST_ID, and the method is a token the HTTP parser checked,
 * so only the URL, address and user agent need escaping. pino-http's two child loggers a request
 * and its serializers were a twentieth of a rendered page.
 */
export function logAnswer(
  logger: Logger,
  req: IncomingMessage,
  url: string,
  clientIp: string | undefined,
  id: string,
  status: number,
  startedAt: number,
  pageCache?: string,
) {
  const level = status >= 500 ? 50 : status >= 400 ? 40 : 30;
  if (!logger.isLevelEnabled(level === 50 ? "error" : level === 40 ? "warn" : "info")) return;
  const line =
    `{"level":${level},"time":"${isoNow()}","pid":${process.pid},"reqId":"${id}","req":{"id":"${id}","method":"${req.method}"` +
    `${field("url", redactUrl(url))}${field("ip", clientIp)}${field("ua", req.headers["user-agent"])}},` +
    `"res":{"status":${status}},"responseTime":${Math.round(performance.now() - startedAt)}${pageCache ? `,"pageCache":"${pageCache}"` : ""},"msg":"request completed"}\n`;
  (logger as unknown as Record<symbol, { write(text: string): void }>)[pino.symbols.streamSym]!.write(line);
}

/** The logger of one request: its pino child (bound to the request id) is made only when something is logged. */
export type RequestLogger = Pick<Logger, "debug" | "info" | "warn" | "error">;
export function requestLogger(logger: Logger, reqId: string): RequestLogger {
  let child: Logger | undefined;
  const own = () => (child ??= logger.child({ reqId }));
  return {
    debug: ((...args: Parameters<Logger["debug"]>) => own().debug(...args)) as Logger["debug"],
    info: ((...args: Parameters<Logger["info"]>) => own().info(...args)) as Logger["info"],
    warn: ((...args: Parameters<Logger["warn"]>) => own().warn(...args)) as Logger["warn"],
    error: ((...args: Parameters<Logger["error"]>) => own().error(...args)) as Logger["error"],
  };
}

/** Static files and health checks would drown everything else. */
const QUIET = /^\/(assets\/|favicon|healthz|readyz)/;

/**
 * The access log. The request id is the balancer's X-Request-Id when we trust a proxy and it looks
 * like one, or a new one; it goes back in the response and on to the platform (res.locals.requestId),
 * and what the app logs during the request carries it (res.locals.log). One line when the answer
 * has gone, or the connection closed before it did.
 */
export function accessLog(logger: Logger, trustProxy: boolean) {
  return (req: ExpressRequest, res: ExpressResponse, next: () => void) => {
    const id = requestIdFor(req, trustProxy);
    res.setHeader("X-Request-Id", id);
    res.locals.requestId = id;
    res.locals.log = requestLogger(logger, id);
    if (!QUIET.test(req.url)) {
      const startedAt = performance.now();
      const done = () => {
        res.off("finish", done);
        res.off("close", done);
        logAnswer(logger, req, req.originalUrl, plainAddress(req.ip), id, res.statusCode, startedAt);
      };
      res.on("finish", done);
      res.on("close", done);
    }
    next();
  };
}

/**
 * Express's own refusals of a request, such as a URL it cannot decode (`GET /%`: a URIError with
 * status 400): the status and a warning without a stack, not Express's error-level stack trace
 * (issue 25). Our own failures (5xx, or no status) go on to Express's handler as before.
 */
export function clientErrorsAsWarnings(logger: Pick<Logger, "warn">) {
  return (err: unknown, req: ExpressRequest, res: ExpressResponse, next: (err?: unknown) => void) => {
    const status =
      (err as { status?: unknown; statusCode?: unknown } | null)?.status ?? (err as { statusCode?: unknown } | null)?.statusCode;
    if (typeof status !== "number" || status < 400 || status >= 500 || res.headersSent) return next(err);
    const log = (res.locals.log as RequestLogger | undefined) ?? logger;
    log.warn(
      { status, url: redactUrl(req.originalUrl), reason: err instanceof Error ? `${err.name}: ${err.message}` : String(status) },
      "request refused",
    );
    res.status(status).type("text/plain").setHeader("Cache-Control", "no-store");
    res.send(status === 400 ? "Bad Request" : "Request refused");
  };
}
