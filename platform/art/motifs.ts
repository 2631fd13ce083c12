// The central motifs of the generated artwork (decision 039): one small drawing per theme, on a
// 200×200 canvas centred near (100, 100), made of paths and shapes only (never text). Each motif
// names the scene it stands in (sea, night sky, desert, card table…), which tiles.ts draws behind.
import { circle, ellipse, line, mirrored, n, path, rect, starPath } from "./svg";

export type Scene = "rays" | "sea" | "night" | "dunes" | "felt" | "pitch" | "arena";

export interface Motif {
  scene: Scene;
  draw: () => string;
}

const INK = "#1b1020";
const GOLD = "#f7c948";
const GOLD_DARK = "#d99a1e";
const RED = "#e01e37";
const BLUE = "#1f8ef1";
const WHITE = "#fff";
/** Drawn without the group's outline (highlights, shading). */
const BARE = ' stroke="none"';

/** A thick stroke with a dark outline under it (bodies, swords, trunks). */
const outlined = (d: string, colour: string, width: number) => line(d, INK, width + 5) + line(d, colour, width);
const eyes = (lx: number, rx: number, y: number, r: number) => circle(lx, y, r, INK) + circle(rx, y, r, INK);

// ---- animals ----------------------------------------------------------------------------------

const dragon = (): string => {
  const body = "M46 160C28 120 80 118 92 100S152 84 128 58";
  return (
    outlined(body, "#d6342c", 24) +
    line(body, GOLD, 8, ' stroke-dasharray="3 7"') +
    path("M60 126l-8-14 15 5zM84 110v-16l11 10zM116 88l6-15 4 15z", GOLD) +
    path("M112 50C118 34 146 34 156 46L172 52L158 60C156 72 140 78 126 72C114 68 108 60 112 50Z", "#d6342c") +
    path("M124 40L112 18L134 36ZM140 38L148 16L150 40Z", GOLD) +
    line("M166 56C178 62 180 74 172 82M158 62C164 74 160 84 150 86", GOLD, 2.5) +
    circle(138, 50, 5, WHITE) +
    circle(139, 50, 2.5, INK) +
    path("M46 160l-18 2 12-11-13-8 19 1z", GOLD)
  );
};

const tiger = (): string =>
  circle(62, 64, 16, "#f28c28") +
  circle(138, 64, 16, "#f28c28") +
  circle(62, 64, 7, "#5a2a0a", BARE) +
  circle(138, 64, 7, "#5a2a0a", BARE) +
  ellipse(100, 104, 54, 48, "#f28c28") +
  ellipse(100, 128, 32, 20, "#fff6e8") +
  line("M100 58v16M86 60l4 12M114 60l-4 12M48 96h14M47 110h14M152 96h-14M153 110h-14", "#2a1406", 4) +
  ellipse(80, 98, 8, 9, WHITE) +
  ellipse(120, 98, 8, 9, WHITE) +
  circle(81, 99, 4, "#2f6b1f") +
  circle(119, 99, 4, "#2f6b1f") +
  path("M90 116h20l-10 10z", "#c2413a") +
  line("M100 126v6M100 132c-4 5-10 5-13 1M100 132c4 5 10 5 13 1", "#2a1406", 2.5);

const lion = (): string =>
  path(starPath(100, 100, 70, 52, 14), "#b5561d") +
  path(starPath(100, 100, 60, 44, 14, 0.22), "#d9822b", BARE) +
  circle(70, 72, 10, "#f2b24a") +
  circle(130, 72, 10, "#f2b24a") +
  circle(100, 104, 40, "#f2b24a") +
  ellipse(100, 122, 22, 15, "#fde7c2") +
  eyes(86, 114, 98, 4) +
  path("M92 112h16l-8 8z", "#5a2a0a") +
  line("M100 120v5M100 125c-3 4-8 4-10 1M100 125c3 4 8 4 10 1", INK, 2);

const panda = (): string =>
  circle(62, 62, 16, INK) +
  circle(138, 62, 16, INK) +
  ellipse(100, 104, 54, 48, WHITE) +
  ellipse(80, 98, 13, 16, INK, ' transform="rotate(30 80 98)"') +
  ellipse(120, 98, 13, 16, INK, ' transform="rotate(-30 120 98)"') +
  circle(82, 96, 4, WHITE, BARE) +
  circle(118, 96, 4, WHITE, BARE) +
  ellipse(100, 120, 10, 7, INK) +
  circle(70, 122, 6, "#ffb3c1", BARE) +
  circle(130, 122, 6, "#ffb3c1", BARE) +
  line("M100 127v5M100 132c-4 4-9 4-11 0M100 132c4 4 9 4 11 0", INK, 2.5);

const wings = (colour: string, inner: string, points: [number, number][], innerPoints: [number, number][]) =>
  path(mirrored(points), colour) + path(mirrored(innerPoints), inner, BARE);

const eagle = (): string =>
  wings(
    "#6b3e1f",
    "#8a5428",
    [
      [100, 70],
      [78, 72],
      [58, 56],
      [28, 44],
      [38, 62],
      [20, 66],
      [36, 80],
      [22, 88],
      [44, 96],
      [40, 106],
      [66, 104],
      [80, 118],
      [88, 150],
      [100, 142],
    ],
    [
      [100, 76],
      [80, 80],
      [60, 70],
      [48, 76],
      [62, 90],
      [84, 100],
      [100, 104],
    ],
  ) +
  ellipse(100, 108, 18, 30, "#8a5428") +
  path("M90 138l10 24 10-24z", WHITE) +
  circle(100, 70, 15, WHITE) +
  path("M94 74h14l-4 12z", GOLD) +
  eyes(95, 105, 68, 2.5);

const phoenix = (): string =>
  path("M100 122C78 140 68 160 80 176C88 162 94 152 100 146C106 152 112 162 120 176C132 160 122 140 100 122Z", "#ff4d1c") +
  wings(
    "#f25c1e",
    "#ffb627",
    [
      [100, 64],
      [80, 70],
      [60, 44],
      [56, 24],
      [48, 50],
      [28, 38],
      [36, 64],
      [16, 70],
      [40, 86],
      [58, 96],
      [84, 110],
      [100, 112],
    ],
    [
      [100, 72],
      [82, 78],
      [66, 62],
      [58, 76],
      [72, 92],
      [100, 102],
    ],
  ) +
  ellipse(100, 100, 12, 26, "#ffd23f") +
  path("M96 60c-6-12 0-22 6-26c-2 8 4 12 2 22z", "#ffd23f") +
  circle(100, 68, 11, "#ff7b1c") +
  path("M96 72h10l-5 9z", GOLD) +
  circle(97, 66, 2.2, INK);

const fishShape = (body: string, fin: string, extra = "") =>
  path("M146 98L180 70C174 88 174 110 180 128Z", fin) +
  path("M78 72C92 54 116 56 124 72Z", fin) +
  path("M36 100C56 64 128 62 150 98C128 136 58 136 36 100Z", body) +
  extra +
  path("M86 114c6 12 18 16 24 14c-4-8-12-14-24-14z", fin) +
  line("M74 84c6 10 6 22 0 32", INK, 2.5, ' opacity=".5"') +
  circle(60, 94, 7, WHITE) +
  circle(58, 94, 3.5, INK);

