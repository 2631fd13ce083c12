// URLs as logs may keep them: the launch token in /play/<token> and query values whose names look
// secret (tokens, OAuth codes and states, passwords, keys, signatures) replaced. Used by the
// server's access log and the app's error log.

const SECRET_QUERY = /token|code|state|pass|secret|key|otp|ticket|sig|session|auth/i;
const REDACTED = "[redacted]";

export function redactUrl(raw: string): string {
  const [pathPart = "", query] = raw.split("?", 2);
  const path = pathPart.replace(/^\/play\/[^/?]+/, `/play/${REDACTED}`);
  if (query === undefined) return path;
  const params = new URLSearchParams(query);
  const kept = [...params.entries()].map(([k, v]) => [k, SECRET_QUERY.test(k) ? REDACTED : v] as const);
  return `${path}?${kept.map(([k, v]) => `${encodeURIComponent(k)}=${v === REDACTED ? v : encodeURIComponent(v)}`).join("&")}`;
}
