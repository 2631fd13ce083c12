import { expect, test } from "@playwright/test";
import { jsOn, login, open, operator } from "./helpers";

// Issue 26 item 7, the small things a player notices on a 360 px phone: the phone box of the
// register form, figures that never wrap, /down's steps under the code, the deposit's copy
// buttons, operator text isolated in its own direction, and the skip link inside the page.

test.describe.configure({ mode: "serial" });

test.beforeAll(() => {
  operator("languages", "all");
});
test.afterAll(() => {
  operator("languages", "EN,BN");
});

for (const lng of ["en", "bn", "ur"]) {
  test(`register: the phone number box takes at least half the form's width (${lng})`, async ({ page }, info) => {
    await open(page, `/register?lng=${lng}`, info);
    const dialog = page.getByRole("dialog");
    const tel = await dialog.locator('input[type="tel"]').first().boundingBox();
    const form = await dialog
      .locator("form")
      .filter({ has: page.locator('input[type="tel"]') })
      .boundingBox();
    const picker = await dialog.getByTestId("dialing-code").boundingBox();
    expect(tel && form && picker).toBeTruthy();
    expect(tel!.width, "the number box").toBeGreaterThanOrEqual(form!.width / 2);
    // The country picker stays beside it, whole, inside the form.
    expect(picker!.x).toBeGreaterThanOrEqual(form!.x - 0.5);
    expect(picker!.x + picker!.width).toBeLessThanOrEqual(form!.x + form!.width + 0.5);
    expect(Math.abs(picker!.y - tel!.y)).toBeLessThan(tel!.height);
  });
}

test("the skip link has no padding and no box outside the page until it is focused, in en and ur", async ({ page }, info) => {
  for (const lng of ["en", "ur"]) {
    for (const path of ["/", "/rng", "/noticePage"]) {
      await open(page, `${path}?lng=${lng}`, info);
      const skip = page.locator('a[href="#main"]').first();
      const hidden = await skip.evaluate((a) => {
        const style = getComputedStyle(a);
        const rect = a.getBoundingClientRect();
        return { padding: style.paddingLeft + style.paddingRight + style.paddingTop, left: rect.left, right: rect.right };
      });
      expect(hidden.padding, `${lng} ${path}`).toBe("0px0px0px");
      expect(hidden.left, `${lng} ${path}`).toBeGreaterThanOrEqual(0);
      expect(hidden.right, `${lng} ${path}`).toBeLessThanOrEqual(360);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), `${lng} ${path}`).toBe(true);
    }
    // Focused, it shows padded, inside the page, at the page's start.
    await page.keyboard.press("Tab");
    const skip = page.locator('a[href="#main"]').first();
    await expect(skip).toBeFocused();
    const shown = await skip.evaluate((a) => ({
      padding: parseFloat(getComputedStyle(a).paddingLeft),
      rect: a.getBoundingClientRect().toJSON() as DOMRect,
    }));
    expect(shown.padding).toBeGreaterThan(8);
    expect(shown.rect.left).toBeGreaterThanOrEqual(0);
    expect(shown.rect.right).toBeLessThanOrEqual(360);
    if (lng === "ur") expect(shown.rect.right).toBeGreaterThan(300);
    else expect(shown.rect.left).toBeLessThan(60);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  }
});

test("/down: the steps lie under each QR code on a phone, and iOS-lite is named in words in every language", async ({
  page,
  request,
}, info) => {
  await open(page, "/down", info);
  const cards = page.getByTestId("download-card");
  const count = await cards.count();
  expect(count).toBeGreaterThanOrEqual(3);
  for (let i = 0; i < count; i++) {
    const qr = await cards.nth(i).locator('[role="img"]').boundingBox();
    const steps = await cards.nth(i).getByTestId("download-steps").boundingBox();
    const card = await cards.nth(i).boundingBox();
    expect(qr && steps && card).toBeTruthy();
    expect(steps!.y, "steps under the code").toBeGreaterThanOrEqual(qr!.y + qr!.height - 0.5);
    expect(steps!.width, "steps at the card's width").toBeGreaterThan(card!.width * 0.9);
  }
  await expect(page.getByRole("heading", { name: "iOS Lite", exact: true })).toBeVisible();
  for (const lng of ["en", "bn", "cn", "id", "ja", "ko", "th", "ur", "vi"]) {
    const html = await (await request.get(`/down?lng=${lng}`)).text();
    expect(html, lng).not.toContain("IOS-LITE-APP");
    expect(html, lng).toMatch(/iOS/);
  }
});

