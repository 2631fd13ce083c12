import { request } from "node:http";

// A Server-Sent Events reader over plain node:http, as a proxy or a script sees the stream: its
// status and headers, then each event (type, id, data) timestamped as it arrives. Used by the
// server tests of /events and by the live bench.

export type SseEvent = { type: string; id?: string; data: string; at: number };

export type SseStream = {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  events: SseEvent[];
  /** Resolves when the server ends the stream (or the connection drops). */
  ended: Promise<void>;
  /** The first event after index `from` that `match` accepts, or null after `ms`. */
  next(match: (e: SseEvent) => boolean, ms: number, from?: number): Promise<SseEvent | null>;
  close(): void;
};

export function openSse(
  url: string,
  headers: Record<string, string> = {},
  options: { connect?: { host: string; port: number } } = {},
): Promise<SseStream> {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: options.connect?.host ?? target.hostname,
        port: options.connect?.port ?? target.port,
        path: target.pathname + target.search,
        // A connection of its own, as a browser's EventSource has: never a pooled one the server may be closing.
        agent: false,
        headers: { Accept: "text/event-stream", Host: target.host, ...headers },
      },
      (res) => {
        const waiters = new Set<() => void>();
        let endedResolve: () => void = () => undefined;
        const ended = new Promise<void>((r) => {
          endedResolve = r;
        });
        const stream: SseStream = {
          status: res.statusCode ?? 0,
          headers: res.headers,
          events: [],
          ended,
          next(match, ms, from = 0) {
            return new Promise((done) => {
              const check = () => {
                const found = stream.events.slice(from).find(match);
                if (!found) return;
                waiters.delete(check);
                clearTimeout(timer);
                done(found);
              };
              const timer = setTimeout(() => {
                waiters.delete(check);
                done(null);
              }, ms);
              waiters.add(check);
              check();
            });
          },
          close: () => req.destroy(),
        };
        let buffer = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => {
          buffer += chunk;
          for (let end = buffer.indexOf("\n\n"); end >= 0; end = buffer.indexOf("\n\n")) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const field = (name: string) => new RegExp(`^${name}: ?(.*)$`, "m").exec(block)?.[1];
            stream.events.push({ type: field("event") ?? "message", id: field("id"), data: field("data") ?? "", at: performance.now() });
            for (const w of [...waiters]) w();
          }
        });
        res.on("end", endedResolve);
        res.on("close", endedResolve);
        res.on("error", endedResolve);
        resolve(stream);
      },
    );
    req.on("error", (error) => reject(new Error(`${url}: ${error.message}`, { cause: error })));
    req.end();
  });
}
