import type { Hono } from "hono";
import { memberInfo, TRIAL_ACCOUNT } from "../services/members";
import { walletBalances } from "../services/wallets";
import { ok, type PlatformDeps, type PlatformEnv, PlatformError } from "./context";
import { sessionGuard } from "./guards";

export function registerMemberRoutes(app: Hono<PlatformEnv>, deps: PlatformDeps): void {
  const session = sessionGuard(deps);

  app.get("/wps/member/info", session, async (c) => {
    const info = await memberInfo(deps.db, c.get("member").memberId, c.get("lang"));
    if (!info) throw new PlatformError("login.not.session", "login.not.session", 401);
    return ok(c, info);
  });

  // typeId=0 asks for every wallet; it is the only form clients use.
  app.get("/wps/v2/wallets/balance", session, async (c) => {
    const member = c.get("member");
    return ok(c, await walletBalances(deps.db, c.get("merchant"), member.memberId, c.get("lang"), member.accountType === TRIAL_ACCOUNT));
  });
}