const koi = (): string =>
  `<g transform="rotate(-24 100 100)">` +
  fishShape(
    "#fff4e6",
    "#ff6a2b",
    ellipse(98, 86, 16, 10, "#ff5a1f", BARE) + ellipse(126, 104, 12, 9, "#ff5a1f", BARE) + ellipse(92, 112, 8, 6, INK, BARE),
  ) +
  line("M40 104c-8 4-10 10-8 16M42 96c-10 0-14-6-14-12", INK, 2) +
  "</g>";

const fish = (): string =>
  fishShape("#ffc233", "#ff7a1a", line("M92 80c8 8 8 32 0 40M110 78c8 8 8 36 0 44", "#ff9a1a", 3)) +
  circle(24, 80, 6, "none", ' stroke="#bfefff"') +
  circle(18, 62, 4, "none", ' stroke="#bfefff"') +
  circle(30, 48, 3, "none", ' stroke="#bfefff"');

const shark = (): string =>
  path("M146 98L180 64C174 86 174 110 180 132Z", "#7d8fa3") +
  path("M84 72L110 32L124 72Z", "#7d8fa3") +
  path("M36 100C56 64 128 62 150 98C128 136 58 136 36 100Z", "#8c9eb2") +
  path("M40 104C62 126 120 128 146 104C120 116 64 116 40 104Z", "#eef3f7", BARE) +
  line("M44 108l6 5 5-5 5 5 5-5", WHITE, 2) +
  line("M84 86v20M92 86v20M100 86v20", INK, 2, ' opacity=".4"') +
  circle(62, 92, 4, INK);

const crab = (): string =>
  line("M62 118l-26 8-6 14M60 128l-22 16-2 12M138 118l26 8 6 14M140 128l22 16 2 12", "#b8261c", 6) +
  line("M72 100L52 78M128 100L148 78", "#b8261c", 8) +
  path("M52 78C30 78 26 54 40 44L50 60L58 48C68 58 64 76 52 78Z", "#e0402f") +
  path("M148 78C170 78 174 54 160 44L150 60L142 48C132 58 136 76 148 78Z", "#e0402f") +
  ellipse(100, 116, 46, 30, "#e0402f") +
  ellipse(92, 106, 22, 8, "#ff8a70", BARE) +
  line("M88 92V78M112 92V78", "#b8261c", 5) +
  circle(88, 76, 7, WHITE) +
  circle(112, 76, 7, WHITE) +
  eyes(88, 112, 76, 3.5) +
  line("M92 124c5 4 11 4 16 0", INK, 2.5);

const rooster = (): string =>
  path("M120 110C130 70 160 58 178 70C160 76 150 90 148 112Z", "#1f7a4a") +
  path("M118 120C140 92 168 96 180 110C162 108 148 116 140 130Z", "#e0781f") +
  line("M96 150v18M112 150v18M88 168h12M104 168h12", GOLD, 4) +
  ellipse(104, 122, 38, 32, "#c8441f") +
  path("M70 122C60 98 64 66 84 58C98 54 106 72 100 94Z", "#e8742a") +
  path("M92 118c14-10 36-8 44 6c-10 10-30 12-44-6z", "#8f2c14") +
  path("M72 50c0-10 8-12 10-4c2-10 12-10 12 0c4-6 12-2 8 8Z", RED) +
  path("M70 60l-15 5 15 5z", GOLD) +
  ellipse(74, 78, 5, 8, RED) +
  circle(82, 60, 3, INK);

const canine = (fur: string, ears: string) => (): string =>
  path("M100 156L60 112L58 50L84 78H116L142 50L140 112Z", fur) +
  path("M64 62L66 86L80 80ZM136 62L134 86L120 80Z", ears, BARE) +
  path("M100 156L74 118L100 104L126 118Z", WHITE) +
  path("M76 98l14 4-12 4zM124 98l-14 4 12 4z", "#ffd23f") +
  eyes(84, 116, 102, 2) +
  ellipse(100, 146, 8, 6, INK);

const bovine = (hide: string, horn: string, kind: "horns" | "ring" | "rhino") => (): string =>
  (kind === "rhino" ? "" : path("M64 74C40 70 28 52 34 36C44 52 56 56 72 58ZM136 74C160 70 172 52 166 36C156 52 144 56 128 58Z", horn)) +
  ellipse(60, 82, 13, 6, hide) +
  ellipse(140, 82, 13, 6, hide) +
  path("M70 60C84 52 116 52 130 60C138 90 128 128 120 142C112 152 88 152 80 142C72 128 62 90 70 60Z", hide) +
  (kind === "rhino" ? path("M90 128L102 84L110 128Z", horn) : "") +
  ellipse(100, 140, 24, 16, kind === "rhino" ? "#a9b4c4" : "#f0b8a0") +
  ellipse(92, 140, 3.5, 5, INK) +
  ellipse(108, 140, 3.5, 5, INK) +
  circle(84, 96, 5, WHITE) +
  circle(116, 96, 5, WHITE) +
  eyes(84, 116, 97, 2.5) +
  (kind === "ring" ? line("M92 152c0 10 16 10 16 0", GOLD, 3) : "");

const elephant = (skin: string, ear: string, tusks: boolean) => (): string =>
  ellipse(56, 96, 30, 36, ear) +
  ellipse(144, 96, 30, 36, ear) +
  circle(100, 88, 38, skin) +
  (tusks ? path("M82 112c-10 26 4 44 24 40c-14-8-18-22-14-40zM118 112c10 26-4 44-24 40c14-8 18-22 14-40z", "#fff8e7") : "") +
  outlined("M100 104C100 130 96 150 112 156", skin, 16) +
  (tusks ? line("M86 54l-6-10M100 50V38M114 54l6-10", "#5a3414", 4) : "") +
  eyes(86, 114, 84, 4);

const ape = (fur: string, face: string) => (): string =>
  circle(56, 96, 14, face) +
  circle(144, 96, 14, face) +
  circle(100, 96, 44, fur) +
  path("M100 80C112 66 136 72 132 96C140 116 124 138 100 138C76 138 60 116 68 96C64 72 88 66 100 80Z", face) +
  eyes(86, 114, 94, 5) +
  ellipse(95, 112, 2.5, 2, INK) +
  ellipse(105, 112, 2.5, 2, INK) +
  line("M88 124c8 6 16 6 24 0", INK, 2.5);

const owl = (): string =>
  path("M62 56L58 30L82 50ZM138 56L142 30L118 50Z", "#8a5a34") +
  path("M60 70C60 50 76 44 100 52C124 44 140 50 140 70C150 110 140 150 100 156C60 150 50 110 60 70Z", "#8a5a34") +
  ellipse(100, 124, 26, 28, "#e7c9a0") +
  line("M90 118l4 4 4-4M102 118l4 4 4-4M96 130l4 4 4-4", "#8a5a34", 2.5) +
  circle(80, 82, 18, WHITE) +
  circle(120, 82, 18, WHITE) +
  circle(80, 82, 10, "#ffb020") +
  circle(120, 82, 10, "#ffb020") +
  eyes(80, 120, 82, 5) +
  path("M94 94h12l-6 12z", GOLD);

