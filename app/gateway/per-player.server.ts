// Answers about one player kept a few seconds in this process (issue 14: fewer platform calls per
// signed-in page): the inbox's unread count on every page's header, the games played last on the
// home page. Each is dropped at once when this instance changes it (a message read, a game
// launched); another instance's change, or the operator's, shows within the time it is kept.
// A failed read is not kept. Keys are the player's token, which the platform revokes at logout.

type Entry = { until: number; value: Promise<unknown> };

const MAX_PLAYERS = 20_000;
const byPlayer = new Map<string, Map<string, Entry>>();

export function perPlayer<T>(token: string, what: string, seconds: number, load: () => Promise<T>): Promise<T> {
  const now = Date.now();
  let entries = byPlayer.get(token);
  const hit = entries?.get(what);
  if (hit && hit.until > now) return hit.value as Promise<T>;
  if (!entries) {
    if (byPlayer.size >= MAX_PLAYERS) {
      for (const [key, kept] of byPlayer) {
        if ([...kept.values()].every((e) => e.until <= now)) byPlayer.delete(key);
      }
      if (byPlayer.size >= MAX_PLAYERS) byPlayer.delete(byPlayer.keys().next().value!);
    }
    byPlayer.set(token, (entries = new Map()));
  }
  const value = load();
  const entry = { until: now + seconds * 1000, value };
  entries.set(what, entry);
  value.catch(() => {
    if (entries.get(what) === entry) entries.delete(what);
  });
  return value;
}

/** Drops what is kept for this player: everything, or the answers whose name starts with `what`. */
export function forgetPerPlayer(token: string | undefined, what?: string) {
  if (!token) return;
  const entries = byPlayer.get(token);
  if (!entries) return;
  if (what === undefined) byPlayer.delete(token);
  else for (const key of [...entries.keys()]) if (key.startsWith(what)) entries.delete(key);
}

/** Drops what is kept for every player (with the shared cache: clearGatewayCache). */
export function forgetAllPlayers() {
  byPlayer.clear();
}
