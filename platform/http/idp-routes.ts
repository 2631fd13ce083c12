import type { Context, Env, Hono } from "hono";
import { z } from "zod";
import type { Db } from "../db/db";
import {
  clientMatches,
  exchangeCode,
  findIdentity,
  isSocialProvider,
  issueCode,
  issuerFor,
  PKCE_VALUE,
  redirectUriRegistered,
  type SocialProvider,
  TEST_CLIENTS,
  TEST_IDENTITIES,
  userInfo,
} from "../services/test-idp";
import { idpSigningKey } from "../services/test-idp-keys";

// The TEST identity provider of decision 013 as an OpenID Connect provider, under /idp/<provider>:
// discovery, authorize (GET the picker, POST the choice), token, userinfo, jwks. Served by the
// platform app and, for the browser, by the operator listener on 127.0.0.1. No JavaScript: one
// form, one button per test identity.

export interface IdpDeps {
  db: Db;
  now: () => Date;
}

const SCOPES: Record<SocialProvider, string[]> = {
  google: ["openid", "email", "profile"],
  facebook: ["openid", "email", "public_profile"],
};
/** The authorization request's parameters (RFC 6749 §4.1.1, RFC 7636 §4.3, OIDC Core §3.1.2.1). */
const REQUEST_PARAMS = [
  "client_id",
  "redirect_uri",
  "response_type",
  "scope",
  "state",
  "code_challenge",
  "code_challenge_method",
  "nonce",
] as const;
type AuthorizeRequest = Record<(typeof REQUEST_PARAMS)[number], string>;

const tokenBody = z.object({
  grant_type: z.string(),
  code: z.string().min(1).max(200),
  redirect_uri: z.string().min(1).max(2000),
  code_verifier: z.string().max(200).optional(),
  client_id: z.string().max(200).optional(),
  client_secret: z.string().max(200).optional(),
});