const horse = (coat: string, mane: string, unicorn: boolean) => (): string =>
  path("M120 44L126 20L136 46Z", coat) +
  path("M128 40C150 50 160 80 156 110L152 164H96L104 128C94 130 80 134 64 130C50 126 46 110 56 100L96 58C102 50 112 44 128 40Z", coat) +
  path("M132 42C150 50 168 80 162 116L168 164H152C156 120 150 80 132 42Z", mane) +
  (unicorn ? path("M112 50L96 8L124 46Z", GOLD) + line("M104 30l10-2M100 20l8-2", GOLD_DARK, 2) : "") +
  circle(110, 78, 5, INK) +
  ellipse(64, 116, 4, 3, INK) +
  line("M56 124c6 2 12 2 18 0", INK, 2);

const cobra = (): string =>
  ellipse(100, 152, 52, 14, "#3d8b37") +
  path("M86 152C86 120 80 100 82 80H118C120 100 114 120 114 152Z", "#3d8b37") +
  path("M100 38C130 38 146 70 138 100C132 118 118 120 100 122C82 120 68 118 62 100C54 70 70 38 100 38Z", "#4fa845") +
  path("M100 66C114 66 120 82 112 98C108 106 92 106 88 98C80 82 86 66 100 66Z", "#e8d27a", BARE) +
  ellipse(100, 56, 15, 17, "#3d8b37") +
  circle(94, 54, 3, "#ffd23f") +
  circle(106, 54, 3, "#ffd23f") +
  line("M100 72v8l-4 5M100 80l4 5", RED, 2);

const scarab = (): string =>
  circle(100, 42, 20, "#ff9e1b") +
  path("M100 70C60 60 28 80 26 110C50 100 70 104 100 120ZM100 70C140 60 172 80 174 110C150 100 130 104 100 120Z", "#2a9df4") +
  line("M78 110l-20 14M78 126l-22 6M80 140l-18 16M122 110l20 14M122 126l22 6M120 140l18 16", INK, 4) +
  ellipse(100, 124, 26, 32, "#1e6b5c") +
  line("M100 96v58", INK, 2.5) +
  ellipse(100, 88, 14, 10, GOLD) +
  ellipse(90, 112, 6, 12, "#4fd1b0", BARE);

// ---- places, people and things ------------------------------------------------------------------

const pyramid = (): string =>
  circle(144, 58, 22, "#ffcf5a", BARE) +
  path("M150 96L122 152H178Z", "#c9963f") +
  path("M100 44L34 152H100Z", "#e8b65a") +
  path("M100 44L166 152H100Z", "#b9822f") +
  line("M68 100h32M52 126h48M100 100h32M100 126h48", "#8a5a1e", 2, ' opacity=".6"') +
  path("M92 152v-14a8 8 0 0 1 16 0v14z", "#5a3a14");

const pharaoh = (cloth: string, stripe: string, beard: boolean) => (): string =>
  path("M100 34C128 34 146 54 146 84L160 150H40L54 84C54 54 72 34 100 34Z", cloth) +
  line("M50 110h18M46 130h22M150 110h-18M154 130h-22", stripe, 8) +
  path("M74 76C74 60 86 54 100 54C114 54 126 60 126 76V108C126 124 114 134 100 134C86 134 74 124 74 108Z", "#c98a4b") +
  rect(72, 64, 56, 9, stripe) +
  path("M96 64c0-10 8-10 8 0z", RED) +
  path("M80 88c6-6 12-6 16 0c-4 4-10 4-16 0zM104 88c4-6 10-6 16 0c-6 4-12 4-16 0z", WHITE) +
  eyes(89, 111, 88, 2.5) +
  line("M92 118h16", INK, 2) +
  (beard ? rect(94, 132, 12, 22, stripe, ' rx="3"') : "");

const steps = (): string =>
  rect(40, 130, 120, 24, "#a8763e") +
  rect(52, 108, 96, 24, "#b9874a") +
  rect(64, 86, 72, 24, "#c99a58") +
  rect(76, 64, 48, 24, "#d6aa66") +
  rect(86, 44, 28, 22, "#8a5a2b") +
  rect(94, 52, 12, 14, INK) +
  rect(90, 64, 20, 90, "#e7c07a") +
  line("M90 80h20M90 96h20M90 112h20M90 128h20M90 144h20", "#8a5a2b", 2) +
  line("M30 60c10-6 20-6 26 2M144 52c10-8 22-8 28 0", "#2f9e44", 6);

const columns = (): string =>
  path("M40 70L100 38L160 70Z", "#f3efe6") +
  rect(44, 70, 112, 12, "#e2dccd") +
  [52, 78, 108, 134].map((x) => rect(x, 84, 14, 56, "#f3efe6") + line(`M${x + 5} 88v48M${x + 9} 88v48`, "#c9c1ad", 1.5)).join("") +
  rect(40, 140, 120, 12, "#e2dccd") +
  rect(34, 152, 132, 10, "#cfc7b4") +
  circle(100, 58, 6, GOLD);

const bolt = (): string =>
  path(
    "M50 70C40 70 36 54 50 50C50 36 70 32 78 42C86 28 112 30 116 46C132 40 148 52 142 66C154 70 150 84 138 84H60C46 84 42 72 50 70Z",
    "#dfe6f2",
  ) + path("M112 62L72 122H98L84 172L136 100H106L124 62Z", "#ffd60a");

const trident = (): string =>
  outlined("M100 78V176", GOLD, 8) +
  path("M68 38C68 70 80 82 100 82C120 82 132 70 132 38L122 54C120 64 112 70 106 70V34L100 20L94 34V70C88 70 80 64 78 54Z", GOLD) +
  circle(100, 84, 6, "#39c6f0");

const wave = (): string =>
  path("M26 144C36 92 90 58 142 68C172 74 178 104 158 118C140 130 122 110 136 98C118 92 96 102 84 126C76 142 60 152 26 144Z", "#2aa8ff") +
  path("M138 98C148 90 160 98 156 108", "none", ' stroke="#fff" stroke-width="4"') +
  path("M40 140C52 110 80 90 110 86", "none", ' stroke="#bfefff" stroke-width="4" opacity=".7"');

const mermaid = (): string =>
  path("M100 160C80 130 92 100 110 80C122 66 118 50 110 40C130 50 136 76 124 96C112 116 112 136 126 160Z", "#19b39c") +
  path("M110 40C98 26 80 24 70 30C84 36 96 44 104 50ZM110 40C116 24 132 16 144 18C136 30 124 40 114 48Z", "#19b39c") +
  line("M104 120c6-4 12-4 16 0M108 100c6-4 12-4 16 0M100 140c6-4 12-4 16 0", "#0e7d6c", 2.5) +
  ellipse(108, 162, 40, 8, "#bfefff", BARE);

const helmet = (): string =>
  path("M56 100C36 96 22 78 26 52C36 72 48 80 62 84ZM144 100C164 96 178 78 174 52C164 72 152 80 138 84Z", "#f3e6c8") +
  path("M52 120C52 80 72 58 100 58C128 58 148 80 148 120Z", "#9aa7b8") +
  rect(95, 58, 10, 58, "#c9a24b") +
  rect(48, 114, 104, 16, "#c9a24b") +
  rect(94, 114, 12, 36, "#9aa7b8") +
  circle(62, 122, 3, "#7a5a1e") +
  circle(80, 122, 3, "#7a5a1e") +
  circle(120, 122, 3, "#7a5a1e") +
  circle(138, 122, 3, "#7a5a1e") +
  path("M70 72c8-8 18-10 24-10", "none", ' stroke="#fff" stroke-width="4" opacity=".5"');

