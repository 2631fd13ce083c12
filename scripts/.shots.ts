import { chromium } from "@playwright/test";
import { PHONE } from "../playwright.config";
const base = "http://localhost:3300";
const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
});
for (const lng of ["en", "ur"]) {
  const ctx = await browser.newContext({
    ...PHONE,
    extraHTTPHeaders: { "X-Forwarded-For": `198.51.100.${Math.floor(Math.random() * 250)}` },
  });
  const page = await ctx.newPage();
  await page.goto(`${base}/?lng=${lng}`);
  await page.goto(`${base}/login`);
  await page.locator('input[name="username"]').first().fill("demo_member");
  await page.locator('input[name="password"]').first().fill("Demo@1234");
  await page.locator("button[type=submit]").first().click();
  await page.waitForLoadState("networkidle");
  await page.goto(`${base}/rng`);
  await page.screenshot({ path: `/tmp/shots/${lng}-debug.png` });
  await page.locator("header details[data-panel] > summary").first().click();
  await page.waitForTimeout(300);
  await page.screenshot({ path: `/tmp/shots/${lng}-menu.png` });
  await page.goto(`${base}/rng`);
  await page.getByTestId("game-card").first().click();
  await page.waitForLoadState("networkidle");
  await page.waitForTimeout(800);
  await page.screenshot({ path: `/tmp/shots/${lng}-game.png` });
  console.log(lng, page.url());
  await ctx.close();
}
await browser.close();
