import fc from "fast-check";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { clearGatewayCache } from "~/gateway/cache.server";
import { createGateway } from "~/gateway/index.server";
import { setTransport, transport } from "~/gateway/transport.server";
import { loader as homeLoader } from "~/routes/_home/route";
import { drawnOnServer } from "~/drawn.server";
import { runInScope } from "~/request-scope.server";
import { getEmbeddedPlatform } from "../../../platform/embedded";
import { loader as lobbyLoader } from "~/pages/lobby";
import { loader as gameLoader } from "~/pages/game";
import { loader as lotteryLoader } from "~/pages/lottery";
import { action as favouriteAction } from "~/routes/favourite";
import { action as playAction, loader as playLoader } from "~/routes/play.$";
import { csrfFor, sessionCookie } from "./session-cookie";
import { getSession } from "~/session.server";

// Games through the app's loaders and actions against the in-process reference platform:
// lobbies over 10,000 slots, favourites, the launch rules, the game frame, the /play pass-through
// and the lottery screens. One in-memory PGlite for the whole file.

const UA = "Mozilla/5.0 (Linux; Android 10) vitest";
const gateway = (token?: string) => createGateway({ merchant: "demo", language: "EN", token, userAgent: UA });
const SLOT = "Fortune Dragon Gold";

let memberToken = "";
let trialToken = "";

beforeAll(async () => {
  await getEmbeddedPlatform();
  memberToken = (await gateway().session.login({ username: "demo_member", password: "Demo@1234", type: "username" })).token;
  trialToken = (await gateway().session.freePlay("Android")).token;
}, 60_000);
afterAll(async () => {
  await (await getEmbeddedPlatform()).close();
});

const cookieFor = sessionCookie;
const member = () => cookieFor({ token: memberToken, accountType: 0, userName: "demo_member" });
const trial = () => cookieFor({ token: trialToken, accountType: 4, userName: "trial" });

const get = (path: string, cookie = "") => new Request(`http://localhost${path}`, { headers: { Cookie: cookie, "User-Agent": UA } });
const args = (request: Request, params: Record<string, string> = {}) => ({ request, params, context: {} });

/** Runs a loader that answers by throwing a redirect; returns the Response either way. */
async function settle(run: () => Promise<unknown>): Promise<unknown> {
  try {
    return await run();
  } catch (thrown) {
    return thrown;
  }
}

const launchPath = (nodeId: string, vassalage: string, gameType: string, extra = "") =>
  `/game?nodeId=${nodeId}&vassalage=${vassalage}&gameType=${gameType}&from=%2Frng${extra}`;

type LobbyData = Awaited<ReturnType<typeof lobbyLoader>>;

