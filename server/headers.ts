import { randomBytes } from "node:crypto";
import type { NextFunction, Request, Response } from "express";
import helmet from "helmet";

// Security headers on every answer (helmet): a Content-Security-Policy whose scripts must carry
// this response's nonce (Remix's inline scripts get it from the app), no framing by other sites,
// HSTS, no MIME sniffing, a strict referrer policy and no powerful browser features.
// /play/* (the platform's sandboxed game pages) sets its own policy and keeps it.

export function nonceForEachResponse(_req: Request, res: Response, next: NextFunction) {
  res.locals.cspNonce = randomBytes(16).toString("base64");
  next();
}

export function securityHeaders(options: { gameFrameSources: string[]; secure: boolean }) {
  const withCsp = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", (_req, res) => `'nonce-${(res as Response).locals.cspNonce as string}'`],
        // React writes a few style attributes (progress bars, the accent colour).
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Platform and vendor images (game icons, banners, messages' pictures) come from their CDNs.
        imgSrc: ["'self'", "data:", "blob:", "https:"],
        fontSrc: ["'self'", "data:"],
        connectSrc: ["'self'"],
        mediaSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameSrc: ["'self'", ...options.gameFrameSources],
        frameAncestors: ["'self'"],
        manifestSrc: ["'self'"],
        workerSrc: ["'self'"],
        ...(options.secure ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // Vendor games in our frame load their own resources; COEP would break them.
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    strictTransportSecurity: { maxAge: 365 * 24 * 3600, includeSubDomains: true },
    xFrameOptions: { action: "sameorigin" },
  });
  const withoutCsp = helmet({
    contentSecurityPolicy: false,
    crossOriginEmbedderPolicy: false,
    xFrameOptions: false,
    referrerPolicy: { policy: "no-referrer" },
  });
  return (req: Request, res: Response, next: NextFunction) => {
    res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()");
    if (req.path.startsWith("/play/")) return withoutCsp(req, res, next);
    return withCsp(req, res, next);
  };
}

/**
 * The headers `middleware` sets on a page's answer, worked out once with `nonce` standing for the
 * answer's nonce: the micro-cache's fast path sets the same ones without running helmet per answer.
 */
export function headersSetBy(
  middleware: (req: Request, res: Response, next: NextFunction) => void,
  path: string,
  nonce: string,
): Array<[string, string]> {
  const set = new Map<string, [string, string]>();
  const res = {
    locals: { cspNonce: nonce },
    setHeader(name: string, value: unknown) {
      set.set(name.toLowerCase(), [name, String(value)]);
      return res;
    },
    removeHeader(name: string) {
      set.delete(name.toLowerCase());
    },
    getHeader(name: string) {
      return set.get(name.toLowerCase())?.[1];
    },
  };
  let called = false;
  middleware({ path, url: path, method: "GET", headers: {} } as Request, res as unknown as Response, () => (called = true));
  if (!called) throw new Error("security headers: the middleware did not finish at once");
  return [...set.values()];
}

/** Headers sent once: a route that sets one on its own answer (/media's nosniff, /play's referrer policy) replaces ours. */
const ONCE = ["X-Content-Type-Options", "Referrer-Policy", "X-Frame-Options", "Cross-Origin-Resource-Policy"];

/**
 * Before a route's answer is copied onto `res` (the adapter appends each header to what helmet
 * set): drops our value of each header the answer sets itself, so it goes out once, not as
 * "nosniff, nosniff" (issue 25).
 */
export function answerHeadersWin(res: Response, answer: { headers: Headers }) {
  for (const name of ONCE) if (answer.headers.has(name)) res.removeHeader(name);
}
