import type { LoaderFunctionArgs } from "@remix-run/node";
import QRCode from "qrcode";
import { UNAVAILABLE_RETRY_SECONDS } from "~/accounts/verification.server";
import { requestContext } from "~/context.server";

// App-download QR codes, drawn as SVG on the server from the platform's resource URLs.
// Defaults from docs/SPEC.md point 9: margin 20 (in modules here: 2), error correction M.
const TYPES = new Set(["IOS", "MOBILECONFIG", "ANDROID"]);

export async function loader({ request, params }: LoaderFunctionArgs) {
  const type = (params.type ?? "").toUpperCase();
  if (!TYPES.has(type)) return new Response("Not found", { status: 404 });
  const ctx = await requestContext(request).catch(() => null);
  // The platform is not answering: a 503 the browser may retry, never a 500.
  if (!ctx) {
    return new Response("Unavailable", {
      status: 503,
      headers: { "Cache-Control": "no-store", "Retry-After": String(UNAVAILABLE_RETRY_SECONDS) },
    });
  }
  const resource = ctx.status.resources.find((r) => r.resourceType === type);
  const text = resource?.qrCodeUrl || resource?.url;
  if (!text) return new Response("Not found", { status: 404 });
  try {
    const svg = await QRCode.toString(text, { type: "svg", errorCorrectionLevel: "M", margin: 2, width: 125 });
    return new Response(svg, {
      headers: { "Content-Type": "image/svg+xml", "Cache-Control": "public, max-age=3600", "X-Content-Type-Options": "nosniff" },
    });
  } catch {
    // Data too long for a QR code (code-length overflow).
    return new Response("Not found", { status: 404 });
  }
}
