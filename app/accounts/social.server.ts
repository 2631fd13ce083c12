import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { redirect } from "@remix-run/node";
import { z } from "zod";
import { startSession } from "~/accounts/session-start.server";
import { requestContext, type RequestContext } from "~/context.server";
import { safeRedirect } from "~/domain/paths";
import { moduleOn } from "~/domain/modules";
import { env } from "~/env.server";
import { commitSession } from "~/session.server";
import { log } from "~/request-scope.server";

// Social login (decision 013): a standard OAuth 2.0 authorization-code redirect. /auth/<provider>
// sends the player to the provider with a random state kept in the session; the callback checks
// the state, exchanges the code server-side and hands the access token to the platform
// (POST /wps/session/login/<provider>), which answers like any login.

export const SOCIAL_PROVIDERS = ["google", "facebook"] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];

export const SOCIAL_MODULES: Record<SocialProvider, string> = { google: "GOOGLELOGIN3", facebook: "FBLOGIN3" };

export type SocialConfig = { authorizeUrl: string; tokenUrl: string; clientId: string; clientSecret: string };

/** How long a started login may take at the provider before its state is refused. */
const STATE_TTL_MS = 10 * 60 * 1000;
const SCOPES: Record<SocialProvider, string> = { google: "openid email profile", facebook: "email public_profile" };

export function isSocialProvider(value: string | undefined): value is SocialProvider {
  return (SOCIAL_PROVIDERS as readonly (string | undefined)[]).includes(value);
}

/**
 * The provider's endpoints and client. Each value comes from its env variable; without
 * PLATFORM_URL the missing ones default to the embedded platform's TEST identity provider on
 * 127.0.0.1:OPERATOR_PORT. Null when anything is still missing (the buttons then stay hidden).
 */
export function socialConfig(provider: SocialProvider): SocialConfig | null {
  const e = env();
  const p = provider === "google" ? "GOOGLE" : "FACEBOOK";
  const test = !e.PLATFORM_URL && e.OPERATOR_PORT > 0 ? `http://127.0.0.1:${e.OPERATOR_PORT}/idp/${provider}` : undefined;
  const config = {
    authorizeUrl: e[`${p}_AUTHORIZE_URL`] ?? (test && `${test}/authorize`),
    tokenUrl: e[`${p}_TOKEN_URL`] ?? (test && `${test}/token`),
    clientId: e[`${p}_CLIENT_ID`] ?? (test && `test-${provider}-client`),
    clientSecret: e[`${p}_CLIENT_SECRET`] ?? (test && `test-${provider}-secret`),
  };
  const { authorizeUrl, tokenUrl, clientId, clientSecret } = config;
  return authorizeUrl && tokenUrl && clientId && clientSecret ? { authorizeUrl, tokenUrl, clientId, clientSecret } : null;
}

/** The providers whose button shows: module on and provider configured. */
export function socialButtons(modules: Record<string, boolean>): SocialProvider[] {
  return SOCIAL_PROVIDERS.filter((p) => moduleOn(modules, SOCIAL_MODULES[p]) && socialConfig(p) !== null);
}

type Fetch = (input: string, init: RequestInit) => Promise<Response>;
let tokenFetch: Fetch = (input, init) => fetch(input, init);
/** Tests send the code exchange to the in-process platform instead of the network. */
export function setSocialFetch(next: Fetch): Fetch {
  const previous = tokenFetch;
  tokenFetch = next;
  return previous;
}

const tokenAnswer = z.object({
  access_token: z.string().min(1).max(4000),
  token_type: z.string().regex(/^bearer$/i).optional(),
});

function callbackUrl(request: Request, provider: SocialProvider): string {
  return `${new URL(request.url).origin}/auth/${provider}/callback`;
}

function sameState(a: string, b: string): boolean {
  const digest = (s: string) => createHash("sha256").update(s).digest();
  return timingSafeEqual(digest(a), digest(b));
}

