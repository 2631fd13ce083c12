// Screenshots of pages on an emulated phone, for looking at them: npx tsx scripts/phone-shots.ts
// [--base URL] [--out DIR] [--lng en] [--js off] [--login user:password] [--width 360] path...
import { mkdirSync } from "node:fs";
import { chromium } from "@playwright/test";
import { PHONE } from "../playwright.config";

const args = process.argv.slice(2);
const opt = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? (args.splice(i, 2)[1] ?? fallback) : fallback;
};
const base = opt("base", "http://localhost:3000");
const out = opt("out", ".cache/shots");
const lng = opt("lng", "en");
const js = opt("js", "on") !== "off";
const loginAs = opt("login", "");
const width = Number(opt("width", "360"));
const height = width === 412 ? 915 : 740;
mkdirSync(out, { recursive: true });

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking"],
});
const context = await browser.newContext({ ...PHONE, viewport: { width, height }, javaScriptEnabled: js });
const page = await context.newPage();
await page.goto(`${base}/?lng=${lng}`);
if (loginAs) {
  const [username, password] = loginAs.split(":");
  await page.goto(`${base}/login`);
  await page
    .locator('dialog input[name="username"], [role=dialog] input[name="username"]')
    .first()
    .fill(username ?? "");
  await page
    .locator('[role=dialog] input[name="password"], dialog input[name="password"]')
    .first()
    .fill(password ?? "");
  await page.locator("[role=dialog] button[type=submit], dialog button[type=submit]").first().click();
  await page.waitForLoadState("networkidle");
}
for (const path of args) {
  await page.goto(`${base}${path}`);
  await page.waitForLoadState("networkidle");
  const fit = await page.evaluate(() => ({ inner: window.innerWidth, scroll: document.documentElement.scrollWidth }));
  const name = `${lng}-${width}-${js ? "js" : "nojs"}${path.replace(/[^a-zA-Z0-9]+/g, "_")}`;
  await page.screenshot({ path: `${out}/${name}.png`, fullPage: process.env.FULL === "1" });
  console.log(name, JSON.stringify(fit));
}
await browser.close();
