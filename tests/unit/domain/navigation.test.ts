import { describe, expect, it } from "vitest";
import {
  buildNavigation,
  hasCrashClassification,
  isNavItemActive,
  NAV_VENDOR_LIMIT,
  POINT_RATES,
  shellNavItem,
  type VendorLane,
} from "~/domain/navigation";

const vendor = (vassalage: string, classify: string[] = []) => ({ vassalage, displayName: vassalage, isHot: false, classify });
const lane = (gameType: string, vendors = [vendor(`${gameType}_A`)], classify: string[] = []): VendorLane => ({
  gameType,
  classify,
  vendors,
});

describe("buildNavigation", () => {
  it("starts with hot and cricket, has one item per game type and ends with promotions", () => {
    const nav = buildNavigation([lane("LIVE"), lane("SPORTS"), lane("FISH"), lane("RNG")]);
    expect(nav.map((i) => i.gameType)).toEqual(["HOT", "CRICKET", "LIVE", "SPORTS", "FISH", "RNG", "PROMO"]);
    expect(nav.at(-1)?.page).toBe("/promotions");
    expect(nav[0]?.page).toBe("/hot");
  });

  it("moves DS88 out of the sports list and shows it after fish", () => {
    const sports = lane("SPORTS", [vendor("SABA"), vendor("DS88")]);
    const nav = buildNavigation([lane("LIVE"), sports, lane("FISH"), lane("RNG")]);
    const keys = nav.map((i) => i.nameKey);
    expect(keys.indexOf("nav.ds88")).toBe(keys.indexOf("gameType.FISH") + 1);
    const sportsItem = nav.find((i) => i.nameKey === "gameType.SPORTS");
    expect(sportsItem?.vendors.map((v) => v.vassalage)).toEqual(["SABA"]);
  });

  it("makes the DS88 item start its game, and lottery items start the SEA lottery", () => {
    const nav = buildNavigation([
      lane("SPORTS", [vendor("SABA"), vendor("DS88")]),
      lane("FISH", [vendor("JLFISH")]),
      lane("LOTT", [vendor("TCG_LOTTO_VN"), vendor("TCG_SEA")]),
      lane("ELOTT", [vendor("TCG")]),
    ]);
    expect(nav.find((i) => i.nameKey === "nav.ds88")?.page).toMatch(/^\/game\?vassalage=DS88&gameType=SPORTS/);
    expect(nav.find((i) => i.nameKey === "nav.ds88")?.icon).toBe("cockfight");
    // The lane holding TCG_SEA starts it; the other keeps its own screen (decision 021).
    expect(nav.find((i) => i.gameType === "LOTT")?.page).toBe("/seaLottery");
    expect(nav.find((i) => i.gameType === "ELOTT")?.page).toBe("/elott");
    const seaInElott = buildNavigation([lane("LOTT", [vendor("TCG_LOTTO_VN")]), lane("ELOTT", [vendor("TCG_SEA")])]);
    expect(seaInElott.find((i) => i.gameType === "LOTT")?.page).toBe("/lottery");
    expect(seaInElott.find((i) => i.gameType === "ELOTT")?.page).toBe("/seaLottery");
    const seaInBoth = buildNavigation([lane("LOTT", [vendor("TCG_SEA")]), lane("ELOTT", [vendor("TCG_SEA")])]);
    expect(seaInBoth.filter((i) => i.page === "/seaLottery")).toHaveLength(1);
    const withoutSea = buildNavigation([lane("LOTT", [vendor("TCG_LOTTO_VN")]), lane("ELOTT", [vendor("TCG")])]);
    expect(withoutSea.find((i) => i.gameType === "LOTT")?.page).toBe("/lottery");
    expect(withoutSea.find((i) => i.gameType === "ELOTT")?.page).toBe("/elott");
  });

  it("leaves navigation alone when there is no DS88", () => {
    const nav = buildNavigation([lane("SPORTS", [vendor("SABA")]), lane("FISH")]);
    expect(nav.some((i) => i.nameKey === "nav.ds88")).toBe(false);
  });

  it("inserts crash after sports only when RNG has a Crash classification", () => {
    const withCrash = buildNavigation([lane("SPORTS"), lane("FISH"), lane("RNG", [vendor("TCG_RNG", ["SLOT", "CRASH"])])]);
    const keys = withCrash.map((i) => i.gameType);
    expect(keys.indexOf("CRASH")).toBe(keys.indexOf("SPORTS") + 1);
    const without = buildNavigation([lane("SPORTS"), lane("RNG", [vendor("PP", ["SLOT"])])]);
    expect(without.some((i) => i.gameType === "CRASH")).toBe(false);
    // A Crash classification elsewhere than RNG does not count.
    expect(hasCrashClassification([lane("LIVE", [vendor("X", ["CRASH"])])])).toBe(false);
    expect(hasCrashClassification([lane("RNG", [], ["Crash"])])).toBe(true);
  });

  it("cuts vendor lists to 11", () => {
    const many = Array.from({ length: 15 }, (_, i) => vendor(`V${i}`));
    const nav = buildNavigation([lane("RNG", many)]);
    expect(nav.find((i) => i.gameType === "RNG")?.vendors).toHaveLength(NAV_VENDOR_LIMIT);
  });

  it("carries the point rates of docs/SPEC.md point 9", () => {
    const nav = buildNavigation(["LIVE", "SPORTS", "FISH", "RNG", "PVP", "ESPORTS"].map((t) => lane(t)));
    expect(Object.fromEntries(nav.filter((i) => i.point !== undefined).map((i) => [i.gameType, i.point]))).toEqual(POINT_RATES);
    expect(POINT_RATES).toEqual({ LIVE: 0.7, SPORTS: 1, FISH: 1.2, RNG: 1.2, PVP: 1, ESPORTS: 1 });
  });

  it("gives LOTT and ELOTT the lottery icon, both active on /vnlottery", () => {
    const nav = buildNavigation([lane("LOTT"), lane("ELOTT")]);
    const lottery = nav.filter((i) => i.gameType === "LOTT" || i.gameType === "ELOTT");
    expect(lottery.map((i) => i.icon)).toEqual(["lottery", "lottery"]);
    for (const item of lottery) expect(isNavItemActive(item, "/vnlottery")).toBe(true);
    // What the shell is sent keeps that, and nothing it does not draw.
    const sent = lottery.map(shellNavItem);
    expect(sent[0]).toEqual({ nameKey: "gameType.LOTT", page: "/lottery", icon: "lottery", activeOn: ["/vnlottery"] });
    for (const item of sent) expect(isNavItemActive(item, "/vnlottery")).toBe(true);
    const live = shellNavItem(buildNavigation([lane("LIVE")]).find((i) => i.gameType === "LIVE")!);
    expect(live).toEqual({ nameKey: "gameType.LIVE", page: "/live", icon: "live" });
    expect(isNavItemActive(live, "/live")).toBe(true);
    expect(isNavItemActive(live, "/vnlottery")).toBe(false);
  });

  it("skips unknown game types and repeated lanes, and keeps cricket in its fixed place", () => {
    const nav = buildNavigation([lane("MYSTERY"), lane("LIVE"), lane("LIVE"), lane("CRICKET", [vendor("CRK")])]);
    expect(nav.map((i) => i.gameType)).toEqual(["HOT", "CRICKET", "LIVE", "PROMO"]);
    expect(nav[1]?.vendors.map((v) => v.vassalage)).toEqual(["CRK"]);
  });
});
