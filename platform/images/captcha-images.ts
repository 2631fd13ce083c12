import { randomBytes, randomInt } from "node:crypto";
import { CAPTCHA_ALPHABET, GLYPH_HEIGHT, GLYPH_WIDTH, glyphPixel } from "./font";
import { blendPixel, createRaster, encodePng, getPixel, type Raster, type Rgba, setPixel } from "./png";

// The two challenge images the platform draws itself: the text captcha (CAPTCHA3) and the slide
// puzzle (GEETEST3's stand-in). Both use node:crypto randomness.

const rand = (min: number, max: number) => randomInt(min, max + 1);

function hsl(h: number, s: number, l: number): Rgba {
  const k = (n: number) => (n + h / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => l - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
  return [Math.round(f(0) * 255), Math.round(f(8) * 255), Math.round(f(4) * 255), 255];
}

function line(r: Raster, x0: number, y0: number, x1: number, y1: number, color: Rgba, opacity: number): void {
  const steps = Math.max(Math.abs(x1 - x0), Math.abs(y1 - y0), 1);
  for (let i = 0; i <= steps; i++) {
    const x = Math.round(x0 + ((x1 - x0) * i) / steps);
    const y = Math.round(y0 + ((y1 - y0) * i) / steps);
    blendPixel(r, x, y, color, opacity);
    blendPixel(r, x, y + 1, color, opacity);
  }
}

export function randomCaptchaText(length = 5): string {
  let text = "";
  for (let i = 0; i < length; i++) text += CAPTCHA_ALPHABET[randomInt(CAPTCHA_ALPHABET.length)];
  return text;
}

export const CAPTCHA_WIDTH = 150;
export const CAPTCHA_HEIGHT = 50;

/** The text in scaled, sheared, jittered glyphs over speckles and crossing lines. */
export function drawCaptcha(text: string): Buffer {
  const r = createRaster(CAPTCHA_WIDTH, CAPTCHA_HEIGHT, [245, 244, 238, 255]);
  for (let i = 0; i < 350; i++) setPixel(r, rand(0, CAPTCHA_WIDTH - 1), rand(0, CAPTCHA_HEIGHT - 1), hsl(rand(0, 359), 0.5, rand(55, 80) / 100));
  const scale = 4;
  const cell = Math.floor((CAPTCHA_WIDTH - 10) / text.length);
  [...text].forEach((char, index) => {
    const color = hsl(rand(0, 359), 0.7, rand(20, 38) / 100);
    const left = 6 + index * cell + rand(0, Math.max(0, cell - GLYPH_WIDTH * scale - 2));
    const top = rand(4, CAPTCHA_HEIGHT - GLYPH_HEIGHT * scale - 4);
    const shear = rand(-3, 3) / 10;
    for (let gy = 0; gy < GLYPH_HEIGHT; gy++) {
      for (let gx = 0; gx < GLYPH_WIDTH; gx++) {
        if (!glyphPixel(char, gx, gy)) continue;
        for (let sy = 0; sy < scale; sy++) {
          for (let sx = 0; sx < scale; sx++) {
            const y = top + gy * scale + sy;
            const x = left + gx * scale + sx + Math.round(shear * (y - top - (GLYPH_HEIGHT * scale) / 2));
            setPixel(r, x, y, color);
          }
        }
      }
    }
  });
  for (let i = 0; i < 4; i++) {
    line(r, rand(0, 30), rand(0, CAPTCHA_HEIGHT), rand(CAPTCHA_WIDTH - 30, CAPTCHA_WIDTH), rand(0, CAPTCHA_HEIGHT), hsl(rand(0, 359), 0.6, 0.45), 0.7);
  }
  for (let i = 0; i < 250; i++) blendPixel(r, rand(0, CAPTCHA_WIDTH - 1), rand(0, CAPTCHA_HEIGHT - 1), hsl(rand(0, 359), 0.6, 0.3), 0.6);
  return encodePng(r);
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
  // rows keep runs of equal pixels that deflate well (filter 0 only). One buffer of random bytes
  // serves the whole grain.
  const block = 5;
  const columns = Math.ceil(width / block);
  const noise = randomBytes(columns * Math.ceil(height / block));
  const clamp = (v: number) => (v < 0 ? 0 : v > 255 ? 255 : v);
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
export function drawSlider(): SliderImages {
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
  return { x, pieceY, background: encodePng(scene), piece: encodePng(piece) };
}
