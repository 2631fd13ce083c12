import * as zlib from "node:zlib";

// A minimal PNG encoder for the captcha images: 8-bit RGBA, every row with filter byte 0, one
// IDAT chunk compressed by zlib. No dependency beyond node:zlib.

/** An RGBA canvas: 4 bytes per pixel, rows top to bottom. */
export interface Raster {
  width: number;
  height: number;
  data: Uint8Array;
}

export type Rgba = readonly [number, number, number, number];

export function createRaster(width: number, height: number, fill: Rgba = [0, 0, 0, 0]): Raster {
  const data = new Uint8Array(width * height * 4);
  if (data.length > 0 && fill.some((v) => v !== 0)) {
    // One pixel, then copies doubling in size: far quicker than a set() per pixel.
    data.set(fill, 0);
    for (let filled = 4; filled < data.length; filled *= 2) data.copyWithin(filled, 0, Math.min(filled, data.length - filled));
  }
  return { width, height, data };
}

export function getPixel(r: Raster, x: number, y: number): Rgba {
  const i = (y * r.width + x) * 4;
  return [r.data[i]!, r.data[i + 1]!, r.data[i + 2]!, r.data[i + 3]!];
}

export function setPixel(r: Raster, x: number, y: number, [red, green, blue, alpha]: Rgba): void {
  if (x < 0 || y < 0 || x >= r.width || y >= r.height) return;
  const i = (y * r.width + x) * 4;
  r.data[i] = red;
  r.data[i + 1] = green;
  r.data[i + 2] = blue;
  r.data[i + 3] = alpha;
}

/** Paints color over the pixel with the given opacity (0–1); the canvas stays opaque where it was. */
export function blendPixel(r: Raster, x: number, y: number, [red, green, blue]: Rgba, opacity: number): void {
  if (x < 0 || y < 0 || x >= r.width || y >= r.height) return;
  const i = (y * r.width + x) * 4;
  r.data[i] = Math.round(r.data[i]! * (1 - opacity) + red * opacity);
  r.data[i + 1] = Math.round(r.data[i + 1]! * (1 - opacity) + green * opacity);
  r.data[i + 2] = Math.round(r.data[i + 2]! * (1 - opacity) + blue * opacity);
}

// zlib.crc32 exists from Node 20.15 / 22.2; the table is the fallback for older 20.x.
let table: Uint32Array | undefined;
function crc32Fallback(bytes: Uint8Array): number {
  if (!table) {
    table = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      table[n] = c >>> 0;
    }
  }
  let crc = 0xffffffff;
  for (const byte of bytes) crc = table[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

export function crc32(bytes: Uint8Array): number {
  const native = (zlib as { crc32?: (data: Uint8Array) => number }).crc32;
  return native ? native(bytes) >>> 0 : crc32Fallback(bytes);
}

function chunk(type: string, body: Uint8Array): Buffer {
  const out = Buffer.alloc(12 + body.length);
  out.writeUInt32BE(body.length, 0);
  out.write(type, 4, "ascii");
  out.set(body, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + body.length)), 8 + body.length);
  return out;
}

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export function encodePng(r: Raster): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(r.width, 0);
  header.writeUInt32BE(r.height, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // colour type RGBA
  // compression 0, filter method 0, no interlace: already zero
  const stride = r.width * 4;
  const rows = Buffer.alloc((stride + 1) * r.height);
  for (let y = 0; y < r.height; y++) {
    rows[y * (stride + 1)] = 0; // filter: none
    rows.set(r.data.subarray(y * stride, (y + 1) * stride), y * (stride + 1) + 1);
  }
  return Buffer.concat([SIGNATURE, chunk("IHDR", header), chunk("IDAT", zlib.deflateSync(rows)), chunk("IEND", new Uint8Array(0))]);
}

/** Reads back what encodePng wrote (tests, and the slider's own checks); not a general decoder. */
export function decodePng(png: Buffer): Raster {
  if (!png.subarray(0, 8).equals(SIGNATURE)) throw new Error("not a PNG");
  let offset = 8;
  let width = 0;
  let height = 0;
  const idat: Buffer[] = [];
  while (offset < png.length) {
    const length = png.readUInt32BE(offset);
    const type = png.toString("ascii", offset + 4, offset + 8);
    const body = png.subarray(offset + 8, offset + 8 + length);
    if (png.readUInt32BE(offset + 8 + length) !== crc32(png.subarray(offset + 4, offset + 8 + length))) throw new Error(`bad CRC in ${type}`);
    if (type === "IHDR") {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      if (body[8] !== 8 || body[9] !== 6) throw new Error("only 8-bit RGBA is supported");
    } else if (type === "IDAT") {
      idat.push(body);
    }
    offset += 12 + length;
  }
  const rows = zlib.inflateSync(Buffer.concat(idat));
  const stride = width * 4;
  const data = new Uint8Array(stride * height);
  for (let y = 0; y < height; y++) {
    if (rows[y * (stride + 1)] !== 0) throw new Error("only filter type 0 is supported");
    data.set(rows.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1)), y * stride);
  }
  return { width, height, data };
}
