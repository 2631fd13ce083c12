import type { LoaderFunctionArgs } from "@remix-run/node";
import { directionOf, htmlLang } from "~/i18n/config";
import { guessLanguage } from "~/i18n/language.server";
import { fixedT } from "~/i18n/t.server";
import { escapeHtml } from "~/html.server";
import { NIGHT } from "~/install/icons.server";

// The offline page (issue 29, decision 055): the service worker keeps one copy, fetched with the
// player's cookies so it is in their language, and shows it for a page it has no copy of. One
// document for the three cases; the worker names the case on <body data-kind> and the style shows
// its text. Self-contained (its own style, no script): it is shown with no connection at all.

export async function loader({ request }: LoaderFunctionArgs) {
  const lng = await guessLanguage(request);
  const t = fixedT(lng);
  const e = (key: string) => escapeHtml(t(`common:offline.${key}`));
  const html = `<!DOCTYPE html><html lang="${htmlLang(lng)}" dir="${directionOf(lng)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="theme-color" content="${NIGHT}"><title>${e("title")}</title><style>
body{margin:0;min-height:100vh;background:${NIGHT};color:#e8eaf2;font:16px/1.5 system-ui,"Noto Sans Bengali","Noto Naskh Arabic",sans-serif;display:flex;align-items:center;justify-content:center}
main{max-width:26rem;padding:24px;text-align:center}h1{font-size:1.35rem;margin:0 0 .5rem}p{margin:.5rem 0;color:#b8bdd0}
.k{display:none}body[data-kind=page] .k-page,body[data-kind=cashier] .k-cashier,body[data-kind=game] .k-game{display:block}
a{display:inline-block;margin:.75rem .25rem 0;padding:.6rem 1.2rem;border-radius:999px;text-decoration:none;font-weight:700}
.retry{background:#f5b301;color:${NIGHT}}.home{border:1px solid #ffffff33;color:#e8eaf2}a:focus-visible{outline:3px solid #fff;outline-offset:2px}
</style></head><body data-kind="page"><main><h1>${e("title")}</h1><p class="k k-page" data-testid="offline-page">${e("page")}</p><p class="k k-cashier" data-testid="offline-cashier">${e("cashier")}</p><p class="k k-game" data-testid="offline-game">${e("game")}</p><p><a class="retry" href="" data-testid="offline-retry">${e("retry")}</a><a class="home" href="/">${e("home")}</a></p></main></body></html>`;
  return new Response(html, {
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Content-Language": lng,
      "Cache-Control": "no-store",
      Vary: "Cookie, Accept-Language",
    },
  });
}
