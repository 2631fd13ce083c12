// The member centre's menu (docs/SPEC.md point 2, "Member centre"): one table drives the menu,
// the paths and the guards (a page whose entry needs a module or a condition opens only with it).

import { moduleOn } from "./modules";

export type MemberCondition = "toUpline";

export type MemberPage = {
  page: string;
  labelKey: string;
  path: string;
  /** Shown only when this whitelabel module is on (the module the page's platform calls carry). */
  module?: string;
  /** Shown only when this holds for the member. */
  condition?: MemberCondition;
  /** A count shown on the entry when above 0 (the missions' count). */
  badge?: "missions";
};

const MENU = [
  // The hub (issue 26, item 5): the balance, the money actions, messages, rank, latest bets.
  { page: "hub", labelKey: "member.hub.title", path: "/member" },
  { page: "securityCenter", labelKey: "member.securityCenter", path: "/member/security-center" },
  { page: "transferFund", labelKey: "member.transferFund", path: "/member/transfer-fund" },
  { page: "depositv2", labelKey: "member.deposit", path: "/member/deposit" },
  { page: "withdraw", labelKey: "member.withdraw", path: "/member/withdraw" },
  { page: "transferUpline", labelKey: "member.transferUpline", path: "/member/transfer-upline", condition: "toUpline" },
  { page: "personalHistoryCopy", labelKey: "member.bettingRecord", path: "/member/betting-record" },
  { page: "manualRebate", labelKey: "member.cashback", path: "/member/cashback", module: "MANPLAYREB3" },
  { page: "transactionHistory", labelKey: "member.accountRecord", path: "/member/account-record", module: "MEMTRANS3" },
  { page: "personalProfit", labelKey: "member.personalProfit", path: "/member/personal-profit" },
  { page: "bonusDetails", labelKey: "member.bonusDetails", path: "/member/bonus-details", module: "REWCEN3" },
  { page: "rewardCenter", labelKey: "member.rewardCenter", path: "/member/reward-center", module: "REWCEN3" },
  { page: "referral", labelKey: "member.referral", path: "/member/referral", module: "REFERRAL3" },
  { page: "missionLeaderboard", labelKey: "member.missions", path: "/member/missions", module: "MISSIONLB3", badge: "missions" },
  { page: "messageV2", labelKey: "member.messages", path: "/member/messages", module: "INBOX3" },
  // Named by the spec outside the numbered list; the issue puts it last.
  { page: "playerRank", labelKey: "member.playerRank", path: "/member/player-rank" },
  // Responsible gaming (issue 5): limits, reality check and self-exclusion.
  { page: "responsibleGaming", labelKey: "member.responsibleGaming", path: "/member/responsible-gaming", module: "RESPGAMING3" },
] as const satisfies readonly MemberPage[];

export const MEMBER_MENU: readonly MemberPage[] = MENU;
/** A page key of the table: a guard given one cannot miss its entry. */
export type MemberPageKey = (typeof MENU)[number]["page"];

/**
 * Where the centre's close button goes: the page the player came from (a same-site page outside
 * the centre), else home.
 */
export function centreReturn(referer: string | null, origin: string): string | undefined {
  if (!referer) return undefined;
  try {
    const url = new URL(referer);
    if (url.origin !== origin || /^\/(member|agent|login|logout|register)\b/.test(url.pathname)) return undefined;
    return url.pathname + url.search;
  } catch {
    return undefined;
  }
}

/** Whether a menu entry is there for this member: its module on and its condition holding. */
export function memberPageOpen(entry: MemberPage, modules: Record<string, boolean>, info: { toUpline?: boolean | null } | null): boolean {
  if (entry.module && !moduleOn(modules, entry.module)) return false;
  if (entry.condition === "toUpline" && info?.toUpline !== true) return false;
  return true;
}

/** The member centre opens on its hub (issue 26, item 5). */
export const DEFAULT_MEMBER_PAGE = "hub";

export function memberPath(page: string): string {
  return MEMBER_MENU.find((m) => m.page === page)?.path ?? "/member";
}
