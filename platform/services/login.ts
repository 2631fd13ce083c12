import type { Sql } from "../db/db";
import { hashPassword, needsRehash, passwordHashForTiming, verifyPassword } from "../crypto";
import { PlatformError } from "../http/context";
import { checkImageCaptcha } from "./challenges";
import { type AccountContext, completeLogin, type LoginResult, merchantDefaultPassword } from "./complete-login";
import {
  addressWait,
  CAPTCHA_AFTER,
  clearFailures,
  failureCount,
  LOCK_AFTER,
  loginSubject,
  recordFailure,
  UNKNOWN_NAMES_PER_ADDRESS,
} from "./login-guard";
import { settingNumber } from "./merchants";
import { findMemberByMobile, findMemberForLogin, type MemberRow, TRIAL_ACCOUNT } from "./members";
import { defaultDialingCode, normalizePhone } from "./phones";
import { recordEvent } from "./security-events";
import { deviceHash, isKnownDevice, startVerification } from "./two-factor";
import { verifyCode } from "./verification-codes";
import { assertLoginAllowed } from "./responsible-gaming-checks";

/** "temporary": the password emailed by forgot-password matched (it then replaces the old one). */
export async function checkPassword(member: MemberRow | null, password: string, now: Date): Promise<"ok" | "temporary" | "wrong"> {
  const usable = member && member.account_type !== TRIAL_ACCOUNT;
  // An unknown user costs the same scrypt as a wrong password.
  if (await verifyPassword(password, usable ? member.password_hash : await passwordHashForTiming())) return usable ? "ok" : "wrong";
  // A hash still at an older, cheaper cost answered faster than an unknown name would: pad the
  // wrong answer to today's cost, so timing does not tell which accounts exist.
  if (usable && needsRehash(member.password_hash)) await verifyPassword(password, await passwordHashForTiming());
  if (!usable || !member.temp_password_hash || !member.temp_password_expires_at) return "wrong";
  if (new Date(member.temp_password_expires_at).getTime() <= now.getTime()) return "wrong";
  return (await verifyPassword(password, member.temp_password_hash)) ? "temporary" : "wrong";
}

/**
 * The password is known right now: a hash made with weaker parameters than today's is replaced.
 * Only if it is still the same hash, so a password changed meanwhile is never overwritten.
 */
async function upgradePasswordHash(db: Sql, member: MemberRow, password: string): Promise<void> {
  if (!needsRehash(member.password_hash)) return;
  await db.query("UPDATE members SET password_hash = $3 WHERE id = $1 AND password_hash = $2", [
    member.id,
    member.password_hash,
    await hashPassword(password),
  ]);
}

export interface PasswordLoginInput {
  username: string;
  password: string;
  captcha?: string | null;
  /** From the captchaId cookie of GET /wps/captcha. */
  captchaId?: string;
  countryDialingCode?: string;
  /** The client's device id (contract: loginDeviceId); two-factor remembers devices by it. */
  loginDeviceId?: string | null;
}

/**
 * Username (or bound mobile) and password. Locked after LOCK_AFTER failures, captcha after
 * CAPTCHA_AFTER (when CAPTCHA3 is on), two-factor from a new device (when LOGINIPVERF3 is on).
 */
