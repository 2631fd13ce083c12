import type { Hono } from "hono";
import { z } from "zod";
import { listCountries } from "../services/phones";
import { affiliateOwner, registerFields } from "../services/register-settings";
import { register, REGISTER_FIELDS, type RegisterPayload } from "../services/registration";
import { affiliateProgramme } from "../services/site-content";
import type { RegisterMode } from "../services/register-validation";
import { accountContext, requireHuman, requireModule, sliderSchema, text } from "./accounts";
import { ok, type PlatformContext, type PlatformDeps, type PlatformEnv, PlatformError } from "./context";
import { readEncrypted } from "./encrypted";

const registerPayload = z.object({
  ...Object.fromEntries(REGISTER_FIELDS.map((field) => [field, text()])),
  countryDialingCode: text(8),
  login: z.union([z.boolean(), z.enum(["true", "false"]).transform((v) => v === "true")]).nullish(),
  registerMethod: text(20),
  registerUrl: text(2000),
  domain: text(255),
  loginDeviceId: text(100),
  sliderCaptcha: sliderSchema,
}) as unknown as z.ZodType<RegisterPayload & { sliderCaptcha?: z.infer<typeof sliderSchema>; login?: boolean | null }>;

export function registerAccountRoutes(app: Hono<PlatformEnv>, deps: PlatformDeps): void {
  app.get("/wps/system/setting/register", async (c) => {
    const fields = await registerFields(deps.db, c.get("merchant").code, c.get("modules"));
    return c.json({ success: true, value: fields }, 200, { "Cache-Control": "public, max-age=60" });
  });

  app.get("/wps/system/country", async (c) => {
    return c.json({ success: true, value: await listCountries(deps.db, c.get("merchant").code, c.get("lang")) }, 200, {
      "Cache-Control": "public, max-age=300",
    });
  });

  app.get("/wps/agent/affiliate", async (c) => {
    // Without a code parameter it is the programme of "join us" (decision 026); with one (even
    // empty) it stays the code check of decision 008.
    if (c.req.query("code") === undefined) return ok(c, await affiliateProgramme(deps.db, c.get("merchant").code, c.get("lang")));
    const code = (c.req.query("code") ?? "").trim();
    const domain = c.req.query("domain")?.trim();
    const usable = /^[A-Za-z0-9_-]{1,40}$/.test(code) && !domain?.includes("\u0000");
    const owner = usable ? await affiliateOwner(deps.db, c.get("merchant").code, code, domain) : null;
    if (owner === null) throw new PlatformError("invitation.code.invalid", "invitation.code.invalid");
    return ok(c, { code: code.toUpperCase() });
  });

  const handleRegister = (mode: RegisterMode) => async (c: PlatformContext) => {
    const payload = await readEncrypted(c, deps, registerPayload);
    const ctx = accountContext(c, deps);
    if (mode === "account") requireModule(ctx, "REG3", "USERNAMEREG3");
    else requireModule(ctx, "MOBILENUMREG3");
    await requireHuman(ctx, payload.sliderCaptcha, "register");
    return ok(c, await register(ctx, { ...payload, login: payload.login ?? undefined }, mode));
  };
  app.put("/wps/member/register", handleRegister("account"));
  app.put("/wps/member/register/mobile", handleRegister("mobile"));
}
