import type { LoaderFunctionArgs } from "@remix-run/node";
import { requestContext } from "~/context.server";
import { commitSession } from "~/session.server";

// The image captcha as an image: fetched from the platform (never cached), its captchaId kept in
// the player's session for the next login. At most one new image a second per player.
export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requestContext(request);
  const last = ctx.session.get("captchaAt") ?? 0;
  if (Date.now() - last < 1_000) return new Response("Too many requests", { status: 429, headers: { "Retry-After": "1" } });
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
    return new Response("Captcha unavailable", { status: 503 });
  }
}
