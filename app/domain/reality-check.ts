// The reality check of responsible gaming: a reminder every N minutes of how long the player has
// been playing. The platform keeps the interval and when the session began; the app decides when
// a reminder is due. Pure.

export type RealityCheck = { minutes: number; startedAt: number; lastShownAt?: number };

/** Minutes played when a reminder is due now, else undefined. */
export function realityCheckDue(check: RealityCheck | undefined, now: number): number | undefined {
  if (!check || check.minutes <= 0 || now < check.startedAt) return undefined;
  const since = check.lastShownAt ?? check.startedAt;
  if (now - since < check.minutes * 60_000) return undefined;
  return Math.floor((now - check.startedAt) / 60_000);
}

/** When the next reminder falls due (ms), for a timer in the browser. */
export function nextRealityCheckAt(check: RealityCheck | undefined): number | undefined {
  if (!check || check.minutes <= 0) return undefined;
  return (check.lastShownAt ?? check.startedAt) + check.minutes * 60_000;
}
