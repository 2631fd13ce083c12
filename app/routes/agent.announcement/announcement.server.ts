import { readFailed, requireAgentPage } from "~/accounts/guards.server";
import { sanitizeRichHtml } from "~/html.server";
import { pageMeta } from "~/i18n/t.server";
import { RECORDS_PAGE_SIZE, recordsQuery, timeFormatter } from "~/money/records.server";
import { rowKey } from "~/gateway/wire.server";

// Agent announcements (AGEANNOUNCE3): the platform's HTML, sanitized here; each one opens in
// place (details/summary, no JavaScript needed), paged.
export async function announcementLoader(request: Request) {
  const ctx = await requireAgentPage(request, "agentAnnouncement");
  const { page } = recordsQuery(request);
  const answer = await ctx.gateway.agent.announcements({ pageNo: page, pageSize: RECORDS_PAGE_SIZE }).catch(readFailed(request));
  const when = timeFormatter(ctx.language);
  return {
    page,
    totalPages: answer.totalPages,
    items: answer.list.map((a, i) => ({
      id: a.id ?? rowKey(a, i, ["time", "title"]),
      title: a.title ?? "",
      html: sanitizeRichHtml(a.content ?? ""),
      time: when(a.time),
    })),
    meta: await pageMeta(request, "agent.announcement"),
  };
}
