import { expect, test } from "@playwright/test";
import { OPERATOR_PORT } from "../../playwright.config";
import { open } from "./helpers";

// Decision 013 end to end, in both projects: Google login through the embedded platform's TEST
// identity provider (served on the operator listener, 127.0.0.1:OPERATOR_PORT, 3199 by default), and a tampered state.

test("the login and register modals offer Google and Facebook as plain links", async ({ page }, info) => {
  await open(page, "/login?redirectTo=%2Fmember", info);
  const login = page.getByRole("dialog", { name: "Log in" });
  await expect(login.getByRole("link", { name: "Continue with Google" })).toHaveAttribute("href", "/auth/google?redirectTo=%2Fmember");
  await expect(login.getByRole("link", { name: "Continue with Facebook" })).toHaveAttribute("href", "/auth/facebook?redirectTo=%2Fmember");
  await open(page, "/register", info);
  const register = page.getByRole("dialog", { name: "Register" });
  await expect(register.getByRole("link", { name: "Continue with Google" })).toHaveAttribute("href", "/auth/google");
  await expect(register.getByRole("link", { name: "Continue with Facebook" })).toHaveAttribute("href", "/auth/facebook");
});

test("Google login through the test provider ends logged in", async ({ page }, info) => {
  await open(page, "/login", info);
  await page.getByRole("dialog", { name: "Log in" }).getByRole("link", { name: "Continue with Google" }).click();
  await expect(page.getByRole("heading", { name: "Test Google sign-in" })).toBeVisible();
  expect(new URL(page.url()).host).toBe(`127.0.0.1:${OPERATOR_PORT}`);
  await expect(page.getByText("TEST identity provider")).toBeVisible();
  await page.getByRole("button", { name: /Google Test User/ }).click();
  await expect(page.getByTestId("balance")).toBeVisible();
  await expect(page.getByRole("status")).toHaveText(/Welcome/);
  expect(new URL(page.url()).pathname).toBe("/");
});

test("a tampered state is refused with a message on the login modal", async ({ page }, info) => {
  await open(page, "/login", info);
  await page.getByRole("dialog", { name: "Log in" }).getByRole("link", { name: "Continue with Google" }).click();
  await expect(page.getByRole("heading", { name: "Test Google sign-in" })).toBeVisible();
  await page.locator("input[name=state]").evaluate((input: HTMLInputElement) => {
    input.value = "tampered-state";
  });
  await page.getByRole("button", { name: /Google Test User/ }).click();
  await expect(page.getByRole("alert")).toHaveText(
    "Signing in with Google or Facebook did not work. Please try again or log in with your username.",
  );
  await expect(page.getByRole("dialog", { name: "Log in" })).toBeVisible();
  await expect(page.getByTestId("balance")).toHaveCount(0);
});

test("the test provider sends codes only to its registered redirect URIs, and asks for PKCE", async ({ page }, info) => {
  // Reached the way a phishing link would: the site's own client id, someone else's redirect URI.
  const authorize = `http://127.0.0.1:${OPERATOR_PORT}/idp/google/authorize?client_id=test-google-client&response_type=code&scope=openid&state=s1`;
  const stolen = await page.goto(
    `${authorize}&redirect_uri=${encodeURIComponent("https://evil.example/auth/google/callback")}&code_challenge=${"a".repeat(43)}&code_challenge_method=S256`,
  );
  expect(stolen?.status()).toBe(400);
  expect(new URL(page.url()).host).toBe(`127.0.0.1:${OPERATOR_PORT}`);
  // The site's own callback without PKCE goes back with an error, not a code.
  const callback = `${info.project.use.baseURL}/auth/google/callback`;
  await page.goto(`${authorize}&redirect_uri=${encodeURIComponent(callback)}`);
  await expect(page.getByRole("alert")).toHaveText(
    "Signing in with Google or Facebook did not work. Please try again or log in with your username.",
  );
  await expect(page.getByTestId("balance")).toHaveCount(0);
});
