import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { OperatorHtml } from "~/components/operator-html";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { NumberedPager } from "~/components/records";
import { noticePageLoader } from "./noticePage.server";

export const loader = ({ request }: LoaderFunctionArgs) => noticePageLoader(request);

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data ? [{ title: data.meta.title }, { name: "description", content: data.meta.description }] : [];

export default function Notices() {
  const d = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <section className="space-y-3 px-3 py-5">
      <h1 className="text-xl font-bold">{t("page.noticePage")}</h1>
      {d.unavailable ? <p className="text-ink-dim">{t("error.platformUnavailable")}</p> : null}
      {!d.unavailable && d.notices.length === 0 ? <p className="text-ink-dim">{t("notices.none")}</p> : null}
      {/* Keyed by the page: a page change starts with every notice closed. */}
      <ul key={d.page} className="space-y-2" data-testid="notice-list">
        {d.notices.map((n) => (
          <li key={n.id} id={`notice-${n.id}`} className="rounded-xl bg-panel">
            <details name="notices" open={n.id === d.open} className="group">
              <summary className="flex cursor-pointer list-none items-start justify-between gap-2 p-3">
                <span className="min-w-0">
                  <span className="block font-semibold" dir="auto">
                    {n.title}
                  </span>
                  {/* Digits and dashes read left to right in Urdu too: the stamp keeps its order. */}
                  {n.time ? (
                    <span className="block">
                      <time dir="ltr" className="figure inline-block text-xs text-ink-dim">
                        {n.time}
                      </time>
                    </span>
                  ) : null}
                </span>
                <span aria-hidden="true" className="shrink-0 transition-transform group-open:rotate-180">
                  ▾
                </span>
              </summary>
              <OperatorHtml className="prose-invert px-3 pb-3 text-sm" dir="auto" html={n.html} />
            </details>
          </li>
        ))}
      </ul>
      <NumberedPager items={d.pager} page={d.page} label={t("notices.pages")} drop={["id"]} />
    </section>
  );
}
