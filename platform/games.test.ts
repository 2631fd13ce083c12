import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseCommand, UsageError } from "./admin";
import { seed } from "./db/seed";
import { vendorLanes } from "./db/seed-catalog";
import { gameCatalogue, SLOT_COUNTS, WELL_KNOWN_GAMES } from "./db/seed-games-data";
import { postMovement } from "./ledger";
import { OperatorError, setModule } from "./operator";
import { setGameEnabled } from "./operator-games";
import { createOperatorApp } from "./operator-http";
import { type Game, type GameFilters, type GamePage, LIST_LIMITS, listGames } from "./services/games";
import { FAVOURITE_LIMIT, recordRecentGame } from "./services/favourites";
import type { Paging } from "./services/periods";
import { type Harness, openHarness } from "./testing/harness";
import { refused as fail } from "./testing/envelope";

// The game catalogue of decision 014 through the Hono app, on one in-memory PGlite: the seed,
// every catalogue relay, favourites, recent games, PvP rooms, thumbnails and the operator switch.

let h: Harness;
let token: string;
let memberId: number;
beforeAll(async () => {
  h = await openHarness();
  const login = await h.login("demo_member", "Demo@1234");
  token = login.body.value.token;
  memberId = login.body.value.id;
});
afterAll(() => h?.close());

const relay = (call: string, query = "", init: Parameters<Harness["json"]>[1] = {}) =>
  h.json(`/wps/relay/${call}${query ? `?${query}` : ""}`, init);
const pageOf = async (query: string): Promise<GamePage> => {
  const { status, body } = await relay("GCSGAME_gameList", query);
  expect(status, JSON.stringify(body)).toBe(200);
  expect(body.success).toBe(true);
  return body.value as GamePage;
};
const gameIdOf = async (nodeId: string) => {
  const [row] = await h.db.query<{ id: number }>("SELECT id FROM games WHERE merchant = 'demo' AND node_id = $1", [nodeId]);
  if (!row) throw new Error(`no game ${nodeId}`);
  return row.id;
};
const known = WELL_KNOWN_GAMES;

describe("seed", () => {
  it("writes the generated catalogue in order: 10,000 slots, crash games, every category", async () => {
    const { games, rooms, winners } = gameCatalogue();
    const rows = await h.db.query<{ node_id: string; name: string; game_type: string; vassalage: string }>(
      "SELECT node_id, name, game_type, vassalage FROM games WHERE merchant = 'demo' ORDER BY id",
    );
    expect(rows.map((r) => [r.node_id, r.name])).toEqual(games.map((g) => [g.nodeId, g.name]));
    const slots = games.filter((g) => g.gameType === "RNG" && g.classify === "");
    expect(slots).toHaveLength(10_000);
    expect(Object.values(SLOT_COUNTS).reduce((a, b) => a + b, 0)).toBe(10_000);
    const crash = games.filter((g) => g.classify === "CRASH");
    expect(crash.length).toBeGreaterThanOrEqual(8);
    expect(crash.every((g) => g.vassalage === "SPRIBE" && g.demo === "crash" && g.gameType === "RNG")).toBe(true);
    expect(games.filter((g) => g.classify !== "CRASH").every((g) => g.demo === "slot")).toBe(true);
    const types = new Set(games.map((g) => g.gameType));
    for (const type of ["LIVE", "SPORTS", "FISH", "RNG", "PVP", "ESPORTS", "COCKFIGHT", "ELOTT", "CRICKET", "BGS"])
      expect(types, type).toContain(type);
    expect(games.filter((g) => g.gameType === "SPORTS").map((g) => g.vassalage)).toEqual(["SABA", "DS88", "BTI"]);
    expect(rooms.length).toBeGreaterThan(0);
    expect(winners).toHaveLength(30);
  });

  it("draws plausible values: unique names per vendor, the decision's lines and bets, 2% hot", () => {
    const slots = gameCatalogue().games.filter((g) => g.gameType === "RNG" && g.classify === "");
    const byVendor = new Map<string, Set<string>>();
    for (const g of slots) {
      const names = byVendor.get(g.vassalage) ?? new Set();
      expect(names.has(g.name), `${g.vassalage} ${g.name}`).toBe(false);
      names.add(g.name);
      byVendor.set(g.vassalage, names);
    }
    expect([...byVendor.keys()].sort()).toEqual(Object.keys(SLOT_COUNTS).sort());
    const lines = new Set([1, 3, 5, 9, 10, 15, 20, 25, 30, 40, 50, 243, 1024]);
    const bets = new Set([1, 10, 20, 50, 100, 200, 500]);
    for (const g of slots) {
      expect(lines.has(g.lines) && bets.has(g.minBet), g.nodeId).toBe(true);
      expect(g.rtp).toBeGreaterThanOrEqual(94);
      expect(g.rtp).toBeLessThanOrEqual(97.5);
      expect(g.releaseDate >= "2020-11-01" && g.releaseDate < "2026-11-01", g.releaseDate).toBe(true);
    }
    const hot = slots.filter((g) => g.hot).length / slots.length;
    expect(hot).toBeGreaterThan(0.01);
    expect(hot).toBeLessThan(0.03);
  });

  it("has one VASSALAGE entry per live vendor, 3–6 rooms per PvP game, the well-known games", async () => {
    const lobbies = await h.db.query<{ vassalage: string }>("SELECT vassalage FROM games WHERE is_game = 'VASSALAGE' ORDER BY id");
    expect(lobbies.map((r) => r.vassalage)).toEqual(["EVO", "SEXY", "DG"]);
    const rooms = await h.db.query<{ n: number }>(
      "SELECT count(r.id) AS n FROM games g LEFT JOIN pvp_rooms r ON r.game_id = g.id WHERE g.game_type = 'PVP' GROUP BY g.id",
    );
    expect(rooms.length).toBe(30);
    for (const { n } of rooms) expect(n >= 3 && n <= 6, String(n)).toBe(true);
    for (const game of Object.values(known)) {
      const [row] = await h.db.query<{ name: string; vassalage: string; game_type: string }>(
        "SELECT name, vassalage, game_type FROM games WHERE merchant = 'demo' AND node_id = $1",
        [game.nodeId],
      );
      expect(row, game.nodeId).toEqual({ name: game.name, vassalage: game.vassalage, game_type: game.gameType });
    }
  });

  it("runs once per merchant, and on a merchant seeded before the games step", async () => {
    expect(await seed(h.db, "demo")).toBe(false);
    const [{ n }] = (await h.db.query<{ n: number }>("SELECT count(*) AS n FROM games WHERE merchant = 'demo'")) as [{ n: number }];
    expect(n).toBe(gameCatalogue().games.length);
    // A merchant whose core data exists but no games step: the step adds vendors and games.
    await h.db.query("INSERT INTO merchants (code, currency, currency_symbol) VALUES ('older', 'BDT', '৳')");
    expect(await seed(h.db, "older")).toBe(true);
    const counts = await h.db.query<{ games: number; vendors: number; lotteries: number; winners: number }>(
      `SELECT (SELECT count(*) FROM games WHERE merchant = 'older') AS games, (SELECT count(*) FROM vendors WHERE merchant = 'older') AS vendors,
              (SELECT count(*) FROM lottery_games WHERE merchant = 'older') AS lotteries, (SELECT count(*) FROM seeded_winners WHERE merchant = 'older') AS winners`,
    );
    const vendors = vendorLanes.reduce((sum, lane) => sum + lane.vendors.length, 0);
    expect(counts[0]).toMatchObject({ games: gameCatalogue().games.length, vendors, winners: 30 });
    expect(counts[0]!.lotteries).toBeGreaterThan(20);
  });
});

