import { redirect } from "@remix-run/node";
import { requireMember } from "~/accounts/guards.server";
import { popupData, today } from "~/announcements/popup.server";
import { requestContext } from "~/context.server";
import { pageMeta } from "~/i18n/t.server";
import { csrfForm } from "~/security.server";
import { commitSession } from "~/session.server";

// The announcement popup opened from the side menu (or by itself on home after login): a modal
// route over the home page.
export async function announcementsLoader(request: Request) {
  const ctx = await requestContext(request);
  return { popup: await popupData(ctx, new URL(request.url)), meta: await pageMeta(request, "announcements.title") };
}

/** "Not again today": remembered in the player's session until the operator's day changes. */
export async function announcementsAction(request: Request) {
  const ctx = await requireMember(request);
  await csrfForm(request);
  ctx.session.set("popupDismissedDay", today());
  ctx.session.set("popupShown", true);
  return redirect("/", { headers: { "Set-Cookie": await commitSession(ctx.session) } });
}
