import type { LoaderFunctionArgs } from "@remix-run/node";
import { requestContext } from "~/context.server";
import { SITE_PAGES } from "~/domain/site-pages";
import { PlatformError } from "~/gateway/index.server";
import { sanitizeRichHtml } from "~/html.server";
import { timeFormatter } from "~/i18n/format.server";

// The footer's site pages (About company, contact, terms, responsible gaming, privacy, affiliates,
// refunds, certification, payment methods, security): the operator's content from the platform
// (decision 026), sanitized; an unknown page is 404.

export async function aboutLoader({ request, params }: LoaderFunctionArgs) {
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
