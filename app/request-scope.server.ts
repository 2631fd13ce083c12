import { AsyncLocalStorage } from "node:async_hooks";

// What the server entry (server/) knows about an incoming request and the app needs deep inside
// loaders, actions and gateway calls: the client's address as the socket and the trusted proxy
// hops saw it, the request id the logs carry, the deadline every platform call must meet, and
// the CSP nonce the page's scripts carry. The server runs Remix's handler inside `runInScope`;
// without a scope (unit tests, `remix vite:dev`) every reader has a sensible default.

export type Logger = {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
};

export type RequestScope = {
  /** The player's address: the socket's, or the one TRUST_PROXY hops reported. */
  clientIp?: string;
  requestId?: string;
  /**
   * Epoch milliseconds by which the whole response must be ready; a function when it moves (a
   * posted form's deadline counts from when its body has arrived, not from its first byte).
   */
  deadline?: number | (() => number);
  /**
   * Set while a money call runs (withMoneyBudget): its own time, instead of the platform timeout
   * and whatever is left of the page's deadline.
   */
  callTimeoutMs?: number;
  /** The Content-Security-Policy nonce of this response's scripts. */
  nonce?: string;
  log?: Logger;
  /** Per-request memo (the request context, read once however many Request objects Remix makes). */
  memo?: Map<string, unknown>;
};

const storage = new AsyncLocalStorage<RequestScope>();

export function runInScope<T>(scope: RequestScope, fn: () => T): T {
  return storage.run({ ...scope, memo: new Map() }, fn);
}

export function requestScope(): RequestScope | undefined {
  return storage.getStore();
}

/** Milliseconds left before this request's deadline (Infinity outside a request). */
export function timeLeft(now = Date.now()): number {
  const deadline = storage.getStore()?.deadline;
  if (deadline === undefined) return Infinity;
  return (typeof deadline === "function" ? deadline() : deadline) - now;
}

/**
 * Runs `fn` outside this request's deadline (its own timeouts still apply): for work whose result
 * other requests share, such as a cached public read, which must not fail for everyone because
 * the request that started it was nearly out of time.
 */
export function withoutDeadline<T>(fn: () => T): T {
  const store = storage.getStore();
  return store ? storage.run({ ...store, deadline: undefined }, fn) : fn();
}

/**
 * Runs a call that moves money with a time of its own (decision 033): the page's deadline does not
 * cut it mid-flight, since its outcome would then be unknown to us but not to the platform. The
 * budget bounds it instead, and the call's timeout is the budget, not PLATFORM_TIMEOUT_MS.
 */
export function withMoneyBudget<T>(budgetMs: number, fn: () => T): T {
  const store = storage.getStore();
  const scope = { ...(store ?? {}), deadline: Date.now() + budgetMs, callTimeoutMs: budgetMs, memo: store?.memo ?? new Map() };
  return storage.run(scope, fn);
}

/** The money call's own timeout, when one is running (withMoneyBudget). */
export function moneyCallTimeout(): number | undefined {
  return storage.getStore()?.callTimeoutMs;
}

/** Waits for `promise` no longer than this request's deadline; `late()` makes the error then. */
export function withinDeadline<T>(promise: Promise<T>, late: () => Error): Promise<T> {
  const left = timeLeft();
  if (left === Infinity) return promise;
  if (left <= 0) return Promise.reject(late());
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(late()), left);
  });
  return Promise.race([promise, expired]).finally(() => clearTimeout(timer));
}

/**
 * The Retry-After header of a 429 or 503, noted in the request's scope too: Remix keeps only the
 * leaf route's headers, so entry.server puts it on the document or data answer from here.
 */
export function retryAfter(seconds: number): { "Retry-After": string } {
  const value = String(Math.max(1, Math.ceil(seconds)));
  storage.getStore()?.memo?.set("retryAfter", value);
  return { "Retry-After": value };
}

export function notedRetryAfter(): string | undefined {
  return storage.getStore()?.memo?.get("retryAfter") as string | undefined;
}

/**
 * This page holds something made for this visitor alone (a one-time puzzle): no shared cache may
 * keep it, even for a visitor who is not signed in (issue 14's micro-cache).
 */
export function notePersonalPage(): void {
  storage.getStore()?.memo?.set("personalPage", true);
}

export function personalPage(): boolean {
  return storage.getStore()?.memo?.get("personalPage") === true;
}

const consoleLogger: Logger = {
  info: (obj, msg) => console.info(msg ?? "", obj),
  warn: (obj, msg) => console.warn(msg ?? "", obj),
  error: (obj, msg) => console.error(msg ?? "", obj),
};

let processLogger: Logger = consoleLogger;
/** The server hands its JSON logger over at start-up; requests log through a child with their id. */
export function setProcessLogger(logger: Logger) {
  processLogger = logger;
}

export function log(): Logger {
  return storage.getStore()?.log ?? processLogger;
}
