import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, writeFileSync } from "node:fs";
import puppeteer, { type Browser as PuppeteerBrowser, type Page } from "puppeteer-core";
import { Builder, By, type WebDriver } from "selenium-webdriver";
import { READ_CAPTURED } from "./tls-proxy";
import { freePort } from "../../platform/testing/free-port";
export { freePort };

// The two other engines of the walk, from Debian's packages, behind one small interface:
// Firefox ESR (Gecko) driven by puppeteer-core over WebDriver BiDi, WebKitGTK (MiniBrowser)
// driven by selenium-webdriver through WebKitWebDriver on a virtual X display (Xvfb).
//
// Neither engine emulates a phone the way Chromium's device mode does (no touch, no
// isMobile viewport-tag handling): each gets a 360×740 viewport and a phone's user agent.

export const FIREFOX = "/usr/bin/firefox-esr";
export const WEBKIT_DRIVER = "/usr/bin/WebKitWebDriver";
export const MINIBROWSER =
  ["/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser", "/usr/lib/aarch64-linux-gnu/webkit2gtk-4.1/MiniBrowser"].find(existsSync) ?? "";
export const XVFB = "/usr/bin/Xvfb";

export const VIEWPORT = { width: 360, height: 740 };
const FIREFOX_PHONE_UA = "Mozilla/5.0 (Android 13; Mobile; rv:153.0) Gecko/153.0 Firefox/153.0";
const WEBKIT_PHONE_UA =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

export interface Engine {
  readonly name: string;
  /** How this engine's console is read, for the test's report. */
  readonly consoleSource: string;
  goto(url: string): Promise<void>;
  /** The value of a JavaScript expression in the page (the driver's own evaluation: works with the page's JavaScript off). */
  run<T>(expression: string): Promise<T>;
  click(css: string): Promise<void>;
  type(css: string, text: string): Promise<void>;
  /** A PNG of the screen (the viewport) at `path`. */
  screenshot(path: string): Promise<void>;
  /** The console errors (and uncaught errors) since the last call. */
  consoleErrors(): Promise<string[]>;
  close(): Promise<void>;
}

/** Firefox ESR, headless, over WebDriver BiDi; JavaScript off through its `javascript.enabled` pref. */
export async function launchFirefox(js: boolean): Promise<Engine> {
  const browser: PuppeteerBrowser = await puppeteer.launch({
    browser: "firefox",
    executablePath: FIREFOX,
    headless: true,
    acceptInsecureCerts: true,
    extraPrefsFirefox: {
      "javascript.enabled": js,
      "general.useragent.override": FIREFOX_PHONE_UA,
      // Phones draw overlay scrollbars: a classic 12 px bar would leave the page 348 px wide.
      "widget.gtk.overlay-scrollbars.enabled": true,
      "ui.useOverlayScrollbars": 1,
      "intl.accept_languages": "en-GB, en",
    },
  });
  const page: Page = (await browser.pages())[0] ?? (await browser.newPage());
  await page.setViewport(VIEWPORT);
  const errors: string[] = [];
  const reading: Array<Promise<void>> = [];
  page.on("console", (m) => {
    if (m.type() !== "error") return;
    // An Error argument prints as "JSHandle@error": its message is read from the page while it is there.
    const at = m.location().url ?? "";
    const pending = Promise.all(
      m
        .args()
        .map((a) => a.evaluate((v: unknown) => (v instanceof Error ? `${v.name}: ${v.message}` : String(v))).catch(() => a.toString())),
    ).then(
      (parts) => {
        errors.push(`console.error: ${parts.join(" ")} (${at})`);
      },
      () => {
        errors.push(`console.error: ${m.text()} (${at})`);
      },
    );
    reading.push(pending);
  });
  page.on("pageerror", (e) => errors.push(`uncaught: ${e instanceof Error ? e.message : String(e)}`));
  const version = await browser.version();
  return {
    name: `Firefox ESR (${version})`,
    consoleSource: "WebDriver BiDi log.entryAdded (console errors and uncaught exceptions)",
    async goto(url) {
      await page.goto(url, { waitUntil: "load", timeout: 20_000 });
    },
    run: <T>(expression: string) => page.evaluate(`(${expression})`) as Promise<T>,
    async click(css) {
      // Into the middle of the screen first, as a thumb would: the bottom bar is fixed over the page's foot.
      // A tap where the element is (BiDi input actions): page.click() waits on the old page's
      // realm, which never answers once a click loads a new page with JavaScript off.
      const box = await page.$eval(css, (el) => {
        el.scrollIntoView({ block: "center" });
        const r = el.getBoundingClientRect();
        return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
      });
      await page.mouse.click(box.x, box.y);
    },
    async type(css, text) {
      await page.$eval(css, (el) => {
        (el as HTMLInputElement).value = "";
      });
      await page.type(css, text);
    },
    async screenshot(path) {
      await page.screenshot({ path: path as `${string}.png` });
    },
    async consoleErrors() {
      await Promise.all(reading.splice(0));
      return errors.splice(0);
    },
    async close() {
      await browser.close();
    },
  };
}