const katana = (): string =>
  circle(100, 96, 40, "#e0303a", BARE) +
  outlined("M62 146L156 44", "#e8eef4", 6) +
  outlined("M40 170L62 146", "#2a1406", 8) +
  ellipse(64, 144, 13, 4, GOLD, ' transform="rotate(-47 64 144)"') +
  outlined("M138 146L44 44", "#e8eef4", 6) +
  outlined("M160 170L138 146", "#2a1406", 8) +
  ellipse(136, 144, 13, 4, GOLD, ' transform="rotate(47 136 144)"');

const shuriken = (): string =>
  path(starPath(100, 100, 64, 18, 4, 0.4), "#5c6675") +
  path(starPath(100, 100, 50, 12, 4, 0.4), "#8b96a5", BARE) +
  circle(100, 100, 10, INK);

const skull = (): string =>
  outlined("M52 150L148 64M52 64L148 150", "#f3efe6", 14) +
  path("M62 92C62 64 80 48 100 48C120 48 138 64 138 92C138 108 130 116 124 120V134H76V120C70 116 62 108 62 92Z", "#f3efe6") +
  path("M62 84C62 56 80 42 100 42C120 42 138 56 138 84C120 72 80 72 62 84Z", "#d62839") +
  ellipse(84, 96, 11, 12, INK) +
  ellipse(116, 96, 11, 12, INK) +
  path("M100 106l-6 12h12z", INK) +
  line("M88 124v10M100 124v10M112 124v10", INK, 2.5);

const shield = (): string =>
  outlined("M44 170L150 40", "#dfe6ee", 6) +
  path("M100 46L150 60C150 110 134 142 100 162C66 142 50 110 50 60Z", "#1f4fb0") +
  path("M100 46L150 60C150 110 134 142 100 162C66 142 50 110 50 60Z", "none", ' stroke="#f7c948" stroke-width="6"') +
  rect(92, 62, 16, 86, GOLD, BARE) +
  rect(62, 86, 76, 16, GOLD, BARE);

const roundShield = (): string =>
  outlined("M150 170L56 34", "#8a5a2b", 6) +
  path("M48 26L62 30L56 44Z", "#dfe6ee") +
  circle(100, 104, 56, "#a8322a") +
  circle(100, 104, 46, "none", ' stroke="#f7c948" stroke-width="6"') +
  line("M100 58v92M54 104h92", "#7a1f18", 6) +
  circle(100, 104, 14, GOLD);

const crown = (jewel: string) => (): string =>
  path("M44 140L36 64L72 98L100 48L128 98L164 64L156 140Z", GOLD) +
  path("M52 132L48 86L72 112L100 70L128 112L152 86L148 132Z", "#ffe27a", BARE) +
  rect(44, 136, 112, 22, GOLD_DARK) +
  circle(100, 147, 7, jewel) +
  circle(70, 147, 5, BLUE) +
  circle(130, 147, 5, BLUE) +
  circle(36, 64, 7, "#fff4c2") +
  circle(100, 48, 8, "#fff4c2") +
  circle(164, 64, 7, "#fff4c2");

const acacia = (): string =>
  circle(100, 112, 42, "#ffb347", BARE) +
  path("M20 160Q100 140 180 160V176H20Z", "#c08a3e", BARE) +
  line("M98 168L100 112L82 90M100 112L120 88", "#4a2c14", 7) +
  ellipse(84, 84, 38, 13, "#2f6b2a") +
  ellipse(124, 80, 34, 12, "#2f6b2a") +
  ellipse(104, 68, 30, 12, "#3f8a36");

const leaf = (turn: number, colour: string) =>
  `<g transform="rotate(${turn} 100 160)">` +
  path("M100 160C60 130 56 80 100 36C144 80 140 130 100 160Z", colour) +
  line("M100 150V50M100 110l-18-14M100 90l18-14", "#1d6b2e", 2.5) +
  "</g>";
const jungle = (): string =>
  leaf(-42, "#2f9e44") + leaf(42, "#38b24f") + leaf(0, "#45c45c") + circle(100, 132, 12, "#ff4d8d") + circle(100, 132, 4, GOLD);

const cherries = (): string =>
  line("M76 120C84 90 100 64 124 46M130 116C124 90 122 70 124 46", "#3d7a2a", 5) +
  path("M124 46C140 34 160 38 166 50C150 56 136 54 124 46Z", "#4caf50") +
  circle(74, 128, 26, RED) +
  circle(132, 124, 26, "#c40f2a") +
  circle(66, 118, 7, WHITE, ' stroke="none" opacity=".6"') +
  circle(124, 114, 7, WHITE, ' stroke="none" opacity=".6"');

const fruit = (): string =>
  path("M30 150A70 70 0 0 0 170 150Z", "#2fa84f") +
  path("M40 150A60 60 0 0 0 160 150Z", "#ff4d5e", BARE) +
  [70, 90, 110, 130].map((x, i) => ellipse(x, 166 + (i % 2) * 6, 3, 5, INK, BARE)).join("") +
  `<g transform="translate(34 -18) scale(.66)">${cherries()}</g>` +
  ellipse(62, 108, 22, 17, "#ffe135");

const candy = (): string =>
  outlined("M100 112V176", WHITE, 6) +
  circle(100, 82, 46, "#ff5fa2") +
  line("M100 82a8 8 0 0 1 16 0a16 16 0 0 1-32 0a24 24 0 0 1 48 0a32 32 0 0 1-64 0", WHITE, 7) +
  path("M40 150l14-10v20zM76 150l-14-10v20z", "#7ad7f0") +
  ellipse(58, 150, 10, 8, "#39c6f0");

const gem = (x: number, y: number, scale: number, colour: string) =>
  `<g transform="translate(${x} ${y}) scale(${scale})">` +
  path("M-40 -24L-20 -46H20L40 -24L0 40Z", colour) +
  path("M-40 -24H40M-20 -46L-8 -24L0 40L8 -24L20 -46", "none", ' stroke="#fff" stroke-opacity=".6" stroke-width="2"') +
  path("M-20 -46L-8 -24H-40Z", "#fff", ' stroke="none" opacity=".35"') +
  "</g>";
const gems = (): string => gem(58, 128, 0.6, "#ff3355") + gem(142, 128, 0.6, "#2fd37a") + gem(100, 96, 1.05, "#3a9bff");

const chest = (): string =>
  rect(44, 100, 112, 60, "#8a4d22", ' rx="6"') +
  path("M44 100V84C44 64 62 56 100 56C138 56 156 64 156 84V100Z", "#a35f2c") +
  rect(44, 94, 112, 12, GOLD) +
  rect(58, 56, 12, 104, GOLD, BARE) +
  rect(130, 56, 12, 104, GOLD, BARE) +
  rect(92, 94, 16, 24, GOLD_DARK, ' rx="3"') +
  circle(100, 104, 3, INK) +
  circle(40, 160, 12, GOLD) +
  circle(160, 162, 12, GOLD) +
  circle(150, 148, 10, "#ffe27a");

