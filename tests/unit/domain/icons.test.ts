import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

// The icon sprite (app/components/icons.svg) has a symbol for every icon the app names: in an
// <Icon name="…"> and in the navigation's icon fields.

const ROOT = new URL("../../..", import.meta.url).pathname;
const sprite = readFileSync(join(ROOT, "app/components/icons.svg"), "utf8");
const symbols = new Set([...sprite.matchAll(/<symbol id="(\w+)" viewBox="0 0 24 24">/g)].map((m) => m[1]));

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sources(path) : /\.tsx?$/.test(name) ? [readFileSync(path, "utf8")] : [];
  });
}

describe("the icon sprite", () => {
  it("has every icon the app uses, each a 24×24 path", () => {
    const all = sources(join(ROOT, "app")).join("\n");
    const named = new Set([...all.matchAll(/<Icon name="(\w+)"/g), ...all.matchAll(/\bicon: "(\w+)"/g)].map((m) => m[1]));
    const navIcons = /export type NavIcon =([^;]+);/.exec(readFileSync(join(ROOT, "app/domain/navigation.ts"), "utf8"))?.[1] ?? "";
    for (const [, name] of navIcons.matchAll(/"(\w+)"/g)) named.add(name);
    expect(named.size).toBeGreaterThan(20);
    for (const name of named) expect(symbols.has(name), name).toBe(true);
    expect(sprite.startsWith('<svg xmlns="http://www.w3.org/2000/svg">')).toBe(true);
  });
});
