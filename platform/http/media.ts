import type { Hono } from "hono";
import { type Language, languageFrom } from "../messages";
import { mediaTitle, promotionBanner } from "../services/content";
import { gameThumbnail } from "../services/games";
import { lotteryIconName } from "../services/lottery";
import type { PlatformDeps, PlatformEnv } from "./context";
import { flagSvg } from "./flags";

// The reference platform has no image CDN: it draws its banners, promotion images and vendor
// logos as small SVGs, so every image URL it hands out resolves.

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/** A stable hue per name, so a vendor keeps its colour. */
function hueOf(name: string): number {
  let hash = 0;
  for (const ch of name) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  return hash % 360;
}

/** Splits a title into at most `maxLines` lines of about `width` characters. */
function wrap(text: string, width: number, maxLines: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/)) {
    if (line && (line + " " + word).length > width) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  return lines.slice(0, maxLines);
}

const FONT = "system-ui, 'Noto Sans Bengali', 'Segoe UI', Roboto, sans-serif";

// 18:7, the shape the site shows banners in, with the text well inside: a phone crops nothing.
// Another size (a promotion's banner) scales the text and the circle with the height.
export function bannerSvg(title: string, seed: string, width = 1080, height = 420): string {
  const hue = hueOf(seed);
  const scale = height / 420;
  const lines = wrap(title, Math.max(8, Math.round((24 * width) / 1080 / scale)), 2);
  const size = Math.round(64 * scale);
  const left = Math.round(96 * scale);
  const top = height / 2 - ((lines.length - 1) * size * 1.2) / 2;
  const text = lines
    .map((line, i) => `<text x="${left}" y="${top + i * size * 1.2}" dominant-baseline="middle">${escapeXml(line)}</text>`)
    .join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${escapeXml(title)}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue},70%,28%)"/><stop offset="1" stop-color="hsl(${(hue + 40) % 360},80%,12%)"/></linearGradient></defs>
<rect width="100%" height="100%" fill="url(#g)"/>
<circle cx="${width - Math.round(180 * scale)}" cy="${height / 2}" r="${Math.round(140 * scale)}" fill="hsl(${(hue + 180) % 360},85%,55%)" opacity="0.35"/>
<g fill="#fff" font-family="${FONT}" font-size="${size}" font-weight="700">${text}</g>
</svg>`;
}

export function vendorSvg(name: string, code: string): string {
  const hue = hueOf(code);
  const size = name.length > 14 ? 20 : name.length > 9 ? 26 : 32;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="120" viewBox="0 0 240 120" role="img" aria-label="${escapeXml(name)}">
<rect x="2" y="2" width="236" height="116" rx="18" fill="hsl(${hue},65%,38%)"/>
<rect x="2" y="2" width="236" height="58" rx="18" fill="#fff" opacity="0.08"/>
<text x="120" y="62" fill="#fff" font-family="${FONT}" font-size="${size}" font-weight="700" text-anchor="middle" dominant-baseline="middle">${escapeXml(name)}</text>
</svg>`;
}

/** Text lines centred on x, the block's middle at y. */
function centredLines(lines: string[], x: number, y: number, size: number): string {
  const top = y - ((lines.length - 1) * size * 1.15) / 2;
  return lines.map((line, i) => `<text x="${x}" y="${(top + i * size * 1.15).toFixed(1)}">${escapeXml(line)}</text>`).join("");
}

/** A game tile (200×200, under 1.5 KB): the vendor's colour, the name wrapped, the vendor below. */
export function gameSvg(name: string, vendor: string, vassalage: string): string {
  const hue = hueOf(vassalage);
  const spot = hueOf(name);
  const lines = wrap(name, 14, 3);
  const size = lines.some((line) => line.length > 11) ? 20 : 24;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200" viewBox="0 0 200 200" role="img" aria-label="${escapeXml(name)}">
<defs><linearGradient id="g" x2="1" y2="1"><stop stop-color="hsl(${hue},70%,34%)"/><stop offset="1" stop-color="hsl(${(hue + 40) % 360},80%,13%)"/></linearGradient></defs>
<rect width="200" height="200" rx="16" fill="url(#g)"/>
<circle cx="${40 + (spot % 120)}" cy="${30 + (spot % 50)}" r="56" fill="hsl(${(hue + 180) % 360},85%,60%)" opacity=".22"/>
<g fill="#fff" font-family="${FONT}" font-size="${size}" font-weight="700" text-anchor="middle" dominant-baseline="middle">${centredLines(lines, 100, 92, size)}</g>
<text x="100" y="180" fill="#fff" opacity=".75" font-family="${FONT}" font-size="13" text-anchor="middle">${escapeXml(vendor)}</text>
</svg>`;
}

/** A lottery icon (120×120): a ball in the game's colour with its name. */
export function lotterySvg(name: string, code: string): string {
  const hue = hueOf(code);
  const lines = wrap(name, 10, 3);
  const size = lines.some((line) => line.length > 7) ? 14 : 18;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="120" viewBox="0 0 120 120" role="img" aria-label="${escapeXml(name)}">
<circle cx="60" cy="60" r="56" fill="hsl(${hue},70%,42%)"/><circle cx="60" cy="60" r="44" fill="#fff" opacity=".16"/>
<g fill="#fff" font-family="${FONT}" font-size="${size}" font-weight="700" text-anchor="middle" dominant-baseline="middle">${centredLines(lines, 60, 60, size)}</g>
</svg>`;
}

/** The drawing for /media/<kind>/<name>.svg, or null when there is no such item. */
async function drawMedia(deps: PlatformDeps, kind: string, name: string, lang: Language): Promise<string | null> {
  if (kind === "game") {
    if (!/^\d{1,12}$/.test(name)) return null;
    const game = await gameThumbnail(deps.db, Number(name));
    return game ? gameSvg(game.name, game.vendor, game.vassalage) : null;
  }
  if (kind === "lottery") {
    const title = await lotteryIconName(deps.db, name, lang);
    return title === null ? null : lotterySvg(title, name);
  }
  if (kind === "promotion-banner") {
    const banner = await promotionBanner(deps.db, name, lang);
    return banner ? bannerSvg(banner.title, `${kind}${name}`, banner.width, banner.height) : null;
  }
  const title = await mediaTitle(deps.db, kind, name, lang);
  if (title === null) return null;
  return kind === "flag" ? flagSvg(name, title) : kind === "vendor" ? vendorSvg(title, name) : bannerSvg(title, `${kind}${name}`);
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
