import type { Hono } from "hono";
import { moduleTree, serviceLink, systemStatus } from "../services/system";
import { ok, type PlatformDeps, type PlatformEnv } from "./context";

export function registerSystemRoutes(app: Hono<PlatformEnv>, deps: PlatformDeps): void {
  // Mo's v2 form adds device, url and originalDomain; the merchant header already names the site.
  for (const path of ["/wps/system/status", "/wps/v2/system/status"]) {
    app.get(path, async (c) => {
      const value = await systemStatus(deps.db, c.get("merchant"), c.get("lang"), c.get("ip"), c.get("modules"));
      return c.json({ success: true, value }, 200, { "Cache-Control": "no-store" });
    });
  }

  app.get("/wps/system/whitelabel", async (c) => ok(c, await moduleTree(deps.db, c.get("merchant").code)));

  // Decision 027 §4: no token; a fresh key each time, so never cached.
  app.get("/wps/system/serviceLink", (c) =>
    c.json({ success: true, value: serviceLink(c.get("merchant")) }, 200, { "Cache-Control": "no-store" }),
  );
}