async function failBack(ctx: RequestContext, redirectTo: string): Promise<Response> {
  ctx.session.flash("error", "common:flash.socialFailed");
  const back = redirectTo === "/" ? "/login" : `/login?redirectTo=${encodeURIComponent(redirectTo)}`;
  return redirect(back, { headers: { "Set-Cookie": await commitSession(ctx.session) } });
}

function usable(ctx: RequestContext, provider: string | undefined): { provider: SocialProvider; config: SocialConfig } | null {
  if (!isSocialProvider(provider) || !moduleOn(ctx.status.modules, SOCIAL_MODULES[provider])) return null;
  const config = socialConfig(provider);
  return config ? { provider, config } : null;
}

/** GET /auth/<provider>?redirectTo=…: a new state in the session, then off to the provider. */
export async function startSocialLogin(request: Request, providerParam: string | undefined): Promise<Response> {
  const ctx = await requestContext(request);
  const redirectTo = safeRedirect(new URL(request.url).searchParams.get("redirectTo"), "/");
  if (ctx.session.get("token")) return redirect(redirectTo);
  const found = usable(ctx, providerParam);
  if (!found) return failBack(ctx, redirectTo);
  const state = randomBytes(24).toString("base64url");
  ctx.session.set("socialState", { provider: found.provider, state, redirectTo, at: Date.now() });
  const target = new URL(found.config.authorizeUrl);
  target.searchParams.set("client_id", found.config.clientId);
  target.searchParams.set("redirect_uri", callbackUrl(request, found.provider));
  target.searchParams.set("state", state);
  target.searchParams.set("response_type", "code");
  target.searchParams.set("scope", SCOPES[found.provider]);
  return redirect(target.toString(), { headers: { "Set-Cookie": await commitSession(ctx.session), "Cache-Control": "no-store" } });
}

const callbackQuery = z.object({
  state: z.string().min(1).max(500),
  code: z.string().min(1).max(2000).optional(),
  error: z.string().max(200).optional(),
});

async function exchangeCode(config: SocialConfig, code: string, redirectUri: string): Promise<string> {
  const response = await tokenFetch(config.tokenUrl, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" },
    body: new URLSearchParams({
      grant_type: "authorization_code", code, redirect_uri: redirectUri, client_id: config.clientId, client_secret: config.clientSecret,
    }).toString(),
    signal: AbortSignal.timeout(env().PLATFORM_TIMEOUT_MS),
  });
  const parsed = tokenAnswer.safeParse(await response.json().catch(() => null));
  if (!response.ok || !parsed.success) throw new Error(`token endpoint answered HTTP ${response.status}`);
  return parsed.data.access_token;
}

/**
 * GET /auth/<provider>/callback?code&state: the state must be the one this session started
 * (single use, 10 minutes); then code → access token → platform login → startSession.
 */
export async function finishSocialLogin(request: Request, providerParam: string | undefined): Promise<Response> {
  const ctx = await requestContext(request);
  const saved = ctx.session.get("socialState");
  ctx.session.unset("socialState");
  const redirectTo = safeRedirect(saved?.redirectTo, "/");
  const found = usable(ctx, providerParam);
  const query = callbackQuery.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  const valid =
    found && saved && query.success && saved.provider === found.provider && Date.now() - saved.at < STATE_TTL_MS && sameState(query.data.state, saved.state);
  if (!valid || !query.data.code || query.data.error) return failBack(ctx, redirectTo);
  try {
    const accessToken = await exchangeCode(found.config, query.data.code, callbackUrl(request, found.provider));
    const result = await ctx.gateway.session.socialLogin(found.provider, accessToken);
    return await startSession(ctx, result, "social", redirectTo);
  } catch (error) {
    if (env().GATEWAY_LOG !== "off") log().warn({ component: "social", provider: found.provider, err: error instanceof Error ? error.message : String(error) }, "social login failed");
    return failBack(ctx, redirectTo);
  }
}