const coin = (x: number, y: number, r: number) =>
  circle(x, y, r, GOLD) +
  circle(x, y, r * 0.78, "none", ` stroke="${GOLD_DARK}" stroke-width="3"`) +
  path(starPath(x, y, r * 0.5, r * 0.22, 5), GOLD_DARK, BARE);
const stack = (x: number, bottom: number, count: number) =>
  Array.from({ length: count }, (_, i) => ellipse(x, bottom - i * 9, 24, 8, i % 2 ? GOLD : GOLD_DARK)).join("");
const coins = (): string => stack(56, 160, 6) + stack(150, 160, 4) + coin(106, 104, 44);

const planet = (): string =>
  ellipse(100, 100, 74, 18, "none", ' stroke="#ffd6a5" stroke-width="6" transform="rotate(-20 100 100)"') +
  circle(100, 100, 42, "#8a5cf6") +
  path("M62 88C80 96 120 96 140 86M60 108C80 116 120 116 140 106", "none", ' stroke="#b79bff" stroke-width="6"') +
  path(`M${n(100 - 74)} 100A74 18 0 0 0 ${n(100 + 74)} 100`, "none", ' stroke="#ffd6a5" stroke-width="6" transform="rotate(-20 100 100)"') +
  path(starPath(46, 46, 9, 3, 4), WHITE, BARE) +
  path(starPath(156, 150, 7, 2.5, 4), WHITE, BARE);

const star = (): string =>
  path(starPath(100, 102, 64, 27, 5), "#ffd23f") +
  path(starPath(100, 102, 46, 19, 5), "#ffe680", BARE) +
  path(starPath(150, 50, 10, 3, 4), WHITE, BARE);

const moon = (): string =>
  path("M122 36A64 64 0 1 0 164 136A52 52 0 1 1 122 36Z", "#ffe27a") +
  circle(84, 120, 7, "#f2c94c", BARE) +
  circle(70, 92, 5, "#f2c94c", BARE) +
  path(starPath(148, 62, 10, 3.5, 4), WHITE, BARE) +
  path(starPath(160, 96, 6, 2, 4), WHITE, BARE);

const sun = (): string =>
  path(starPath(100, 100, 72, 48, 12), "#ff9e1b") + circle(100, 100, 42, "#ffd23f") + circle(88, 88, 12, "#fff3b0", BARE);

const lotus = (): string =>
  ellipse(100, 158, 60, 10, "#2f9e44") +
  [-56, 56, -28, 28, 0]
    .map(
      (turn, i) =>
        `<g transform="rotate(${turn} 100 152)">${path("M100 152C78 122 82 82 100 58C118 82 122 122 100 152Z", i < 2 ? "#ff6fa3" : i < 4 ? "#ff8fb8" : "#ffb3d0")}</g>`,
    )
    .join("") +
  circle(100, 140, 6, GOLD);

const bamboo = (): string =>
  [
    [56, 34],
    [90, 24],
    [124, 40],
  ]
    .map(([x, y]) => rect(x!, y!, 18, 170 - y!, "#5cb85c") + line(`M${x} ${y! + 40}h18M${x} ${y! + 84}h18`, "#2f7a30", 3))
    .join("") + path("M108 60C128 44 150 44 164 52C146 62 128 64 108 60ZM74 90C58 74 38 72 26 78C40 90 58 94 74 90Z", "#3f9e3f");

const lantern = (): string =>
  line("M100 20V44", GOLD_DARK, 3) +
  rect(82, 40, 36, 10, GOLD, ' rx="3"') +
  ellipse(100, 98, 46, 50, RED) +
  ellipse(100, 98, 24, 50, "none", ' stroke="#f7c948" stroke-width="2.5"') +
  line("M100 48v100", GOLD, 2.5) +
  rect(82, 144, 36, 10, GOLD, ' rx="3"') +
  line("M92 156v20M100 156v24M108 156v20", GOLD, 3);

const mask = (): string =>
  path("M96 70C92 40 74 24 56 24C70 40 78 58 84 76ZM104 70C108 40 126 24 144 24C130 40 122 58 116 76Z", "#ffd23f") +
  path("M100 72C100 44 96 30 100 18C104 30 100 44 100 72Z", "#19b39c") +
  path(
    "M40 82C60 72 84 76 100 88C116 76 140 72 160 82C164 112 146 130 126 126C114 124 106 116 100 110C94 116 86 124 74 126C54 130 36 112 40 82Z",
    "#8a2be2",
  ) +
  ellipse(76, 98, 13, 8, INK) +
  ellipse(124, 98, 13, 8, INK) +
  outlined("M156 110L168 176", GOLD, 4);

const lamp = (): string =>
  path(
    "M104 88C100 70 116 58 108 40C126 54 118 70 126 84",
    "none",
    ' stroke="#b07cff" stroke-width="8" stroke-linecap="round" opacity=".85"',
  ) +
  path(
    "M40 132C60 152 132 152 150 124L176 102C166 96 154 104 146 112C140 100 120 94 96 96C80 98 70 106 66 116C56 112 44 116 40 132Z",
    GOLD,
  ) +
  ellipse(100, 96, 22, 7, GOLD_DARK) +
  circle(100, 86, 6, GOLD) +
  rect(84, 146, 32, 12, GOLD_DARK, ' rx="3"');

const hat = (cone: string, band: string) => (): string =>
  path("M34 150C66 136 134 136 166 150C150 164 50 164 34 150Z", cone) +
  path("M66 146L104 38L120 28L116 52L136 146Z", cone) +
  path("M70 132C90 126 114 126 132 132L134 144C114 138 90 138 68 144Z", band) +
  path(starPath(100, 96, 8, 3, 5), GOLD, BARE) +
  path(starPath(116, 70, 6, 2.5, 5), GOLD, BARE) +
  circle(120, 28, 6, GOLD);

const wreath = (): string =>
  circle(100, 96, 26, "#fff3c4", BARE) +
  circle(100, 96, 14, GOLD) +
  Array.from({ length: 10 }, (_, i) => {
    const side = i < 5 ? -1 : 1;
    const a = (Math.PI / 180) * (200 - (i % 5) * 34);
    const x = 100 + side * 52 * Math.cos(a);
    const y = 104 - 52 * Math.sin(a);
    return ellipse(
      x,
      y,
      7,
      15,
      i % 2 ? "#3f9e3f" : "#58b84f",
      ` transform="rotate(${n(side * (i % 5) * 34 + side * 20)} ${n(x)} ${n(y)})"`,
    );
  }).join("") +
  path("M88 150l12 18 12-18z", RED);

// ---- games -------------------------------------------------------------------------------------

const roulette = (): string =>
  circle(100, 100, 70, "#6b3e1f") +
  circle(100, 100, 56, "none", ' stroke="#d62839" stroke-width="18"') +
  circle(100, 100, 56, "none", ` stroke="${INK}" stroke-width="18" stroke-dasharray="11 11"`) +
  circle(100, 100, 42, "#c9a24b") +
  circle(100, 100, 28, "#8a5a1e") +
  line("M100 72v56M72 100h56", GOLD, 6) +
  circle(100, 100, 8, GOLD) +
  circle(134, 60, 6, WHITE);

