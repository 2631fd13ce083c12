import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import {
  type Engine,
  FIREFOX,
  freePort,
  launchFirefox,
  launchWebKit,
  MINIBROWSER,
  VIEWPORT,
  WEBKIT_DRIVER,
  XVFB,
} from "../browsers/engines";
import { startTlsProxy, type TlsProxy } from "../browsers/tls-proxy";
import { startWeb, type Proc } from "./harness";

// Issue 26: the same walk — home, log in, a lobby search, a member transfer, Urdu through the
// language picker, logout through its confirmation — on Firefox ESR (Gecko) and WebKitGTK from
// Debian's packages, JavaScript on and off, at 360×740 with a phone's user agent, on the
// production server behind a loopback TLS proxy (the server's Secure cookies, as in production).
// At every page: nothing wider than the screen (no sideways scroll) and no console error
// (decision 043 says how each engine's console is read).

test.describe.configure({ mode: "serial" });

const MEMBER = { username: "demo_member", password: "Demo@1234" };
const engines = [
  { name: "Firefox ESR", installed: existsSync(FIREFOX), launch: launchFirefox },
  { name: "WebKitGTK", installed: existsSync(WEBKIT_DRIVER) && existsSync(XVFB) && MINIBROWSER !== "", launch: launchWebKit },
];

let web: Proc;
let plain: TlsProxy;
let capturing: TlsProxy;

test.beforeAll(async () => {
  if (!engines.some((e) => e.installed)) return;
  const dataDir = mkdtempSync(join(tmpdir(), "bw-engines-"));
  const operatorPort = await freePort();
  web = await startWeb({
    DATA_DIR: dataDir,
    OPERATOR_PORT: String(operatorPort),
    COOKIE_SECURE: "true",
    TRUST_PROXY: "1",
    RATE_LIMIT_PER_IP: "100000",
    RATE_LIMIT_PER_ACCOUNT: "100000",
  });
  // The demo site offers English and Bengali; the walk's picker needs Urdu on offer.
  execFileSync(process.execPath, ["build/node/admin.js", "languages", "all"], {
    env: { ...process.env, DATA_DIR: dataDir, OPERATOR_PORT: String(operatorPort) },
    encoding: "utf8",
  });
  plain = await startTlsProxy(web.port);
  capturing = await startTlsProxy(web.port, { captureConsole: true });
});

test.afterAll(async () => {
  await plain?.close();
  await capturing?.close();
  await web?.stop();
});

/** Polls `expression` in the page until it is truthy (a navigation in between is waited out). */
async function waitFor(engine: Engine, expression: string, what: string, timeout = 20_000): Promise<void> {
  const started = Date.now();
  let last = "";
  for (;;) {
    try {
      if (await engine.run<boolean>(`!!(${expression})`)) return;
    } catch (error) {
      last = error instanceof Error ? error.message.split("\n")[0]! : String(error);
    }
    if (Date.now() - started > timeout) {
      const where = await engine.run<string>("location.pathname + location.search").catch(() => "?");
      throw new Error(`${engine.name}: ${what} did not happen within ${timeout} ms (at ${where})${last ? `; last error: ${last}` : ""}`);
    }
    await new Promise((r) => setTimeout(r, 150));
  }
}

/** The element is there for a thumb: drawn, not hidden, and on the screen across (a closed drawer waits beside it). */
const visible = (css: string) =>
  `(() => { const e = document.querySelector(${JSON.stringify(css)}); if (!e) return false; const r = e.getBoundingClientRect(); return r.width > 0 && r.height > 0 && r.left >= -1 && r.right <= innerWidth + 1 && e.checkVisibility({ visibilityProperty: true, opacityProperty: true }); })()`;

/** The page has loaded and, with JavaScript, Remix has hydrated it (or the walk would test the no-JavaScript path). */
async function ready(w: Walk) {
  const { engine, js } = w;
  await waitFor(
    engine,
    `document.readyState === "complete"${js ? " && window.__remixRouter?.state?.initialized === true && !window.__remixRouter.state.navigation?.state?.match(/loading|submitting/)" : ""}`,
    js ? "the page's hydration" : "the page's load",
  );
  // And the requests the page makes by itself are done (Remix's route discovery, pictures), as a
  // player's next tap comes a moment later: a fetch cut off by the next page load is a console
  // error in Firefox ("NetworkError when attempting to fetch resource").
  await w.proxy.idle();
}

type Layout = {
  dialogs: string[];
  inner: number;
  height: number;
  scroll: number;
  dir: string;
  lang: string;
  path: string;
  outside: string[];
};

