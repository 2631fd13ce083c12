import { createHmac, randomUUID, timingSafeEqual } from "node:crypto";
import { env } from "~/env.server";
import { cookieSecure } from "~/session.server";

// The browser's device id (the contract's loginDeviceId): a random UUID in a signed, long-lived
// cookie, sent with every login. Two-factor remembers devices by it, not IPs (issue 11): a second
// browser that knows the password is asked for a code even behind the same address.

const NAME = "device";
/** Browsers keep a cookie at most 400 days; a device that logs in within that keeps its place. */
const MAX_AGE_SECONDS = 400 * 24 * 60 * 60;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

function sign(id: string, secret: string): string {
  return createHmac("sha256", secret).update("device\0").update(id).digest("base64url");
}

function readCookie(header: string | null): string | undefined {
  for (const part of (header ?? "").split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === NAME) return part.slice(eq + 1).trim();
  }
  return undefined;
}

/** This browser's device id, and the cookie to set when it had none (or one we did not sign). */
export function deviceOf(request: Request): { id: string; setCookie?: string } {
  const [id = "", signature = ""] = (readCookie(request.headers.get("Cookie")) ?? "").split(".");
  if (UUID.test(id) && signature) {
    const given = Buffer.from(signature);
    const valid = env().sessionSecrets.some((secret) => {
      const expected = Buffer.from(sign(id, secret));
      return expected.length === given.length && timingSafeEqual(expected, given);
    });
    if (valid) return { id };
  }
  const fresh = randomUUID();
  return {
    id: fresh,
    setCookie: `${NAME}=${fresh}.${sign(fresh, env().sessionSecrets[0]!)}; Path=/; Max-Age=${MAX_AGE_SECONDS}; HttpOnly; SameSite=Lax${cookieSecure() ? "; Secure" : ""}`,
  };
}

/** Adds the device cookie to whatever an action answers: a Response, data() or a thrown redirect. */
export function withDeviceCookie<T>(result: T, setCookie: string | undefined): T {
  if (!setCookie) return result;
  if (result instanceof Response) {
    result.headers.append("Set-Cookie", setCookie);
    return result;
  }
  if (result && typeof result === "object" && "init" in result && "data" in result) {
    const carrier = result as { init: ResponseInit | null };
    const headers = new Headers(carrier.init?.headers);
    headers.append("Set-Cookie", setCookie);
    carrier.init = { ...carrier.init, headers };
  }
  return result;
}
