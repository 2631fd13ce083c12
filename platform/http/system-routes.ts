import type { Hono } from "hono";
import { moduleTree, systemStatus } from "../services/system";
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
}
