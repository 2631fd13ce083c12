import { randomBytes, randomInt } from "node:crypto";
import sharp from "sharp";
import svgCaptcha from "svg-captcha";

// The two challenge images the platform draws itself, both PNG (the contract's captcha is a base64
// PNG): the text captcha (CAPTCHA3), svg-captcha's distorted glyph outlines rasterised by sharp,
// and the slide puzzle (GEETEST3's stand-in), painted pixel by pixel and encoded by sharp. The
// answers and the puzzle come from node:crypto; svg-captcha jitters and colours with Math.random,
// which decides only how an image looks, never what it says.

const rand = (min: number, max: number) => randomInt(min, max + 1);

/** An RGBA canvas: 4 bytes per pixel, rows top to bottom. */
export interface Raster {
  width: number;
  height: number;
  data: Uint8Array;
}

type Rgba = readonly [number, number, number, number];

function createRaster(width: number, height: number, fill: Rgba = [0, 0, 0, 0]): Raster {
  const data = new Uint8Array(width * height * 4);
  if (data.length > 0 && fill.some((v) => v !== 0)) {
    // One pixel, then copies doubling in size: far quicker than a set() per pixel.
    data.set(fill, 0);
    for (let filled = 4; filled < data.length; filled *= 2) data.copyWithin(filled, 0, Math.min(filled, data.length - filled));
  }
  return { width, height, data };
}

function getPixel(r: Raster, x: number, y: number): Rgba {
  const i = (y * r.width + x) * 4;
  return [r.data[i]!, r.data[i + 1]!, r.data[i + 2]!, r.data[i + 3]!];
}

function setPixel(r: Raster, x: number, y: number, [red, green, blue, alpha]: Rgba): void {
  if (x < 0 || y < 0 || x >= r.width || y >= r.height) return;
  const i = (y * r.width + x) * 4;
  r.data[i] = red;
  r.data[i + 1] = green;
  r.data[i + 2] = blue;
  r.data[i + 3] = alpha;
}

/** Paints color over the pixel with the given opacity (0–1); the canvas stays opaque where it was. */
function blendPixel(r: Raster, x: number, y: number, [red, green, blue]: Rgba, opacity: number): void {
  if (x < 0 || y < 0 || x >= r.width || y >= r.height) return;
  const i = (y * r.width + x) * 4;
  r.data[i] = Math.round(r.data[i]! * (1 - opacity) + red * opacity);
  r.data[i + 1] = Math.round(r.data[i + 1]! * (1 - opacity) + green * opacity);
  r.data[i + 2] = Math.round(r.data[i + 2]! * (1 - opacity) + blue * opacity);
}

function encodePng(r: Raster): Promise<Buffer> {
  return sharp(r.data, { raw: { width: r.width, height: r.height, channels: 4 } })
    .png()
    .toBuffer();
}

/** Reads a PNG back as RGBA (tests, and anyone checking what the platform drew). */
export async function decodePng(png: Buffer): Promise<Raster> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data: new Uint8Array(data) };
}