const HEART = "M0 22C-20 8-28-4-20-12C-14-18-4-16 0-8C4-16 14-18 20-12C28-4 20 8 0 22Z";
const SPADE = "M0-20C20-4 28 8 20 16C14 22 6 20 2 16L6 28H-6L-2 16C-6 20-14 22-20 16C-28 8-20-4 0-20Z";
const card = (turn: number, pip: string, colour: string) =>
  `<g transform="rotate(${turn} 100 170)">` +
  rect(68, 46, 64, 94, WHITE, ' rx="8"') +
  `<path d="${pip}" fill="${colour}" stroke="none" transform="translate(100 92)"/>` +
  "</g>";
const cards = (): string => card(-20, SPADE, INK) + card(20, SPADE, INK) + card(0, HEART, RED);

const die = (x: number, y: number, turn: number, face: string, pips: [number, number][], pip: string) =>
  `<g transform="rotate(${turn} ${x + 30} ${y + 30})">` +
  rect(x, y, 60, 60, face, ' rx="12"') +
  pips.map(([px, py]) => circle(x + px, y + py, 6, pip, BARE)).join("") +
  "</g>";
const dice = (): string =>
  die(
    38,
    66,
    -14,
    WHITE,
    [
      [15, 15],
      [30, 30],
      [45, 45],
      [15, 45],
      [45, 15],
    ],
    INK,
  ) +
  die(
    100,
    92,
    16,
    RED,
    [
      [15, 15],
      [45, 45],
      [30, 30],
    ],
    WHITE,
  );

const wheel = (): string => {
  const seg = (2 * Math.PI * 50) / 12;
  const colours = ["#e01e37", "#1f8ef1", "#2fbf71"];
  return (
    circle(100, 102, 72, GOLD_DARK) +
    colours
      .map((c, i) =>
        circle(
          100,
          102,
          50,
          "none",
          ` stroke="${c}" stroke-width="40" stroke-dasharray="${n(seg)} ${n(seg * 2)}" stroke-dashoffset="${n(-seg * i)}"`,
        ),
      )
      .join("") +
    circle(100, 102, 72, "none", ' stroke="#fff" stroke-width="4" stroke-dasharray="2 16"') +
    circle(100, 102, 16, GOLD) +
    path("M88 18h24l-12 24z", WHITE)
  );
};

const pentagon = (cx: number, cy: number, r: number, turn = 0) =>
  "M" +
  Array.from({ length: 5 }, (_, i) => {
    const a = -Math.PI / 2 + turn + (i * 2 * Math.PI) / 5;
    return `${n(cx + r * Math.cos(a))} ${n(cy + r * Math.sin(a))}`;
  }).join("L") +
  "Z";
const football = (): string =>
  `<clipPath id="fb"><circle cx="100" cy="100" r="54"/></clipPath>` +
  circle(100, 100, 54, WHITE) +
  `<g clip-path="url(#fb)" fill="${INK}">` +
  `<path d="${pentagon(100, 100, 18)}"/>` +
  Array.from({ length: 5 }, (_, i) => {
    const a = -Math.PI / 2 + (i * 2 * Math.PI) / 5;
    return `<path d="${pentagon(100 + 52 * Math.cos(a), 100 + 52 * Math.sin(a), 16, Math.PI)}"/>`;
  }).join("") +
  "</g>" +
  circle(100, 100, 54, "none") +
  path("M72 66C80 58 90 54 100 54", "none", ' stroke="#fff" stroke-width="6" opacity=".7"');

const cricket = (): string =>
  rect(46, 64, 8, 96, "#f3e6c8") +
  rect(60, 64, 8, 96, "#f3e6c8") +
  rect(74, 64, 8, 96, "#f3e6c8") +
  rect(44, 58, 40, 6, "#d9b37a") +
  outlined("M92 164L134 72", "#e8c48a", 20) +
  outlined("M134 72L146 46", "#2a1406", 7) +
  circle(146, 136, 16, "#d0102a") +
  line("M134 128c8 4 16 12 20 20", WHITE, 2, ' stroke-dasharray="3 3"');

const gamepad = (): string =>
  path("M50 78H150C170 78 182 110 178 138C174 158 156 162 144 148L130 130H70L56 148C44 162 26 158 22 138C18 110 30 78 50 78Z", "#3a3f58") +
  rect(52, 98, 30, 10, WHITE, BARE) +
  rect(62, 88, 10, 30, WHITE, BARE) +
  circle(132, 92, 7, "#ffd23f") +
  circle(148, 104, 7, RED) +
  circle(116, 104, 7, BLUE) +
  circle(132, 116, 7, "#2fbf71") +
  path("M60 70C80 60 120 60 140 70", "none", ' stroke="#00f5d4" stroke-width="4"');

const ball = (x: number, y: number, r: number, colour: string) =>
  circle(x, y, r, colour) +
  circle(x, y, r * 0.45, WHITE) +
  circle(x - r * 0.4, y - r * 0.45, r * 0.18, WHITE, ' stroke="none" opacity=".7"');
const balls = (): string => ball(66, 122, 30, RED) + ball(134, 122, 30, BLUE) + ball(100, 76, 34, "#ffb400");

const crashCurve = line("M22 172C84 168 124 132 150 64", "#ef3b4a", 5) + line("M22 172C84 168 124 132 150 64", "#ffd23f", 2);

const rocket = (): string =>
  crashCurve +
  `<g transform="rotate(38 100 100)">` +
  path("M86 130C86 152 94 166 100 180C106 166 114 152 114 130Z", "#ff9e1b") +
  path("M92 130C92 146 96 156 100 166C104 156 108 146 108 130Z", "#ffe27a", BARE) +
  path("M82 108L60 140L84 134ZM118 108L140 140L116 134Z", RED) +
  path("M100 26C122 48 126 90 118 132H82C74 90 78 48 100 26Z", "#eef2f7") +
  path("M100 26C108 34 114 44 116 54H84C86 44 92 34 100 26Z", RED) +
  circle(100, 80, 12, "#39c6f0") +
  "</g>";

const plane = (): string =>
  crashCurve +
  `<g transform="rotate(-24 100 100)">` +
  path("M52 98L40 66H54L74 96Z", "#b8141f") +
  ellipse(104, 102, 62, 15, RED) +
  path("M92 104L72 152H90L122 104Z", "#b8141f") +
  path("M96 98L84 64H96L118 98Z", "#c4172a") +
  ellipse(134, 96, 12, 7, "#39c6f0") +
  ellipse(168, 102, 4, 22, "#eef2f7") +
  "</g>";

const balloon = (x: number, y: number, rx: number, ry: number, colour: string) =>
  line(`M${x} ${y + ry}C${x - 10} ${y + ry + 20} ${x + 10} ${y + ry + 40} 100 176`, "#eef2f7", 2) +
  ellipse(x, y, rx, ry, colour) +
  path(`M${x - 5} ${y + ry + 7}h10l-5-7z`, colour) +
  ellipse(x - rx * 0.4, y - ry * 0.4, rx * 0.2, ry * 0.25, WHITE, ' stroke="none" opacity=".6"');
const balloons = (): string =>
  balloon(68, 76, 26, 32, "#ff4d6d") + balloon(134, 70, 28, 34, "#39c6f0") + balloon(102, 104, 24, 30, "#ffd23f");

