import { solveSliderImages } from "../setup/slider-solver";
import { expect, type Page } from "@playwright/test";
import { closeAnnouncements, freshMobile, open, openAccountMenu, operator } from "./helpers";

// Shared by the accounts specs (register, passwords, access).

/** Switches modules for one test; they go back to the seeded state (all given here are seeded off). */
export async function withModules(mods: Record<string, "on">, body: () => Promise<void>) {
  for (const mod of Object.keys(mods)) operator("module", mod, "on");
  try {
    await body();
  } finally {
    for (const mod of Object.keys(mods)) operator("module", mod, "off");
  }
}

export async function registerByUsername(
  page: Page,
  info: Parameters<typeof open>[2],
  name: string,
  password: string,
  email?: string,
  mobile = freshMobile(),
) {
  await open(page, "/register", info);
  const dialog = page.getByRole("dialog", { name: "Register" });
  await dialog.getByLabel("Username").fill(name);
  await dialog.getByLabel("Password", { exact: true }).fill(password);
  await dialog.getByLabel("Confirm password").fill(password);
  if (email) await dialog.getByLabel("Email").fill(email);
  await dialog.getByLabel("Mobile number").fill(mobile);
  await dialog.getByLabel(/18 years or older/).check();
  await dialog.getByLabel(/I accept the/).check();
  await solveSliderIfShown(page);
  await dialog.getByRole("button", { name: "Register" }).click();
  return dialog;
}

/**
 * A new member of this project's own, with `credit` in the main wallet: for tests whose first-run
 * path (a first withdraw password, a first claim) each project must take itself.
 */
export async function newMember(page: Page, info: Parameters<typeof open>[2], credit: number) {
  const user = { username: uniqueName(info), password: "Secret-pass-1", mobile: freshMobile() };
  await registerByUsername(page, info, user.username, user.password, undefined, user.mobile);
  await expect(page.getByRole("status")).toHaveText("Welcome! Your account is ready.");
  if (credit) operator("credit", user.username, String(credit));
  return user;
}

/** A user name no earlier run used, telling the projects apart. */
export function uniqueName(info: { project: { name: string } }) {
  return `p${info.project.name === "js-on" ? "j" : "n"}${String(Date.now()).slice(-9)}`;
}

export async function logout(page: Page) {
  // Right after a login the announcement popup may be open over the page: closed first.
  await closeAnnouncements(page);
  await openAccountMenu(page);
  await page.locator("summary[aria-label='Log out']").click();
  await page.getByRole("dialog", { name: "Prompt" }).getByRole("button", { name: "Confirm" }).click();
  await expect(page.locator("header").getByRole("link", { name: "Log in" })).toBeVisible();
}

/**
 * Solves the slide puzzle the way a player does, by eye (tests/setup/slider-solver.ts), from the
 * images the page shows.
 */
export async function solveSlider(page: Page): Promise<number> {
  const fieldset = page.locator("fieldset", { has: page.getByRole("slider", { name: "Slide the piece into the gap" }) });
  const background = await fieldset.locator("img").getAttribute("src");
  const style = (await page.getByRole("slider", { name: "Slide the piece into the gap" }).getAttribute("style")) ?? "";
  const piece = /url\(data:image\/png;base64,([^)]+)\)/.exec(style)?.[1] ?? "";
  const top = Number(/top:\s*(\d+)px/.exec(style)?.[1]);
  return solveSliderImages((background ?? "").split(",")[1] ?? "", piece, top);
}

/** Slides the puzzle into its gap when the form shows one (GEETEST3 on); does nothing otherwise. */
export async function solveSliderIfShown(page: Page): Promise<void> {
  const slider = page.getByRole("slider", { name: "Slide the piece into the gap" });
  if ((await slider.count()) === 0) return;
  await slider.fill(String(await solveSlider(page)));
}