const LAYOUT = `(() => {
  const inner = innerWidth;
  const name = (e) => e.tagName.toLowerCase() + (e.id ? "#" + e.id : "") + (e.getAttribute("data-testid") ? "[data-testid=" + e.getAttribute("data-testid") + "]" : "") + (typeof e.className === "string" && e.className ? "." + e.className.trim().split(/\\s+/).slice(0, 4).join(".") : "");
  // An element inside a box that clips or scrolls across (a carousel, the ticker) is that box's business.
  const clipped = (e) => { for (let a = e.parentElement; a && a !== document.body; a = a.parentElement) if (getComputedStyle(a).overflowX !== "visible") return true; return false; };
  // The elements reaching past either edge, outermost first: what makes the page scroll sideways.
  const outside = [];
  for (const e of document.body.querySelectorAll("*")) {
    const r = e.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) continue;
    // Not drawn (a closed <details>' content keeps a box under content-visibility: hidden).
    if (!e.checkVisibility({ visibilityProperty: true })) continue;
    if (r.right > inner + 0.5 || r.left < -0.5) {
      if (outside.some((o) => o.el.contains(e)) || clipped(e)) continue;
      const text = (e.textContent || "").trim().slice(0, 30);
      outside.push({ el: e, text: name(e) + (text ? ' "' + text + '"' : "") + " from " + Math.round(r.left) + " to " + Math.round(r.right) + " px" });
      if (outside.length >= 5) break;
    }
  }
  // A dialog is laid over the page in a box of its own that may scroll: it must fit the screen across too.
  const dialogs = [...document.querySelectorAll('[role="dialog"]')].filter((d) => d.checkVisibility({ visibilityProperty: true })).flatMap((d) => {
    const r = d.getBoundingClientRect();
    return r.width > 0 && (r.right > inner + 0.5 || r.left < -0.5) ? [name(d) + ' "' + (d.textContent || "").trim().slice(0, 30) + '" from ' + Math.round(r.left) + " to " + Math.round(r.right) + " px"] : [];
  });
  return { dialogs, inner, height: innerHeight, scroll: document.documentElement.scrollWidth, dir: document.documentElement.dir, lang: document.documentElement.lang, path: location.pathname + location.search, outside: outside.map((o) => o.text) };
})()`;

type Walk = { engine: Engine; js: boolean; proxy: TlsProxy; problems: string[]; notes: string[]; pages: string[]; started: number };

/** At this page: the screen's width, no sideways scroll, no console error, no failed request. */
async function checkPage(w: Walk, label: string): Promise<Layout> {
  const layout = await w.engine.run<Layout>(LAYOUT);
  w.pages.push(
    `${((Date.now() - w.started) / 1000).toFixed(1)} s ${label}: ${layout.path} (${layout.lang}, ${layout.scroll}/${layout.inner} px)`,
  );
  if (layout.inner !== VIEWPORT.width)
    w.problems.push(`${label} (${layout.path}): the viewport is ${layout.inner} px wide, not ${VIEWPORT.width}`);
  if (layout.scroll > layout.inner) {
    w.problems.push(
      `${label} (${layout.path}, ${layout.lang}): scrolls sideways, ${layout.scroll} px of content in ${layout.inner} px; reaching past the edge: ${layout.outside.join("; ") || "(none found)"}`,
    );
  }
  if (layout.dialogs.length > 0)
    w.problems.push(
      `${label} (${layout.path}, ${layout.lang}): a dialog wider than the screen (it scrolls sideways): ${layout.dialogs.join("; ")}`,
    );
  if (layout.scroll <= layout.inner && layout.outside.length > 0) {
    // Past the start edge (left in English, right in Urdu) nothing scrolls, but it is still outside the page.
    w.notes.push(`${label} (${layout.path}, ${layout.lang}): no sideways scroll, but reaching past the edge: ${layout.outside.join("; ")}`);
  }
  await w.engine.screenshot(test.info().outputPath(`${String(w.pages.length).padStart(2, "0")}-${label.replace(/\W+/g, "-")}.png`));
  for (const e of await w.engine.consoleErrors()) w.problems.push(`${label} (${layout.path}): ${e}`);
  for (const f of w.proxy.failures.splice(0)) w.problems.push(`${label}: the server answered ${f}`);
  return layout;
}

