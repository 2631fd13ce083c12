import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { balanceValue, expectFitsPhone, jsOn, login, open, operator } from "./helpers";

// Issue 26, items 5 and 6 (decision 041), in both projects on the phone: the member hub at
// /member, the point mall's catalogue for visitors, the VIP ladder with its badges.

/** Serious and critical axe violations (with scripts on; the scriptless markup is phone.spec's). */
async function axeProblems(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  return result.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .flatMap((v) => v.nodes.slice(0, 3).map((n) => `${v.id}: ${n.target.join(" ")}`));
}

const money = (text: string) => Number(text.replace(/[^\d.]/g, ""));

test("a visitor sees the point mall's rewards with their points price and picture, and logs in to redeem", async ({ page }, info) => {
  await open(page, "/pointMall", info);
  await expect(page.getByRole("heading", { level: 2, name: "How to earn points" })).toBeVisible();
  await expect(page.getByTestId("point-steps").locator("li")).toHaveCount(3);
  await expect(page.getByTestId("point-rates")).toContainText("Live casino");
  const rewards = page.getByTestId("point-rewards").getByTestId("point-reward");
  expect(await rewards.count()).toBeGreaterThanOrEqual(3);
  // Someone deciding whether to register sees a reward in the first screen.
  expect((await rewards.first().boundingBox())!.y).toBeLessThan(740);
  for (const reward of (await rewards.all()).slice(0, 3)) {
    await expect(reward.getByTestId("reward-points")).toHaveText(/^[\d,]+ points$/);
    // The picture is there and drawn (the platform's generated artwork, not a broken image).
    const picture = reward.locator("img");
    await expect(picture).toHaveAttribute("src", /\/media\/point-reward\/\d+\.svg/);
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    const name = (await reward.locator("p").first().innerText()).trim();
    const link = reward.getByRole("link", { name: `Log in to redeem: ${name}` });
    await expect(link).toBeVisible();
    expect(new URL((await link.getAttribute("href"))!, "http://x").searchParams.get("redirectTo")).toBe("/pointMall");
  }
  // No redeem form, no balance for a visitor.
  await expect(page.getByRole("button", { name: "Redeem" })).toHaveCount(0);
  await expect(page.getByTestId("point-balance")).toHaveCount(0);
  if (jsOn(info)) expect(await axeProblems(page)).toEqual([]);

  await rewards
    .first()
    .getByRole("link", { name: /^Log in to redeem/ })
    .click();
  await expect(page).toHaveURL(/\/login\?redirectTo=%2FpointMall$/);
  const dialog = page.getByRole("dialog", { name: "Log in" });
  await dialog.getByLabel("Username").fill("demo_member");
  await dialog.getByLabel("Password").fill("Demo@1234");
  await dialog.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(/\/pointMall$/);
  await expect(page.getByTestId("point-balance")).toBeVisible();
  await expect(page.getByRole("link", { name: /^Redeem: / }).first()).toBeVisible();
});

