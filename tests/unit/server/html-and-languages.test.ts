import { renderToStaticMarkup } from "react-dom/server";
import { createElement } from "react";
import { describe, expect, it } from "vitest";
import { plainText, sanitizeRichHtml } from "~/html.server";
import { acceptedLanguages } from "../../../server/refusals";

// Issue 11, item 7: platform HTML keeps the safe link and image attributes the sanitiser adds,
// plain text is escaped once (by React), and the refusal pages read Accept-Language's q-values.

describe("platform HTML", () => {
  it("opens links in a new tab without opener or referrer, whatever the platform wrote, and lazy-loads images", () => {
    const html = sanitizeRichHtml(
      '<a href="https://example.com/promo" target="_self" rel="opener">Promo</a><img src="https://example.com/b.png" alt="b" loading="eager" onerror="x()">',
    );
    expect(html).toContain('target="_blank"');
    expect(html).toContain('rel="noopener noreferrer nofollow"');
    expect(html).not.toContain("_self");
    expect(html).not.toContain('rel="opener"');
    expect(html).toContain('loading="lazy"');
    expect(html).not.toContain("onerror");
  });

  it("drops scripts and javascript: links", () => {
    const html = sanitizeRichHtml('<p>Hi<script>alert(1)</script></p><a href="javascript:alert(1)">x</a>');
    expect(html).not.toMatch(/script|javascript:/i);
    expect(html).toContain("<p>Hi</p>");
  });

  it("gives plain text that React escapes exactly once", () => {
    expect(plainText("Tom &amp; Jerry <b>win</b>")).toBe("Tom & Jerry win");
    expect(plainText("1 &lt; 2 &gt; 0 &quot;ok&quot; &#39;s")).toBe(`1 < 2 > 0 "ok" 's`);
    expect(plainText("<script>alert(1)</script>safe")).toBe("safe");
    expect(plainText("&amp;lt; stays text")).toBe("&lt; stays text");
    const shown = renderToStaticMarkup(createElement("p", null, plainText("Tom &amp; Jerry")));
    expect(shown).toBe("<p>Tom &amp; Jerry</p>");
  });
});

describe("Accept-Language on the refusal pages", () => {
  it("orders languages by q-value, drops q=0, and reads regions and Chinese as the site does", () => {
    expect(acceptedLanguages("en;q=0.2, bn-BD;q=0.9, ur;q=0.5")).toEqual(["bn", "ur", "en"]);
    expect(acceptedLanguages("th, en;q=0")).toEqual(["th"]);
    expect(acceptedLanguages("zh-CN,zh;q=0.9,en;q=0.8")).toEqual(["cn", "cn", "en"]);
    expect(acceptedLanguages("ko;q=0.5, ja;q=0.5")).toEqual(["ko", "ja"]);
    expect(acceptedLanguages("")).toEqual([]);
    expect(acceptedLanguages("*;q=0.1, vi;q=abc, id")).toEqual(["id", "*"]);
  });
});
