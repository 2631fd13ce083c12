import type { NextFunction, Request, Response } from "express";
import { directionOf, fallbackLanguage, htmlLang, isKnownLanguage, type Language } from "~/i18n/config";
import bn from "../locales/bn/common.json" with { type: "json" };
import cn from "../locales/cn/common.json" with { type: "json" };
import en from "../locales/en/common.json" with { type: "json" };
import id from "../locales/id/common.json" with { type: "json" };
import ja from "../locales/ja/common.json" with { type: "json" };
import ko from "../locales/ko/common.json" with { type: "json" };
import th from "../locales/th/common.json" with { type: "json" };
import ur from "../locales/ur/common.json" with { type: "json" };
import vi from "../locales/vi/common.json" with { type: "json" };

// What the server refuses before the app sees a request (a body too large, a body without a
// length), answered with a small page in the player's language: the `lng` cookie the app sets,
// or else the browser's Accept-Language.

type ErrorTexts = Record<"title" | "home" | "tooLargeTitle" | "tooLarge" | "lengthRequired" | "crossSiteTitle" | "crossSite", string>;
const dictionaries: Record<Language, { error: ErrorTexts }> = { en, bn, cn, id, ja, ko, th, ur, vi };

export function requestLanguage(req: Request): Language {
  const cookie = /(?:^|;\s*)lng=([^;]+)/.exec(req.headers.cookie ?? "")?.[1];
  if (cookie) {
    try {
      // Remix cookies hold base64 JSON.
      const value: unknown = JSON.parse(Buffer.from(decodeURIComponent(cookie), "base64").toString("utf8"));
      if (isKnownLanguage(value)) return value;
    } catch {
      // An unreadable cookie falls back to the browser's languages.
    }
  }
  return acceptedLanguages(req.headers["accept-language"] ?? "").find(isKnownLanguage) ?? fallbackLanguage;
}

/**
 * Accept-Language's languages, most wanted first, as the app's detector (remix-i18next) reads
 * them: by q-value (q=0 means "not this"), regions dropped, Chinese as "cn".
 */
export function acceptedLanguages(header: string): string[] {
  return header
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      // A q that is not a number makes the entry unreadable: it is skipped, not taken as q=1.
      const q = params.map((p) => /^\s*q\s*=\s*(.*?)\s*$/i.exec(p)?.[1]).find((v) => v !== undefined);
      const lower = tag.trim().toLowerCase();
      return {
        code: lower.startsWith("zh") ? "cn" : (lower.split("-")[0] ?? ""),
        q: q === undefined ? 1 : /^\d(\.\d{0,3})?$/.test(q) ? Number(q) : NaN,
        index,
      };
    })
    .filter((l) => l.code && Number.isFinite(l.q) && l.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((l) => l.code);
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A refusal before the app: 413 (too large), 411, 405 and 415 (sent in a way no page takes). */
export function refusalPage(req: Request, res: Response, status: number, text: "tooLarge" | "lengthRequired" | "crossSite") {
  const lng = requestLanguage(req);
  const e = dictionaries[lng].error;
  const title = status === 413 ? e.tooLargeTitle : status === 403 ? e.crossSiteTitle : e.title;
  res.status(status);
  res.setHeader("Cache-Control", "no-store");
  if (!(req.headers.accept ?? "").includes("text/html")) {
    res.type("text/plain; charset=utf-8").send(`${title}. ${e[text]}`);
    return;
  }
  res
    .type("html")
    .send(
      `<!doctype html><html lang="${htmlLang(lng)}" dir="${directionOf(lng)}"><head><meta charset="utf-8">` +
        `<meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title>` +
        `<style>body{font-family:system-ui,sans-serif;background:#0f1220;color:#e8eaf2;margin:0;padding:2rem 1rem;text-align:center}a{color:#f5b301}</style></head>` +
        `<body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(e[text])}</p><p><a href="/">${escapeHtml(e.home)}</a></p></main></body></html>`,
    );
}

/** Upload forms and their .data twins get the upload cap; every other body the form cap. */
const UPLOAD_PATHS = /^\/member\/(withdraw|security-center)(\.data)?\/?$/;

/**
 * Caps request bodies before anything reads them. Node's parser never reads past Content-Length,
 * so checking it is enough; a body without one (chunked) is refused with 411, since no browser
 * sends a form that way and counting it would mean reading it first.
 */
export function bodyLimits(limits: { form: number; upload: number }) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return next();
    const chunked = req.headers["transfer-encoding"] !== undefined;
    const length = Number(req.headers["content-length"] ?? (chunked ? NaN : 0));
    if (!Number.isFinite(length)) return refusalPage(req, res, 411, "lengthRequired");
    const cap = UPLOAD_PATHS.test(req.path) ? limits.upload : limits.form;
    if (length > cap) return refusalPage(req, res, 413, "tooLarge");
    next();
  };
}

const FORM_TYPES = /^(application\/x-www-form-urlencoded|multipart\/form-data)\b/i;

/**
 * What no page of the site takes: methods other than GET, HEAD and POST (405, with Allow), and a
 * posted body that is not a form (415): a browser only ever sends forms, and an action fed JSON or
 * text would fail deep inside instead of saying what is wrong.
 */
export function methodsAndTypes() {
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method === "GET" || req.method === "HEAD") return next();
    if (req.method !== "POST") {
      res.setHeader("Allow", "GET, HEAD, POST");
      return refusalPage(req, res, 405, "lengthRequired");
    }
    const hasBody = req.headers["transfer-encoding"] !== undefined || Number(req.headers["content-length"] ?? 0) > 0;
    if (hasBody && !FORM_TYPES.test(req.headers["content-type"] ?? "")) return refusalPage(req, res, 415, "lengthRequired");
    next();
  };
}

function firstHeader(value: string | string[] | undefined): string | undefined {
  const first = (Array.isArray(value) ? value[0] : value)?.split(",")[0]?.trim();
  return first || undefined;
}

/**
 * A form posted from another site is refused with 403 and a page that says so. Remix's own check
 * (Origin against X-Forwarded-Host or Host) throws, which answered 500; this one runs first, with
 * the same rule, plus the browser's Sec-Fetch-Site when there is no Origin. X-Forwarded-Host
 * counts only from a trusted proxy: from anyone else it is dropped before the app sees it.
 * /play is the game's own traffic (a sandboxed frame posts with Origin "null"), checked by its pass.
 */
export function sameSiteForms(trustsProxy: boolean) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (!trustsProxy) delete req.headers["x-forwarded-host"];
    if (req.method !== "POST" || req.path.startsWith("/play/")) return next();
    const host = firstHeader(req.headers["x-forwarded-host"]) ?? req.headers.host;
    const origin = req.headers.origin;
    let crossSite = req.headers["sec-fetch-site"] === "cross-site";
    if (origin !== undefined) {
      let originHost: string;
      try {
        originHost = new URL(origin).host;
      } catch {
        originHost = origin; // "null" (a sandboxed or privacy-stripped page) and anything unparsable
      }
      if (!host || originHost !== host) crossSite = true;
    }
    if (crossSite) return refusalPage(req, res, 403, "crossSite");
    next();
  };
}
