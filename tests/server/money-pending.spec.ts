import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test, type Page } from "@playwright/test";
import { PHONE } from "../../playwright.config";
import { startPlatform, startWeb, type Proc } from "./harness";

// Issue 25, item 2 (decision 033), as a player sees it: the platform carries a wallet transfer out
// but its answer is lost on the way (a proxy in front holds it past the money call's time). The
// page says the transfer is still being processed, a reload still says so with the same request,
// and tapping Transfer again shows the real outcome: done, the money moved once. With JavaScript
// and without.

test.describe.configure({ mode: "serial" });

let platform: Proc;
let web: Proc;
let proxy: Server;
/** Answers of this call are held back this long, after the platform has answered them. */
let holdMs = 0;
const HELD = "/wps/relay/GCS_walletTransfer";

test.beforeAll(async () => {
  platform = await startPlatform();
  proxy = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const headers = Object.fromEntries(
      Object.entries(req.headers).filter(
        (e): e is [string, string] => typeof e[1] === "string" && e[0] !== "host" && e[0] !== "connection",
      ),
    );
    const answer = await fetch(`${platform.url}${req.url}`, {
      method: req.method,
      headers,
      body: chunks.length ? Buffer.concat(chunks) : undefined,
      redirect: "manual",
    });
    const body = Buffer.from(await answer.arrayBuffer());
    if (holdMs > 0 && req.url?.startsWith(HELD)) await new Promise((r) => setTimeout(r, holdMs));
    if (res.destroyed) return;
    res.writeHead(answer.status, { "Content-Type": answer.headers.get("Content-Type") ?? "application/json" });
    res.end(body);
  });
  await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
  web = await startWeb({
    PLATFORM_URL: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`,
    MONEY_CALL_TIMEOUT_MS: "1500",
    PUBLIC_CACHE_SECONDS: "0",
    COOKIE_SECURE: "false",
  });
});

test.afterAll(async () => {
  await web?.stop();
  await new Promise((r) => proxy?.close(r));
  await platform?.stop();
});

async function logIn(page: Page, js: boolean) {
  await page.goto(`${web.url}/login`);
  const dialog = page.getByRole("dialog", { name: "Log in" });
  await dialog.getByLabel("Username").fill("demo_member");
  await dialog.getByLabel("Password").fill("Demo@1234");
  await dialog.getByRole("button", { name: "Log in" }).click();
  await expect(page.getByTestId("balance")).toBeVisible();
  if (js) await page.waitForLoadState("networkidle");
}

async function jili(page: Page): Promise<number> {
  const row = page.getByTestId("wallets").getByRole("listitem").filter({ hasText: /JILI/ });
  return Number((await row.locator("span").last().innerText()).replace(/[^\d.]/g, ""));
}

const requestIdOf = (page: Page) =>
  page.locator("form:has(input[name=intent][value=transfer]) input[name=requestId]").getAttribute("value");

for (const js of [false, true]) {
  test(`a transfer whose answer is lost says it is pending and resolves by the same request (JavaScript ${js ? "on" : "off"})`, async ({
    browser,
  }) => {
    const context = await browser.newContext({ ...PHONE, javaScriptEnabled: js, locale: "en-GB" });
    const page = await context.newPage();
    try {
      await logIn(page, js);
      await page.goto(`${web.url}/member/transfer-fund`);
      if (js)
        await page.waitForFunction(
          () => (window as unknown as { __remixRouter?: { state?: { initialized?: boolean } } }).__remixRouter?.state?.initialized === true,
        );
      const before = await jili(page);
      const firstId = await requestIdOf(page);

      holdMs = 4_000;
      await page.getByLabel("Amount").fill("7");
      await page.getByRole("button", { name: "Transfer" }).click();
      const pending = page.getByTestId("money-pending");
      await expect(pending).toContainText("Still being processed", { timeout: 10_000 });
      await page.screenshot({ path: test.info().outputPath(`pending-js-${js ? "on" : "off"}.png`) });
      // Not an error, and no "try again later" that would send a new request.
      await expect(page.getByText("Network link abnormal")).toHaveCount(0);
      expect(await requestIdOf(page)).toBe(firstId);

      // A reload still knows: the same request, the amount typed.
      holdMs = 0;
      await page.goto(`${web.url}/member/transfer-fund`);
      await expect(page.getByTestId("money-pending")).toBeVisible();
      expect(await requestIdOf(page)).toBe(firstId);
      await expect(page.getByLabel("Amount")).toHaveValue("7");
      // The platform did move it, once.
      expect(await jili(page)).toBeCloseTo(before + 7, 2);

      // Tapping Transfer again is the same request: the platform's answer is now "done". With
      // JavaScript the page asks again by itself, the same way.
      if (!js) await page.getByRole("button", { name: "Transfer" }).click();
      await expect(page.getByRole("status").filter({ hasText: "The money has been moved." })).toBeVisible({ timeout: js ? 15_000 : 7_000 });
      await expect(page.getByTestId("money-pending")).toHaveCount(0);
      expect(await jili(page)).toBeCloseTo(before + 7, 2);
      expect(await requestIdOf(page)).not.toBe(firstId);
    } finally {
      holdMs = 0;
      await context.close();
    }
  });
}
