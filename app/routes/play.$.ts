import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { env } from "~/env.server";
import { platformRequestUrl, transport } from "~/gateway/transport.server";
import { canHoldPlayPass, hasPlayPass } from "~/play-pass.server";

// The platform's own game pages (/play/<token>…, decision 014), passed through like /media/*:
// the browser never calls the platform. Only this path, only HTML pages and redirects back
// under /play; the platform's cookies are not passed on either way.
const SEGMENTS = /^[\w-]{8,128}(\/[\w-]{1,32})?$/;
const MAX_BODY = 4096;

async function pass(request: Request, rest: string): Promise<Response> {
  if (!SEGMENTS.test(rest)) return new Response("Not found", { status: 404 });
  // Only the browser whose /game page framed this launch (it holds the launch's pass) reaches it.
  const token = rest.split("/")[0]!;
  if (canHoldPlayPass(request) && !hasPlayPass(request, token)) {
    return new Response("Not found", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  const url = new URL(request.url);
  const headers = new Headers({ Merchant: env().MERCHANT_CODE, Accept: "text/html" });
  const language = request.headers.get("Accept-Language");
  if (language) headers.set("Accept-Language", language);
  let body: string | undefined;
  if (request.method === "POST") {
    if (Number(request.headers.get("Content-Length") ?? 0) > MAX_BODY) return new Response("Too large", { status: 413 });
    body = await readCapped(request, MAX_BODY);
    if (body === undefined) return new Response("Too large", { status: 413 });
    headers.set("Content-Type", "application/x-www-form-urlencoded");
  }
  const upstream = await transport()
    .send(new Request(platformRequestUrl(`/play/${rest}`, url.searchParams), { method: request.method, headers, body, redirect: "manual" }))
    .catch(() => null);
  if (!upstream)
    return new Response("The game is not reachable right now. Please try again.", {
      status: 502,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });

  const location = upstream.headers.get("Location");
  if (upstream.status >= 300 && upstream.status < 400) {
    if (!location || !/^\/play\/[\w-]+(\?[\w=&-]*)?$/.test(location)) return new Response("Bad redirect", { status: 502 });
    return new Response(null, { status: upstream.status, headers: { Location: location, "Cache-Control": "no-store" } });
  }
  const type = upstream.headers.get("Content-Type") ?? "";
  if (!/^text\/html\b/.test(type)) return new Response("Not found", { status: 404 });
  // The token is in the path: no Referer carries it away. The page runs sandboxed (a unique
  // origin): served from our origin, its script must not reach the framing page or our cookies.
  const out = new Headers({
    "Content-Type": type,
    "Cache-Control": "no-store",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
  });
  const csp =
    upstream.headers.get("Content-Security-Policy") ??
    "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; form-action 'self'; frame-ancestors 'self'";
  out.set("Content-Security-Policy", `${csp}; sandbox allow-scripts allow-forms`);
  return new Response(upstream.body, { status: upstream.status, headers: out });
}

/** The body as text, or undefined when it is longer than `max` bytes (read no further than that). */
async function readCapped(request: Request, max: number): Promise<string | undefined> {
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel();
      return undefined;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

export function loader({ request, params }: LoaderFunctionArgs) {
  return pass(request, params["*"] ?? "");
}

export function action({ request, params }: ActionFunctionArgs) {
  return pass(request, params["*"] ?? "");
}
