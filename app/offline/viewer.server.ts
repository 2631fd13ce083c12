import { createHmac } from "node:crypto";
import { requestContext } from "~/context.server";
import { env } from "~/env.server";
import { VIEWER_HEADER } from "./rules";

/**
 * Who a page was rendered for, as the service worker reads it (decision 055): "guest", or a keyed
 * hash of the account (never its name). When it changes, the worker drops every stored page, so a
 * session that ended without a logout (expired, self-excluded, cut by the platform) leaves nothing
 * for the next player of the same phone. Unknown (no context: the platform is down): no header.
 */
export async function markViewer(request: Request, headers: Headers): Promise<void> {
  const ctx = await requestContext(request).catch(() => undefined);
  if (!ctx) return;
  const user = ctx.session.get("token") ? ctx.session.get("userName") : undefined;
  const viewer = user
    ? createHmac("sha256", env().sessionSecrets[0] ?? "")
        .update(`offline-viewer:${user}`)
        .digest("base64url")
        .slice(0, 16)
    : "guest";
  headers.set(VIEWER_HEADER, viewer);
}
