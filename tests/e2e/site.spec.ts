import { expect, test } from "@playwright/test";
import { jsOn, open, openSideMenu, operator } from "./helpers";

test.describe.configure({ mode: "serial" });

test("language: ?lng= links switch to Bengali, a cookie keeps it", async ({ page }, info) => {
  await open(page, "/", info);
  const menu = (await openSideMenu(page)).getByRole("navigation", { name: "Main menu" });
  await menu.locator("summary", { hasText: "Language" }).click();
  await menu.getByRole("link", { name: "বাংলা" }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "bn");
  await expect(page.locator("header").getByRole("link", { name: "লগ ইন" })).toBeVisible();
  await expect(page.locator("footer")).toContainText("কুরাসাও");
  if (jsOn(info)) await page.waitForLoadState("networkidle");
  // Another page, no ?lng=: the cookie keeps Bengali.
  await open(page, "/vip", info);
  await expect(page.locator("html")).toHaveAttribute("lang", "bn");
  await expect(page).toHaveTitle(/^ভিআইপি/);
  await open(page, "/?lng=en", info);
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.locator("html")).toHaveAttribute("dir", "ltr");
});

test("a language the site has not enabled falls back to the default", async ({ page }, info) => {
  await open(page, "/?lng=ja", info);
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
});

test("maintenance and IP restriction screens follow the operator's command", async ({ page }, info) => {
  try {
    operator("status", "maintenance");
    let response = await page.goto("/");
    expect(response?.status()).toBe(503);
    await expect(page.getByRole("heading", { name: "System Maintenance" })).toBeVisible();
    await expect(page.getByText("A system maintenance is being performed")).toBeVisible();

    operator("status", "restricted");
    response = await page.goto("/vip");
    expect(response?.status()).toBe(403);
    await expect(page.getByRole("heading", { name: "IP Restriction" })).toBeVisible();
    await expect(page.getByTestId("visitor-ip")).toHaveText("198.51.100.23");
    await expect(page.getByTestId("visitor-country")).not.toBeEmpty();
    await expect(page.getByRole("link", { name: "Contact us" })).toHaveAttribute("href", /^https?:\/\//);
  } finally {
    operator("status", "normal");
  }
  const response = await open(page, "/", info);
  expect(response?.status()).toBe(200);
});

test("loginedToHomePage sends visitors to login except on the allowed paths", async ({ page }) => {
  try {
    operator("setting", "loginedToHomePage", "true");
    await page.goto("/vip");
    await expect(page).toHaveURL(/\/login$/);
    for (const path of ["/helpmc", "/download", "/register", "/forgot-password"]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      await expect(page, path).toHaveURL(new RegExp(`${path}$`));
    }
  } finally {
    operator("setting", "loginedToHomePage", "false");
  }
  await page.goto("/vip");
  await expect(page).toHaveURL(/\/vip$/);
});

test("the page's dictionaries load with the document: hydration asks for nothing it did not preload", async ({ page }, info) => {
  test.skip(!jsOn(info), "dictionaries are for the browser's scripts");
  const asked: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/api/locales")) asked.push(new URL(request.url()).search);
  });
  await open(page, "/vip", info);
  await page.waitForLoadState("networkidle");
  const preloaded = await page
    .locator('link[rel="preload"][as="fetch"]')
    .evaluateAll((links) => links.map((l) => new URL((l as HTMLLinkElement).href).search));
  expect(preloaded.length).toBeGreaterThan(0);
  // Each dictionary once: the preload's answer is the one hydration used.
  expect(asked.sort()).toEqual([...new Set(asked)].sort());
  for (const search of asked) expect(preloaded).toContain(search);
});
