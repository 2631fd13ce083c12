import sharp from "sharp";
import { PROOF_MAX_BYTES, PROOF_MAX_FILES } from "~/domain/money-choices";
import { RateLimitedError } from "~/limits.server";
import { GateBusyError, WorkGate } from "~/work-gate.server";

/** Pictures are kept legible, not at a phone camera's full 12 to 50 megapixels. */
const PROOF_MAX_SIDE = 2560;

// Uploads (withdrawal proofs, feedback pictures, avatars): a body read with a byte cap, and the picture type
// from the file's first bytes, never from its name or the browser's word.

/**
 * The request with its body read into memory, or undefined when the body is over `maxBytes`.
 * Counts what actually arrives: a missing or false Content-Length (a chunked post) cannot get a
 * larger body into memory than the cap.
 */
export async function bodyWithin(request: Request, maxBytes: number): Promise<Request | undefined> {
  if (Number(request.headers.get("Content-Length") ?? 0) > maxBytes) return undefined;
  const chunks: Uint8Array[] = [];
  let total = 0;
  const reader = request.body?.getReader();
  if (reader) {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > maxBytes) {
        await reader.cancel().catch(() => undefined);
        return undefined;
      }
      chunks.push(value);
    }
  }
  return new Request(request.url, { method: request.method, headers: request.headers, body: reader ? Buffer.concat(chunks) : undefined });
}

/** PNG or JPEG by the first bytes; undefined for anything else. */
export function imageType(bytes: Buffer): "png" | "jpeg" | undefined {
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return "png";
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpeg";
  return undefined;
}

/** A picture far larger than any phone camera takes is refused before it is decoded (a "pixel bomb"). */
export const MAX_INPUT_PIXELS = 50_000_000;
/** Up to this many pixels (a phone's screenshot, a 4 MP photo) a picture may be as small as it likes. */
export const FREE_PIXELS = 4_000_000;
/**
 * Beyond FREE_PIXELS, a picture that claims more than this many pixels per byte of file is refused
 * from its header: a photo takes about one byte for 1 to 20 pixels, a flat 4K screenshot one for
 * 40; a 9 KB one-bit PNG of 7000×7000 claims 5,400, and decoding it costs over a CPU-second.
 */
export const MAX_PIXELS_PER_BYTE = 100;

/** Width and height as the file's header states them (PNG's IHDR, a JPEG's start of frame); undefined when unreadable. */
export function pictureSize(bytes: Buffer): { width: number; height: number } | undefined {
  const type = imageType(bytes);
  if (type === "png") {
    if (bytes.length < 24 || bytes.toString("latin1", 12, 16) !== "IHDR") return undefined;
    return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
  }
  if (type !== "jpeg") return undefined;
  // Walk the markers to the first start of frame (SOF0–SOF15 but DHT, JPG and DAC).
  let at = 2;
  while (at + 9 < bytes.length) {
    if (bytes[at] !== 0xff) return undefined;
    const marker = bytes[at + 1]!;
    if (marker === 0xff) {
      at++;
      continue;
    }
    if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      at += 2;
      continue;
    }
    const length = bytes.readUInt16BE(at + 2);
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: bytes.readUInt16BE(at + 5), width: bytes.readUInt16BE(at + 7) };
    }
    if (marker === 0xda || length < 2) return undefined; // image data before any frame header
    at += 2 + length;
  }
  return undefined;
}

/**
 * Whether the header's size may be decoded: within MAX_INPUT_PIXELS, and (beyond FREE_PIXELS)
 * not claiming more than MAX_PIXELS_PER_BYTE pixels for each byte of the file.
 */
export function decodable(bytes: Buffer): boolean {
  const size = pictureSize(bytes);
  if (!size || size.width < 1 || size.height < 1) return false;
  const pixels = size.width * size.height;
  if (pixels > MAX_INPUT_PIXELS) return false;
  return pixels <= FREE_PIXELS || pixels <= bytes.length * MAX_PIXELS_PER_BYTE;
}

/** Too many pictures are being decoded right now: try again in `retryAfter` seconds (429). */
export class PicturesBusyError extends RateLimitedError {
  constructor(retryAfter: number) {
    super(retryAfter);
    this.name = "PicturesBusyError";
  }
}

