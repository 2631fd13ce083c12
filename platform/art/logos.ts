// Vendor logos and lottery icons (decision 039), in the tiles' style: the provider's palette, an
// emblem drawn from a motif, a rim. A vendor's logo carries its wordmark (it is a logo); a lottery's
// icon carries none, since the page writes the lottery's name beside it.
import { MOTIFS, TYPE_MOTIFS } from "./motifs";
import { paletteOf } from "./palettes";
import { FONT, circle, escapeXml, hashOf, n, rect, wrap } from "./svg";

/** A motif drawn at `size` px centred on (x, y), with the tiles' outline. */
export function emblem(motif: string, x: number, y: number, size: number): string {
  const scale = Math.round((size / 200) * 1000) / 1000;
  return `<g transform="translate(${n(x - 100 * scale)} ${n(y - 100 * scale)}) scale(${scale})" stroke="#1b1020" stroke-width="3" stroke-linejoin="round">${MOTIFS[motif]!.draw()}</g>`;
}

/** A vendor's logo, 240×120: an emblem for its lane (a die for table games, a ball for sports…) and its name. */
export function vendorSvg(name: string, code: string, gameType: string): string {
  const palette = paletteOf(code);
  const motif = TYPE_MOTIFS[gameType] ?? "reels";
  const lines = wrap(name, 10, 2);
  const longest = Math.max(...lines.map((l) => l.length));
  const size = lines.length > 1 ? (longest > 8 ? 19 : 22) : longest > 8 ? 22 : 28;
  const top = 60 - ((lines.length - 1) * size * 1.1) / 2;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="120" viewBox="0 0 240 120" role="img" aria-label="${escapeXml(name)}">` +
    `<defs><linearGradient id="b" x2="1" y2="1"><stop stop-color="${palette.top}"/><stop offset="1" stop-color="${palette.bottom}"/></linearGradient></defs>` +
    rect(3, 3, 234, 114, "url(#b)", ` rx="18" stroke="${palette.frame}" stroke-width="4"`) +
    circle(60, 60, 44, palette.glow, ' opacity=".35"') +
    circle(60, 60, 40, "none", ` stroke="${palette.frame}" stroke-width="3"`) +
    emblem(motif, 60, 60, 76) +
    `<g fill="#fff" font-family="${FONT}" font-size="${size}" font-weight="800" dominant-baseline="middle">` +
    lines.map((l, i) => `<text x="112" y="${n(top + i * size * 1.1)}">${escapeXml(l)}</text>`).join("") +
    "</g></svg>"
  );
}

const LOTTERY_HUES: [RegExp, string][] = [
  [/^VN/, "TCG_LOTTO_VN"],
  [/^SEA/, "TCG_SEA"],
];

/** A lottery's icon, 120×120, no text (the page names it): lottery balls, or a chequered flag for a race. */
export function lotterySvg(name: string, code: string): string {
  const vendor = LOTTERY_HUES.find(([pattern]) => pattern.test(code))?.[1] ?? "TCG";
  const palette = paletteOf(vendor);
  const motif = /PK10|RACE/i.test(code) ? "flag" : "balls";
  const turn = hashOf(code) % 40;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="120" viewBox="0 0 120 120" role="img" aria-label="${escapeXml(name)}">` +
    `<defs><radialGradient id="b" cx=".35" cy=".3"><stop stop-color="${palette.glow}"/><stop offset="1" stop-color="${palette.bottom}"/></radialGradient></defs>` +
    circle(60, 60, 57, "url(#b)", ` stroke="${palette.frame}" stroke-width="5"`) +
    `<circle cx="60" cy="60" r="40" fill="none" stroke="#fff" stroke-opacity=".12" stroke-width="34" stroke-dasharray="6 8" transform="rotate(${turn} 60 60)"/>` +
    emblem(motif, 60, 62, 92) +
    "</svg>"
  );
}
