import { dayIn } from "~/domain/date-range";
import { pagerItems, POPUP_PAGER } from "~/domain/pager";
import type { RequestContext } from "~/context.server";
import { env } from "~/env.server";
import { sanitizeRichHtml } from "~/html.server";
import { stampFormatter } from "~/i18n/format.server";

// The announcement popup (publicModal, docs/SPEC.md point 2): the platform's popup announcements, 5 a page
// (margin 1, range 5), one opened at a time in a detail panel. It shows by itself once per login
// on the home page, unless the player chose "not again today"; and whenever asked (/announcements).

export function today(): string {
  return dayIn(Date.now(), env().TIME_ZONE);
}

export async function popupData(ctx: RequestContext, url: URL) {
  const answer = await ctx.gateway.content.announcements().catch(() => null);
  const all = (answer?.popup ?? []).filter((a) => a.id != null);
  const total = Math.ceil(all.length / POPUP_PAGER.size);
  const page = Math.min(Math.max(1, Number.parseInt(url.searchParams.get("page") ?? "", 10) || 1), Math.max(1, total));
  const shown = all.slice((page - 1) * POPUP_PAGER.size, page * POPUP_PAGER.size);
  const open = shown.find((a) => String(a.id) === url.searchParams.get("open")) ?? null;
  const stamp = stampFormatter();
  return {
    page,
    pager: pagerItems(page, total, POPUP_PAGER.range, POPUP_PAGER.margin),
    items: shown.map((a) => ({ id: String(a.id), title: a.title ?? "", time: stamp(a.time) })),
    detail: open ? { id: String(open.id), title: open.title ?? "", html: sanitizeRichHtml(open.content ?? "") } : null,
    count: all.length,
    signedIn: Boolean(ctx.session.get("token")),
  };
}

export type PopupData = Awaited<ReturnType<typeof popupData>>;

/** Whether the popup opens by itself now: signed in, not yet this login, not dismissed today. */
export function popupDue(ctx: RequestContext): boolean {
  const s = ctx.session;
  return Boolean(s.get("token")) && s.get("popupShown") !== true && s.get("popupDismissedDay") !== today();
}
