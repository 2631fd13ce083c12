import { expect, test } from "@playwright/test";
import { balanceValue, jsOn, login, MEMBER, open, openAccountMenu, operator } from "./helpers";

test("login: required fields, wrong password, then the right one", async ({ page }, info) => {
  await open(page, "/login", info);
  const dialog = page.getByRole("dialog", { name: "Log in" });
  await expect(dialog).toBeVisible();
  // The home page is underneath the modal.
  await expect(page.getByRole("navigation", { name: "Game navigation" })).toBeAttached();

  if (!jsOn(info)) {
    // Without JavaScript the browser's own checks (required) would stop an empty post;
    // the server's messages are shown when they are bypassed.
    await page.evaluate(() =>
      document.querySelectorAll("input").forEach((i) => {
        i.removeAttribute("required");
      }),
    );
  }
  if (jsOn(info)) {
    await dialog.getByRole("button", { name: "Log in" }).click();
    await expect(dialog.getByText("Please enter your username.")).toBeVisible();
    await expect(dialog.getByText("Please enter your password.")).toBeVisible();
  }

  await dialog.getByLabel("Username").fill(`  ${MEMBER.username}  `);
  await dialog.getByLabel("Password").fill("wrong-password");
  await dialog.getByRole("button", { name: "Log in" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("Incorrect username or password.");
  // What the player typed is kept, except the password.
  await expect(dialog.getByLabel("Username")).toHaveValue(new RegExp(MEMBER.username));
  // The server never sends a password back: the page it renders has the field empty.
  if (!jsOn(info)) await expect(dialog.getByLabel("Password")).toHaveValue("");

  await dialog.getByLabel("Password").fill(MEMBER.password);
  await dialog.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("status")).toHaveText("Welcome back! You are logged in.");
  await expect(page.getByTestId("balance")).toContainText(/\d,\d{3}\.\d{2}/);
  await expect(page.locator("header").getByRole("link", { name: "Log in" })).toHaveCount(0);
});

test("login without JavaScript checks on the server too", async ({ request }) => {
  // A post that skips the form entirely: the server answers 400 with the messages.
  const page = await request.get("/login");
  const html = await page.text();
  const hidden = [...html.matchAll(/<input[^>]*name="([^"]+)"[^>]*value="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]);
  const form = Object.fromEntries(hidden.filter(([n]) => n !== "redirectTo"));
  const response = await request.post("/login", { form: { ...form, username: "", password: "" }, maxRedirects: 0 });
  expect(response.status()).toBe(400);
});

test("login after redirectTo returns to the page the player came from", async ({ page }, info) => {
  await open(page, "/vip", info);
  await page.locator("header").getByRole("link", { name: "Log in" }).click();
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fvip/);
  const dialog = page.getByRole("dialog", { name: "Log in" });
  await dialog.getByLabel("Username").fill(MEMBER.username);
  await dialog.getByLabel("Password").fill(MEMBER.password);
  await dialog.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(/\/vip$/);
});

test("balance hides, shows and refreshes", async ({ page }, info) => {
  await login(page, info);
  const before = await balanceValue(page);
  // With JavaScript the stars show while the form is still on its way (optimistic): wait for the
  // answer before leaving the page, or the navigation cancels the post and nothing is remembered.
  const toggled = page.waitForResponse((r) => new URL(r.url()).pathname.startsWith("/balance") && r.request().method() === "POST");
  await page.getByRole("button", { name: /^Hide balance/ }).click();
  await toggled;
  await expect(page.getByTestId("balance")).toContainText("***");
  // The choice is remembered across pages.
  await open(page, "/vip", info);
  await expect(page.getByTestId("balance")).toContainText("***");
  await page.getByRole("button", { name: /^Show balance/ }).click();
  await expect(page.getByTestId("balance")).not.toContainText("***");

  operator("credit", MEMBER.username, "12.50");
  await page.getByRole("button", { name: "Refresh balance" }).click();
  await expect.poll(() => balanceValue(page)).toBeCloseTo(before + 12.5, 2);
  operator("credit", MEMBER.username, "-12.50");
});

test("logout asks first; cancel keeps the session, confirm ends it", async ({ page }, info) => {
  await login(page, info);
  // Logout sits at the end of the account menu, not in the header's prime slots.
  await expect(page.locator("summary[aria-label='Log out']")).toBeHidden();
  await openAccountMenu(page);
  await page.locator("summary[aria-label='Log out']").click();
  const dialog = page.getByRole("dialog", { name: "Prompt" });
  await expect(dialog).toContainText("Are you sure you want to log out?");
  // The dialog sits inside the viewport, and the header fits a 360 px phone without scrolling sideways.
  const box = await dialog.boundingBox();
  expect(box?.x ?? -1).toBeGreaterThanOrEqual(0);
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(page.viewportSize()?.width ?? 0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()?.width ?? 0);
  await dialog.getByRole("link", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId("balance")).toBeVisible();

  await openAccountMenu(page);
  await page.locator("summary[aria-label='Log out']").click();
  await page.getByRole("dialog", { name: "Prompt" }).getByRole("button", { name: "Confirm" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator("header").getByRole("link", { name: "Log in" })).toBeVisible();
  await expect(page.getByTestId("balance")).toHaveCount(0);
  // The old session cookie no longer opens member-only pages.
  await page.goto("/fav");
  await expect(page).toHaveURL(/\/login/);
});

test("a form post without its CSRF token is refused", async ({ page, request }, info) => {
  await login(page, info);
  const cookies = await page.context().cookies();
  const response = await request.post("/logout", {
    headers: { Cookie: cookies.map((c) => `${c.name}=${c.value}`).join("; ") },
    form: { csrf: "forged" },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(403);
  await page.reload();
  await expect(page.getByTestId("balance")).toBeVisible();
});
