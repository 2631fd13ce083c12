import { expect, type Page, test } from "@playwright/test";
import { newMember } from "./accounts-helpers";
import { jsOn, login, open, operator } from "./helpers";

// Money in the member centre, in both projects: wallets, a deposit the operator approves, a
// withdrawal the operator pays out and the member confirms as partly received, the inbox.

const WITHDRAW_PASSWORD = "Cash#2026";
/** A real 1×1 PNG: the platform decodes proof pictures. */
const ONE_PIXEL_PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";

async function walletAmount(page: Page, name: RegExp): Promise<number> {
  const row = page.getByTestId("wallets").locator("li").filter({ hasText: name });
  return Number((await row.locator("span").last().innerText()).replace(/[^\d.]/g, ""));
}

test("money moves between the main wallet and a game wallet, and all of it comes back", async ({ page }, info) => {
  await login(page, info);
  await open(page, "/member/transfer-fund", info);
  const jili = await walletAmount(page, /JILI/);
  // From the main wallet (the default) to the first game wallet (JILI, the default).
  await expect(page.getByLabel("From")).toHaveValue("2");
  await page.getByLabel("Amount").fill("10");
  await page.getByRole("button", { name: "Transfer" }).click();
  await expect(page.getByRole("status").filter({ hasText: "The money has been moved." })).toBeVisible();
  expect(await walletAmount(page, /JILI/)).toBeCloseTo(jili + 10, 2);

  // A bad amount is a message under the field, nothing moves.
  await page.getByLabel("Amount").fill("1.234");
  await page.getByRole("button", { name: "Transfer" }).click();
  await expect(page.getByText("Enter an amount above 0 with at most 2 decimals.")).toBeVisible();

  await page.getByRole("button", { name: "Bring everything back to the main wallet" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Everything is back in your main wallet." })).toBeVisible();
  expect(await walletAmount(page, /JILI/)).toBe(0);
});

test("with JavaScript the form's validation loads when it is first touched, then refuses a bad amount without a request", async ({
  page,
}, info) => {
  test.skip(!jsOn(info), "without JavaScript the server validates (the test above)");
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(request.url());
  });
  await login(page, info);
  await open(page, "/member/transfer-fund", info);
  await page.waitForLoadState("networkidle");
  const beforeTouch = scripts.length;
  await page.getByLabel("Amount").fill("1.234");
  await page.waitForLoadState("networkidle");
  // Zod and the form's schema came with the first touch, not with the page.
  expect(scripts.length).toBeGreaterThan(beforeTouch);
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") posts.push(request.url());
  });
  await page.getByRole("button", { name: "Transfer" }).click();
  await expect(page.getByText("Enter an amount above 0 with at most 2 decimals.")).toBeVisible();
  expect(posts).toEqual([]);
});

