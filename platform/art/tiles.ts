// A game's tile (decision 039): a 200×200 picture in its provider's colours with a scene, a light
// behind a central motif chosen from the game's name, sparkles and a frame. It writes no text: the
// client writes the game's name once, under the picture.
import { type Motif, MOTIFS, type Scene, motifFor } from "./motifs";
import { type Palette, paletteOf } from "./palettes";
import { circle, ellipse, escapeXml, n, path, rect, seeded, starPath } from "./svg";

/** A prefix of the name sets the light's colour: "Frozen" is icy, "Blazing" burns. */
const MOODS: [RegExp, string][] = [
  [/\b(frozen|crystal|silver|diamond)\b/i, "#cfeeff"],
  [/\b(fire|blazing|hot|savage)\b/i, "#ff6a1a"],
  [/\b(golden|gold|rich|imperial|majestic)\b/i, "#ffd23f"],
  [/\b(neon|cosmic|mystic|magic|secret|hidden)\b/i, "#ff4fd8"],
  [/\b(jade|emerald)\b/i, "#3ee08a"],
  [/\bruby\b/i, "#ff3355"],
  [/\bsapphire\b/i, "#3a7bff"],
  [/\b(thunder|lightning|power|super)\b/i, "#fff35c"],
];

/** The scene behind the motif, drawn on the 200×200 canvas. */
export function sceneOf(scene: Scene, palette: Palette, rand: () => number): string {
  switch (scene) {
    case "rays":
      return `<circle cx="100" cy="96" r="60" fill="none" stroke="#fff" stroke-opacity=".08" stroke-width="120" stroke-dasharray="10 12" transform="rotate(${Math.floor(rand() * 22)} 100 96)"/>`;
    case "sea":
      return (
        path("M0 150Q25 138 50 150T100 150T150 150T200 150V200H0Z", "#0a7ab8", ' opacity=".45"') +
        path("M0 170Q25 160 50 170T100 170T150 170T200 170V200H0Z", "#0a5a8a", ' opacity=".6"') +
        Array.from({ length: 4 }, () =>
          circle(20 + rand() * 160, 24 + rand() * 110, 2 + rand() * 4, "none", ' stroke="#bfefff" stroke-opacity=".5" stroke-width="1.5"'),
        ).join("")
      );
    case "night":
      return Array.from({ length: 9 }, () =>
        circle(12 + rand() * 176, 12 + rand() * 120, 0.8 + rand() * 1.4, "#fff", ` opacity="${n(0.4 + rand() * 0.5)}"`),
      ).join("");
    case "dunes":
      return path("M0 158Q60 128 120 156T200 146V200H0Z", "#d9a55a", ' opacity=".85"') + path("M0 176Q80 150 200 172V200H0Z", "#b27a36");
    case "felt":
      return (
        ellipse(100, 192, 134, 62, "#1f7a4a") +
        ellipse(100, 192, 122, 52, "none", ` stroke="${palette.frame}" stroke-opacity=".5" stroke-width="2"`)
      );
    case "pitch":
      return (
        rect(0, 148, 200, 52, "#2f8f3f") +
        rect(0, 160, 200, 12, "#3aa04a") +
        rect(0, 184, 200, 12, "#3aa04a") +
        path("M0 152H200", "none", ' stroke="#fff" stroke-opacity=".7" stroke-width="2"')
      );
    case "arena":
      return (
        ellipse(100, 186, 124, 44, "#c9a46a") +
        ellipse(100, 186, 112, 36, "none", ' stroke="#8a5a2b" stroke-width="3" stroke-dasharray="6 6"')
      );
  }
}

/** The parts every tile shares: defs, background, scene, light; the motif goes on top. */
function tileBody(palette: Palette, motif: Motif, glow: string, rand: () => number): string {
  const flip = rand() < 0.5;
  const scale = Math.round((0.9 + rand() * 0.08) * 100) / 100;
  const lift = motif.scene === "felt" || motif.scene === "pitch" || motif.scene === "arena" ? -6 : -2;
  const place = `translate(${n(100 - 100 * scale * (flip ? -1 : 1))} ${n(100 - 100 * scale + lift)}) scale(${flip ? "-" : ""}${scale} ${scale})`;
  return (
    `<defs><linearGradient id="b" x2="0" y2="1"><stop stop-color="${palette.top}"/><stop offset="1" stop-color="${palette.bottom}"/></linearGradient>` +
    `<radialGradient id="l"><stop stop-color="${glow}" stop-opacity=".85"/><stop offset="1" stop-color="${glow}" stop-opacity="0"/></radialGradient>` +
    // Everything inside the frame's rounded corners: a scene never shows outside them.
    `<clipPath id="c"><rect width="200" height="200" rx="18"/></clipPath></defs><g clip-path="url(#c)">` +
    rect(0, 0, 200, 200, "url(#b)") +
    sceneOf(motif.scene, palette, rand) +
    circle(100, 94, 84, "url(#l)") +
    (motif.scene === "sea" || motif.scene === "night" ? "" : ellipse(100, 170, 56, 9, "#000", ' opacity=".3"')) +
    `<g transform="${place}" stroke="#1b1020" stroke-width="2.5" stroke-linejoin="round">${motif.draw()}</g>`
  );
}

/** Three small four-pointed sparkles, placed by the seed near the corners. */
function sparkles(rand: () => number): string {
  const spots = [
    [30, 34],
    [166, 40],
    [170, 150],
    [28, 140],
  ];
  return spots
    .filter(() => rand() < 0.75)
    .map(([x, y]) =>
      path(starPath(x! + rand() * 10 - 5, y! + rand() * 10 - 5, 5 + rand() * 4, 1.6, 4), "#fff", ` opacity="${n(0.6 + rand() * 0.4)}"`),
    )
    .join("");
}

/** The frame: a metal rim in the provider's trim colour and an inner line. */
function frame(palette: Palette): string {
  return (
    rect(4, 4, 192, 192, "none", ` rx="16" stroke="${palette.frame}" stroke-width="5"`) +
    rect(11, 11, 178, 178, "none", ` rx="11" stroke="${palette.frame}" stroke-opacity=".4"`)
  );
}

export interface TileGame {
  name: string;
  vassalage: string;
  gameType: string;
  classify?: string;
}

/** The motif id a game's tile shows (exported for the tests and the decision's table). */
export const tileMotif = (game: TileGame): string => motifFor(game.name, game.gameType, game.classify ?? "");

/** A game tile: 200×200, no text, about 2 KB. The aria-label names it for someone opening it alone. */
export function gameSvg(game: TileGame): string {
  const palette = paletteOf(game.vassalage);
  const motif = MOTIFS[tileMotif(game)]!;
  const rand = seeded(`${game.vassalage}/${game.name}`);
  const glow = MOODS.find(([pattern]) => pattern.test(game.name))?.[1] ?? palette.glow;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200" viewBox="0 0 200 200" role="img" aria-label="${escapeXml(game.name)}">` +
    tileBody(palette, motif, glow, rand) +
    sparkles(rand) +
    frame(palette) +
    "</g></svg>"
  );
}
