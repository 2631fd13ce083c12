import type { NextFunction, Request, Response } from "express";
import { collectDefaultMetrics, Counter, Histogram, register } from "prom-client";

// HTTP metrics of the web tier, in prom-client's default registry (the app's platform-call,
// breaker, cache and limiter metrics are in the same one: one prom-client in node_modules).

let started = false;
/** Process metrics (memory, event-loop lag, GC), registered once per process. */
export function startProcessMetrics() {
  if (started || register.getSingleMetric("process_cpu_user_seconds_total")) return;
  started = true;
  collectDefaultMetrics();
}

/** Answers from the micro-cache of logged-out pages: hit (fresh), stale (served while one render renews it), miss (rendered and stored). */
export const pageCacheAnswers = new Counter({
  name: "page_cache_answers_total",
  help: "Pages answered from the micro-cache (hit, stale) or rendered into it (miss)",
  labelNames: ["result"] as const,
});
/** Its three series, looked up once (the fast path counts every answer). */
export const pageCacheAnswered = {
  hit: pageCacheAnswers.labels({ result: "hit" }),
  stale: pageCacheAnswers.labels({ result: "stale" }),
  miss: pageCacheAnswers.labels({ result: "miss" }),
};

const httpSeconds = new Histogram({
  name: "http_request_duration_seconds",
  help: "Requests by method, route and status class",
  labelNames: ["method", "route", "status"] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
});

/**
 * A route label with bounded values: the first path segment when the app has a route there (the
 * second too under /member and /agent), "static" for files, "other" for anything else a client
 * makes up. Known segments come from the build's route manifest.
 */
export function routeLabeller(routePaths: string[]) {
  const first = new Set<string>();
  const second = new Set<string>();
  for (const path of routePaths) {
    const parts = path.split("/").filter(Boolean);
    if (parts[0] && !parts[0].startsWith(":") && parts[0] !== "*") first.add(parts[0]);
    if (parts[1] && !parts[1].startsWith(":") && parts[1] !== "*") second.add(parts[1]);
  }
  return (pathname: string): string => {
    const parts = pathname
      .replace(/\.data$/, "")
      .split("/")
      .filter(Boolean);
    if (parts.length === 0 || parts[0] === "_root") return "/";
    if (parts[0] === "assets" || /\.(ico|svg|png|webmanifest|txt|js|css)$/.test(parts[0] ?? "")) return "static";
    if (parts[0] === "healthz" || parts[0] === "readyz") return `/${parts[0]}`;
    if (!first.has(parts[0]!)) return "other";
    if ((parts[0] === "member" || parts[0] === "agent") && parts[1]) return `/${parts[0]}/${second.has(parts[1]) ? parts[1] : "other"}`;
    return `/${parts[0]}`;
  };
}

/**
 * One answer in the request histogram (for answers made outside httpMetrics' middleware). The
 * labelled series is looked up once per method, path and status class (prom-client hashes the
 * labels on every observe; the micro-cache's fast path answers the same few paths all day).
 */
const seriesByAnswer = new Map<string, ReturnType<typeof httpSeconds.labels>>();
export function observeAnswer(label: (pathname: string) => string, method: string, pathname: string, status: number, seconds: number) {
  const statusClass = `${Math.floor(status / 100)}xx`;
  const id = `${method} ${statusClass} ${pathname}`;
  let series = seriesByAnswer.get(id);
  if (!series) {
    if (seriesByAnswer.size >= 1000) seriesByAnswer.clear();
    series = httpSeconds.labels({ method, route: label(pathname), status: statusClass });
    seriesByAnswer.set(id, series);
  }
  series.observe(seconds);
}

export function httpMetrics(label: (pathname: string) => string) {
  return (req: Request, res: Response, next: NextFunction) => {
    const end = httpSeconds.startTimer();
    res.once("finish", () => {
      end({ method: req.method, route: label(req.path), status: `${Math.floor(res.statusCode / 100)}xx` });
    });
    next();
  };
}

export async function metricsResponse(res: Response) {
  res.setHeader("Content-Type", register.contentType);
  res.end(await register.metrics());
}