test("a single-wallet site hides wallet transfers and keeps the way back", async ({ page }, info) => {
  operator("setting", "singleWallet", "true");
  try {
    await login(page, info);
    await open(page, "/member/transfer-fund", info);
    await expect(page.getByTestId("single-wallet")).toBeVisible();
    await expect(page.getByRole("button", { name: "Transfer", exact: true })).toHaveCount(0);
    await expect(page.getByLabel("To", { exact: true })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Bring everything back to the main wallet" })).toBeVisible();
  } finally {
    operator("setting", "singleWallet", "false");
  }
});

test("a deposit is pending until the operator approves it, then credited with a message", async ({ page }, info) => {
  await login(page, info);
  await open(page, "/member/deposit", info);
  await page.getByRole("link", { name: "bKash", exact: true }).click();
  await page.getByLabel(/^Amount/).fill("500");
  await page.getByLabel("Payment reference (transaction ID)").fill(`TRX${Date.now()}`);
  await page.getByRole("button", { name: "Request deposit" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Deposit requested." })).toBeVisible();
  const row = page.getByTestId("recent-deposits").locator("li").first();
  await expect(row.locator("[data-status]")).toHaveText("Pending");
  const id = /#(\d+)/.exec(await row.innerText())?.[1];
  expect(id).toBeTruthy();

  operator("deposit", "approve", id!);
  await open(page, "/member/deposit", info);
  await expect(
    page
      .getByTestId("recent-deposits")
      .locator("li")
      .filter({ hasText: `#${id}` })
      .locator("[data-status]"),
  ).toHaveText("Credited");

  // The account record shows the credit.
  await open(page, "/member/account-record?range=today&txType=DEPOSIT", info);
  await expect(page.getByTestId("transactions").locator("li").first()).toContainText(/\+৳\s500\.00/);

  await open(page, "/member/messages", info);
  await expect(page.getByTestId("inbox").locator("li").first()).toContainText(/500/);
  await expect(page.getByTestId("unread-badge")).toBeVisible();
  await page.getByRole("button", { name: "Mark all as read" }).click();
  await expect(page.getByTestId("unread-badge")).toHaveCount(0);
});

test("withdrawals with the withdraw password, paid out, confirmed as partly received and as not received with proof", async ({
  page,
}, info) => {
  // A new member in each project, so both take the first-run path (no password, no account yet).
  await newMember(page, info, 1000);
  await open(page, "/member/withdraw", info);

  await expect(page.getByText("Set a withdraw password")).toBeVisible();
  await page.getByLabel("New withdraw password", { exact: true }).fill(WITHDRAW_PASSWORD);
  await page.getByLabel("Repeat the new withdraw password").fill(WITHDRAW_PASSWORD);
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Your withdraw password is set." })).toBeVisible();

  await expect(page.getByText("Bind a bank card or e-wallet below")).toBeVisible();
  await page.getByLabel("Account holder's name").fill("Demo Member");
  await page.getByLabel("Account or wallet number").fill("01712345678");
  await page.getByRole("button", { name: "Bind", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: "The account is bound." })).toBeVisible();

  await page.getByLabel(/^Amount/).fill("200");
  await page.getByLabel("Withdraw password", { exact: true }).fill("wrong-one");
  await page.getByRole("button", { name: "Request withdrawal" }).click();
  await expect(page.getByRole("alert").filter({ hasText: /password/i })).toBeVisible();

  await page.getByLabel(/^Amount/).fill("200");
  await page.getByLabel("Withdraw password", { exact: true }).fill(WITHDRAW_PASSWORD);
  await page.getByRole("button", { name: "Request withdrawal" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Withdrawal requested." })).toBeVisible();
  const row = page.getByTestId("withdrawals").locator("li").first();
  await expect(row.locator("[data-status]")).toHaveText("Pending");
  const id = /#(\d+)/.exec(await row.innerText())?.[1];

  operator("withdraw", "issue", id!);
  await open(page, "/member/withdraw", info);
  const issued = page
    .getByTestId("withdrawals")
    .locator("li")
    .filter({ hasText: `#${id}` });
  await issued.getByLabel("Partly received").check();
  await issued.getByLabel("Amount received (if partly)").fill("150");
  await issued.getByRole("button", { name: "Send answer" }).click();
  await expect(page.getByRole("status").filter({ hasText: "your answer is recorded" })).toBeVisible();
  await expect(
    page
      .getByTestId("withdrawals")
      .locator("li")
      .filter({ hasText: `#${id}` })
      .locator("[data-status]"),
  ).toHaveText("Partly received");

  // Another one paid out and not received: the answer carries a proof picture (a multipart post).
  await page.getByLabel(/^Amount/).fill("100");
  await page.getByLabel("Withdraw password", { exact: true }).fill(WITHDRAW_PASSWORD);
  await page.getByRole("button", { name: "Request withdrawal" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Withdrawal requested." })).toBeVisible();
  const second = /#(\d+)/.exec(await page.getByTestId("withdrawals").locator("li").first().innerText())?.[1];
  expect(second).not.toBe(id);
  operator("withdraw", "issue", second!);
  await open(page, "/member/withdraw", info);
  const lost = page
    .getByTestId("withdrawals")
    .locator("li")
    .filter({ hasText: `#${second}` });
  await lost.getByRole("radio", { name: "Not received" }).check();
  await lost
    .getByLabel(/^Proof pictures/)
    .setInputFiles({ name: "receipt.png", mimeType: "image/png", buffer: Buffer.from(ONE_PIXEL_PNG, "base64") });
  await lost.getByRole("button", { name: "Send answer" }).click();
  await expect(page.getByRole("status").filter({ hasText: "your answer is recorded" })).toBeVisible();
  await expect(
    page
      .getByTestId("withdrawals")
      .locator("li")
      .filter({ hasText: `#${second}` })
      .locator("[data-status]"),
  ).toHaveText("Not received");
});

test("one message read on its own; the unread count goes down by one", async ({ page }, info) => {
  const member = await newMember(page, info, 0);
  const stamp = Date.now();
  const [first, second] = [`Notice A ${stamp}`, `Notice B ${stamp}`];
  operator("message", member.username, first);
  operator("message", member.username, second);
  await open(page, "/member/messages", info);
  const unread = Number(await page.getByTestId("unread-badge").innerText());
  expect(unread).toBeGreaterThanOrEqual(2);
  const item = (text: string) => page.getByTestId("inbox").locator("li").filter({ hasText: text });
  await expect(item(first).getByText("New", { exact: true })).toBeVisible();
  // Opened (a details element: no JavaScript needed) and marked read on its own.
  await item(first).locator("summary").click();
  await item(first).getByRole("button", { name: "Mark as read" }).click();
  await expect(item(first).getByText("New", { exact: true })).toHaveCount(0);
  await expect(page.getByTestId("unread-badge")).toHaveText(String(unread - 1));
  await expect(item(second).getByText("New", { exact: true })).toBeVisible();
});
