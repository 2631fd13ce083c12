import { createHash, randomBytes } from "node:crypto";
import { SignJWT } from "jose";
import { constantTimeEqual, hashToken } from "../crypto";
import type { Db } from "../db/db";
import { idpSigningKey } from "./test-idp-keys";

// The TEST identity provider (decision 013): a small, strict OpenID Connect provider (authorization
// code with PKCE S256, RS256 ID tokens) that stands in for Google and Facebook on a machine without
// internet. Its identities and clients are fixed here; it never talks to the real providers.

export const SOCIAL_PROVIDERS = ["google", "facebook"] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];

export function isSocialProvider(value: string): value is SocialProvider {
  return (SOCIAL_PROVIDERS as readonly string[]).includes(value);
}

export interface TestIdentity {
  sub: string;
  email: string;
  name: string;
}

export const TEST_IDENTITIES: Record<SocialProvider, TestIdentity[]> = {
  google: [
    { sub: "google-sub-1001", email: "gplayer@example.com", name: "Google Test User" },
    { sub: "google-sub-1002", email: "gplayer2@example.com", name: "Google Second User" },
  ],
  facebook: [
    { sub: "fb-2002", email: "fbplayer@example.com", name: "Facebook Test User" },
    { sub: "fb-2003", email: "fbplayer2@example.com", name: "Facebook Second User" },
  ],
};

/** The clients registered with the test provider; the app's env defaults carry the same values. */
export const TEST_CLIENTS: Record<SocialProvider, { clientId: string; clientSecret: string }> = {
  google: { clientId: "test-google-client", clientSecret: "test-google-secret" },
  facebook: { clientId: "test-facebook-client", clientSecret: "test-facebook-secret" },
};

export const CODE_LIFETIME_MS = 2 * 60 * 1000;
export const TOKEN_LIFETIME_SECONDS = 3600;
export const ID_TOKEN_LIFETIME_SECONDS = 600;

export function findIdentity(provider: SocialProvider, sub: string): TestIdentity | undefined {
  return TEST_IDENTITIES[provider].find((i) => i.sub === sub);
}

export function clientMatches(provider: SocialProvider, clientId: string, clientSecret?: string): boolean {
  const client = TEST_CLIENTS[provider];
  if (!constantTimeEqual(clientId, client.clientId)) return false;
  return clientSecret === undefined || constantTimeEqual(clientSecret, client.clientSecret);
}

/** An absolute http(s) URI without fragment or credentials: what may be registered as a redirect URI. */
function absoluteHttpUri(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && !url.hash && !url.username && !url.password;
  } catch {
    return false;
  }
}

/**
 * The client's registered redirect URIs: IDP_REDIRECT_URIS (comma list, for both clients) when set,
 * else the site's callback on PUBLIC_URL, localhost:PORT and 127.0.0.1:PORT. Read per request, so
 * a changed env counts at once.
 */
export function registeredRedirectUris(provider: SocialProvider, env: NodeJS.ProcessEnv = process.env): string[] {
  const listed = env.IDP_REDIRECT_URIS?.trim();
  if (listed)
    return listed
      .split(",")
      .map((uri) => uri.trim())
      .filter(absoluteHttpUri);
  const port = env.PORT || "3000";
  const bases = [env.PUBLIC_URL?.replace(/\/+$/, ""), `http://localhost:${port}`, `http://127.0.0.1:${port}`];
  return bases.filter((base): base is string => !!base).map((base) => `${base}/auth/${provider}/callback`);
}

/** Exact string match only (RFC 6749 §3.1.2.2): no prefix, no normalising. */
export function redirectUriRegistered(provider: SocialProvider, uri: string): boolean {
  return registeredRedirectUris(provider).includes(uri);
}

/** RFC 7636 §4.1/§4.2: 43–128 unreserved characters, for a verifier and an S256 challenge alike. */
export const PKCE_VALUE = /^[A-Za-z0-9._~-]{43,128}$/;

export function s256(verifier: string): string {
  return createHash("sha256").update(verifier, "ascii").digest("base64url");
}

/** Where the provider says it lives: the origin the client reached it at, plus /idp/<provider>. */
export function issuerFor(requestUrl: string, provider: SocialProvider): string {
  return `${new URL(requestUrl).origin}/idp/${provider}`;
}

