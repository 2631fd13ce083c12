import type { Hono } from "hono";
import type { PlatformDeps, PlatformEnv } from "./context";
import type { Relay } from "./game-relays";

// Contracts, settlement and transfers between upline and downline of decision 025: the four
// contract relays (registered into relay-routes.ts's table) and the encrypted transfer calls.

export function agentContractRelays(_deps: PlatformDeps): Record<string, Relay> {
  return {};
}

export function registerAgentContractRoutes(_app: Hono<PlatformEnv>, _deps: PlatformDeps): void {}
