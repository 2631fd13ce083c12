// Every path of docs/SPEC.md point 2 with its aliases and the shell it renders in. One table drives
// route registration (app/routes.ts) and the shell; each page's title is its route's own meta
// (pageMeta in app/i18n/t.server.ts).

export type Shell = "full" | "headerFooter" | "header" | "footerSide" | "bare";

export type ShellRegions = {
  header: boolean;
  footer: boolean;
  sideMenu: boolean;
  bottomNav: boolean;
  rightBar: boolean;
};

export const SHELLS: Readonly<Record<Shell, ShellRegions>> = {
  full: { header: true, footer: true, sideMenu: true, bottomNav: true, rightBar: true },
  headerFooter: { header: true, footer: true, sideMenu: false, bottomNav: false, rightBar: false },
  header: { header: true, footer: false, sideMenu: false, bottomNav: false, rightBar: false },
  footerSide: { header: false, footer: true, sideMenu: true, bottomNav: false, rightBar: false },
  bare: { header: false, footer: false, sideMenu: false, bottomNav: false, rightBar: false },
};

/** How a page is served: its own route module, or the shared lobby, game or lottery module. */
export type PageModule = "own" | "lobby" | "game" | "lottery";

export type Page = {
  key: string;
  path: string;
  aliases?: string[];
  shell: Shell;
  module: PageModule;
  /** Lobbies: the game type or the vendor code they list. */
  gameType?: string;
  vendor?: string;
  /** Shown only to logged-in players (the favourites lobby). */
  loggedInOnly?: boolean;
};

const lobby = (key: string, gameType: string, extra: Partial<Page> = {}): Page => ({
  key,
  path: `/${key}`,
  shell: "full",
  module: "lobby",
  gameType,
  ...extra,
});
const vendorLobby = (key: string, vendor: string, gameType = "RNG"): Page => ({
  key,
  path: `/${key}`,
  shell: "full",
  module: "lobby",
  gameType,
  vendor,
});

export const PAGES: readonly Page[] = [
  { key: "home", path: "/", aliases: ["/index", "/index.html", "/home"], shell: "full", module: "own" },
  { key: "login", path: "/login", shell: "full", module: "own" },
  { key: "register", path: "/register", aliases: ["/register.html"], shell: "full", module: "own" },
  // "news" (docs/SPEC.md: known by name only) is the notices screen (decision 026).
  { key: "noticePage", path: "/noticePage", aliases: ["/news"], shell: "full", module: "own" },
  // "VIP bonus" (docs/SPEC.md: known by name only) is the VIP page's bonus section (decision 026).
  { key: "vip", path: "/vip", aliases: ["/vipBonus"], shell: "full", module: "own" },
  { key: "pointMall", path: "/pointMall", shell: "headerFooter", module: "own" },
  { key: "lottery", path: "/lottery", shell: "full", module: "lottery" },
  { key: "vnlottery", path: "/vnlottery", shell: "full", module: "lottery" },
  { key: "elott", path: "/elott", shell: "footerSide", module: "lottery" },
  { key: "seaLottery", path: "/seaLottery", aliases: ["/sealottery"], shell: "header", module: "lottery" },
  { key: "lottert", path: "/lottert", shell: "header", module: "game" },
  lobby("sports", "SPORTS"),
  lobby("esports", "ESPORTS"),
  lobby("rng", "RNG"),
  lobby("live", "LIVE"),
  lobby("fish", "FISH"),
  lobby("pvp", "PVP"),
  lobby("cricket", "CRICKET"),
  lobby("crash", "CRASH"),
  lobby("cockfight", "COCKFIGHT"),
  lobby("bgs", "BGS"),
  lobby("hot", "HOT"),
  lobby("fav", "FAV", { loggedInOnly: true }),
  vendorLobby("pp", "PP"),
  vendorLobby("pg", "PG"),
  vendorLobby("jl", "JL"),
  vendorLobby("fc", "FC"),
  vendorLobby("bng", "BNG"),
  vendorLobby("cq9", "CQ9"),
  // "Activity centre" (docs/SPEC.md: known by name only) is the promotions screen (decision 026).
  { key: "promotions", path: "/promotions", aliases: ["/activity"], shell: "full", module: "own" },
  { key: "promoDetail", path: "/promoDetail", shell: "full", module: "own" },
  // Seamless games: every game of the single (seamless) wallet, searchable like any lobby.
  { key: "seamless", path: "/seamless", shell: "header", module: "lobby" },
  { key: "help", path: "/help", shell: "full", module: "own" },
  { key: "helpmc", path: "/helpmc", shell: "bare", module: "own" },
  { key: "down", path: "/down", aliases: ["/download"], shell: "full", module: "own" },
  { key: "join", path: "/join", shell: "full", module: "own" },
  { key: "game", path: "/game", shell: "header", module: "game" },
];

const byPath = new Map<string, Page>();
for (const page of PAGES) {
  byPath.set(page.path.toLowerCase(), page);
  for (const alias of page.aliases ?? []) byPath.set(alias.toLowerCase(), page);
}

/** The page a path shows; modal routes over home (/forgot-password, …) count as home. */
export function pageForPath(pathname: string): Page | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  return byPath.get(path.toLowerCase()) ?? (HOME_MODALS.includes(path) ? byPath.get("/") : undefined);
}

/** Paths that open a modal over the home page. */
export const HOME_MODALS = ["/login", "/register", "/register.html", "/forgot-password", "/change-password", "/verify-login"];

/** The shell of a path; member-centre pages and unknown paths (the 404 page) get the full shell. */
export function shellForPath(pathname: string): ShellRegions {
  return SHELLS[pageForPath(pathname)?.shell ?? "full"];
}

/**
 * Paths open to visitors when the loginedToHomePage setting is on: docs/SPEC.md point 2's list, plus the
 * steps of logging in itself (forgotten password, two-factor, a free-play start that was refused),
 * without which a visitor sent to /login could not finish (decision 009).
 */
export const LOGIN_GUARD_ALLOW = [
  "/login",
  "/register",
  "/register.html",
  "/helpmc",
  "/download",
  "/forgot-password",
  "/verify-login",
  "/free-play",
];

export function guardRedirect(pathname: string, hasToken: boolean, loginedToHomePage: boolean): string | null {
  if (!loginedToHomePage || hasToken) return null;
  return LOGIN_GUARD_ALLOW.includes(pathname) ? null : "/login";
}
