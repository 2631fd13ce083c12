import sharp from "sharp";
import { describe, expect, it, vi } from "vitest";
import { CAPTCHA_HEIGHT, CAPTCHA_WIDTH, decodePng, drawCaptcha, drawSlider, inPiece, SLIDER } from "./images/captcha-images";
import { acceptedPattern, fieldPasses, matchesPattern, PATTERN_IDS, PATTERN_SOURCES, type PatternId } from "./patterns";

// The 21 register pattern ids (docs/SPEC.md point 5) and the PNG images the platform draws. No database.

// What drawCaptcha asked svg-captcha to draw, and what it got back.
const drawn = vi.hoisted(() => [] as { text: string; options: unknown; svg: string }[]);
vi.mock("svg-captcha", async (importOriginal) => {
  const real = ((await importOriginal()) as { default: (text: string, options: unknown) => string }).default;
  const spy = (text: string, options: unknown) => {
    const svg = real(text, options);
    drawn.push({ text, options, svg });
    return svg;
  };
  return { default: Object.assign(spy, real) };
});

const examples: Record<PatternId, { ok: string[]; bad: string[] }> = {
  0: { ok: ["anything at all", "পাসওয়ার্ড ১২৩", "p@ss w0rd!", "パスワード"], bad: [] },
  1: { ok: ["demo_member".replace("_", ""), "a1", "Player2024", "x"], bad: ["1player", "_abc", "abc def", "ab-c", "খেলোয়াড়", ""] },
  2: { ok: ["张三", "李四2024", "12345", "王小明"], bad: ["Zhang", "张 三", "张三!", "김철수"] },
  3: {
    ok: ["member@example.com", "first.last+tag@mail.co.uk", "a_b%c@x-y.io"],
    bad: ["member@", "@example.com", "a@b", "a b@example.com", "a@example.c", "a@@example.com"],
  },
  4: { ok: ["abc123", "ABC", "123"], bad: ["abc_123", "abc 123", "abc-123", "ক১২৩"] },
  5: { ok: ["abc123", "1a", "Player2024"], bad: ["abcdef", "123456", "abc_123"] },
  6: { ok: ["01712345678", "0", "1234567"], bad: ["0171-234", "+880171", "১২৩৪৫", "12a"] },
  7: { ok: ["Abc123", "ABC", "aB3"], bad: ["abc123", "123", "Abc_123"] },
  8: { ok: ["John Smith", "Mary Ann Lee", "abc"], bad: ["John3", "José", "রহিম উদ্দিন", "Anne-Marie"] },
  9: { ok: ["nospaces", "with-symbols!", "রহিম", "@line_id"], bad: ["has space", "tab\tinside", " lead"] },
  10: { ok: ["张三", "你好，世界！", "《书名》", "王·小明"], bad: ["张三abc", "Zhang", "张 三", "김철수"] },
  11: {
    ok: ["2000-01-31", "1996-02-29", "1990-12-01"],
    bad: ["2000-02-30", "1997-02-29", "2000-13-01", "2000-1-1", "01-31-2000", "2000/01/31"],
  },
  12: {
    ok: ["রহিম উদ্দিন", "Nguyễn Văn An", "สมชาย ใจดี", "राम कुमार", "김철수", "张三", "John Smith", "محمد علی"],
    bad: ["John3", "রহিম ১২৩", "Anne-Marie", "Dr. Who", "abc!"],
  },
  13: { ok: ["01-31-2000", "02-29-1996"], bad: ["2000-01-31", "02-30-2000", "13-01-2000", "1-1-2000"] },
  14: { ok: ["abc123", "রহিম১২৩", "สมชาย๑๒", "张三2024", "김철수1"], bad: ["abc 123", "abc_123", "রহিম!"] },
  15: { ok: ["김철수", "한국어", "ㄱㄴㄷ"], bad: ["김 철수", "Kim", "김철수1", "张三"] },
  16: { ok: ["สมชาย", "ภาษาไทย"], bad: ["สมชาย ใจดี", "Somchai", "สมชาย1", "๑๒๓"] },
  17: { ok: ["สมชาย ใจดี", "Somchai Jaidee", "สมชาย Jaidee"], bad: ["สมชาย1", "김철수", "Somchai-J", "রহিম"] },
  18: { ok: ["JOHN SMITH", "NGUYỄN VĂN AN", "A"], bad: ["John Smith", "ỄĂ", "JOHN3", "   "] },
  19: { ok: ["abc123!@#", "P@ssw0rd", "~{}[]"], bad: ["abc 123", "পাস", "tab\t"] },
  20: { ok: ["Abcdef1!", "P@ssw0rd", "Zz9#zzzz"], bad: ["abcdef1!", "ABCDEF1!", "Abcdefg!", "Abcdefg1", "Abc def1!"] },
};

