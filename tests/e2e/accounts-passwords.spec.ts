import { expect, test } from "@playwright/test";
import { logout, registerByUsername, uniqueName } from "./accounts-helpers";
import { dropNativeChecks, jsOn, latestSmsCode, login, open, operator } from "./helpers";

// Issue 3 end to end, in both projects. Passwords: forgot by email and by phone, and the forced
// change of a default password.
// Modules are switched by the operator command line and switched back after.

test.describe.configure({ mode: "serial" });

test("forgot password by email: the same answer for anyone; the mailed password forces a change", async ({ page }, info) => {
  await open(page, "/forgot-password", info);
  const dialog = page.getByRole("dialog", { name: "Forgot password" });
  await dialog.getByLabel("Username").fill("nobody_here");
  await dialog.getByLabel("Email").fill("nobody@example.com");
  await dialog.getByRole("button", { name: "Send" }).click();
  await expect(dialog.getByText(/If the username and email match an account/)).toBeVisible();
});

test("forgot password by email, all the way: the mailed password logs in and must be changed", async ({ page }, info) => {
  // demo_member has member@example.com; the other project uses a fresh account with its own email.
  const account = jsOn(info)
    ? { user: "demo_member", email: "member@example.com", password: "Demo@1234" }
    : { user: uniqueName(info), email: `${uniqueName(info)}@example.com`, password: "Secret-pass-1" };
  if (!jsOn(info)) {
    await registerByUsername(page, info, account.user, account.password, account.email);
    await expect(page.getByTestId("balance")).toBeVisible();
    await logout(page);
  }
  try {
    await open(page, "/forgot-password", info);
    const dialog = page.getByRole("dialog", { name: "Forgot password" });
    await dialog.getByLabel("Username").fill(account.user);
    await dialog.getByLabel("Email").fill(account.email);
    await dialog.getByRole("button", { name: "Send" }).click();
    await expect(dialog.getByText(/If the username and email match an account/)).toBeVisible();
    const mail = operator("outbox", account.email);
    const temporary = /\b[A-Z0-9]{4}[a-z0-9]{4}[0-9]{4}\b/.exec(mail)?.[0];
    expect(temporary, mail).toBeTruthy();
    await login(page, info, { username: account.user, password: temporary ?? "" });
    await expect(page).toHaveURL(/\/change-password$/);
    const change = page.getByRole("dialog", { name: "Change password" });
    await change.getByLabel("Current password").fill(temporary ?? "");
    await change.getByLabel("New password", { exact: true }).fill("Mailed-then-1");
    await change.getByLabel("Confirm new password").fill("Mailed-then-1");
    await change.getByRole("button", { name: "Change password" }).click();
    await expect(page.getByRole("status")).toHaveText("Your password has been changed.");
  } finally {
    operator("reset-password", account.user, account.password);
  }
});

test("forgot password by phone: code, new password, logged in", async ({ page }, info) => {
  // One account per project: the platform lets a number have one code a minute.
  const account = jsOn(info) ? { user: "demo_2fa", mobile: "1812345678" } : { user: "demo_member", mobile: "1712345678" };
  try {
    await open(page, "/forgot-password?tab=phone", info);
    const dialog = page.getByRole("dialog", { name: "Forgot password" });
    await dialog.getByLabel("Mobile number").fill(account.mobile);
    await dialog.getByTestId("send-code").click();
    await expect(dialog.getByText("We sent a code by SMS. Enter it below.")).toBeVisible();
    await dialog.getByLabel("Verification code").fill(latestSmsCode(account.mobile));
    await dialog.getByLabel("New password").fill(`Phone-${info.project.name}-1`);
    await dialog.getByRole("button", { name: "Reset password and log in" }).click();
    await expect(page.getByTestId("balance")).toBeVisible();
    await expect(page.getByTestId("user-name")).toHaveText(account.user);
  } finally {
    operator("reset-password", account.user, "Demo@1234");
  }
});

test("a default password must be changed before anything else", async ({ page }, info) => {
  await open(page, "/login", info);
  const dialog = page.getByRole("dialog", { name: "Log in" });
  await dialog.getByLabel("Username").fill("demo_default");
  await dialog.getByLabel("Password").fill("123456");
  await dialog.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(/\/change-password$/);
  const change = page.getByRole("dialog", { name: "Change password" });
  await expect(change.getByText(/please set a new password/)).toBeVisible();
  await expect(change.getByRole("link", { name: "Close" })).toHaveCount(0);
  // Other pages wait until the password is changed.
  await page.goto("/vip");
  await expect(page).toHaveURL(/\/change-password$/);
  if (!jsOn(info)) await dropNativeChecks(page);
  await change.getByLabel("Current password").fill("not-the-password");
  await change.getByLabel("New password", { exact: true }).fill("Fresh-pass-9");
  await change.getByLabel("Confirm new password").fill("Fresh-pass-9");
  await change.getByRole("button", { name: "Change password" }).click();
  await expect(change.getByRole("alert")).toHaveText("The current password is not correct.");
  if (!jsOn(info)) await dropNativeChecks(page);
  await change.getByLabel("Current password").fill("123456");
  await change.getByLabel("New password", { exact: true }).fill("Fresh-pass-9");
  await change.getByLabel("Confirm new password").fill("Other-pass-9");
  await change.getByRole("button", { name: "Change password" }).click();
  await expect(change.getByText("The two passwords do not match.")).toBeVisible();
  await change.getByLabel("Current password").fill("123456");
  await change.getByLabel("New password", { exact: true }).fill("Fresh-pass-9");
  await change.getByLabel("Confirm new password").fill("Fresh-pass-9");
  await change.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByRole("status")).toHaveText("Your password has been changed.");
  await page.goto("/vip");
  await expect(page).toHaveURL(/\/vip$/);
  // Put it back for the other project's run.
  await open(page, "/change-password", info);
  const again = page.getByRole("dialog", { name: "Change password" });
  await again.getByLabel("Current password").fill("Fresh-pass-9");
  await again.getByLabel("New password", { exact: true }).fill("123456-back");
  await again.getByLabel("Confirm new password").fill("123456-back");
  await again.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByRole("status")).toHaveText("Your password has been changed.");
  operator("reset-password", "demo_default", "123456");
});
