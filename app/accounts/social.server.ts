import { createHash, timingSafeEqual } from "node:crypto";
import { redirect } from "@remix-run/node";
import * as oidc from "openid-client";
import { z } from "zod";
import { startSession } from "~/accounts/session-start.server";
import { requestContext, type RequestContext } from "~/context.server";
import { safeRedirect } from "~/domain/paths";
import { moduleOn } from "~/domain/modules";
import { env } from "~/env.server";
import { commitSession, redirectWithNotice } from "~/session.server";
import { log } from "~/request-scope.server";

// Social login (decision 013): OpenID Connect's authorization-code flow through openid-client,
// with PKCE (S256), state and nonce kept in the sealed session. /auth/<provider> sends the player to
// the provider; the callback checks the state, exchanges the code with the verifier, checks the ID
// token (issuer, audience, nonce, expiry) and hands it to the platform
// (POST /wps/session/login/<provider>), which checks it again and answers like any login.

export const SOCIAL_PROVIDERS = ["google", "facebook"] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];

export const SOCIAL_MODULES: Record<SocialProvider, string> = { google: "GOOGLELOGIN3", facebook: "FBLOGIN3" };

export type SocialConfig = { issuer: string; clientId: string; clientSecret: string; test: boolean; oauthOnly: boolean };

/** How long a started login may take at the provider before its state is refused. */
const STATE_TTL_MS = 10 * 60 * 1000;
const SCOPES: Record<SocialProvider, string> = { google: "openid email profile", facebook: "openid email public_profile" };
/** Where the real providers publish their OpenID configuration, used once a client id is set. */
const DEFAULT_ISSUERS: Record<SocialProvider, string> = { google: "https://accounts.google.com", facebook: "https://www.facebook.com" };
/**
 * Facebook's published OpenID configuration serves only Limited Login's implicit id_token flow (no
 * token endpoint), so for the real Facebook the code flow (with PKCE) uses its OAuth endpoints and
 * no ID token comes back: the platform checks the access token with Facebook, whose debug_token
 * names the app it was issued to (the audience check).
 */
const FACEBOOK_OAUTH = {
  issuer: "https://www.facebook.com",
  authorization_endpoint: "https://www.facebook.com/v21.0/dialog/oauth",
  token_endpoint: "https://graph.facebook.com/v21.0/oauth/access_token",
};

export function isSocialProvider(value: string | undefined): value is SocialProvider {
  return (SOCIAL_PROVIDERS as readonly (string | undefined)[]).includes(value);
}

/**
 * The provider's issuer and client. Each value comes from its env variable; without PLATFORM_URL
 * the missing ones default to the embedded platform's TEST identity provider on
 * 127.0.0.1:OPERATOR_PORT. Null when anything is missing, or when a real provider is configured
 * without PUBLIC_URL (its redirect URI could not be right behind a proxy): the buttons then hide.
 */
export function socialConfig(provider: SocialProvider): SocialConfig | null {
  const e = env();
  const p = provider === "google" ? "GOOGLE" : "FACEBOOK";
  const testIssuer = !e.PLATFORM_URL && e.OPERATOR_PORT > 0 ? `http://127.0.0.1:${e.OPERATOR_PORT}/idp/${provider}` : undefined;
  const clientId = e[`${p}_CLIENT_ID`] ?? (testIssuer && `test-${provider}-client`);
  const clientSecret = e[`${p}_CLIENT_SECRET`] ?? (testIssuer && `test-${provider}-secret`);
  const issuer = e[`${p}_ISSUER`] ?? (e[`${p}_CLIENT_ID`] ? DEFAULT_ISSUERS[provider] : testIssuer);
  if (!issuer || !clientId || !clientSecret) return null;
  const test = issuer === testIssuer;
  if (!test && !e.PUBLIC_URL) return null;
  return { issuer, clientId, clientSecret, test, oauthOnly: provider === "facebook" && issuer === DEFAULT_ISSUERS.facebook };
}

/** The providers whose button shows: module on and provider configured. */
export function socialButtons(modules: Record<string, boolean>): SocialProvider[] {
  return SOCIAL_PROVIDERS.filter((p) => moduleOn(modules, SOCIAL_MODULES[p]) && socialConfig(p) !== null);
}

type Fetch = (input: string, init: RequestInit) => Promise<Response>;
let providerFetch: Fetch = (input, init) => fetch(input, init);
/** Tests send the provider's calls (discovery, token) to the in-process platform instead of the network. */
export function setSocialFetch(next: Fetch): Fetch {
  const previous = providerFetch;
  providerFetch = next;
  discovered.clear();
  return previous;
}

// Discovery once per provider and process; a failed one is forgotten, so the next login retries.
const discovered = new Map<string, Promise<oidc.Configuration>>();
function oidcConfiguration(config: SocialConfig): Promise<oidc.Configuration> {
  const key = `${config.issuer}|${config.clientId}`;
  let found = discovered.get(key);
  if (!found && config.oauthOnly) {
    const configuration = new oidc.Configuration(
      FACEBOOK_OAUTH,
      config.clientId,
      config.clientSecret,
      oidc.ClientSecretPost(config.clientSecret),
    );
    configuration[oidc.customFetch] = (url, options) => providerFetch(url, options as RequestInit);
    found = Promise.resolve(configuration);
    discovered.set(key, found);
  }
  if (!found) {
    const insecure = new URL(config.issuer).protocol === "http:";
    found = oidc.discovery(new URL(config.issuer), config.clientId, config.clientSecret, oidc.ClientSecretPost(config.clientSecret), {
      [oidc.customFetch]: (url, options) => providerFetch(url, options as RequestInit),
      // Plain http only reaches the test provider on loopback (env checks PUBLIC_URL and issuers).
      execute: insecure ? [oidc.allowInsecureRequests] : [],
      timeout: Math.ceil(env().PLATFORM_TIMEOUT_MS / 1000),
    });
    found.catch(() => discovered.delete(key));
    discovered.set(key, found);
  }
  return found;
}

