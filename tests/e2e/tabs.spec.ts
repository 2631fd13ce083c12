import { expect, type Locator, type Page, test, type TestInfo } from "@playwright/test";
import { login, open, operator } from "./helpers";

// Issue 26 item 3 (decision 040): every tab row shows its active tab inside the phone's screen on
// load, JavaScript on and off, whichever tab is active (first, middle, last), in English, Bengali
// and Urdu (right to left); no tab's label overflows its own box; a row that scrolls shows a fade
// on each side where more tabs lie.
test.describe.configure({ mode: "serial" });

const LANGUAGES = ["en", "bn", "ur"] as const;
const AGENT = { username: "demo_agent", password: "Demo@1234" };

test.beforeAll(() => {
  operator("languages", "all");
});
test.afterAll(() => {
  operator("languages", "EN,BN");
});

const withLng = (path: string, lng: string) => `${path}${path.includes("?") ? "&" : "?"}lng=${lng}`;

/** The row (its <nav>) around a list of tabs, by the list's test id. */
const rowOf = (page: Page, testId: string) => page.locator("nav", { has: page.getByTestId(testId) }).first();

/** Every tab's address in a row, those folded behind "more" included, in the row's order. */
async function tabHrefs(row: Locator): Promise<string[]> {
  return row.locator("li > a").evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""));
}

/** First, middle and last of a list. */
const ends = <T>(items: T[]): T[] => [...new Set([items[0]!, items[Math.floor(items.length / 2)]!, items.at(-1)!])];

/**
 * The row as the player sees it on load: its active tab entirely on the screen and inside the
 * row's own scroll box, every label within its tab, and a fade on each side where tabs lie beyond
 * the scroll box.
 */
async function expectRow(page: Page, row: Locator, what: string) {
  await expect(row, what).toBeVisible();
  const active = row.locator('[aria-current="page"]');
  await expect(active, `${what}: one active tab`).toHaveCount(1);
  // With JavaScript a tab out of view is scrolled smoothly into it: let that settle.
  await page.waitForTimeout(50);
  const seen = await active.evaluate((tab) => {
    const box = tab.getBoundingClientRect();
    const scroller = tab.closest(".tab-scroller");
    const clip = scroller?.getBoundingClientRect();
    const row = tab.closest("nav")!;
    const labels = [...row.querySelectorAll<HTMLElement>("li > a, summary")]
      .filter((el) => el.getClientRects().length > 0)
      .filter((el) => el.scrollWidth > el.clientWidth + 1)
      .map((el) => `${el.textContent} (${el.scrollWidth} > ${el.clientWidth})`);
    const fades: string[] = [];
    if (scroller && clip) {
      const list = scroller.firstElementChild!.getBoundingClientRect();
      const style = getComputedStyle(scroller);
      const rtl = style.direction === "rtl";
      const beyondLeft = list.left < clip.left - 1;
      const beyondRight = list.right > clip.right + 1;
      const fade = (side: "start" | "end") => parseFloat(style.getPropertyValue(`--fade-${side}`));
      const left = fade(rtl ? "end" : "start");
      const right = fade(rtl ? "start" : "end");
      if (!/gradient/.test(style.maskImage || style.webkitMaskImage)) fades.push("no fade at all");
      if (beyondLeft && left < 24) fades.push(`tabs beyond the left edge, fade ${left}px`);
      if (beyondRight && right < 24) fades.push(`tabs beyond the right edge, fade ${right}px`);
    }
    const inside = (outer: { left: number; right: number; top: number; bottom: number }) =>
      box.left >= outer.left - 1 && box.right <= outer.right + 1 && box.top >= outer.top - 1 && box.bottom <= outer.bottom + 1;
    return {
      onScreen: inside({ left: 0, right: window.innerWidth, top: 0, bottom: window.innerHeight }),
      inRow: clip ? inside(clip) : true,
      box: `${Math.round(box.left)}..${Math.round(box.right)} × ${Math.round(box.top)}..${Math.round(box.bottom)} of ${window.innerWidth}×${window.innerHeight}`,
      labels,
      fades,
    };
  });
  expect(seen.onScreen, `${what}: the active tab (${seen.box}) lies on the screen`).toBe(true);
  expect(seen.inRow, `${what}: the active tab (${seen.box}) lies inside its row's scroll box`).toBe(true);
  expect(seen.labels, `${what}: no label overflows its tab`).toEqual([]);
  expect(seen.fades, `${what}: a fade where the row scrolls on`).toEqual([]);
}

/** Each of the row's first, middle and last tabs made active, in each language. */
async function everyChoice(page: Page, info: TestInfo, testId: string, paths: string[], shots: string[] = []) {
  for (const lng of LANGUAGES) {
    for (const path of paths) {
      await open(page, withLng(path, lng), info);
      await expect(page.locator("html")).toHaveAttribute("lang", lng);
      await expectRow(page, rowOf(page, testId), `${testId} at ${path} in ${lng}`);
      if (shots.includes(path) && lng !== "en")
        await page.screenshot({ path: info.outputPath(`${lng}-${testId}${path.replace(/[^a-z0-9]+/gi, "-")}.png`) });
    }
  }
}

