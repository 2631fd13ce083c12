import { Agent as HttpAgent, request as httpRequest } from "node:http";
import { Agent as HttpsAgent, request as httpsRequest } from "node:https";
import { BrokenCircuitError, circuitBreaker, type CircuitState, ConsecutiveBreaker, handleWhen } from "cockatiel";
import { env } from "~/env.server";
import { platformBreakerState } from "~/metrics.server";
import { moneyCallTimeout, timeLeft } from "~/request-scope.server";
import { GatewayError } from "./errors.server";

/** How a request reaches the platform: over HTTP, or as a direct call in this process. */
export interface Transport {
  readonly name: "http" | "in-process";
  send(request: Request): Promise<Response>;
  /** Releases what the transport holds (the embedded platform's database). */
  close?(): Promise<void>;
  /**
   * The embedded platform's own announcements of a player's change (issue 28): hints that a
   * player's figures moved, so the live streams read them now. A remote platform has none.
   */
  announcements?(listener: (change: PlatformChange) => void): () => void;
}

/** A player's change; `user: "*"` (what: "missed") after the announcements were interrupted: anyone's may have changed. */
export type PlatformChange = { merchant: string; user: string; what: "wallet" | "inbox" | "agent" | "session" | "missed" };

// Whether our server entry manages shutdown (it drains requests, then closes the platform); under
// Vite's dev server the embedded platform closes itself on a signal.
let hostOwnsShutdown = false;
export function hostManagesShutdown() {
  hostOwnsShutdown = true;
}

const INTERNAL_ORIGIN = "http://platform.internal";

/** The least time a call is worth starting with: less than this left before the deadline fails at once. */
const MIN_CALL_MS = 50;

/**
 * This call's time: the configured timeout, cut short by what is left of the request's deadline.
 * `cut` says the deadline, not the platform's timeout, is the limit: running out of it then is the
 * request's doing ("deadline"), and the circuit breaker does not count it against the platform.
 */
export function callTimeout(platformTimeoutMs: number, path: string): { ms: number; cut: boolean } {
  // A money call brings its own time (withMoneyBudget), in place of the platform timeout.
  const timeoutMs = moneyCallTimeout() ?? platformTimeoutMs;
  const left = timeLeft();
  if (left < MIN_CALL_MS) throw new GatewayError("no time left before the request's deadline", "deadline", path);
  return left < timeoutMs ? { ms: left, cut: true } : { ms: timeoutMs, cut: false };
}

/**
 * Calls to a platform over HTTP, by Node's own client with kept-alive connections rather than
 * fetch (issue 14: fetch's request and stream machinery was a seventh of a signed-in page's CPU,
 * for three small JSON answers). The answer is read whole (the platform's answers are small JSON,
 * images and game pages) and handed back as a Response. Redirects are followed for reads that ask
 * for it (fetch's default), at most five, never to another origin; "manual" gets them as they are.
 * An idle connection is closed after 4 s, before a platform's usual 5 s keep-alive ends it under
 * a request.
 */
export function httpTransport(baseUrl: string, timeoutMs: number): Transport {
  const base = new URL(baseUrl.replace(/\/+$/, ""));
  const agent =
    base.protocol === "https:" ? new HttpsAgent({ keepAlive: true, timeout: 4_000 }) : new HttpAgent({ keepAlive: true, timeout: 4_000 });
  const prefix = base.href.replace(/\/+$/, "");
  return {
    name: "http",
    async send(request) {
      const url = new URL(request.url);
      const time = callTimeout(timeoutMs, url.pathname);
      const body = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
      const headers: Record<string, string> = {};
      request.headers.forEach((value, name) => {
        headers[name] = value;
      });
      if (body) headers["content-length"] = String(body.length);
      const deadline = Date.now() + time.ms;
      let target = new URL(`${prefix}${url.pathname}${url.search}`);
      try {
        for (let hops = 0; ; hops++) {
          const answer = await exchange(target, request.method, headers, body, agent, deadline);
          const location = answer.headers.get("Location");
          const follow = request.redirect === "follow" && (request.method === "GET" || request.method === "HEAD") && hops < 5;
          if (!follow || answer.status < 300 || answer.status >= 400 || answer.status === 304 || !location) return answer;
          const next = new URL(location, target);
          if (next.origin !== base.origin) return answer;
          target = next;
        }
      } catch (error) {
        throw transportFailure(error, url.pathname, time.cut);
      }
    },
  };
}

/** One request and its whole answer, or a TimeoutError when `deadline` passes first. */
function exchange(
  target: URL,
  method: string,
  headers: Record<string, string>,
  body: Buffer | undefined,
  agent: HttpAgent,
  deadline: number,
): Promise<Response> {
  return new Promise((resolve, reject) => {
    const send = target.protocol === "https:" ? httpsRequest : httpRequest;
    const outgoing = send(target, { method, headers, agent }, (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
      incoming.on("error", fail);
      incoming.on("end", () => {
        clearTimeout(timer);
        const status = incoming.statusCode ?? 502;
        const answerHeaders = new Headers();
        for (let i = 0; i + 1 < incoming.rawHeaders.length; i += 2) {
          try {
            answerHeaders.append(incoming.rawHeaders[i]!, incoming.rawHeaders[i + 1]!);
          } catch {
            // A header Fetch refuses: left out, as fetch would have refused the whole answer.
          }
        }
        const empty = method === "HEAD" || status === 204 || status === 205 || status === 304;
        try {
          resolve(
            new Response(empty ? null : Buffer.concat(chunks), {
              status,
              statusText: incoming.statusMessage ?? "",
              headers: answerHeaders,
            }),
          );
        } catch (error) {
          reject(error);
        }
      });
    });
    function fail(error: Error) {
      clearTimeout(timer);
      outgoing.destroy();
      reject(error);
    }
    const timer = setTimeout(
      () => fail(Object.assign(new Error("timed out"), { name: "TimeoutError" })),
      Math.max(0, deadline - Date.now()),
    );
    outgoing.on("error", fail);
    outgoing.end(body);
  });
}

