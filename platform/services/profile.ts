import { randomBytes } from "node:crypto";
import type { Db, Sql } from "../db/db";
import { PlatformError } from "../http/context";
import type { Language } from "../messages";
import { maskMobile } from "./members";
import { defaultDialingCode, isServedDialingCode, maskEmail, normalizePhone, releaseUnverifiedMobile } from "./phones";
import { hasDirectionControl } from "./register-validation";
import { recordEvent } from "./security-events";
import type { PlayerRef } from "./responsible-gaming";
import { type CodeInfo, issueCode, verifyCode } from "./verification-codes";
import { refuseTrial } from "./requests";

// The security centre (decision 018): nickname, avatar (8 drawn ones or an upload), masked
// contacts with binding that is final once done, last login.

export const STATIC_AVATARS = ["1", "2", "3", "4", "5", "6", "7", "8"] as const;
export const AVATAR_MAX_BYTES = 200 * 1024;
const DEFAULT_AVATAR = { avatarType: "STATIC" as const, avatar: "1" };
const EMAIL = /^[^\s@<>"']{1,64}@[A-Za-z0-9](?:[A-Za-z0-9-]{0,62}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,62}[A-Za-z0-9])?)+$/;

export interface CurrentAvatar {
  avatar: string;
  avatarType: "STATIC" | "CUSTOM";
  avatarUrl: string;
}

const staticUrl = (n: string) => `/media/avatar/${n}.svg`;
const customUrl = (id: string, mime: string) => `/media/avatar/custom/${id}.${mime === "image/png" ? "png" : "jpg"}`;

async function currentAvatar(sql: Sql, memberId: number): Promise<CurrentAvatar> {
  const [row] = await sql.query<{ avatar_type: "STATIC" | "CUSTOM"; avatar: string; mime: string | null }>(
    `SELECT p.avatar_type, p.avatar, u.mime FROM player_profiles p
       LEFT JOIN avatar_uploads u ON p.avatar_type = 'CUSTOM' AND u.id = p.avatar
      WHERE p.member_id = $1`,
    [memberId],
  );
  if (row?.avatar_type === "CUSTOM" && row.mime)
    return { avatar: row.avatar, avatarType: "CUSTOM", avatarUrl: customUrl(row.avatar, row.mime) };
  if (row?.avatar_type === "STATIC") return { avatar: row.avatar, avatarType: "STATIC", avatarUrl: staticUrl(row.avatar) };
  return { ...DEFAULT_AVATAR, avatarUrl: staticUrl(DEFAULT_AVATAR.avatar) };
}

async function hasWithdrawalPassword(sql: Sql, memberId: number): Promise<boolean> {
  // The money part keeps it in payment_passwords (migration 005); migration 002 had a column.
  const [found] = await sql.query<{ t: string | null }>("SELECT to_regclass('payment_passwords')::text AS t");
  const rows = found?.t
    ? await sql.query(
        "SELECT 1 FROM payment_passwords WHERE member_id = $1 UNION ALL SELECT 1 FROM members WHERE id = $1 AND payment_password_hash IS NOT NULL",
        [memberId],
      )
    : await sql.query("SELECT 1 FROM members WHERE id = $1 AND payment_password_hash IS NOT NULL", [memberId]);
  return rows.length > 0;
}

/** GET MCSFE_getSecurityInfo. */
export async function securityInfo(sql: Sql, memberId: number) {
  const [member] = await sql.query<{
    nickname: string;
    mobile: string | null;
    email: string | null;
    last_login_at: Date | null;
    last_login_ip: string | null;
  }>("SELECT nickname, mobile, email, last_login_at, last_login_ip FROM members WHERE id = $1", [memberId]);
  if (!member) throw new PlatformError("login.not.session", "login.not.session", 401);
  // The login before this one (the previous visit) when there is one, else this one.
  const logins = await sql.query<{ at: Date; ip: string }>(
    "SELECT at, ip FROM security_events WHERE member_id = $1 AND kind = 'login.ok' ORDER BY at DESC, id DESC LIMIT 2",
    [memberId],
  );
  const last = logins[1] ?? logins[0];
  const lastAt = last ? last.at : member.last_login_at;
  return {
    nickname: member.nickname,
    ...(await currentAvatar(sql, memberId)),
    maskedMobile: maskMobile(member.mobile),
    maskedEmail: maskEmail(member.email),
    mobileBound: member.mobile !== null,
    emailBound: member.email !== null,
    hasWithdrawalPassword: await hasWithdrawalPassword(sql, memberId),
    lastLoginTime: lastAt ? new Date(lastAt).getTime() : null,
    lastLoginIp: last ? last.ip : member.last_login_ip,
  };
}

/** POST MCSFE_updateNickname. */
export async function updateNickname(sql: Sql, member: PlayerRef, nickname: unknown) {
  refuseTrial(member);
  const text = typeof nickname === "string" ? nickname.trim() : "";
  const length = [...text].length;
  // eslint-disable-next-line no-control-regex
  if (length < 2 || length > 20 || /[\u0000-\u001f\u007f<>]/.test(text)) throw new PlatformError("nickname.invalid", "nickname.invalid");
  if (hasDirectionControl(text)) throw new PlatformError("text.direction.invalid", "text.direction.invalid");
  await sql.query("UPDATE members SET nickname = $2 WHERE id = $1", [member.memberId, text]);
  return { nickname: text };
}

/** GET MCSFE_getPlayerAvatar. */
export async function avatarChoices(sql: Sql, memberId: number) {
  return { list: STATIC_AVATARS.map((avatar) => ({ avatar, url: staticUrl(avatar) })), ...(await currentAvatar(sql, memberId)) };
}

function decodeImage(image: unknown): { mime: "image/png" | "image/jpeg"; data: Buffer } {
  const invalid = () => new PlatformError("avatar.image.invalid", "avatar.image.invalid");
  if (typeof image !== "string") throw invalid();
  // base64 of 200 KB is about 273,000 characters; anything far longer is refused before decoding.
  if (image.length > 300_000) throw new PlatformError("avatar.image.too.large", "avatar.image.too.large");
  const match = /^data:image\/(png|jpeg|jpg);base64,([A-Za-z0-9+/\s]+={0,2})$/.exec(image.trim());
  if (!match) throw invalid();
  const data = Buffer.from(match[2]!.replace(/\s/g, ""), "base64");
  if (data.length > AVATAR_MAX_BYTES) throw new PlatformError("avatar.image.too.large", "avatar.image.too.large");
  const png = data.length > 8 && data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  const jpeg = data.length > 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff;
  if (png) return { mime: "image/png", data };
  if (jpeg) return { mime: "image/jpeg", data };
  throw invalid();
}

/** POST MCSFE_setPlayerAvatar: a drawn avatar or an uploaded PNG/JPEG (the member's older uploads go). */
export async function setAvatar(db: Db, member: PlayerRef, body: { avatarType?: unknown; avatar?: unknown; image?: unknown }, now: Date) {
  refuseTrial(member);
  const type = typeof body.avatarType === "string" ? body.avatarType.trim().toUpperCase() : "";
  if (type === "STATIC") {
    const avatar = typeof body.avatar === "string" || typeof body.avatar === "number" ? String(body.avatar).trim() : "";
    if (!(STATIC_AVATARS as readonly string[]).includes(avatar)) throw new PlatformError("avatar.invalid", "avatar.invalid");
    return db.tx(async (sql) => {
      await sql.query(
        `INSERT INTO player_profiles (member_id, avatar_type, avatar, updated_at) VALUES ($1, 'STATIC', $2, $3)
         ON CONFLICT (member_id) DO UPDATE SET avatar_type = 'STATIC', avatar = EXCLUDED.avatar, updated_at = EXCLUDED.updated_at`,
        [member.memberId, avatar, now],
      );
      await sql.query("DELETE FROM avatar_uploads WHERE member_id = $1", [member.memberId]);
      return avatarChoices(sql, member.memberId);
    });
  }
  if (type !== "CUSTOM") throw new PlatformError("avatar.invalid", "avatar.invalid");
  const { mime, data } = decodeImage(body.image);
  const id = randomBytes(16).toString("hex");
  return db.tx(async (sql) => {
    await sql.query("DELETE FROM avatar_uploads WHERE member_id = $1", [member.memberId]);
    await sql.query("INSERT INTO avatar_uploads (id, member_id, mime, data, created_at) VALUES ($1, $2, $3, $4, $5)", [
      id,
      member.memberId,
      mime,
      new Uint8Array(data),
      now,
    ]);
    await sql.query(
      `INSERT INTO player_profiles (member_id, avatar_type, avatar, updated_at) VALUES ($1, 'CUSTOM', $2, $3)
       ON CONFLICT (member_id) DO UPDATE SET avatar_type = 'CUSTOM', avatar = EXCLUDED.avatar, updated_at = EXCLUDED.updated_at`,
      [member.memberId, id, now],
    );
    return avatarChoices(sql, member.memberId);
  });
}

/** An uploaded avatar by its id and extension, for /media/avatar/custom/<id>.<ext>; else null. */
export async function uploadedAvatar(sql: Sql, id: string, ext: string): Promise<{ mime: string; data: Uint8Array } | null> {
  if (!/^[0-9a-f]{32}$/.test(id)) return null;
  const mime = ext === "png" ? "image/png" : ext === "jpg" || ext === "jpeg" ? "image/jpeg" : null;
  if (!mime) return null;
  const [row] = await sql.query<{ data: Uint8Array }>("SELECT data FROM avatar_uploads WHERE id = $1 AND mime = $2", [id, mime]);
  return row ? { mime, data: row.data } : null;
}

// ---------------------------------------------------------------- binding

export interface BindContext {
  db: Db;
  merchant: string;
  member: PlayerRef;
  ip: string;
  now: Date;
  lang: Language;
}

async function contactsOf(sql: Sql, memberId: number) {
  const [row] = await sql.query<{ email: string | null; mobile: string | null }>("SELECT email, mobile FROM members WHERE id = $1", [
    memberId,
  ]);
  return row ?? { email: null, mobile: null };
}

function emailOf(email: unknown): string {
  const text = typeof email === "string" ? email.trim().toLowerCase() : "";
  if (text.length > 254 || !EMAIL.test(text)) throw new PlatformError("email.invalid", "email.invalid");
  return text;
}

async function emailFree(sql: Sql, merchant: string, memberId: number, email: string): Promise<void> {
  const rows = await sql.query("SELECT 1 FROM members WHERE merchant = $1 AND lower(email) = $2 AND id <> $3", [merchant, email, memberId]);
  if (rows.length > 0) throw new PlatformError("email.taken", "email.taken");
}

async function phoneOf(ctx: BindContext, mobileNum: unknown, countryDialingCode: unknown) {
  const typed = typeof mobileNum === "string" || typeof mobileNum === "number" ? String(mobileNum) : "";
  const code = typeof countryDialingCode === "string" || typeof countryDialingCode === "number" ? String(countryDialingCode) : undefined;
  const phone = normalizePhone(typed, code, await defaultDialingCode(ctx.db, ctx.merchant));
  if (!phone || !(await isServedDialingCode(ctx.db, ctx.merchant, phone.countryDialingCode)))
    throw new PlatformError("mobile.invalid", "mobile.invalid");
  return phone;
}

async function mobileFree(sql: Sql, merchant: string, memberId: number, full: string): Promise<void> {
  // A number only a downline's agent claimed (unverified) is free to its owner (decision 037).
  const rows = await sql.query("SELECT 1 FROM members WHERE merchant = $1 AND mobile = $2 AND id <> $3 AND mobile_verified", [
    merchant,
    full,
    memberId,
  ]);
  if (rows.length > 0) throw new PlatformError("mobile.taken", "mobile.taken");
}

const codeText = (code: unknown) => (typeof code === "string" || typeof code === "number" ? String(code).trim().slice(0, 16) : "");

/** POST MCSFE_sendBindEmailCode. */
export async function sendBindEmailCode(ctx: BindContext, email: unknown): Promise<CodeInfo> {
  refuseTrial(ctx.member);
  if ((await contactsOf(ctx.db, ctx.member.memberId)).email !== null) throw new PlatformError("binding.final", "binding.final");
  const target = emailOf(email);
  await emailFree(ctx.db, ctx.merchant, ctx.member.memberId, target);
  return issueCode(ctx.db, {
    merchant: ctx.merchant,
    channel: "email",
    target,
    purpose: "bindEmail",
    ip: ctx.ip,
    now: ctx.now,
    deliver: true,
    lang: ctx.lang,
  });
}

/** POST MCSFE_bindEmail. */
export async function bindEmail(ctx: BindContext, email: unknown, code: unknown) {
  refuseTrial(ctx.member);
  if ((await contactsOf(ctx.db, ctx.member.memberId)).email !== null) throw new PlatformError("binding.final", "binding.final");
  const target = emailOf(email);
  await verifyCode(ctx.db, {
    merchant: ctx.merchant,
    channel: "email",
    target,
    purposes: ["bindEmail"],
    code: codeText(code),
    now: ctx.now,
  });
  return ctx.db.tx(async (sql) => {
    await emailFree(sql, ctx.merchant, ctx.member.memberId, target);
    const rows = await sql.query("UPDATE members SET email = $2 WHERE id = $1 AND email IS NULL RETURNING id", [
      ctx.member.memberId,
      target,
    ]);
    if (rows.length === 0) throw new PlatformError("binding.final", "binding.final");
    return { maskedEmail: maskEmail(target), emailBound: true };
  });
}

/** POST MCSFE_sendBindMobileCode. */
export async function sendBindMobileCode(ctx: BindContext, mobileNum: unknown, countryDialingCode: unknown): Promise<CodeInfo> {
  refuseTrial(ctx.member);
  if ((await contactsOf(ctx.db, ctx.member.memberId)).mobile !== null) throw new PlatformError("binding.final", "binding.final");
  const phone = await phoneOf(ctx, mobileNum, countryDialingCode);
  await mobileFree(ctx.db, ctx.merchant, ctx.member.memberId, phone.full);
  return issueCode(ctx.db, {
    merchant: ctx.merchant,
    channel: "sms",
    target: phone.full,
    countryDialingCode: phone.countryDialingCode,
    purpose: "bindMobile",
    ip: ctx.ip,
    now: ctx.now,
    deliver: true,
    lang: ctx.lang,
  });
}

/** POST MCSFE_bindMobile. */
export async function bindMobile(ctx: BindContext, mobileNum: unknown, countryDialingCode: unknown, code: unknown) {
  refuseTrial(ctx.member);
  if ((await contactsOf(ctx.db, ctx.member.memberId)).mobile !== null) throw new PlatformError("binding.final", "binding.final");
  const phone = await phoneOf(ctx, mobileNum, countryDialingCode);
  await verifyCode(ctx.db, {
    merchant: ctx.merchant,
    channel: "sms",
    target: phone.full,
    purposes: ["bindMobile"],
    code: codeText(code),
    now: ctx.now,
  });
  try {
    return await ctx.db.tx(async (sql) => {
      // The code proved the number: a downline its agent gave it lets go (decision 037).
      for (const id of await releaseUnverifiedMobile(sql, ctx.merchant, phone.full)) {
        await recordEvent(sql, { merchant: ctx.merchant, memberId: id, kind: "mobile.released", ip: ctx.ip, at: ctx.now });
      }
      await mobileFree(sql, ctx.merchant, ctx.member.memberId, phone.full);
      const rows = await sql.query("UPDATE members SET mobile = $2, mobile_country = $3 WHERE id = $1 AND mobile IS NULL RETURNING id", [
        ctx.member.memberId,
        phone.full,
        phone.countryDialingCode,
      ]);
      if (rows.length === 0) throw new PlatformError("binding.final", "binding.final");
      return { maskedMobile: maskMobile(phone.full), mobileBound: true };
    });
  } catch (err) {
    // The unique index on (merchant, mobile): another member bound it in between.
    if (!(err instanceof PlatformError) && /members_merchant_mobile/.test(String(err)))
      throw new PlatformError("mobile.taken", "mobile.taken");
    throw err;
  }
}