describe("lobbies", () => {
  it("filter 10,000 slots on the platform: name, lines, minimum bet, sort, pages", async () => {
    const all = (await lobbyLoader(args(get("/rng")))) as LobbyData;
    expect(all.totalCount).toBeGreaterThan(9_000);
    // The platform stops counting at 10,000 (issue 14): the lobby says there are more.
    expect(all.totalText).toBe("10,000+");
    expect(all.games).toHaveLength(30);
    expect(all.slotFilter).toBe(true);
    expect(all.vendors.map((v) => v.vassalage)).toEqual(expect.arrayContaining(["PG", "PP", "JL"]));

    const found = (await lobbyLoader(args(get("/rng?q=dragon&lines=25&minBet=1&sort=name")))) as LobbyData;
    expect(found.games.length).toBeGreaterThan(0);
    // Cards carry what they draw; the platform's own records say each game passed the filter.
    const records = new Map(
      (
        await gateway().games.gameList({
          gameType: "RNG",
          name: "dragon",
          linesFrom: 25,
          minBetFrom: 1,
          sort: "name",
          page: 1,
          pageSize: 30,
        })
      ).games.map((g) => [g.nodeId, g]),
    );
    for (const g of found.games) {
      expect(g.name.toLowerCase()).toContain("dragon");
      expect(records.get(g.nodeId)?.lines).toBeGreaterThanOrEqual(25);
      expect(records.get(g.nodeId)?.minBet).toBeGreaterThanOrEqual(1);
    }
    const names = found.games.map((g) => g.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, "en", { sensitivity: "base" })));

    const second = (await lobbyLoader(args(get("/rng?page=2")))) as LobbyData;
    expect(second.page).toBe(2);
    expect(second.games[0]?.nodeId).not.toBe(all.games[0]?.nodeId);
  });

  it("finds one game by its exact name among them all", async () => {
    const found = (await lobbyLoader(args(get(`/rng?q=${encodeURIComponent(SLOT)}`)))) as LobbyData;
    expect(found.games.map((g) => g.name)).toContain(SLOT);
  });

  it("never fails on a bad URL: defaults instead", async () => {
    const odd = (await lobbyLoader(args(get("/rng?page=-3&sort=%3Cx%3E&vendor=%27%3B--&q=" + "%25".repeat(300))))) as LobbyData;
    expect(odd.page).toBe(1);
    expect(odd.query.sort).toBe("default");
    expect(odd.failed).toBe(false);
  });

  it("lists crash games, vendor pages and the favourites page for players only", async () => {
    const crash = (await lobbyLoader(args(get("/crash")))) as LobbyData;
    expect(crash.games.map((g) => g.name)).toContain("Aviator");
    const crashRecords = new Map(
      (await gateway().games.gameList({ gameType: "RNG", classify: "CRASH", page: 1, pageSize: 30 })).games.map((g) => [g.nodeId, g]),
    );
    expect(crash.games.every((g) => crashRecords.get(g.nodeId)?.classify === "CRASH")).toBe(true);
    const pg = (await lobbyLoader(args(get("/pg")))) as LobbyData;
    expect(pg.games.every((g) => g.vassalage === "PG")).toBe(true);
    const pvp = (await lobbyLoader(args(get("/pvp")))) as LobbyData;
    expect(pvp.rooms.length).toBeGreaterThan(0);
    const room = pvp.rooms[0]!;
    const joined = (await settle(async () =>
      gameLoader(
        args(
          get(
            `/game?gameId=${room.gameId}&nodeId=${room.nodeId}&vassalage=${room.vassalage}&gameType=PVP&roomId=${room.roomId}&from=%2Fpvp`,
            await member(),
          ),
        ),
      ),
    )) as Response;
    expect(joined.headers.get("Location")).toBe("/game");
    const visitor = (await settle(() => lobbyLoader(args(get("/fav"))))) as Response;
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("Location")).toBe("/login?redirectTo=%2Ffav");
  });
});

describe("favourites", () => {
  it("adds and removes through the form, CSRF-checked, and shows on the favourites page", async () => {
    const session = await member();
    const csrf = await csrfFor(session);
    const cookie = session;
    const lobby = (await lobbyLoader(args(get(`/pg?q=${encodeURIComponent(SLOT)}`, session)))) as LobbyData;
    const game = lobby.games.find((g) => g.name === SLOT)!;
    const post = (fields: Record<string, string>) =>
      new Request("http://localhost/favourite", {
        method: "POST",
        headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded", "User-Agent": UA },
        body: new URLSearchParams({
          csrf,
          nodeId: game.nodeId,
          vassalage: game.vassalage,
          gameType: game.gameType,
          redirectTo: "/pg",
          ...fields,
        }),
      });

    await expect(favouriteAction(args(post({ on: "1", csrf: "forged" })))).rejects.toMatchObject({ init: { status: 403 } });
    const added = (await favouriteAction(args(post({ on: "1" })))) as Response;
    expect(added.headers.get("Location")).toBe("/pg");
    const fav = (await lobbyLoader(args(get("/fav", session)))) as LobbyData;
    expect(fav.games.map((g) => g.nodeId)).toContain(game.nodeId);
    expect(fav.games.find((g) => g.nodeId === game.nodeId)?.favourite).toBe(true);

    // A bad field is a message, not a crash.
    const bad = (await favouriteAction(args(post({ on: "maybe" })))) as Response;
    expect(bad.status).toBe(302);

    // With JavaScript the answer is data, so the page does not navigate.
    expect(await favouriteAction(args(post({ on: "0", answer: "data" })))).toMatchObject({ data: { on: false } });
    const after = (await lobbyLoader(args(get("/fav", session)))) as LobbyData;
    expect(after.games.map((g) => g.nodeId)).not.toContain(game.nodeId);
  });
});

