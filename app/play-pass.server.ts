import { createHmac, timingSafeEqual } from "node:crypto";
import { env } from "~/env.server";

// A pass for the platform's own game pages (/play/<token>, decision 015): the /game page that
// frames a launch gives its browser an httpOnly cookie scoped to that launch's path, and /play
// serves only requests that carry it. A launch address that leaked (a screenshot, a shared link,
// a log) then opens nothing. The game's page runs in a sandboxed frame (an opaque origin), whose
// own form posts count as cross-site: only a SameSite=None cookie goes with them, and browsers keep
// those only when Secure, which they allow on https and on localhost. On a plain-http host (a test
// box on the LAN) no pass can be held, and none is asked for; the platform's own check (the launch
// ends with its session) holds everywhere.

const NAME = "play_pass";

function sign(token: string, secret: string): string {
  return createHmac("sha256", secret).update(`play:${token}`).digest("base64url");
}

/** Whether this browser can hold the pass: https, or a loopback host. */
export function canHoldPlayPass(request: Request): boolean {
  const url = new URL(request.url);
  return url.protocol === "https:" || ["localhost", "127.0.0.1", "[::1]"].includes(url.hostname);
}

/** The Set-Cookie of the pass for one launch token. */
export function playPassCookie(token: string): string {
  return `${NAME}=${sign(token, env().sessionSecrets[0]!)}; Path=/play/${token}; Max-Age=43200; HttpOnly; Secure; SameSite=None`;
}

/** Whether the request carries the pass for this token (any of the rotating secrets signed it). */
export function hasPlayPass(request: Request, token: string): boolean {
  const given = (request.headers.get("Cookie") ?? "")
    .split(";")
    .map((c) => c.trim())
    .filter((c) => c.startsWith(`${NAME}=`))
    .map((c) => Buffer.from(c.slice(NAME.length + 1)));
  return env().sessionSecrets.some((secret) => {
    const expected = Buffer.from(sign(token, secret));
    return given.some((g) => g.length === expected.length && timingSafeEqual(g, expected));
  });
}
