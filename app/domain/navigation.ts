// Building the bottom navigation and the side menu's game centre from the platform's
// vendor lanes (docs/SPEC.md point 2, "Bottom navigation"). Pure functions.

export type Vendor = {
  vassalage: string;
  displayName: string;
  isHot: boolean;
  icon?: string;
  classify: string[];
};

export type VendorLane = { gameType: string; classify: string[]; vendors: Vendor[] };

export type NavIcon =
  | "home"
  | "hot"
  | "fav"
  | "promo"
  | "vip"
  | "reward"
  | "lottery"
  | "sports"
  | "esports"
  | "fish"
  | "live"
  | "pvp"
  | "rng"
  | "crash"
  | "cricket"
  | "cockfight"
  | "elottery"
  | "bgs";

export type NavItem = {
  /** Translation key of the label. */
  nameKey: string;
  gameType: string;
  page: string;
  icon: NavIcon;
  /** Points earned per unit of valid bet, where the spec gives a rate. */
  point?: number;
  /** The platform's own name where the item stands for one vendor (DS88). */
  displayName?: string;
  /** Other paths on which the item shows as active. */
  activeOn: string[];
  vendors: Vendor[];
};

export const NAV_VENDOR_LIMIT = 11;
export const POINT_RATES: Readonly<Record<string, number>> = {
  LIVE: 0.7,
  SPORTS: 1.0,
  FISH: 1.2,
  RNG: 1.2,
  PVP: 1.0,
  ESPORTS: 1.0,
};

/** Game type → lobby path and icon. A type without an entry has no page and is not shown. */
export const GAME_TYPE_PAGES: Readonly<Record<string, { page: string; icon: NavIcon }>> = {
  LIVE: { page: "/live", icon: "live" },
  SPORTS: { page: "/sports", icon: "sports" },
  FISH: { page: "/fish", icon: "fish" },
  RNG: { page: "/rng", icon: "rng" },
  PVP: { page: "/pvp", icon: "pvp" },
  ESPORTS: { page: "/esports", icon: "esports" },
  COCKFIGHT: { page: "/cockfight", icon: "cockfight" },
  LOTT: { page: "/lottery", icon: "lottery" },
  ELOTT: { page: "/elott", icon: "lottery" },
  CRICKET: { page: "/cricket", icon: "cricket" },
  CRASH: { page: "/crash", icon: "crash" },
  BGS: { page: "/bgs", icon: "bgs" },
};

const DS88 = "DS88";

function gameTypeItem(lane: VendorLane): NavItem | undefined {
  const target = GAME_TYPE_PAGES[lane.gameType];
  if (!target) return undefined;
  return {
    nameKey: `gameType.${lane.gameType}`,
    gameType: lane.gameType,
    page: target.page,
    icon: target.icon,
    point: POINT_RATES[lane.gameType],
    // ELOTT and LOTT share the lottery icon and are both active on /vnlottery.
    activeOn: lane.gameType === "LOTT" || lane.gameType === "ELOTT" ? ["/vnlottery"] : [],
    vendors: lane.vendors.slice(0, NAV_VENDOR_LIMIT),
  };
}

export function hasCrashClassification(lanes: VendorLane[]): boolean {
  const rng = lanes.find((l) => l.gameType === "RNG");
  if (!rng) return false;
  const isCrash = (c: string) => c.toUpperCase().includes("CRASH");
  return rng.classify.some(isCrash) || rng.vendors.some((v) => v.classify.some(isCrash));
}

function insertAfter(items: NavItem[], gameType: string, item: NavItem) {
  const at = items.findIndex((i) => i.gameType === gameType && i.nameKey === `gameType.${gameType}`);
  if (at === -1) items.splice(items.length, 0, item);
  else items.splice(at + 1, 0, item);
}

const isLottery = (gameType: string) => gameType === "LOTT" || gameType === "ELOTT";
const hasSeaLottery = (lane: VendorLane) => lane.vendors.some((v) => v.vassalage.toUpperCase() === "TCG_SEA");

