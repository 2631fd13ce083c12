import { expect, test } from "@playwright/test";
import { login, MEMBER, open } from "./helpers";

// The member centre's records, cashback and responsible gaming, in both projects.

const VIP = { username: "demo_vip", password: "Demo@1234" };
const count = async (text: string) => Number(/(\d+) bets/.exec(text)?.[1] ?? NaN);

test("betting and account records filter by date and type", async ({ page }, info) => {
  await login(page, info, MEMBER);
  await open(page, "/member/betting-record", info);
  await page.getByTestId("date-presets").getByRole("link", { name: "Last 30 days" }).click();
  await expect(page).toHaveURL(/range=last30/);
  const all = await count(await page.getByTestId("bets-summary").innerText());
  expect(all).toBeGreaterThan(0);
  await page.getByRole("list", { name: "Game type" }).getByRole("link", { name: "Slots" }).click();
  await expect(page).toHaveURL(/range=last30&gameType=RNG/);
  await expect.poll(async () => count(await page.getByTestId("bets-summary").innerText())).toBeLessThan(all);

  await open(page, "/member/account-record?range=last30", info);
  await page.getByRole("list", { name: "Transaction type" }).getByRole("link", { name: "Bet", exact: true }).click();
  await expect(page).toHaveURL(/txType=BET/);
  const rows = page.getByTestId("transactions").locator("li");
  await expect(rows.first()).toBeVisible();
  for (const row of await rows.all()) await expect(row.locator("span").first()).toHaveText("Bet");
});

test("cashback is claimed into the main wallet once", async ({ page }, info) => {
  await login(page, info, MEMBER);
  await open(page, "/member/cashback", info);
  const claim = page.getByRole("button", { name: "Claim cashback" });
  if (await claim.isEnabled()) {
    await claim.click();
    await expect(page.getByRole("status").filter({ hasText: "Cashback added to your main wallet." })).toBeVisible();
  }
  // Claimed (now or by the other project's run): nothing left until new bets earn more.
  await expect(page.getByTestId("rebate-total")).toHaveText(/^0\.\d\d$/);
  await expect(claim).toBeDisabled();
});

test("a deposit limit set by the member refuses a larger deposit", async ({ page }, info) => {
  await login(page, info, VIP);
  await open(page, "/member/responsible-gaming", info);
  await page.getByLabel("Type").selectOption("DEPOSIT");
  await page.getByLabel("Period").selectOption("DAY");
  await page.getByLabel(/^Amount/).fill("100");
  await page.getByRole("button", { name: "Save" }).first().click();
  await expect(page.getByRole("status").filter({ hasText: "The limit applies now." })).toBeVisible();
  await expect(page.locator("[data-limit=DEPOSIT-DAY] td").first()).toHaveText("100.00");

  await open(page, "/member/deposit", info);
  await page.getByRole("link", { name: "bKash", exact: true }).click();
  await page.getByLabel(/^Amount/).fill("500");
  await page.getByLabel("Payment reference (transaction ID)").fill(`TRX${Date.now()}`);
  await page.getByRole("button", { name: "Request deposit" }).click();
  await expect(page.getByRole("alert").filter({ hasText: /daily deposit limit/ })).toBeVisible();
  await expect(page.getByTestId("recent-deposits")).toHaveCount(0);
});