function waitForExit(child: ChildProcess, ms: number) {
  return new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      resolve();
    }, ms);
    child.once("exit", () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/** A virtual X screen of the phone's size (Xvfb picks a free display and tells it on fd 3). */
async function startXvfb(): Promise<{ display: string; child: ChildProcess }> {
  const child = spawn(XVFB, ["-displayfd", "3", "-screen", "0", `${VIEWPORT.width}x${VIEWPORT.height}x24`, "-nolisten", "tcp"], {
    stdio: ["ignore", "ignore", "pipe", "pipe"],
  });
  const display = await new Promise<string>((resolve, reject) => {
    let out = "";
    let err = "";
    const timer = setTimeout(() => reject(new Error(`Xvfb gave no display: ${err}`)), 15_000);
    child.stderr!.on("data", (c: Buffer) => {
      err += c.toString();
    });
    child.stdio[3]!.on("data", (c: Buffer) => {
      out += c.toString();
      if (out.includes("\n")) {
        clearTimeout(timer);
        resolve(`:${out.trim()}`);
      }
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`Xvfb exited (${code}): ${err}`));
    });
  });
  return { display, child };
}

/**
 * WebKitGTK's MiniBrowser through WebKitWebDriver, full screen on a 360×740 Xvfb screen (its
 * window cannot be made narrower than its toolbar, about 447 px; full screen it is the screen).
 * JavaScript off is WebKitSettings' `enable-javascript-markup=false`: the page's own scripts do
 * not run while the driver can still evaluate (`enable-javascript=false` would stop the driver too).
 */
export async function launchWebKit(js: boolean): Promise<Engine> {
  const x = await startXvfb();
  const port = await freePort();
  const driverLines: string[] = [];
  const driverProcess = spawn(WEBKIT_DRIVER, [`--port=${port}`, "--host=127.0.0.1"], {
    env: { ...process.env, DISPLAY: x.display },
    stdio: ["ignore", "pipe", "pipe"],
  });
  for (const s of [driverProcess.stdout!, driverProcess.stderr!]) s.on("data", (c: Buffer) => driverLines.push(c.toString()));
  const stop = async () => {
    driverProcess.kill("SIGTERM");
    await waitForExit(driverProcess, 5_000);
    x.child.kill("SIGTERM");
    await waitForExit(x.child, 5_000);
  };
  let driver: WebDriver;
  try {
    const started = Date.now();
    for (;;) {
      const ok = await fetch(`http://127.0.0.1:${port}/status`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      if (Date.now() - started > 15_000 || driverProcess.exitCode !== null)
        throw new Error(`WebKitWebDriver did not start: ${driverLines.join("")}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    driver = await new Builder()
      .usingServer(`http://127.0.0.1:${port}`)
      .withCapabilities({
        browserName: "MiniBrowser",
        acceptInsecureCerts: true,
        "webkitgtk:browserOptions": {
          binary: MINIBROWSER,
          args: ["--automation", "--full-screen", `--user-agent=${WEBKIT_PHONE_UA}`, `--enable-javascript-markup=${js}`],
        },
      })
      .build();
  } catch (error) {
    await stop();
    throw error;
  }
  // Full screen takes effect once the window is placed: the driver's window rect does that.
  await driver
    .manage()
    .window()
    .setRect({ x: 0, y: 0, ...VIEWPORT });
  const capabilities = await driver.getCapabilities();
  const run = <T>(expression: string) => driver.executeScript(`return (${expression});`) as Promise<T>;
  return {
    name: `WebKitGTK (${capabilities.get("browserName")} ${capabilities.get("browserVersion")})`,
    consoleSource: js
      ? "a capture the TLS proxy writes first into each page's <head> (window errors, unhandled rejections, console.error, CSP refusals): WebKitWebDriver has no log endpoint and no BiDi"
      : "none from the page (its scripts do not run); failed requests are read at the proxy",
    async goto(url) {
      await driver.get(url);
    },
    run,
    async click(css) {
      const el = await driver.findElement(By.css(css));
      await driver.executeScript("arguments[0].scrollIntoView({ block: 'center' });", el);
      await el.click();
    },
    async type(css, text) {
      const el = await driver.findElement(By.css(css));
      await el.clear();
      await el.sendKeys(text);
    },
    async screenshot(path) {
      writeFileSync(path, Buffer.from(await driver.takeScreenshot(), "base64"));
    },
    async consoleErrors() {
      return js ? run<string[]>(READ_CAPTURED) : [];
    },
    async close() {
      await driver.quit().catch(() => undefined);
      await stop();
    },
  };
}