const esc = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${esc(title)}</title><style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem;background:#f6f6f6}
.warn{background:#fff3cd;border:1px solid #e0b400;padding:.5rem .75rem;border-radius:.5rem}button{display:block;width:100%;margin:.5rem 0;padding:.75rem;font-size:1rem;border-radius:.5rem;border:1px solid #888;background:#fff;cursor:pointer;text-align:left}</style>
</head><body>${body}</body></html>`;
}

function withParams(base: string, params: Record<string, string>): string {
  const url = new URL(base);
  for (const [k, v] of Object.entries(params)) if (v) url.searchParams.set(k, v);
  return url.toString();
}

/** Basic client authentication (RFC 6749 §2.3.1), else the body's client_id and client_secret. */
function clientCredentials(header: string | undefined, body: z.infer<typeof tokenBody>) {
  const basic = header?.match(/^Basic\s+([A-Za-z0-9+/=]+)$/i);
  if (basic?.[1]) {
    const [id, secret] = Buffer.from(basic[1], "base64").toString("utf8").split(":");
    return { id: decodeURIComponent(id ?? ""), secret: decodeURIComponent(secret ?? "") };
  }
  return { id: body.client_id ?? "", secret: body.client_secret ?? "" };
}

/** The query (GET) or urlencoded form (POST) as one value per name, and the names sent twice. */
async function requestParams(c: Context): Promise<{ values: Record<string, string>; repeated: Set<string> }> {
  const form = /urlencoded/i.test(c.req.header("Content-Type") ?? "");
  const search = c.req.method === "GET" ? new URL(c.req.url).searchParams : new URLSearchParams(form ? await c.req.text() : "");
  const values: Record<string, string> = {};
  const repeated = new Set<string>();
  for (const [name, value] of search) {
    if (name in values) repeated.add(name);
    else values[name] = value;
  }
  return { values, repeated };
}

type Checked =
  | { kind: "page"; status: 400 | 404; message: string }
  | { kind: "back"; redirectUri: string; error: string; description: string; state: string }
  | { kind: "ok"; provider: SocialProvider; request: AuthorizeRequest };

/**
 * Until client and redirect URI are known good, errors are a page and never a redirect
 * (RFC 6749 §4.1.2.1: no open redirector); after that they go back to the client with the state.
 */
function checkAuthorizeRequest(provider: SocialProvider | null, values: Record<string, string>, repeated: Set<string>): Checked {
  if (!provider) return { kind: "page", status: 404, message: "Unknown provider." };
  const clientId = values.client_id ?? "";
  const redirectUri = values.redirect_uri ?? "";
  if (repeated.has("client_id") || repeated.has("redirect_uri") || !clientId || !redirectUri) {
    return { kind: "page", status: 400, message: "Invalid authorization request: client_id and redirect_uri are required, once each." };
  }
  if (clientId.length > 200 || !clientMatches(provider, clientId)) return { kind: "page", status: 400, message: "Unknown client." };
  if (redirectUri.length > 2000 || !redirectUriRegistered(provider, redirectUri)) {
    return { kind: "page", status: 400, message: "This redirect_uri is not registered for the client." };
  }
  const state = values.state ?? "";
  const back = (error: string, description: string): Checked => ({
    kind: "back",
    redirectUri,
    error,
    description,
    state: state.length <= 500 ? state : "",
  });
  const twice = REQUEST_PARAMS.find((name) => repeated.has(name));
  if (twice) return back("invalid_request", `${twice} is repeated`);
  if (state.length > 500) return back("invalid_request", "state is too long");
  if (!values.response_type) return back("invalid_request", "response_type is required");
  if (values.response_type !== "code") return back("unsupported_response_type", "only response_type=code is supported");
  // PKCE is required, and only S256: plain would hand the verifier to whoever sees the request.
  if (values.code_challenge_method !== "S256") return back("invalid_request", "code_challenge_method=S256 is required");
  if (!PKCE_VALUE.test(values.code_challenge ?? "")) return back("invalid_request", "code_challenge is required (43-128 characters)");
  if ((values.nonce ?? "").length > 200) return back("invalid_request", "nonce is too long");
  if ((values.scope ?? "").length > 500) return back("invalid_request", "scope is too long");
  const request = Object.fromEntries(REQUEST_PARAMS.map((name) => [name, values[name] ?? ""])) as AuthorizeRequest;
  return { kind: "ok", provider, request };
}

/** Mounted on the platform app and on the operator app alike. */
export function registerIdpRoutes<E extends Env>(app: Hono<E>, deps: IdpDeps): void {
  const providerOf = (name: string): SocialProvider | null => (isSocialProvider(name) ? name : null);
  const errorPage = (message: string) =>
    page("Test identity provider", `<h1>Test identity provider</h1><p class="warn">${esc(message)}</p>`);
  const noStore = { "Cache-Control": "no-store", Pragma: "no-cache" };

  // OIDC Discovery 1.0 §4. The issuer is the origin the client asked, so it equals the URL it
  // discovered from (openid-client checks that) whichever listener or host name it used.
  app.get("/idp/:provider/.well-known/openid-configuration", (c) => {
    const provider = providerOf(c.req.param("provider"));
    if (!provider) return c.json({ error: "not_found" }, 404);
    const issuer = issuerFor(c.req.url, provider);
    return c.json({
      issuer,
      authorization_endpoint: `${issuer}/authorize`,
      token_endpoint: `${issuer}/token`,
      userinfo_endpoint: `${issuer}/userinfo`,
      jwks_uri: `${issuer}/jwks`,
      response_types_supported: ["code"],
      response_modes_supported: ["query"],
      grant_types_supported: ["authorization_code"],
      subject_types_supported: ["public"],
      id_token_signing_alg_values_supported: ["RS256"],
      code_challenge_methods_supported: ["S256"],
      token_endpoint_auth_methods_supported: ["client_secret_post", "client_secret_basic"],
      scopes_supported: SCOPES[provider],
      claims_supported: ["iss", "sub", "aud", "iat", "exp", "nonce", "email", "email_verified", "name"],
    });
  });

  app.get("/idp/:provider/jwks", async (c) => {
    const provider = providerOf(c.req.param("provider"));
    if (!provider) return c.json({ error: "not_found" }, 404);
    const key = await idpSigningKey(deps.db, provider);
    return c.json({ keys: [key.publicJwk] });
  });

  app.get("/idp/:provider/authorize", async (c) => {
    const { values, repeated } = await requestParams(c);
    const checked = checkAuthorizeRequest(providerOf(c.req.param("provider")), values, repeated);
    if (checked.kind === "page") return c.html(errorPage(checked.message), checked.status);
    if (checked.kind === "back") {
      return c.redirect(
        withParams(checked.redirectUri, { error: checked.error, error_description: checked.description, state: checked.state }),
        302,
      );
    }
    const hidden = Object.entries(checked.request)
      .map(([k, v]) => `<input type="hidden" name="${k}" value="${esc(v)}">`)
      .join("");
    const { provider } = checked;
    const buttons = TEST_IDENTITIES[provider]
      .map(
        (i) =>
          `<button type="submit" name="identity" value="${esc(i.sub)}">${esc(i.name)}<br><small>${esc(i.email)} · ${esc(i.sub)}</small></button>`,
      )
      .join("");
    const label = provider === "google" ? "Google" : "Facebook";
    return c.html(
      page(
        `Test ${label} sign-in`,
        `<h1>Test ${label} sign-in</h1>
<p class="warn">TEST identity provider of the reference platform. This is not ${label}: no real account is used.</p>
<p>Continue to the site as:</p>
<form method="post" action="/idp/${provider}/authorize">${hidden}${buttons}
<button type="submit" name="cancel" value="1">Cancel</button></form>`,
      ),
      200,
      noStore,
    );
  });

  app.post("/idp/:provider/authorize", async (c) => {
    const { values, repeated } = await requestParams(c);
    const checked = checkAuthorizeRequest(providerOf(c.req.param("provider")), values, repeated);
    if (checked.kind === "page") return c.html(errorPage(checked.message), checked.status);
    const back = (params: Record<string, string>) => c.redirect(withParams(values.redirect_uri ?? "", params), 302);
    if (checked.kind === "back") return back({ error: checked.error, error_description: checked.description, state: checked.state });
    const { provider, request: q } = checked;
    if (values.cancel) return back({ error: "access_denied", state: q.state });
    const identity = values.identity && !repeated.has("identity") ? findIdentity(provider, values.identity) : undefined;
    if (!identity) return back({ error: "invalid_request", error_description: "unknown test identity", state: q.state });
    const code = await issueCode(deps.db, {
      provider,
      clientId: q.client_id,
      redirectUri: q.redirect_uri,
      subject: identity.sub,
      // The ID token's iss must be what the client discovered: the origin it sent the player to.
      issuer: issuerFor(c.req.url, provider),
      codeChallenge: q.code_challenge,
      nonce: q.nonce,
      now: deps.now(),
    });
    return back({ code, state: q.state });
  });

  app.post("/idp/:provider/token", async (c) => {
    const provider = providerOf(c.req.param("provider"));
    if (!provider) return c.json({ error: "invalid_request" }, 404);
    const type = c.req.header("Content-Type") ?? "";
    const raw: unknown = type.includes("application/json")
      ? await c.req.json().catch(() => null)
      : await c.req.parseBody().catch(() => null);
    const body = tokenBody.safeParse(raw);
    if (!body.success) return c.json({ error: "invalid_request" }, 400, noStore);
    if (body.data.grant_type !== "authorization_code") return c.json({ error: "unsupported_grant_type" }, 400, noStore);
    const client = clientCredentials(c.req.header("Authorization"), body.data);
    if (!clientMatches(provider, client.id, client.secret)) return c.json({ error: "invalid_client" }, 401, noStore);
    const answer = await exchangeCode(deps.db, {
      provider,
      clientId: TEST_CLIENTS[provider].clientId,
      redirectUri: body.data.redirect_uri,
      code: body.data.code,
      codeVerifier: body.data.code_verifier,
      now: deps.now(),
    });
    if (!answer.ok) return c.json({ error: answer.error }, 400, noStore);
    return c.json(
      { access_token: answer.accessToken, token_type: "Bearer", expires_in: answer.expiresIn, id_token: answer.idToken },
      200,
      noStore,
    );
  });

  app.get("/idp/:provider/userinfo", async (c) => {
    const provider = providerOf(c.req.param("provider"));
    const token = c.req.header("Authorization")?.match(/^Bearer\s+([\w.~+/=-]+)$/i)?.[1];
    const info = provider && token ? await userInfo(deps.db, provider, token, deps.now()) : null;
    if (!info) return c.json({ error: "invalid_token" }, 401, { "WWW-Authenticate": 'Bearer error="invalid_token"' });
    return c.json(info, 200, { "Cache-Control": "no-store" });
  });
}