describe("launch rules and the game frame", () => {
  // Cards send both ids; a link with the node alone (as navigation items do) works as well.

  it("sends a visitor to log in, and a trial account back with the real-account message", async () => {
    const visitor = (await settle(() => gameLoader(args(get(launchPath("PG_0001", "PG", "RNG")))))) as Response;
    expect(visitor.headers.get("Location")).toMatch(/^\/login\?redirectTo=%2Fgame%3FnodeId%3DPG_0001/);
    const refused = (await settle(async () => gameLoader(args(get(launchPath("PG_0001", "PG", "RNG"), await trial()))))) as Response;
    expect(refused.headers.get("Location")).toBe("/rng");
    const flashed = await getSession(get("/", refused.headers.get("Set-Cookie")!.split(";")[0]));
    expect(flashed.get("error")).toBe("games.realAccountNeeded");
  });

  it("routes lottery vendors and vendor entries, and launches the rest into /game", async () => {
    const session = await member();
    const vn = (await settle(() => gameLoader(args(get(launchPath("VN1", "TCG_LOTTO_VN", "LOTT"), session))))) as Response;
    expect(vn.headers.get("Location")).toBe("/vnlottery");
    const list = (await settle(() =>
      gameLoader(args(get(launchPath("EVO_LOBBY", "EVO", "LIVE", "&list=1").replace("from=%2Frng", "from=%2Flive"), session))),
    )) as Response;
    expect(list.headers.get("Location")).toBe("/live?vendorList=EVO");

    const launched = (await settle(() => gameLoader(args(get(launchPath("PG_0001", "PG", "RNG"), session))))) as Response;
    expect(launched.status).toBe(302);
    expect(launched.headers.get("Location")).toBe("/game");
    const withGame = launched.headers.get("Set-Cookie")!.split(";")[0]!;
    const framed = (await gameLoader(args(get("/game", withGame)))) as unknown as {
      data: { state: string; game: { url: string; from: string } | null };
      init: { headers: Record<string, string> };
    };
    const frame = framed.data;
    expect(frame.state).toBe("open");
    // The frame's page gives the browser the launch's pass, scoped to its path.
    const passCookie = framed.init.headers["Set-Cookie"]!;
    expect(passCookie).toMatch(/^play_pass=[\w-]+; Path=\/play\/[\w-]+; Max-Age=43200; HttpOnly; Secure; SameSite=None$/);
    const pass = passCookie.split(";")[0]!;
    expect(frame.game?.url).toMatch(/^\/play\/[\w-]+$/);
    expect(frame.game?.from).toBe("/rng");

    // The platform's page comes through /play: a spin moves the member's money once.
    const path = frame.game!.url.slice("/play/".length);
    // Without the pass (a leaked address, another browser) the game page opens nothing; a pass
    // for another launch does not open this one.
    expect((await playLoader(args(get(frame.game!.url, withGame), { "*": path }))).status).toBe(404);
    expect((await playLoader(args(get(frame.game!.url, pass.replace(/=.{4}/, "=AAAA")), { "*": path }))).status).toBe(404);
    const page = await playLoader(args(get(frame.game!.url, pass), { "*": path }));
    expect(page.status).toBe(200);
    expect(page.headers.get("Content-Type")).toMatch(/^text\/html/);
    const html = await page.text();
    const roundKey = /name="roundKey" value="([\w-]+)"/.exec(html)?.[1];
    const stake = /name="stake" value="([\d.]+)"/.exec(html)?.[1];
    expect(roundKey && stake).toBeTruthy();
    const before = (await gateway(memberToken).wallet.balance()).sumBalance;
    const bet = () =>
      playAction(
        args(
          new Request(`http://localhost${frame.game!.url}/bet`, {
            method: "POST",
            headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: pass },
            body: new URLSearchParams({ stake: stake!, roundKey: roundKey! }),
          }),
          { "*": `${path}/bet` },
        ),
      );
    const first = await bet();
    expect(first.status).toBe(303);
    expect(first.headers.get("Location")).toMatch(/^\/play\/[\w-]+\?round=\d+$/);
    const again = await bet();
    expect(again.headers.get("Location")).toBe(first.headers.get("Location"));
    const result = await playLoader(args(get(first.headers.get("Location")!, pass), { "*": path }));
    const win = /data-state="(win|lose)"/.exec(await result.text())?.[1];
    const after = (await gateway(memberToken).wallet.balance()).sumBalance;
    if (win === "lose") expect(after).toBeCloseTo(before - Number(stake), 2);
    else expect(after).toBeGreaterThan(before - Number(stake));
  });

  it("refuses odd /play paths and frames nothing that is not a launch address", async () => {
    expect((await playLoader(args(get("/play/../wps/member/info"), { "*": "../wps/member/info" }))).status).toBe(404);
    expect((await playLoader(args(get("/play/x"), { "*": "x" }))).status).toBe(404);
    const unknown = await playLoader(args(get("/play/abcdefghijklmnopqrstuvwxyz012345"), { "*": "abcdefghijklmnopqrstuvwxyz012345" }));
    expect(unknown.status).toBe(404);
    const none = (await gameLoader(
      args(
        get(
          "/game",
          await cookieFor({ token: memberToken, game: { url: "javascript:alert(1)", from: "/", kind: "casino", userName: "demo_member" } }),
        ),
      ),
    )) as { state: string };
    expect(none.state).toBe("none");
  });
});

