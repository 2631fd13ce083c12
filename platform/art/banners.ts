// Banners and promotion pictures (decision 039): a scene (rays from a light, confetti, scattered
// coins) around a large motif chosen from what the banner is about. A home banner is the only place
// its title appears, so the picture writes it (once, on the left); a promotion's picture stands
// beside its title on the page, so it writes none.
import { MOTIFS } from "./motifs";
import { type Palette, paletteOf } from "./palettes";
import { FONT, circle, escapeXml, n, path, rect, seeded, starPath, wrap } from "./svg";

/** What a banner is about (its English title, a promotion's code and category) → its motif and colours. */
const THEMES: [RegExp, string, string][] = [
  [/\b(vip|rank|royal|elite)/i, "king", "PNG"],
  [/\b(raffle|lottery|lucky draw|draw)/i, "balls", "TCG_SEA"],
  [/\b(cricket)/i, "cricket", "9WICKETS"],
  [/\b(sport|football|soccer)/i, "football", "SABA"],
  [/\b(live|baccarat|roulette|casino)/i, "roulette", "EVO"],
  [/\b(tournament|leaderboard|challenge|streak|race|turnover)/i, "trophy", "HB"],
  [/\b(slot|big win|spin)/i, "reels", "JL"],
  [/\b(festival|summer)/i, "sun", "PP"],
  [/\b(deposit|match|cashback|cash|rebate|reload)/i, "coins", "RT"],
  [/\b(welcome|join|register|new member|birthday|gift|sign|daily|log in|every day|mobile|verif|refer)/i, "gift", "CQ9"],
];

export interface BannerArt {
  motif: string;
  palette: Palette;
}

export function bannerTheme(about: string): BannerArt {
  const [, motif, vendor] = THEMES.find(([pattern]) => pattern.test(about)) ?? [null, "coins", "JL"];
  return { motif, palette: paletteOf(vendor) };
}

const CONFETTI = ["#ffd23f", "#ff4d8d", "#39c6f0", "#2fbf71", "#fff"];

/**
 * A banner of any size. `title` is written on the left when given (a home banner); null leaves the
 * picture without text (a promotion's picture, whose title the page writes beside it).
 */
export function bannerSvg(options: {
  title: string | null;
  label: string;
  about: string;
  seed: string;
  width?: number;
  height?: number;
}): string {
  const { title, label, about, seed, width = 1080, height = 420 } = options;
  const rand = seeded(seed);
  const { motif, palette } = bannerTheme(about);
  const drawing = MOTIFS[motif]!;
  // The motif sits right of centre under a title, in the middle without one.
  const size = height * 0.92;
  // A right-to-left title (Urdu) mirrors the composition: the title on the right, the motif on the left.
  const rtl = title !== null && /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff]/.test(title);
  const cx = title === null ? width * 0.62 : rtl ? height * 0.62 : width - height * 0.62;
  const cy = height / 2;
  const scale = size / 200;
  const rays = `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(height * 0.55)}" fill="none" stroke="#fff" stroke-opacity=".07" stroke-width="${n(height * 1.1)}" stroke-dasharray="${n(height * 0.09)} ${n(height * 0.12)}"/>`;
  const confetti = Array.from({ length: 14 }, (_, i) => {
    const x = rand() * width;
    const y = rand() * height;
    const s = height * (0.012 + rand() * 0.018);
    const colour = CONFETTI[i % CONFETTI.length]!;
    return i % 3 === 0
      ? circle(x, y, s * 0.8, colour, ' opacity=".8"')
      : rect(x, y, s * 2, s, colour, ` opacity=".8" transform="rotate(${Math.floor(rand() * 180)} ${n(x)} ${n(y)})"`);
  }).join("");
  const coins = Array.from({ length: 3 }, () => {
    const x = cx + (rand() - 0.5) * height * 1.3;
    const y = height * (0.15 + rand() * 0.7);
    const r = height * (0.035 + rand() * 0.03);
    return (
      circle(x, y, r, "#f7c948", ` stroke="#d99a1e" stroke-width="${n(r * 0.25)}"`) + path(starPath(x, y, r * 0.5, r * 0.22, 5), "#d99a1e")
    );
  }).join("");
  const sparkle = Array.from({ length: 4 }, () =>
    path(starPath(rand() * width, rand() * height, height * 0.025, height * 0.008, 4), "#fff", ' opacity=".8"'),
  ).join("");
  let text = "";
  if (title !== null) {
    // The largest size at which the whole title fits left of the motif (2, 3 or 4 lines).
    const room = (rtl ? width - cx : cx) - size * 0.42 - height * 0.22;
    let fontSize = 0;
    let lines: string[] = [];
    for (const [share, most] of [
      [0.15, 2],
      [0.12, 3],
      [0.1, 4],
    ] as const) {
      fontSize = Math.round(height * share);
      lines = wrap(title, Math.max(6, Math.floor(room / (fontSize * 0.56))), 9);
      if (lines.length <= most) break;
    }
    const margin = Math.round(height * 0.22);
    const x = rtl ? width - margin : margin;
    const top = height / 2 - ((lines.length - 1) * fontSize * 1.15) / 2;
    text =
      `<g fill="#fff" font-family="${FONT}" font-size="${fontSize}" font-weight="800" dominant-baseline="middle"${rtl ? ' direction="rtl"' : ""} paint-order="stroke" stroke="${palette.bottom}" stroke-width="${n(fontSize * 0.12)}" stroke-opacity=".6">` +
      lines.map((l, i) => `<text x="${x}" y="${n(top + i * fontSize * 1.15)}">${escapeXml(l)}</text>`).join("") +
      "</g>" +
      rect(
        rtl ? x - height * 0.4 : x,
        top + (lines.length - 0.4) * fontSize * 1.15,
        height * 0.4,
        height * 0.035,
        palette.frame,
        ` rx="${n(height * 0.017)}"`,
      );
  }
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${escapeXml(label)}">` +
    `<defs><linearGradient id="b" x2="1" y2="1"><stop stop-color="${palette.top}"/><stop offset="1" stop-color="${palette.bottom}"/></linearGradient>` +
    `<radialGradient id="l"><stop stop-color="${palette.glow}" stop-opacity=".9"/><stop offset="1" stop-color="${palette.glow}" stop-opacity="0"/></radialGradient></defs>` +
    rect(0, 0, width, height, "url(#b)") +
    rays +
    circle(cx, cy, height * 0.6, "url(#l)") +
    confetti +
    coins +
    `<g transform="translate(${n(cx - 100 * scale)} ${n(cy - 100 * scale)}) scale(${Math.round(scale * 1000) / 1000})" stroke="#1b1020" stroke-width="2.5" stroke-linejoin="round">${drawing.draw()}</g>` +
    sparkle +
    rect(0, height * 0.86, width, height * 0.14, "#000", ' opacity=".18"') +
    text +
    "</svg>"
  );
}
