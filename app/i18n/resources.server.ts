import { createHash } from "node:crypto";

// Dictionaries are bundled into the server build; the browser gets them, one language
// and namespace at a time, from the cached /api/locales resource route.

type Dictionary = Record<string, unknown>;
const files = import.meta.glob<{ default: Dictionary }>("../../locales/*/*.json", { eager: true });

export const resources: Record<string, Record<string, Dictionary>> = {};
for (const [path, mod] of Object.entries(files)) {
  const match = /locales\/([a-z]+)\/([a-z-]+)\.json$/.exec(path);
  if (!match?.[1] || !match[2]) continue;
  (resources[match[1]] ??= {})[match[2]] = mod.default;
}

/** Changes whenever a dictionary changes, so the browser may cache them for long. */
export const resourcesVersion = createHash("sha256").update(JSON.stringify(resources)).digest("hex").slice(0, 12);
