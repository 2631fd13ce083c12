import { randomAlphanumeric } from "../crypto";
import { clubLabels } from "../db/seed-data";
import { PlatformError } from "../http/context";
import { type AccountContext, completeLogin, type LoginResult } from "./complete-login";
import { findMemberById, type MemberRow, TRIAL_ACCOUNT } from "./members";
import { recordEvent } from "./security-events";
import { type SocialProvider, userInfo } from "./test-idp";

// POST /wps/session/login/{google,facebook} {accessToken}: the platform asks the provider who the
// token belongs to (the reference platform knows only its test provider, so it reads that
// provider's token table), then logs the linked member in, or creates one on the first visit.
// The link between provider subject and member is final (SPEC: bindings cannot change).

export const SOCIAL_MODULES: Record<SocialProvider, string> = { google: "GOOGLELOGIN3", facebook: "FBLOGIN3" };

/** Stored where a password hash would be; verifyPassword never accepts it. */
const NO_PASSWORD = "!social";
const USERNAME_PREFIX: Record<SocialProvider, string> = { google: "g", facebook: "fb" };

function failed(): PlatformError {
  return new PlatformError("social.login.failed", "social.login.failed");
}

export async function loginWithSocial(ctx: AccountContext, provider: SocialProvider, accessToken: string): Promise<LoginResult> {
  const { db, merchant, ip, now } = ctx;
  const identity = await userInfo(db, provider, accessToken, now);
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
        merchant.code, username, NO_PASSWORD, nickname, identity.email ? identity.email.toLowerCase() : null,
        randomAlphanumeric(8).toUpperCase(), JSON.stringify(clubLabels[1]), now, ip, JSON.stringify({ mode: "social", provider }),
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
