import { CSRF, CSRFError } from "remix-utils/csrf/server";
import { Honeypot, SpamError } from "remix-utils/honeypot/server";
import { createCookie } from "@remix-run/node";
import { env } from "~/env.server";
import { cookieSecure } from "~/session.server";

// Authenticated forms carry a CSRF token; public forms a honeypot.

let csrf: CSRF | undefined;
export function csrfProtection(): CSRF {
  csrf ??= new CSRF({
    cookie: createCookie("csrf", {
      path: "/",
      httpOnly: true,
      sameSite: "lax",
      secure: cookieSecure(),
      secrets: env().sessionSecrets,
    }),
    formDataKey: "csrf",
    secret: env().sessionSecrets[0],
  });
  return csrf;
}

let honeypot: Honeypot | undefined;
export function honeypotProtection(): Honeypot {
  honeypot ??= new Honeypot({ encryptionSeed: env().sessionSecrets[0] });
  return honeypot;
}

/** Throws a 403 response when the request's CSRF token is missing or wrong. */
export async function requireCsrf(request: Request, formData: FormData): Promise<void> {
  try {
    await csrfProtection().validate(formData, request.headers);
  } catch (error) {
    if (error instanceof CSRFError) throw new Response("Invalid or missing form token. Reload the page and try again.", { status: 403 });
    throw error;
  }
}

/** Throws a 400 response when a bot filled the honeypot. */
export async function requireHuman(formData: FormData): Promise<void> {
  try {
    await honeypotProtection().check(formData);
  } catch (error) {
    if (error instanceof SpamError) throw new Response("Form not accepted.", { status: 400 });
    throw error;
  }
}