describe("lottery screens", () => {
  type Answer = Exclude<Awaited<ReturnType<typeof lotteryLoader>>, Response>;
  const screen = async (path: string) => {
    const answer = (await lotteryLoader(args(get(path)))) as Answer;
    expect(answer.init?.status, path).toBe(200);
    return answer.data;
  };
  it("show menus and results on each screen", async () => {
    for (const path of ["/lottery", "/vnlottery", "/seaLottery"]) {
      const data = await screen(path);
      expect(data.groups.length, path).toBeGreaterThan(0);
      expect(data.results.length, path).toBeGreaterThan(0);
      expect(data.results[0]?.numbers.length).toBeGreaterThan(0);
    }
    const vn = await screen("/vnlottery");
    expect(vn.results.length).toBe(100);
    const elott = await screen("/elott");
    expect(elott.games.length + elott.results.length).toBeGreaterThan(0);
  });

  it("launch a lottery game into /lottert after the login check", async () => {
    const visitor = (await settle(() => lotteryLoader(args(get("/vnlottery?gameCode=VN1"))))) as Response;
    expect(visitor.headers.get("Location")).toBe("/login?redirectTo=%2Fvnlottery%3FgameCode%3DVN1");
    const launched = (await settle(async () => lotteryLoader(args(get("/vnlottery?gameCode=VN1", await member()))))) as Response;
    expect(launched.headers.get("Location")).toBe("/lottert");
    const frame = (
      (await gameLoader(args(get("/lottert", launched.headers.get("Set-Cookie")!.split(";")[0])))) as unknown as {
        data: { state: string; game: { kind: string } | null };
      }
    ).data;
    expect(frame.state).toBe("open");
    expect(frame.game?.kind).toBe("lottery");
  });
});

describe("when the platform's calls fail", () => {
  /** The real platform, except that the calls whose path contains one of `failing` answer as told. */
  function failCalls(failing: string[], answer: () => Response = () => new Response("bad gateway", { status: 502 })) {
    setTransport(undefined);
    clearGatewayCache();
    const real = transport();
    setTransport({
      name: "in-process",
      send: (request) => (failing.some((f) => new URL(request.url).pathname.includes(f)) ? Promise.resolve(answer()) : real.send(request)),
    });
  }
  afterEach(() => {
    setTransport(undefined);
    clearGatewayCache();
  });

  it("home: each block degrades to nothing, never to an error page", async () => {
    // A launch puts a game among the member's recent games.
    const launched = (await settle(async () => gameLoader(args(get(launchPath("PG_0001", "PG", "RNG"), await member()))))) as Response;
    expect(launched.headers.get("Location")).toBe("/game");
    // Called as a client-side navigation would (no page request): every block's data is in the answer.
    const full = await homeLoader(args(get("/", await member())));
    for (const block of ["hot", "popular", "winners"] as const) expect(full.lists?.[block].length, block).toBeGreaterThan(0);
    expect(full.recent.length).toBeGreaterThan(0);

    failCalls(["hotGames", "popular", "getRankList", "recentGame", "Announcements"]);
    const bare = await homeLoader(args(get("/", await member())));
    expect(bare).toMatchObject({
      top: { banners: [], marquee: [] },
      lists: { hot: [], popular: [], winners: [], notices: [] },
      recent: [],
    });

    // One failing call takes only its own block away.
    failCalls(["hotGames"]);
    const noHot = await homeLoader(args(get("/", await member())));
    expect(noHot.lists?.hot).toEqual([]);
    expect(noHot.lists?.popular.length).toBeGreaterThan(0);
    expect(noHot.lists?.winners.length).toBeGreaterThan(0);
  });

  it("home as a page: the server-drawn blocks' data stays in the request, for the server's render only", async () => {
    const cookie = await member();
    await runInScope({}, async () => {
      const page = await homeLoader({ ...args(get("/", cookie)), context: { documentRequest: true } });
      expect(page.top).toBeNull();
      expect(page.lists).toBeNull();
      const kept = drawnOnServer()("home.lists") as { hot: unknown[]; winners: unknown[] };
      expect(kept.hot.length).toBeGreaterThan(0);
      expect(kept.winners.length).toBeGreaterThan(0);
      expect(drawnOnServer()("home.top")).toMatchObject({ marquee: expect.any(Array), banners: expect.any(Array) });
    });
    // The same request as a client-side navigation's data carries every block.
    await runInScope({}, async () => {
      const data = await homeLoader({ ...args(get("/", cookie)), context: { documentRequest: false } });
      expect(data.lists?.hot.length).toBeGreaterThan(0);
      expect(drawnOnServer()("home.lists")).toBeUndefined();
    });
  });

  it("a lottery under maintenance answers 503 with other popular games", async () => {
    failCalls(["launchGame"], () => Response.json({ success: false, errorCode: "game.maintenance", message: "game.maintenance" }));
    const answer = (await lotteryLoader(args(get("/lottery?gameCode=5D1", await member())))) as Exclude<
      Awaited<ReturnType<typeof lotteryLoader>>,
      Response
    >;
    expect(answer.init?.status).toBe(503);
    expect(answer.data.kind).toBe("maintenance");
    expect(answer.data.hot?.length).toBeGreaterThan(0);
  });
});

