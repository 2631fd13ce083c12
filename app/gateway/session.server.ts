import { z } from "zod";
import { loginResult, type LoginResult, type SliderAnswer } from "./accounts.server";
import { call, type GatewayContext } from "./client.server";

export type { LoginResult };

export type LoginPayload = {
  username: string;
  password: string;
  type: "username" | "sms";
  captcha?: string;
  sliderCaptcha?: SliderAnswer;
  countryDialingCode?: string;
  loginDeviceId?: string;
};

const verificationStart = z
  .object({ expiredMinutes: z.coerce.number().nullish() })
  .passthrough()
  .nullish()
  .transform((v) => ({ expiredMinutes: v?.expiredMinutes ?? 5 }));

export function sessionApi(ctx: GatewayContext) {
  return {
    /** `captchaId` is the cookie the platform bound the image captcha to. */
    login(payload: LoginPayload, captchaId?: string): Promise<LoginResult> {
      return call(ctx, {
        method: "POST",
        path: "/wps/session/login",
        auth: "none",
        encrypted: true,
        body: payload,
        schema: loginResult,
        cookies: captchaId ? { captchaId } : undefined,
      });
    },
    freePlay(os: string): Promise<LoginResult> {
      return call(ctx, {
        method: "POST",
        path: "/wps/session/login/freeplay",
        auth: "none",
        moduleId: "FREEPLAY3",
        body: { os, platform: "W" },
        schema: loginResult,
      });
    },
    /** Two-factor: send a code by the chosen method. */
    sendLoginCode(body: { verificationToken: string; method: string }) {
      return call(ctx, {
        method: "POST",
        path: "/wps/session/login/verification/code",
        auth: "none",
        moduleId: "LOGINIPVERF3",
        body,
        schema: verificationStart,
      });
    },
    verifyLogin(body: { verificationToken: string; method: string; code: string }): Promise<LoginResult> {
      return call(ctx, {
        method: "POST",
        path: "/wps/session/login/verification",
        auth: "none",
        moduleId: "LOGINIPVERF3",
        encrypted: true,
        body,
        schema: loginResult,
      });
    },
    /** Social login (decision 013): the provider's access token; the platform checks it with the provider. */
    /** The provider's ID token (the platform checks its signature and audience), and the access token. */
    socialLogin(provider: "google" | "facebook", tokens: { idToken?: string; accessToken?: string }): Promise<LoginResult> {
      const moduleId = provider === "google" ? "GOOGLELOGIN3" : "FBLOGIN3";
      return call(ctx, {
        method: "POST",
        path: `/wps/session/login/${provider}`,
        auth: "none",
        moduleId,
        body: tokens,
        schema: loginResult,
      });
    },
    async logout(): Promise<void> {
      await call(ctx, { method: "DELETE", path: "/wps/session/logout", auth: "optional", schema: z.unknown() });
    },
  };
}
