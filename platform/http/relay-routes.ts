import type { Hono } from "hono";
import { listAnnouncements, vendorLanes } from "../services/content";
import { ok, type PlatformContext, type PlatformDeps, type PlatformEnv, PlatformError } from "./context";
import { gameRelays, type Relay, type RelayMethod } from "./game-relays";
import { sessionGuard } from "./guards";
import { moneyRelays } from "./money-relays";
import { recordsRelays } from "./records-relays";
import { playerRelays } from "./player-relays";
import { agentRelays } from "./agent-routes";
import { agentContractRelays } from "./agent-contract-routes";
import { feedbackRelays } from "./content-routes";
import { pointRelays } from "./point-routes";

/** Comma-separated or repeated query values: types=B,PL or types=B&types=PL. */
function listParam(c: PlatformContext, name: string): string[] {
  return (c.req.queries(name) ?? [])
    .flatMap((v) => v.split(","))
    .map((v) => v.trim())
    .filter(Boolean);
}

function relays(deps: PlatformDeps): Record<string, Relay> {
  return {
    MCSFE_getListAnnouncements: {
      token: false,
      handle: (c) => {
        const types = listParam(c, "types");
        return listAnnouncements(
          deps.db,
          c.get("merchant").code,
          types.length ? types : ["B", "PL", "PU", "PR"],
          c.get("lang"),
          deps.now(),
        );
      },
    },
    GCSGAME_newGameVendor: {
      token: false,
      handle: (c) => vendorLanes(deps.db, c.get("merchant").code),
    },
    ...gameRelays(deps),
    ...moneyRelays(deps),
    ...recordsRelays(deps),
    ...playerRelays(deps),
    ...agentRelays(deps),
    ...agentContractRelays(deps),
    ...feedbackRelays(deps),
    ...pointRelays(deps),
  };
}

const DEFAULT_METHODS: readonly RelayMethod[] = ["GET", "POST"];

/**
 * /wps/relay/<SVC>_<method>: one table of the relayed calls this platform answers. A call by a
 * method it does not take is unknown; a switched-off module answers before the token is checked.
 */
export function registerRelayRoutes(app: Hono<PlatformEnv>, deps: PlatformDeps): void {
  const table = relays(deps);
  const session = sessionGuard(deps);
  app.on(["GET", "POST", "DELETE"], "/wps/relay/:call", async (c) => {
    const relay = Object.hasOwn(table, c.req.param("call")) ? table[c.req.param("call")] : undefined;
    const method = c.req.method as RelayMethod;
    if (!relay || !(relay.methods ?? DEFAULT_METHODS).includes(method)) {
      throw new PlatformError("function.not.available", "function.not.available", 404);
    }
    if (relay.module && !c.get("modules").has(relay.module))
      throw new PlatformError("function.not.available", "function.not.available", 400);
    if (relay.token) await session(c, async () => {});
    return ok(c, await relay.handle(c));
  });
}
