import { describe, expect, it } from "vitest";
import { centreReturn, DEFAULT_MEMBER_PAGE, MEMBER_MENU, memberPageOpen, memberPath } from "~/domain/member-menu";

describe("member centre menu", () => {
  it("has the hub, then docs/SPEC.md point 2's pages in its order, then the player rank", () => {
    expect(MEMBER_MENU.map((m) => m.page)).toEqual([
      "hub",
      "securityCenter",
      "transferFund",
      "depositv2",
      "withdraw",
      "transferUpline",
      "personalHistoryCopy",
      "manualRebate",
      "transactionHistory",
      "personalProfit",
      "bonusDetails",
      "rewardCenter",
      "referral",
      "missionLeaderboard",
      "messageV2",
      "playerRank",
      "responsibleGaming",
    ]);
    expect(DEFAULT_MEMBER_PAGE).toBe("hub");
    expect(memberPath("playerRank")).toBe("/member/player-rank");
    expect(memberPath("hub")).toBe("/member");
    expect(memberPath("nope")).toBe("/member");
    expect(new Set(MEMBER_MENU.map((m) => m.path)).size).toBe(MEMBER_MENU.length);
  });

  it("closes back to the same-site page the player came from, never into the centre or elsewhere", () => {
    const origin = "https://site.example";
    expect(centreReturn("https://site.example/rng?q=dragon", origin)).toBe("/rng?q=dragon");
    expect(centreReturn("https://site.example/member/deposit", origin)).toBeUndefined();
    expect(centreReturn("https://site.example/login?redirectTo=%2Fmember", origin)).toBeUndefined();
    expect(centreReturn("https://evil.example/rng", origin)).toBeUndefined();
    expect(centreReturn("not a url", origin)).toBeUndefined();
    expect(centreReturn(null, origin)).toBeUndefined();
  });

  it("opens an entry only with its module on and its condition holding", () => {
    const entry = (page: string) => MEMBER_MENU.find((m) => m.page === page)!;
    const allOn = Object.fromEntries(MEMBER_MENU.flatMap((m) => (m.module ? [[m.module, true]] : [])));
    const withUpline = { toUpline: true };
    for (const m of MEMBER_MENU) expect(memberPageOpen(m, allOn, withUpline), m.page).toBe(true);
    expect(memberPageOpen(entry("manualRebate"), { ...allOn, MANPLAYREB3: false }, withUpline)).toBe(false);
    expect(memberPageOpen(entry("referral"), {}, withUpline)).toBe(false);
    expect(memberPageOpen(entry("transferUpline"), allOn, { toUpline: false })).toBe(false);
    expect(memberPageOpen(entry("transferUpline"), allOn, null)).toBe(false);
    // Pages with neither are always there.
    expect(memberPageOpen(entry("securityCenter"), {}, null)).toBe(true);
  });
});
