import type { Logger } from "pino";
import type { RequestLogger } from "./logging";

/** What the app's build offers its server (app/lifecycle.server.ts, re-exported by entry.server). */
export type AppHooks = {
  attachServer(logger: Logger): void;
  runInScope<T>(scope: RequestScope, fn: () => T): T;
  platformReady(timeoutMs?: number): Promise<{ ok: boolean; detail?: string }>;
  warmUp(timeoutMs?: number): Promise<{ ok: boolean; detail?: string }>;
  closeApp(): Promise<void>;
  /** Ends the live event streams at the start of a graceful stop (app/live/live.server.ts). */
  drainLive?(): void;
  /** The micro-cache key of a logged-out read whose page may be shared, or null (app/page-cache.server.ts). */
  pageCacheKey(request: Request): Promise<string | null>;
  /** The same key from the raw request when the app's last lookups for its address and language are recent. */
  pageCacheFastKey(input: {
    url: string;
    origin: string;
    cookie: string;
    acceptLanguage: string;
    saveData?: string;
    clientIp?: string;
  }): string | undefined;
  /** A public form posted again from an address just refused it: 429 at once (app/quick-refusal.server.ts). */
  quickRefusal?(input: {
    method: string;
    url: string;
    cookie: string;
    acceptLanguage: string;
    clientIp?: string;
  }): { retryAfter: number; html: string } | null;
};

/** What a request's work runs inside: its address, id, deadline, nonce and logger. */
export type RequestScope = {
  clientIp?: string;
  requestId?: string;
  deadline?: number | (() => number);
  nonce?: string;
  log?: RequestLogger;
};
