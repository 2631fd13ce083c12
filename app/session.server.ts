import { createCookieSessionStorage, type Session } from "@remix-run/node";
import { env } from "~/env.server";

// The platform token, account type and user name live in a signed, httpOnly, SameSite=Lax
// cookie session ("session storage" in SPEC.md means this). Never a password.
export type SessionData = {
  token: string;
  accountType: number;
  userName: string;
  rankLevel: number;
  balanceHidden: boolean;
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
