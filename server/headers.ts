import { randomBytes } from "node:crypto";
import type { NextFunction, Request, Response } from "express";
import helmet from "helmet";

// Security headers on every answer (helmet): a Content-Security-Policy whose scripts must carry
// this response's nonce (Remix's inline scripts get it from the app), no framing by other sites,
// HSTS, no MIME sniffing, a strict referrer policy and no powerful browser features.
// /play/* (the platform's sandboxed game pages) sets its own policy and keeps it.

export function nonceForEachResponse(req: Request, res: Response, next: NextFunction) {
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
  const withoutCsp = helmet({ contentSecurityPolicy: false, crossOriginEmbedderPolicy: false, xFrameOptions: false, referrerPolicy: { policy: "no-referrer" } });
  return (req: Request, res: Response, next: NextFunction) => {
    res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()");
    if (req.path.startsWith("/play/")) return withoutCsp(req, res, next);
    return withCsp(req, res, next);
  };
}
