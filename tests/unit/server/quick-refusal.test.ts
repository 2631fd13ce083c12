import { describe, expect, it } from "vitest";
import { limitAttempt, RateLimitedError } from "~/limits.server";
import { quickRefusal, refusalLanguage } from "~/quick-refusal.server";
import { runInScope } from "~/request-scope.server";

// Decision 036's addendum: once an address is refused a public form, its next posts of that form
// are answered by the server at once, in the player's language.

describe("the quick refusal", () => {
  it("answers an address just refused the login form, in its language, and nobody else", async () => {
    const ip = "198.51.100.201";
    let refused: unknown;
    for (let i = 0; i < 30 && !refused; i++)
      refused = await runInScope({ clientIp: ip }, () => limitAttempt("login")).then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(refused).toBeInstanceOf(RateLimitedError);
    const bn = `lng=${encodeURIComponent(Buffer.from(JSON.stringify("bn")).toString("base64"))}`;
    const quick = quickRefusal({ method: "POST", url: "/login?redirectTo=%2F", cookie: bn, acceptLanguage: "en", clientIp: ip });
    expect(quick?.retryAfter).toBeGreaterThan(0);
    expect(quick?.html).toContain('lang="bn"');
    expect(quick?.html).toMatch(/অনেক বেশি চেষ্টা হয়েছে/);
    // Another address, another form, a script's .data post and a read are not refused here.
    expect(quickRefusal({ method: "POST", url: "/login", cookie: "", acceptLanguage: "", clientIp: "198.51.100.202" })).toBeNull();
    expect(quickRefusal({ method: "POST", url: "/register", cookie: "", acceptLanguage: "", clientIp: ip })).toBeNull();
    expect(quickRefusal({ method: "POST", url: "/login.data", cookie: "", acceptLanguage: "", clientIp: ip })).toBeNull();
    expect(quickRefusal({ method: "GET", url: "/login", cookie: "", acceptLanguage: "", clientIp: ip })).toBeNull();
  });

  it("reads the language from the cookie, then Accept-Language, then English", () => {
    expect(refusalLanguage("", "ur-PK,ur;q=0.9,en;q=0.8")).toBe("ur");
    expect(refusalLanguage("", "zh-CN")).toBe("cn");
    expect(refusalLanguage("lng=garbage", "fr, de")).toBe("en");
  });
});
