// Where a player may be sent back to: same-site paths only. No zod here, so the game cards that
// use it keep the home page's JavaScript small.

/**
 * A path on this site: one leading slash, no backslash, no whitespace or control character (a
 * browser drops a tab or newline and would read "/\t/evil.example" as "//evil.example").
 */
export function isLocalPath(to: unknown): to is string {
  return typeof to === "string" && to.length <= 2000 && /^\/(?![/\\])[^\\\x00-\x20\x7f]*$/.test(to);
}

/** Only same-site paths: never send a player to another host after login. */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  if (!isLocalPath(to)) return fallback;
  if (/^\/(login|logout|register|forgot-password|change-password|verify-login)\b/.test(to)) return fallback;
  return to;
}
