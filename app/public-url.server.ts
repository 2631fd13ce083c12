import { type Env, env } from "~/env.server";

// The site's own address in links a player hands on (affiliate and referral links and their QR
// codes): PUBLIC_URL, never the request's Host, which whoever sends the request chooses (issue 25,
// decision 035). Without PUBLIC_URL the request's origin stands in only where no real money is at
// stake: in development and on the demo site (no PLATFORM_URL). A production site without it
// gives the link as a path on this site and draws no QR code.

/** PUBLIC_URL, or the request's origin in development or the demo, or null. */
export function publicOrigin(request: Request, e: Pick<Env, "PUBLIC_URL" | "PLATFORM_URL" | "NODE_ENV"> = env()): string | null {
  if (e.PUBLIC_URL) return e.PUBLIC_URL;
  if (!e.PLATFORM_URL || e.NODE_ENV !== "production") return new URL(request.url).origin;
  return null;
}

/** A path on this site ("/register?…") as a link to hand on: absolute when the site's address is known, else the path itself. */
export function shareLink(
  request: Request,
  path: string,
  e?: Pick<Env, "PUBLIC_URL" | "PLATFORM_URL" | "NODE_ENV">,
): { link: string; absolute: boolean } {
  const origin = publicOrigin(request, e);
  return origin ? { link: `${origin}${path}`, absolute: true } : { link: path, absolute: false };
}
