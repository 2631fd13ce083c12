import { createHmac, timingSafeEqual } from "node:crypto";
import CryptoJS from "crypto-js";
import { Honeypot } from "remix-utils/honeypot/server";
import { data } from "@remix-run/node";
import type { FormRefusal } from "~/domain/form-refusal";
import { env } from "~/env.server";
import { getSession, type AppSession } from "~/session.server";

// Authenticated forms carry a CSRF token; public forms a honeypot.

/**
 * The form token is derived from the session's platform token (HMAC with the session secret): a
 * token from one login fails in every other, and it ends with the login. Nothing else to store.
 */
function csrfFor(platformToken: string, secret: string): string {
  return createHmac("sha256", secret).update("csrf\0").update(platformToken).digest("base64url");
}

/** The token the signed-in player's forms carry; empty for visitors (they have no such forms). */
export function csrfToken(session: AppSession): string {
  const token = session.get("token");
  return token ? csrfFor(token, env().sessionSecrets[0]!) : "";
}

function csrfMatches(session: AppSession, posted: FormDataEntryValue | null): boolean {
  const token = session.get("token");
  if (!token || typeof posted !== "string" || posted.length === 0) return false;
  const given = Buffer.from(posted);
  // Any secret in the rotation list: a form opened before a rotation still posts.
  return env().sessionSecrets.some((secret) => {
    const expected = Buffer.from(csrfFor(token, secret));
    return expected.length === given.length && timingSafeEqual(expected, given);
  });
}

/** When a honeypot stamp was handed out (ms), by any secret of the rotation list; NaN when none reads it. */
function stampIssuedAt(stamp: string): number {
  for (const secret of env().sessionSecrets) {
    try {
      // remix-utils' own encryption (crypto-js AES with the secret as passphrase); a stamp that is
      // not one of ours can make the decoding throw ("Malformed UTF-8") instead of giving "".
      const text = CryptoJS.AES.decrypt(stamp, secret).toString(CryptoJS.enc.Utf8);
      const at = /^\d{10,15}$/.test(text) ? Number(text) : Number.NaN;
      if (Number.isFinite(at)) return at;
    } catch {
      // not this secret's
    }
  }
  return Number.NaN;
}

let honeypot: Honeypot | undefined;
export function honeypotProtection(): Honeypot {
  honeypot ??= new Honeypot({ encryptionSeed: env().sessionSecrets[0] });
  return honeypot;
}

let handedOut: { at: number; props: ReturnType<Honeypot["getInputProps"]> } | undefined;
/**
 * The honeypot's fields for the pages rendered now: one stamp a second, shared (issue 14: an AES
 * encryption on every page, form or not, was 2–4% of a page's time). A stamp says when the form
 * was handed out, and the checks (requireHuman) read it to the minute, so a second is no loss.
 */
export function honeypotInputProps(now = Date.now()): ReturnType<Honeypot["getInputProps"]> {
  if (!handedOut || now - handedOut.at >= 1_000 || now < handedOut.at) handedOut = { at: now, props: honeypotProtection().getInputProps() };
  return handedOut.props;
}

/** Throws a 403 response when the form's token is missing or not this session's. */
export async function requireCsrf(request: Request, formData: FormData): Promise<void> {
  const session = await getSession(request);
  if (!csrfMatches(session, formData.get("csrf"))) throw data<FormRefusal>({ refusal: "formExpired" }, { status: 403 });
}

/** A public form's honeypot is good for a day: a script cannot keep posting one it copied once. */
export const HONEYPOT_MAX_AGE_MS = 24 * 60 * 60 * 1000;

/**
 * Throws a 400 response when the honeypot says a script sent the form: its hidden field filled,
 * missing altogether (remix-utils only checks fields that are present), or its stamp unreadable
 * or stale.
 */
export async function requireHuman(formData: FormData): Promise<void> {
  const refused = () => data<FormRefusal>({ refusal: "notAccepted" }, { status: 400 });
  const props = await honeypotInputProps();
  const trap = formData.get(props.nameFieldName);
  const stamp = formData.get(props.validFromFieldName!);
  // The checks remix-utils makes (field present and empty, stamp ours and not in the future), made
  // here so that any bad stamp is a refusal, never an exception, and any rotated secret still reads.
  if (trap !== "" || typeof stamp !== "string" || !stamp || stamp.length > 200) throw refused();
  const age = Date.now() - stampIssuedAt(stamp);
  if (!(age >= -60_000 && age <= HONEYPOT_MAX_AGE_MS)) throw refused();
}

/** The posted form, or a 400 the player can read when the body is not one (broken multipart, bad encoding). */
export async function readForm(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    throw data<FormRefusal>({ refusal: "notAccepted" }, { status: 400 });
  }
}

/** A signed-in player's form: read, and its token checked against the session (403). */
export async function csrfForm(request: Request): Promise<FormData> {
  const formData = await readForm(request);
  await requireCsrf(request, formData);
  return formData;
}

/** A public form: read, and its honeypot checked (400). */
export async function humanForm(request: Request): Promise<FormData> {
  const formData = await readForm(request);
  await requireHuman(formData);
  return formData;
}
