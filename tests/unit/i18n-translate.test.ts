import { createInstance } from "i18next";
import { describe, expect, it } from "vitest";
import { declaredNamespaces, defaultNS, fallbackLanguage, knownLanguages, type Language } from "~/i18n/config";
import { resources } from "~/i18n/resources.server";
import { dictionariesOf, fixedT, pageTranslations } from "~/i18n/t.server";
import { makeT, pluralCategory } from "~/i18n/translate";

// The site's own t() (decision 029) must say what i18next said with the server's settings, for
// every key of every namespace in every language, with and without values and counts: pages
// rendered before the change, bookmarked texts and the tests that read them stay the same. The one
// intended difference: Chinese plurals by Chinese rules (i18next asked Intl for "cn").

function reference(lng: string) {
  const i18n = createInstance();
  void i18n.init({
    lng,
    fallbackLng: fallbackLanguage,
    defaultNS,
    fallbackNS: "common",
    ns: Object.keys(resources.en ?? {}),
    resources,
    initImmediate: false,
    interpolation: { escapeValue: false },
  });
  return i18n;
}

const PLURAL = /_(zero|one|two|few|many|other)$/;
function keysOf(tree: Record<string, unknown>, prefix = ""): Array<{ key: string; plural: boolean; object: boolean }> {
  return Object.entries(tree).flatMap(([k, v]) => {
    const key = `${prefix}${k}`;
    // Lists are what pages ask for whole (returnObjects); objects are walked key by key.
    if (Array.isArray(v)) return [{ key, plural: false, object: true }];
    if (v && typeof v === "object") return keysOf(v as Record<string, unknown>, `${key}.`);
    return [{ key: key.replace(PLURAL, ""), plural: PLURAL.test(key), object: false }];
  });
}

/** Values for every {{placeholder}} a text of the key has, in any language. */
function valuesFor(key: string): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const lng of knownLanguages) {
    for (const ns of Object.keys(resources[lng] ?? {})) {
      for (const suffix of ["", "_one", "_other", "_zero"]) {
        let node: unknown = resources[lng]?.[ns];
        for (const part of `${key}${suffix}`.split("."))
          node = node && typeof node === "object" ? (node as Record<string, unknown>)[part] : undefined;
        if (typeof node === "string") for (const m of node.matchAll(/\{\{\s*([\w.]+)\s*\}\}/g)) values[m[1]!] = `«${m[1]}»`;
      }
    }
  }
  return values;
}

