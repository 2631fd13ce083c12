import type { Hono } from "hono";
import { setCookie } from "hono/cookie";
import { z } from "zod";
import { createImageCaptcha, createSlider } from "../services/challenges";
import { findMemberByMobile } from "../services/members";
import { defaultDialingCode, isServedDialingCode, normalizePhone } from "../services/phones";
import { recordEvent } from "../services/security-events";
import { issueCode } from "../services/verification-codes";
import type { AccountContext } from "../services/complete-login";
import { accountContext, HUMAN_CHECK_PRODUCTS, humanCheckOn, readJson, requireHuman, requireModule, sliderSchema, text } from "./accounts";
import { ok, type PlatformDeps, type PlatformEnv, PlatformError } from "./context";

const NO_STORE = { "Cache-Control": "no-store, no-cache, must-revalidate", Pragma: "no-cache" };

const smsPayload = z.object({
  mobileNum: text(30),
  mobileNo: text(30),
  countryDialingCode: text(8),
  sliderCaptcha: sliderSchema,
});

async function phoneOf(ctx: AccountContext, payload: z.infer<typeof smsPayload>) {
  const typed = payload.mobileNum ?? payload.mobileNo ?? "";
  const phone = normalizePhone(typed, payload.countryDialingCode, await defaultDialingCode(ctx.db, ctx.merchant.code));
  if (!phone || !(await isServedDialingCode(ctx.db, ctx.merchant.code, phone.countryDialingCode))) {
    throw new PlatformError("mobile.invalid", "mobile.invalid");
  }
  return phone;
}

export function registerVerificationRoutes(app: Hono<PlatformEnv>, deps: PlatformDeps): void {
  // The image captcha is bound to a captchaId cookie and must never be cached (contract §1.2).
  app.get("/wps/captcha", async (c) => {
    const ctx = accountContext(c, deps);
    requireModule(ctx, "CAPTCHA3");
    const { id, png } = await createImageCaptcha(deps.db, ctx.merchant.code, ctx.ip, ctx.now);
    setCookie(c, "captchaId", id, { httpOnly: true, path: "/", sameSite: "Lax", maxAge: 300 });
    return c.json({ success: true, value: png.toString("base64") }, 200, NO_STORE);
  });

  // With product=login|register (as clients ask GeeTest, contract §3.1), value null says that
  // product needs no puzzle; without it a puzzle is always served.
  app.get("/wps/captcha/slider", async (c) => {
    const ctx = accountContext(c, deps);
    const product = HUMAN_CHECK_PRODUCTS.find((p) => p === c.req.query("product"));
    if (product && !humanCheckOn(ctx, product)) return c.json({ success: true, value: null }, 200, NO_STORE);
    return c.json({ success: true, value: await createSlider(deps.db, ctx.merchant.code, ctx.ip, ctx.now) }, 200, NO_STORE);
  });

  app.post("/wps/verification/sms/register", async (c) => {
    const payload = await readJson(c, smsPayload);
    const ctx = accountContext(c, deps);
    requireModule(ctx, "REGMOBVERF3");
    await requireHuman(ctx, payload.sliderCaptcha, "register");
    const phone = await phoneOf(ctx, payload);
    const info = await issueCode(deps.db, {
      merchant: ctx.merchant.code,
      channel: "sms",
      target: phone.full,
      countryDialingCode: phone.countryDialingCode,
      purpose: "register",
      ip: ctx.ip,
      now: ctx.now,
      deliver: true,
      lang: ctx.lang,
    });
    return ok(c, info);
  });

  // Same answer whether or not a member holds the number; only members' numbers get a message.
  app.post("/wps/verification/sms/noLogin", async (c) => {
    const payload = await readJson(c, smsPayload);
    const ctx = accountContext(c, deps);
    requireModule(ctx, "VERIFICATION3", "MOBILEVERCODELOGIN3", "CHNGPASSVERIF3");
    await requireHuman(ctx, payload.sliderCaptcha, "login");
    const phone = await phoneOf(ctx, payload);
    const member = await findMemberByMobile(deps.db, ctx.merchant.code, phone.full);
    const holder = member && member.account_type !== 4 ? member : null;
    const info = await issueCode(deps.db, {
      merchant: ctx.merchant.code,
      channel: "sms",
      target: phone.full,
      countryDialingCode: phone.countryDialingCode,
      purpose: "noLogin",
      ip: ctx.ip,
      now: ctx.now,
      deliver: holder !== null,
      lang: ctx.lang,
    });
    if (holder)
      await recordEvent(deps.db, { merchant: ctx.merchant.code, memberId: holder.id, kind: "sms.code.sent", ip: ctx.ip, at: ctx.now });
    return ok(c, info);
  });
}
