import sharp from "sharp";
import { env } from "~/env.server";

// The brand's icon for the installed app (issue 29): the favicon's star in the operator's accent on
// the site's night colour, drawn as PNG at the sizes Android (192, 512, and 512 maskable with its
// safe zone) and iOS (180, the apple-touch-icon) ask for. Drawn once per size and kept.

export const NIGHT = "#0f1220";
export const ICON_SIZES = {
  "180": { size: 180, maskable: false },
  "192": { size: 192, maskable: false },
  "512": { size: 512, maskable: false },
  "maskable-512": { size: 512, maskable: true },
} as const;
export type IconName = keyof typeof ICON_SIZES;

const STAR = "m16 4 3.5 7.6 8.3.9-6.2 5.6 1.8 8.2L16 22.1l-7.4 4.2 1.8-8.2-6.2-5.6 8.3-.9z";

function svg(size: number, maskable: boolean, accent: string): string {
  // A maskable icon is cut to a circle or a squircle by the launcher: the star keeps to the
  // middle 80 % (its safe zone) and the background fills the square, corners included.
  const scale = maskable ? 0.6 : 0.8;
  const offset = (32 - 32 * scale) / 2;
  const corner = maskable ? 0 : 7;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 32 32"><rect width="32" height="32" rx="${corner}" fill="${NIGHT}"/><g transform="translate(${offset} ${offset}) scale(${scale})"><path fill="${accent}" d="${STAR}"/></g></svg>`;
}

const drawn = new Map<string, Promise<Buffer>>();

export function brandIcon(name: IconName): Promise<Buffer> {
  const { size, maskable } = ICON_SIZES[name];
  const accent = env().ACCENT_COLOR;
  const key = `${name}:${accent}`;
  let png = drawn.get(key);
  if (!png) {
    png = sharp(Buffer.from(svg(size, maskable, accent)))
      .png({ compressionLevel: 9 })
      .toBuffer();
    png.catch(() => drawn.delete(key));
    drawn.set(key, png);
  }
  return png;
}
