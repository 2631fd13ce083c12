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
  /** Epoch milliseconds by which the whole response must be ready. */
  deadline?: number;
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
  return deadline === undefined ? Infinity : deadline - now;
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