/**
 * The embedded reference platform's fetch handler, called without a socket. This is
 * the one place where app/ reaches into platform/ (docs/DESIGN.md "Boundary"); the import is
 * dynamic so that a deployment with PLATFORM_URL never loads the platform or PGlite.
 */
export function inProcessTransport(timeoutMs: number): Transport {
  type Embedded = Awaited<ReturnType<typeof import("../../platform/embedded").getEmbeddedPlatform>>;
  let platform: Promise<Embedded> | undefined;
  const opened = () => {
    if (!platform) {
      const opening = import("../../platform/embedded").then((m) => m.getEmbeddedPlatform({ signals: !hostOwnsShutdown }));
      // A failed open is tried again by the next call, not remembered.
      opening.catch(() => {
        if (platform === opening) platform = undefined;
      });
      platform = opening;
    }
    return platform;
  };
  return {
    name: "in-process",
    async close() {
      const open = platform;
      platform = undefined;
      if (open) await (await open.catch(() => null))?.close();
    },
    announcements(listener) {
      let stop: (() => Promise<void>) | undefined;
      let stopped = false;
      void opened()
        .then((p) => p.announcements(listener))
        .then((unlisten) => {
          if (stopped) void unlisten();
          else stop = unlisten;
        })
        .catch(() => undefined);
      return () => {
        stopped = true;
        void stop?.();
      };
    },
    async send(request) {
      const platform = opened();
      const path = new URL(request.url).pathname;
      let time = callTimeout(timeoutMs, path);
      try {
        const p = await withTimeout(platform, time, path);
        time = callTimeout(timeoutMs, path);
        return await withTimeout(p.fetch(request), time, path);
      } catch (error) {
        throw transportFailure(error, path, time.cut);
      }
    },
  };
}

function withTimeout<T>(promise: Promise<T>, time: { ms: number; cut: boolean }, path: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new GatewayError(`timed out after ${time.ms} ms`, time.cut ? "deadline" : "timeout", path)), time.ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

function transportFailure(error: unknown, path: string, cut = false): GatewayError {
  if (error instanceof GatewayError) return error;
  const name = error instanceof Error ? error.name : "";
  if (name === "TimeoutError" || name === "AbortError") return new GatewayError("timed out", cut ? "deadline" : "timeout", path);
  return new GatewayError(error instanceof Error ? error.message : String(error), "transport", path);
}

/**
 * A circuit breaker in front of a transport: after `failures` calls in a row that could not reach
 * the platform (refused, timed out with the full timeout, 5xx), calls fail at once for `openMs`,
 * then one call tries again. A dead platform then costs each page milliseconds instead of a
 * timeout per call. A call cut short by its request's deadline says nothing about the platform
 * (a slow upload, a slow client) and is not counted.
 */
export function withBreaker(inner: Transport, failures: number, openMs: number): Transport & { state(): CircuitState } {
  const policy = circuitBreaker(
    handleWhen((e) => e instanceof GatewayError && (e.kind === "transport" || e.kind === "timeout")).orWhenResult(
      (r) => r instanceof Response && r.status >= 500,
    ),
    { halfOpenAfter: openMs, breaker: new ConsecutiveBreaker(failures) },
  );
  policy.onStateChange((state) => platformBreakerState.set(state));
  return {
    name: inner.name,
    close: inner.close ? () => inner.close!() : undefined,
    announcements: inner.announcements ? (listener) => inner.announcements!(listener) : undefined,
    state: () => policy.state,
    async send(request) {
      try {
        return await policy.execute(() => inner.send(request));
      } catch (error) {
        if (error instanceof BrokenCircuitError) {
          throw new GatewayError("the platform is not answering (circuit open)", "unavailable", new URL(request.url).pathname);
        }
        throw error;
      }
    },
  };
}

let shared: Transport | undefined;
/** The process-wide transport chosen by PLATFORM_URL, behind the breaker. Tests may replace it. */
export function transport(): Transport {
  if (!shared) {
    const { PLATFORM_URL, PLATFORM_TIMEOUT_MS, BREAKER_FAILURES, BREAKER_OPEN_MS } = env();
    // The embedded platform opens its database on first use (seconds on a new data folder), so it
    // gets longer; the request's deadline still bounds every call.
    const inner = PLATFORM_URL
      ? httpTransport(PLATFORM_URL, PLATFORM_TIMEOUT_MS)
      : inProcessTransport(Math.max(PLATFORM_TIMEOUT_MS, 30_000));
    shared = withBreaker(inner, BREAKER_FAILURES, BREAKER_OPEN_MS);
  }
  return shared;
}

export function setTransport(next: Transport | undefined) {
  shared = next;
}

export function platformRequestUrl(path: string, query?: URLSearchParams): string {
  const qs = query && [...query.keys()].length > 0 ? `?${query}` : "";
  return `${INTERNAL_ORIGIN}${path}${qs}`;
}
