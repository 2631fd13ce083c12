import { expect, type Page, test, type TestInfo } from "@playwright/test";
import { logout, newMember } from "./accounts-helpers";
import { balanceValue, jsOn, login, MEMBER, open, operator } from "./helpers";

// Games end to end, in both projects: browse a lobby of 10,000 slots, search, filter, page,
// favourite, launch (visitor, trial, member), play a demo spin, open each lottery screen.

/** Well-known names of the reference platform's catalogue (platform/README.md). */
const SLOT = { name: "Fortune Dragon Gold", vendor: "PG" };

async function searchLobby(page: Page, info: TestInfo, path: string, text: string) {
  await open(page, path, info);
  await page.getByRole("searchbox", { name: "Game name" }).fill(text);
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(text).replace(/%20/g, "\\+")}`));
}

test("a slot lobby: 10,000 games, vendor tabs, search, the slot filter, sort and pages", async ({ page }, info) => {
  await open(page, "/rng", info);
  await expect(page.getByRole("heading", { level: 1, name: "Slots" })).toBeVisible();
  const count = Number((await page.getByTestId("games-count").innerText()).replace(/\D/g, ""));
  expect(count).toBeGreaterThan(9_000);
  await expect(page.getByTestId("game-card")).toHaveCount(30);
  await expect(page.getByTestId("vendor-tabs").getByRole("link", { name: "PG Soft" })).toBeVisible();

  // Pictures have their size before they load: nothing shifts.
  const img = page.getByTestId("game-card").first().locator("img");
  await expect(img).toHaveAttribute("width", "160");
  await expect(img).toHaveAttribute("height", "160");

  await page.getByTestId("vendor-tabs").getByRole("link", { name: "PG Soft" }).click();
  await expect(page).toHaveURL(/vendor=PG/);
  await expect(page.getByTestId("game-card").first()).toContainText("PG");

  await page.getByRole("searchbox", { name: "Game name" }).fill("dragon");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/vendor=PG&q=dragon/);
  // With JavaScript the URL changes a moment before the list does: wait for the list itself.
  const names = () => page.getByTestId("game-card").locator("strong").allInnerTexts();
  await expect.poll(async () => (await names()).every((n) => /dragon/i.test(n))).toBe(true);

  await page.getByLabel("25 lines or more").check();
  if (!jsOn(info)) await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/lines=25/);
  await page.getByLabel("Sort").selectOption("name");
  if (!jsOn(info)) await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/sort=name/);
  const sorted = (list: string[]) => [...list].sort((a, b) => a.localeCompare(b, "en", { sensitivity: "base" }));
  await expect
    .poll(async () => {
      const list = await names();
      return list.length > 0 && list.join() === sorted(list).join();
    })
    .toBe(true);
});

test("every game tile writes its name once, whole, in its own direction, on at most two lines; its picture writes none", async ({
  page,
}, info) => {
  operator("languages", "all");
  try {
    for (const path of ["/rng", "/live", "/", "/hot?lng=ur"]) await tilesWriteTheirNamesOnce(page, info, path);
  } finally {
    operator("languages", "EN,BN");
  }
});

async function tilesWriteTheirNamesOnce(page: Page, info: TestInfo, path: string) {
  await open(page, path, info);
  if (path.includes("lng=ur")) await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  const cards = page.getByTestId("game-card");
  await expect(cards.first()).toBeVisible();
  const tiles = await cards.evaluateAll((links) =>
    links.map((link) => {
      const name = link.querySelector("strong")!;
      const style = getComputedStyle(name);
      return {
        // A picture past the first eight waits for the first touch in data-src (issue 29).
        src: link.querySelector("img")?.getAttribute("src") ?? link.querySelector("img")?.getAttribute("data-src") ?? "",
        name: name.textContent ?? "",
        text: (link as HTMLElement).innerText,
        ltr: name.matches(":dir(ltr)"),
        lines: name.getBoundingClientRect().height / parseFloat(style.lineHeight),
        clampedAtEnd: style.textAlign === "start" || style.textAlign === "left",
      };
    }),
  );
  expect(tiles.length, path).toBeGreaterThan(5);
  for (const tile of tiles.slice(0, 12)) {
    // The platform's own name for the game, from the picture's label: the tile writes exactly that, once.
    const svg = await (await page.request.get(tile.src)).text();
    const label = /aria-label="([^"]*)"/.exec(svg)?.[1]?.replace(/&#(\d+);/g, (_, c) => String.fromCharCode(Number(c)));
    expect(svg, tile.src).not.toContain("<text");
    expect(tile.name, path).toBe(label);
    expect(tile.text.split(label!).length - 1, `${path}: ${label} once`).toBe(1);
    // An English name stays left-to-right in an Urdu page, so it is clipped at its end.
    if (/^[A-Za-z0-9]/.test(label!)) expect(tile.ltr, `${path}: ${label}`).toBe(true);
    expect(tile.clampedAtEnd).toBe(true);
    expect(tile.lines, `${path}: ${label}`).toBeLessThan(2.9);
  }
}

test("every lobby lists its own games", async ({ page }, info) => {
  const lobbies: [string, RegExp][] = [
    ["/live", /^(Evolution|AE Sexy|Dream Gaming)$/],
    ["/fish", /^(JILI Fishing|JDB Fishing)$/],
    ["/pvp", /^(Kingmaker|V8 Poker)$/],
    ["/sports", /^(SABA Sports|DS88 Sabong|BTi Sports)$/],
    ["/esports", /^(TF Gaming|IA Esports)$/],
    ["/cricket", /^9Wickets$/],
    ["/crash", /^Spribe$/],
    ["/hot", /\w/],
    ["/seamless", /\w/],
    ["/pp", /^Pragmatic Play$/],
    ["/pg", /^PG Soft$/],
    ["/bgs", /^Blockchain Games$/],
    ["/jl", /^JILI$/],
    ["/fc", /^FA CHAI$/],
    ["/bng", /^BNG$/],
    ["/cq9", /^CQ9$/],
  ];
  for (const [path, vendor] of lobbies) {
    await open(page, path, info);
    const cards = page.getByTestId("lobby-games").getByTestId("game-card");
    await expect(cards.first(), path).toBeVisible();
    // The second line of a card is its vendor, by the name players know.
    expect(await cards.first().locator("small").innerText(), path).toMatch(vendor);
  }
  // The PvP lobby also lists rooms to join.
  await open(page, "/pvp", info);
  await expect(page.getByTestId("rooms").getByRole("link", { name: "Join" }).first()).toBeVisible();
});

test("paging: links without JavaScript, infinite scroll with it", async ({ page }, info) => {
  await open(page, "/rng", info);
  const first = await page.getByTestId("game-card").first().innerText();
  if (jsOn(info)) {
    await page.getByTestId("pager").scrollIntoViewIfNeeded();
    await expect.poll(() => page.getByTestId("game-card").count()).toBeGreaterThanOrEqual(60);
    await expect(page).toHaveURL(/\/rng$/);
    // On a screen taller than two pages the end is still in view after a load: loading goes on
    // without another scroll until it is not.
    await page.setViewportSize({ width: 360, height: 4000 });
    await open(page, "/rng", info);
    await expect.poll(() => page.getByTestId("game-card").count()).toBeGreaterThanOrEqual(90);
  } else {
    await page.getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(page.getByTestId("game-card")).toHaveCount(30);
    expect(await page.getByTestId("game-card").first().innerText()).not.toBe(first);
    await expect(page.getByText("Page 2 of")).toBeVisible();
  }
});

test("a game found by name among 10,000, made a favourite and found on the favourites page", async ({ page }, info) => {
  await login(page, info);
  await searchLobby(page, info, "/rng", SLOT.name);
  const card = page.getByTestId("game-card").filter({ hasText: SLOT.name }).first();
  await expect(card).toBeVisible();
  const heart = page.locator("li", { has: card }).getByRole("button", { name: `Favourite: ${SLOT.name}` });
  if ((await heart.getAttribute("aria-pressed")) === "true") {
    await heart.click();
    await expect(heart).toHaveAttribute("aria-pressed", "false");
    if (jsOn(info)) await page.waitForLoadState("networkidle");
  }
  await heart.click();
  await expect(heart).toHaveAttribute("aria-pressed", "true");
  // With JavaScript the heart changes at once; let the post finish before leaving the page.
  if (jsOn(info)) await page.waitForLoadState("networkidle");

  await open(page, "/fav", info);
  // The favourites list itself (recently played games, when there are some, are a list above it).
  const favourites = page.getByTestId("lobby-games");
  await expect(favourites.getByText(SLOT.name)).toBeVisible();
  // Taken off the favourites page, it leaves the list (JavaScript on: the list reloads after the post).
  await favourites.getByRole("button", { name: `Favourite: ${SLOT.name}` }).click();
  await expect(page).toHaveURL(/\/fav$/);
  await expect(favourites.getByText(SLOT.name)).toHaveCount(0);
});

test("the favourites lobby is for players only", async ({ page }) => {
  await page.goto("/fav");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Ffav/);
});

test("launch: a visitor gets the login modal, a trial account a message", async ({ page }, info) => {
  await searchLobby(page, info, "/rng", SLOT.name);
  await page.getByTestId("game-card").filter({ hasText: SLOT.name }).first().click();
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fgame%3F/);
  await expect(page.getByRole("dialog", { name: "Log in" })).toBeVisible();

  await page.getByRole("button", { name: "Try for free" }).click();
  await expect(page.getByTestId("balance")).toBeVisible();
  await searchLobby(page, info, "/rng", SLOT.name);
  await page.getByTestId("game-card").filter({ hasText: SLOT.name }).first().click();
  await expect(page.getByRole("alert")).toHaveText("Games need a real account. Register to play.");
  await expect(page).toHaveURL(/\/rng\?q=/);
});

test("the demo member launches a slot, spins, and the header balance changes", async ({ page, request }, info) => {
  await login(page, info, MEMBER);
  await searchLobby(page, info, "/rng", SLOT.name);
  const before = await balanceValue(page);
  const gamePage = page.waitForResponse(
    (r) => new URL(r.url()).pathname.startsWith("/play/") && (r.headers()["content-type"] ?? "").startsWith("text/html"),
  );
  await page.getByTestId("game-card").filter({ hasText: SLOT.name }).first().click();
  await expect(page).toHaveURL(/\/game$/);
  // The platform's game page keeps its own sandboxed policy, not the site's nonce policy.
  const csp = (await gamePage).headers()["content-security-policy"] ?? "";
  expect(csp).toContain("sandbox allow-scripts allow-forms");
  expect(csp).not.toContain("nonce-");
  // The launch address alone (another browser, a leaked link) opens nothing: the pass is this browser's.
  const address = await page.getByTestId("game-frame").getAttribute("src");
  expect(address).toMatch(/^\/play\/[\w-]+/);
  expect((await request.get(address!)).status()).toBe(404);
  const frame = page.frameLocator("[data-testid=game-frame]");
  await expect(frame.getByTestId("play-balance")).toBeVisible();
  // One balance: with the game open the header shows the wallet the game bets from, named, and the
  // same figure as the game (not the sum of every wallet).
  const frameBalance = async () => Number((await frame.getByTestId("play-balance").innerText()).replace(/[^\d.]/g, ""));
  await expect(page.getByTestId("balance-wallet")).toHaveText("Main Wallet");
  expect(await balanceValue(page)).toBe(await frameBalance());
  // The game's main action is inside the first screen of a 740 px phone.
  const spin = frame.getByRole("button", { name: "Spin" });
  const box = await spin.boundingBox();
  expect((box?.y ?? 999) + (box?.height ?? 0)).toBeLessThanOrEqual(page.viewportSize()!.height);
  await spin.click();
  await expect(frame.locator("[data-testid=play-result][data-round]")).toBeVisible();
  if (jsOn(info)) {
    // The game tells the page; the header reloads its balance by itself, to the game's figure.
    await expect.poll(() => balanceValue(page)).not.toBe(before);
    await expect.poll(async () => (await balanceValue(page)) === (await frameBalance())).toBe(true);
  } else {
    // Without JavaScript the header's refresh reloads the page, and the same game comes back.
    await page.getByRole("button", { name: /refresh/i }).click();
    await expect(page).toHaveURL(/\/game$/);
    await expect(page.getByTestId("game-frame")).toBeVisible();
    expect(await balanceValue(page)).not.toBe(before);
    await expect(frame.getByTestId("play-balance")).toBeVisible();
    expect(await balanceValue(page)).toBe(await frameBalance());
  }
  // Reloading /game keeps the game.
  await page.reload();
  await expect(page.frameLocator("[data-testid=game-frame]").getByTestId("play-balance")).toBeVisible();
  // The game is now among the member's recent games, on the home page and above the favourites.
  for (const path of ["/", "/fav"]) {
    await open(page, path, info);
    await expect(page.getByRole("region", { name: "Recently played" }).getByText(SLOT.name)).toBeVisible();
  }
});

test("each kind of demo game has its main action inside the first screen of a 740 px phone", async ({ page }, info) => {
  await login(page, info, MEMBER);
  for (const lobby of ["/rng", "/crash", "/fish"]) {
    await open(page, lobby, info);
    await page.getByTestId("game-card").first().click();
    await expect(page).toHaveURL(/\/game$/);
    const main = page.frameLocator("[data-testid=game-frame]").locator("button.go").first();
    await expect(main).toBeVisible();
    const box = (await main.boundingBox())!;
    expect(box.y + box.height, `${lobby}: the main action's bottom`).toBeLessThanOrEqual(page.viewportSize()!.height);
  }
});