describe("the site's t()", () => {
  it("answers every key of every namespace as i18next did, plain, with values, counts and lists", () => {
    let compared = 0;
    for (const lng of knownLanguages as readonly Language[]) {
      const i18n = reference(lng);
      for (const ns of Object.keys(resources.en ?? {})) {
        const ours = makeT(lng, dictionariesOf(lng), [ns]);
        const theirs = i18n.getFixedT(lng, ns);
        for (const { key, plural, object } of keysOf(resources.en![ns]!)) {
          const label = `${lng} ${ns}:${key}`;
          if (object) {
            expect(ours(key, { returnObjects: true }), label).toEqual(theirs(key, { returnObjects: true }));
            continue;
          }
          expect(ours(key), label).toBe(theirs(key));
          const values = valuesFor(key);
          expect(ours(key, values), `${label} with values`).toBe(theirs(key, values));
          if (plural && lng !== "cn") {
            for (const count of [0, 1, 2, 5, 21, 101])
              expect(ours(key, { ...values, count }), `${label} count ${count}`).toBe(theirs(key, { ...values, count }));
          }
          compared += 1;
        }
      }
    }
    expect(compared).toBeGreaterThan(3000);
  });

  it("finds a key through its namespace prefix and the page's namespaces, then common, as i18next did", () => {
    for (const lng of ["en", "bn", "ur"] as const) {
      const i18n = reference(lng);
      const ours = makeT(lng, dictionariesOf(lng), ["auth", "common"]);
      const theirs = i18n.getFixedT(lng, ["auth", "common"]);
      for (const key of [
        "login.title",
        "auth:login.title",
        "common:brand",
        "brand",
        "nav.openMenu",
        "no.such.key",
        "auth:no.such.key",
        "common:no.such",
      ]) {
        expect(ours(key), `${lng} ${key}`).toBe(theirs(key));
        expect(fixedT(lng)(key), `${lng} ${key} (server t)`).toBe(i18n.getFixedT(lng, "common")(key));
      }
      expect(ours("no.such.key", { defaultValue: "Hello {{name}}", name: "Rahim" })).toBe(
        theirs("no.such.key", { defaultValue: "Hello {{name}}", name: "Rahim" }),
      );
    }
  });

  it("shows a platform's own sentence with a colon in it whole, not as a namespace and a key", () => {
    const t = makeT("en", { common: { a: "A" }, auth: { b: "B" } }, ["auth", "common"]);
    expect(t("Check the contract terms: the rate is above your own.")).toBe("Check the contract terms: the rate is above your own.");
    expect(t("Error: try later")).toBe("Error: try later");
    expect(t("auth:b")).toBe("B");
    expect(t("common:a")).toBe("A");
  });

  it("picks plurals by each language's own rules, Chinese by Chinese ones", () => {
    expect([0, 1, 2].map((n) => pluralCategory("cn", n))).toEqual(["other", "other", "other"]);
    expect([0, 1, 2].map((n) => pluralCategory("bn", n))).toEqual(["one", "one", "other"]);
    expect([0, 1, 2].map((n) => pluralCategory("en", n))).toEqual(["other", "one", "other"]);
    const dictionaries = {
      common: { item_one: "{{count}} item", item_other: "{{count}} items", none_zero: "nothing", none_other: "{{count}} things" },
    };
    expect(makeT("en", dictionaries)("item", { count: 1 })).toBe("1 item");
    expect(makeT("cn", dictionaries)("item", { count: 1 })).toBe("1 items");
    expect(makeT("en", dictionaries)("none", { count: 0 })).toBe("nothing");
    expect(makeT("en", dictionaries)("none", { count: 3 })).toBe("3 things");
  });

  it("leaves a placeholder without a value as it is, and writes numbers and nested values", () => {
    const t = makeT("en", { common: { a: "{{x}} and {{ y }} and {{user.name}}" } });
    expect(t("a")).toBe("{{x}} and {{ y }} and {{user.name}}");
    expect(t("a", { x: 3, y: 0, user: { name: "Rahim" } })).toBe("3 and 0 and Rahim");
    expect(reference("en").t("x", { defaultValue: "{{x}} and {{ y }}", x: 3, y: 0 })).toBe(
      t("b", { defaultValue: "{{x}} and {{ y }}", x: 3, y: 0 }),
    );
  });
});

describe("a page's dictionaries", () => {
  it("are what its routes declare, with common; a component asking for another is reported", () => {
    expect(declaredNamespaces([undefined, { i18n: ["common", "auth"] }, { i18n: "auth" }, { other: 1 }, null])).toEqual(["common", "auth"]);
    expect(declaredNamespaces([{ i18n: 7 }, { i18n: [null, "auth"] }])).toEqual(["common", "auth"]);
    const reported: string[] = [];
    const store = pageTranslations("bn", ["common"], (ns) => reported.push(ns));
    expect(store.ensure(["common"])).toBeUndefined();
    expect(reported).toEqual([]);
    // The server has every dictionary, so the page still renders; the browser would not have it.
    expect(store.ensure(["auth", "common"])).toBeUndefined();
    expect(reported).toEqual(["auth"]);
    expect(store.language()).toBe("bn");
    expect(store.dictionaries().auth).toBeDefined();
    // The end-to-end server fails such a page instead (UNDECLARED_TRANSLATIONS=fail).
    const strict = pageTranslations("en", ["common"], (ns) => {
      throw new Error(`undeclared ${ns}`);
    });
    expect(() => strict.ensure(["auth"])).toThrow("undeclared auth");
  });
});
