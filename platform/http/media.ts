import type { Hono } from "hono";
import { languageFrom } from "../messages";
import { mediaTitle } from "../services/content";
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

export function bannerSvg(title: string, seed: string, width = 1200, height = 400): string {
  const hue = hueOf(seed);
  const lines = wrap(title, 28, 2);
  const size = 64;
  const top = height / 2 - ((lines.length - 1) * size * 1.2) / 2;
  const text = lines
    .map((line, i) => `<text x="80" y="${top + i * size * 1.2}" dominant-baseline="middle">${escapeXml(line)}</text>`)
    .join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${escapeXml(title)}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue},70%,28%)"/><stop offset="1" stop-color="hsl(${(hue + 40) % 360},80%,12%)"/></linearGradient></defs>
<rect width="100%" height="100%" fill="url(#g)"/>
<circle cx="${width - 180}" cy="${height / 2}" r="140" fill="hsl(${(hue + 180) % 360},85%,55%)" opacity="0.35"/>
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

export function registerMedia(app: Hono<PlatformEnv>, deps: PlatformDeps): void {
  app.get("/media/:kind/:file", async (c) => {
    const { kind, file } = c.req.param();
    const match = /^([A-Za-z0-9_-]{1,64})\.svg$/.exec(file);
    if (!match?.[1]) return c.notFound();
    const name = match[1];
    const lang = languageFrom(c.req.query("lang") ?? c.req.header("Language"));
    const title = await mediaTitle(deps.db, kind, name, lang);
    if (title === null) return c.notFound();
    const svg = kind === "flag" ? flagSvg(name, title) : kind === "vendor" ? vendorSvg(title, name) : bannerSvg(title, `${kind}${name}`);
    if (svg === null) return c.notFound();
    return c.body(svg, 200, {
      "Content-Type": "image/svg+xml; charset=utf-8",
      "Cache-Control": "public, max-age=86400",
      // An SVG opened directly must not run anything.
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'",
      "X-Content-Type-Options": "nosniff",
    });
  });
}
