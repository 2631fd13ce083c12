// A short-lived shared cache for public reads (status, whitelabel, menus, vendors,
// register settings, help), keyed by merchant, language and request. Concurrent misses
// share one platform call.

type Entry = { expires: number; value: Promise<unknown> };

const MAX_ENTRIES = 1_000;
const entries = new Map<string, Entry>();

export async function cached<T>(key: string, seconds: number, load: () => Promise<T>): Promise<T> {
  if (seconds <= 0) return load();
  const now = Date.now();
  const hit = entries.get(key);
  if (hit && hit.expires > now) return hit.value as Promise<T>;
  const value = load();
  entries.set(key, { expires: now + seconds * 1000, value });
  if (entries.size > MAX_ENTRIES) {
    for (const [k, e] of entries) if (e.expires <= now || entries.size > MAX_ENTRIES) entries.delete(k);
  }
  // A failed load is not kept: the next request tries again.
  value.catch(() => {
    if (entries.get(key)?.value === value) entries.delete(key);
  });
  return value;
}

export function clearGatewayCache() {
  entries.clear();
}
