import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { OperatorHtml } from "~/components/operator-html";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { SITE_PAGE_LABEL, SITE_PAGES } from "~/domain/site-pages";
import { aboutLoader } from "./about.server";

export const loader = (args: LoaderFunctionArgs) => aboutLoader(args);

export const meta: MetaFunction<typeof loader> = ({ data }) => (data ? [{ title: data.title }] : []);

export default function SitePage() {
  const d = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <article className="space-y-3 px-3 py-5">
      <h1 className="text-xl font-bold" dir="auto">
        {d.title}
      </h1>
      {d.updated ? <p className="text-xs text-ink-dim">{t("sitePage.updated", { time: d.updated })}</p> : null}
      <OperatorHtml className="prose-invert text-sm leading-relaxed" dir="auto" data-testid="site-page" html={d.html} />
      <nav aria-label={t("footer.about")} className="border-t border-white/10 pt-3">
        <ul className="flex flex-wrap gap-2 text-sm">
          {SITE_PAGES.filter((k) => k !== d.key).map((k) => (
            <li key={k}>
              <Link to={`/about/${k}`} className="chip">
                {t(SITE_PAGE_LABEL[k])}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </article>
  );
}