describe("register pattern ids", () => {
  it("has the 21 ids 0–20", () => {
    expect(PATTERN_IDS).toEqual(Array.from({ length: 21 }, (_, i) => i));
    expect(Object.keys(PATTERN_SOURCES)).toHaveLength(21);
  });

  for (const id of PATTERN_IDS) {
    it(`pattern ${id} accepts and rejects its examples`, () => {
      for (const value of examples[id].ok) expect(matchesPattern(id, value), `${id} should accept ${JSON.stringify(value)}`).toBe(true);
      for (const value of examples[id].bad) expect(matchesPattern(id, value), `${id} should reject ${JSON.stringify(value)}`).toBe(false);
    });
  }

  it("means the same to a client compiling the source with or without the u flag", () => {
    for (const id of PATTERN_IDS) {
      if (id === 11 || id === 13) continue; // real-day checks happen on the server only
      const plain = new RegExp(PATTERN_SOURCES[id]);
      const unicode = new RegExp(PATTERN_SOURCES[id], "u");
      for (const value of [...examples[id].ok, ...examples[id].bad]) {
        expect(plain.test(value), `${id} ${JSON.stringify(value)}`).toBe(unicode.test(value));
        expect(plain.test(value)).toBe(matchesPattern(id, value));
      }
    }
    expect(acceptedPattern(0)).toBe("*");
    expect(acceptedPattern(6)).toBe("^[0-9]+$");
  });

  it("counts length in characters and checks it before the pattern", () => {
    expect(fieldPasses(1, "player1", 6, 16)).toBe(true);
    expect(fieldPasses(1, "pl1", 6, 16)).toBe(false);
    expect(fieldPasses(1, "p".repeat(17), 6, 16)).toBe(false);
    expect(fieldPasses(12, "রহিম", 2, 4)).toBe(true); // 4 code points, not 4 bytes
    expect(fieldPasses(0, "😀😀", 2, 2)).toBe(true);
  });
});

describe("challenge images", () => {
  it("draws the captcha's own text with svg-captcha (glyph outlines, noise curves, colour), as a PNG of the announced size", async () => {
    drawn.length = 0;
    const png = await drawCaptcha("AB2C9");
    expect(drawn).toHaveLength(1);
    const [{ text, options, svg }] = drawn as [{ text: string; options: Record<string, unknown>; svg: string }];
    expect(text).toBe("AB2C9");
    expect(options).toMatchObject({ width: CAPTCHA_WIDTH, height: CAPTCHA_HEIGHT, color: true, noise: 3 });
    // Five filled glyph paths and three stroked noise curves.
    expect(svg.match(/<path fill="#[0-9a-f]{6}" d="M/g)).toHaveLength(5);
    expect(svg.match(/<path d="M[^"]+" stroke="#[0-9a-f]{6}" fill="none"\/>/g)).toHaveLength(3);

    expect((await sharp(png).metadata()).format).toBe("png");
    const image = await decodePng(png);
    expect(image).toMatchObject({ width: CAPTCHA_WIDTH, height: CAPTCHA_HEIGHT });
    // Opaque, on the light background, with ink in it.
    expect([...image.data.subarray(0, 4)]).toEqual([245, 244, 238, 255]);
    const colours = new Set<number>();
    for (let i = 0; i < image.data.length; i += 4) colours.add((image.data[i]! << 16) | (image.data[i + 1]! << 8) | image.data[i + 2]!);
    expect(colours.size).toBeGreaterThan(50);
    // Jitter and colours differ from one drawing of the same text to the next.
    expect((await drawCaptcha("AB2C9")).equals(png)).toBe(false);
  });

  it("draws a slide puzzle whose piece is cut from the gap", async () => {
    const slider = await drawSlider();
    const background = await decodePng(slider.background);
    const piece = await decodePng(slider.piece);
    expect((await sharp(slider.piece).metadata()).hasAlpha).toBe(true);
    expect(background).toMatchObject({ width: SLIDER.width, height: SLIDER.height });
    expect(piece).toMatchObject({ width: SLIDER.pieceSize, height: SLIDER.pieceSize });
    expect(slider.x).toBeGreaterThanOrEqual(SLIDER.pieceSize);
    expect(slider.x + SLIDER.pieceSize).toBeLessThanOrEqual(SLIDER.width);
    // Outside the outline the piece is transparent, inside it is opaque.
    expect(piece.data[3]).toBe(0);
    const cx = 20;
    const cy = 30;
    expect(inPiece(cx, cy)).toBe(true);
    expect(piece.data[(cy * SLIDER.pieceSize + cx) * 4 + 3]).toBe(255);
    // The gap is the darkened copy of the piece's pixels (PNG is lossless).
    const bg = background.data[((slider.pieceY + cy) * SLIDER.width + slider.x + cx) * 4] ?? 0;
    const original = piece.data[(cy * SLIDER.pieceSize + cx) * 4] ?? 0;
    expect(Math.abs(bg - Math.round(original * 0.45))).toBeLessThanOrEqual(1);
  });
});
