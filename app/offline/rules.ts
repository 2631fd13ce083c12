import { pageForPath } from "~/domain/pages";

// What the service worker (issue 29, decision 055) may keep and what it must say offline. Shared
// by the worker (app/offline/sw.ts), the page that registers it and the server's offline page.

/** The worker's script, at the site's root so its scope is the whole site. */
export const SW_URL = "/sw.js";
/** The offline page (a resource route): the worker keeps one copy, in the player's last language. */
export const OFFLINE_PATH = "/offline";
/** Who a page was rendered for (a keyed hash of the account, or "guest"): a change drops stored pages. */
export const VIEWER_HEADER = "X-Offline-Viewer";
/** Stored pages: how many, and for how long a stored copy may still be shown. */
export const STORED_PAGES = 40;
export const STORED_DAYS = 7;
/** A page's network answer waited for before its stored copy is shown instead. */
export const NETWORK_TIMEOUT_SECONDS = 4;

/** Pages the worker may store: nothing on them is personal beyond the header's balance, dropped at a change of viewer. */
const STORED_KEYS = new Set(["home", "noticePage", "vip", "promotions", "promoDetail", "help", "helpmc", "down"]);

export function storablePath(pathname: string): boolean {
  if (pathname.startsWith("/about/")) return true;
  const page = pageForPath(pathname);
  if (!page || page.loggedInOnly) return false;
  // Home's modal paths (/login, /register, …) are forms, not home.
  if (page.key === "home" && !["/", "/index", "/index.html", "/home"].includes(pathname)) return false;
  return page.module === "lobby" || STORED_KEYS.has(page.key);
}

/** What the offline page says for a path: the cashier and games need a connection; anything else is not stored. */
export type OfflineKind = "cashier" | "game" | "page";

const CASHIER = ["/member/deposit", "/member/withdraw", "/member/transfer-fund", "/member/transfer-upline", "/pointMall"];

export function offlineKind(pathname: string): OfflineKind {
  if (CASHIER.some((p) => pathname === p || pathname.startsWith(`${p}/`))) return "cashier";
  if (pathname.startsWith("/play/")) return "game";
  const page = pageForPath(pathname);
  return page && (page.module === "game" || page.module === "lottery") ? "game" : "page";
}

/**
 * Posts that change who is signed in: stored pages are dropped when one leaves the browser
 * (before its answer), so the next player of the same phone never sees the last one's pages.
 */
const ACCOUNT_PATHS = [
  "/logout",
  "/login",
  "/register",
  "/register.html",
  "/verify-login",
  "/join",
  "/change-password",
  "/forgot-password",
];

export function changesViewer(method: string, pathname: string): boolean {
  const path = pathname.replace(/\.data$/, "").replace(/\/_root$/, "") || "/";
  if (method !== "GET") return ACCOUNT_PATHS.includes(path);
  return /^\/auth\/[^/]+\/callback$/.test(path);
}

/** Messages between a page and the worker. */
export type ToWorker = { type: "seen"; url: string; lng?: string; dictionaries?: string[] } | { type: "ask-stale"; url: string };
/** Where the worker keeps the page's dictionaries (versioned URLs: /api/locales?…&v=). */
export const DICTIONARIES_CACHE = "dictionaries-v1";
export type FromWorker = { type: "stale"; url: string; storedAt: number | null };
