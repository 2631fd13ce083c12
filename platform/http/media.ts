import type { Hono } from "hono";
import { bannerSvg } from "../art/banners";
import { lotterySvg, vendorSvg } from "../art/logos";
import { gameSvg } from "../art/tiles";
import { type Language, languageFrom } from "../messages";
import { announcementArt, mediaTitle, promotionBanner, vendorArt } from "../services/content";
import { gameThumbnail } from "../services/games";
import { lotteryIconName } from "../services/lottery";
import type { PlatformDeps, PlatformEnv } from "./context";
import { flagSvg } from "./flags";

// The reference platform has no image CDN: it draws its game tiles, banners, promotion pictures,
// vendor logos and lottery icons as small SVGs (platform/art/, decision 039), so every image URL it
// hands out resolves. This file is the route; the drawing lives in platform/art/.

/** The drawing for /media/<kind>/<name>.svg, or null when there is no such item. */
async function drawMedia(deps: PlatformDeps, kind: string, name: string, lang: Language): Promise<string | null> {
  if (kind === "game") {
    if (!/^\d{1,12}$/.test(name)) return null;
    const game = await gameThumbnail(deps.db, Number(name));
    return game ? gameSvg(game) : null;
  }
  if (kind === "lottery") {
    const title = await lotteryIconName(deps.db, name, lang);
    return title === null ? null : lotterySvg(title, name);
  }
  if (kind === "promotion-banner") {
    // Shown beside the promotion's title on the list and the detail page: no text in the picture.
    const banner = await promotionBanner(deps.db, name, lang);
    return banner
      ? bannerSvg({
          title: null,
          label: banner.title,
          about: banner.about,
          seed: `${kind}${name}`,
          width: banner.width,
          height: banner.height,
        })
      : null;
  }
  if (kind === "banner" || kind === "promotion") {
    // A home banner (and an announcement's picture) is the only place its title appears: written once, in it.
    const art = await announcementArt(deps.db, kind, name, lang);
    return art ? bannerSvg({ title: art.title, label: art.title, about: art.about, seed: `${kind}${name}` }) : null;
  }
  if (kind === "vendor") {
    const vendor = await vendorArt(deps.db, name);
    return vendor ? vendorSvg(vendor.name, name, vendor.gameType) : null;
  }
  if (kind !== "flag") return null;
  const title = await mediaTitle(deps.db, kind, name, lang);
  return title === null ? null : flagSvg(name, title);
}

export function registerMedia(app: Hono<PlatformEnv>, deps: PlatformDeps): void {
  app.get("/media/:kind/:file", async (c) => {
    const { kind, file } = c.req.param();
    const match = /^([A-Za-z0-9_-]{1,64})\.svg$/.exec(file);
    if (!match?.[1]) return c.notFound();
    const name = match[1];
    const lang = languageFrom(c.req.query("lang") ?? c.req.header("Language"));
    const svg = await drawMedia(deps, kind, name, lang);
    if (svg === null) return c.notFound();
    // A game's or lottery's drawing never changes for its id or code: 30 days.
    return c.body(svg, 200, {
      "Content-Type": "image/svg+xml; charset=utf-8",
      "Cache-Control": kind === "game" || kind === "lottery" ? "public, max-age=2592000" : "public, max-age=86400",
      // An SVG opened directly must not run anything.
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'",
      "X-Content-Type-Options": "nosniff",
    });
  });
}
