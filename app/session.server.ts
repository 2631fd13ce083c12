import { createCookieSessionStorage, type Session } from "@remix-run/node";
import { env } from "~/env.server";

// The platform token, account type and user name live in a signed, httpOnly, SameSite=Lax
// cookie session ("session storage" in SPEC.md means this). Never a password.
export type SmsSent = { mobile: string; at: number; seconds: number };

export type SessionData = {
  token: string;
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
  /** A social login in progress: the OAuth state sent to the provider (decision 013). */
  socialState: { provider: "google" | "facebook"; state: string; redirectTo: string; at: number };
};
export type FlashData = { notice: string; error: string };

export function cookieSecure(): boolean {
  const raw = process.env.COOKIE_SECURE;
  if (raw === "true" || raw === "false") return raw === "true";
  return env().NODE_ENV === "production";
}

let storage: ReturnType<typeof createCookieSessionStorage<SessionData, FlashData>> | undefined;
function sessionStorage() {
  storage ??= createCookieSessionStorage<SessionData, FlashData>({
    cookie: {
      name: "__session",
      httpOnly: true,
      sameSite: "lax",
      path: "/",
      secure: cookieSecure(),
      // Secrets rotate through SESSION_SECRET's comma list: the first signs, all verify.
      secrets: env().sessionSecrets,
    },
  });
  return storage;
}

export type AppSession = Session<SessionData, FlashData>;

export function getSession(request: Request): Promise<AppSession> {
  return sessionStorage().getSession(request.headers.get("Cookie"));
}

export function commitSession(session: AppSession): Promise<string> {
  return sessionStorage().commitSession(session);
}

export function destroySession(session: AppSession): Promise<string> {
  return sessionStorage().destroySession(session);
}
