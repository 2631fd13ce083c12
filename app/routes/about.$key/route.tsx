import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { OperatorHtml } from "~/components/operator-html";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { requestContext } from "~/context.server";
import { SITE_PAGE_LABEL, SITE_PAGES } from "~/domain/site-pages";
import { PlatformError } from "~/gateway/index.server";
import { sanitizeRichHtml } from "~/html.server";
import { timeFormatter } from "~/i18n/format.server";

// The footer's site pages (About company, contact, terms, responsible gaming, privacy, affiliates,
// refunds, certification, payment methods, security): the operator's content from the platform
// (decision 026), sanitized; an unknown page is 404.

export async function loader({ request, params }: LoaderFunctionArgs) {
  const key = SITE_PAGES.find((k) => k === params.key);
  if (!key) throw new Response(null, { status: 404 });
  const ctx = await requestContext(request);
  const page = await ctx.gateway.content.sitePage(key).catch((error: unknown) => {
    if (error instanceof PlatformError) throw new Response(null, { status: 404 });
    throw new Response(null, { status: 503 });
  });
  return {
    key,
    title: page.title ?? "",
    html: sanitizeRichHtml(page.content ?? ""),
    updated: page.updatedAt ? timeFormatter(ctx.language)(page.updatedAt) : "",
  };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => (data ? [{ title: data.title }] : []);

export default function SitePage() {
  const d = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <article className="space-y-3 px-3 py-5">
      <h1 className="text-xl font-bold" dir="auto">{d.title}</h1>
      {d.updated ? <p className="text-xs text-ink-dim">{t("sitePage.updated", { time: d.updated })}</p> : null}
      <OperatorHtml className="prose-invert text-sm leading-relaxed" dir="auto"  data-testid="site-page" html={d.html} />
      <nav aria-label={t("footer.about")} className="border-t border-white/10 pt-3">
        <ul className="flex flex-wrap gap-2 text-sm">
          {SITE_PAGES.filter((k) => k !== d.key).map((k) => (
            <li key={k}><Link to={`/about/${k}`} className="chip">{t(SITE_PAGE_LABEL[k])}</Link></li>
          ))}
        </ul>
      </nav>
    </article>
  );
}