const zeppelin = (): string =>
  crashCurve +
  path("M40 92L22 70V114ZM40 92L24 92", "#8a96a5") +
  ellipse(100, 92, 68, 30, "#c0c8d4") +
  line("M60 70c-8 14-8 30 0 44M100 62v60M140 70c8 14 8 30 0 44", "#8a96a5", 2.5) +
  rect(84, 122, 32, 14, "#5c6675", ' rx="4"') +
  path("M46 80C70 70 120 66 150 78", "none", ' stroke="#fff" stroke-width="5" opacity=".6"');

const ludo = (): string =>
  `<g transform="rotate(-8 100 100)">` +
  rect(38, 38, 124, 124, WHITE, ' rx="10"') +
  rect(42, 42, 50, 50, RED, ' rx="6"') +
  rect(108, 42, 50, 50, "#2fbf71", ' rx="6"') +
  rect(42, 108, 50, 50, BLUE, ' rx="6"') +
  rect(108, 108, 50, 50, "#ffd23f", ' rx="6"') +
  path("M92 92L100 100L108 92Z", RED) +
  path("M108 92L100 100L108 108Z", "#2fbf71") +
  path("M92 108L100 100L108 108Z", "#ffd23f") +
  path("M92 92L100 100L92 108Z", BLUE) +
  [
    [67, 67],
    [133, 67],
    [67, 133],
    [133, 133],
  ]
    .map(([x, y]) => circle(x!, y!, 12, WHITE))
    .join("") +
  "</g>";

const carrom = (): string =>
  `<g transform="rotate(8 100 100)">` +
  rect(36, 36, 128, 128, "#e8c48a", ` stroke="#6b3e1f" stroke-width="10"`) +
  [
    [48, 48],
    [152, 48],
    [48, 152],
    [152, 152],
  ]
    .map(([x, y]) => circle(x!, y!, 9, INK))
    .join("") +
  circle(100, 100, 26, "none", ' stroke="#b5561d" stroke-width="2.5"') +
  [
    [100, 100, RED],
    [88, 90, INK],
    [112, 90, WHITE],
    [88, 110, WHITE],
    [112, 110, INK],
  ]
    .map(([x, y, c]) => circle(x as number, y as number, 8, c as string))
    .join("") +
  "</g>";

const tile = (x: number, y: number, turn: number, top: [number, number][], bottom: [number, number][]) =>
  `<g transform="rotate(${turn} ${x + 26} ${y + 48})">` +
  rect(x, y, 52, 96, "#f8f4ea", ' rx="8"') +
  line(`M${x + 6} ${y + 48}h40`, INK, 2.5) +
  [...top, ...bottom].map(([px, py]) => circle(x + px, y + py, 5, px === 26 && py < 48 ? RED : INK, BARE)).join("") +
  "</g>";
const domino = (): string =>
  tile(
    44,
    50,
    -16,
    [
      [14, 16],
      [38, 32],
    ],
    [
      [14, 62],
      [26, 74],
      [38, 86],
    ],
  ) +
  tile(
    104,
    56,
    14,
    [[26, 24]],
    [
      [14, 62],
      [38, 62],
      [14, 86],
      [38, 86],
    ],
  );

const flag = (): string =>
  outlined("M56 176V36", "#c0c8d4", 6) +
  `<pattern id="ck" width="24" height="24" patternUnits="userSpaceOnUse"><rect width="24" height="24" fill="#fff"/><path d="M0 0h12v12H0zM12 12h12v12H12z" fill="${INK}"/></pattern>` +
  path("M58 40C90 28 118 56 160 40V108C118 124 90 96 58 108Z", "url(#ck)");

const chipStack = (x: number, bottom: number, count: number, colour: string) =>
  Array.from(
    { length: count },
    (_, i) =>
      ellipse(x, bottom - i * 9, 26, 9, colour) +
      ellipse(x, bottom - i * 9, 20, 6, "none", ' stroke="#fff" stroke-width="3" stroke-dasharray="6 7"'),
  ).join("");
const chips = (): string =>
  chipStack(54, 160, 3, RED) +
  chipStack(100, 164, 4, INK) +
  circle(140, 112, 32, "#2fbf71") +
  circle(140, 112, 32, "none", ' stroke="#fff" stroke-width="7" stroke-dasharray="10 10"') +
  circle(140, 112, 18, "#fff", ' opacity=".9"');

const reels = (): string =>
  ellipse(100, 54, 48, 14, GOLD) +
  rect(42, 54, 116, 104, RED, ' rx="14"') +
  rect(52, 72, 96, 58, WHITE, ' rx="6"') +
  line("M84 72v58M116 72v58", "#cfd5dd", 2) +
  [68, 100, 132].map((x) => circle(x - 3, 104, 7, RED, BARE) + circle(x + 5, 98, 7, "#c40f2a", BARE)).join("") +
  outlined("M166 130V70", "#c0c8d4", 4) +
  circle(166, 64, 8, RED) +
  rect(58, 140, 84, 8, GOLD_DARK, ' rx="4"');

const gift = (): string =>
  rect(56, 96, 88, 64, RED) +
  rect(50, 80, 100, 22, "#ff4d5e") +
  rect(92, 80, 16, 80, GOLD, BARE) +
  path("M100 80C84 56 60 58 66 72C70 82 88 82 100 80ZM100 80C116 56 140 58 134 72C130 82 112 82 100 80Z", GOLD);

const trophy = (): string =>
  line("M64 62C40 62 40 98 70 102M136 62C160 62 160 98 130 102", GOLD_DARK, 7) +
  path("M62 50H138V80C138 106 122 120 100 122C78 120 62 106 62 80Z", GOLD) +
  path(starPath(100, 82, 16, 7, 5), "#fff3b0", BARE) +
  rect(92, 120, 16, 22, GOLD_DARK) +
  rect(70, 140, 60, 18, "#8a4d22", ' rx="4"');

// ---- the table ---------------------------------------------------------------------------------