test("/member is the hub: the balance by wallet, Deposit, Withdraw and Transfer, messages, rank and latest bets", async ({
  page,
}, info) => {
  await login(page, info);
  await open(page, "/member", info);
  await expect(page).toHaveURL(/\/member$/);
  const hub = page.getByTestId("member-hub");
  await expect(hub).toBeVisible();
  // The hub is the centre's first entry, and the current one.
  const nav = page.getByRole("navigation", { name: "Member centre" });
  await expect(nav.getByRole("link").first()).toHaveText("Overview");
  await expect(nav.getByRole("link", { name: "Overview" })).toHaveAttribute("aria-current", "page");
  await expect(nav.getByRole("link", { name: "My account" })).not.toHaveAttribute("aria-current", "page");

  // The total is the header's balance; the wallets add up to it.
  const total = money(await page.getByTestId("hub-total").innerText());
  expect(total).toBeCloseTo(await balanceValue(page), 2);
  const wallets = page.getByTestId("hub-wallets").locator("li");
  await expect(wallets.first()).toContainText("Main Wallet");
  const amounts = await wallets.evaluateAll((items) => items.map((li) => li.querySelector("span:last-child")?.textContent ?? ""));
  expect(amounts.reduce((sum, a) => sum + money(a), 0)).toBeCloseTo(total, 2);

  // The money actions: large touch targets in the first screen.
  const actions = page.getByTestId("hub-actions");
  for (const [name, href] of [
    ["Deposit", "/member/deposit"],
    ["Withdraw", "/member/withdraw"],
    ["Transfer", "/member/transfer-fund"],
  ] as const) {
    const link = actions.getByRole("link", { name });
    await expect(link).toHaveAttribute("href", href);
    const box = (await link.boundingBox())!;
    expect(box.height, `${name} is a large touch target`).toBeGreaterThanOrEqual(72);
    expect(box.width).toBeGreaterThanOrEqual(96);
    expect(box.y + box.height, `${name} is in the first screen`).toBeLessThanOrEqual(740);
  }

  await expect(page.getByTestId("hub-inbox")).toHaveAttribute("href", "/member/messages");
  await expect(page.getByTestId("hub-inbox")).toContainText(/\d+ unread messages?|No unread messages/);
  await expect(page.getByTestId("hub-rank-name")).toHaveText("Silver");
  await expect(page.getByTestId("hub-rank").locator("svg[data-tier='2']")).toHaveCount(1);
  const bets = page.getByTestId("hub-bets");
  await expect(bets.getByRole("link", { name: "All bets" })).toHaveAttribute("href", "/member/betting-record?range=last30");
  await expect(bets.locator("li").first()).toBeVisible();
  expect(await bets.locator("li").count()).toBeLessThanOrEqual(3);
  await expect(page.getByTestId("part-unavailable")).toHaveCount(0);
  await expectFitsPhone(page);
  if (jsOn(info)) expect(await axeProblems(page)).toEqual([]);

  await actions.getByRole("link", { name: "Transfer" }).click();
  await expect(page).toHaveURL(/\/member\/transfer-fund$/);
  await expect(nav.getByRole("link", { name: "Overview" })).not.toHaveAttribute("aria-current", "page");
});

test("VIP shows the ranks as a ladder of badges, the player's own rank marked once logged in", async ({ page }, info) => {
  await open(page, "/vip", info);
  const ladder = page.getByTestId("vip-ladder").locator(":scope > li");
  await expect(ladder).toHaveCount(6);
  for (const [i, rung] of (await ladder.all()).entries()) {
    await expect(rung.locator(`svg[data-tier='${i + 1}']`)).toHaveCount(1);
    await expect(rung).toContainText(`Level ${i + 1}`);
    await expect(rung).toContainText("Monthly turnover");
  }
  // Each rank's badge has its own colour.
  const colours = await ladder.evaluateAll((items) => items.map((li) => li.querySelector("svg path:nth-of-type(2)")?.getAttribute("fill")));
  expect(new Set(colours).size).toBe(6);
  await expect(page.locator("[data-testid='vip-ladder'] li[aria-current]")).toHaveCount(0);
  // The full figures are there, collapsed.
  const figures = page.locator("details").filter({ has: page.getByTestId("vip-figures") });
  await expect(figures).not.toHaveAttribute("open");
  await expect(page.getByTestId("vip-figures")).toBeHidden();
  await figures.locator("summary").click();
  await expect(page.getByTestId("vip-figures").locator(":scope > li")).toHaveCount(6);
  if (jsOn(info)) expect(await axeProblems(page)).toEqual([]);

  await login(page, info);
  await open(page, "/vip", info);
  const mine = page.locator("[data-testid='vip-ladder'] li[aria-current]");
  await expect(mine).toHaveCount(1);
  await expect(mine).toContainText("Silver");
  await expect(mine.getByTestId("vip-you")).toHaveText("You are here");
  await expect(page.getByTestId("vip-mine").locator("svg[data-tier='2']")).toHaveCount(1);
  await expectFitsPhone(page);
});

test("the hub, the point mall and VIP fit the phone in Bengali and Urdu", async ({ page }, info) => {
  operator("languages", "all");
  try {
    await open(page, "/pointMall?lng=bn", info);
    await expect(page.getByRole("link", { name: /^রিডিম করতে লগইন করুন/ }).first()).toBeVisible();
    await open(page, "/?lng=en", info);
    await login(page, info);
    for (const lng of ["bn", "ur"]) {
      for (const path of ["/member", "/vip", "/pointMall"]) {
        await open(page, `${path}?lng=${lng}`, info);
        await expect(page.locator("html")).toHaveAttribute("lang", lng);
      }
    }
    await open(page, "/member?lng=bn", info);
    await expect(page.getByTestId("hub-actions").getByRole("link", { name: "ডিপোজিট" })).toBeVisible();
    await open(page, "/?lng=en", info);
  } finally {
    operator("languages", "EN,BN");
  }
});