describe("GCSGAME_gameList", () => {
  it("answers the decision's game shape, 30 per page by default, in the operator's order", async () => {
    const page = await pageOf("merchant=demo&platform=html5&clientType=2&gameType=RNG&language=EN");
    // 10,010 slots: more than the count cap, so the count stops there (the site shows "10,000+")
    // and the pages the cap fills are offered, more as the player gets there (issue 14).
    expect(page).toMatchObject({
      totalCount: LIST_LIMITS.countCap,
      totalCountCapped: true,
      totalPages: Math.ceil(10_001 / 30),
      pageNum: 1,
    });
    expect(page.games).toHaveLength(30);
    const first = page.games[0]!;
    expect(Object.keys(first).sort()).toEqual(
      [
        "gameId",
        "nodeId",
        "gameName",
        "nodeName",
        "gameType",
        "vassalage",
        "gameClassify",
        "showIcon",
        "defaultIcon",
        "roomId",
        "isGame",
        "isHot",
        "lines",
        "minBet",
        "rtp",
        "releaseDate",
      ].sort(),
    );
    expect(first).toMatchObject({
      gameType: "RNG",
      gameClassify: "",
      roomId: null,
      isGame: "",
      showIcon: `/media/game/${first.gameId}.svg`,
      defaultIcon: `/media/game/${first.gameId}.svg`,
    });
    expect(first.nodeName).toBe(first.gameName);
    expect(first.releaseDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(typeof first.minBet).toBe("number");
    // The first game of each vendor (sort 0) comes first.
    expect(page.games.slice(0, 14).map((g) => g.nodeId)).toContain(known.fortuneDragonGold.nodeId);
  });

  it("filters by vendor, classification, HOT and name", async () => {
    const pg = await pageOf("gameType=RNG&vassalage=pg&pageSize=100");
    expect(pg.totalCount).toBe(SLOT_COUNTS.PG);
    expect(pg.games[0]).toMatchObject({
      nodeId: known.fortuneDragonGold.nodeId,
      gameName: "Fortune Dragon Gold",
      minBet: expect.any(Number),
      isHot: 1,
    });
    expect(pg.games.every((g) => g.vassalage === "PG")).toBe(true);

    const crash = await pageOf("gameClassify=CRASH");
    expect(crash.games.every((g) => g.vassalage === "SPRIBE" && g.gameClassify === "CRASH")).toBe(true);
    expect(crash.games[0]?.gameName).toBe("Aviator");

    const hot = await pageOf("gameType=HOT&pageSize=100");
    expect(hot.games.every((g) => g.isHot === 1)).toBe(true);
    expect(new Set(hot.games.map((g) => g.gameType)).size).toBeGreaterThan(3);

    const dragon = await pageOf("gameName=dRaGoN&pageSize=100");
    const [{ n }] = (await h.db.query<{ n: number }>(
      "SELECT count(*) AS n FROM games WHERE merchant = 'demo' AND name ILIKE '%dragon%'",
    )) as [{ n: number }];
    expect(dragon.totalCount).toBe(n);
    expect(dragon.games.every((g) => g.gameName.toLowerCase().includes("dragon"))).toBe(true);
    expect((await pageOf("gameName=Fortune%20Dragon%20Gold")).games.map((g) => g.nodeId)).toEqual([known.fortuneDragonGold.nodeId]);
    // LIKE wildcards are plain characters.
    expect((await pageOf("gameName=%25")).totalCount).toBe(0);
    expect((await pageOf("gameName=_")).totalCount).toBe(0);
  });

  it("filters by minimum bet and lines (docs/SPEC.md point 9: 1 or more, 25 or more lines)", async () => {
    const page = await pageOf("gameType=RNG&minBetFrom=1&linesFrom=25&pageSize=100");
    const expected = gameCatalogue().games.filter((g) => g.gameType === "RNG" && g.minBet >= 100 && g.lines >= 25).length;
    expect(page.totalCount).toBe(expected);
    expect(page.games.every((g) => g.minBet >= 1 && g.lines >= 25)).toBe(true);
    expect((await pageOf("gameType=RNG&minBetFrom=0.5")).games.every((g) => g.minBet >= 0.5)).toBe(true);
  });

  it("sorts new, name and rtp", async () => {
    const isSorted = <T>(list: T[], ok: (a: T, b: T) => boolean) => list.every((item, i) => i === 0 || ok(list[i - 1]!, item));
    const fresh = await pageOf("gameType=RNG&sort=new&pageSize=100");
    expect(isSorted(fresh.games, (a, b) => a.releaseDate >= b.releaseDate)).toBe(true);
    expect(fresh.games[0]?.releaseDate).toBe(
      gameCatalogue()
        .games.filter((g) => g.gameType === "RNG")
        .map((g) => g.releaseDate)
        .sort()
        .at(-1),
    );
    const named = await pageOf("gameType=FISH&sort=name&pageSize=100");
    expect(isSorted(named.games, (a, b) => a.gameName.toLowerCase() <= b.gameName.toLowerCase())).toBe(true);
    const rtp = await pageOf("gameType=RNG&sort=RTP&pageSize=100");
    expect(isSorted(rtp.games, (a, b) => a.rtp >= b.rtp)).toBe(true);
    expect(rtp.games[0]?.rtp).toBe(97.5);
  });

  it("pages without gaps or overlaps and clamps paging", async () => {
    const ids = new Set<number>();
    for (let pageNo = 1; pageNo <= 5; pageNo++) {
      const page = await pageOf(`vassalage=RT&pageSize=100&pageNo=${pageNo}`);
      expect(page).toMatchObject({ totalCount: 500, totalPages: 5, pageNum: pageNo });
      for (const g of page.games) ids.add(g.gameId);
    }
    expect(ids.size).toBe(500);
    expect(await pageOf("vassalage=RT&pageSize=100&pageNo=6")).toEqual({ games: [], totalCount: 500, totalPages: 5, pageNum: 6 });
    expect((await pageOf("vassalage=RT&pageSize=1000")).games).toHaveLength(100);
    expect((await pageOf("vassalage=RT&pageSize=0")).games).toHaveLength(1);
    expect((await pageOf("vassalage=RT&pageSize=abc")).games).toHaveLength(30);
    expect((await pageOf("vassalage=RT&pageNo=-5")).pageNum).toBe(1);
    expect(await pageOf("vassalage=RT&pageNo=999999999999")).toMatchObject({ games: [], pageNum: 1_000_000, totalCount: 500 });
    expect(await pageOf("vassalage=NOBODY")).toEqual({ games: [], totalCount: 0, totalPages: 0, pageNum: 1 });
  });

  it("pages a sort with ties without gaps or repeats: each order ends with the id", async () => {
    // RT's 500 games share far fewer RTPs and release dates than they are many.
    const [ties] = (await h.db.query<{ rtps: number; dates: number }>(
      "SELECT count(DISTINCT rtp) AS rtps, count(DISTINCT release_date) AS dates FROM games WHERE merchant = 'demo' AND vassalage = 'RT'",
    )) as [{ rtps: number; dates: number }];
    expect(ties.rtps).toBeLessThan(500);
    expect(ties.dates).toBeLessThan(500);
    for (const [sort, order] of [
      ["rtp", "rtp DESC, id"],
      ["new", "release_date DESC, id"],
      ["name", "lower(name), id"],
    ] as const) {
      const seen: number[] = [];
      for (let pageNo = 1; pageNo <= Math.ceil(500 / 7); pageNo++) {
        const page = await pageOf(`vassalage=RT&sort=${sort}&pageSize=7&pageNo=${pageNo}`);
        expect(page.games.length, `${sort} ${pageNo}`).toBe(pageNo < 72 ? 7 : 500 - 71 * 7);
        seen.push(...page.games.map((g) => g.gameId));
      }
      const expected = await h.db.query<{ id: number }>(
        `SELECT id FROM games WHERE merchant = 'demo' AND vassalage = 'RT' AND enabled ORDER BY ${order}`,
      );
      expect(new Set(seen).size, sort).toBe(500);
      expect(seen, sort).toEqual(expected.map((r) => r.id));
    }
  });

  describe("at scale: a capped count and a page window (issue 14)", () => {
    const rt: GameFilters = { vassalage: "RT", sort: "default" };
    const list = (paging: Paging, limits = { countCap: 250, pageWindow: 1_000 }, f = rt) => listGames(h.db, "demo", f, paging, limits);

    it("counts exactly up to the cap and says so past it", async () => {
      expect(await list({ pageNo: 1, pageSize: 100 }, { countCap: 500, pageWindow: 1_000 })).toMatchObject({
        totalCount: 500,
        totalPages: 5,
      });
      expect((await list({ pageNo: 1, pageSize: 100 }, { countCap: 500, pageWindow: 1_000 })).totalCountCapped).toBeUndefined();
      const capped = await list({ pageNo: 1, pageSize: 100 }, { countCap: 499, pageWindow: 1_000 });
      expect(capped).toMatchObject({ totalCount: 499, totalCountCapped: true, totalPages: 5, pageNum: 1 });
      expect(capped.games).toHaveLength(100);
      // The wire's page answers the same way.
      expect((await pageOf("gameType=RNG&pageSize=100")).totalCountCapped).toBe(true);
      expect((await pageOf("vassalage=RT")).totalCountCapped).toBeUndefined();
    });

    it("offers one more page while more follow, until the last: every game is reached once", async () => {
      const seen: number[] = [];
      let totalPages = 1;
      const reported: number[] = [];
      for (let pageNo = 1; pageNo <= totalPages; pageNo++) {
        const page = await list({ pageNo, pageSize: 70 });
        expect(page).toMatchObject({ totalCount: 250, totalCountCapped: true, pageNum: pageNo });
        totalPages = page.totalPages;
        reported.push(totalPages);
        seen.push(...page.games.map((g) => g.gameId));
      }
      // ceil(251 / 70) = 4 pages are known from the count; 5 and 6 are offered as 4 and 5 find more; 500 = 7 × 70 + 10.
      expect(reported).toEqual([4, 4, 4, 5, 6, 7, 8, 8]);
      const expected = await h.db.query<{ id: number }>(
        "SELECT id FROM games WHERE merchant = 'demo' AND vassalage = 'RT' AND is_game = '' AND enabled ORDER BY sort, id",
      );
      expect(seen).toEqual(expected.map((r) => r.id));
    });

    it("serves no rows past the page window, and cuts the page that straddles it", async () => {
      const limits = { countCap: 250, pageWindow: 300 };
      expect(await list({ pageNo: 3, pageSize: 100 }, limits)).toMatchObject({ totalPages: 3, totalCountCapped: true });
      const straddling = await list({ pageNo: 4, pageSize: 70 }, limits);
      expect(straddling.games).toHaveLength(70);
      expect(straddling.totalPages).toBe(5);
      const edge = await list({ pageNo: 5, pageSize: 70 }, limits);
      expect(edge.games).toHaveLength(20);
      expect(edge.totalPages).toBe(5);
      expect((await list({ pageNo: 6, pageSize: 70 }, limits)).games).toEqual([]);
      // Below the cap nothing changes: the window only bounds lists longer than the cap.
      expect(await list({ pageNo: 2, pageSize: 100 }, limits, { vassalage: "YGG", sort: "default" })).toMatchObject({
        games: [],
        totalCount: 100,
        totalPages: 1,
      });
    });
  });

  describe("name search", () => {
    const names = [
      "100% Wins",
      "1000 Wins",
      "Lucky_Star",
      "Lucky Star",
      "Back\\Slash",
      "BackSlash",
      "Dragon Gate",
      "DRAGON gate 2",
      "Drag On",
    ];
    beforeAll(async () => {
      await h.db.query("INSERT INTO merchants (code, currency, currency_symbol) VALUES ('likes', 'BDT', '৳')");
      await h.db.query(
        `INSERT INTO games (merchant, node_id, game_type, vassalage, name, release_date, sort)
         SELECT 'likes', 'LK_' || n, 'RNG', 'LK', name, date '2026-01-01', n::int FROM unnest($1::text[]) WITH ORDINALITY AS t(name, n)`,
        [names],
      );
    });
    const search = async (gameName: string) =>
      (await listGames(h.db, "likes", { gameName, sort: "name" }, { pageNo: 1, pageSize: 100 })).games.map((g) => g.gameName);

    it("matches %, _ and \\ as themselves, in any case", async () => {
      // Searches with three letters or digits in a row go through LIKE (the trigram index): an
      // unescaped % would match "1000 Wins", an unescaped _ the space of "Lucky Star".
      expect(await search("100%")).toEqual(["100% Wins"]);
      expect(await search("0% w")).toEqual(["100% Wins"]);
      expect(await search("CKY_st")).toEqual(["Lucky_Star"]);
      expect(await search("ack\\sl")).toEqual(["Back\\Slash"]);
      expect(await search("ack%")).toEqual([]);
      // The others by their pieces (strpos).
      expect(await search("%")).toEqual(["100% Wins"]);
      expect(await search("_")).toEqual(["Lucky_Star"]);
      expect(await search("Y_s")).toEqual(["Lucky_Star"]);
      expect(await search("\\")).toEqual(["Back\\Slash"]);
      expect(await search("k\\s")).toEqual(["Back\\Slash"]);
      expect(await search("%_\\")).toEqual([]);
      expect(await search("dragon g")).toEqual(["Dragon Gate", "DRAGON gate 2"]);
      expect(await search("ON")).toEqual(["Drag On", "Dragon Gate", "DRAGON gate 2"]);
      expect(await search("xylophone")).toEqual([]);
    });

    it("finds the same games by pieces as by scanning, capped or not, page after page", async () => {
      for (const gameName of ["a", "ox", "7", "e "]) {
        const expected = (
          await h.db.query<{ id: number }>(
            "SELECT id FROM games WHERE merchant = 'demo' AND enabled AND game_type = 'RNG' AND strpos(lower(name), $1) > 0 ORDER BY release_date DESC, id",
            [gameName],
          )
        ).map((r) => r.id);
        for (const countCap of [40, 100_000]) {
          const seen: number[] = [];
          let totalPages = 1;
          for (let pageNo = 1; pageNo <= totalPages && pageNo <= 12; pageNo++) {
            const page = await listGames(
              h.db,
              "demo",
              { gameType: "RNG", gameName, sort: "new" },
              { pageNo, pageSize: 25 },
              { countCap, pageWindow: 1_000 },
            );
            totalPages = page.totalPages;
            seen.push(...page.games.map((g) => g.gameId));
          }
          expect(seen, `${gameName} ${countCap}`).toEqual(expected.slice(0, 12 * 25));
        }
      }
    });

    it("pages a search by pieces in every order, gathered or walked, as a scan sorts it", async () => {
      const orders = { default: "sort, id", new: "release_date DESC, id", name: "lower(name), id", rtp: "rtp DESC, id" } as const;
      // "ox" and "7" are gathered from the pieces index (fewer matches than GATHERED); "a" is too
      // common and walks the order.
      for (const gameName of ["ox", "7", "a"]) {
        for (const [sort, order] of Object.entries(orders) as Array<[keyof typeof orders, string]>) {
          const expected = (
            await h.db.query<{ id: number }>(
              `SELECT id FROM games WHERE merchant = 'demo' AND enabled AND game_type = 'RNG' AND strpos(lower(name), $1) > 0 ORDER BY ${order}`,
              [gameName],
            )
          ).map((r) => Number(r.id));
          const last = Math.max(1, Math.min(40, Math.ceil(expected.length / 25)));
          for (const pageNo of [1, 2, last]) {
            const page = await listGames(
              h.db,
              "demo",
              { gameType: "RNG", gameName, sort },
              { pageNo, pageSize: 25 },
              { countCap: 100_000, pageWindow: 1_000 },
            );
            expect(
              page.games.map((g) => Number(g.gameId)),
              `${gameName} ${sort} page ${pageNo}`,
            ).toEqual(expected.slice((pageNo - 1) * 25, pageNo * 25));
            expect(page.totalCount, `${gameName} ${sort}`).toBe(expected.length);
          }
        }
      }
    });

    it("has the trigram index wherever pg_trgm can be had", async () => {
      const available = await h.db.query("SELECT 1 FROM pg_available_extensions WHERE name = 'pg_trgm'");
      const index = await h.db.query<{ indexdef: string }>("SELECT indexdef FROM pg_indexes WHERE indexname = 'games_name_trgm'");
      expect(index.length).toBe(available.length > 0 ? 1 : 0);
      if (index[0]) expect(index[0].indexdef).toMatch(/gin \(lower\(name\) \S*gin_trgm_ops\)$/);
    });
  });

  it("never fails on bad input", async () => {
    const queries = [
      "gameName=%00",
      "gameName=%27%3B%20DROP%20TABLE%20games%3B--",
      "gameName=%F0%9F%90%89",
      "gameName=" + "x".repeat(5000),
      "minBetFrom=-1",
      "minBetFrom=NaN",
      "minBetFrom=1e400",
      "minBetFrom=99999999999999",
      "linesFrom=abc",
      "linesFrom=2.5",
      "sort=DROP",
      "gameType=%3Cscript%3E",
      "gameType=%00",
      "pageNo=1.5",
      "pageSize=-1",
      "pageNo=&pageSize=",
      "vassalage=" + "V".repeat(300),
      "gameClassify=%5C",
      "gameName=%5C",
      "gameType=HOT&gameType=RNG",
    ];
    for (const query of queries) {
      const { status, body } = await relay("GCSGAME_gameList", query);
      expect(status, query).toBe(200);
      expect(body.success, query).toBe(true);
    }
    expect((await pageOf("linesFrom=2.5&gameType=RNG&pageSize=100")).games.every((g) => g.lines >= 3)).toBe(true);
  });

  // How long these take is measured by npm run bench (scripts/bench-lobby.ts), not here.
  it("answers every filter, sort and deep page over 10,000 games with a consistent page, the same each time", async () => {
    const queries = [
      "gameType=RNG",
      "gameType=RNG&pageNo=300",
      "gameType=RNG&sort=new&pageNo=50",
      "gameType=RNG&sort=name&pageNo=100",
      "gameType=RNG&sort=rtp",
      "gameType=RNG&minBetFrom=1&linesFrom=25&pageSize=100",
      "gameName=dragon&pageSize=100",
      "gameType=HOT",
      "vassalage=PP&pageNo=20",
    ];
    for (const query of queries) {
      const first = await pageOf(query);
      expect(first.games.length, query).toBeLessThanOrEqual(Number(new URLSearchParams(query).get("pageSize") ?? 100));
      expect(first.totalCount, query).toBeGreaterThanOrEqual(first.games.length);
      expect(first.pageNum, query).toBe(Number(new URLSearchParams(query).get("pageNo") ?? 1));
      expect(new Set(first.games.map((g) => g.nodeId)).size, query).toBe(first.games.length);
      const again = await pageOf(query);
      expect(
        again.games.map((g) => g.nodeId),
        query,
      ).toEqual(first.games.map((g) => g.nodeId));
    }
  });

  it("is off with GAMELO3", async () => {
    await setModule(h.db, "demo", "GAMELO3", false);
    try {
      const { status, body } = await relay("GCSGAME_gameList");
      expect(status).toBe(400);
      fail(body, "function.not.available");
    } finally {
      await setModule(h.db, "demo", "GAMELO3", true);
    }
  });
});

describe("hot games, vendors' types, winners, rooms", () => {
  it("lists at most 24 hot games, of one vendor when asked", async () => {
    const all = (await relay("GCSGAME_hotGamesV2", "isPlatform=2&language=EN&platform=html5&merchantCode=demo")).body.value.list as Game[];
    expect(all.length).toBe(24);
    expect(all.every((g) => g.isHot === 1)).toBe(true);
    const pg = (await relay("GCSGAME_hotGamesV2", "isPlatform=2&vassalage=PG")).body.value.list as Game[];
    expect(pg.length).toBeGreaterThan(1);
    expect(pg.every((g) => g.vassalage === "PG")).toBe(true);
    expect(pg[0]?.gameName).toBe("Fortune Dragon Gold");
    await setModule(h.db, "demo", "GAMELOHOT3", false);
    try {
      fail((await relay("GCSGAME_hotGamesV2")).body, "function.not.available");
    } finally {
      await setModule(h.db, "demo", "GAMELOHOT3", true);
    }
  });

  it("maps game types to their vendors", async () => {
    const { content } = (await relay("GCSGAME_getVassGameType")).body.value as { content: Record<string, string[]> };
    expect(Object.keys(content)).toEqual([
      "LIVE",
      "SPORTS",
      "FISH",
      "RNG",
      "PVP",
      "ESPORTS",
      "COCKFIGHT",
      "LOTT",
      "ELOTT",
      "CRICKET",
      "BGS",
    ]);
    expect(content.RNG).toEqual(["PNG", "PP", "PG", "NE2", "PTU", "HB", "JL", "JLRNG", "FC", "BNG", "CQ9", "SPRIBE", "JDB", "RT", "YGG"]);
    expect(content.SPORTS).toContain("DS88");
    expect(content.FISH).toContain("JLFISH");
    expect(content.LOTT).toEqual(["TCG_SEA", "TCG_LOTTO_VN"]);
  });

  it("shows seeded and real big wins, newest first, names masked", async () => {
    type Win = {
      vo: { gameName: string; customerName: string; winAmount: number; iconUrl: string; nodeId: string; gameType: string; vendor: string };
    };
    const board = async (query: string) => (await relay("GCSGAME_getRankList", query)).body.value.list as Win[];
    const seeded = await board("gameCategory=ALL&language=EN");
    expect(seeded).toHaveLength(20);
    expect(await board("limitNum=500")).toHaveLength(30);
    expect(await board("limitNum=0")).toHaveLength(1);
    for (const { vo } of seeded) {
      expect(vo.customerName).toMatch(/^.{2}\*\*\*.{2}$/);
      expect(vo).toMatchObject({ iconUrl: expect.stringMatching(/^\/media\/game\/\d+\.svg$/), winAmount: expect.any(Number) });
    }

    // Real wins: a 50× win shows (first: newest); 10× and trial wins do not.
    const gameId = await gameIdOf(known.megaTigerWays.nodeId);
    const bet = async (key: string, stake: number, win: number, trial: boolean) => {
      const tx = await postMovement(h.db, {
        merchant: "demo",
        idempotencyKey: `test-bet:${key}`,
        kind: "test",
        legs: [
          { account: { kind: "house" }, amount: -1 },
          { account: { kind: "wallet", memberId, accountTypeId: 2 }, amount: 1 },
        ],
      });
      await h.db.query(
        `INSERT INTO bets (merchant, member_id, game_id, round_key, trial, stake, win, outcome, ledger_tx, created_at)
         VALUES ('demo', $1, $2, $3, $4, $5, $6, '{}', $7, $8)`,
        [memberId, gameId, key, trial, stake, win, tx.transactionId, h.clock.now],
      );
    };
    await bet("small-win", 100, 1_000, false);
    await bet("trial-win", 100, 10_000, true);
    await bet("big-win", 100, 5_000, false);
    const [top, next] = await board("gameCategory=ALL&limitNum=50");
    expect(top?.vo).toEqual({
      gameName: "Mega Tiger Ways",
      customerName: "de***er",
      winAmount: 50,
      iconUrl: `/media/game/${gameId}.svg`,
      nodeId: known.megaTigerWays.nodeId,
      gameType: "RNG",
      vendor: "PP",
    });
    expect(next?.vo.customerName).not.toBe("de***er");
    expect((await board("limitNum=50")).length).toBe(31);
    expect((await board("gameCategory=LIVE&limitNum=50")).every(({ vo }) => vo.gameType === "LIVE")).toBe(true);
  });

  it("lists PvP rooms; PvP games carry their first room", async () => {
    type Room = {
      roomId: number;
      roomName: string;
      gameId: number;
      nodeId: string;
      vassalage: string;
      minBet: number;
      players: number;
      maxPlayers: number;
    };
    const rooms = (await relay("GLS2_roomList", "vassalage=KM")).body.value.list as Room[];
    expect(rooms.every((r) => r.vassalage === "KM" && r.players <= r.maxPlayers)).toBe(true);
    expect(new Set(rooms.map((r) => r.gameId)).size).toBe(15);
    const teenPatti = rooms.filter((r) => r.nodeId === known.teenPatti.nodeId);
    expect(teenPatti[0]).toMatchObject({ roomName: "Beginner", minBet: 1 });
    const listed = (await pageOf("gameType=PVP&vassalage=KM&pageSize=100")).games.find((g) => g.nodeId === known.teenPatti.nodeId);
    expect(listed?.roomId).toBe(teenPatti[0]?.roomId);
    expect((await pageOf("gameType=RNG&pageSize=5")).games.every((g) => g.roomId === null)).toBe(true);
    expect((await relay("GLS2_roomList")).body.value.list.length).toBeGreaterThan(rooms.length);
    expect((await relay("GLS2_roomList", `nodeId=${known.teenPatti.nodeId}`)).body.value.list).toHaveLength(teenPatti.length);
  });
});

describe("favourites", () => {
  type FavouriteId = { nodeId: string; gameId: number; vendor: string; gameType: string };
  const add = (body: unknown, init: { token?: string; method?: string } = {}) =>
    relay("MCSFE_addFavoriteGameV2", "", {
      method: init.method ?? "POST",
      token: init.token ?? token,
      body: typeof body === "string" ? body : JSON.stringify(body),
    });
  const remove = (body: unknown, method = "DELETE") =>
    relay("MCSFE_removeFavoriteGameV2", "", { method, token, body: JSON.stringify(body) });
  const ids = async () => (await relay("MCSFE_getFavoriteGames", "", { token })).body.value.list as FavouriteId[];
  const dragon = { nodeId: known.fortuneDragonGold.nodeId, vendor: "PG", gameType: "RNG" };
  const roulette = { nodeId: known.lightningRoulette.nodeId, vendor: "EVO", gameType: "LIVE" };

  it("needs a token", async () => {
    expect((await relay("MCSFE_getFavoriteGames")).status).toBe(401);
    expect((await add(dragon, { token: "f".repeat(64) })).status).toBe(401);
  });

  it("adds and removes idempotently, newest first", async () => {
    expect((await add(dragon)).body).toEqual({ success: true, value: true });
    expect((await add(dragon)).body).toEqual({ success: true, value: true });
    h.clock.advance(1_000);
    expect((await add(roulette)).body.value).toBe(true);
    expect(await ids()).toEqual([
      { nodeId: roulette.nodeId, gameId: await gameIdOf(roulette.nodeId), vendor: "EVO", gameType: "LIVE" },
      { nodeId: dragon.nodeId, gameId: await gameIdOf(dragon.nodeId), vendor: "PG", gameType: "RNG" },
    ]);
    const list = (await relay("MCSFE_getFavoriteGamesList", "pageNo=1&pageSize=10", { token })).body.value as GamePage;
    expect(list).toMatchObject({ totalCount: 2, totalPages: 1, pageNum: 1 });
    expect(list.games.map((g) => g.nodeId)).toEqual([roulette.nodeId, dragon.nodeId]);
    const live = (await relay("MCSFE_getFavoriteGamesList", "gameType=LIVE", { token })).body.value as GamePage;
    expect(live.games.map((g) => g.nodeId)).toEqual([roulette.nodeId]);
    expect(
      ((await relay("MCSFE_getFavoriteGamesList", "sort=name", { token })).body.value as GamePage).games.map((g) => g.gameName),
    ).toEqual(["Fortune Dragon Gold", "Lightning Roulette"]);
    // A one-letter search (gathered from the pieces index) keeps the favourites' order.
    const byPieces = (await relay("MCSFE_getFavoriteGamesList", "gameName=o", { token })).body.value as GamePage;
    expect(byPieces).toMatchObject({ totalCount: 2 });
    expect(byPieces.games.map((g) => g.nodeId)).toEqual([roulette.nodeId, dragon.nodeId]);
    const pair = (await relay("MCSFE_getFavoriteGamesList", "gameName=ou", { token })).body.value as GamePage;
    expect(pair.games.map((g) => g.nodeId)).toEqual([roulette.nodeId]);

    expect((await remove(roulette)).body).toEqual({ success: true, value: true });
    expect((await remove(roulette)).body).toEqual({ success: true, value: true });
    expect((await ids()).map((f) => f.nodeId)).toEqual([dragon.nodeId]);
    // A number as nodeId and no vendor work too.
    expect((await add({ nodeId: known.aviator.nodeId })).body.value).toBe(true);
    expect((await remove({ nodeId: known.aviator.nodeId })).body.value).toBe(true);
  });

  it("refuses unknown games, bad bodies and the wrong method", async () => {
    fail((await add({ nodeId: "NOPE_0001", vendor: "PG", gameType: "RNG" })).body, "game.not.found");
    fail((await add({ ...dragon, vendor: "PP" })).body, "game.not.found");
    fail((await remove({ nodeId: "NOPE_0001" })).body, "game.not.found");
    for (const body of [
      "{not json",
      JSON.stringify({}),
      JSON.stringify({ nodeId: "" }),
      JSON.stringify({ nodeId: { a: 1 } }),
      JSON.stringify({ nodeId: "a\u0000b" }),
    ]) {
      const answer = await add(body);
      expect(answer.status, body).toBe(400);
      fail(answer.body, "parameter.invalid");
    }
    expect((await remove(dragon, "POST")).status).toBe(404);
    expect((await relay("MCSFE_addFavoriteGameV2", "", { token })).status).toBe(404);
    expect((await relay("MCSFE_getFavoriteGames", "", { method: "DELETE", token })).status).toBe(404);
  });

  it("keeps at most 500 per member", async () => {
    const vip = (await h.login("demo_vip", "Demo@1234")).body.value as { token: string; id: number };
    await h.db.query(
      `INSERT INTO favourite_games (member_id, game_id, created_at)
       SELECT $1, id, $2 FROM games WHERE merchant = 'demo' AND vassalage = 'PP' AND node_id <> $3 ORDER BY id LIMIT $4`,
      [vip.id, h.clock.now, known.megaTigerWays.nodeId, FAVOURITE_LIMIT],
    );
    const full = await add({ nodeId: known.megaTigerWays.nodeId }, { token: vip.token });
    fail(full.body, "favourite.limit");
    expect(full.body.message).toContain("500");
    // Already a favourite: still fine at the limit.
    expect((await add({ nodeId: "PP_0002" }, { token: vip.token })).body.value).toBe(true);
    const all = (await relay("MCSFE_getFavoriteGames", "", { token: vip.token })).body.value.list as FavouriteId[];
    expect(all).toHaveLength(FAVOURITE_LIMIT);
    expect(
      ((await relay("MCSFE_getFavoriteGamesList", "pageSize=100&pageNo=5", { token: vip.token })).body.value as GamePage).games,
    ).toHaveLength(100);
  });

  it("is off with GAMELOFAV3", async () => {
    await setModule(h.db, "demo", "GAMELOFAV3", false);
    try {
      for (const call of ["MCSFE_getFavoriteGames", "MCSFE_getFavoriteGamesList"])
        fail((await relay(call, "", { token })).body, "function.not.available");
      fail((await add(dragon)).body, "function.not.available");
      fail((await remove(dragon)).body, "function.not.available");
    } finally {
      await setModule(h.db, "demo", "GAMELOFAV3", true);
    }
  });
});

describe("recent games", () => {
  type Recent = { list: (Game & { playedAt: number })[]; total: number; totalPages: number };
  const recent = async (query = "") => (await relay("GCS_recentGame", query, { token })).body.value as Recent;

  it("lists what recordRecentGame wrote, latest first, paged", async () => {
    expect(await recent()).toEqual({ list: [], total: 0, totalPages: 0 });
    const dragon = await gameIdOf(known.fortuneDragonGold.nodeId);
    const aviator = await gameIdOf(known.aviator.nodeId);
    const t0 = h.clock.now;
    await recordRecentGame(h.db, memberId, dragon, t0);
    await recordRecentGame(h.db, memberId, aviator, new Date(t0.getTime() + 1_000));
    let page = await recent("pageNo=1&pageSize=10");
    expect(page.list.map((g) => [g.gameId, g.playedAt])).toEqual([
      [aviator, t0.getTime() + 1_000],
      [dragon, t0.getTime()],
    ]);
    expect(page.list[0]).toMatchObject({ gameName: "Aviator", gameClassify: "CRASH", showIcon: `/media/game/${aviator}.svg` });
    await recordRecentGame(h.db, memberId, dragon, new Date(t0.getTime() + 2_000));
    page = await recent();
    expect(page.list.map((g) => g.gameId)).toEqual([dragon, aviator]);
    expect(await recent("pageSize=1&pageNo=2")).toMatchObject({ total: 2, totalPages: 2, list: [{ gameId: aviator }] });
    expect(await recent("pageSize=1&pageNo=3")).toMatchObject({ total: 2, totalPages: 2, list: [] });
  });

  it("keeps the latest 50", async () => {
    const games = await h.db.query<{ id: number }>("SELECT id FROM games WHERE vassalage = 'HB' ORDER BY id LIMIT 60");
    for (const [i, { id }] of games.entries()) await recordRecentGame(h.db, memberId, id, new Date(h.clock.now.getTime() + 10_000 + i));
    const page = await recent("pageSize=100");
    expect(page.total).toBe(50);
    expect(page.list[0]?.gameId).toBe(games.at(-1)?.id);
  });

  it("needs a token and GAMELOREC3", async () => {
    expect((await relay("GCS_recentGame")).status).toBe(401);
    await setModule(h.db, "demo", "GAMELOREC3", false);
    try {
      fail((await relay("GCS_recentGame", "", { token })).body, "function.not.available");
    } finally {
      await setModule(h.db, "demo", "GAMELOREC3", true);
    }
  });
});

describe("thumbnails", () => {
  it("draws every game as a small SVG kept for long, its name only in its label (decision 039)", async () => {
    const longest = gameCatalogue().games.reduce((a, b) => (b.name.length > a.name.length ? b : a));
    for (const nodeId of [known.fortuneDragonGold.nodeId, longest.nodeId, known.evolutionLobby.nodeId]) {
      const id = await gameIdOf(nodeId);
      const response = await h.call(`/media/game/${id}.svg`, { merchant: null });
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toContain("image/svg+xml");
      expect(response.headers.get("cache-control")).toMatch(/max-age=\d{7,}/);
      const svg = await response.text();
      expect(svg.startsWith("<svg")).toBe(true);
      expect(Buffer.byteLength(svg), nodeId).toBeLessThan(3_072);
      expect(svg, nodeId).not.toContain("<text");
    }
    const svg = await (await h.call(`/media/game/${await gameIdOf(known.fortuneDragonGold.nodeId)}.svg`)).text();
    // The client writes the name and the provider under the picture: the picture only labels itself.
    expect(svg).toContain('aria-label="Fortune Dragon Gold"');
    expect(svg).not.toContain("PG Soft");
    expect((await h.call("/media/game/99999999.svg")).status).toBe(404);
    expect((await h.call("/media/game/abc.svg")).status).toBe(404);
  });
});

describe("operator: game on|off", () => {
  it("hides a disabled game from every list and brings it back", async () => {
    const id = await gameIdOf(known.fortuneDragonGold.nodeId);
    await h.db.query("INSERT INTO favourite_games (member_id, game_id, created_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING", [
      memberId,
      id,
      h.clock.now,
    ]);
    await recordRecentGame(h.db, memberId, id, new Date(h.clock.now.getTime() + 3_600_000));
    expect(await setGameEnabled(h.db, "demo", known.fortuneDragonGold.nodeId.toLowerCase(), false)).toEqual({
      kind: "game",
      target: known.fortuneDragonGold.nodeId,
      name: "Fortune Dragon Gold",
      enabled: false,
      games: 1,
    });
    const visible = async () => ({
      list: (await pageOf("gameName=Fortune%20Dragon%20Gold")).totalCount,
      hot: ((await relay("GCSGAME_hotGamesV2", "vassalage=PG")).body.value.list as Game[]).some((g) => g.gameId === id),
      favourite: ((await relay("MCSFE_getFavoriteGames", "", { token })).body.value.list as FavouriteIdLike[]).some((g) => g.gameId === id),
      recent: ((await relay("GCS_recentGame", "pageSize=100", { token })).body.value.list as Game[]).some((g) => g.gameId === id),
    });
    expect(await visible()).toEqual({ list: 0, hot: false, favourite: false, recent: false });
    fail(
      (
        await relay("MCSFE_addFavoriteGameV2", "", {
          method: "POST",
          token,
          body: JSON.stringify({ nodeId: known.fortuneDragonGold.nodeId }),
        })
      ).body,
      "game.not.found",
    );
    await setGameEnabled(h.db, "demo", known.fortuneDragonGold.nodeId, true);
    expect(await visible()).toEqual({ list: 1, hot: true, favourite: true, recent: true });
  });

  it("switches a whole vendor, its lane card and its games", async () => {
    const result = await setGameEnabled(h.db, "demo", "pg", false);
    expect(result).toMatchObject({ kind: "vendor", target: "PG", name: "PG Soft", enabled: false, games: SLOT_COUNTS.PG });
    try {
      expect((await pageOf("vassalage=PG")).totalCount).toBe(0);
      const { content } = (await relay("GCSGAME_getVassGameType")).body.value as { content: Record<string, string[]> };
      expect(content.RNG).not.toContain("PG");
      const lanes = (await relay("GCSGAME_newGameVendor")).body.value.data.lanes as { title: string; cards: { vassalage: string }[] }[];
      expect(lanes.find((l) => l.title === "RNG")?.cards.map((c) => c.vassalage)).not.toContain("PG");
    } finally {
      await setGameEnabled(h.db, "demo", "PG", true);
    }
    expect((await pageOf("vassalage=PG")).totalCount).toBe(SLOT_COUNTS.PG);
  });

  it("refuses unknown names; the listener and the CLI parser take the command", async () => {
    await expect(setGameEnabled(h.db, "demo", "NO_SUCH_GAME", false)).rejects.toBeInstanceOf(OperatorError);
    await expect(setGameEnabled(h.db, "nobody", "PG", false)).rejects.toBeInstanceOf(OperatorError);
    const app = createOperatorApp({ db: h.db, merchant: "demo", key: "k".repeat(32) });
    const post = (body: unknown) =>
      app.fetch(
        new Request("http://operator.test/operator/game", {
          method: "POST",
          headers: { "X-Operator-Key": "k".repeat(32), "Content-Type": "application/json" },
          body: JSON.stringify(body),
        }),
      );
    const off = await post({ target: known.aviator.nodeId, on: false });
    expect(await off.json()).toMatchObject({ ok: true, result: { kind: "game", enabled: false } });
    await post({ target: known.aviator.nodeId, on: true });
    expect((await pageOf("gameClassify=CRASH&gameName=aviator")).games[0]?.nodeId).toBe(known.aviator.nodeId);
    expect((await post({ target: "NOPE", on: true })).status).toBe(400);
    expect(parseCommand(["game", "PG_0001", "off"])).toMatchObject({
      path: "game",
      method: "POST",
      body: { target: "PG_0001", on: false },
    });
    expect(() => parseCommand(["game", "PG_0001", "maybe"])).toThrow(UsageError);
    expect(() => parseCommand(["game", "PG_0001"])).toThrow(UsageError);
  });
});

type FavouriteIdLike = { gameId: number };
