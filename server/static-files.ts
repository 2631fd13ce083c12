import { existsSync, readdirSync } from "node:fs";
import express from "express";
import { precompressed } from "./precompressed";

/** The files under `root` as URL paths ("/favicon.ico"), leaving out the given top-level folders. */
function filesUnder(root: string, leaveOut: string[]): Set<string> {
  const found = new Set<string>();
  const walk = (dir: string, prefix: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (prefix === "" && leaveOut.includes(entry.name)) continue;
      if (entry.isDirectory()) walk(`${dir}/${entry.name}`, `${prefix}/${entry.name}`);
      else found.add(`${prefix}/${entry.name}`);
    }
  };
  if (existsSync(root)) walk(root, "");
  return found;
}

/**
 * The client build's files: fingerprinted assets forever, the rest of public/ for an hour, both as
 * compressed at build time (.br, .gz beside each file) when the browser takes it. Only the paths
 * of files public/ holds reach the file system: a page's path costs no stat.
 */
export function serveStaticFiles(app: express.Express, client: string): void {
  app.use(precompressed(client));
  app.use("/assets", express.static(`${client}/assets`, { immutable: true, maxAge: "1y", index: false, fallthrough: true }));
  const publicFiles = filesUnder(client, ["assets"]);
  const publicStatic = express.static(client, {
    maxAge: "1h",
    index: false,
    // The service worker is asked again at every visit: a new build takes over at once (decision 055).
    setHeaders: (res, path) => {
      if (/[\\/]sw\.js(\.br|\.gz)?$/.test(path)) res.setHeader("Cache-Control", "no-cache");
    },
  });
  app.use((req, res, next) => {
    if (publicFiles.has(req.path)) publicStatic(req, res, next);
    else next();
  });
}
