import { createHash, hkdfSync } from "node:crypto";
import { createSession, redirect, type Session } from "@remix-run/node";
import { defaults as ironDefaults, seal, unseal } from "iron-webcrypto";
import { env } from "~/env.server";
import { log, requestScope } from "~/request-scope.server";

// The platform token, account type and user name live in a sealed (encrypted and authenticated),
// httpOnly, SameSite=Lax cookie session ("session storage" in docs/SPEC.md means this). Never a password.
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
  /**
   * Money moves whose outcome is not known yet, each with the requestId its form keeps and the
   * account it belongs to (decision 033): kept through an expired login, gone at logout.
   */
  moneyPending: Array<{ form: string; requestId: string; at: number; user: string; fields: Record<string, string> }>;
};
/** What a login put in the session: gone when it ends (logout keeps nothing; expiry keeps the rest). */
export const SIGNED_IN_KEYS = [
  "token",
  "startedAt",
  "accountType",
  "userName",
  "rankLevel",
  "game",
  "realityCheck",
  "mustChangePassword",
  "popupShown",
] as const;

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

/**
 * Cookies opened lately, by their sealed text (issue 14: opening one was a tenth of a signed-in
 * page's CPU, two key derivations through WebCrypto). A sealed text is authenticated, so the same
 * text always opens to the same data; only texts that opened are kept (a forged one never is), at
 * most 2,000, and each page gets its own copy of the data.
 */
const opened = new Map<string, string>();
const OPENED_MAX = 2_000;

async function openCookie(sealed: string): Promise<SessionData | undefined> {
  const known = opened.get(sealed);
  if (known !== undefined) return JSON.parse(known) as SessionData;
  const data = await unseal(sealed, sealKeys().all, SEAL);
  if (!data || typeof data !== "object") return undefined;
  if (opened.size >= OPENED_MAX) opened.delete(opened.keys().next().value!);
  opened.set(sealed, JSON.stringify(data));
  return data as SessionData;
}

export async function getSession(request: Request): Promise<AppSession> {
  const sealed = readCookie(request.headers.get("Cookie"));
  if (sealed) {
    try {
      const data = await openCookie(sealed);
      if (data) return createSession<SessionData, FlashData>(data);
    } catch {
      // Tampered, sealed with a retired secret, or a cookie from before sealing: a new session.
    }
  }
  return createSession<SessionData, FlashData>();
}

/** Browsers keep about 4 KB a cookie; the session stays far below it, but say so if it ever grows. */
const COOKIE_WARN_BYTES = 3800;

export async function commitSession(session: AppSession): Promise<string> {
  requestScope()?.memo?.set(COMMITTED, session);
  const sealed = await seal(session.data, sealKeys().current, SEAL);
  if (sealed.length > COOKIE_WARN_BYTES)
    log().warn({ component: "session", bytes: sealed.length }, "session cookie near the browser limit");
  return `${COOKIE}=${sealed}${attributes()}`;
}

/** An action's answer after it did its work: the notice (or an error) flashed, the session sealed, a redirect to `to`. */
export async function redirectWithNotice(
  session: AppSession,
  to: string,
  notice: string,
  kind: keyof FlashData = "notice",
  headers?: HeadersInit,
): Promise<ReturnType<typeof redirect>> {
  session.flash(kind, notice);
  const answer = new Headers(headers);
  answer.append("Set-Cookie", await commitSession(session));
  return redirect(to, { headers: answer });
}

const COMMITTED = "session:committed";

/**
 * One session cookie per answer, sealed from the session as the request left it. A page's loaders
 * share one session and run together, and each that changes it commits; the browser keeps the
 * last Set-Cookie of the answer, which is in route order, not in the order they were sealed. So
 * the home page's popup (sealed first, the sign-in notice still in it) came after the shell's
 * (sealed later, the notice read) and the notice showed again on the next page. With two or more
 * session cookies in one answer they are replaced by one sealed now; a deletion (logout) wins.
 */
export async function oneSessionCookie(headers: Headers): Promise<void> {
  const all = headers.getSetCookie();
  const ours = all.filter((c) => c.startsWith(`${COOKIE}=`));
  if (ours.length < 2) return;
  const deletion = ours.find((c) => /;\s*Max-Age=0(?:;|$)/i.test(c));
  const session = requestScope()?.memo?.get(COMMITTED) as AppSession | undefined;
  const final = deletion ?? (session ? await commitSession(session) : ours.at(-1)!);
  headers.delete("Set-Cookie");
  for (const cookie of all) if (!cookie.startsWith(`${COOKIE}=`)) headers.append("Set-Cookie", cookie);
  headers.append("Set-Cookie", final);
}

export async function destroySession(_session: AppSession): Promise<string> {
  return `${COOKIE}=${attributes(0)}`;
}
