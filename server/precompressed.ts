import { readdirSync } from "node:fs";
import { join, relative } from "node:path";
import type { NextFunction, Request, Response } from "express";
import { chooseEncoding } from "./page-cache";

// Assets compressed once, at build time (scripts/build.mjs writes name.br and name.gz beside each
// text file): the server picks the file the browser can read and never compresses an asset per
// request (issue 14). express.static then serves it with the original file's type and caching.

const TYPES: Record<string, string> = {
  js: "text/javascript; charset=utf-8",
  css: "text/css; charset=utf-8",
  svg: "image/svg+xml",
  json: "application/json; charset=utf-8",
  webmanifest: "application/manifest+json",
  txt: "text/plain; charset=utf-8",
};

function compressedFiles(root: string): Set<string> {
  const found = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.(br|gz)$/.test(entry.name)) found.add(`/${relative(root, path).split("\\").join("/")}`);
    }
  };
  walk(root);
  return found;
}

export function precompressed(root: string) {
  const files = compressedFiles(root);
  return (req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== "GET" && req.method !== "HEAD") || files.size === 0) return next();
    const type = TYPES[/\.(\w+)$/.exec(req.path)?.[1] ?? ""];
    if (!type) return next();
    const encoding = chooseEncoding(req.headers["accept-encoding"]);
    const suffix = encoding === "br" ? ".br" : encoding === "gzip" ? ".gz" : "";
    res.append("Vary", "Accept-Encoding");
    if (!suffix || !files.has(req.path + suffix)) return next();
    res.setHeader("Content-Type", type);
    res.setHeader("Content-Encoding", encoding);
    const query = req.url.indexOf("?");
    req.url = req.path + suffix + (query >= 0 ? req.url.slice(query) : "");
    next();
  };
}
