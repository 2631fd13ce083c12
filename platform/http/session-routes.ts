import type { Hono } from "hono";
import { getCookie } from "hono/cookie";
import { z } from "zod";
import { startFreePlay } from "../services/freeplay";
import { loginWithPassword, loginWithSms } from "../services/login";
import { loginWithSocial, SOCIAL_MODULES } from "../services/social-login";
import { isSocialProvider } from "../services/test-idp";
import { revokeSession } from "../services/sessions";
import { completeVerification, sendVerificationCode } from "../services/two-factor";
import { accountContext, readJson, requireHuman, requireModule, sliderSchema, text } from "./accounts";
import { ok, type PlatformDeps, type PlatformEnv } from "./context";
import { readEncrypted } from "./encrypted";

const loginPayload = z.object({
  username: z.string().min(1).max(100),
  password: z.string().min(1).max(200),
  type: z.enum(["username", "sms"]).nullish(),
  captcha: text(20),
  sliderCaptcha: sliderSchema,
  loginDeviceId: text(100),
  countryDialingCode: text(8),
});

const method = z.enum(["SMS", "EMAIL"]);
const verificationCodePayload = z.object({ verificationToken: z.string().max(100), method });
const verificationPayload = z.object({
  verificationToken: z.string().max(100),
  method,
  code: z.union([z.string().max(20), z.number()]).transform(String),
});
// An ID token (decision 013), or an access token alone from clients of the older wire.
const socialPayload = z
  .object({ idToken: z.string().min(1).max(8000).optional(), accessToken: z.string().min(1).max(2000).optional() })
  .refine((p) => p.idToken !== undefined || p.accessToken !== undefined);
const freePlayPayload = z.object({ os: text(50), platform: text(10) }).passthrough();

export function registerSessionRoutes(app: Hono<PlatformEnv>, deps: PlatformDeps): void {
  app.get("/wps/session/key/rsa", async (c) => {
    const key = await deps.rsaKey();
    return c.text(key.modulusHex, 200, { "Cache-Control": "no-store" });
  });

  app.post("/wps/session/login", async (c) => {
    const payload = await readEncrypted(c, deps, loginPayload);
    const ctx = accountContext(c, deps);
    // SMS login is the one path without the slide puzzle (docs/SPEC.md point 4).
    if (payload.type === "sms") {
      requireModule(ctx, "MOBILEVERCODELOGIN3");
      return ok(
        c,
        await loginWithSms(ctx, {
          mobile: payload.username,
          code: payload.password,
          countryDialingCode: payload.countryDialingCode,
          loginDeviceId: payload.loginDeviceId,
        }),
      );
    }
    await requireHuman(ctx, payload.sliderCaptcha, "login");
    const result = await loginWithPassword(ctx, {
      username: payload.username,
      password: payload.password,
      captcha: payload.captcha,
      captchaId: getCookie(c, "captchaId"),
      countryDialingCode: payload.countryDialingCode,
      loginDeviceId: payload.loginDeviceId,
    });
    return ok(c, result);
  });

  app.post("/wps/session/login/verification/code", async (c) => {
    const payload = await readJson(c, verificationCodePayload);
    const ctx = accountContext(c, deps);
    return ok(c, await sendVerificationCode(ctx, payload.verificationToken, payload.method));
  });

  app.post("/wps/session/login/verification", async (c) => {
    const payload = await readEncrypted(c, deps, verificationPayload);
    const ctx = accountContext(c, deps);
    return ok(c, await completeVerification(ctx, payload.verificationToken, payload.method, payload.code));
  });

  // Social logins (decision 013): the provider's ID token (or access token), checked by the platform.
  app.post("/wps/session/login/:provider{google|facebook}", async (c) => {
    const provider = c.req.param("provider");
    if (!isSocialProvider(provider)) return c.notFound();
    const ctx = accountContext(c, deps);
    requireModule(ctx, SOCIAL_MODULES[provider]);
    const payload = await readJson(c, socialPayload);
    return ok(c, await loginWithSocial(ctx, provider, payload));
  });

  // Some clients add an encrypted random string; nothing in the body is needed.
  app.post("/wps/session/login/freeplay", async (c) => {
    const payload = await readJson(c, freePlayPayload);
    const ctx = accountContext(c, deps);
    requireModule(ctx, "FREEPLAY3");
    return ok(c, await startFreePlay(ctx, payload.os ?? ""));
  });

  // DELETE in the original clients, POST {} in others; a missing or dead token is still a success.
  app.on(["DELETE", "POST"], "/wps/session/logout", async (c) => {
    const token = c.req.header("Authorization")?.trim();
    if (token) await revokeSession(deps.db, token);
    return ok(c, null);
  });
}