async function walk(w: Walk, base: string) {
  const { engine } = w;
  await test.step("home", async () => {
    await engine.goto(`${base}/`);
    await ready(w);
    await waitFor(engine, visible('header a[href^="/login"]'), "the header's Log in link");
    await checkPage(w, "home");
  });

  await test.step("log in", async () => {
    await engine.click('header a[href^="/login"]');
    await waitFor(engine, visible('form[action^="/login"] input[name="username"]'), "the login form");
    await ready(w);
    await checkPage(w, "login form");
    await engine.type('form[action^="/login"] input[name="username"]', MEMBER.username);
    await engine.type('form[action^="/login"] input[name="password"]', MEMBER.password);
    await engine.click('form[action^="/login"] button[type="submit"]');
    await waitFor(engine, visible('[data-testid="balance"]'), "the header's balance after logging in");
    await ready(w);
    await checkPage(w, "logged in");
  });

  await test.step("a lobby search", async () => {
    await engine.goto(`${base}/rng`);
    await ready(w);
    await waitFor(engine, visible("#lobby-q"), "the lobby's search field");
    await checkPage(w, "lobby");
    await engine.type("#lobby-q", "dragon");
    await engine.click('[data-testid="lobby-search"] button[type="submit"]');
    await waitFor(engine, `new URLSearchParams(location.search).get("q") === "dragon"`, "the search in the address");
    // With JavaScript the address changes a moment before the list does: wait for the list itself.
    await waitFor(
      engine,
      `(() => { const names = [...document.querySelectorAll('[data-testid="game-card"] strong')].map((s) => s.textContent); return names.length > 0 && names.every((n) => /dragon/i.test(n)); })()`,
      "a list of dragon games",
    );
    await ready(w);
    await checkPage(w, "lobby search");
  });

  await test.step("a member transfer", async () => {
    await engine.goto(`${base}/member/transfer-fund`);
    await ready(w);
    await waitFor(engine, visible('input[name="amount"]'), "the transfer form");
    await checkPage(w, "transfer form");
    // The amount of the wallet the form sends to (its "To" default), read from the wallet list.
    const toWallet = `(() => { const to = document.querySelector('select[name="to"]'); const name = to.options[to.selectedIndex].textContent.replace(/\\s*\\([^)]*\\)\\s*$/, "").trim(); const row = [...document.querySelectorAll('[data-testid="wallets"] li')].find((li) => li.querySelector("span").textContent.trim() === name); return Number(row.querySelectorAll("span")[1].textContent.replace(/[^\\d.]/g, "")); })()`;
    const before = await engine.run<number>(toWallet);
    await engine.type('input[name="amount"]', "1");
    await engine.click('form:has(input[name="intent"][value="transfer"]) button[type="submit"]');
    await waitFor(
      engine,
      `[...document.querySelectorAll('[role="status"]')].some((s) => s.textContent.includes("The money has been moved."))`,
      "the transfer's success answer",
    );
    await ready(w);
    expect(await engine.run<number>(toWallet), "the game wallet has the 1 moved to it").toBeCloseTo(before + 1, 2);
    await checkPage(w, "transfer done");
  });

  await test.step("Urdu through the language picker", async () => {
    await engine.click('[data-testid="side-menu-control"]');
    await waitFor(engine, visible('details[data-section="language"] > summary'), "the side menu's language section");
    await ready(w);
    await engine.click('details[data-section="language"] > summary');
    await waitFor(engine, visible('a[hreflang="ur"]'), "Urdu in the language picker");
    await checkPage(w, "side menu");
    await engine.click('a[hreflang="ur"]');
    await waitFor(
      engine,
      `document.documentElement.lang === "ur" && document.documentElement.dir === "rtl"`,
      'the page in Urdu, dir="rtl"',
    );
    await ready(w);
    const layout = await checkPage(w, "Urdu");
    expect(layout.path).toMatch(/^\/member\/transfer-fund/);
  });

  await test.step("logout through the account menu and its confirmation", async () => {
    await engine.click('header details:has([data-testid="account-actions"]) > summary');
    await waitFor(engine, visible('[data-testid="account-actions"]'), "the account menu");
    await checkPage(w, "account menu");
    await engine.click('[data-testid="logout"] > summary');
    await waitFor(engine, visible('[data-testid="logout"] [role="dialog"]'), "the logout confirmation");
    await checkPage(w, "logout prompt");
    await engine.click('[data-testid="logout"] form[action="/logout"] button[type="submit"]');
    await waitFor(
      engine,
      `location.pathname === "/" && !document.querySelector('[data-testid="balance"]') && document.querySelector('header a[href^="/login"]')`,
      "the home page, logged out",
    );
    await ready(w);
    const layout = await checkPage(w, "logged out");
    // The language cookie outlives the session: still Urdu.
    expect(layout.dir).toBe("rtl");
  });
}

for (const e of engines) {
  for (const js of [true, false]) {
    test(`${e.name}, JavaScript ${js ? "on" : "off"}: home, login, a lobby search, a transfer, Urdu and logout at 360×740 without sideways scroll or console errors`, async () => {
      // CI installs both engines (.ci/run); elsewhere a machine without them skips the walk.
      test.skip(!e.installed && !process.env.CI, `${e.name} is not installed (apt-get install firefox-esr webkit2gtk-driver xvfb)`);
      const launched = Date.now();
      const engine = await e.launch(js);
      const proxy = e.name === "WebKitGTK" ? capturing : plain;
      proxy.failures.splice(0);
      const w: Walk = { engine, js, proxy, problems: [], notes: [], pages: [], started: Date.now() };
      try {
        await walk(w, proxy.url);
      } finally {
        // The walk's record, kept with the test's output (test-results/…/walk.txt) whether it passed or not.
        const record = test.info().outputPath("walk.txt");
        writeFileSync(
          record,
          [
            `${engine.name}, JavaScript ${js ? "on" : "off"}, started in ${((w.started - launched) / 1000).toFixed(1)} s; console read through ${engine.consoleSource}`,
            ...w.pages,
            ...w.notes.map((n) => `NOTE ${n}`),
            ...w.problems.map((p) => `PROBLEM ${p}`),
          ].join("\n") + "\n",
        );
        await test.info().attach(`${e.name} JavaScript ${js ? "on" : "off"}`, { path: record, contentType: "text/plain" });
        await engine.close();
      }
      expect(w.problems, `${engine.name}, JavaScript ${js ? "on" : "off"}: pages that scroll sideways or logged errors`).toEqual([]);
    });
  }
}