// One picture decodes at a time with one libvips thread, so a flood of pictures holds one core
// and pages keep the other; three more may wait, none longer than 3 s.
sharp.concurrency(1);
const pictureGate = new WorkGate("picture", { running: 1, maxWaitMs: 3_000, waiting: 3 });

/**
 * The picture re-encoded by sharp (libvips): turned upright by its EXIF orientation, scaled to at
 * most `maxSide` pixels, and written afresh in its own type, so EXIF (GPS position, phone model,
 * time), XMP and ICC metadata and anything hidden after the image data are gone before the
 * platform or anyone else sees it. Undefined when the bytes are not a PNG or JPEG that decodes
 * (or whose header claims too many pixels); PicturesBusyError when too many are being decoded.
 */
export async function cleanPicture(
  bytes: Buffer,
  maxSide: number,
  maxBytes = Infinity,
): Promise<{ type: "png" | "jpeg"; bytes: Buffer } | undefined> {
  const type = imageType(bytes);
  // Priced from the header before anything is decoded (decision 036).
  if (!type || !decodable(bytes)) return undefined;
  try {
    return await pictureGate.run(() => reencode(bytes, type, maxSide, maxBytes));
  } catch (error) {
    if (error instanceof GateBusyError) throw new PicturesBusyError(error.retryAfterSeconds);
    throw error;
  }
}

async function reencode(
  bytes: Buffer,
  type: "png" | "jpeg",
  maxSide: number,
  maxBytes: number,
): Promise<{ type: "png" | "jpeg"; bytes: Buffer } | undefined> {
  try {
    const image = () =>
      sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" })
        .rotate()
        .resize({ width: maxSide, height: maxSide, fit: "inside", withoutEnlargement: true });
    // Re-encoding must not push a picture that fitted over the platform's size limit: a PNG that
    // grows (a palette image written as truecolor) is tried as a palette PNG, then as a JPEG.
    const limit = Math.min(maxBytes, type === "png" ? Math.max(bytes.length, 1) : Infinity);
    const tries: Array<[type: "png" | "jpeg", make: () => Promise<Buffer>]> =
      type === "png"
        ? [
            ["png", () => image().png({ compressionLevel: 9, adaptiveFiltering: true }).toBuffer()],
            ["png", () => image().png({ compressionLevel: 9, palette: true }).toBuffer()],
            ["jpeg", () => image().flatten({ background: "#ffffff" }).jpeg({ quality: 85, mozjpeg: true }).toBuffer()],
          ]
        : [
            ["jpeg", () => image().jpeg({ quality: 85, mozjpeg: true }).toBuffer()],
            ["jpeg", () => image().jpeg({ quality: 70, mozjpeg: true }).toBuffer()],
          ];
    let best: { type: "png" | "jpeg"; bytes: Buffer } | undefined;
    for (const [kind, make] of tries) {
      const out = await make();
      if (!best || out.length < best.bytes.length) best = { type: kind, bytes: out };
      if (out.length <= limit) return { type: kind, bytes: out };
    }
    return best && best.bytes.length <= maxBytes ? best : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Pictures posted with a form (proofs, feedback, promotion applications: png or jpg by their first
 * bytes, at most PROOF_MAX_FILES of PROOF_MAX_BYTES each) as data: URLs, re-encoded so that what
 * reaches the platform carries no EXIF (a phone's photo says where it was taken). Undefined when
 * one of them is not such a picture.
 */
export async function uploadedPictures(files: FormDataEntryValue[]): Promise<string[] | undefined> {
  const real = files.filter((f): f is File => typeof f !== "string" && f.size > 0);
  if (real.length > PROOF_MAX_FILES) return undefined;
  const out: string[] = [];
  for (const file of real) {
    if (file.size > PROOF_MAX_BYTES) return undefined;
    const picture = await cleanPicture(Buffer.from(await file.arrayBuffer()), PROOF_MAX_SIDE, PROOF_MAX_BYTES);
    if (!picture) return undefined;
    out.push(`data:image/${picture.type};base64,${picture.bytes.toString("base64")}`);
  }
  return out;
}