function hsl(h: number, s: number, l: number): Rgba {
  const k = (n: number) => (n + h / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => l - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
  return [Math.round(f(0) * 255), Math.round(f(8) * 255), Math.round(f(4) * 255), 255];
}

/** The characters people do not confuse (no 0/O, 1/I/L); answers are checked in upper case. */
export const CAPTCHA_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";

export function randomCaptchaText(length = 5): string {
  let text = "";
  for (let i = 0; i < length; i++) text += CAPTCHA_ALPHABET[randomInt(CAPTCHA_ALPHABET.length)];
  return text;
}

export const CAPTCHA_WIDTH = 150;
export const CAPTCHA_HEIGHT = 50;

// svg-captcha's main export draws the text it is given; its types declare only create(), which
// picks the text itself with Math.random.
type SvgCaptchaOptions = NonNullable<Parameters<typeof svgCaptcha.create>[0]>;
const drawSvgCaptcha = svgCaptcha as unknown as (text: string, options: SvgCaptchaOptions) => string;

/** The text as svg-captcha's jittered glyph outlines in random colours, crossed by noise curves, as PNG. */
export function drawCaptcha(text: string): Promise<Buffer> {
  const svg = drawSvgCaptcha(text, {
    width: CAPTCHA_WIDTH,
    height: CAPTCHA_HEIGHT,
    fontSize: 48,
    noise: 3,
    color: true,
    background: "#f5f4ee",
  });
  return sharp(Buffer.from(svg)).png().toBuffer();
}

export const SLIDER = { width: 300, height: 150, pieceSize: 50 } as const;
const KNOB = 7;

/**
 * The puzzle piece's outline inside its pieceSize box: a square with a knob on top and one on
 * the right, so the gap cannot be found by looking for a plain square.
 */
export function inPiece(px: number, py: number): boolean {
  const size = SLIDER.pieceSize;
  const body = { left: 1, top: KNOB + 2, right: size - KNOB - 3, bottom: size - 2 };
  if (px >= body.left && px <= body.right && py >= body.top && py <= body.bottom) return true;
  const topKnob = { x: (body.left + body.right) / 2, y: body.top };
  const rightKnob = { x: body.right, y: (body.top + body.bottom) / 2 };
  return (px - topKnob.x) ** 2 + (py - topKnob.y) ** 2 <= KNOB ** 2 || (px - rightKnob.x) ** 2 + (py - rightKnob.y) ** 2 <= KNOB ** 2;
}

function onEdge(px: number, py: number): boolean {
  if (!inPiece(px, py)) return false;
  return !inPiece(px - 1, py) || !inPiece(px + 1, py) || !inPiece(px, py - 1) || !inPiece(px, py + 1);
}

/** A textured scene: two-hue gradient, translucent discs and per-pixel grain. */
function scenery(): Raster {
  const { width, height } = SLIDER;
  const r = createRaster(width, height, [0, 0, 0, 255]);
  const hue = rand(0, 359);
  const from = hsl(hue, 0.55, 0.45);
  const to = hsl((hue + rand(60, 180)) % 360, 0.6, 0.35);
  // Grain in 5×5 blocks and a banded gradient: texture enough to hide the gap's edges, while the
  // rows keep runs of equal pixels that compress well. One buffer of random bytes serves the grain.
  const block = 5;
  const columns = Math.ceil(width / block);
  const noise = randomBytes(columns * Math.ceil(height / block));
  const clamp = (v: number) => Math.min(255, Math.max(0, v));
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const t = Math.round(((x / width + y / height) / 2) * 24) / 24;
      const grain = ((noise[Math.floor(y / block) * columns + Math.floor(x / block)]! % 5) - 2) * 6;
      const i = (y * width + x) * 4;
      r.data[i] = clamp(Math.round(from[0] * (1 - t) + to[0] * t) + grain);
      r.data[i + 1] = clamp(Math.round(from[1] * (1 - t) + to[1] * t) + grain);
      r.data[i + 2] = clamp(Math.round(from[2] * (1 - t) + to[2] * t) + grain);
    }
  }
  for (let i = 0; i < 14; i++) {
    const cx = rand(0, width);
    const cy = rand(0, height);
    const radius = rand(8, 40);
    const color = hsl(rand(0, 359), 0.7, rand(35, 75) / 100);
    for (let y = Math.max(0, cy - radius); y <= Math.min(height - 1, cy + radius); y++) {
      for (let x = Math.max(0, cx - radius); x <= Math.min(width - 1, cx + radius); x++) {
        if ((x - cx) ** 2 + (y - cy) ** 2 <= radius ** 2) blendPixel(r, x, y, color, 0.35);
      }
    }
  }
  return r;
}

export interface SliderImages {
  /** Left edge of the gap: the answer. */
  x: number;
  pieceY: number;
  background: Buffer;
  piece: Buffer;
}

/** A scene with a darkened, outlined gap at (x, pieceY), and the piece cut from the same spot. */
export async function drawSlider(): Promise<SliderImages> {
  const { width, height, pieceSize } = SLIDER;
  const x = rand(pieceSize + 10, width - pieceSize - 5);
  const pieceY = rand(5, height - pieceSize - 5);
  const scene = scenery();
  const piece = createRaster(pieceSize, pieceSize);
  for (let py = 0; py < pieceSize; py++) {
    for (let px = 0; px < pieceSize; px++) {
      if (!inPiece(px, py)) continue;
      const original = getPixel(scene, x + px, pieceY + py);
      setPixel(piece, px, py, onEdge(px, py) ? [255, 255, 255, 235] : original);
      if (onEdge(px, py)) blendPixel(scene, x + px, pieceY + py, [255, 255, 255, 255], 0.7);
      else blendPixel(scene, x + px, pieceY + py, [0, 0, 0, 255], 0.55);
    }
  }
  const [background, pieceImage] = await Promise.all([encodePng(scene), encodePng(piece)]);
  return { x, pieceY, background, piece: pieceImage };
}