/**
 * docs/SPEC.md point 4, category navigation: a lottery item starts the TCG_SEA vendor (its screen is
 * /seaLottery). Read per item (decision 021): the first lottery lane whose own list holds TCG_SEA
 * starts it; the other keeps its own screen, so the bar never shows two items going to one place.
 */
function seaLotteryLane(lanes: VendorLane[]): string | undefined {
  return lanes.find((l) => isLottery(l.gameType) && hasSeaLottery(l))?.gameType;
}

/** hot, cricket, one item per game type, promotions; DS88 after fish; crash after sports. */
export function buildNavigation(lanes: VendorLane[]): NavItem[] {
  const seaLottery = seaLotteryLane(lanes);
  const sports = lanes.find((l) => l.gameType === "SPORTS");
  const ds88 = sports?.vendors.find((v) => v.vassalage.toUpperCase() === DS88);
  const withoutDs88 = lanes.map((lane) => (lane === sports ? { ...lane, vendors: lane.vendors.filter((v) => v !== ds88) } : lane));

  const typeItems: NavItem[] = [];
  const seen = new Set<string>();
  for (const lane of withoutDs88) {
    // Cricket already has its fixed place; each type shows once.
    if (lane.gameType === "CRICKET" || seen.has(lane.gameType)) continue;
    const item = gameTypeItem(lane);
    if (item && lane.gameType === seaLottery) item.page = "/seaLottery";
    if (item) {
      typeItems.push(item);
      seen.add(lane.gameType);
    }
  }

  if (hasCrashClassification(lanes) && !seen.has("CRASH")) {
    insertAfter(typeItems, "SPORTS", {
      nameKey: "gameType.CRASH",
      gameType: "CRASH",
      page: "/crash",
      icon: "crash",
      activeOn: [],
      vendors: [],
    });
  }
  if (ds88) {
    insertAfter(typeItems, "FISH", {
      // An item that stands for one game starts it directly (the launch route finds DS88's game).
      nameKey: "nav.ds88",
      gameType: "SPORTS",
      page: `/game?vassalage=${DS88}&gameType=SPORTS&from=%2Fsports`,
      // DS88 Sabong is cockfighting, whatever list the platform files it under.
      icon: "cockfight",
      displayName: ds88.displayName,
      point: POINT_RATES.SPORTS,
      activeOn: [],
      vendors: [ds88],
    });
  }

  return [
    { nameKey: "gameType.HOT", gameType: "HOT", page: "/hot", icon: "hot", activeOn: [], vendors: [] },
    {
      nameKey: "gameType.CRICKET",
      gameType: "CRICKET",
      page: "/cricket",
      icon: "cricket",
      activeOn: [],
      vendors: (lanes.find((l) => l.gameType === "CRICKET")?.vendors ?? []).slice(0, NAV_VENDOR_LIMIT),
    },
    ...typeItems,
    { nameKey: "gameType.PROMO", gameType: "PROMO", page: "/promotions", icon: "promo", activeOn: [], vendors: [] },
  ];
}

/** What the shell draws of an item (the root's data): gameType, point and vendors stay on the server, empty lists are left out. */
export type ShellNavItem = Pick<NavItem, "nameKey" | "page" | "icon"> & { displayName?: string; activeOn?: string[] };

export function shellNavItem({ nameKey, page, icon, displayName, activeOn }: NavItem): ShellNavItem {
  const item: ShellNavItem = { nameKey, page, icon };
  if (displayName) item.displayName = displayName;
  if (activeOn.length > 0) item.activeOn = activeOn;
  return item;
}

export function isNavItemActive(item: Pick<NavItem, "page"> & { activeOn?: readonly string[] }, pathname: string): boolean {
  const path = item.page.split("?")[0];
  return pathname === path || (item.activeOn?.includes(pathname) ?? false);
}
