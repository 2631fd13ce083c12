// The member centre's menu (SPEC.md point 2, "Member centre"): one table drives the menu,
// the paths and the guards (a page whose entry has a condition opens only when it holds).

import { moduleOn } from "./modules";

export type MemberCondition = "manualRebate" | "toUpline";

export type MemberPage = {
  page: string;
  labelKey: string;
  path: string;
  /** Shown only when this holds for the member and the site. */
  condition?: MemberCondition;
  /** A count shown on the entry when above 0 (the missions' count). */
  badge?: "missions";
};

export const MEMBER_MENU: readonly MemberPage[] = [
  { page: "securityCenter", labelKey: "member.securityCenter", path: "/member/security-center" },
  { page: "transferFund", labelKey: "member.transferFund", path: "/member/transfer-fund" },
  { page: "depositv2", labelKey: "member.deposit", path: "/member/deposit" },
  { page: "withdraw", labelKey: "member.withdraw", path: "/member/withdraw" },
  { page: "transferUpline", labelKey: "member.transferUpline", path: "/member/transfer-upline", condition: "toUpline" },
  { page: "personalHistoryCopy", labelKey: "member.bettingRecord", path: "/member/betting-record" },
  { page: "manualRebate", labelKey: "member.cashback", path: "/member/cashback", condition: "manualRebate" },
  { page: "transactionHistory", labelKey: "member.accountRecord", path: "/member/account-record" },
  { page: "personalProfit", labelKey: "member.personalProfit", path: "/member/personal-profit" },
  { page: "bonusDetails", labelKey: "member.bonusDetails", path: "/member/bonus-details" },
  { page: "rewardCenter", labelKey: "member.rewardCenter", path: "/member/reward-center" },
  { page: "referral", labelKey: "member.referral", path: "/member/referral" },
  { page: "missionLeaderboard", labelKey: "member.missions", path: "/member/missions", badge: "missions" },
  { page: "messageV2", labelKey: "member.messages", path: "/member/messages" },
  // Named by the spec outside the numbered list; the issue puts it last.
  { page: "playerRank", labelKey: "member.playerRank", path: "/member/player-rank" },
  // Responsible gaming (issue 5): limits, reality check and self-exclusion.
  { page: "responsibleGaming", labelKey: "member.responsibleGaming", path: "/member/responsible-gaming" },
];

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

/** The conditions of the menu's entries, from the site's modules and the member's info. */
export function memberConditions(modules: Record<string, boolean>, info: { toUpline?: boolean | null } | null): Record<MemberCondition, boolean> {
  return { manualRebate: moduleOn(modules, "MANPLAYREB3"), toUpline: info?.toUpline === true };
}

export const DEFAULT_MEMBER_PAGE = "securityCenter";

export function memberPath(page: string): string {
  return MEMBER_MENU.find((m) => m.page === page)?.path ?? "/member/security-center";
}
