import { seededRandom } from "../play/random";
// Small helpers shared by the platform's generated artwork (decision 039): escaping, a stable
// hash and a seeded random source, and a few shape shorthands that keep the SVGs short.

export function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/** A stable 32-bit hash of a string (FNV-1a), so a name always draws the same picture. */
export function hashOf(text: string): number {
  let hash = 0x811c9dc5;
  for (const ch of text) {
    hash ^= ch.codePointAt(0)!;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash >>> 0;
}

/** A seeded source (mulberry32) keyed by a string: never Math.random, so a drawing never changes. */
export function seeded(seed: string): () => number {
  return seededRandom(hashOf(seed));
}

/** A number written short: at most one decimal, no trailing zero. */
export const n = (value: number): string => String(Math.round(value * 10) / 10);

export const path = (d: string, fill: string, extra = ""): string => `<path d="${d}" fill="${fill}"${extra}/>`;
export const circle = (cx: number, cy: number, r: number, fill: string, extra = ""): string =>
  `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="${fill}"${extra}/>`;
export const ellipse = (cx: number, cy: number, rx: number, ry: number, fill: string, extra = ""): string =>
  `<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(rx)}" ry="${n(ry)}" fill="${fill}"${extra}/>`;
export const rect = (x: number, y: number, w: number, h: number, fill: string, extra = ""): string =>
  `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" fill="${fill}"${extra}/>`;
/** A stroked line or curve without fill. */
export const line = (d: string, stroke: string, width: number, extra = ""): string =>
  `<path d="${d}" fill="none" stroke="${stroke}" stroke-width="${width}" stroke-linecap="round"${extra}/>`;

/**
 * A left-right symmetric outline around x = 100: the points of its left half from top to bottom,
 * mirrored back up the right side.
 */
export function mirrored(points: [number, number][]): string {
  const right = [...points].reverse().map(([x, y]) => [200 - x, y] as [number, number]);
  return "M" + [...points, ...right].map(([x, y]) => `${n(x)} ${n(y)}`).join("L") + "Z";
}

/** A star or sunburst polygon with `count` points between radii `outer` and `inner`. */
export function starPath(cx: number, cy: number, outer: number, inner: number, count: number, turn = 0): string {
  const out: string[] = [];
  for (let i = 0; i < count * 2; i++) {
    const r = i % 2 === 0 ? outer : inner;
    const a = -Math.PI / 2 + turn + (i * Math.PI) / count;
    out.push(`${n(cx + r * Math.cos(a))} ${n(cy + r * Math.sin(a))}`);
  }
  return `M${out.join("L")}Z`;
}

export const FONT = "system-ui, 'Noto Sans Bengali', 'Segoe UI', Roboto, sans-serif";

/** Splits a title into at most `maxLines` lines of about `width` characters. */
export function wrap(text: string, width: number, maxLines: number): string[] {
  const lines: string[] = [];
  let current = "";
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (current && (current + " " + word).length > width) {
      lines.push(current);
      current = word;
    } else {
      current = current ? `${current} ${word}` : word;
    }
  }
  if (current) lines.push(current);
  return lines.slice(0, maxLines);
}
