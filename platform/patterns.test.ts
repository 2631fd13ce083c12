import { inflateSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { CAPTCHA_HEIGHT, CAPTCHA_WIDTH, drawCaptcha, drawSlider, inPiece, SLIDER } from "./images/captcha-images";
import { createRaster, crc32, decodePng, encodePng, setPixel } from "./images/png";
import { acceptedPattern, fieldPasses, matchesPattern, PATTERN_IDS, PATTERN_SOURCES, type PatternId } from "./patterns";

// The 21 register pattern ids (SPEC point 5) and the PNG images the platform draws. No database.

const examples: Record<PatternId, { ok: string[]; bad: string[] }> = {
  0: { ok: ["anything at all", "পাসওয়ার্ড ১২৩", "p@ss w0rd!", "パスワード"], bad: [] },
  1: { ok: ["demo_member".replace("_", ""), "a1", "Player2024", "x"], bad: ["1player", "_abc", "abc def", "ab-c", "খেলোয়াড়", ""] },
  2: { ok: ["张三", "李四2024", "12345", "王小明"], bad: ["Zhang", "张 三", "张三!", "김철수"] },
  3: { ok: ["member@example.com", "first.last+tag@mail.co.uk", "a_b%c@x-y.io"], bad: ["member@", "@example.com", "a@b", "a b@example.com", "a@example.c", "a@@example.com"] },
  4: { ok: ["abc123", "ABC", "123"], bad: ["abc_123", "abc 123", "abc-123", "ক১২৩"] },
  5: { ok: ["abc123", "1a", "Player2024"], bad: ["abcdef", "123456", "abc_123"] },
  6: { ok: ["01712345678", "0", "1234567"], bad: ["0171-234", "+880171", "১২৩৪৫", "12a"] },
  7: { ok: ["Abc123", "ABC", "aB3"], bad: ["abc123", "123", "Abc_123"] },
  8: { ok: ["John Smith", "Mary Ann Lee", "abc"], bad: ["John3", "José", "রহিম উদ্দিন", "Anne-Marie"] },
  9: { ok: ["nospaces", "with-symbols!", "রহিম", "@line_id"], bad: ["has space", "tab\tinside", " lead"] },
  10: { ok: ["张三", "你好，世界！", "《书名》", "王·小明"], bad: ["张三abc", "Zhang", "张 三", "김철수"] },
  11: { ok: ["2000-01-31", "1996-02-29", "1990-12-01"], bad: ["2000-02-30", "1997-02-29", "2000-13-01", "2000-1-1", "01-31-2000", "2000/01/31"] },
  12: { ok: ["রহিম উদ্দিন", "Nguyễn Văn An", "สมชาย ใจดี", "राम कुमार", "김철수", "张三", "John Smith", "محمد علی"], bad: ["John3", "রহিম ১২৩", "Anne-Marie", "Dr. Who", "abc!"] },
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

describe("PNG images", () => {
  it("encodes RGBA with filter 0, valid CRCs and a zlib IDAT", () => {
    const r = createRaster(3, 2, [10, 20, 30, 255]);
    setPixel(r, 1, 1, [255, 0, 0, 128]);
    const png = encodePng(r);
    expect(png.subarray(0, 8).toString("hex")).toBe("89504e470d0a1a0a");
    expect(png.toString("ascii", 12, 16)).toBe("IHDR");
    expect(crc32(Buffer.from("IEND"))).toBe(0xae426082);
    const back = decodePng(png);
    expect(back).toMatchObject({ width: 3, height: 2 });
    expect([...back.data.subarray(16, 20)]).toEqual([255, 0, 0, 128]);
    // The raw IDAT stream: each row starts with filter byte 0.
    const idatLength = png.readUInt32BE(33);
    const rows = inflateSync(png.subarray(41, 41 + idatLength));
    expect(rows.length).toBe(2 * (3 * 4 + 1));
    expect(rows[0]).toBe(0);
    expect(rows[13]).toBe(0);
  });

  it("draws a captcha image of the announced size", () => {
    const image = decodePng(drawCaptcha("AB2C9"));
    expect(image).toMatchObject({ width: CAPTCHA_WIDTH, height: CAPTCHA_HEIGHT });
  });

  it("draws a slide puzzle whose piece is cut from the gap", () => {
    const slider = drawSlider();
    const background = decodePng(slider.background);
    const piece = decodePng(slider.piece);
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
    // The gap is the darkened copy of the piece's pixels.
    const bg = (background.data[((slider.pieceY + cy) * SLIDER.width + slider.x + cx) * 4] ?? 0);
    const original = piece.data[(cy * SLIDER.pieceSize + cx) * 4] ?? 0;
    expect(Math.abs(bg - Math.round(original * 0.45))).toBeLessThanOrEqual(1);
  });
});
