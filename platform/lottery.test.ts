import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lotteryGroups } from "./db/seed-lottery-data";
import { type DrawSchedule, drawNumbers, fillDraws, issueOf, KEEP_DRAWS, latestDrawAt } from "./services/lottery";
import { type Harness, openHarness } from "./testing/harness";

// The lottery gateway of decision 014 (raw JSON under /lgw and /lotto) on one in-memory PGlite,
// with the harness clock moved to watch draws fill in.

let h: Harness;
const T0 = new Date("2026-11-22T10:00:30.000Z");
beforeAll(async () => {
  h = await openHarness();
  h.clock.now = T0;
});
afterAll(() => h?.close());

interface Menu {
  gameGroupCode: string;
  gameGroupId: number;
  labelName: string;
  gameMenus: { gameId: number; code: string; labelName: string; remark: string; mobileIconUrl: string; drawMinutes: number }[];
}
interface Draw {
  code: string;
  labelName: string;
  issue: string;
  numbers: string;
  drawnAt: number;
}
interface Popular extends Omit<Draw, "issue" | "numbers" | "drawnAt"> {
  gameId: number;
  mobileIconUrl: string;
  prizeMode: string;
  issue: string | null;
  numbers: string | null;
  drawnAt: number | null;
  nextDrawAt: number;
}

async function get<T>(path: string, language?: string): Promise<T> {
  const response = await h.call(path, { language });
  expect(response.status, path).toBe(200);
  return (await response.json()) as T;
}

const games = lotteryGroups.flatMap((group) => group.games.map((game) => ({ ...game, group })));
const schedule = (code: string): DrawSchedule => {
  const game = games.find((g) => g.code === code);
  if (!game) throw new Error(`no lottery ${code}`);
  return { code, groupCode: game.group.code, drawMinutes: game.drawMinutes, ballCount: game.ballCount, ballMax: game.ballMax };
};
const stored = async (code: string) =>
  (await h.db.query<{ n: number }>("SELECT count(*) AS n FROM lottery_draws WHERE merchant = 'demo' AND code = $1", [code]))[0]?.n ?? 0;

describe("menus", () => {
  it("groups the Lott games by group code, in order, with the decision's fields", async () => {
    const menus = await get<Record<string, Menu>>("/lgw/games/game_menus?prizeMode=Lott");
    expect(Object.keys(menus)).toEqual(["5D", "3D", "PK10", "KENO"]);
    expect(menus["5D"]).toMatchObject({ gameGroupCode: "5D", gameGroupId: 101, labelName: "5D" });
    for (const menu of Object.values(menus)) {
      expect(menu.gameMenus.length).toBeGreaterThanOrEqual(2);
      expect(menu.gameMenus.length).toBeLessThanOrEqual(5);
      for (const game of menu.gameMenus) {
        expect(game).toEqual({
          gameId: expect.any(Number),
          code: expect.any(String),
          labelName: expect.any(String),
          remark: expect.any(String),
          mobileIconUrl: `/media/lottery/${game.code}.svg`,
          drawMinutes: expect.any(Number),
        });
      }
    }
    expect(menus["5D"]?.gameMenus[0]).toMatchObject({
      code: "5D1",
      labelName: "5D 1 Minute",
      remark: "A draw every minute",
      drawMinutes: 1,
    });
    expect(await get("/lgw/games/mobile_game_menus")).toEqual(menus);
    expect(await get("/lgw/games/game_menus?prizeMode=lott")).toEqual(menus);
    expect(await get("/lgw/games/game_menus?prizeMode=Nope")).toEqual({});
    expect(Object.keys(await get<Record<string, Menu>>("/lgw/games/game_menus?prizeMode=SEA"))).toEqual(["SEA_4D", "SEA_FAST"]);
  });

  it("has the VN menu: North, Central, South and fast games, names in the Language header's language", async () => {
    const vn = await get<Record<string, Menu>>("/lgw/vn/games/game_menu");
    expect(Object.keys(vn)).toEqual(["VN_NORTH", "VN_CENTRAL", "VN_SOUTH", "VN_FAST"]);
    expect(vn.VN_NORTH?.gameMenus[0]).toMatchObject({
      code: "VN_HANOI",
      labelName: "Hà Nội",
      drawMinutes: 1440,
      remark: "One draw a day at 11:15 UTC",
    });
    expect(vn.VN_FAST?.gameMenus.map((g) => g.drawMinutes)).toEqual([1, 3, 5]);
    const bn = await get<Record<string, Menu>>("/lgw/vn/games/game_menu", "BN");
    expect(bn.VN_NORTH).toMatchObject({
      labelName: "উত্তর ভিয়েতনাম",
      gameMenus: expect.arrayContaining([expect.objectContaining({ code: "VN_HANOI", labelName: "হ্যানয়" })]),
    });
    expect((await get<Record<string, Menu>>("/lgw/vn/games/game_menu?language=BN")).VN_FAST?.gameMenus[0]?.labelName).toBe("ভিএন ১ মিনিট");
  });

  it("needs the Merchant header, under /lgw and /lotto", async () => {
    for (const path of ["/lgw/games/game_menus", "/lotto/lgw/games/opened/numero?gameCode=VN1"]) {
      const missing = await h.call(path, { merchant: null });
      expect(missing.status).toBe(400);
      expect(await missing.json()).toMatchObject({ success: false, errorCode: "function.not.available" });
      expect(await (await h.call(path, { merchant: "nobody" })).json()).toMatchObject({ errorCode: "domain_not_available" });
    }
  });
});

