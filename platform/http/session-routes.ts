import type { Hono } from "hono";
import { z } from "zod";
import { loginWithPassword } from "../services/members";
import { revokeSession } from "../services/sessions";
import { ok, type PlatformDeps, type PlatformEnv, PlatformError } from "./context";
import { readEncrypted } from "./encrypted";

const loginPayload = z.object({
  username: z.string().min(1).max(100),
  password: z.string().min(1).max(200),
  type: z.enum(["username", "sms"]).default("username"),
  captcha: z.string().optional(),
  loginDeviceId: z.string().optional(),
});

export function registerSessionRoutes(app: Hono<PlatformEnv>, deps: PlatformDeps): void {
  app.get("/wps/session/key/rsa", async (c) => {
    const key = await deps.rsaKey();
    return c.text(key.modulusHex, 200, { "Cache-Control": "no-store" });
  });

  app.post("/wps/session/login", async (c) => {
    const payload = await readEncrypted(c, deps, loginPayload);
    // SMS codes arrive with the verification slice; until then no code is ever valid.
    if (payload.type === "sms") throw new PlatformError("verification.code.invalid", "verification.code.invalid");
    const result = await loginWithPassword(deps.db, c.get("merchant"), payload.username, payload.password, c.get("ip"), deps.now());
    if (!result) throw new PlatformError("login.failed", "login.failed");
    return ok(c, result);
  });

  // DELETE in the original clients, POST {} in others; a missing or dead token is still a success.
  app.on(["DELETE", "POST"], "/wps/session/logout", async (c) => {
    const token = c.req.header("Authorization")?.trim();
    if (token) await revokeSession(deps.db, token);
    return ok(c, null);
  });
}
