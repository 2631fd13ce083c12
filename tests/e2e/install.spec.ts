import { expect, test } from "@playwright/test";
import { jsOn, open } from "./helpers";

// Installable (issue 29): the web app manifest in the page's language, the icons Android and iOS
// ask for, the iOS tags, and /down's "Add to home screen" step (with the browser's own install
// prompt where it offers one).

/** A PNG's width and height, from its IHDR chunk. */
function pngSize(bytes: Buffer) {
  expect(bytes.subarray(1, 4).toString("latin1")).toBe("PNG");
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

test("every page links the manifest in its language, with the iOS tags and icon", async ({ page }, info) => {
  await open(page, "/?lng=bn", info);
  const manifest = page.locator('link[rel="manifest"]');
  await expect(manifest).toHaveAttribute("href", "/manifest.webmanifest?lng=bn");
  await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveAttribute("href", "/icons/180.png");
  await expect(page.locator('meta[name="apple-mobile-web-app-capable"]')).toHaveAttribute("content", "yes");
  await expect(page.locator('meta[name="apple-mobile-web-app-title"]')).toHaveAttribute("content", /.+/);
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute("content", "#0f1220");

  const answer = await page.request.get("/manifest.webmanifest?lng=bn");
  expect(answer.headers()["content-type"]).toMatch(/^application\/manifest\+json/);
  const body = await answer.json();
  expect(body).toMatchObject({ start_url: "/", scope: "/", display: "standalone", lang: "bn", background_color: "#0f1220" });
  expect(body.name).toBeTruthy();
  expect(body.short_name.length).toBeLessThanOrEqual(12);
  // In Bengali: not the English description.
  const english = await (await page.request.get("/manifest.webmanifest?lng=en")).json();
  expect(body.description).not.toBe(english.description);
  // A language it does not know is English.
  expect((await (await page.request.get("/manifest.webmanifest?lng=xx")).json()).lang).toBe("en");

  const sizes = new Map<string, string>();
  for (const icon of body.icons as { src: string; sizes: string; purpose: string }[]) {
    const png = await page.request.get(icon.src);
    expect(png.headers()["content-type"]).toBe("image/png");
    const { width, height } = pngSize(await png.body());
    expect(`${width}x${height}`).toBe(icon.sizes);
    sizes.set(`${icon.sizes} ${icon.purpose}`, icon.src);
  }
  expect([...sizes.keys()].sort()).toEqual(["192x192 any", "512x512 any", "512x512 maskable"]);
  expect(pngSize(await (await page.request.get("/icons/180.png")).body())).toEqual({ width: 180, height: 180 });
  expect((await page.request.get("/icons/181.png")).status()).toBe(404);
});

test("/down has an 'Add to home screen' step for Android and iPhone", async ({ page }, info) => {
  await open(page, "/down", info);
  const install = page.getByTestId("install-app");
  await expect(install.getByRole("heading", { name: "Add to home screen" })).toBeVisible();
  await expect(install.getByRole("heading", { name: "Android (Chrome)" })).toBeVisible();
  await expect(install.getByRole("heading", { name: "iPhone (Safari)" })).toBeVisible();
  expect(await install.locator("ol li").count()).toBe(6);
});

test.describe("with JavaScript", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "the browser reads the manifest; the install prompt is JavaScript's");

  test("Chromium reads the manifest without errors, as an installable app's", async ({ page }, info) => {
    await open(page, "/", info);
    const cdp = await page.context().newCDPSession(page);
    const read = (await cdp.send("Page.getAppManifest")) as { url: string; errors: { message: string }[]; data?: string };
    expect(read.url).toMatch(/\/manifest\.webmanifest\?lng=en$/);
    expect(read.errors).toEqual([]);
    expect(JSON.parse(read.data ?? "{}").display).toBe("standalone");
    if (jsOn(info)) await expect(page.getByTestId("install-button")).toHaveCount(0);
  });
});
