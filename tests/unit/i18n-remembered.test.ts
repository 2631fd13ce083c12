import { createInstance } from "i18next";
import { describe, expect, it, vi } from "vitest";
import { defaultNS, fallbackLanguage, knownLanguages, type Language } from "~/i18n/config";
import { resources } from "~/i18n/resources.server";
import { serverI18n } from "~/i18n/t.server";

// The server's t() remembers answers to calls without values (issue 14): every answer must be the
// one a fresh i18next gives, in every language, and calls with values must still be worked out.

function fresh(lng: string) {
  const i18n = createInstance();
  void i18n.init({ lng, fallbackLng: fallbackLanguage, defaultNS, fallbackNS: "common", ns: Object.keys(resources.en ?? {}), resources, initImmediate: false, interpolation: { escapeValue: false } });
  return i18n;
}

function keysOf(tree: Record<string, unknown>, prefix = ""): string[] {
  return Object.entries(tree).flatMap(([k, v]) => (v && typeof v === "object" ? keysOf(v as Record<string, unknown>, `${prefix}${k}.`) : [`${prefix}${k}`.replace(/_(zero|one|two|few|many|other)$/, "")]));
}

describe("remembered translations", () => {
  it("answers every key of every namespace as a fresh i18next does, the first time and again", () => {
    for (const lng of knownLanguages as readonly Language[]) {
      const reference = fresh(lng);
      const server = serverI18n(lng);
      for (const ns of Object.keys(resources.en ?? {})) {
        const t = server.getFixedT(lng, ns);
        const expected = reference.getFixedT(lng, ns);
        for (const key of new Set(keysOf(resources.en![ns]!))) {
          expect(t(key), `${lng} ${ns}:${key}`).toBe(expected(key));
          expect(t(key), `${lng} ${ns}:${key} again`).toBe(expected(key));
        }
      }
    }
  });

  it("asks i18next once for a key, however the component's t() was made (react-i18next passes no language)", () => {
    const i18n = serverI18n("th");
    const translator = (i18n as unknown as { translator: { translate: (...args: unknown[]) => unknown } }).translator;
    const spy = vi.spyOn(translator, "translate");
    try {
      const t = i18n.getFixedT(null, "common");
      const first = t("nav.openMenu");
      const calls = spy.mock.calls.length;
      expect(t("nav.openMenu")).toBe(first);
      expect(i18n.getFixedT("th", "common")("nav.openMenu")).toBe(first);
      expect(spy.mock.calls.length).toBe(calls);
      expect(first).toBe(fresh("th").getFixedT("th", "common")("nav.openMenu"));
    } finally {
      spy.mockRestore();
    }
  });

  it("works out calls with values, counts and defaults every time", () => {
    const t = serverI18n("en").getFixedT("en", "common");
    expect(t("header.accountMenuUnread", { count: 1 })).toBe("Account menu, 1 unread message");
    expect(t("header.accountMenuUnread", { count: 3 })).toBe("Account menu, 3 unread messages");
    expect(t("no.such.key", "A default")).toBe("A default");
    expect(t("no.such.key", { defaultValue: "Another" })).toBe("Another");
    const bn = serverI18n("bn").getFixedT("bn", "common");
    expect(bn("header.accountMenuUnread", { count: 2 })).toBe(fresh("bn").getFixedT("bn", "common")("header.accountMenuUnread", { count: 2 }));
    // The same key in another language is that language's answer.
    expect(bn("header.login")).not.toBe(t("header.login"));
  });
});
