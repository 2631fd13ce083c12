import { hashToken, newToken } from "../crypto";
import type { Sql } from "../db/db";
import { PlatformError } from "../http/context";
import { type AccountContext, completeLogin, type LoginResult } from "./complete-login";
import { findMemberById, maskMobile, type MemberRow } from "./members";
import { maskEmail } from "./phones";
import { recordEvent } from "./security-events";
import { type CodeInfo, issueCode, verifyCode } from "./verification-codes";

// LOGINIPVERF3: a right password from a device (the client's loginDeviceId) the member has never
// completed a login on asks for a code sent to the bound mobile or email before the session opens.
// The module is named for IPs, but an IP is shared (a household, a carrier's NAT) and a second
// browser behind it is not the member's (issue 11): only a known device skips the code, whatever
// its address. The token lives 10 minutes and belongs to the IP that started it.

export const VERIFICATION_TTL_MS = 10 * 60 * 1000;

export type VerificationMethod = "SMS" | "EMAIL";

/** The device id as stored: hashed, so the table cannot be turned into cookies that skip the code. */
export function deviceHash(loginDeviceId: string | null | undefined): string | null {
  const id = loginDeviceId?.trim();
  // Too short to be a random id (a UUID is 36): no device, so no exemption.
  return id && id.length >= 16 ? hashToken(`device:${id}`) : null;
}

export async function isKnownDevice(sql: Sql, memberId: number, device: string | null): Promise<boolean> {
  if (!device) return false;
  const rows = await sql.query("SELECT 1 FROM known_devices WHERE member_id = $1 AND device_hash = $2", [memberId, device]);
  return rows.length > 0;
}

export interface VerificationChallenge {
  verificationToken: string;
  methods: VerificationMethod[];
  mobile: string;
  email: string;
}

/** Null when the member has neither a mobile nor an email bound. */
export async function startVerification(
  ctx: AccountContext,
  member: MemberRow,
  flags: { defaultPassword: boolean; usedTemporary: boolean; device: string | null },
): Promise<VerificationChallenge | null> {
  const methods: VerificationMethod[] = [];
  // Not to a number an agent typed for its downline: nobody proved it is the member's (decision 037).
  if (member.mobile && member.mobile_verified !== false) methods.push("SMS");
  if (member.email) methods.push("EMAIL");
  if (methods.length === 0) return null;
  const token = newToken();
  await ctx.db.query(
    `INSERT INTO login_verifications (token_hash, member_id, ip, methods, default_password, used_temporary, created_at, expires_at, device_hash)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [
      hashToken(token),
      member.id,
      ctx.ip,
      methods,
      flags.defaultPassword,
      flags.usedTemporary,
      ctx.now,
      new Date(ctx.now.getTime() + VERIFICATION_TTL_MS),
      flags.device,
    ],
  );
  await recordEvent(ctx.db, {
    merchant: ctx.merchant.code,
    memberId: member.id,
    kind: "login.verification.required",
    ip: ctx.ip,
    at: ctx.now,
  });
  return {
    verificationToken: token,
    methods,
    mobile: methods.includes("SMS") ? maskMobile(member.mobile) : "",
    email: maskEmail(member.email),
  };
}

interface PendingVerification {
  member: MemberRow;
  methods: VerificationMethod[];
  defaultPassword: boolean;
  usedTemporary: boolean;
  device: string | null;
}

const expired = () => new PlatformError("login.verification.expired", "login.verification.expired");

async function pending(ctx: AccountContext, token: string): Promise<PendingVerification> {
  if (!/^[0-9a-f]{64}$/.test(token)) throw expired();
  const [row] = await ctx.db.query<{
    member_id: number;
    ip: string;
    methods: VerificationMethod[];
    default_password: boolean;
    used_temporary: boolean;
    device_hash: string | null;
  }>(
    `SELECT v.member_id, v.ip, v.methods, v.default_password, v.used_temporary, v.device_hash
       FROM login_verifications v JOIN members m ON m.id = v.member_id
      WHERE v.token_hash = $1 AND m.merchant = $2 AND v.used_at IS NULL AND v.expires_at > $3`,
    [hashToken(token), ctx.merchant.code, ctx.now],
  );
  if (!row || row.ip !== ctx.ip) throw expired();
  const member = await findMemberById(ctx.db, row.member_id);
  if (!member) throw expired();
  return {
    member,
    methods: row.methods,
    defaultPassword: row.default_password,
    usedTemporary: row.used_temporary,
    device: row.device_hash,
  };
}

function channelOf(p: PendingVerification, method: VerificationMethod) {
  if (!p.methods.includes(method)) throw new PlatformError("parameter.invalid", "parameter.invalid", 400);
  return method === "SMS"
    ? { channel: "sms" as const, target: p.member.mobile ?? "" }
    : { channel: "email" as const, target: (p.member.email ?? "").toLowerCase() };
}

/** POST /wps/session/login/verification/code: sends a code by the chosen method. */
export async function sendVerificationCode(ctx: AccountContext, token: string, method: VerificationMethod): Promise<CodeInfo> {
  const p = await pending(ctx, token);
  const { channel, target } = channelOf(p, method);
  const info = await issueCode(ctx.db, {
    merchant: ctx.merchant.code,
    channel,
    target,
    countryDialingCode: p.member.mobile_country ?? undefined,
    purpose: "login2fa",
    ip: ctx.ip,
    now: ctx.now,
    deliver: true,
    lang: ctx.lang,
  });
  await recordEvent(ctx.db, {
    merchant: ctx.merchant.code,
    memberId: p.member.id,
    kind: "login.verification.code.sent",
    ip: ctx.ip,
    at: ctx.now,
    detail: { method },
  });
  return info;
}

/** POST /wps/session/login/verification: the code opens the session and the device becomes known. */
export async function completeVerification(
  ctx: AccountContext,
  token: string,
  method: VerificationMethod,
  code: string,
): Promise<LoginResult> {
  const p = await pending(ctx, token);
  const { channel, target } = channelOf(p, method);
  try {
    await verifyCode(ctx.db, { merchant: ctx.merchant.code, channel, target, purposes: ["login2fa"], code, now: ctx.now });
  } catch (err) {
    await recordEvent(ctx.db, {
      merchant: ctx.merchant.code,
      memberId: p.member.id,
      kind: "login.verification.failed",
      ip: ctx.ip,
      at: ctx.now,
      detail: { method },
    });
    throw err;
  }
  const claimed = await ctx.db.query(
    "UPDATE login_verifications SET used_at = $2 WHERE token_hash = $1 AND used_at IS NULL RETURNING member_id",
    [hashToken(token), ctx.now],
  );
  if (claimed.length === 0) throw expired();
  await recordEvent(ctx.db, {
    merchant: ctx.merchant.code,
    memberId: p.member.id,
    kind: "login.verification.ok",
    ip: ctx.ip,
    at: ctx.now,
    detail: { method },
  });
  return completeLogin(ctx, p.member, {
    method: "verification",
    defaultPassword: p.defaultPassword,
    promoteTemporary: p.usedTemporary,
    device: p.device,
  });
}
