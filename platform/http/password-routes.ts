import type { Hono } from "hono";
import { z } from "zod";
import { changePassword, forgotByEmail, resetByPhone } from "../services/passwords";
import { accountContext, readFormOrJson, requireModule, text } from "./accounts";
import { ok, type PlatformDeps, type PlatformEnv } from "./context";
import { readEncrypted } from "./encrypted";
import { sessionGuard } from "./guards";

const changePayload = z.object({
  oldPassword: z.string().min(1).max(200),
  newPassword: z.string().min(1).max(200),
  confirmNewPassword: z.string().max(200).nullish(),
});

const forgotPayload = z.object({ username: z.string().trim().min(1).max(100), email: z.string().trim().min(1).max(200) });

const resetPayload = z.object({
  newPassword: z.string().min(1).max(200),
  mobileNum: z.union([z.string().max(30), z.number()]).transform(String),
  verificationCode: z.union([z.string().max(20), z.number()]).transform(String),
  countryDialingCode: text(8),
});

export function registerPasswordRoutes(app: Hono<PlatformEnv>, deps: PlatformDeps): void {
  app.post("/wps/member/password", sessionGuard(deps), async (c) => {
    const payload = await readEncrypted(c, deps, changePayload);
    const ctx = accountContext(c, deps);
    requireModule(ctx, "PASS3");
    const session = c.get("member");
    await changePassword(ctx, session.memberId, session.tokenHash, payload);
    return ok(c, null);
  });

  // A form post in the original desktop client. Success whether or not the pair matches a member.
  app.post("/wps/member/password/email", async (c) => {
    const payload = await readFormOrJson(c, forgotPayload);
    const ctx = accountContext(c, deps);
    requireModule(ctx, "CHNGPASSMAIL3");
    await forgotByEmail(ctx, payload.username, payload.email);
    return ok(c, null);
  });

  app.post("/wps/member/password/verification", async (c) => {
    const payload = await readEncrypted(c, deps, resetPayload);
    const ctx = accountContext(c, deps);
    requireModule(ctx, "CHNGPASSVERIF3");
    await resetByPhone(ctx, payload);
    return ok(c, null);
  });
}
