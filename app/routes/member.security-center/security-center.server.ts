import { data } from "@remix-run/node";
import { z } from "zod";
import { hasDirectionControl } from "~/domain/register";
import { readFailed, requireMember } from "~/accounts/guards.server";
import { sessionExpiredRedirect } from "~/context.server";
import { errorMessage } from "~/domain/errors";
import { message } from "~/domain/messages";
import { PlatformError, SessionExpiredError } from "~/gateway/index.server";
import { mediaUrl } from "~/html.server";
import { pageMeta } from "~/i18n/t.server";
import { limitAttempt, RateLimitedError } from "~/limits.server";
import { moneyAction } from "~/money/action.server";
import { timeFormatter } from "~/money/records.server";
import { retryAfter } from "~/request-scope.server";
import { redirectWithNotice } from "~/session.server";
import { bodyWithin, cleanPicture } from "~/uploads.server";

const AVATAR_MAX_SIDE = 512;

// My account (securityCenter): profile (nickname, avatar from the set or an upload), masked mobile
// and email with binding (final once bound), last login, and the ways to the passwords and limits.

const AVATAR_MAX_BYTES = 200 * 1024;

export async function securityLoader(request: Request) {
  const ctx = await requireMember(request);
  const [info, avatars] = await Promise.all([
    ctx.gateway.profile.securityInfo(),
    ctx.gateway.profile.avatars().catch(() => ({ list: [], avatar: null })),
  ]).catch(readFailed(request));
  return {
    userName: ctx.session.get("userName") ?? "",
    nickname: info.nickname ?? "",
    avatarUrl: mediaUrl(info.avatarUrl),
    avatar: info.avatar ?? "",
    avatars: (avatars.list ?? []).flatMap((a) => (mediaUrl(a.url) ? [{ id: a.avatar, url: mediaUrl(a.url)! }] : [])),
    mobile: { masked: info.maskedMobile ?? "", bound: info.mobileBound === true },
    email: { masked: info.maskedEmail ?? "", bound: info.emailBound === true },
    hasWithdrawalPassword: info.hasWithdrawalPassword === true,
    lastLogin: { time: timeFormatter(ctx.language)(info.lastLoginTime), ip: info.lastLoginIp ?? "" },
    meta: await pageMeta(request, "member.securityCenter"),
  };
}

const fields = {
  nickname: z.object({
    nickname: z
      .string()
      .trim()
      .min(2, "validation.nicknameRule")
      .max(20, "validation.nicknameRule")
      .regex(/^[^<>\x00-\x1f]*$/, "validation.nicknameRule")
      .refine((v) => !hasDirectionControl(v), "validation.directionControl"),
  }),
  avatar: z.object({ avatar: z.string().regex(/^[\w-]{1,40}$/, "validation.avatarRequired") }),
  email: z.object({ email: z.string().trim().email("validation.emailInvalid"), code: z.string().trim().optional() }),
  mobile: z.object({
    countryDialingCode: z.string().regex(/^\d{1,4}$/, "validation.mobileInvalid"),
    mobileNum: z
      .string()
      .trim()
      .regex(/^\d{6,15}$/, "validation.mobileInvalid"),
    code: z.string().trim().optional(),
  }),
};

export async function securityAction(request: Request) {
  // A multipart post with one picture: a body far beyond it is refused before it is all in memory.
  const within = await bodyWithin(request, AVATAR_MAX_BYTES * 2);
  if (!within) return data({ intent: "upload", error: "validation.avatarTooLarge" }, { status: 413 });
  const { ctx, formData } = await moneyAction(within);
  const intent = String(formData.get("intent") ?? "");
  const profile = ctx.gateway.profile;
  const fail = (error: string, status = 400) => data({ intent, error }, { status });
  const ok = async (notice: string) => {
    return redirectWithNotice(ctx.session, "/member/security-center", notice);
  };
  const values = Object.fromEntries(formData);
  try {
    if (intent === "nickname") {
      const v = fields.nickname.safeParse(values);
      if (!v.success) return fail(v.error.issues[0]?.message ?? "validation.nicknameRule");
      await profile.setNickname(v.data.nickname);
      return ok("member.security.saved");
    }
    if (intent === "avatar") {
      const v = fields.avatar.safeParse(values);
      if (!v.success) return fail("validation.avatarRequired");
      await profile.setAvatar({ avatarType: "STATIC", avatar: v.data.avatar });
      return ok("member.security.saved");
    }
    if (intent === "upload") {
      const file = formData.get("image");
      if (!file || typeof file === "string" || file.size === 0) return fail("validation.avatarRequired");
      if (file.size > AVATAR_MAX_BYTES) return fail("validation.avatarTooLarge");
      // Counted per account and address before it is decoded (decision 036); re-encoded without
      // its EXIF, and no larger than an avatar is ever shown.
      await limitAttempt("pictures", ctx.session.get("userName"));
      const picture = await cleanPicture(Buffer.from(await file.arrayBuffer()), AVATAR_MAX_SIDE, AVATAR_MAX_BYTES);
      if (!picture) return fail("validation.avatarType");
      await profile.setAvatar({ avatarType: "CUSTOM", image: `data:image/${picture.type};base64,${picture.bytes.toString("base64")}` });
      return ok("member.security.saved");
    }
    if (intent === "emailCode" || intent === "emailBind") {
      const v = fields.email.safeParse(values);
      if (!v.success) return fail(v.error.issues[0]?.message ?? "validation.emailInvalid");
      if (intent === "emailCode") {
        await profile.sendBindEmailCode(v.data.email);
        return data({ intent, sent: true, email: v.data.email });
      }
      if (!v.data.code) return fail("validation.codeRequired");
      await profile.bindEmail(v.data.email, v.data.code);
      return ok("member.security.boundDone");
    }
    if (intent === "mobileCode" || intent === "mobileBind") {
      const v = fields.mobile.safeParse(values);
      if (!v.success) return fail(v.error.issues[0]?.message ?? "validation.mobileInvalid");
      if (intent === "mobileCode") {
        await profile.sendBindMobileCode(v.data.countryDialingCode, v.data.mobileNum);
        return data({ intent, sent: true, mobileNum: v.data.mobileNum });
      }
      if (!v.data.code) return fail("validation.codeRequired");
      await profile.bindMobile(v.data.countryDialingCode, v.data.mobileNum, v.data.code);
      return ok("member.security.boundDone");
    }
    return fail("validation.formExpired");
  } catch (error) {
    if (error instanceof SessionExpiredError) throw await sessionExpiredRedirect(request, error);
    if (error instanceof PlatformError) return fail(errorMessage(error.errorCode, error.message));
    // Too many pictures from this player, or too many being decoded right now: a wait, not an outage.
    if (error instanceof RateLimitedError) {
      return data(
        { intent, error: message("auth:rateLimited", Math.max(1, Math.ceil(error.retryAfter / 60))) },
        { status: 429, headers: retryAfter(error.retryAfter) },
      );
    }
    return fail("common:error.platformUnavailable", 503);
  }
}
