import type { Hono } from "hono";
import type { PlatformDeps, PlatformEnv } from "./context";
import type { Relay } from "./game-relays";

// The agent's team and reports of decision 025: relays (registered into relay-routes.ts's table),
// the consolidated flags, and the encrypted register-downline call.

export function agentRelays(_deps: PlatformDeps): Record<string, Relay> {
  return {};
}

export function registerAgentRoutes(_app: Hono<PlatformEnv>, _deps: PlatformDeps): void {}
