import { createMiddleware } from "hono/factory";
import { languageFrom } from "../messages";
import { findMerchantWithModules } from "../services/merchants";
import { resolveSession } from "../services/sessions";
import { clientIp, type PlatformDeps, type PlatformEnv, PlatformError } from "./context";

/**
 * Every /wps call: Language, client IP and the Merchant header. A missing or repeated Merchant
 * is a 400 (what the operator's gateway answers); an unknown one is domain_not_available.
 */
export function merchantGuard(deps: PlatformDeps) {
  return createMiddleware<PlatformEnv>(async (c, next) => {
    c.set("lang", languageFrom(c.req.header("Language")));
    c.set("ip", clientIp(c.req.header("X-Forwarded-For")));
    const code = c.req.header("Merchant")?.trim();
    if (!code) throw new PlatformError("function.not.available", "merchant.required", 400);
    // Headers joins a repeated header with ", ".
    if (code.includes(",")) throw new PlatformError("function.not.available", "merchant.duplicate", 400);
    const found = await findMerchantWithModules(deps.db, code);
    if (!found) throw new PlatformError("domain_not_available", "domain_not_available");
    c.set("merchant", found.merchant);
    c.set("modules", found.modules);
    await next();
  });
}

/** Token-required calls: the bare token in Authorization, alive and of this merchant, else 401. */
export function sessionGuard(deps: PlatformDeps) {
  return createMiddleware<PlatformEnv>(async (c, next) => {
    const token = c.req.header("Authorization")?.trim();
    const member = token ? await resolveSession(deps.db, c.get("merchant").code, token, deps.now()) : null;
    if (!member) throw new PlatformError("login.not.session", "login.not.session", 401);
    c.set("member", member);
    await next();
  });
}
