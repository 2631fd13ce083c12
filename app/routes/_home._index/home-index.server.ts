import { data } from "@remix-run/node";
import { popupData, popupDue } from "~/announcements/popup.server";
import { requestContext } from "~/context.server";
import { commitSession } from "~/session.server";

// The home page itself lives in the _home layout. The index adds the announcement popup, which
// opens by itself once per login (docs/SPEC.md point 2, publicModal) when there are announcements.
export async function homeIndexLoader(request: Request) {
  const ctx = await requestContext(request);
  if (!popupDue(ctx)) return { popup: null };
  const popup = await popupData(ctx, new URL(request.url));
  if (popup.count === 0) return { popup: null };
  ctx.session.set("popupShown", true);
  return data({ popup }, { headers: { "Set-Cookie": await commitSession(ctx.session) } });
}