test("amounts and dates in the betting record never wrap inside a value, in en, bn and ur", async ({ page }, info) => {
  await login(page, info);
  for (const lng of ["en", "bn", "ur"]) {
    await open(page, `/member/betting-record?range=last30&lng=${lng}`, info);
    const figures = page.getByTestId("bets").locator(".figure");
    expect(await figures.count(), lng).toBeGreaterThan(3);
    // An inline box broken over two lines has two rectangles.
    const lines = await figures.evaluateAll((all) =>
      all.map((el) => ({
        text: el.textContent,
        whiteSpace: getComputedStyle(el).whiteSpace,
        lines: el.getClientRects().length,
        direction: getComputedStyle(el).direction,
      })),
    );
    for (const line of lines) expect(line, `${lng} ${line.text}`).toMatchObject({ whiteSpace: "nowrap", lines: 1 });
    // An amount reads symbol first, left to right, in Urdu too ("৳ 515.95", not "515.95 ৳").
    for (const line of lines.filter((l) => /^\P{L}*$/u.test(l.text ?? ""))) expect(line.direction, `${lng} ${line.text}`).toBe("ltr");
    // "won ৳ 0.00" is one figure inside its sentence.
    expect(
      lines.some((l) => /\d\.\d\d$/.test(l.text ?? "")),
      lng,
    ).toBe(true);
  }
});

test("notices keep year-month-day hour:minute:second, unwrapped", async ({ page }, info) => {
  await open(page, "/noticePage?lng=ur", info);
  const stamps = page.getByTestId("notice-list").locator("time");
  expect(await stamps.count()).toBeGreaterThan(3);
  for (const text of await stamps.allTextContents()) expect(text).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  expect(await stamps.first().evaluate((el) => getComputedStyle(el).whiteSpace)).toBe("nowrap");
});

test("deposit: the account number is a selectable read-only field, copied by a button with JavaScript", async ({ page, context }, info) => {
  await login(page, info);
  await open(page, "/member/deposit", info);
  const number = page.getByTestId("copy-account-number");
  const field = number.getByRole("textbox", { name: "Account number" });
  await expect(field).toHaveAttribute("readonly", "");
  const value = await field.inputValue();
  expect(value).toMatch(/\d{6,}/);
  if (!jsOn(info)) {
    await expect(number.getByRole("button")).toHaveCount(0);
    return;
  }
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await number.getByRole("button", { name: "Copy Account number" }).click();
  await expect(number.getByRole("button", { name: "Copy Account number" })).toHaveText("Copied");
  await expect(number.getByRole("status")).toHaveText("Copied");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(value);
  // The confirmation goes again; the button copies again.
  await expect(number.getByRole("button", { name: "Copy Account number" })).toHaveText("Copy", { timeout: 4000 });
});

test("operator text in another direction keeps its own in an Urdu page (dir=auto / bdi)", async ({ page }, info) => {
  const notice = JSON.parse(operator("announce", "notice", "Cricket night: live odds", "<p>Live odds on tonight's match.</p>")) as {
    id: number;
  };
  try {
    await open(page, "/?lng=ur", info);
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    // Game names and providers are English: each is laid out left to right, so it is cut at its end.
    const names = await page
      .getByTestId("game-card")
      .locator("strong, small")
      .evaluateAll((all) =>
        all
          .filter((el) => /^[A-Za-z]/.test(el.textContent ?? ""))
          .map((el) => ({ text: el.textContent, direction: getComputedStyle(el).direction })),
      );
    expect(names.length).toBeGreaterThan(3);
    for (const name of names) expect(name).toMatchObject({ direction: "ltr" });
    // The ticker's English notice is isolated in its own direction; the Urdu ones read right to left.
    const ticker = await page
      .getByTestId("marquee")
      .locator("bdi")
      .evaluateAll((all) => all.map((el) => ({ text: el.textContent ?? "", direction: getComputedStyle(el).direction })));
    expect(ticker.find((t) => t.text.startsWith("Live odds"))).toMatchObject({ direction: "ltr" });
    expect(ticker.some((t) => /[\u0600-\u06FF]/.test(t.text[0] ?? "") && t.direction === "rtl")).toBe(true);
    await open(page, "/noticePage?lng=ur", info);
    const title = page.getByTestId("notice-list").getByText("Cricket night: live odds", { exact: true });
    expect(await title.evaluate((el) => getComputedStyle(el).direction)).toBe("ltr");
    // An Urdu notice beside it stays right to left.
    const urdu = page
      .getByTestId("notice-list")
      .locator("summary span[dir=auto]")
      .filter({ hasText: /^[\u0600-\u06FF]/ })
      .first();
    expect(await urdu.evaluate((el) => getComputedStyle(el).direction)).toBe("rtl");
  } finally {
    operator("announce", "off", String(notice.id));
  }
});

test("Urdu pages name the Arabic-script fonts first; other languages keep the usual stack", async ({ page }, info) => {
  await open(page, "/?lng=ur", info);
  const urdu = await page.evaluate(() => getComputedStyle(document.body).fontFamily);
  expect(urdu.replace(/["']/g, "").startsWith("Noto Naskh Arabic,")).toBe(true);
  expect(urdu).toContain("Noto Nastaliq Urdu");
  // Form controls take the page's fonts too.
  await open(page, "/register?lng=ur", info);
  expect(
    await page
      .locator('input[type="tel"]')
      .first()
      .evaluate((el) => getComputedStyle(el).fontFamily),
  ).toBe(urdu);
  await open(page, "/?lng=bn", info);
  const bengali = await page.evaluate(() => getComputedStyle(document.body).fontFamily);
  expect(bengali).not.toContain("Naskh");
  expect(bengali).toContain("Noto Sans Bengali");
});
