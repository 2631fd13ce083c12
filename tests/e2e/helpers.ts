import { execFileSync } from "node:child_process";
import { expect, type Page, type TestInfo } from "@playwright/test";

export const MEMBER = { username: "demo_member", password: "Demo@1234" };

export function jsOn(info: TestInfo): boolean {
  return info.project.name === "js-on";
}

const watchers = new WeakMap<Page, Map<string, string[]>>();
/** What the page said on its console (and, for `errors`, threw) matching `pattern`, kept from now on. */
function watchConsole(page: Page, name: string, pattern: RegExp, types: string[] | null, errors: boolean): string[] {
  const byName = watchers.get(page) ?? new Map<string, string[]>();
  watchers.set(page, byName);
  let seen = byName.get(name);
  if (!seen) {
    const list: string[] = [];
    page.on("console", (m) => {
      if ((types === null || types.includes(m.type())) && pattern.test(m.text())) list.push(m.text());
    });
    if (errors) {
      page.on("pageerror", (e) => {
        if (pattern.test(e.message)) list.push(e.message);
      });
    }
    byName.set(name, (seen = list));
  }
  return seen;
}

/**
 * What the browser refused under the server's Content-Security-Policy on this page so far (the
 * browser reports it on the console, with JavaScript on or off).
 */
export function watchCsp(page: Page): string[] {
  return watchConsole(page, "csp", /Content Security Policy/i, null, false);
}

/**
 * What React said about the page's hydration: a mismatch between the server's HTML and the
 * browser's first render (React's errors 418-425; production builds log them minified), which
 * makes React throw the server's HTML away and draw the page again.
 */
export function watchHydration(page: Page): string[] {
  return watchConsole(page, "hydration", /Minified React error #4(18|19|21|22|23|25)\b|hydrat/i, ["error"], true);
}

/**
 * Opens a page; with JavaScript, waits until Remix has hydrated, or the test would
 * silently exercise the no-JavaScript path.
 */
export async function open(page: Page, path: string, info: TestInfo) {
  const csp = watchCsp(page);
  const hydration = watchHydration(page);
  const response = await page.goto(path);
  if (jsOn(info)) {
    await page.waitForFunction(
      () => (window as unknown as { __remixRouter?: { state?: { initialized?: boolean } } }).__remixRouter?.state?.initialized === true,
    );
  }
  await expectFitsPhone(page);
  expect(csp, `${page.url()} runs within its Content-Security-Policy`).toEqual([]);
  expect(hydration, `${page.url()} hydrates what the server drew`).toEqual([]);
  return response;
}

/**
 * The page is laid out for the phone: its layout viewport is the screen's width (a page without
 * a working viewport tag is laid out 980 px wide and shrunk), nothing is zoomed, and nothing
 * makes the page scroll sideways.
 */
export async function expectFitsPhone(page: Page) {
  const width = page.viewportSize()?.width ?? 0;
  const layout = await page.evaluate(() => ({
    inner: window.innerWidth,
    scale: window.visualViewport?.scale ?? 1,
    scroll: document.documentElement.scrollWidth,
    viewportTag: document.querySelectorAll('meta[name="viewport"]').length,
  }));
  expect(layout, `${page.url()} is laid out for a ${width} px phone`).toEqual({ inner: width, scale: 1, scroll: width, viewportTag: 1 });
}

/** The operator command line, talking to the running site's operator listener. */
export function operator(...args: string[]): string {
  return execFileSync(process.execPath, ["--import", "tsx", "platform/admin.ts", ...args], {
    env: { ...process.env, DATA_DIR: ".cache/e2e-data", OPERATOR_PORT: process.env.E2E_OPERATOR_PORT ?? "3199" },
    encoding: "utf8",
  });
}

export async function login(page: Page, info: TestInfo, user = MEMBER) {
  await open(page, "/login", info);
  const dialog = page.getByRole("dialog", { name: "Log in" });
  await dialog.getByLabel("Username").fill(user.username);
  await dialog.getByLabel("Password").fill(user.password);
  await dialog.getByRole("button", { name: "Log in" }).click();
  await expect(page.getByTestId("balance")).toBeVisible();
  if (jsOn(info)) await page.waitForLoadState("networkidle");
  await closeAnnouncements(page);
}

/** The announcement popup opens by itself after a login (once): a player reads or closes it. */
export async function closeAnnouncements(page: Page) {
  const popup = page.getByRole("dialog", { name: "Announcements" });
  if (await popup.isVisible()) {
    await popup.getByRole("link", { name: "Close" }).click();
    await expect(popup).toBeHidden();
  }
}

/** The header balance as a number. */
export async function balanceValue(page: Page): Promise<number> {
  const text = (await page.getByTestId("balance").innerText()).replace(/[^\d.]/g, "");
  return Number(text);
}

/** The newest code the platform's SMS outbox holds for this number (operator command line). */
export function latestSmsCode(mobile: string): string {
  const out = operator("outbox", mobile);
  const line = out.split("\n").find((l) => l.includes(mobile) && /\b\d{6}\b/.test(l));
  const code = line?.match(/\b(\d{6})\b/g)?.find((c) => !mobile.includes(c));
  if (!code) throw new Error(`no code for ${mobile} in the outbox:\n${out}`);
  return code;
}

/** A number no earlier run used: the platform remembers registrations between tests. */
export function freshMobile(): string {
  return `17${String(Date.now()).slice(-8)}`;
}

/** With JavaScript off the browser's own checks would stop an empty post; drop them so the server's messages show. */
export async function dropNativeChecks(page: Page) {
  await page.evaluate(() =>
    document.querySelectorAll("input").forEach((i) => {
      i.removeAttribute("required");
      i.removeAttribute("pattern");
      i.removeAttribute("minlength");
      i.removeAttribute("maxlength");
    }),
  );
}

/** Opens the header's account menu (a <details>: the same with and without JavaScript) and gives its panel. */
export async function openAccountMenu(page: Page) {
  const menu = page.locator("header details", { has: page.getByTestId("account-actions") });
  if (!(await menu.evaluate((d) => (d as HTMLDetailsElement).open))) await menu.locator("> summary").click();
  await expect(menu.getByTestId("account-actions")).toBeVisible();
  return menu;
}

/** Opens the side menu (a link: in place with JavaScript, the page with ?panel=menu without) and gives its drawer. */
export async function openSideMenu(page: Page) {
  await page.getByTestId("side-menu-control").click();
  const menu = page.getByTestId("side-menu");
  await expect(menu.getByRole("navigation")).toBeVisible();
  return menu;
}
