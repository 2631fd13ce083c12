import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { OperatorHtml } from "~/components/operator-html";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { readFailed, requireAgentPage } from "~/accounts/guards.server";
import { Pager } from "~/components/records";
import { sanitizeRichHtml } from "~/html.server";
import { pageMeta } from "~/i18n/t.server";
import { RECORDS_PAGE_SIZE, recordsQuery, timeFormatter } from "~/money/records.server";
import { rowKey } from "~/gateway/wire.server";

// Agent announcements (AGEANNOUNCE3): the platform's HTML, sanitized here; each one opens in
// place (details/summary, no JavaScript needed), paged.
export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireAgentPage(request, "agentAnnouncement");
  const { page } = recordsQuery(request);
  const answer = await ctx.gateway.agent.announcements({ pageNo: page, pageSize: RECORDS_PAGE_SIZE }).catch(readFailed(request));
  const when = timeFormatter(ctx.language);
  return {
    page,
    totalPages: answer.totalPages,
    items: answer.list.map((a, i) => ({ id: a.id ?? rowKey(a, i, ["time", "title"]), title: a.title ?? "", html: sanitizeRichHtml(a.content ?? ""), time: when(a.time) })),
    meta: await pageMeta(request, "agent.announcement"),
  };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => (data ? [{ title: data.meta.title }] : []);

export default function AgentAnnouncements() {
  const d = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <section className="mt-4 space-y-3">
      <h2 className="text-xl font-bold">{t("agent.announcement")}</h2>
      {d.items.length === 0 ? <p className="text-ink-dim">{t("agent.noAnnouncements")}</p> : null}
      <ul className="space-y-2" data-testid="agent-announcements">
        {d.items.map((a, i) => (
          <li key={a.id} className="rounded-xl bg-panel p-3">
            <details open={i === 0 && d.page === 1}>
              <summary className="flex cursor-pointer list-none items-baseline justify-between gap-2">
                <span className="font-semibold" dir="auto">{a.title}</span>
                <span className="shrink-0 text-xs text-ink-dim">{a.time}</span>
              </summary>
              <OperatorHtml className="prose-invert mt-2 text-sm" dir="auto" html={a.html} />
            </details>
          </li>
        ))}
      </ul>
      <Pager page={d.page} totalPages={d.totalPages} />
    </section>
  );
}
