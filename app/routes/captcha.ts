import type { LoaderFunctionArgs } from "@remix-run/node";
import { UNAVAILABLE_RETRY_SECONDS } from "~/accounts/verification.server";
import { requestContext } from "~/context.server";
import { commitSession } from "~/session.server";

// The image captcha as an image: fetched from the platform (never cached), its captchaId kept in
// the player's session for the next login. At most one new image a second per player: a quicker
// request waits out the rest of the second (a refusal would show as a broken picture).
export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requestContext(request).catch(() => null);
  if (!ctx) return unavailable();
  const wait = 1_000 - (Date.now() - (ctx.session.get("captchaAt") ?? 0));
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, Math.min(wait, 1_000)));
  try {
    const { image, captchaId } = await ctx.gateway.accounts.captcha();
    if (captchaId) ctx.session.set("captchaId", captchaId);
    ctx.session.set("captchaAt", Date.now());
    return new Response(Buffer.from(image, "base64"), {
      headers: {
        "Content-Type": "image/png",
        "Cache-Control": "no-store",
        "X-Content-Type-Options": "nosniff",
        "Set-Cookie": await commitSession(ctx.session),
      },
    });
  } catch {
    return unavailable();
  }
}

/** The platform is not answering: an image request gets a 503 it may retry, never a 500. */
function unavailable() {
  return new Response("Captcha unavailable", {
    status: 503,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", "Retry-After": String(UNAVAILABLE_RETRY_SECONDS) },
  });
}