export const MOTIFS: Record<string, Motif> = {
  dragon: { scene: "rays", draw: dragon },
  tiger: { scene: "rays", draw: tiger },
  bengal: { scene: "rays", draw: tiger },
  phoenix: { scene: "rays", draw: phoenix },
  panda: { scene: "rays", draw: panda },
  lion: { scene: "rays", draw: lion },
  buffalo: { scene: "dunes", draw: bovine("#4a3426", "#d8cbb0", "horns") },
  wolf: { scene: "night", draw: canine("#8a94a6", "#e9e4dc") },
  eagle: { scene: "rays", draw: eagle },
  koi: { scene: "sea", draw: koi },
  monkey: { scene: "rays", draw: ape("#8a5a2b", "#f2c79a") },
  pharaoh: { scene: "dunes", draw: pharaoh(GOLD, "#1f4fb0", true) },
  cleopatra: { scene: "dunes", draw: pharaoh("#1f4fb0", GOLD, false) },
  zeus: { scene: "night", draw: bolt },
  viking: { scene: "rays", draw: helmet },
  samurai: { scene: "rays", draw: katana },
  ninja: { scene: "night", draw: shuriken },
  pirate: { scene: "sea", draw: skull },
  aztec: { scene: "rays", draw: steps },
  maya: { scene: "rays", draw: steps },
  safari: { scene: "dunes", draw: acacia },
  jungle: { scene: "rays", draw: jungle },
  ocean: { scene: "sea", draw: wave },
  mermaid: { scene: "sea", draw: mermaid },
  unicorn: { scene: "night", draw: horse("#f5f0ff", "#ff7ac8", true) },
  fruit: { scene: "rays", draw: fruit },
  cherry: { scene: "rays", draw: cherries },
  candy: { scene: "rays", draw: candy },
  gems: { scene: "rays", draw: gems },
  treasure: { scene: "rays", draw: chest },
  temple: { scene: "rays", draw: steps },
  pyramid: { scene: "dunes", draw: pyramid },
  empire: { scene: "rays", draw: columns },
  olympus: { scene: "rays", draw: columns },
  atlantis: { scene: "sea", draw: trident },
  galaxy: { scene: "night", draw: planet },
  star: { scene: "night", draw: star },
  moon: { scene: "night", draw: moon },
  sun: { scene: "rays", draw: sun },
  lotus: { scene: "sea", draw: lotus },
  bamboo: { scene: "rays", draw: bamboo },
  lantern: { scene: "night", draw: lantern },
  carnival: { scene: "rays", draw: mask },
  fiesta: { scene: "rays", draw: mask },
  rhino: { scene: "dunes", draw: bovine("#8a94a6", "#f3e6c8", "rhino") },
  gorilla: { scene: "rays", draw: ape("#2f2f3a", "#6a6a7e") },
  elephant: { scene: "dunes", draw: elephant("#8c9bb0", "#7a889c", false) },
  cobra: { scene: "dunes", draw: cobra },
  scarab: { scene: "dunes", draw: scarab },
  genie: { scene: "night", draw: lamp },
  wizard: { scene: "night", draw: hat("#3b3bb8", "#ffd23f") },
  witch: { scene: "night", draw: hat("#2a1f3d", "#8a2be2") },
  knight: { scene: "rays", draw: shield },
  queen: { scene: "rays", draw: crown("#ff4d8d") },
  king: { scene: "rays", draw: crown(RED) },
  horse: { scene: "rays", draw: horse("#8a4d22", "#2a1406", false) },
  bull: { scene: "arena", draw: bovine("#8a2a1a", "#f3e6c8", "ring") },
  shark: { scene: "sea", draw: shark },
  crab: { scene: "sea", draw: crab },
  goddess: { scene: "rays", draw: wreath },
  warrior: { scene: "rays", draw: roundShield },
  mammoth: { scene: "night", draw: elephant("#8a5a34", "#74482a", true) },
  yeti: { scene: "night", draw: ape("#eef4fb", "#a9c7e8") },
  fox: { scene: "rays", draw: canine("#f07a1f", "#ffd9c0") },
  owl: { scene: "night", draw: owl },
  rooster: { scene: "arena", draw: rooster },
  ox: { scene: "dunes", draw: bovine("#b07a3e", "#f3e6c8", "horns") },
  cricket: { scene: "pitch", draw: cricket },
  // Table, sports and lottery games.
  roulette: { scene: "felt", draw: roulette },
  cards: { scene: "felt", draw: cards },
  dice: { scene: "felt", draw: dice },
  wheel: { scene: "rays", draw: wheel },
  football: { scene: "pitch", draw: football },
  gamepad: { scene: "night", draw: gamepad },
  balls: { scene: "rays", draw: balls },
  rocket: { scene: "night", draw: rocket },
  plane: { scene: "night", draw: plane },
  balloon: { scene: "night", draw: balloons },
  zeppelin: { scene: "night", draw: zeppelin },
  fish: { scene: "sea", draw: fish },
  ludo: { scene: "rays", draw: ludo },
  carrom: { scene: "rays", draw: carrom },
  domino: { scene: "felt", draw: domino },
  flag: { scene: "pitch", draw: flag },
  chips: { scene: "felt", draw: chips },
  coins: { scene: "rays", draw: coins },
  reels: { scene: "rays", draw: reels },
  gift: { scene: "rays", draw: gift },
  trophy: { scene: "rays", draw: trophy },
};

/**
 * Words of a game's name and the motif each calls for, tried in this order: the table and sports
 * games' words first (so "All-Star Fishing" is a fishing game, "Lightning Roulette" a wheel), then
 * every slot theme word of the seeded catalogue, each its own motif.
 */
export const KEYWORDS: [RegExp, string][] = [
  [/\bcrab\b/i, "crab"],
  [/\bfish(ing)?\b/i, "fish"],
  [/\broulette\b/i, "roulette"],
  [/\b(crazy time|dream catcher|wheel)\b/i, "wheel"],
  [/\b(sic bo|dice|bac bo|jhandi munda|7 up 7 down|hi-lo|big small|odd even|color game)\b/i, "dice"],
  [/\b(baccarat|blackjack|poker|hold'?em|teen patti|andar bahar|rummy|tongits|pusoy|callbreak|niu niu|three card)\b/i, "cards"],
  [/\b(domino|pai gow)\b/i, "domino"],
  [/\bludo\b/i, "ludo"],
  [/\bcarrom\b/i, "carrom"],
  [/\bfan tan\b/i, "coins"],
  [/\b(mega ball|lotto|keno|lucky number|lottery)\b/i, "balls"],
  [/\b(pk10|racing)\b/i, "flag"],
  [/\b(cockfight|sabong|derby)\b/i, "rooster"],
  [/\b(cricket|wickets)\b/i, "cricket"],
  [/\besports\b/i, "gamepad"],
  [/\b(football|sportsbook|sports)\b/i, "football"],
  [/\b(aviator|jet plane|plane)\b/i, "plane"],
  [/\bballoon\b/i, "balloon"],
  [/\bzeppelin\b/i, "zeppelin"],
  [/\b(rocket|space crash|moon shot|crash x|crash)\b/i, "rocket"],
  [/\blobby\b/i, "chips"],
];

/** The motif when no word of the name calls for one: by the game's type (and classify). */
export const TYPE_MOTIFS: Record<string, string> = {
  RNG: "reels",
  CRASH: "rocket",
  LIVE: "chips",
  FISH: "fish",
  SPORTS: "football",
  ESPORTS: "gamepad",
  COCKFIGHT: "rooster",
  CRICKET: "cricket",
  LOTT: "balls",
  ELOTT: "balls",
  PVP: "cards",
  BGS: "dice",
};

const THEME_WORDS = Object.keys(MOTIFS).filter(
  (id) =>
    ![
      "roulette",
      "cards",
      "dice",
      "wheel",
      "football",
      "gamepad",
      "balls",
      "rocket",
      "plane",
      "balloon",
      "zeppelin",
      "fish",
      "ludo",
      "carrom",
      "domino",
      "flag",
      "chips",
      "coins",
      "reels",
      "gift",
      "trophy",
    ].includes(id),
);
const THEME_PATTERN = new RegExp(`\\b(${THEME_WORDS.join("|")})\\b`, "i");

/** The motif for a game: from a word of its name, else from its type. */
export function motifFor(name: string, gameType: string, classify = ""): string {
  for (const [pattern, motif] of KEYWORDS) if (pattern.test(name)) return motif;
  const theme = THEME_PATTERN.exec(name)?.[1];
  if (theme) return theme.toLowerCase();
  return TYPE_MOTIFS[classify] ?? TYPE_MOTIFS[gameType] ?? "reels";
}