describe("under random input", () => {
  const piece = fc.oneof(
    fc.string({ maxLength: 30 }),
    fc.constantFrom(
      "",
      "PG",
      "RNG",
      "LOTT",
      "TCG_SEA",
      "EVO",
      "1",
      "-1",
      "99999999",
      "0.001",
      "1e9",
      "<b>",
      "%",
      "'; DROP TABLE games;--",
      "১২৩",
      "💥",
    ),
  );
  const query = fc.dictionary(
    fc.constantFrom(
      "q",
      "vendor",
      "sort",
      "page",
      "minBet",
      "lines",
      "vendorList",
      "gameId",
      "nodeId",
      "vassalage",
      "gameType",
      "roomId",
      "list",
      "from",
      "gameCode",
      "view",
      "playType",
    ),
    piece,
    { maxKeys: 8 },
  );

  it("lobby, game and lottery loaders answer every query without a 5xx", async () => {
    const session = await member();
    await fc.assert(
      fc.asyncProperty(
        query,
        fc.constantFrom("/rng", "/live", "/crash", "/pg", "/game", "/lottery", "/vnlottery"),
        fc.boolean(),
        async (params, path, loggedIn) => {
          const url = `${path}?${new URLSearchParams(params)}`;
          const load = path === "/game" ? gameLoader : path.includes("lottery") ? lotteryLoader : lobbyLoader;
          const outcome = await settle(() => load(args(get(url, loggedIn ? session : ""))));
          if (outcome instanceof Error) throw outcome;
          const status = outcome instanceof Response ? outcome.status : ((outcome as { init?: { status?: number } }).init?.status ?? 200);
          expect([200, 302, 303, 503], url).toContain(status);
          if (status === 503) expect(path, url).toMatch(/game|lottery/);
        },
      ),
      { numRuns: 150 },
    );
  }, 120_000);

  it("a demo game refuses any bet without a valid round key with 400, and moves no money", async () => {
    const ROUND_KEY = /^[A-Za-z0-9_-]{16,64}$/;
    const launched = (await settle(async () =>
      gameLoader(args(get("/game?nodeId=PG_0001&vassalage=PG&gameType=RNG&from=%2Frng", await member()))),
    )) as Response;
    const framed = (await gameLoader(args(get("/game", launched.headers.get("Set-Cookie")!.split(";")[0])))) as unknown as {
      data: { game: { url: string } };
      init: { headers: Record<string, string> };
    };
    const game = framed.data;
    const pass = framed.init.headers["Set-Cookie"]!.split(";")[0]!;
    const path = game.game.url.slice("/play/".length);
    const before = (await gateway(memberToken).wallet.balance()).sumBalance;
    const field = fc.oneof(
      fc.string({ maxLength: 70 }),
      fc.constantFrom("", "0", "-1", "0.001", "1e9", "NaN", "Infinity", "100000", "abc"),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.record(
          {
            stake: fc.oneof(field, fc.constantFrom("1.00", "5.00")),
            roundKey: fc.oneof(field, fc.constantFrom("short", "x".repeat(65), "bad key!!!!!!!!!!!!!")).filter((k) => !ROUND_KEY.test(k)),
            cashOut: field,
          },
          { requiredKeys: [] },
        ),
        async (fields) => {
          const response = await playAction(
            args(
              new Request(`http://localhost/play/${path}/bet`, {
                method: "POST",
                headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: pass },
                body: new URLSearchParams(fields),
              }),
              { "*": `${path}/bet` },
            ),
          );
          expect(response.status, JSON.stringify(fields)).toBe(400);
        },
      ),
      { numRuns: 150 },
    );
    // No round key was valid, so no bet was placed and not a cent moved.
    expect((await gateway(memberToken).wallet.balance()).sumBalance).toBe(before);
  }, 120_000);
});
