import { jwtVerify } from "jose";
import { z } from "zod";
import { randomAlphanumeric } from "../crypto";
import { clubLabels } from "../db/seed-data";
import { PlatformError } from "../http/context";
import { type AccountContext, completeLogin, type LoginResult } from "./complete-login";
import type { Merchant } from "./merchants";
import { findMemberById, type MemberRow, TRIAL_ACCOUNT } from "./members";
import { recordEvent } from "./security-events";
import { ID_TOKEN_LIFETIME_SECONDS, type SocialProvider, TEST_CLIENTS, type TestIdentity, userInfo } from "./test-idp";
import { idpSigningKey } from "./test-idp-keys";

// POST /wps/session/login/{google,facebook} {idToken?, accessToken?}: the platform finds out who
// the player is at the provider, then logs the linked member in, or creates one on the first visit.
// An ID token is verified here (signature, audience = the merchant's client, issuer, expiry); the
// reference platform knows only its test provider, so it checks against that provider's key. An
// access token alone is looked up in the test provider's token table (the older wire, kept).
// The link between provider subject and member is final (docs/SPEC.md: bindings cannot change).

export const SOCIAL_MODULES: Record<SocialProvider, string> = { google: "GOOGLELOGIN3", facebook: "FBLOGIN3" };

/** Stored where a password hash would be; verifyPassword never accepts it. */
const NO_PASSWORD = "!social";
const USERNAME_PREFIX: Record<SocialProvider, string> = { google: "g", facebook: "fb" };

function failed(): PlatformError {
  return new PlatformError("social.login.failed", "social.login.failed");
}

export interface SocialCredential {
  idToken?: string;
  accessToken?: string;
}

/** Seconds of clock difference allowed between the provider and this platform. */
const CLOCK_TOLERANCE_SECONDS = 30;

const idTokenClaims = z.object({
  sub: z.string().min(1).max(255),
  email: z.string().max(254).optional(),
  email_verified: z.boolean().optional(),
  name: z.string().max(500).optional(),
});

/** The client id the merchant registered with the provider (setting socialClientIds), else the test client. */
export function socialClientId(merchant: Merchant, provider: SocialProvider): string {
  const ids = merchant.settings.socialClientIds;
  const id = ids && typeof ids === "object" ? (ids as Record<string, unknown>)[provider] : undefined;
  return typeof id === "string" && id ? id : TEST_CLIENTS[provider].clientId;
}

/** An issuer of this platform's test provider for that provider: http(s)://<any host>/…/idp/<provider>. */
function isTestIssuer(provider: SocialProvider, iss: unknown): boolean {
  if (typeof iss !== "string") return false;
  try {
    const url = new URL(iss);
    const web = url.protocol === "http:" || url.protocol === "https:";
    // Exactly origin + path: no query, fragment, credentials or spelling the URL parser would change.
    return web && url.pathname.endsWith(`/idp/${provider}`) && iss === `${url.origin}${url.pathname}`;
  } catch {
    return false;
  }
}

/** Who the ID token names, once it proves to be the test provider's for this merchant's client; else null. */
async function identityFromIdToken(ctx: AccountContext, provider: SocialProvider, idToken: string): Promise<TestIdentity | null> {
  const audience = socialClientId(ctx.merchant, provider);
  // Outside the try: a database that cannot give the key is a system error, not a refused login.
  const { publicKey } = await idpSigningKey(ctx.db, provider);
  try {
    const { payload } = await jwtVerify(idToken, publicKey, {
      algorithms: ["RS256"],
      audience,
      currentDate: ctx.now,
      clockTolerance: CLOCK_TOLERANCE_SECONDS,
      maxTokenAge: ID_TOKEN_LIFETIME_SECONDS,
      requiredClaims: ["iss", "sub", "aud", "exp", "iat"],
    });
    // One audience only: a token also meant for another client is not this merchant's alone.
    const aud = Array.isArray(payload.aud) ? payload.aud : [payload.aud];
    if (aud.length !== 1 || aud[0] !== audience || !isTestIssuer(provider, payload.iss)) return null;
    const claims = idTokenClaims.safeParse(payload);
    if (!claims.success) return null;
    // An address the provider has not verified is not the player's to claim.
    const email = claims.data.email_verified === true ? (claims.data.email ?? "") : "";
    return { sub: claims.data.sub, email, name: claims.data.name ?? "" };
  } catch {
    return null;
  }
}

export async function loginWithSocial(ctx: AccountContext, provider: SocialProvider, credential: SocialCredential): Promise<LoginResult> {
  const { db, merchant, ip, now } = ctx;
  // An access token alone says nothing of whose client it was issued to: once the merchant has
  // registered its own client ids, only an ID token (whose audience is checked) logs in.
  const accessTokenAccepted = !ctx.merchant.settings.socialClientIds;
  const identity =
    credential.idToken !== undefined
      ? await identityFromIdToken(ctx, provider, credential.idToken)
      : credential.accessToken !== undefined && accessTokenAccepted
        ? await userInfo(db, provider, credential.accessToken, now)
        : null;
  if (!identity) throw failed();

  const memberId = await db.tx(async (sql) => {
    // Two first logins of one subject at once must not make two members.
    await sql.query("SELECT pg_advisory_xact_lock(hashtext($1))", [`social:${merchant.code}:${provider}:${identity.sub}`]);
    const [linked] = await sql.query<{ member_id: number }>(
      "SELECT member_id FROM member_social WHERE merchant = $1 AND provider = $2 AND subject = $3",
      [merchant.code, provider, identity.sub],
    );
    if (linked) return Number(linked.member_id);
    const username = `${USERNAME_PREFIX[provider]}_${randomAlphanumeric(10).toLowerCase()}`;
    const nickname = identity.name.slice(0, 50) || username;
    const [row] = await sql.query<{ id: number }>(
      `INSERT INTO members (merchant, username, password_hash, account_type, nickname, email, referral_code, club_label,
                            first_login, password_changed_at, registered_ip, register_info, created_at)
       VALUES ($1, $2, $3, 0, $4, $5, $6, $7, true, $8, $9, $10, $8) RETURNING id`,
      [
        merchant.code,
        username,
        NO_PASSWORD,
        nickname,
        identity.email ? identity.email.toLowerCase() : null,
        randomAlphanumeric(8).toUpperCase(),
        JSON.stringify(clubLabels[1]),
        now,
        ip,
        JSON.stringify({ mode: "social", provider }),
      ],
    );
    if (!row) throw new Error("social member insert returned no id");
    await sql.query(
      "INSERT INTO member_social (merchant, provider, subject, member_id, email, created_at) VALUES ($1, $2, $3, $4, $5, $6)",
      [merchant.code, provider, identity.sub, row.id, identity.email || null, now],
    );
    await recordEvent(sql, { merchant: merchant.code, memberId: row.id, kind: "social.linked", ip, at: now, detail: { provider } });
    return Number(row.id);
  });

  const member: MemberRow | null = await findMemberById(db, memberId);
  if (!member || member.account_type === TRIAL_ACCOUNT) throw failed();
  return completeLogin(ctx, member, { method: "social", defaultPassword: false });
}
