import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { OperatorHtml } from "~/components/operator-html";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { Pager } from "~/components/records";
import { announcementLoader } from "./announcement.server";

export const loader = ({ request }: LoaderFunctionArgs) => announcementLoader(request);

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
                <span className="font-semibold" dir="auto">
                  {a.title}
                </span>
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
