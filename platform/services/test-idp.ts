import { randomBytes } from "node:crypto";
import { constantTimeEqual, hashToken } from "../crypto";
import type { Db } from "../db/db";

// The TEST identity provider (decision 013): a small OAuth 2.0 authorization-code server that
// stands in for Google and Facebook on a machine without internet. Its identities and clients
// are fixed here; it never talks to the real providers.

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

export function findIdentity(provider: SocialProvider, sub: string): TestIdentity | undefined {
  return TEST_IDENTITIES[provider].find((i) => i.sub === sub);
}

export function clientMatches(provider: SocialProvider, clientId: string, clientSecret?: string): boolean {
  const client = TEST_CLIENTS[provider];
  if (!constantTimeEqual(clientId, client.clientId)) return false;
  return clientSecret === undefined || constantTimeEqual(clientSecret, client.clientSecret);
}

/** A redirect URI the test provider accepts: absolute http(s), no fragment, no credentials. */
export function validRedirectUri(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && !url.hash && !url.username && !url.password;
  } catch {
    return false;
  }
}

export async function issueCode(
  db: Db,
  input: { provider: SocialProvider; clientId: string; redirectUri: string; subject: string; now: Date },
): Promise<string> {
  const code = randomBytes(24).toString("base64url");
  await db.query(
    `INSERT INTO idp_codes (code_hash, provider, client_id, redirect_uri, subject, expires_at) VALUES ($1, $2, $3, $4, $5, $6)`,
    [hashToken(code), input.provider, input.clientId, input.redirectUri, input.subject, new Date(input.now.getTime() + CODE_LIFETIME_MS)],
  );
  return code;
}

export type TokenAnswer =
  | { ok: true; accessToken: string; expiresIn: number }
  | { ok: false; error: "invalid_grant" };

/** Uses the code up (right or wrong client, once only), then issues an access token. */
export async function exchangeCode(
  db: Db,
  input: { provider: SocialProvider; clientId: string; redirectUri: string; code: string; now: Date },
): Promise<TokenAnswer> {
  const [row] = await db.query<{ client_id: string; redirect_uri: string; subject: string; expires_at: Date }>(
    `UPDATE idp_codes SET used_at = $3 WHERE code_hash = $1 AND provider = $2 AND used_at IS NULL
     RETURNING client_id, redirect_uri, subject, expires_at`,
    [hashToken(input.code), input.provider, input.now],
  );
  if (!row || new Date(row.expires_at).getTime() <= input.now.getTime()) return { ok: false, error: "invalid_grant" };
  if (row.client_id !== input.clientId || row.redirect_uri !== input.redirectUri) return { ok: false, error: "invalid_grant" };
  const identity = findIdentity(input.provider, row.subject);
  if (!identity) return { ok: false, error: "invalid_grant" };
  const accessToken = randomBytes(32).toString("base64url");
  await db.query(
    `INSERT INTO idp_tokens (token_hash, provider, subject, email, name, expires_at) VALUES ($1, $2, $3, $4, $5, $6)`,
    [hashToken(accessToken), input.provider, identity.sub, identity.email, identity.name, new Date(input.now.getTime() + TOKEN_LIFETIME_SECONDS * 1000)],
  );
  return { ok: true, accessToken, expiresIn: TOKEN_LIFETIME_SECONDS };
}

/** What userinfo answers for a live access token of this provider, else null. */
export async function userInfo(db: Db, provider: SocialProvider, accessToken: string, now: Date): Promise<TestIdentity | null> {
  const [row] = await db.query<{ subject: string; email: string; name: string }>(
    "SELECT subject, email, name FROM idp_tokens WHERE token_hash = $1 AND provider = $2 AND expires_at > $3",
    [hashToken(accessToken), provider, now],
  );
  return row ? { sub: row.subject, email: row.email, name: row.name } : null;
}
