import { describe, expect, it } from "vitest";
import { canEnterAgentCentre, customerServiceType, loginCheck } from "~/domain/account";
import { usernameLoginSchema as loginSchema } from "~/domain/login";
import { safeRedirect } from "~/domain/paths";
import { flattenModules, moduleOn, withdrawPasswordRequired } from "~/domain/modules";
import { formatMoney, withSymbol } from "~/domain/money";
import { guardRedirect, pageForPath, PAGES, SHELLS, shellForPath } from "~/domain/pages";

describe("flattenModules", () => {
  it("flattens the tree and turns a child off when its parent is off", () => {
    const map = flattenModules([
      {
        modId: "REG",
        enabled: "1",
        childrenNodes: [
          { modId: "REG3", enabled: "1" },
          { modId: "MOBILENUMREG3", enabled: "0" },
        ],
      },
      { modId: "GAMES", enabled: "0", childrenNodes: [{ modId: "GAMELO3", enabled: "1" }] },
    ]);
    expect(map).toEqual({ REG: true, REG3: true, MOBILENUMREG3: false, GAMES: false, GAMELO3: false });
    expect(moduleOn(map, "UNKNOWN3")).toBe(false);
  });
  it("accepts booleans and a single root node", () => {
    expect(flattenModules({ modId: "A", enabled: true, childrenNodes: [{ modId: "B", enabled: false }] })).toEqual({ A: true, B: false });
  });
  it("counts a module the platform does not list as off, and a listed node without a flag as on (decision 050)", () => {
    const map = flattenModules([{ modId: "GROUP_WALLET", childrenNodes: [{ modId: "REWCEN3" }, { modId: "FUNDTRANS3", enabled: "0" }] }]);
    expect(moduleOn(map, "REWCEN3")).toBe(true);
    expect(moduleOn(map, "FUNDTRANS3")).toBe(false);
    // Not in the tree at all (PTSYS3 here): off, as the platform refuses its calls (function.not.available).
    expect(moduleOn(map, "PTSYS3")).toBe(false);
    expect(moduleOn({}, "FEEDBACK3")).toBe(false);
  });
  it("asks for the withdraw password unless the merchant switched it off (a missing flag asks)", () => {
    expect(withdrawPasswordRequired({})).toBe(true);
    expect(withdrawPasswordRequired({ WDRAWNOPASSVERIF3: false })).toBe(true);
    expect(withdrawPasswordRequired({ WDRAWNOPASSVERIF3: true })).toBe(false);
  });
});

describe("login check and roles", () => {
  it("needs a token and a type other than trial", () => {
    expect(loginCheck(null)).toBe("login-required");
    expect(loginCheck({})).toBe("login-required");
    expect(loginCheck({ token: "t", accountType: 4 })).toBe("real-account-needed");
    expect(loginCheck({ token: "t", accountType: 0 })).toBe("ok");
  });
  it("lets types 1, 2, 41, 42 into the agent centre only", () => {
    expect([0, 1, 2, 3, 4, 41, 42].filter(canEnterAgentCentre)).toEqual([1, 2, 41, 42]);
    expect(canEnterAgentCentre(undefined)).toBe(false);
  });
  it("uses VIP customer service above rank level 4", () => {
    expect(customerServiceType(4)).toBe("LIVECHAT");
    expect(customerServiceType(5)).toBe("VIP");
    expect(customerServiceType(undefined)).toBe("LIVECHAT");
  });
});

describe("login form rules", () => {
  it("trims the username and requires both fields", () => {
    expect(loginSchema.safeParse({ username: "  demo  ", password: "x" })).toMatchObject({ success: true, data: { username: "demo" } });
    const empty = loginSchema.safeParse({ username: "   ", password: "" });
    expect(empty.success).toBe(false);
    expect(empty.error?.issues.map((i) => i.message).sort()).toEqual(["validation.passwordRequired", "validation.usernameRequired"]);
  });
  it("redirects only to paths on this site", () => {
    expect(safeRedirect("/vip")).toBe("/vip");
    expect(safeRedirect("https://evil.example")).toBe("/");
    expect(safeRedirect("//evil.example")).toBe("/");
    expect(safeRedirect("/\\evil.example")).toBe("/");
    expect(safeRedirect("/login")).toBe("/");
    expect(safeRedirect(null, "/home")).toBe("/home");
  });
});

