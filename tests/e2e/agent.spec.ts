import { expect, type Page, test } from "@playwright/test";
import { logout, uniqueName } from "./accounts-helpers";
import { jsOn, login, open, openSideMenu, operator } from "./helpers";

// Issue 12 end to end, in both projects, as demo_agent: every page of the agent centre with the
// seeded team's data, a downline account opened in the register centre and found in team
// management, a daily-salary contract offered, accepted by the sub-agent and settled, money sent
// down to the sub-agent and back up; a member and a trial account are refused.

const AGENT = { username: "demo_agent", password: "Demo@1234" };
const SUB = { username: "demo_subagent", password: "Demo@1234" };
/** The withdraw password the demo seed gives its agents. */
const WITHDRAW_PASSWORD = "Agent#2468";

/** The pages and what each shows from the seed, found by its list or summary. */
const PAGES: [path: string, heading: string, testId: string][] = [
  ["/agent/announcement", "Announcement", "agent-announcements"],
  ["/agent/overview", "Overview", "agent-periods"],
  ["/agent/team", "Team management", "downlines"],
  ["/agent/team-betting", "Team betting", "team-bets"],
  ["/agent/profit-loss", "User profit and loss", "team-pl"],
  ["/agent/income", "My income", "income"],
  ["/agent/transactions", "Transaction details", "team-transactions"],
  ["/agent/dividend", "Dividend", "contracts-team"],
  ["/agent/daily-salary", "Daily salary", "contracts-team"],
  ["/agent/hourly-salary", "Hourly salary", "contracts-team"],
];

async function mainBalance(page: Page): Promise<number> {
  return Number((await page.getByTestId("balance").innerText()).replace(/[^\d.]/g, ""));
}

test("an agent finds the seeded team's data on every page of the agent centre", async ({ page }, info) => {
  await login(page, info, AGENT);
  await open(page, "/agent", info);
  await expect(page).toHaveURL(/\/agent\/overview$/);
  const menu = page.getByRole("navigation", { name: "Agent centre" });
  for (const label of [
    "Announcement",
    "Overview",
    "Account register centre",
    "Team management",
    "Team betting",
    "User profit and loss",
    "My income",
    "Transaction details",
    "Dividend",
    "Daily salary",
    "Hourly salary",
    "Real-time salary",
  ]) {
    await expect(menu.getByRole("link", { name: label, exact: true })).toBeVisible();
  }
  for (const [path, heading, testId] of PAGES) {
    // A month back, so every report has the seeded days in range.
    await open(page, path.match(/team-betting|profit-loss|income|transactions/) ? `${path}?range=last30` : path, info);
    await expect(page.getByRole("heading", { name: heading, exact: true })).toBeVisible();
    await expect(page.getByTestId(testId).locator(":scope > *").first(), path).toBeVisible();
  }
  // Overview: a team, and this month's valid bets are not zero.
  await open(page, "/agent/overview", info);
  expect(
    Number(
      (
        await page
          .getByTestId("agent-summary")
          .getByText(/^\d[\d,]*$/)
          .first()
          .innerText()
      ).replace(/,/g, ""),
    ),
  ).toBeGreaterThan(10);
  // Team management: drill down into the sub-agent's team and back up by the breadcrumb.
  await open(page, "/agent/team?sort=account&order=asc", info);
  const sub = page.getByTestId("downlines").locator("li").filter({ hasText: SUB.username }).first();
  await sub.getByRole("link", { name: /Their team/ }).click();
  await expect(page).toHaveURL(/parent=\d+/);
  const crumbs = page.getByRole("navigation", { name: "Where you are in the team" });
  await expect(crumbs.getByText(SUB.username)).toBeVisible();
  await expect(page.getByTestId("downlines").getByText("demo_subagent2")).toBeVisible();
  await crumbs.getByRole("link", { name: AGENT.username }).click();
  await expect(page).not.toHaveURL(/parent=/);
  // The real-time salary page: the contracts I offered, or none yet, with the offer form.
  await open(page, "/agent/realtime-salary", info);
  await expect(page.getByRole("heading", { name: "Offer a contract" })).toBeVisible();
});

