// Flag tiles for the country picker (/media/flag/<CODE>.svg): simplified drawings of the seeded
// countries' flags on a 60×40 canvas.

function star(cx: number, cy: number, r: number, fill: string): string {
  const points: string[] = [];
  for (let i = 0; i < 10; i++) {
    const radius = i % 2 === 0 ? r : r * 0.4;
    const angle = -Math.PI / 2 + (i * Math.PI) / 5;
    points.push(`${(cx + radius * Math.cos(angle)).toFixed(2)},${(cy + radius * Math.sin(angle)).toFixed(2)}`);
  }
  return `<polygon points="${points.join(" ")}" fill="${fill}"/>`;
}

const stripes = (colors: string[], heights?: number[]) => {
  const hs = heights ?? colors.map(() => 40 / colors.length);
  let y = 0;
  return colors
    .map((color, i) => {
      const rect = `<rect y="${y.toFixed(2)}" width="60" height="${(hs[i]! + 0.05).toFixed(2)}" fill="${color}"/>`;
      y += hs[i]!;
      return rect;
    })
    .join("");
};

const FLAGS: Record<string, string> = {
  BD: `<rect width="60" height="40" fill="#006a4e"/><circle cx="27" cy="20" r="12" fill="#f42a41"/>`,
  IN:
    stripes(["#ff9933", "#ffffff", "#138808"]) +
    `<circle cx="30" cy="20" r="5" fill="none" stroke="#000080" stroke-width="1"/><circle cx="30" cy="20" r="1" fill="#000080"/>`,
  PK:
    `<rect width="60" height="40" fill="#01411c"/><rect width="15" height="40" fill="#ffffff"/>` +
    `<circle cx="37" cy="20" r="10" fill="#ffffff"/><circle cx="40" cy="17.5" r="9" fill="#01411c"/>` +
    star(43.5, 14.5, 3.5, "#ffffff"),
  NP:
    `<path d="M6,2 L42,19 L18,19 L42,38 L6,38 Z" fill="#dc143c" stroke="#003893" stroke-width="2.5" stroke-linejoin="miter"/>` +
    `<circle cx="15" cy="13" r="3" fill="#ffffff"/><circle cx="15" cy="30" r="4" fill="#ffffff"/>`,
  LK:
    `<rect width="60" height="40" fill="#ffb700"/><rect x="3" y="3" width="7" height="34" fill="#005641"/>` +
    `<rect x="10" y="3" width="7" height="34" fill="#ff5b00"/><rect x="20" y="3" width="37" height="34" fill="#8d153a"/>` +
    `<rect x="31" y="11" width="15" height="18" rx="4" fill="#ffb700"/>`,
  PH:
    stripes(["#0038a8", "#ce1126"]) +
    `<polygon points="0,0 34.6,20 0,40" fill="#ffffff"/>` +
    `<circle cx="11" cy="20" r="4" fill="#fcd116"/>` +
    star(4, 5, 2, "#fcd116") +
    star(4, 35, 2, "#fcd116") +
    star(28, 20, 2, "#fcd116"),
  VN: `<rect width="60" height="40" fill="#da251d"/>` + star(30, 20, 11, "#ffff00"),
  TH: stripes(["#a51931", "#f4f5f8", "#2d2a4a", "#f4f5f8", "#a51931"], [40 / 6, 40 / 6, 40 / 3, 40 / 6, 40 / 6]),
  ID: stripes(["#ce1126", "#ffffff"]),
  MY:
    stripes(Array.from({ length: 14 }, (_, i) => (i % 2 === 0 ? "#cc0001" : "#ffffff"))) +
    `<rect width="30" height="22.86" fill="#010066"/><circle cx="11" cy="11.4" r="7" fill="#ffcc00"/>` +
    `<circle cx="13" cy="11.4" r="6" fill="#010066"/>` +
    star(22, 11.4, 5, "#ffcc00"),
  SG:
    stripes(["#ef3340", "#ffffff"]) +
    `<circle cx="12" cy="10" r="6" fill="#ffffff"/><circle cx="14.5" cy="10" r="5.5" fill="#ef3340"/>` +
    [
      [20, 6],
      [23.5, 9],
      [22, 13],
      [18, 13],
      [16.5, 9],
    ]
      .map(([x, y]) => star(x!, y!, 1.3, "#ffffff"))
      .join(""),
  GB:
    `<rect width="60" height="40" fill="#012169"/>` +
    `<path d="M0,0 L60,40 M60,0 L0,40" stroke="#ffffff" stroke-width="8"/>` +
    `<path d="M0,0 L60,40 M60,0 L0,40" stroke="#c8102e" stroke-width="2.6"/>` +
    `<path d="M30,0 V40 M0,20 H60" stroke="#ffffff" stroke-width="12"/>` +
    `<path d="M30,0 V40 M0,20 H60" stroke="#c8102e" stroke-width="7"/>`,
};

/** The tile for an ISO country code, or null for one without a drawing. */
export function flagSvg(code: string, name: string): string | null {
  const body = FLAGS[code.toUpperCase()];
  if (!body) return null;
  const label = name.replace(/[<>&"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="60" height="40" viewBox="0 0 60 40" role="img" aria-label="${label}">${body}</svg>`;
}
