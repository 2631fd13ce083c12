import { createHash, hkdfSync } from "node:crypto";
import { createSession, type Session } from "@remix-run/node";
import { defaults as ironDefaults, seal, unseal } from "iron-webcrypto";
import { env } from "~/env.server";
import { log } from "~/request-scope.server";

// The platform token, account type and user name live in a sealed (encrypted and authenticated),
// httpOnly, SameSite=Lax cookie session ("session storage" in SPEC.md means this). Never a password.
export type SmsSent = { mobile: string; at: number; seconds: number };

export type SessionData = {
  token: string;
  /** When this login began: the session ends SESSION_MAX_AGE_HOURS later however active it is. */
  startedAt: number;
  accountType: number;
  userName: string;
  rankLevel: number;
  balanceHidden: boolean;
  /** The platform asked for the image captcha on this player's logins. */
  captchaRequired: boolean;
  /** The cookie the platform bound the current captcha image to, and when it was fetched. */
  captchaId: string;
  captchaAt: number;
  /** When a verification code was last sent, per purpose (register, login, reset, twoFactor). */
  sms: Record<string, SmsSent>;
  /** Two-factor in progress: the platform's token and what it offered. */
  twoFactor: { verificationToken: string; methods: string[]; mobile?: string; email?: string; redirectTo: string };
  /** The password must change before anything else (default or expired password). */
  mustChangePassword: boolean;
  /** The game open in the frame (/game, /lottert): kept here so the page can be reloaded. */
  game: { url: string; from: string; kind: "casino" | "lottery"; userName: string };
  /** The reality check (responsible gaming): interval, when the session began, the last reminder. */
  realityCheck: { minutes: number; startedAt: number; lastShownAt?: number };
  /** Where the member centre's close button goes (the page the player came from). */
  centreReturn: string;
  /** The announcement popup opened by itself in this login (it does so once). */
  popupShown: boolean;
  /** The operator's day on which the player asked not to see the popup again. */
  popupDismissedDay: string;
  /** A social login in progress: the OAuth state sent to the provider (decision 013). */
  socialState: { provider: "google" | "facebook"; state: string; nonce?: string; verifier?: string; redirectTo: string; at: number };
};
/** What a login put in the session: gone when it ends (logout keeps nothing; expiry keeps the rest). */
export const SIGNED_IN_KEYS = ["token", "startedAt", "accountType", "userName", "rankLevel", "game", "realityCheck", "mustChangePassword", "popupShown"] as const;

export type FlashData = { notice: string; error: string };

export function cookieSecure(): boolean {
  const raw = process.env.COOKIE_SECURE;
  if (raw === "true" || raw === "false") return raw === "true";
  return env().NODE_ENV === "production";
}

/**
 * The session cookie is sealed, not just signed (iron: AES-256-CBC then HMAC-SHA256): the
 * platform's bearer token must not be readable by whoever copies the cookie out of a browser.
 * Every SESSION_SECRET in the comma list gives a key; the first seals, all open, so secrets rotate
 * without logging anybody out.
 */
const COOKIE = "__session";

type Keys = { current: { id: string; secret: string }; all: Record<string, string> };
let keys: Keys | undefined;
function sealKeys(): Keys {
  if (keys) return keys;
  const derived = env().sessionSecrets.map((secret) => {
    // A key per purpose, so the cookie key is never the one that signs play passes or honeypots.
    const key = Buffer.from(hkdfSync("sha256", secret, "betting-web", "session cookie", 32)).toString("hex");
    return { id: createHash("sha256").update(key).digest("hex").slice(0, 8), secret: key };
  });
  keys = { current: derived[0]!, all: Object.fromEntries(derived.map((k) => [k.id, k.secret])) };
  return keys;
}

/** How long a login lasts however active the player is (SESSION_MAX_AGE_HOURS, 24 by default). */
export function sessionMaxAgeMs(): number {
  const hours = Number(process.env.SESSION_MAX_AGE_HOURS ?? 24);
  return (Number.isFinite(hours) && hours > 0 ? hours : 24) * 60 * 60 * 1000;
}

/** A signed-in session older than its absolute lifetime (decision 004). */
export function sessionOutlived(session: AppSession, now = Date.now()): boolean {
  if (!session.get("token")) return false;
  const startedAt = session.get("startedAt");
  return typeof startedAt !== "number" || now - startedAt > sessionMaxAgeMs();
}

function readCookie(header: string | null): string | undefined {
  for (const part of (header ?? "").split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === COOKIE) return part.slice(eq + 1).trim();
  }
  return undefined;
}

function attributes(maxAge?: number): string {
  return `; Path=/; HttpOnly; SameSite=Lax${cookieSecure() ? "; Secure" : ""}${maxAge === undefined ? "" : `; Max-Age=${maxAge}${maxAge === 0 ? "; Expires=Thu, 01 Jan 1970 00:00:00 GMT" : ""}`}`;
}

// Seal and open cost a key derivation each (a few hundred microseconds); a page's loaders share one.
const SEAL = { ...ironDefaults, ttl: 0 };

export type AppSession = Session<SessionData, FlashData>;

export async function getSession(request: Request): Promise<AppSession> {
  const sealed = readCookie(request.headers.get("Cookie"));
  if (sealed) {
    try {
      const data = await unseal(sealed, sealKeys().all, SEAL);
      if (data && typeof data === "object") return createSession<SessionData, FlashData>(data as SessionData);
    } catch {
      // Tampered, sealed with a retired secret, or a cookie from before sealing: a new session.
    }
  }
  return createSession<SessionData, FlashData>();
}

/** Browsers keep about 4 KB a cookie; the session stays far below it, but say so if it ever grows. */
const COOKIE_WARN_BYTES = 3800;

export async function commitSession(session: AppSession): Promise<string> {
  const sealed = await seal(session.data, sealKeys().current, SEAL);
  if (sealed.length > COOKIE_WARN_BYTES) log().warn({ component: "session", bytes: sealed.length }, "session cookie near the browser limit");
  return `${COOKIE}=${sealed}${attributes()}`;
}

export async function destroySession(_session: AppSession): Promise<string> {
  return `${COOKIE}=${attributes(0)}`;
}
