import { flatPng } from "../../fixtures/flat-png";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { cleanPicture, decodable, PicturesBusyError, pictureSize } from "~/uploads.server";

// Issue 11, item 7: uploaded pictures (avatars, withdrawal proofs) lose their metadata before
// anyone else sees them; a phone's photo carries where and when it was taken.

async function photo(format: "jpeg" | "png", width = 64, height = 32) {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 30 } } })
    .withExif({
      IFD0: { Make: "SecretPhone", Model: "X-42", Copyright: "at home" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "23/1 48/1 0/1" },
    })
    .withMetadata({ orientation: 6 })
    [format]()
    .toBuffer();
}

describe("cleanPicture", () => {
  it("removes EXIF, GPS and orientation tags from a JPEG and turns it upright", async () => {
    const original = await photo("jpeg");
    const before = await sharp(original).metadata();
    expect(before.exif?.toString("latin1")).toContain("SecretPhone");
    expect(before.orientation).toBe(6);
    const clean = await cleanPicture(original, 2560);
    expect(clean?.type).toBe("jpeg");
    const after = await sharp(clean!.bytes).metadata();
    expect(after.exif).toBeUndefined();
    expect(after.orientation).toBeUndefined();
    expect(clean!.bytes.toString("latin1")).not.toContain("SecretPhone");
    // Orientation 6 is "rotate 90°": the upright picture is taller than wide.
    expect([after.width, after.height]).toEqual([32, 64]);
  });

  it("removes metadata from a PNG too, and keeps it a PNG", async () => {
    const original = await photo("png");
    expect(original.toString("latin1")).toContain("SecretPhone");
    const clean = await cleanPicture(original, 2560);
    expect(clean?.type).toBe("png");
    expect(clean!.bytes.toString("latin1")).not.toContain("SecretPhone");
    expect((await sharp(clean!.bytes).metadata()).exif).toBeUndefined();
  });

  it("scales a picture down to the longest side it is shown at, never up", async () => {
    const big = await cleanPicture(await photo("jpeg", 3000, 1000), 512);
    const meta = await sharp(big!.bytes).metadata();
    expect(Math.max(meta.width!, meta.height!)).toBe(512);
    const small = await cleanPicture(
      await sharp({ create: { width: 40, height: 30, channels: 3, background: "#fff" } })
        .png()
        .toBuffer(),
      512,
    );
    expect((await sharp(small!.bytes).metadata()).width).toBe(40);
  });

  it("never lets re-encoding grow a picture past what it was, or past the limit it must fit", async () => {
    // A 16-colour noisy palette PNG: written back as truecolor it would be several times larger.
    const raw = Buffer.alloc(300 * 300 * 3);
    for (let i = 0; i < raw.length; i += 3) {
      const c = ((i * 2654435761) >>> 28) * 16;
      raw[i] = c;
      raw[i + 1] = 255 - c;
      raw[i + 2] = (c * 3) & 255;
    }
    const palette = await sharp(raw, { raw: { width: 300, height: 300, channels: 3 } })
      .png({ palette: true, colors: 16 })
      .toBuffer();
    const truecolor = await sharp(palette).png({ compressionLevel: 9 }).toBuffer();
    expect(truecolor.length).toBeGreaterThan(palette.length);
    const clean = await cleanPicture(palette, 2560, palette.length);
    expect(clean).toBeDefined();
    expect(clean!.bytes.length).toBeLessThanOrEqual(palette.length);
    // Nothing fits in 100 bytes: refused, not sent on to be refused by the platform.
    expect(await cleanPicture(await photo("jpeg", 400, 400), 2560, 100)).toBeUndefined();
  });

  it("refuses what only looks like a picture: a PNG or JPEG header with no image, a truncated file, text", async () => {
    expect(await cleanPicture(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]), 512)).toBeUndefined();
    const jpeg = await photo("jpeg", 200, 200);
    expect(await cleanPicture(jpeg.subarray(0, jpeg.length / 2), 512)).toBeUndefined();
    expect(await cleanPicture(Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>"), 512)).toBeUndefined();
  });
});

describe("pictures priced before decoding (issue 25, decision 036)", () => {
  it("reads the size a PNG or a JPEG claims from its header", async () => {
    expect(pictureSize(flatPng(7000, 7000))).toEqual({ width: 7000, height: 7000 });
    expect(pictureSize(await photo("jpeg", 300, 120))).toEqual({ width: 300, height: 120 });
    expect(pictureSize(Buffer.from("<svg/>"))).toBeUndefined();
  });

  it("refuses a 9 KB one-bit 7000×7000 PNG (under the 50-megapixel cap) from its header, undecoded", async () => {
    const bomb = flatPng(7000, 7000);
    expect(bomb.length).toBeLessThan(10_000);
    expect(await cleanPicture(bomb, 2560)).toBeUndefined();
    expect(decodable(bomb)).toBe(false);
    // Over the pixel cap whatever its size in bytes.
    expect(decodable(flatPng(8000, 7000))).toBe(false);
  });

  it("takes a small flat screenshot, and a large picture whose bytes match its pixels", async () => {
    expect(decodable(flatPng(1080, 2400))).toBe(true);
    const noisy = await sharp({
      create: { width: 2400, height: 2000, channels: 3, background: "#808080", noise: { type: "gaussian", mean: 128, sigma: 40 } },
    })
      .jpeg({ quality: 80 })
      .toBuffer();
    expect(noisy.length * 100).toBeGreaterThan(2400 * 2000);
    expect(decodable(noisy)).toBe(true);
  });

  it("decodes one picture at a time and refuses at once, with a wait, what would queue past three", async () => {
    const picture = await photo("png", 400, 400);
    const tries = Array.from({ length: 6 }, () =>
      cleanPicture(picture, 2560).then(
        (p) => p?.type,
        (e: unknown) => e,
      ),
    );
    const answers = await Promise.all(tries);
    expect(answers.slice(0, 4)).toEqual(["png", "png", "png", "png"]);
    for (const refused of answers.slice(4)) {
      expect(refused).toBeInstanceOf(PicturesBusyError);
      expect((refused as PicturesBusyError).retryAfter).toBeGreaterThanOrEqual(1);
    }
    // The line empties: the next is decoded.
    expect((await cleanPicture(picture, 2560))?.type).toBe("png");
  });
});
