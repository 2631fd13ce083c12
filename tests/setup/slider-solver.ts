/** A PNG of the page as RGBA pixels (sharp, as the platform encodes them). */
async function pixels(base64: string) {
  const { default: sharp } = await import("sharp");
  const { data, info } = await sharp(Buffer.from(base64, "base64")).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (x: number, y: number) => {
    const i = (y * info.width + x) * 4;
    return [data[i]!, data[i + 1]!, data[i + 2]!, data[i + 3]!] as const;
  };
  return { width: info.width, height: info.height, at };
}

/**
 * The slide puzzle solved by eye: the gap is the scene darkened to 45 %, and the piece is the
 * scene itself, so the gap is where the darkened piece matches the background best. (Any script
 * can do this: the reference platform's puzzle is a stand-in for GeeTest, not a defence.)
 */
export async function solveSliderImages(backgroundBase64: string, pieceBase64: string, top: number): Promise<number> {
  const bg = await pixels(backgroundBase64);
  const piece = await pixels(pieceBase64);
  let best = { x: 0, score: Infinity };
  for (let x = 0; x + piece.width <= bg.width; x++) {
    let score = 0;
    for (let py = 0; py < piece.height; py += 2) {
      for (let px = 0; px < piece.width; px += 2) {
        const [r, g, b, a] = piece.at(px, py);
        if (a !== 255) continue;
        const [br, bgn, bb] = bg.at(x + px, top + py);
        score += Math.abs(br - 0.45 * r) + Math.abs(bgn - 0.45 * g) + Math.abs(bb - 0.45 * b);
      }
    }
    if (score < best.score) best = { x, score };
  }
  return best.x;
}
