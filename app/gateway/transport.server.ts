import { env } from "~/env.server";
import { GatewayError } from "./errors.server";

/** How a request reaches the platform: over HTTP, or as a direct call in this process. */
export interface Transport {
  readonly name: "http" | "in-process";
  send(request: Request): Promise<Response>;
}

const INTERNAL_ORIGIN = "http://platform.internal";

export function httpTransport(baseUrl: string, timeoutMs: number): Transport {
  const base = baseUrl.replace(/\/+$/, "");
  return {
    name: "http",
    async send(request) {
      const url = new URL(request.url);
      const target = `${base}${url.pathname}${url.search}`;
      try {
        return await fetch(new Request(target, request), { signal: AbortSignal.timeout(timeoutMs) });
      } catch (error) {
        throw transportFailure(error, url.pathname);
      }
    },
  };
}

/**
 * The embedded reference platform's fetch handler, called without a socket. This is
 * the one place where app/ reaches into platform/ (DESIGN.md "Boundary"); the import is
 * dynamic so that a deployment with PLATFORM_URL never loads the platform or PGlite.
 */
export function inProcessTransport(timeoutMs: number): Transport {
  let platform: Promise<{ fetch(request: Request): Promise<Response> }> | undefined;
  return {
    name: "in-process",
    async send(request) {
      platform ??= import("../../platform/embedded").then((m) => m.getEmbeddedPlatform());
      const path = new URL(request.url).pathname;
      try {
        const p = await platform;
        return await withTimeout(p.fetch(request), timeoutMs, path);
      } catch (error) {
        throw transportFailure(error, path);
      }
    },
  };
}

function withTimeout<T>(promise: Promise<T>, ms: number, path: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new GatewayError(`timed out after ${ms} ms`, "timeout", path)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

function transportFailure(error: unknown, path: string): GatewayError {
  if (error instanceof GatewayError) return error;
  const name = error instanceof Error ? error.name : "";
  if (name === "TimeoutError" || name === "AbortError") return new GatewayError("timed out", "timeout", path);
  return new GatewayError(error instanceof Error ? error.message : String(error), "transport", path);
}

let shared: Transport | undefined;
/** The process-wide transport chosen by PLATFORM_URL. Tests may replace it. */
export function transport(): Transport {
  if (!shared) {
    const { PLATFORM_URL, PLATFORM_TIMEOUT_MS } = env();
    // The embedded platform opens its database on first use (seconds on a new data folder), so it gets longer.
    shared = PLATFORM_URL
      ? httpTransport(PLATFORM_URL, PLATFORM_TIMEOUT_MS)
      : inProcessTransport(Math.max(PLATFORM_TIMEOUT_MS, 30_000));
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
