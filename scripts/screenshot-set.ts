// The phone screenshot set issue 26 asks for, to look at: 360×740 and 412×915, English, Bengali
// and Urdu, logged out and in (a player; an agent for the agent centre), in real phone emulation.
//   npx tsx scripts/screenshot-set.ts [--base URL] [--out DIR] [--js off]
// Against a running server started with TRUST_PROXY=1 (each language logs in from its own address,
// so the login burst limit is not what is photographed).
import { mkdirSync } from "node:fs";
import { chromium, type Page } from "@playwright/test";
import { PHONE } from "../playwright.config";

const args = process.argv.slice(2);
const opt = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? (args[i + 1] ?? fallback) : fallback;
};
const base = opt("base", "http://localhost:3000");
const out = opt("out", ".cache/shots/set");
const js = opt("js", "on") !== "off";
mkdirSync(out, { recursive: true });

const VISITOR = ["/", "/rng", "/pointMall", "/vip", "/down"];
const MEMBER = [
  "/",
  "/rng",
  "/member",
  "/member/deposit",
  "/member/withdraw",
  "/member/betting-record",
  "/pointMall",
  "/vip",
  "/down",
  "game",
];
const AGENT = ["/agent/overview"];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking"],
});
let address = 10;

async function logIn(page: Page, user: string) {
  await page.goto(`${base}/login`);
  await page.locator('input[name="username"]').first().fill(user);
  await page.locator('input[name="password"]').first().fill("Demo@1234");
  await page.locator('form[action^="/login"] button[type="submit"]').first().click();
  await page.waitForLoadState("networkidle");
  // The announcement popup opens once after a login: closed, as a player would.
  const close = page.getByRole("dialog", { name: /./ }).getByRole("link", { name: /close|বন্ধ|بند/i });
  if (await close.count())
    await close
      .first()
      .click()
      .catch(() => undefined);
}

async function shoot(page: Page, name: string, path: string) {
  if (path === "game") {
    await page.goto(`${base}/rng`);
    await page.getByTestId("game-card").first().click();
  } else await page.goto(`${base}${path}`);
  await page.waitForLoadState("networkidle");
  const fit = await page.evaluate("document.documentElement.scrollWidth <= window.innerWidth");
  const file = `${out}/${name}${path === "/" ? "_home" : path.replace(/[^a-zA-Z0-9]+/g, "_")}.png`;
  await page.screenshot({ path: file });
  console.log(file, fit ? "" : "  <- wider than the phone");
}

for (const [width, height] of [
  [360, 740],
  [412, 915],
] as const) {
  for (const lng of ["en", "bn", "ur"]) {
    for (const [who, user, paths] of [
      ["visitor", "", VISITOR],
      ["member", "demo_member", MEMBER],
      ["agent", "demo_agent", AGENT],
    ] as const) {
      const context = await browser.newContext({
        ...PHONE,
        viewport: { width, height },
        javaScriptEnabled: js,
        extraHTTPHeaders: { "X-Forwarded-For": `198.51.100.${address++}` },
      });
      const page = await context.newPage();
      await page.goto(`${base}/?lng=${lng}`);
      if (user) await logIn(page, user);
      for (const path of paths) await shoot(page, `${width}-${lng}-${js ? "js" : "nojs"}-${who}`, path);
      await context.close();
    }
  }
}
await browser.close();