/** The redirect URI registered with the provider: from PUBLIC_URL (the test provider: this request's origin). */
function callbackUrl(request: Request, provider: SocialProvider, config: SocialConfig): string {
  const base = env().PUBLIC_URL ?? (config.test ? new URL(request.url).origin : "");
  return `${base}/auth/${provider}/callback`;
}

function sameState(a: string, b: string): boolean {
  const digest = (s: string) => createHash("sha256").update(s).digest();
  return timingSafeEqual(digest(a), digest(b));
}

async function failBack(ctx: RequestContext, redirectTo: string): Promise<Response> {
  const back = redirectTo === "/" ? "/login" : `/login?redirectTo=${encodeURIComponent(redirectTo)}`;
  return redirectWithNotice(ctx.session, back, "common:flash.socialFailed", "error");
}

function usable(ctx: RequestContext, provider: string | undefined): { provider: SocialProvider; config: SocialConfig } | null {
  if (!isSocialProvider(provider) || !moduleOn(ctx.status.modules, SOCIAL_MODULES[provider])) return null;
  const config = socialConfig(provider);
  return config ? { provider, config } : null;
}

function logFailure(provider: string, error: unknown) {
  if (env().GATEWAY_LOG !== "off")
    log().warn({ component: "social", provider, err: error instanceof Error ? error.message : String(error) }, "social login failed");
}

/** GET /auth/<provider>?redirectTo=…: state, nonce and PKCE verifier in the session, then off to the provider. */
export async function startSocialLogin(request: Request, providerParam: string | undefined): Promise<Response> {
  const ctx = await requestContext(request);
  const redirectTo = safeRedirect(new URL(request.url).searchParams.get("redirectTo"), "/");
  if (ctx.session.get("token")) return redirect(redirectTo);
  const found = usable(ctx, providerParam);
  if (!found) return failBack(ctx, redirectTo);
  let target: URL;
  try {
    const configuration = await oidcConfiguration(found.config);
    const state = oidc.randomState();
    const nonce = found.config.oauthOnly ? undefined : oidc.randomNonce();
    const verifier = oidc.randomPKCECodeVerifier();
    ctx.session.set("socialState", { provider: found.provider, state, nonce, verifier, redirectTo, at: Date.now() });
    target = oidc.buildAuthorizationUrl(configuration, {
      redirect_uri: callbackUrl(request, found.provider, found.config),
      scope: found.config.oauthOnly ? "email public_profile" : SCOPES[found.provider],
      response_type: "code",
      state,
      ...(nonce ? { nonce } : {}),
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: "S256",
    });
  } catch (error) {
    logFailure(found.provider, error);
    return failBack(ctx, redirectTo);
  }
  return redirect(target.toString(), { headers: { "Set-Cookie": await commitSession(ctx.session), "Cache-Control": "no-store" } });
}

const callbackQuery = z.object({
  state: z.string().min(1).max(500),
  code: z.string().min(1).max(2000).optional(),
  error: z.string().max(200).optional(),
});

/**
 * GET /auth/<provider>/callback?code&state: the state must be the one this session started
 * (single use, 10 minutes); then code + verifier → ID token (checked) → platform login → startSession.
 */
export async function finishSocialLogin(request: Request, providerParam: string | undefined): Promise<Response> {
  const ctx = await requestContext(request);
  const saved = ctx.session.get("socialState");
  ctx.session.unset("socialState");
  const redirectTo = safeRedirect(saved?.redirectTo, "/");
  const found = usable(ctx, providerParam);
  const query = callbackQuery.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  const valid =
    found &&
    saved &&
    query.success &&
    saved.provider === found.provider &&
    Date.now() - saved.at < STATE_TTL_MS &&
    sameState(query.data.state, saved.state);
  if (!valid || !query.data.code || query.data.error || !saved.verifier || (!saved.nonce && !found.config.oauthOnly))
    return failBack(ctx, redirectTo);
  try {
    const configuration = await oidcConfiguration(found.config);
    // The URL the provider sent the player back to, as registered: PUBLIC_URL's, with its query.
    const current = new URL(`${callbackUrl(request, found.provider, found.config)}${new URL(request.url).search}`);
    const tokens = await oidc.authorizationCodeGrant(configuration, current, {
      pkceCodeVerifier: saved.verifier,
      expectedState: saved.state,
      ...(found.config.oauthOnly ? {} : { expectedNonce: saved.nonce, idTokenExpected: true }),
    });
    if (!tokens.id_token && !found.config.oauthOnly) throw new Error("no ID token");
    const result = await ctx.gateway.session.socialLogin(found.provider, { idToken: tokens.id_token, accessToken: tokens.access_token });
    return await startSession(ctx, result, "social", redirectTo);
  } catch (error) {
    logFailure(found.provider, error);
    return failBack(ctx, redirectTo);
  }
}
