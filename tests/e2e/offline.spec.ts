import { type BrowserContext, expect, type Page, type TestInfo, test } from "@playwright/test";
import { logout } from "./accounts-helpers";
import { jsOn, login, open, operator } from "./helpers";

// The service worker and the money queue (issue 29, decision 055). "The connection is cut" is the
// browser's own network failing for the page and its worker alike (context.route aborts every
// request as a phone without signal would: navigator.onLine stays true, as it does when only the
// route to the server is gone). Without JavaScript there is no worker and no queue: pages and
// forms are as they always were.

const cut = (context: BrowserContext) => context.route("**/*", (route) => route.abort("internetdisconnected"));
const restore = (context: BrowserContext) => context.unrouteAll({ behavior: "ignoreErrors" });

async function controlled(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker?.controller != null, null, { timeout: 15_000 });
}

/** Whether the worker holds a copy of this page. */
function storedCopy(page: Page, path: string) {
  return page.evaluate(async (p) => {
    const cache = await caches.open("pages-v1");
    return Boolean(await cache.match(new URL(p, window.location.href).href));
  }, path);
}

/** A signed-in member's bKash deposit form, filled; returns its payment reference. */
async function depositForm(page: Page, info: TestInfo, amount: string) {
  await login(page, info);
  await open(page, "/member/deposit", info);
  await page.getByRole("link", { name: "bKash", exact: true }).click();
  await page.getByLabel(/^Amount/).fill(amount);
  const reference = `TRX${Date.now()}`;
  await page.getByLabel("Payment reference (transaction ID)").fill(reference);
  return reference;
}

test("without JavaScript no service worker is registered", async ({ page, context }, info) => {
  test.skip(jsOn(info), "the JavaScript-off project");
  await open(page, "/rng", info);
  await page.waitForTimeout(1_000);
  expect(context.serviceWorkers()).toHaveLength(0);
});