test("the member centre's menu shows its active tab, first, middle or last", async ({ page }, info) => {
  test.setTimeout(120_000);
  await login(page, info);
  await open(page, "/member/security-center", info);
  const paths = ends(await tabHrefs(rowOf(page, "centre-nav")));
  expect(paths.length).toBe(3);
  await everyChoice(page, info, "centre-nav", paths, [paths[2]!]);
});

test("the agent centre's menu shows its active tab, first, middle or last", async ({ page }, info) => {
  test.setTimeout(120_000);
  await login(page, info, AGENT);
  await open(page, "/agent/overview", info);
  const paths = ends(await tabHrefs(rowOf(page, "centre-nav")));
  expect(paths.length).toBe(3);
  await everyChoice(page, info, "centre-nav", paths, [paths[2]!]);
});

test("the lottery lanes show the active lane", async ({ page }, info) => {
  test.setTimeout(90_000);
  await everyChoice(page, info, "lottery-lanes", ["/lottery", "/vnlottery", "/seaLottery"], ["/seaLottery"]);
});

test("a lobby's vendor tabs show the chosen vendor, first, middle or last", async ({ page }, info) => {
  test.setTimeout(90_000);
  await open(page, "/rng", info);
  const paths = ends(await tabHrefs(rowOf(page, "vendor-tabs")));
  expect(paths.length).toBe(3);
  await everyChoice(page, info, "vendor-tabs", paths, [paths[2]!]);
});

test("the deposit methods and the records' date presets show the chosen one", async ({ page }, info) => {
  test.setTimeout(120_000);
  await login(page, info);
  await open(page, "/member/deposit", info);
  const methods = ends(await tabHrefs(rowOf(page, "deposit-methods")));
  expect(methods.length).toBe(3);
  await everyChoice(page, info, "deposit-methods", methods, [methods[1]!]);
  const ranges = ["today", "last7", "last30"].map((range) => `/member/betting-record?range=${range}`);
  await everyChoice(page, info, "date-presets", ranges, [ranges[2]!]);
});

test("the records' date steps say what they do", async ({ page }, info) => {
  await login(page, info);
  await open(page, "/member/betting-record?range=last7", info);
  const steps = page.getByRole("list", { name: "Move the dates" });
  await expect(steps.getByRole("link")).toHaveText(["‹ 30 days earlier", "‹ 7 days earlier"]);
  await open(page, "/member/betting-record?range=last7&lng=bn", info);
  await expect(page.getByRole("list", { name: "তারিখ সরান" }).getByRole("link").first()).toHaveText("‹ 30 দিন আগে");
});

test("the login dialog’s tabs never cut a label", async ({ page }, info) => {
  for (const lng of LANGUAGES) {
    for (const path of ["/login", "/login?tab=mobile"]) {
      await open(page, withLng(path, lng), info);
      const row = page.getByRole("dialog").getByRole("navigation").first();
      await expectRow(page, row, `${path} in ${lng}`);
    }
  }
});

test("on a 412 px phone too, the member centre's last tab and a lobby's last vendor are in view", async ({ page }, info) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 412, height: 915 });
  await login(page, info);
  await open(page, "/member/security-center", info);
  const last = (await tabHrefs(rowOf(page, "centre-nav"))).at(-1)!;
  await open(page, "/rng", info);
  const vendor = (await tabHrefs(rowOf(page, "vendor-tabs"))).at(-1)!;
  for (const lng of LANGUAGES) {
    await open(page, withLng(last, lng), info);
    await expectRow(page, rowOf(page, "centre-nav"), `${last} in ${lng} at 412 px`);
    await page.screenshot({ path: info.outputPath(`${lng}-412-centre-last.png`) });
    await open(page, withLng(vendor, lng), info);
    await expectRow(page, rowOf(page, "vendor-tabs"), `${vendor} in ${lng} at 412 px`);
  }
});

test("the tabs folded behind “more” open under the row, and lead to their page", async ({ page }, info) => {
  await login(page, info);
  await open(page, "/member/security-center", info);
  const hrefs = await tabHrefs(rowOf(page, "centre-nav"));
  // A tab in the middle: the row ends a little after it, the rest wait behind "more".
  await open(page, hrefs[Math.floor(hrefs.length / 2)]!, info);
  const row = rowOf(page, "centre-nav");
  const more = row.locator("summary");
  await expect(more).toHaveText(/\d+ more/);
  const folded = row.locator("details li > a");
  await expect(folded.first()).toBeHidden();
  await more.click();
  await expect(folded.first()).toBeVisible();
  const target = await folded.last().getAttribute("href");
  await folded.last().click();
  await expect(page).toHaveURL(new RegExp(`${target}$`));
  await expectRow(page, rowOf(page, "centre-nav"), `${target} after choosing it from "more"`);
});
