import sharp from "sharp";
import { PROOF_MAX_BYTES, PROOF_MAX_FILES } from "~/domain/money-choices";

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
const MAX_INPUT_PIXELS = 50_000_000;

/**
 * The picture re-encoded by sharp (libvips): turned upright by its EXIF orientation, scaled to at
 * most `maxSide` pixels, and written afresh in its own type, so EXIF (GPS position, phone model,
 * time), XMP and ICC metadata and anything hidden after the image data are gone before the
 * platform or anyone else sees it. Undefined when the bytes are not a PNG or JPEG that decodes.
 */
export async function cleanPicture(bytes: Buffer, maxSide: number, maxBytes = Infinity): Promise<{ type: "png" | "jpeg"; bytes: Buffer } | undefined> {
  const type = imageType(bytes);
  if (!type) return undefined;
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
