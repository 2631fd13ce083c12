import type { LoaderFunctionArgs } from "@remix-run/node";
import { directionOf, fallbackLanguage, htmlLang, isKnownLanguage } from "~/i18n/config";
import { fixedT } from "~/i18n/t.server";
import { NIGHT } from "~/install/icons.server";

// The web app manifest (issue 29): what a phone shows when the site is added to its home screen.
// Browsers fetch it without cookies, so the page names its language in the URL (root.tsx).
export function loader({ request }: LoaderFunctionArgs) {
  const asked = new URL(request.url).searchParams.get("lng");
  const lng = isKnownLanguage(asked) ? asked : fallbackLanguage;
  const t = fixedT(lng);
  const manifest = {
    id: "/",
    name: t("brand"),
    short_name: t("brand"),
    description: t("meta.description"),
    lang: htmlLang(lng),
    dir: directionOf(lng),
    start_url: "/",
    scope: "/",
    display: "standalone",
    orientation: "portrait",
    background_color: NIGHT,
    theme_color: NIGHT,
    categories: ["games", "entertainment"],
    icons: [
      { src: "/icons/192.png", sizes: "192x192", type: "image/png", purpose: "any" },
      { src: "/icons/512.png", sizes: "512x512", type: "image/png", purpose: "any" },
      { src: "/icons/maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
    ],
  };
  return new Response(JSON.stringify(manifest), {
    headers: { "Content-Type": "application/manifest+json; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
