import { expect, type Page, test } from "@playwright/test";
import { closeAnnouncements, expectFitsPhone, open, openSideMenu } from "./helpers";

// Data saver (issue 29, decision 054): the browser's Save-Data or the side menu's switch give
// pages without pictures and without scripts (every page works without them); "show pictures"
// brings one page's back. Without data saver a page loads at most 8 game pictures before the
// player's first touch.

const gamePictures = (page: Page) => page.locator('[data-testid="game-card"] img[src]');

/** Game pictures the browser has asked for since `from`. */
function pictureRequests(page: Page) {
  const urls = new Set<string>();
  page.on("request", (r) => {
    if (r.resourceType() === "image" && /\/media\/game\//.test(r.url())) urls.add(r.url());
  });
  return urls;
}

async function expectSaverPage(page: Page) {
  await expect(page.getByTestId("data-saver-bar")).toBeVisible();
  expect(await page.getByTestId("game-card").count()).toBeGreaterThan(0);
  expect(await gamePictures(page).count()).toBe(0);
  expect(await page.locator("img").count(), "no picture at all on the page").toBe(0);
  expect(await page.locator("script[src], script[type=module]").count(), "no scripts").toBe(0);
  expect(await page.locator("html.saver").count()).toBe(1);
  await expectFitsPhone(page);
}

test("Save-Data: on gives pages without pictures or scripts, and 'show pictures' brings one page's back", async ({ page }) => {
  await page.context().setExtraHTTPHeaders({ "Save-Data": "on" });
  const asked = pictureRequests(page);
  for (const path of ["/", "/rng"]) {
    await page.goto(path);
    await expectSaverPage(page);
  }
  expect([...asked]).toEqual([]);
  // The banners are their titles.
  await page.goto("/");
  expect(await page.getByTestId("banners").locator("span").count()).toBeGreaterThan(0);
  await page.getByTestId("show-pictures").click();
  await expect(page).toHaveURL(/[?&]pictures=1/);
  expect(await page.getByTestId("game-card").locator("img").count()).toBeGreaterThan(0);
  await expect(page.getByTestId("data-saver-bar")).toBeVisible();
});

test("the side menu's switch turns data saver on and off, with or without JavaScript; an explicit off wins over Save-Data", async ({
  page,
}, info) => {
  await open(page, "/", info);
  await closeAnnouncements(page);
  expect(await page.getByTestId("game-card").locator("img").count()).toBeGreaterThan(0);
  await openSideMenu(page);
  const toggle = page.getByTestId("data-saver-switch").getByRole("switch");
  await expect(toggle).toHaveAttribute("aria-checked", "false");
  await toggle.click();
  await page.waitForURL((url) => url.pathname === "/");
  await expectSaverPage(page);
  // Every page now, until it is turned off.
  await page.goto("/rng");
  await expectSaverPage(page);
  await openSideMenu(page);
  await expect(page.getByTestId("data-saver-switch").getByRole("switch")).toHaveAttribute("aria-checked", "true");
  await page.getByTestId("data-saver-switch").getByRole("switch").click();
  await page.waitForURL((url) => url.pathname === "/rng");
  await expect(page.getByTestId("data-saver-bar")).toHaveCount(0);
  expect(await gamePictures(page).count()).toBeGreaterThan(0);
  // Turned off here, it stays off when the browser asks to save data.
  await page.context().setExtraHTTPHeaders({ "Save-Data": "on" });
  // With JavaScript, open() waits for the app to hydrate: its scripts ran. (Not by counting
  // <script type=module>: Remix drops its scripts from the DOM at the root's first re-render.)
  await open(page, "/", info);
  await expect(page.getByTestId("data-saver-bar")).toHaveCount(0);
  expect(await page.locator("html.saver").count()).toBe(0);
  expect(await gamePictures(page).count()).toBeGreaterThan(0);
});

test.describe("with JavaScript", () => {
  test.skip(
    ({ javaScriptEnabled }) => !javaScriptEnabled,
    "the held-back pictures are JavaScript's; without it the browser loads them lazily",
  );

  test("at most 8 game pictures load before the first touch, and the others after it", async ({ page }, info) => {
    for (const path of ["/", "/rng"]) {
      const asked = pictureRequests(page);
      await open(page, path, info);
      await page.waitForLoadState("networkidle");
      expect(asked.size, `${path}: game pictures before a touch`).toBeLessThanOrEqual(8);
      expect(asked.size).toBeGreaterThan(0);
      const waiting = await page.locator("img[data-src]").count();
      expect(waiting, `${path}: pictures held back`).toBeGreaterThan(0);
      await page.mouse.wheel(0, 400);
      await expect.poll(() => page.locator("img[data-src]").count()).toBe(0);
      await expect.poll(() => asked.size).toBeGreaterThan(8);
    }
  });
});
