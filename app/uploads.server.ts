// Uploads (withdrawal proof pictures, avatars): a body read with a byte cap, and the picture type
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
