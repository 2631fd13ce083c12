import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { defaultEnabledLanguages, namespaces } from "~/i18n/config";

// A test fails when an enabled language lacks a key that English has.
const dir = join(process.cwd(), "locales");
function keys(value: unknown, prefix = ""): string[] {
  if (typeof value !== "object" || value === null) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}
function load(lng: string, ns: string): unknown {
  return JSON.parse(readFileSync(join(dir, lng, `${ns}.json`), "utf8"));
}

describe("dictionaries", () => {
  const languages = readdirSync(dir);
  it("exist for every enabled language and namespace", () => {
    for (const lng of defaultEnabledLanguages) {
      expect(languages).toContain(lng);
      for (const ns of namespaces) expect(() => load(lng, ns), `${lng}/${ns}`).not.toThrow();
    }
  });
  for (const lng of defaultEnabledLanguages.filter((l) => l !== "en")) {
    for (const ns of namespaces) {
      it(`${lng}/${ns} has every key English has, and no empty text`, () => {
        const theirs = load(lng, ns);
        const missing = keys(load("en", ns)).filter((k) => !keys(theirs).includes(k));
        expect(missing).toEqual([]);
        const empty = keys(theirs).filter((k) => k.split(".").reduce<unknown>((o, p) => (o as Record<string, unknown>)[p], theirs) === "");
        expect(empty).toEqual([]);
      });
    }
  }
});
