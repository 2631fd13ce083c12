import { requestContext } from "~/context.server";
import { NOTICE_PAGER, pageOfIndex, pagerItems } from "~/domain/pager";
import { sanitizeRichHtml } from "~/html.server";
import { stampFormatter } from "~/i18n/format.server";
import { pageMeta } from "~/i18n/t.server";

// Notices (docs/SPEC.md point 2, /noticePage): the operator's notices, 9 a page (pager range 3, margin 1),
// an accordion with one open at a time (<details name>: clicking the open one closes it, and a new
// page opens with all closed). ?id= opens on the page holding that notice, with it open.
export async function noticePageLoader(request: Request) {
  const ctx = await requestContext(request);
  const url = new URL(request.url);
  const answer = await ctx.gateway.content.announcements().catch(() => null);
  const all = (answer?.player ?? []).filter((n) => n.id != null);
  const total = Math.ceil(all.length / NOTICE_PAGER.size);
  const chosen = url.searchParams.get("id");
  const chosenIndex = chosen ? all.findIndex((n) => String(n.id) === chosen) : -1;
  const asked = Number.parseInt(url.searchParams.get("page") ?? "", 10);
  const page = Math.min(
    Math.max(1, chosenIndex >= 0 && !url.searchParams.has("page") ? pageOfIndex(chosenIndex, NOTICE_PAGER.size) : asked || 1),
    Math.max(1, total),
  );
  const stamp = stampFormatter();
  return {
    page,
    pager: pagerItems(page, total, NOTICE_PAGER.range, NOTICE_PAGER.margin),
    open: chosenIndex >= 0 ? String(all[chosenIndex]!.id) : null,
    unavailable: answer === null,
    notices: all.slice((page - 1) * NOTICE_PAGER.size, page * NOTICE_PAGER.size).map((n) => ({
      id: String(n.id),
      title: n.title ?? "",
      html: sanitizeRichHtml(n.content ?? ""),
      time: stamp(n.time),
    })),
    meta: await pageMeta(request, "page.noticePage"),
  };
}