describe("pages table", () => {
  it("knows every path of docs/SPEC.md point 2 and its aliases", () => {
    const spec = [
      "/",
      "/index",
      "/index.html",
      "/home",
      "/login",
      "/register",
      "/register.html",
      "/noticePage",
      "/vip",
      "/pointMall",
      "/sports",
      "/esports",
      "/lottery",
      "/vnlottery",
      "/elott",
      "/seaLottery",
      "/sealottery",
      "/lottert",
      "/rng",
      "/live",
      "/fish",
      "/pvp",
      "/pp",
      "/pg",
      "/bgs",
      "/jl",
      "/fc",
      "/bng",
      "/cq9",
      "/cricket",
      "/crash",
      "/hot",
      "/fav",
      "/promotions",
      "/promoDetail",
      "/seamless",
      "/help",
      "/helpmc",
      "/down",
      "/join",
      "/game",
    ];
    for (const path of spec) expect(pageForPath(path), path).toBeDefined();
    expect(pageForPath("/nowhere")).toBeUndefined();
    expect(new Set(PAGES.map((p) => p.key)).size).toBe(PAGES.length);
  });
  it("gives each screen the shell the spec names", () => {
    expect(shellForPath("/")).toEqual(SHELLS.full);
    expect(shellForPath("/pointMall")).toEqual(SHELLS.headerFooter);
    expect(shellForPath("/seaLottery")).toEqual(SHELLS.header);
    expect(shellForPath("/seamless")).toEqual(SHELLS.header);
    expect(shellForPath("/game")).toEqual(SHELLS.header);
    expect(shellForPath("/elott")).toEqual(SHELLS.footerSide);
    expect(shellForPath("/helpmc")).toEqual(SHELLS.bare);
    expect(shellForPath("/login")).toEqual(SHELLS.full);
  });
  it("sends visitors to /login when loginedToHomePage is on, except on the allowed paths", () => {
    expect(guardRedirect("/vip", false, false)).toBeNull();
    expect(guardRedirect("/vip", false, true)).toBe("/login");
    expect(guardRedirect("/vip", true, true)).toBeNull();
    for (const open of ["/login", "/register", "/register.html", "/helpmc", "/download", "/forgot-password", "/verify-login"]) {
      expect(guardRedirect(open, false, true)).toBeNull();
    }
  });
});

describe("formatMoney", () => {
  it("groups thousands and keeps two decimals", () => {
    expect(formatMoney(5000)).toBe("5,000.00");
    expect(formatMoney(1234567.891)).toBe("1,234,567.89");
    expect(formatMoney(-0.5)).toBe("-0.50");
    expect(formatMoney(0)).toBe("0.00");
    // Each language groups its own way; digits stay Latin (decision 021).
    expect(formatMoney(1234567.5, "bn")).toBe("12,34,567.50");
    expect(formatMoney(1234567.5, "id")).toBe("1.234.567,50");
    expect(formatMoney(1234.5, "ur")).toBe("1,234.50");
    expect(withSymbol(formatMoney(5, "en"), "৳")).toBe("৳\u00a05.00");
    expect(withSymbol("5.00", undefined)).toBe("5.00");
    expect(withSymbol(formatMoney(-23, "en"), "৳")).toBe("-৳\u00a023.00");
    // In Urdu the minus comes with an invisible direction mark; the symbol still follows the sign.
    expect(withSymbol(formatMoney(-23, "ur"), "৳").replace(/[\u200e\u200f]/g, "")).toBe("-৳\u00a023.00");
  });
});