describe("draws", () => {
  it("fills in the latest 100 draws of a game on the first read, numbers from the hash", async () => {
    const draws = await get<Draw[]>("/lgw/vn/numeros/opened/game?count=100&gameCode=VN1");
    expect(draws).toHaveLength(KEEP_DRAWS);
    expect(draws[0]).toMatchObject({
      code: "VN1",
      labelName: "VN 1 Minute",
      issue: "20261122-0601",
      drawnAt: Date.parse("2026-11-22T10:00:00Z"),
    });
    expect(draws.at(-1)).toMatchObject({ issue: "20261122-0502", drawnAt: Date.parse("2026-11-22T08:21:00Z") });
    for (const [i, draw] of draws.entries()) {
      expect(draw.numbers).toBe(drawNumbers("demo", schedule("VN1"), draw.issue));
      expect(draw.numbers).toMatch(/^\d(,\d){4}$/);
      if (i > 0) expect(draws[i - 1]!.drawnAt - draw.drawnAt).toBe(60_000);
    }
    expect(await stored("VN1")).toBe(KEEP_DRAWS);
  });

  it("continues as the clock moves, the same draws for every reader", async () => {
    const before = await get<Draw[]>("/lotto/lgw/games/opened/numero?count=100&gameCode=VN1");
    h.clock.advance(5 * 60_000);
    const after = await get<Draw[]>("/lotto/lgw/games/opened/numero?count=100&gameCode=VN1");
    expect(after.slice(0, 5).map((d) => d.issue)).toEqual([
      "20261122-0606",
      "20261122-0605",
      "20261122-0604",
      "20261122-0603",
      "20261122-0602",
    ]);
    expect(after.slice(5)).toEqual(before.slice(0, 95));
    expect(await stored("VN1")).toBe(KEEP_DRAWS + 5);
    // Reading again in the same minute writes nothing.
    await get("/lotto/lgw/games/opened/numero?gameCode=VN1");
    expect(await stored("VN1")).toBe(KEEP_DRAWS + 5);

    // A long pause adds the latest 100 only, leaving a gap.
    h.clock.advance(3 * 86_400_000);
    const later = await get<Draw[]>("/lotto/lgw/games/opened/numero?count=100&gameCode=VN1");
    expect(later[0]).toMatchObject({ issue: "20261125-0606", drawnAt: Date.parse("2026-11-25T10:05:00Z") });
    expect(await stored("VN1")).toBe(2 * KEEP_DRAWS + 5);

    // A clock moved back never shows draws after it.
    h.clock.now = new Date(T0.getTime() + 2 * 60_000);
    const back = await get<Draw[]>("/lotto/lgw/games/opened/numero?count=3&gameCode=VN1");
    expect(back.map((d) => d.issue)).toEqual(["20261122-0603", "20261122-0602", "20261122-0601"]);
  });

  it("draws daily games at their group's minute, issue yyyymmdd", async () => {
    h.clock.now = new Date("2026-11-22T11:14:59Z");
    let [hanoi] = await get<Draw[]>("/lgw/vn/numeros/opened/game?count=1&gameCode=VN_HANOI");
    expect(hanoi).toMatchObject({ issue: "20261121", drawnAt: Date.parse("2026-11-21T11:15:00Z") });
    h.clock.now = new Date("2026-11-22T11:15:00Z");
    [hanoi] = await get<Draw[]>("/lgw/vn/numeros/opened/game?count=1&gameCode=VN_HANOI");
    expect(hanoi).toMatchObject({ issue: "20261122", numbers: drawNumbers("demo", schedule("VN_HANOI"), "20261122") });
    const [hcmc] = await get<Draw[]>("/lgw/vn/numeros/opened/game?count=1&gameCode=VN_HCMC");
    expect(hcmc?.drawnAt).toBe(Date.parse("2026-11-22T09:15:00Z"));
  });

  it("lists the latest draw of each VN game, and the newest VN draws of all games", async () => {
    const recent = await get<Draw[]>("/lgw/vn/games/game_menu/recent");
    const vnCodes = games.filter((g) => g.group.prizeMode === "VN").map((g) => g.code);
    expect(recent.map((d) => d.code)).toEqual(vnCodes);
    for (const draw of recent) {
      expect(draw.drawnAt).toBe(latestDrawAt(schedule(draw.code), h.clock.now).getTime());
      expect(draw.issue).toBe(issueOf(schedule(draw.code), new Date(draw.drawnAt)));
    }
    const newest = await get<Draw[]>("/lgw/vn/numeros/opened/game?count=20");
    expect(newest).toHaveLength(20);
    expect(newest.every((d) => vnCodes.includes(d.code) && d.drawnAt <= h.clock.now.getTime())).toBe(true);
    expect(newest.every((d, i) => i === 0 || newest[i - 1]!.drawnAt >= d.drawnAt)).toBe(true);
    // Not a VN game: nothing under the VN call.
    expect(await get("/lgw/vn/numeros/opened/game?gameCode=5D1")).toEqual([]);
  });

  it("lists popular games with their latest and next draw", async () => {
    const popular = await get<Popular[]>("/lgw/games/popular?count=20&prizeMode=&device=MOBILE&language=EN");
    const expected = games.filter((g) => g.popular).map((g) => g.code);
    expect(popular.map((p) => p.code)).toEqual(expected);
    const now = h.clock.now.getTime();
    for (const p of popular) {
      const { drawMinutes } = schedule(p.code);
      expect(p).toMatchObject({ mobileIconUrl: `/media/lottery/${p.code}.svg`, prizeMode: expect.stringMatching(/^(Lott|VN|SEA)$/) });
      expect(p.drawnAt).not.toBeNull();
      expect(p.drawnAt!).toBeLessThanOrEqual(now);
      expect(p.nextDrawAt).toBeGreaterThan(now);
      expect(p.nextDrawAt - p.drawnAt!).toBe(drawMinutes * 60_000);
    }
    const vn = await get<Popular[]>("/lgw/games/popular?prizeMode=VN");
    expect(vn.length).toBeGreaterThan(0);
    expect(vn.every((p) => p.prizeMode === "VN")).toBe(true);
    expect(await get<Popular[]>("/lgw/games/popular?count=1")).toHaveLength(1);
    expect(await get("/lgw/games/popular?prizeMode=XYZ")).toEqual([]);
  });

  it("draws PK10 as a permutation and Keno as distinct ascending numbers", async () => {
    const [pk10] = await get<Draw[]>("/lotto/lgw/games/opened/numero?count=1&gameCode=PK10_1");
    expect(
      pk10!.numbers
        .split(",")
        .map(Number)
        .sort((a, b) => a - b),
    ).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    const keno = await get<Draw[]>("/lotto/lgw/games/opened/numero?count=5&gameCode=KENO5");
    for (const draw of keno) {
      const numbers = draw.numbers.split(",").map(Number);
      expect(numbers).toHaveLength(20);
      expect(new Set(numbers).size).toBe(20);
      expect(numbers.every((n, i) => n >= 1 && n <= 80 && (i === 0 || numbers[i - 1]! < n))).toBe(true);
    }
  });

  it("reads bad parameters tolerantly", async () => {
    expect(await get<Draw[]>("/lotto/lgw/games/opened/numero?count=500&gameCode=VN1")).toHaveLength(100);
    expect(await get<Draw[]>("/lotto/lgw/games/opened/numero?count=0&gameCode=VN1")).toHaveLength(1);
    expect(await get<Draw[]>("/lotto/lgw/games/opened/numero?count=abc&gameCode=VN1")).toHaveLength(100);
    for (const code of ["x%20y", "%00", "NOPE", "x".repeat(100), "%27--"])
      expect(await get(`/lotto/lgw/games/opened/numero?gameCode=${code}`)).toEqual([]);
  });

  it("is safe under concurrent reads: each draw stored once", async () => {
    h.clock.now = new Date("2026-11-23T00:00:10Z");
    const paths = [
      "/lgw/vn/games/game_menu/recent",
      "/lgw/vn/numeros/opened/game?gameCode=VN1",
      "/lgw/games/popular",
      "/lotto/lgw/games/opened/numero",
      "/lotto/lgw/games/opened/numero?gameCode=VN1",
      "/lgw/vn/games/game_menu/recent",
    ];
    const started = performance.now();
    const responses = await Promise.all(paths.map((path) => h.call(path)));
    console.info(
      `[lottery.test] ${paths.length} concurrent first reads after a clock move: ${(performance.now() - started).toFixed(0)} ms`,
    );
    expect(responses.map((r) => r.status)).toEqual(paths.map(() => 200));
    const [first] = await get<Draw[]>("/lotto/lgw/games/opened/numero?count=1&gameCode=VN1");
    expect(first?.issue).toBe("20261123-0001");
    const duplicates = await h.db.query("SELECT code, issue FROM lottery_draws GROUP BY merchant, code, issue HAVING count(*) > 1");
    expect(duplicates).toEqual([]);
    expect(await fillDraws(h.db, "demo", h.clock.now)).toMatchObject({ inserted: 0 });
  });

  it("derives numbers from merchant, code and issue only", () => {
    const vn1 = schedule("VN1");
    expect(drawNumbers("demo", vn1, "20261122-0001")).toBe(drawNumbers("demo", vn1, "20261122-0001"));
    const others = ["other", "demo2", "x"].map((m) => drawNumbers(m, vn1, "20261122-0001"));
    expect(new Set([drawNumbers("demo", vn1, "20261122-0001"), ...others]).size).toBeGreaterThan(1);
    expect(issueOf(vn1, new Date("2026-11-22T23:59:00Z"))).toBe("20261122-1440");
    expect(issueOf(schedule("KENO10"), new Date("2026-11-22T00:10:00Z"))).toBe("20261122-0002");
    for (const game of games) expect(1440 % game.drawMinutes, game.code).toBe(0);
  });
});

describe("icons", () => {
  it("draws each lottery's icon, in the asked language", async () => {
    const response = await h.call("/media/lottery/VN_HANOI.svg?lang=BN", { merchant: null });
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toMatch(/max-age=\d{7,}/);
    const svg = await response.text();
    // Its name labels it; the page writes the name beside it, so the picture draws none (decision 039).
    expect(svg).toContain('aria-label="হ্যানয়"');
    expect(svg).not.toContain("<text");
    expect(Buffer.byteLength(svg)).toBeLessThan(3_072);
    expect((await h.call("/media/lottery/NOPE.svg")).status).toBe(404);
  });
});