test("a game stops with the session: after logout its page says it ended and a bet moves nothing", async ({ page }, info) => {
  const player = await newMember(page, info, 100);
  await searchLobby(page, info, "/rng", SLOT.name);
  await page.getByTestId("game-card").filter({ hasText: SLOT.name }).first().click();
  await expect(page).toHaveURL(/\/game$/);
  const address = (await page.getByTestId("game-frame").getAttribute("src"))!;
  const gameFrame = page.frameLocator("[data-testid=game-frame]");
  await expect(gameFrame.getByTestId("play-balance")).toBeVisible();
  const roundKey = await gameFrame.locator("input[name=roundKey]").getAttribute("value");

  await logout(page);
  await expect(page).toHaveURL(/\/$/);

  // This browser still holds the page's pass; the platform ended the launch with the session.
  await page.goto(address);
  await expect(page.getByTestId("play-ended")).toBeVisible();
  const bet = await page.request.post(`${address}/bet`, { form: { stake: "1.00", roundKey: roundKey! } });
  expect(bet.status()).toBe(404);
  // Not a cent moved: logged in again, the credit is whole.
  await login(page, info, player);
  expect(await balanceValue(page)).toBe(100);
});

test("a live vendor entry opens its games as a list over the lobby", async ({ page }, info) => {
  await login(page, info);
  await open(page, "/live", info);
  const entry = page.getByTestId("game-card").filter({ hasText: "EVO" }).first();
  await entry.click();
  await expect(page).toHaveURL(/\/live\?vendorList=EVO/);
  const dialog = page.getByRole("dialog", { name: "Evolution" });
  await expect(dialog.getByTestId("game-card").first()).toBeVisible();
  await dialog.getByRole("link", { name: "Close" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
});

test("a game under maintenance shows other popular games", async ({ page }, info) => {
  await login(page, info);
  await searchLobby(page, info, "/rng", SLOT.name);
  const link = await page.getByTestId("game-card").filter({ hasText: SLOT.name }).first().getAttribute("href");
  const nodeId = new URL(link!, "http://x").searchParams.get("nodeId")!;
  operator("game", nodeId, "off");
  try {
    const response = await page.goto(link!);
    expect(response?.status()).toBe(503);
    await expect(page.getByRole("heading", { name: "Game under maintenance" })).toBeVisible();
    await expect(page.getByTestId("game-card").first()).toBeVisible();
  } finally {
    operator("game", nodeId, "on");
  }
});

test("a hot game under maintenance is never among the games suggested instead", async ({ page }, info) => {
  await login(page, info);
  await open(page, "/hot", info);
  const link = await page.getByTestId("game-card").first().getAttribute("href");
  const nodeId = new URL(link!, "http://x").searchParams.get("nodeId")!;
  operator("game", nodeId, "off");
  try {
    const response = await page.goto(link!);
    expect(response?.status()).toBe(503);
    const suggested = await page.getByTestId("game-card").evaluateAll((cards) => cards.map((c) => c.getAttribute("href") ?? ""));
    expect(suggested.length).toBeGreaterThan(0);
    expect(suggested.filter((href) => href.includes(`nodeId=${nodeId}&`) || href.endsWith(`nodeId=${nodeId}`))).toEqual([]);
  } finally {
    operator("game", nodeId, "on");
  }
});

test("game tiles name their vendor as players know it, not by its code", async ({ page }, info) => {
  await open(page, "/pg", info);
  const card = page.getByTestId("game-card").first();
  await expect(card).toContainText("PG Soft");
  const lines = await card.locator(":scope > span").allInnerTexts();
  expect(lines.map((l) => l.trim())).not.toContain("PG");
});

test("an empty favourites page tells the player how to add one", async ({ page }, info) => {
  await newMember(page, info, 0);
  await open(page, "/fav", info);
  await expect(page.getByText("No favourites yet. Tap the heart on a game to keep it here.")).toBeVisible();
});

test("every lottery screen opens with its games and results", async ({ page }, info) => {
  for (const [path, title] of [
    ["/lottery", "Lottery"],
    ["/vnlottery", "Vietnam lottery"],
    ["/elott", "E-lottery"],
    ["/seaLottery", "South-East Asia lottery"],
    ["/sealottery", "South-East Asia lottery"],
  ] as const) {
    const response = await open(page, path, info);
    expect(response?.status(), path).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(page.getByTestId("balls").first()).toBeVisible();
  }
  // A lottery game opens in the in-game page once logged in.
  await login(page, info);
  await open(page, "/lottery", info);
  await page.getByTestId("lottery-games").getByRole("link", { name: "Play" }).first().click();
  await expect(page).toHaveURL(/\/lottert$/);
  await expect(page.frameLocator("[data-testid=game-frame]").locator("body")).toContainText(/\d/);
  // An e-lottery card opens its own lottery (by its lottery code) in the same page.
  await open(page, "/elott", info);
  await page.getByTestId("game-card").filter({ hasText: "TC Keno" }).click();
  await expect(page).toHaveURL(/\/lottert$/);
  await expect(page.frameLocator("[data-testid=game-frame]").locator("body")).toContainText("Keno");
});

test("home shows hot games, popular lottery and winners", async ({ page }, info) => {
  const response = await open(page, "/", info);
  await expect(page.getByRole("heading", { name: "Hot games" })).toBeVisible();
  await expect(page.getByTestId("popular-lottery").getByRole("link").first()).toBeVisible();
  await expect(page.getByTestId("winners").locator("li").first()).toBeVisible();

  // These blocks are drawn on the server and not hydrated (decision 031): their text is in the
  // page once, as markup, not a second time as data for the browser.
  const html = (await response?.text()) ?? "";
  // The platform's words sit in <bdi>, each in its own direction (decision 042).
  const firstWinner = (await page.getByTestId("winners").locator("li > bdi").nth(1).innerText()).trim();
  const marquee = (await page.getByTestId("marquee").locator("bdi").first().innerText()).trim();
  expect(html.split(marquee).length - 1, "the first announcement, once").toBe(1);
  expect(html.split(`<bdi>${firstWinner}</bdi>`).length - 1, "a winner's game as markup").toBeGreaterThan(0);
  expect(html, "no block data for hydration").not.toMatch(/\\"winners\\"/);
  // Nor a honeypot: the home page has no public form (the login modal's loader hands one out).
  expect(html).not.toContain("encryptedValidFrom");
  if (!jsOn(info)) return;

  // Their links still move in place, as Remix's links do: no new document.
  await page.evaluate(() => ((window as unknown as { stayed?: boolean }).stayed = true));
  const notice = page.getByTestId("notices").getByRole("link").first();
  const title = (await notice.innerText()).trim();
  await notice.click();
  await expect(page).toHaveURL(/\/noticePage\?id=/);
  await expect(page.getByRole("heading", { level: 1, name: "Notices" })).toBeVisible();
  await expect(page.getByRole("main").getByText(title)).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);

  // Back on the home page the blocks come from the navigation's data, drawn by the browser.
  await page.goBack();
  await expect(page.getByTestId("games").first().getByTestId("game-card")).toHaveCount(12);
  await expect(page.getByTestId("winners").locator("li")).toHaveCount(10);
  await expect(page.getByTestId("marquee")).toHaveCount(1);
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
});