export async function loginWithPassword(ctx: AccountContext, input: PasswordLoginInput): Promise<LoginResult> {
  const { db, merchant, ip, now } = ctx;
  const member = await findMemberForLogin(
    db,
    merchant.code,
    input.username,
    input.countryDialingCode,
    await defaultDialingCode(db, merchant.code),
  );
  const device = deviceHash(input.loginDeviceId);
  const knownDevice = member ? await isKnownDevice(db, member.id, device) : false;
  // A browser the member has used counts its failures on its own (decision 036): a stranger's
  // spray of the name locks the name, not its owner's device; the device is still locked after
  // LOCK_AFTER wrong passwords of its own.
  const subject = member && knownDevice ? `d:${member.id}:${device}` : loginSubject(member, input.username);
  const captchaOn = ctx.modules.has("CAPTCHA3");
  const captchaFlag = (failures: number) => (captchaOn && failures >= CAPTCHA_AFTER ? { value: { captcha: true } } : {});
  const event = (kind: "login.failed" | "login.locked" | "login.captcha.failed") =>
    member ? recordEvent(db, { merchant: merchant.code, memberId: member.id, kind, ip, at: now }) : Promise.resolve();

  const failures = await failureCount(db, merchant.code, subject, now);
  if (failures >= LOCK_AFTER) {
    await event("login.locked");
    throw new PlatformError("login.locked", "login.locked", 200, captchaFlag(failures));
  }
  // Too many made-up names from this address: refused before any hash (decision 036).
  const wait = knownDevice
    ? 0
    : await addressWait(db, merchant.code, ip, now, settingNumber(merchant, "unknownNamesPerAddress", UNKNOWN_NAMES_PER_ADDRESS));
  if (wait > 0) {
    await event("login.failed");
    throw new PlatformError("login.too.many.requests", "sms.too.many.requests", 200, {
      vars: { minutes: Math.ceil(wait / 60) },
      value: { retryAfterSeconds: wait },
    });
  }
  if (captchaOn && failures >= CAPTCHA_AFTER && !(await checkImageCaptcha(db, merchant.code, input.captchaId, input.captcha, now))) {
    await event("login.captcha.failed");
    throw new PlatformError("captcha.invalid", "captcha.invalid", 200, { value: { captcha: true } });
  }

  const verdict = await checkPassword(member, input.password, now);
  if (!member || verdict === "wrong") {
    await recordFailure(db, merchant.code, subject, ip, now);
    const count = failures + 1;
    await event(count >= LOCK_AFTER ? "login.locked" : "login.failed");
    if (count >= LOCK_AFTER) throw new PlatformError("login.locked", "login.locked", 200, captchaFlag(count));
    throw new PlatformError("login.failed", "login.failed", 200, captchaFlag(count));
  }

  if (verdict === "ok") await upgradePasswordHash(db, member, input.password);
  const defaultPassword = verdict === "ok" && input.password === merchantDefaultPassword(merchant);
  await assertLoginAllowed(db, member.id, now); // decision 018: refused before any two-factor code goes out
  if (ctx.modules.has("LOGINIPVERF3") && member.last_login_at && !knownDevice) {
    const challenge = await startVerification(ctx, member, { defaultPassword, usedTemporary: verdict === "temporary", device });
    // Without a bound mobile or email there is nothing to verify with: the login goes through.
    if (challenge) throw new PlatformError("login.verification.required", "login.verification.required", 200, { value: challenge });
  }
  await clearFailures(db, merchant.code, [loginSubject(null, input.username), ...(knownDevice ? [subject] : [])]);
  // A password alone never makes a device known (two-factor off, or nothing bound to send a code
  // to): only a code (two-factor, SMS login) or the registration does. A known one is touched.
  return completeLogin(ctx, member, {
    method: "username",
    defaultPassword,
    promoteTemporary: verdict === "temporary",
    device: knownDevice ? device : null,
  });
}

/** SMS login: username is the mobile number, password the code from /verification/sms/noLogin. */
export async function loginWithSms(
  ctx: AccountContext,
  input: { mobile: string; code: string; countryDialingCode?: string; loginDeviceId?: string | null },
): Promise<LoginResult> {
  const { db, merchant, ip, now } = ctx;
  const phone = normalizePhone(input.mobile, input.countryDialingCode, await defaultDialingCode(db, merchant.code));
  if (!phone) throw new PlatformError("mobile.invalid", "mobile.invalid");
  const member = await findMemberByMobile(db, merchant.code, phone.full);
  // Its own count: a code sent to the bound mobile is the owner's way in while a stranger's spray
  // of passwords holds the account's lock (decision 036); wrong codes lock SMS login alone.
  const subject = member ? `sms:${loginSubject(member, "")}` : `sms:${phone.full}`;
  const failures = await failureCount(db, merchant.code, subject, now);
  if (failures >= LOCK_AFTER) throw new PlatformError("login.locked", "login.locked");
  try {
    await verifyCode(db, { merchant: merchant.code, channel: "sms", target: phone.full, purposes: ["noLogin"], code: input.code, now });
  } catch (err) {
    await recordFailure(db, merchant.code, subject, ip, now);
    if (member)
      await recordEvent(db, { merchant: merchant.code, memberId: member.id, kind: "login.failed", ip, at: now, detail: { method: "sms" } });
    throw err;
  }
  // Codes for numbers nobody holds are never delivered, so this does not happen; kept as a guard.
  if (!member || member.account_type === TRIAL_ACCOUNT) throw new PlatformError("verification.code.invalid", "verification.code.invalid");
  const defaultPassword = await verifyPassword(merchantDefaultPassword(merchant), member.password_hash);
  // The code went to the bound mobile: this device has shown what two-factor asks for.
  return completeLogin(ctx, member, { method: "sms", defaultPassword, device: deviceHash(input.loginDeviceId) });
}