test("an agent opens a member account under itself and finds it in team management", async ({ page }, info) => {
  await login(page, info, AGENT);
  await open(page, "/agent/register-center", info);
  await expect(page.getByTestId("affiliate-links").locator("svg").first()).toBeVisible();
  const name = uniqueName(info);
  const form = page.getByRole("form", { name: "Open a downline account" });
  await form.getByLabel("Account type").selectOption({ label: "Member" });
  await form.getByLabel("Username").fill(name);
  await form.getByLabel("Password", { exact: true }).fill("Secret-pass-1");
  await form.getByLabel("Confirm password").fill("Secret-pass-1");
  const mobile = form.getByLabel("Mobile number");
  if (await mobile.count()) await mobile.fill(`17${String(Date.now()).slice(-8)}`);
  const email = form.getByLabel("Email");
  if (await email.count()) await email.fill(`${name}@example.com`);
  await form.getByRole("button", { name: "Open account" }).click();
  await expect(page.getByRole("status").filter({ hasText: "The member account is open." })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/agent/team\\?q=${name}`));
  const row = page.getByTestId("downlines").locator("li").filter({ hasText: name });
  await expect(row).toContainText("Level 1");
  await expect(row).toContainText("Member");
  // The same name again is refused with registration's message, and nothing else is lost.
  await open(page, "/agent/register-center", info);
  await form.getByLabel("Username").fill(name);
  await form.getByLabel("Password", { exact: true }).fill("Secret-pass-1");
  await form.getByLabel("Confirm password").fill("Secret-pass-1");
  if (await mobile.count()) await mobile.fill(`17${String(Date.now() + 1).slice(-8)}`);
  if (await email.count()) await email.fill(`${name}.2@example.com`);
  await form.getByRole("button", { name: "Open account" }).click();
  await expect(form.getByText("This username is taken. Please choose another.")).toBeVisible();
  await expect(form.getByLabel("Username")).toHaveValue(name);
});

test("a daily-salary contract: offered by the agent, accepted by the sub-agent, settled from the command line, paid", async ({
  page,
}, info) => {
  await login(page, info, AGENT);
  await open(page, "/agent/daily-salary", info);
  const form = page.getByRole("form", { name: "Offer a contract" });
  await form.getByLabel("Sub-agent").selectOption({ label: SUB.username });
  await form.getByLabel("Rate (%)").fill("1.5");
  await form.getByLabel("Valid bets in the period").fill("10");
  await form.getByLabel("Active members").fill("1");
  await form.getByRole("button", { name: "Offer", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: "Your offer was sent." })).toBeVisible();
  const offered = page
    .getByTestId("contracts-team")
    .locator("li")
    .filter({ hasText: SUB.username })
    .filter({ hasText: "Waiting for an answer" });
  await expect(offered).toContainText(/Rate \(%\)\s*1\.5/);
  await logout(page);

  await login(page, info, SUB);
  await open(page, "/agent/daily-salary", info);
  // The entry carries a badge while the offer waits for this agent's answer.
  await expect(page.getByRole("navigation", { name: "Agent centre" }).getByRole("link", { name: /Daily salary/ })).toContainText("1");
  const waiting = page.getByTestId("contracts-mine").locator("li").filter({ hasText: "Waiting for your answer." });
  await expect(waiting).toContainText(/Rate \(%\)\s*1\.5/);
  await waiting.getByRole("button", { name: "Accept" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Accepted." })).toBeVisible();
  await expect(page.getByTestId("contracts-mine").locator('li[data-status="ACCEPTED"]')).toContainText(/Rate \(%\)\s*1\.5/);

  // The operator settles now: every closed period owed is paid once (the platform's own timer may
  // have paid them already), so a second run right after finds nothing to settle.
  expect(operator("settle", "DAILY")).toMatch(/\d+ periods? settled, \d+ paid, total \d+\.\d{2}/);
  expect(operator("settle", "DAILY")).toMatch(/^0 periods settled, 0 paid, total 0\.00$/m);
  await open(page, "/agent/income?range=last30&type=DAILY_SALARY", info);
  await expect(page.getByTestId("income").locator("li").first()).toContainText("Daily salary");
  await expect(page.getByTestId("income-summary")).toBeVisible();
});

test("an offer below what the sub-agent gives its own agents lists them and waits for the agent's confirmation", async ({ page }, info) => {
  await login(page, info, AGENT);
  await open(page, "/agent/daily-salary", info);
  const form = page.getByRole("form", { name: "Offer a contract" });
  await form.getByLabel("Sub-agent").selectOption({ label: SUB.username });
  // demo_subagent gives demo_subagent2 0.8% a day: 0.5% would pay it less than it pays below.
  await form.getByLabel("Rate (%)").fill("0.5");
  await form.getByRole("button", { name: "Offer", exact: true }).click();
  const affected = page.getByTestId("affected");
  await expect(affected).toContainText("demo_subagent2");
  await expect(page.getByTestId("contracts-team").locator('li[data-status="PENDING"]')).toHaveCount(0);
  await form.getByLabel("I understand, offer it anyway").check();
  await form.getByRole("button", { name: "Offer", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: "Your offer was sent." })).toBeVisible();
  const pending = page.getByTestId("contracts-team").locator('li[data-status="PENDING"]');
  await expect(pending).toContainText(/Rate \(%\)\s*0\.5/);
  // The agent thinks again and withdraws it; nothing changed below.
  await pending.getByRole("button", { name: "Withdraw request" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Your request was withdrawn." })).toBeVisible();
  await expect(page.getByTestId("contracts-team").locator('li[data-status="PENDING"]')).toHaveCount(0);
});

test("an agent sends money down to a direct sub-agent, and the sub-agent sends some back up", async ({ page }, info) => {
  await login(page, info, AGENT);
  const before = await mainBalance(page);
  await open(page, "/agent/team?sort=account&order=asc", info);
  const row = () => page.getByTestId("downlines").locator("li").filter({ hasText: SUB.username }).first();
  await row().getByRole("link", { name: "Transfer" }).click();
  const form = page.getByRole("form", { name: `Send money to ${SUB.username}` });
  // A bad amount stays a message under the field.
  await form.getByLabel("Amount").fill("1.234");
  await form.getByLabel("Withdraw password").fill(WITHDRAW_PASSWORD);
  await form.getByRole("button", { name: "Send" }).click();
  await expect(form.getByText("Enter an amount above 0 with at most 2 decimals.")).toBeVisible();
  // The wrong withdraw password is refused, nothing moves.
  await form.getByLabel("Amount").fill("25");
  await form.getByLabel("Withdraw password").fill("wrong-one");
  await form.getByRole("button", { name: "Send" }).click();
  await expect(form.getByRole("alert")).toBeVisible();
  await form.getByLabel("Amount").fill("25");
  await form.getByLabel("Withdraw password").fill(WITHDRAW_PASSWORD);
  await form.getByRole("button", { name: "Send" }).click();
  await expect(page.getByRole("status").filter({ hasText: "The money was sent." })).toBeVisible();
  if (!jsOn(info)) await page.reload();
  await expect.poll(() => mainBalance(page)).toBeCloseTo(before - 25, 2);
  // Both sides see it: the agent's team transactions.
  await open(page, "/agent/transactions?txType=TRANSFER_DOWN", info);
  await expect(page.getByTestId("team-transactions").locator("li").filter({ hasText: SUB.username }).first()).toBeVisible();
  await logout(page);

  await login(page, info, SUB);
  await open(page, "/member/transfer-upline", info);
  await page.getByLabel("Amount").fill("10");
  await page.getByLabel("Withdraw password").fill(WITHDRAW_PASSWORD);
  await page.getByRole("button", { name: "Send" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Sent to your upline." })).toBeVisible();
  await open(page, "/member/account-record?range=today", info);
  await expect(page.getByTestId("transactions")).toContainText(/upline/i);
  await open(page, "/member/messages", info);
  await expect(page.getByTestId("inbox")).toContainText(/demo_agent|upline/i);
});

test("a member and a trial account are refused the agent centre and its forms", async ({ page }, info) => {
  await login(page, info, { username: "demo_member", password: "Demo@1234" });
  for (const path of ["/agent/overview", "/agent/team", "/agent/daily-salary"]) {
    const refused = await page.goto(path);
    expect(refused?.status(), path).toBe(403);
    await expect(page.getByText("Non-agents cannot log in to the agent centre.")).toBeVisible();
  }
  await logout(page);
  await open(page, "/login", info);
  await page.getByRole("button", { name: "Try for free" }).click();
  await expect(page.getByRole("status")).toHaveText(/trial credit/);
  const trial = await page.goto("/agent/team");
  expect(trial?.status()).toBe(403);
  await expect(page.getByText("This needs a real account.")).toBeVisible();
});

test("an entry switched off by its module or its contract flag leaves the menu and answers 404; the affiliate button opens the register centre", async ({
  page,
}, info) => {
  await login(page, info, AGENT);
  // The side menu's affiliate button: an agent's goes to its register centre.
  await openSideMenu(page);
  await page.getByTestId("side-menu").getByRole("link", { name: "Share and earn" }).click();
  await expect(page).toHaveURL(/\/agent\/register-center$/);
  const menu = page.getByRole("navigation", { name: "Agent centre" });
  try {
    operator("module", "HOURSAL3", "off");
    // The merchant's contract types without dividends: the flag divtypereq reads 0.
    operator("setting", "agentContracts", JSON.stringify(["DAILY", "HOURLY", "REALTIME"]));
    for (const path of ["/agent/hourly-salary", "/agent/dividend"]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
    }
    await open(page, "/agent/overview", info);
    await expect(menu.getByRole("link", { name: "Daily salary", exact: true })).toBeVisible();
    await expect(menu.getByRole("link", { name: "Hourly salary", exact: true })).toHaveCount(0);
    await expect(menu.getByRole("link", { name: "Dividend", exact: true })).toHaveCount(0);
  } finally {
    operator("module", "HOURSAL3", "on");
    operator("setting", "agentContracts", JSON.stringify(["DIVIDEND", "DAILY", "HOURLY", "REALTIME"]));
  }
  await open(page, "/agent/dividend", info);
  await expect(menu.getByRole("link", { name: "Dividend", exact: true })).toBeVisible();
});
