import { requestContext } from "~/context.server";
import { plainText, sanitizeRichHtml } from "~/html.server";
import { pageMeta } from "~/i18n/t.server";
import { notePersonalPage } from "~/request-scope.server";

// The help centre (/help, and /helpmc bare): the platform's categories and articles
// (GET /wps/system/helpCenter), one category shown at a time (?topic=<tag or id>), a search over
// titles and text (?q=), and a deep link to one article (?article=<id>), which opens it.

const MOBILE = /Android|iPhone|iPad|iPod|Mobile/i;

export async function helpLoader(request: Request, titleKey: string) {
  const ctx = await requestContext(request);
  const url = new URL(request.url);
  const device = MOBILE.test(request.headers.get("User-Agent") ?? "") ? "MOBILE" : "WEB";
  // Articles may differ by device (the User-Agent's): not a page to share through the micro-cache.
  notePersonalPage();
  const categories = await ctx.gateway.content.helpCenter(device).catch(() => null);
  const q = (url.searchParams.get("q") ?? "")
    .replace(/[\u0000-\u001f]/g, "")
    .trim()
    .slice(0, 60);
  const articleId = url.searchParams.get("article");
  const topic = url.searchParams.get("topic");
  const list = (categories ?? []).map((c) => ({
    id: c.id,
    tag: c.tag ?? "",
    title: c.title ?? "",
    intro: c.content ? sanitizeRichHtml(c.content) : "",
    articles: (c.children ?? [])
      .filter((a) => a.display)
      .map((a) => ({ id: a.id, title: a.title ?? "", html: sanitizeRichHtml(a.content ?? ""), text: plainText(a.content ?? "") })),
  }));
  const holding = articleId ? list.find((c) => c.articles.some((a) => a.id === articleId)) : undefined;
  const current = holding ?? list.find((c) => c.tag === topic || c.id === topic) ?? list[0] ?? null;
  const needle = q.toLocaleLowerCase();
  const results = needle
    ? list.flatMap((c) =>
        c.articles.filter((a) => `${a.title} ${a.text}`.toLocaleLowerCase().includes(needle)).map((a) => ({ ...a, category: c.title })),
      )
    : [];
  return {
    unavailable: categories === null,
    q,
    open: articleId,
    categories: list.map((c) => ({ id: c.id, tag: c.tag, title: c.title })),
    current: current
      ? {
          id: current.id,
          tag: current.tag,
          title: current.title,
          intro: current.intro,
          articles: current.articles.map(({ text: _t, ...a }) => a),
        }
      : null,
    results: results.map(({ text: _t, ...a }) => a),
    meta: await pageMeta(request, titleKey),
  };
}

export type HelpData = Awaited<ReturnType<typeof helpLoader>>;
