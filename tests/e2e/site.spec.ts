import { expect, test } from "@playwright/test";
import { jsOn, open, operator } from "./helpers";

test.describe.configure({ mode: "serial" });

test("language: ?lng= links switch to Bengali, a cookie keeps it", async ({ page }, info) => {
  await open(page, "/", info);
  await page.locator("summary[aria-label='Open menu']").click();
  const menu = page.getByRole("navigation", { name: "Main menu" });
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
