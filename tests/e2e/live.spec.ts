import { expect, type Page, test } from "@playwright/test";
import { logout, newMember } from "./accounts-helpers";
import { balanceValue, closeAnnouncements, jsOn, login, MEMBER, open, operator } from "./helpers";

// Live events (issue 28): what changes elsewhere reaches the open page without a reload, through
// one stream per browser. Without JavaScript nothing of this runs and no page waits for it.

/** Every request for the stream this browser context makes. */
function streamsOf(page: Page) {
  const urls: string[] = [];
  page.context().on("request", (r) => {
    if (new URL(r.url()).pathname === "/events") urls.push(r.url());
  });
  return urls;
}

test.describe("with JavaScript", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "the stream is JavaScript's");

  test("an operator's credit shows in the header within seconds, without a reload", async ({ page }, info) => {
    const player = await newMember(page, info, 100);
    await open(page, "/", info);
    await closeAnnouncements(page);
    expect(await balanceValue(page)).toBe(100);
    let reloaded = false;
    page.on("framenavigated", (frame) => {
      if (frame === page.mainFrame()) reloaded = true;
    });
    operator("credit", player.username, "250");
    await expect.poll(() => balanceValue(page), { timeout: 5_000 }).toBe(350);
    expect(reloaded).toBe(false);
    // The wallet page follows too.
    await page.getByTestId("header-deposit").waitFor();
    await open(page, "/member/transfer-fund", info);
    operator("credit", player.username, "50");
    await expect(page.getByTestId("wallet-total")).toContainText("400.00", { timeout: 5_000 });
  });

  test("a new message shows a notice with its link and the unread badge, without a reload", async ({ page }, info) => {
    const player = await newMember(page, info, 0);
    await open(page, "/", info);
    await closeAnnouncements(page);
    const badge = page.getByTestId("unread-badge");
    const before = (await badge.count()) > 0 ? Number(await badge.innerText()) : 0;
    const title = `Live notice ${Date.now()}`;
    operator("message", player.username, title);
    await expect(page.getByTestId("live-notice")).toContainText(title, { timeout: 5_000 });
    await expect(badge).toHaveText(String(before + 1));
    await page.getByTestId("live-notice").getByRole("link").click();
    await expect(page).toHaveURL(/\/member\/messages/);
  });

  test("a bet in the game frame moves the header to the game's figure", async ({ page }, info) => {
    await newMember(page, info, 100);
    await open(page, "/rng", info);
    await page.getByRole("searchbox", { name: "Game name" }).fill("Fortune Dragon Gold");
    await page.getByRole("button", { name: "Search" }).click();
    await page.getByTestId("game-card").filter({ hasText: "Fortune Dragon Gold" }).first().click();
    await expect(page).toHaveURL(/\/game$/);
    const frame = page.frameLocator("[data-testid=game-frame]");
    const frameBalance = async () => Number((await frame.getByTestId("play-balance").innerText()).replace(/[^\d.]/g, ""));
    await expect(frame.getByTestId("play-balance")).toBeVisible();
    expect(await balanceValue(page)).toBe(100);
    await frame.getByRole("button", { name: "Spin" }).click();
    await expect(frame.locator("[data-testid=play-result][data-round]")).toBeVisible();
    // The game page posts nothing to ours any more: the platform's change reaches the header.
    await expect.poll(async () => (await balanceValue(page)) === (await frameBalance()) && (await frameBalance()) !== 100).toBe(true);
  });

  test("two tabs share one stream; a logout in one tells the other, and an open game stops", async ({ page }, info) => {
    const streams = streamsOf(page);
    await login(page, info, MEMBER);
    const second = await page.context().newPage();
    await open(second, "/member/transfer-fund", info);
    await second.waitForLoadState("networkidle");
    await page.waitForTimeout(500);
    expect(streams.length).toBe(1);
    // The first tab logs out; the second is told (and offered the login) without a reload.
    await logout(page);
    const ended = second.getByTestId("session-ended");
    await expect(ended).toBeVisible({ timeout: 5_000 });
    await expect(ended).toContainText("You logged out in another tab or on another device.");
    await expect(second.getByTestId("session-ended-login")).toHaveAttribute("href", "/login?redirectTo=%2Fmember%2Ftransfer-fund");
    await second.close();
  });

  test("a new draw appears on /lottery without a reload", async ({ page }, info) => {
    test.setTimeout(100_000);
    await open(page, "/lottery", info);
    const top = page.getByTestId("lottery-results").first().locator("li").first();
    const before = await top.innerText();
    // The one-minute lottery draws within the next 60 s (and 1.5 s later its board is read).
    await expect.poll(() => top.innerText(), { timeout: 80_000, intervals: [1_000] }).not.toBe(before);
    await expect(top).toContainText("1 Minute");
  });
});

test("without JavaScript no stream is opened and the header is as fresh as its page", async ({ page }, info) => {
  test.skip(jsOn(info), "the JavaScript-off reading");
  const streams = streamsOf(page);
  const player = await newMember(page, info, 100);
  await open(page, "/", info);
  operator("credit", player.username, "25");
  expect(await balanceValue(page)).toBe(100);
  await page.getByRole("button", { name: /refresh/i }).click();
  expect(await balanceValue(page)).toBe(125);
  expect(streams).toEqual([]);
});
