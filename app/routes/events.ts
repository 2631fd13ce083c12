import type { LoaderFunctionArgs } from "@remix-run/node";
import { eventStream } from "remix-utils/sse/server";
import { clientIp, forgetRequestContext, requestContext } from "~/context.server";
import { env } from "~/env.server";
import { HEARTBEAT } from "~/live/events";
import type { PlayerLogin } from "~/live/hub.server";
import { live } from "~/live/live.server";
import { BOARDS } from "~/live/reads.server";
import { sessionMaxAgeMs } from "~/session.server";

// The live stream, /events (issue 28): Server-Sent Events for the page that asked. A signed-in browser
// hears its own member topic (balance, inbox, agent requests, its login ending) and the public
// topics its page shows (a lottery's draws); a visitor hears only those public topics. Never
// cached, never compressed (server/index.ts), one access-log line per connection.

/** Public topics a page may ask for: lottery boards. */
const TOPIC = /^lottery:[A-Za-z0-9_-]{1,32}$/;
const MAX_TOPICS = 12;
const ID = /^[0-9a-f]{8}-[0-9a-z]{1,12}$/;
/** How soon a dropped browser tries again (the SSE `retry` field). */
const RETRY_MS = 3_000;

/**
 * The requests of the open streams. A Request follows the server's abort (the connection's close)
 * only while it lives: undici links its signal to the one it was made with through a weak
 * reference. Nothing else holds a stream's request once its context is forgotten, so without this
 * a collected request left its stream open, and its player polled, after the browser had gone.
 */
const openRequests = new Set<Request>();

function refused(status: number, seconds: number, text: string) {
  return new Response(text, {
    status,
    headers: { "Retry-After": String(seconds), "Cache-Control": "no-store", "Content-Type": "text/plain" },
  });
}

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const topics = [...new Set(url.searchParams.getAll("topic"))].filter((t) => TOPIC.test(t) && t in BOARDS).slice(0, MAX_TOPICS);
  // The browser's own resume header (its EventSource reconnecting), or ours (a new EventSource after the tab that held it closed).
  const since = [request.headers.get("Last-Event-ID"), url.searchParams.get("since")].find((v) => v && ID.test(v)) ?? undefined;
  const ctx = await requestContext(request).catch(() => null);
  if (!ctx) return refused(503, 10, "unavailable");
  const token = ctx.session.get("token");
  if (!token && topics.length === 0) return refused(403, 60, "nothing to stream");
  const login: PlayerLogin | undefined = token
    ? {
        merchant: env().MERCHANT_CODE,
        user: ctx.session.get("userName") ?? "",
        token,
        accountType: ctx.session.get("accountType") ?? 0,
        language: ctx.language,
        userAgent: request.headers.get("User-Agent") ?? "",
        ip: clientIp(),
      }
    : undefined;
  const startedAt = ctx.session.get("startedAt");
  forgetRequestContext(request);
  const hub = await live();

  let opened: ReturnType<typeof hub.open> | undefined;
  let closeStream: (() => void) | undefined;
  openRequests.add(request);
  const response = eventStream(
    request.signal,
    (send, close) => {
      closeStream = close;
      // eventStream writes `event:` and `data:` only; the id (and the retry) ride on the event's
      // line, so the browser's EventSource keeps the id and sends it back as Last-Event-ID.
      const write = (event: string, data: string) => {
        try {
          send({ event, data });
        } catch {
          // The connection has gone: its abort closes the stream.
        }
      };
      write(`hello\nretry: ${RETRY_MS}`, JSON.stringify({ signedIn: Boolean(login) }));
      opened = hub.open(
        {
          login: login?.user ? login : undefined,
          endsAt: token && typeof startedAt === "number" ? startedAt + sessionMaxAgeMs() : undefined,
          topics,
          hidden: url.searchParams.get("hidden") === "1",
          ip: clientIp(),
          since,
        },
        {
          send: (type, id, data) => write(type === "ping" ? HEARTBEAT : id ? `${type}\nid: ${id}` : type, JSON.stringify(data)),
          end: () => queueMicrotask(close),
        },
      );
      return () => {
        openRequests.delete(request);
        if (opened?.ok) opened.close();
      };
    },
    { headers: { "X-Accel-Buffering": "no", "X-Content-Type-Options": "nosniff" } },
  );
  if (opened && !opened.ok) {
    // Closed through eventStream's own close, never by cancelling its body: its listener on the
    // request's abort would close the cancelled stream's controller again and throw, uncaught,
    // when the refused client hangs up (it took the instance down).
    closeStream?.();
    if (opened.reason === "draining") return refused(503, 1, "draining");
    return refused(429, 30, opened.reason === "player" ? "too many streams for this player" : "too many streams from this address");
  }
  return response;
}
