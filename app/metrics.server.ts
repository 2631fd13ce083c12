import { Counter, Gauge, Histogram, register } from "prom-client";

// The app's Prometheus metrics, in prom-client's default registry: the server entry (server/)
// imports the same prom-client from node_modules, so its HTTP metrics and these share one
// registry, served on the operator port.

function once<T>(name: string, make: () => T): T {
  // Vite's dev server may evaluate this module again; a metric registered twice throws.
  return (register.getSingleMetric(name) as T | undefined) ?? make();
}

export const platformCallSeconds = once(
  "platform_call_duration_seconds",
  () =>
    new Histogram({
      name: "platform_call_duration_seconds",
      help: "Platform calls by contract path and outcome (ok, refused: a business answer, or the failure's kind)",
      labelNames: ["call", "outcome"] as const,
      buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    }),
);

export const platformBreakerState = once(
  "platform_breaker_state",
  () => new Gauge({ name: "platform_breaker_state", help: "Circuit breaker in front of the platform: 0 closed, 1 open, 2 half-open" }),
);

export const gatewayCache = once(
  "gateway_cache_total",
  () =>
    new Counter({
      name: "gateway_cache_total",
      help: "Public reads answered from the short cache (hit) or the platform (miss)",
      labelNames: ["result"] as const,
    }),
);

export const rateLimited = once(
  "rate_limited_total",
  () =>
    new Counter({
      name: "rate_limited_total",
      help: "Public form posts refused by the rate limiter, by form and key",
      labelNames: ["form", "key"] as const,
    }),
);

export const liveReads = once(
  "live_reads_total",
  () =>
    new Counter({
      name: "live_reads_total",
      help: "Reads the live stream made through the contract: a connected player's figures, or a lottery board",
      labelNames: ["kind"] as const,
    }),
);

/** What this instance's live hub holds now, asked at each scrape. */
export type LiveFigures = { streams: number; players: number; boards: number; readsInFlight: number; readsDue: number };
let liveFigures: (() => LiveFigures) | undefined;
export function measureLive(figures: () => LiveFigures): void {
  liveFigures = figures;
}

once(
  "live_open",
  () =>
    new Gauge({
      name: "live_open",
      help: "The live hub now: open streams, watched players, lottery boards, reads in flight and reads due but waiting",
      labelNames: ["what"] as const,
      collect() {
        const f = liveFigures?.();
        for (const what of ["streams", "players", "boards", "readsInFlight", "readsDue"] as const) this.set({ what }, f?.[what] ?? 0);
      },
    }),
);
