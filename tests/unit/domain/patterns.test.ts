import { describe, expect, it } from "vitest";
import { fillRange, passesRule, PATTERN_IDS, PATTERN_RULES } from "~/domain/patterns";

// Accepted and rejected examples for every pattern id of docs/SPEC.md point 5.
const cases: Record<number, { ok: string[]; bad: string[] }> = {
  0: { ok: ["anything at all", "১২৩", "!@#"], bad: [] },
  1: { ok: ["player01", "A", "abcDEF9"], bad: ["1player", "_abc", "ab cd", "খেলোয়াড়"] },
  2: { ok: ["玩家123", "中文", "2024"], bad: ["player", "中 文", "বাংলা"] },
  3: { ok: ["a@b.co", "first.last+tag@example.com"], bad: ["a@b", "no-at.example.com", "a b@c.com"] },
  4: { ok: ["abc123", "ABC"], bad: ["abc-123", "abc 123", "ক১"] },
  5: { ok: ["abc123", "1a"], bad: ["abcdef", "123456", "abc_123"] },
  6: { ok: ["01712345678", "0"], bad: ["017-123", "১২৩", "12a"] },
  7: { ok: ["Abc123", "ABC"], bad: ["abc123", "Abc-123"] },
  8: { ok: ["John Smith", "abc"], bad: ["John3", "জন", "José"] },
  9: { ok: ["no-spaces!", "বাংলা"], bad: ["has space", "tab\tbed"] },
  10: { ok: ["你好，世界！", "中文。"], bad: ["hello", "中文abc"] },
  11: { ok: ["2000-02-29", "1999-12-31"], bad: ["1999-02-29", "31-12-1999", "2000-13-01"] },
  12: { ok: ["রহিম উদ্দিন", "John Smith", "สมชาย ใจดี", "김 민수"], bad: ["John3", "রহিম_১"] },
  13: { ok: ["12-31-1999", "02-29-2000"], bad: ["1999-12-31", "02-30-2000"] },
  14: { ok: ["রহিম১২৩", "abc123", "สมชาย9"], bad: ["abc 123", "abc-123"] },
  15: { ok: ["김민수", "한국어"], bad: ["김 민수", "kim", "김민수1"] },
  16: { ok: ["สมชาย", "ภาษาไทย"], bad: ["สม ชาย", "Somchai", "สมชาย1"] },
  17: { ok: ["สมชาย Jaidee", "Somchai", "สมชาย"], bad: ["สมชาย1", "김민수"] },
  18: { ok: ["JOHN SMITH", "A"], bad: ["John Smith", "   ", "JOHN3"] },
  19: { ok: ["P@ssw0rd!", "abc"], bad: ["has space", "পাস"] },
  20: { ok: ["Abcdef1!", "xY9#"], bad: ["abcdef1!", "ABCDEF1!", "Abcdefg!", "Abcdefg1"] },
};

describe("pattern ids", () => {
  it("cover ids 0 to 20", () => {
    expect(PATTERN_IDS).toEqual(Array.from({ length: 21 }, (_, i) => i));
  });
  for (const id of PATTERN_IDS) {
    it(`id ${id} accepts and rejects as the spec says`, () => {
      const rule = PATTERN_RULES[id]!;
      for (const ok of cases[id]!.ok) expect(rule(ok), `${id} should accept ${ok}`).toBe(true);
      for (const bad of cases[id]!.bad) expect(rule(bad), `${id} should reject ${bad}`).toBe(false);
    });
  }
});

describe("passesRule", () => {
  it("checks length in characters, not bytes", () => {
    expect(passesRule("বাংলা", { patternId: 12, minLength: 5, maxLength: 5 })).toBe(true);
    expect(passesRule("ab", { patternId: 0, minLength: 3, maxLength: 10 })).toBe(false);
    expect(passesRule("abcdefghijk", { patternId: 0, minLength: 3, maxLength: 10 })).toBe(false);
  });
  it("uses the platform's own pattern when it sends one, * meaning anything", () => {
    expect(passesRule("has space", { acceptedPattern: "*", patternId: 1 })).toBe(true);
    expect(passesRule("abc", { acceptedPattern: "^[a-c]+$", patternId: 6 })).toBe(true);
    expect(passesRule("abd", { acceptedPattern: "^[a-c]+$", patternId: 6 })).toBe(false);
    // A pattern JavaScript cannot read falls back to the id's rule.
    expect(passesRule("123", { acceptedPattern: "(?<bad", patternId: 6 })).toBe(true);
    expect(passesRule("12a", { acceptedPattern: "(?<bad", patternId: 6 })).toBe(false);
  });
});

describe("fillRange", () => {
  it("replaces (min) and (max), with one number when they are equal", () => {
    expect(fillRange("Use (min) to (max) characters", 6, 16)).toBe("Use 6 to 16 characters");
    expect(fillRange("Use (min) to (max) characters", 6, 6)).toBe("Use 6 characters");
    expect(fillRange("(min)-(max) digits", 11, 11)).toBe("11 digits");
    expect(fillRange("(min) থেকে (max) অক্ষর", 8, 8)).toBe("8 অক্ষর");
    expect(fillRange("at least (min)", 8, 64)).toBe("at least 8");
  });
});
