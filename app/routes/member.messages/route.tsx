import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { OperatorHtml } from "~/components/operator-html";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { useCurrentPath } from "~/components/shell/use-current-path";
import { messagesAction, messagesLoader } from "./messages.server";

export const loader = ({ request }: LoaderFunctionArgs) => messagesLoader(request);
export const action = ({ request }: ActionFunctionArgs) => messagesAction(request);
export const meta: MetaFunction<typeof loader> = ({ data }) => (data ? [{ title: data.meta.title }] : []);

export default function Messages() {
  const { messages, page, totalPages } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const here = useCurrentPath();
  const unread = messages.some((m) => !m.read);
  const readForm = (id: string, label: string, className: string) => (
    <Form method="post" preventScrollReset>
      <AuthenticityTokenInput name="csrf" />
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="redirectTo" value={here} />
      <button type="submit" className={className}>
        {label}
      </button>
    </Form>
  );
  return (
    <section className="mt-4">
      <div className="flex items-center justify-between gap-2">
        <h1 className="text-xl font-bold">{t("member.messages")}</h1>
        {unread ? readForm("all", t("member.inbox.readAll"), "btn-ghost") : null}
      </div>
      {messages.length === 0 ? <p className="mt-4 text-ink-dim">{t("member.inbox.empty")}</p> : null}
      <ul className="mt-3 space-y-2" data-testid="inbox">
        {messages.map((m) => (
          <li key={m.id} className={`rounded-xl bg-panel p-3 ${m.read ? "" : "border-s-4 border-accent"}`}>
            <details>
              <summary className="cursor-pointer list-none">
                <span className="flex items-baseline justify-between gap-2">
                  <span className={`truncate ${m.read ? "" : "font-bold"}`} dir="auto">
                    {m.title}
                  </span>
                  <span className="shrink-0 text-xs text-ink-dim">{m.time}</span>
                </span>
                {!m.read ? <span className="text-xs text-accent">{t("member.inbox.unread")}</span> : null}
              </summary>
              <OperatorHtml className="prose-invert mt-2 text-sm" dir="auto" html={m.html} />
              {!m.read ? <div className="mt-2">{readForm(m.id, t("member.inbox.markRead"), "text-sm text-accent underline")}</div> : null}
            </details>
          </li>
        ))}
      </ul>
      {totalPages > 1 ? (
        <nav aria-label={t("games.pages")} className="mt-4 flex items-center justify-between text-sm">
          {page > 1 ? (
            <Link to={`?page=${page - 1}`} className="btn-ghost">
              {t("games.previous")}
            </Link>
          ) : (
            <span />
          )}
          <span className="text-ink-dim">{t("games.pageOf", { page, total: totalPages })}</span>
          {page < totalPages ? (
            <Link to={`?page=${page + 1}`} className="btn-ghost">
              {t("games.next")}
            </Link>
          ) : (
            <span />
          )}
        </nav>
      ) : null}
    </section>
  );
}