export async function issueCode(
  db: Db,
  input: {
    provider: SocialProvider;
    clientId: string;
    redirectUri: string;
    subject: string;
    issuer: string;
    codeChallenge: string;
    nonce?: string;
    now: Date;
  },
): Promise<string> {
  const code = randomBytes(24).toString("base64url");
  await db.query(
    `INSERT INTO idp_codes (code_hash, provider, client_id, redirect_uri, subject, expires_at, issuer, code_challenge, nonce)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [
      hashToken(code),
      input.provider,
      input.clientId,
      input.redirectUri,
      input.subject,
      new Date(input.now.getTime() + CODE_LIFETIME_MS),
      input.issuer,
      input.codeChallenge,
      input.nonce || null,
    ],
  );
  return code;
}

/** An RS256 ID token (OpenID Connect Core §2) for the identity, signed with the provider's key. */
export async function signIdToken(
  db: Db,
  input: { provider: SocialProvider; issuer: string; clientId: string; identity: TestIdentity; nonce?: string | null; now: Date },
): Promise<string> {
  const key = await idpSigningKey(db, input.provider);
  const iat = Math.floor(input.now.getTime() / 1000);
  const claims = {
    email: input.identity.email,
    email_verified: true,
    name: input.identity.name,
    ...(input.nonce ? { nonce: input.nonce } : {}),
  };
  return new SignJWT(claims)
    .setProtectedHeader({ alg: "RS256", kid: key.kid, typ: "JWT" })
    .setIssuer(input.issuer)
    .setSubject(input.identity.sub)
    .setAudience(input.clientId)
    .setIssuedAt(iat)
    .setExpirationTime(iat + ID_TOKEN_LIFETIME_SECONDS)
    .sign(key.privateKey);
}

export type TokenAnswer = { ok: true; accessToken: string; expiresIn: number; idToken: string } | { ok: false; error: "invalid_grant" };

/**
 * Uses the code up (right or wrong client or verifier, once only), then issues an access token
 * and an ID token. The verifier must hash to the code's challenge (RFC 7636 §4.6).
 */
export async function exchangeCode(
  db: Db,
  input: { provider: SocialProvider; clientId: string; redirectUri: string; code: string; codeVerifier?: string; now: Date },
): Promise<TokenAnswer> {
  const [row] = await db.query<{
    client_id: string;
    redirect_uri: string;
    subject: string;
    expires_at: Date;
    issuer: string | null;
    code_challenge: string | null;
    nonce: string | null;
  }>(
    `UPDATE idp_codes SET used_at = $3 WHERE code_hash = $1 AND provider = $2 AND used_at IS NULL
     RETURNING client_id, redirect_uri, subject, expires_at, issuer, code_challenge, nonce`,
    [hashToken(input.code), input.provider, input.now],
  );
  const invalid = { ok: false, error: "invalid_grant" } as const;
  if (!row || new Date(row.expires_at).getTime() <= input.now.getTime()) return invalid;
  if (row.client_id !== input.clientId || row.redirect_uri !== input.redirectUri) return invalid;
  // Codes issued before migration 011 have no challenge or issuer: they are refused like any other.
  if (!row.code_challenge || !row.issuer || !input.codeVerifier || !PKCE_VALUE.test(input.codeVerifier)) return invalid;
  if (!constantTimeEqual(s256(input.codeVerifier), row.code_challenge)) return invalid;
  const identity = findIdentity(input.provider, row.subject);
  if (!identity) return invalid;
  const accessToken = randomBytes(32).toString("base64url");
  await db.query(`INSERT INTO idp_tokens (token_hash, provider, subject, email, name, expires_at) VALUES ($1, $2, $3, $4, $5, $6)`, [
    hashToken(accessToken),
    input.provider,
    identity.sub,
    identity.email,
    identity.name,
    new Date(input.now.getTime() + TOKEN_LIFETIME_SECONDS * 1000),
  ]);
  const idToken = await signIdToken(db, {
    provider: input.provider,
    issuer: row.issuer,
    clientId: row.client_id,
    identity,
    nonce: row.nonce,
    now: input.now,
  });
  return { ok: true, accessToken, expiresIn: TOKEN_LIFETIME_SECONDS, idToken };
}

/** What userinfo answers for a live access token of this provider, else null. */
export async function userInfo(db: Db, provider: SocialProvider, accessToken: string, now: Date): Promise<TestIdentity | null> {
  const [row] = await db.query<{ subject: string; email: string; name: string }>(
    "SELECT subject, email, name FROM idp_tokens WHERE token_hash = $1 AND provider = $2 AND expires_at > $3",
    [hashToken(accessToken), provider, now],
  );
  return row ? { sub: row.subject, email: row.email, name: row.name } : null;
}