test.describe("with JavaScript", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "the service worker is registered by the app's scripts");

  test("the service worker installs and precaches the build's assets and icon sprite", async ({ page }, info) => {
    await open(page, "/", info);
    await controlled(page);
    const precached = await page.evaluate(async () => {
      const name = (await caches.keys()).find((n) => n.startsWith("workbox-precache"));
      const cache = await caches.open(name ?? "none");
      return (await cache.keys()).map((r) => new URL(r.url).pathname);
    });
    expect(precached.some((p) => /^\/assets\/icons-[\w-]+\.svg$/.test(p))).toBe(true);
    expect(precached.some((p) => /^\/assets\/root-[\w-]+\.js$/.test(p))).toBe(true);
    expect(precached.some((p) => /\.css$/.test(p))).toBe(true);
  });

  test("a visited lobby reloads offline with its 'last seen' ribbon; back online it is fresh", async ({ page, context }, info) => {
    await open(page, "/rng", info);
    await controlled(page);
    await expect.poll(() => storedCopy(page, "/rng")).toBe(true);
    await cut(context);
    try {
      await page.reload();
      await expect(page.getByTestId("offline-ribbon")).toHaveText(/^Offline — shown as last seen at \d{1,2}:\d{2}/);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(page.locator("a[href^='/game?']").first()).toBeVisible();
    } finally {
      await restore(context);
    }
    await page.reload();
    await expect(page.locator("a[href^='/game?']").first()).toBeVisible();
    await expect(page.getByTestId("offline-ribbon")).toHaveCount(0);
  });

  test("a page reached by a link is kept too, and a link followed offline opens its copy", async ({ page, context }, info) => {
    await open(page, "/rng", info);
    await controlled(page);
    await page.locator("a[href='/hot']:visible").first().click();
    await expect(page).toHaveURL(/\/hot$/);
    await expect.poll(() => storedCopy(page, "/hot")).toBe(true);
    await page.locator("a[href='/rng']:visible").first().click();
    await expect(page).toHaveURL(/\/rng$/);
    await cut(context);
    try {
      await page.locator("a[href='/hot']:visible").first().click();
      await expect(page).toHaveURL(/\/hot$/);
      await expect(page.getByTestId("offline-ribbon")).toBeVisible();
    } finally {
      await restore(context);
    }
  });

  test("offline, a page never seen shows the offline page; the cashier and games say they need a connection", async ({
    page,
    context,
  }, info) => {
    await open(page, "/", info);
    await controlled(page);
    await expect.poll(() => page.evaluate(async () => Boolean(await (await caches.open("offline-v1")).match("/offline")))).toBe(true);
    await cut(context);
    try {
      await page.goto("/vip");
      await expect(page.getByRole("heading", { name: "You are offline" })).toBeVisible();
      await expect(page.getByTestId("offline-page")).toBeVisible();
      await expect(page.getByTestId("offline-cashier")).toBeHidden();
      // Try again reloads the same address.
      await expect(page.getByTestId("offline-retry")).toHaveAttribute("href", "");
      await page.goto("/member/deposit");
      await expect(page.getByTestId("offline-cashier")).toHaveText(/cashier needs a connection/);
      await page.goto("/game?gameId=163&nodeId=PNG_0001&vassalage=PNG&gameType=RNG&from=%2Frng");
      await expect(page.getByTestId("offline-game")).toHaveText(/Games need a connection/);
    } finally {
      await restore(context);
    }
    await page.getByTestId("offline-retry").click();
    await expect(page.getByTestId("offline-game")).toHaveCount(0);
  });

  test("the offline page is in the player's language", async ({ page, context }, info) => {
    await open(page, "/?lng=bn", info);
    await controlled(page);
    await expect
      .poll(() => page.evaluate(async () => (await (await caches.open("offline-v1")).match("/offline"))?.headers.get("Content-Language")))
      .toBe("bn");
    await cut(context);
    try {
      await page.goto("/vip");
      await expect(page.getByRole("heading", { name: "আপনি অফলাইনে আছেন" })).toBeVisible();
    } finally {
      await restore(context);
      await page.goto("/?lng=en");
    }
  });

  test("logout drops the stored pages of the player who was signed in", async ({ page }, info) => {
    await login(page, info);
    await open(page, "/rng", info);
    await controlled(page);
    await expect.poll(() => storedCopy(page, "/rng")).toBe(true);
    await logout(page);
    // The page the logout lands on is the guest's: the member's copies are gone.
    await expect.poll(() => storedCopy(page, "/rng")).toBe(false);
  });

  test("a login that ends without a logout (expired, cut) drops the member's stored pages at the next page", async ({
    page,
    context,
  }, info) => {
    await login(page, info);
    await open(page, "/rng", info);
    await controlled(page);
    await expect.poll(() => storedCopy(page, "/rng")).toBe(true);
    // The session is gone from this browser as an expiry leaves it: no logout post was made.
    await context.clearCookies();
    await page.goto("/hot");
    await expect(page.locator("header").getByRole("link", { name: "Log in" })).toBeVisible();
    // The guest's page tells the worker who it is for: the member's copies are gone, the guest's kept.
    await expect.poll(() => storedCopy(page, "/rng")).toBe(false);
    await expect.poll(() => storedCopy(page, "/hot")).toBe(true);
  });

  for (const when of ["before it reached the server", "after it reached the server"] as const) {
    test(`a deposit whose connection drops ${when} waits, is sent once when it comes back, and the platform holds one`, async ({
      page,
      context,
    }, info) => {
      const reference = await depositForm(page, info, "300");
      const held = () => operator("deposits").split(reference).length - 1;

      let posts = 0;
      await context.route(/\/member\/deposit\.data/, async (route) => {
        if (route.request().method() !== "POST") return route.continue();
        posts += 1;
        if (when === "after it reached the server") await route.fetch();
        await route.abort("internetdisconnected");
      });
      await context.route("**/healthz", (route) => route.abort("internetdisconnected"));
      await page.getByRole("button", { name: "Request deposit" }).click();
      const banner = page.getByTestId("money-queued");
      await expect(banner).toHaveText(/Waiting for the connection — this request will be sent once\./);
      expect(posts).toBe(1);
      expect(held()).toBe(when === "after it reached the server" ? 1 : 0);
      // Still cut: it waits, and asks nothing but whether the server is back.
      await page.waitForTimeout(4_000);
      expect(posts).toBe(1);

      await restore(context);
      await expect(banner).toBeHidden({ timeout: 15_000 });
      await expect(page.getByRole("status").filter({ hasText: "Deposit requested." })).toBeVisible();
      expect(held()).toBe(1);
      await expect(page.getByTestId("recent-deposits").locator("li").filter({ hasText: "300" }).first()).toBeVisible();
    });
  }

  test("a queued deposit can be cancelled: it is never sent, and the player is told where to look", async ({ page, context }, info) => {
    const reference = await depositForm(page, info, "310");
    await context.route(/\/member\/deposit\.data|\/healthz/, (route) =>
      route.request().method() === "GET" && !route.request().url().includes("healthz")
        ? route.continue()
        : route.abort("internetdisconnected"),
    );
    await page.getByRole("button", { name: "Request deposit" }).click();
    await expect(page.getByTestId("money-queued")).toBeVisible();
    await page.getByTestId("money-queued").getByRole("button", { name: "Cancel" }).click();
    await expect(page.getByTestId("money-queue-ended")).toContainText("Cancelled: it will not be sent again.");
    await restore(context);
    await page.waitForTimeout(5_000);
    expect(operator("deposits")).not.toContain(reference);
    // The form still holds what the player typed.
    await expect(page.getByLabel("Payment reference (transaction ID)")).toHaveValue(reference);
  });
});
