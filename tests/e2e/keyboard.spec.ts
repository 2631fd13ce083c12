import { expect, type Page, test } from "@playwright/test";
import { jsOn, login, MEMBER, open } from "./helpers";

// Keyboard only, no pointer: log in, deposit and transfer, with focus always visible; dialogs take
// focus, close on Escape and give it back (with JavaScript). Both projects.

type Focused = { name: string; tag: string; visible: boolean; inDialog: boolean } | null;

async function focused(page: Page): Promise<Focused> {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!(el instanceof HTMLElement) || el === document.body) return null;
    const label = el instanceof HTMLInputElement || el instanceof HTMLSelectElement ? el.labels?.[0]?.textContent : null;
    const name = (el.getAttribute("aria-label") ?? label ?? el.textContent ?? "").replace(/\s+/g, " ").trim();
    const style = getComputedStyle(el);
    return {
      name,
      tag: el.tagName.toLowerCase(),
      visible: el.matches(":focus-visible") && style.outlineStyle !== "none" && parseFloat(style.outlineWidth) >= 1,
      inDialog: Boolean(el.closest("[role=dialog]")),
    };
  });
}

/**
 * Presses Tab until the focused control's name matches (and its tag, when given: the login dialog
 * has a "Username" tab as well as a "Username" field); every control passed shows its focus.
 */
async function tabTo(page: Page, name: RegExp, tag?: "input" | "button" | "a", max = 80): Promise<void> {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press("Tab");
    const now = await focused(page);
    if (!now) continue;
    expect(now.visible, `focus is visible on "${now.name}"`).toBe(true);
    if (name.test(now.name) && (!tag || now.tag === tag)) return;
  }
  throw new Error(`Tab never reached ${name}`);
}

test("log in with the keyboard alone", async ({ page }, info) => {
  await open(page, "/", info);
  await tabTo(page, /^Log in$/);
  await page.keyboard.press("Enter");
  await expect(page.getByRole("dialog", { name: "Log in" })).toBeVisible();
  // The dialog has the focus, with JavaScript (it takes it) and without (autofocus).
  expect((await focused(page))?.inDialog).toBe(true);
  await tabTo(page, /^Username$/, "input");
  await page.keyboard.type(MEMBER.username);
  await tabTo(page, /^Password$/, "input");
  await page.keyboard.type(MEMBER.password);
  await tabTo(page, /^Log in$/, "button");
  expect((await focused(page))?.inDialog).toBe(true);
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("balance")).toBeVisible();
});

test("Escape closes a dialog and gives focus back; the side menu too", async ({ page }, info) => {
  test.skip(!jsOn(info), "Escape is JavaScript's; without it the close links do the same");
  await open(page, "/", info);
  await tabTo(page, /^Register$/);
  await page.keyboard.press("Enter");
  await expect(page.getByRole("dialog", { name: "Register" })).toBeVisible();
  expect((await focused(page))?.inDialog).toBe(true);
  // Tab stays inside the dialog.
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press("Tab");
    expect((await focused(page))?.inDialog, `Tab ${i + 1} stays in the dialog`).toBe(true);
  }
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page).toHaveURL(/\/$/);
  expect((await focused(page))?.name).toBe("Register");

  await tabTo(page, /^Open menu$/);
  await page.keyboard.press("Enter");
  await expect(page.getByRole("navigation", { name: "Main menu" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("navigation", { name: "Main menu" })).toBeHidden();
  expect((await focused(page))?.name).toBe("Open menu");
});

test("a skip link leads past the header to the page", async ({ page }, info) => {
  await open(page, "/rng", info);
  await page.keyboard.press("Tab");
  expect((await focused(page))?.name).toBe("Skip to content");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/#main$/);
  // Focus is in the page now: the next Tab goes on from the content, not the header.
  expect(await page.evaluate(() => document.activeElement?.id)).toBe("main");
});

test("transfer and deposit with the keyboard alone", async ({ page }, info) => {
  await login(page, info);
  await open(page, "/member/transfer-fund", info);
  await tabTo(page, /^Amount$/, "input");
  await page.keyboard.type("5");
  await tabTo(page, /^Transfer$/, "button");
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status").filter({ hasText: "The money has been moved." })).toBeVisible();

  await open(page, "/member/deposit", info);
  await tabTo(page, /^bKash$/);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/bkash|method=/i);
  await tabTo(page, /^Amount/, "input");
  await page.keyboard.type("500");
  await tabTo(page, /^Payment reference/, "input");
  await page.keyboard.type(`KEY${Date.now()}`);
  await tabTo(page, /^Request deposit$/, "button");
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status").filter({ hasText: "Deposit requested." })).toBeVisible();
});
