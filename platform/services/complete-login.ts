import type { Db } from "../db/db";
import type { Language } from "../messages";
import { TRIAL_ACCOUNT, type MemberRow } from "./members";
import { type Merchant, settingNumber, settingString } from "./merchants";
import { assertLoginAllowed } from "./responsible-gaming-checks";
import { recordEvent } from "./security-events";
import { createSession } from "./sessions";

// The end of every successful login path (password, SMS, two-factor, register, free play, social).

export interface LoginResult {
  token: string;
  id: number;
  userName: string;
  customerType: number;
  firstTimeLogin: boolean;
  passwordExpired: boolean;
  defaultPassword: boolean;
}

/** Who is logging in, from where, and what the merchant has switched on. */
export interface AccountContext {
  db: Db;
  merchant: Merchant;
  ip: string;
  now: Date;
  lang: Language;
  modules: Set<string>;
}

const DAY_MS = 24 * 60 * 60 * 1000;

export function merchantDefaultPassword(merchant: Merchant): string {
  return settingString(merchant, "defaultPassword", "123456");
}

export interface CompleteOptions {
  method: "username" | "sms" | "register" | "verification" | "freeplay" | "social";
  defaultPassword: boolean;
  /** The forgot-password temporary password was used: it becomes the password, marked expired. */
  promoteTemporary?: boolean;
  /** deviceHash() of the client's loginDeviceId: remembered, so two-factor skips it next time. */
  device?: string | null;
}

/** Opens the session and records the login (last login and its IP, a proven device, wallets, event). */
export async function completeLogin(ctx: AccountContext, member: MemberRow, options: CompleteOptions): Promise<LoginResult> {
  const { merchant, ip, now } = ctx;
  await assertLoginAllowed(ctx.db, member.id, now); // self-exclusion and session-time limit (decision 018)
  const token = await ctx.db.tx(async (sql) => {
    const issued = await createSession(sql, member.id, ip, now);
    await sql.query(
      `UPDATE members SET last_login_at = $2, last_login_ip = $3, first_login = false,
              password_hash = CASE WHEN $4 THEN coalesce($5, password_hash) ELSE password_hash END,
              password_expired = password_expired OR $4,
              temp_password_hash = CASE WHEN $4 THEN NULL ELSE temp_password_hash END,
              temp_password_expires_at = CASE WHEN $4 THEN NULL ELSE temp_password_expires_at END
        WHERE id = $1`,
      // The temporary hash the caller verified, not one a later forgot-password request wrote.
      [member.id, now, ip, options.promoteTemporary ?? false, member.temp_password_hash],
    );
    if (options.device) {
      await sql.query(
        `INSERT INTO known_devices (member_id, device_hash, first_seen_at, last_seen_at) VALUES ($1, $2, $3, $3)
         ON CONFLICT (member_id, device_hash) DO UPDATE SET last_seen_at = EXCLUDED.last_seen_at`,
        [member.id, options.device, now],
      );
    }
    if (member.account_type !== TRIAL_ACCOUNT) {
      // Every wallet the merchant offers exists from the first login on, so balances list them all.
      await sql.query(
        `INSERT INTO ledger_accounts (merchant, kind, member_id, account_type_id)
         SELECT merchant, 'wallet', $2, account_type_id FROM wallet_types WHERE merchant = $1
         ON CONFLICT (member_id, account_type_id) WHERE kind = 'wallet' DO NOTHING`,
        [merchant.code, member.id],
      );
    }
    // A login that succeeds wipes the member's failure count (captcha and lock).
    await sql.query("DELETE FROM login_failures WHERE merchant = $1 AND subject = $2", [merchant.code, `m:${member.id}`]);
    await recordEvent(sql, {
      merchant: merchant.code,
      memberId: member.id,
      kind: "login.ok",
      ip,
      at: now,
      detail: { method: options.method },
    });
    return issued;
  });

  const expiryDays = settingNumber(merchant, "passwordExpiryDays", 0);
  const passwordAgeMs = now.getTime() - new Date(member.password_changed_at).getTime();
  return {
    token,
    id: member.id,
    userName: member.username,
    customerType: member.account_type,
    firstTimeLogin: member.first_login,
    passwordExpired:
      member.password_expired || Boolean(options.promoteTemporary) || (expiryDays > 0 && passwordAgeMs > expiryDays * DAY_MS),
    defaultPassword: options.defaultPassword,
  };
}
