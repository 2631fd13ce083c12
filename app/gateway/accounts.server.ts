import { z } from "zod";
import type { RegisterField } from "~/domain/register";
import { call, type GatewayContext } from "./client.server";
import { rowsOf } from "./wire.server";

// Registration, verification codes, human verification, captcha and passwords
// (docs/PLATFORM-CONTRACT.md §3.1; shapes where it is silent: docs/decisions/008).

const fieldSchema = z
  .object({
    field: z.string().optional(),
    enabled: z.union([z.boolean(), z.string(), z.number()]).transform((v) => v === true || v === 1 || v === "1" || v === "true"),
    required: z.union([z.boolean(), z.string(), z.number()]).transform((v) => v === true || v === 1 || v === "1" || v === "true"),
    acceptedPattern: z.string().nullish(),
    patternId: z.coerce.number().int().nullish(),
    minLength: z.coerce.number().int().nullish(),
    maxLength: z.coerce.number().int().nullish(),
    type: z.string().nullish(),
    sort: z.coerce.number().nullish(),
  })
  .passthrough();

// A list of {field, …}, or an object keyed by field name: either reading works.
const settingsSchema = z
  .union([z.array(fieldSchema), z.record(fieldSchema)])
  .transform((v): RegisterField[] =>
    (Array.isArray(v) ? v : Object.entries(v).map(([field, rule]) => ({ ...rule, field }))).flatMap((f) =>
      f.field ? [{ ...f, field: f.field }] : [],
    ),
  );

// Fields not in the contract (L): a bare list or any list reading; a country we cannot read is left out.
const countrySchema = rowsOf(
  z.object({ countryCode: z.string(), countryDialingCode: z.coerce.string(), name: z.string().nullish() }).passthrough(),
);
export type Country = z.output<typeof countrySchema>[number];

const smsSent = z
  .object({
    expiredMinutes: z.coerce.number().nullish(),
    maxAttemptTimes: z.coerce.number().nullish(),
    expirationTime: z.coerce.number().nullish(),
  })
  .passthrough()
  .nullish()
  .transform((v) => ({ expiredMinutes: v?.expiredMinutes ?? 5 }));

const sliderSchema = z
  .object({
    challengeId: z.string(),
    width: z.coerce.number(),
    height: z.coerce.number(),
    pieceSize: z.coerce.number(),
    pieceY: z.coerce.number(),
    background: z.string(),
    piece: z.string(),
  })
  .passthrough();
export type SliderChallenge = z.infer<typeof sliderSchema>;

export type SliderAnswer = { challengeId: string; x: number };

const loginResult = z
  .object({
    token: z.string().min(1),
    id: z.union([z.string(), z.number()]).nullish(),
    userName: z.string().nullish(),
    customerType: z.coerce.number().int().nullish(),
    firstTimeLogin: z.boolean().nullish(),
    passwordExpired: z.boolean().nullish(),
    defaultPassword: z.boolean().nullish(),
  })
  .passthrough();
export type LoginResult = z.infer<typeof loginResult>;
export { loginResult };

export function accountsApi(ctx: GatewayContext) {
  return {
    registerSettings(): Promise<RegisterField[]> {
      return call(ctx, { method: "GET", path: "/wps/system/setting/register", auth: "none", cache: true, schema: settingsSchema });
    },
    countries(): Promise<Country[]> {
      return call(ctx, { method: "GET", path: "/wps/system/country", auth: "none", cache: true, schema: countrySchema });
    },
    async checkAffiliate(code: string, domain: string): Promise<void> {
      await call(ctx, { method: "GET", path: "/wps/agent/affiliate", auth: "none", query: { code, domain }, schema: z.unknown() });
    },
    register(payload: Record<string, unknown>, mode: "account" | "mobile"): Promise<LoginResult> {
      return call(ctx, {
        method: "PUT",
        path: mode === "mobile" ? "/wps/member/register/mobile" : "/wps/member/register",
        moduleId: mode === "mobile" ? "MOBILENUMREG3" : "REG3",
        auth: "none",
        encrypted: true,
        body: payload,
        schema: loginResult,
      });
    },
    smsForRegister(body: { mobileNum: string; countryDialingCode: string; sliderCaptcha?: SliderAnswer }) {
      // Both spellings of the number, as clients of either generation send it.
      return call(ctx, {
        method: "POST",
        path: "/wps/verification/sms/register",
        auth: "none",
        body: { ...body, mobileNo: body.mobileNum },
        schema: smsSent,
      });
    },
    smsWithoutLogin(body: { mobileNum: string; countryDialingCode: string; sliderCaptcha?: SliderAnswer }) {
      return call(ctx, {
        method: "POST",
        path: "/wps/verification/sms/noLogin",
        auth: "none",
        moduleId: "VERIFICATION3",
        body,
        schema: smsSent,
      });
    },
    /** product as clients ask GeeTest (contract §3.1); null when that product needs no puzzle. */
    slider(product: "login" | "register"): Promise<SliderChallenge | null> {
      return call(ctx, {
        method: "GET",
        path: "/wps/captcha/slider",
        auth: "none",
        query: { t: Date.now(), product },
        schema: sliderSchema.nullable(),
      });
    },
    /** A new image captcha (never cached): the PNG and the id the platform bound it to. */
    async captcha(): Promise<{ image: string; captchaId?: string }> {
      let captchaId: string | undefined;
      const image = await call(ctx, {
        method: "GET",
        path: "/wps/captcha",
        auth: "none",
        query: { t: Date.now() },
        schema: z.string().min(1),
        onHeaders: (headers) => {
          for (const cookie of headers.getSetCookie()) {
            const m = /^captchaId=([^;]+)/.exec(cookie);
            if (m) captchaId = m[1];
          }
        },
      });
      return { image: image.replace(/^data:image\/png;base64,/, ""), captchaId };
    },
    async changePassword(body: { oldPassword: string; newPassword: string; confirmNewPassword: string }) {
      await call(ctx, {
        method: "POST",
        path: "/wps/member/password",
        auth: "required",
        moduleId: "PASS3",
        encrypted: true,
        body,
        schema: z.unknown(),
      });
    },
    async forgotByEmail(body: { username: string; email: string }) {
      await call(ctx, { method: "POST", path: "/wps/member/password/email", auth: "none", form: body, schema: z.unknown() });
    },
    async resetByPhone(body: { newPassword: string; mobileNum: string; verificationCode: string; countryDialingCode: string }) {
      await call(ctx, {
        method: "POST",
        path: "/wps/member/password/verification",
        auth: "none",
        moduleId: "CHNGPASSVERIF3",
        encrypted: true,
        body,
        schema: z.unknown(),
      });
    },
  };
}
