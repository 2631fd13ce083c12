import { expect, test } from "@playwright/test";
import { logout } from "./accounts-helpers";
import { jsOn, login, MEMBER, open, openSideMenu, operator } from "./helpers";

// Issue 13's content screens in both projects: notices (9 a page, one open at a time), the
// announcement popup (by itself once after login, 5 a page, a detail panel, not again today), the
// help centre (topics, search, a deep link), feedback answered by the operator, the site pages, app
// download with QR codes, join us, and the screens known by name.

test("notices: nine a page, one open at a time, and the notice chosen on home opens on its page", async ({ page }, info) => {
  await open(page, "/noticePage", info);
  const list = page.getByTestId("notice-list").locator(":scope > li");
  await expect(list).toHaveCount(9);
  const pager = page.getByRole("navigation", { name: "Notice pages" });
  await expect(pager.getByRole("link", { name: "1" })).toHaveAttribute("aria-current", "page");
  // One open at a time: opening the second closes the first; clicking the open one closes it.
  const first = list.nth(0).locator("details");
  const second = list.nth(1).locator("details");
  await first.locator("summary").click();
  await expect(first).toHaveAttribute("open", "");
  await second.locator("summary").click();
  await expect(second).toHaveAttribute("open", "");
  await expect(first).not.toHaveAttribute("open", "");
  await second.locator("summary").click();
  await expect(second).not.toHaveAttribute("open", "");
  // A new page starts with everything closed.
  await pager.getByRole("link", { name: "2" }).click();
  await expect(pager.getByRole("link", { name: "2" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByTestId("notice-list").locator("details[open]")).toHaveCount(0);
  // Times as year-month-day hour:minute:second.
  await expect(page.getByTestId("notice-list").locator("time").first()).toHaveText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  // From home: the notice opens on the notices page, open.
  await open(page, "/", info);
  const notice = page.getByTestId("notices").getByRole("link").first();
  const title = (await notice.innerText()).trim();
  await notice.click();
  await expect(page).toHaveURL(/\/noticePage\?id=/);
  await expect(page.getByTestId("notice-list").locator("details[open] summary")).toContainText(title);
  // "News" is the same screen.
  await open(page, "/news", info);
  await expect(page.getByRole("heading", { name: "Notices", level: 1 })).toBeVisible();
});

test("the announcement popup opens by itself once after login, pages, shows one announcement, and can wait until tomorrow", async ({
  page,
}, info) => {
  await open(page, "/login", info);
  const dialog = page.getByRole("dialog", { name: "Log in" });
  await dialog.getByLabel("Username").fill(MEMBER.username);
  await dialog.getByLabel("Password").fill(MEMBER.password);
  await dialog.getByRole("button", { name: "Log in" }).click();
  const popup = page.getByRole("dialog", { name: "Announcements" });
  await expect(popup).toBeVisible();
  await expect(popup.getByTestId("popup-list").locator("li")).toHaveCount(5);
  await popup.getByTestId("popup-list").getByRole("link").nth(1).click();
  await expect(popup.getByTestId("popup-detail")).toBeVisible();
  // A page change closes the detail.
  await popup.getByRole("navigation", { name: "Announcement pages" }).getByRole("link", { name: "2" }).click();
  await expect(popup.getByTestId("popup-detail")).toHaveCount(0);
  await popup.getByRole("link", { name: "Close" }).click();
  await expect(popup).toBeHidden();
  // Once per login: home again, no popup.
  await open(page, "/", info);
  await expect(page.getByRole("dialog", { name: "Announcements" })).toHaveCount(0);
  // From the side menu, whenever asked; "to promotions" opens the reward centre and closes it.
  await openSideMenu(page);
  await page.getByTestId("side-menu").getByRole("link", { name: "Announcements" }).click();
  await expect(popup).toBeVisible();
  await popup.getByRole("link", { name: "To promotions" }).click();
  await expect(page).toHaveURL(/\/member\/reward-center$/);
  await expect(popup).toHaveCount(0);
  // Not again today: asked from the popup, it goes home and stays closed.
  await open(page, "/announcements", info);
  await popup.getByRole("button", { name: "Don't show again today" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(popup).toHaveCount(0);
});

test("help centre: topics, a search that finds an answer, and a deep link that opens it; the bare page too", async ({ page }, info) => {
  await open(page, "/help", info);
  const topics = page.getByRole("list", { name: "Help topics" });
  await expect(topics.getByRole("link")).not.toHaveCount(0);
  await topics.getByRole("link").nth(1).click();
  await expect(page.getByTestId("help-articles").locator("li").first()).toBeVisible();
  await page.getByRole("searchbox", { name: "Search help" }).fill("bKash");
  await page.getByRole("button", { name: "Search", exact: true }).click();
  const results = page.getByTestId("help-results");
  await expect(results).toContainText(/answers? for “bKash”/);
  const first = results.locator("li").first();
  await expect(first).toBeVisible();
  const id = (await first.getAttribute("id"))!.replace("article-", "");
  await open(page, `/help?article=${id}`, info);
  await expect(page.locator(`#article-${id} details`)).toHaveAttribute("open", "");
  await open(page, "/helpmc", info);
  await expect(page.getByRole("heading", { name: "Help centre", level: 1 })).toBeVisible();
  await expect(page.locator("header")).toHaveCount(0);
});

test("feedback: a member sends a complaint, the operator replies, the member reads the reply", async ({ page }, info) => {
  await login(page, info);
  await open(page, "/feedback", info);
  const text = `Deposit by bKash not credited yet (${info.project.name} ${Date.now()})`;
  await page.getByLabel("Question type").selectOption({ label: "Deposit" });
  await page.getByLabel("What happened?").fill(text);
  await page.getByRole("button", { name: "Send" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Thank you." })).toBeVisible();
  const mine = page.getByTestId("feedback-list").locator("li").filter({ hasText: text });
  await expect(mine).toContainText("Waiting for a reply");
  const listing = operator("feedback", "open");
  const entry = (JSON.parse(listing) as { id: number; from: string; content: string }[]).find((f) => f.content === text);
  expect(entry?.from, listing).toBe("demo_member");
  operator("feedback", "reply", String(entry!.id), "We have found your deposit and credited it.");
  await open(page, "/feedback", info);
  await expect(mine).toContainText("Replied");
  await expect(mine).toContainText("We have found your deposit and credited it.");
  // A text too short for the operator's bounds is refused, and nothing is lost.
  await page.getByLabel("Question type").selectOption({ label: "Other" });
  await page.getByLabel("What happened?").fill("short");
  await page.getByRole("button", { name: "Send" }).click();
  await expect(page.getByRole("alert")).toBeVisible();
  await expect(page.getByLabel("What happened?")).toHaveValue("short");
});

test("the footer's site pages are real pages, app download draws its QR codes, join us leads each visitor its own way", async ({
  page,
}, info) => {
  await open(page, "/", info);
  await page.locator("footer").getByRole("link", { name: "General terms and conditions" }).click();
  await expect(page).toHaveURL(/\/about\/terms$/);
  await expect(page.getByTestId("site-page")).not.toBeEmpty();
  for (const key of ["aboutCompany", "contactUs", "privacy", "refund", "certification", "paymentMethods", "security"]) {
    const response = await page.goto(`/about/${key}`);
    expect(response?.status(), key).toBe(200);
  }
  expect((await page.goto("/about/nothing-here"))?.status()).toBe(404);

  await open(page, "/down", info);
  const downloads = page.getByTestId("downloads").locator(":scope > li");
  await expect(downloads).toHaveCount(3);
  // The phone is Android: its app comes first, marked for this phone.
  await expect(downloads.first()).toContainText("Android");
  await expect(downloads.first()).toContainText("For your phone");
  await expect(downloads.first().locator("svg")).toBeVisible();

  await open(page, "/join", info);
  await expect(page.getByTestId("join-tiers").locator("li")).not.toHaveCount(0);
  await expect(page.getByRole("link", { name: "Register and start earning" })).toHaveAttribute("href", /^\/register/);
  await login(page, info, { username: "demo_agent", password: "Demo@1234" });
  await open(page, "/join", info);
  await expect(page.getByRole("link", { name: "Open my register centre" })).toHaveAttribute("href", "/agent/register-center");
  await logout(page);
  await login(page, info);
  await open(page, "/join", info);
  await expect(page.getByRole("link", { name: "Get my invite link" })).toHaveAttribute("href", "/member/referral");
  if (jsOn(info)) await page.waitForLoadState("networkidle");
});

test("screens known by name: winners, activity centre and VIP bonus answer", async ({ page }, info) => {
  await open(page, "/winners", info);
  await expect(page.getByRole("heading", { name: "Winners" })).toBeVisible();
  await expect(page.getByTestId("winners").locator("li").first()).toBeVisible();
  for (const path of ["/activity", "/vipBonus"]) {
    expect((await page.goto(path))?.status(), path).toBe(200);
  }
});
