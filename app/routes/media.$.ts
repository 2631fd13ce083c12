import type { LoaderFunctionArgs } from "@remix-run/node";
import { transport, platformRequestUrl } from "~/gateway/transport.server";
import { env } from "~/env.server";
import { requestContext } from "~/context.server";

// The platform's own images (/media/…), passed through so the browser never calls the
// platform. Only images, only this path, cached by the browser and any CDN in front.
const IMAGE_TYPES = /^image\/(svg\+xml|png|jpeg|webp|avif|gif)\b/;
const OWN_PICTURES = ["feedback/", "promotion-application/"];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const rest = params["*"] ?? "";
  if (!/^[\w./-]+$/.test(rest) || rest.includes("..")) return new Response("Not found", { status: 404 });
  // Drawings with words on them come in the reader's language (?lang=EN, BN, …); nothing else passes.
  const lang = new URL(request.url).searchParams.get("lang");
  const query = lang && /^[A-Z]{2}$/.test(lang) ? `?lang=${lang}` : "";
  // A player's own pictures (feedback, promotion applications) go only to that player: its platform
  // token goes along, and the answer is never stored by a cache on the way.
  const own = OWN_PICTURES.some((prefix) => rest.startsWith(prefix));
  const token = own
    ? await requestContext(request).then(
        (c) => c.session.get("token"),
        () => undefined,
      )
    : undefined;
  if (own && !token) return new Response("Not found", { status: 404 });
  const headers: Record<string, string> = { Merchant: env().MERCHANT_CODE, ...(token ? { Authorization: token } : {}) };
  const upstream = await transport()
    .send(new Request(platformRequestUrl(`/media/${rest}${query}`), { headers }))
    .catch(() => null);
  const type = upstream?.headers.get("Content-Type") ?? "";
  if (!upstream?.ok || !IMAGE_TYPES.test(type)) return new Response("Not found", { status: 404 });
  return new Response(upstream.body, {
    headers: {
      "Content-Type": type,
      "Cache-Control": own ? "private, no-store" : (upstream.headers.get("Cache-Control") ?? "public, max-age=86400"),
      // SVG from elsewhere must not run script if opened directly.
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; sandbox",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
