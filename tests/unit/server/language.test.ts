import { describe, expect, it } from "vitest";
import { intlLocale } from "~/i18n/config";
import { detectLanguage, enabledLanguages, languageCookie } from "~/i18n/language.server";

const request = (headers: Record<string, string>, url = "http://site.test/") => new Request(url, { headers });

describe("the player's language", () => {
  it("follows Accept-Language by its q-values, among the languages the site offers", async () => {
    expect(await detectLanguage(request({ "Accept-Language": "fr-FR, bn;q=0.9, en;q=0.8" }), ["en", "bn"], "en")).toBe("bn");
    expect(await detectLanguage(request({ "Accept-Language": "en;q=0.2, bn-BD;q=0.9" }), ["en", "bn"], "en")).toBe("bn");
    expect(await detectLanguage(request({ "Accept-Language": "ja" }), ["en", "bn"], "bn")).toBe("bn");
    // Chinese browsers say zh; the site calls Simplified Chinese "cn".
    expect(await detectLanguage(request({ "Accept-Language": "zh-CN,zh;q=0.9,en;q=0.5" }), ["en", "cn"], "en")).toBe("cn");
    expect(await detectLanguage(request({ "Accept-Language": "zh-CN" }), ["en", "bn"], "en")).toBe("en");
  });

  it("takes ?lng= first, then the cookie, and only languages that are enabled", async () => {
    const cookie = await languageCookie.serialize("ur");
    expect(await detectLanguage(request({ "Accept-Language": "en", Cookie: cookie }), ["en", "ur"], "en")).toBe("ur");
    expect(await detectLanguage(request({ Cookie: cookie }, "http://site.test/?lng=BN"), ["en", "bn", "ur"], "en")).toBe("bn");
    expect(await detectLanguage(request({ Cookie: cookie }), ["en", "bn"], "en")).toBe("en");
    expect(await detectLanguage(request({}, "http://site.test/?lng=xx"), ["en", "bn"], "bn")).toBe("bn");
  });

  it("reads the platform's enabled set and default, whatever their case", () => {
    expect(enabledLanguages(["EN", "BN", "UR", "XX"], "UR")).toEqual({ enabled: ["en", "bn", "ur"], fallback: "ur" });
    expect(enabledLanguages([], undefined)).toEqual({ enabled: ["en", "bn"], fallback: "en" });
    expect(enabledLanguages(["bn"], "en")).toEqual({ enabled: ["bn"], fallback: "bn" });
  });

  // Thai dates keep the Buddhist era (2569) as Thai sites write them; only the digits are fixed.
  it("writes numbers and dates with Latin digits in every language (decision 021)", () => {
    const date = new Date(Date.UTC(2026, 10, 25, 3, 16));
    for (const lng of ["bn", "ur", "th", "cn"]) {
      const text =
        new Intl.DateTimeFormat(intlLocale(lng), { dateStyle: "medium", timeZone: "UTC" }).format(date) +
        new Intl.NumberFormat(intlLocale(lng)).format(10010);
      expect(text, lng).toMatch(/\d{4}/);
      expect(text, lng).not.toMatch(/[০-৯۰-۹٠-٩๐-๙]/);
    }
  });
});
