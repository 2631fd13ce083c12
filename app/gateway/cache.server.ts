// A short-lived shared cache for public reads (status, whitelabel, menus, vendors,
// register settings, help), keyed by merchant, language and request. Concurrent misses
// share one platform call. A failure is kept a few seconds too: a platform that is down is
// asked again every few seconds, not by every page.
import { gatewayCache } from "~/metrics.server";
import { forgetAllPlayers } from "./per-player.server";

type Entry = { expires: number; value: Promise<unknown> };

const MAX_ENTRIES = 1_000;
const FAILURE_SECONDS = 3;
const entries = new Map<string, Entry>();

export async function cached<T>(key: string, seconds: number, load: () => Promise<T>): Promise<T> {
  if (seconds <= 0) return load();
  const now = Date.now();
  const hit = entries.get(key);
  if (hit && hit.expires > now) {
    gatewayCache.inc({ result: "hit" });
    return hit.value as Promise<T>;
  }
  gatewayCache.inc({ result: "miss" });
  const value = load();
  entries.set(key, { expires: now + seconds * 1000, value });
  if (entries.size > MAX_ENTRIES) {
    for (const [k, e] of entries) if (e.expires <= now || entries.size > MAX_ENTRIES) entries.delete(k);
  }
  value.catch((error: unknown) => {
    const entry = entries.get(key);
    if (entry?.value !== value) return;
    // A request that ran out of its own time says nothing about the platform: not remembered.
    if ((error as { kind?: string } | null)?.kind === "deadline") entries.delete(key);
    else entry.expires = Math.min(entry.expires, Date.now() + FAILURE_SECONDS * 1000);
  });
  return value;
}

/** Forgets every kept answer, the shared ones and each player's. */
export function clearGatewayCache() {
  entries.clear();
  forgetAllPlayers();
}
