import { describe, expect, it } from "vitest";
import {
  frameAddress,
  hasSlotFilter,
  launchHref,
  launchTarget,
  lobbyFilter,
  lobbySearch,
  lotteryBalls,
  pageCount,
  parseLaunchParams,
  parseLobbyQuery,
  withQuery,
} from "~/domain/games";
import { safeRedirect } from "~/domain/paths";

const slot = { gameType: "RNG", vassalage: "PG", isVendorList: false, nodeId: "PG-1" };

describe("launch rules (docs/SPEC.md point 4)", () => {
  it("asks a visitor to log in and a trial account for a real one, before anything else", () => {
    expect(launchTarget(slot, "login-required")).toEqual({ kind: "login" });
    expect(launchTarget(slot, "real-account-needed")).toEqual({ kind: "realAccountNeeded" });
    expect(launchTarget({ ...slot, vassalage: "TCG_SEA" }, "login-required")).toEqual({ kind: "login" });
  });

  it("sends the two lottery vendors to their screens and lottery types to the lottery screen", () => {
    expect(launchTarget({ ...slot, gameType: "LOTT", vassalage: "TCG_LOTTO_VN" }, "ok")).toEqual({ kind: "page", to: "/vnlottery" });
    expect(launchTarget({ ...slot, gameType: "LOTT", vassalage: "tcg_sea" }, "ok")).toEqual({ kind: "page", to: "/seaLottery" });
    // By the game's lottery code, never its catalogue node id (TCG_0001 is no lottery).
    expect(launchTarget({ ...slot, gameType: "ELOTT", vassalage: "TCG", lotteryCode: "KENO5" }, "ok")).toEqual({
      kind: "page",
      to: "/lottery?gameCode=KENO5",
    });
    expect(launchTarget({ ...slot, gameType: "ELOTT", vassalage: "TCG", lotteryCode: "5D1", playType: "DIRECT" }, "ok")).toEqual({
      kind: "page",
      to: "/lottery?gameCode=5D1&playType=DIRECT",
    });
    expect(launchTarget({ ...slot, gameType: "LOTT", vassalage: "TCG" }, "ok")).toEqual({ kind: "page", to: "/lottery" });
  });

  it("opens a vendor entry's list and launches any other game", () => {
    expect(launchTarget({ ...slot, gameType: "LIVE", vassalage: "evo", isVendorList: true }, "ok")).toEqual({
      kind: "vendorList",
      vassalage: "EVO",
    });
    expect(launchTarget(slot, "ok")).toEqual({ kind: "launch" });
  });
});

describe("launch links", () => {
  it("round-trip through the URL", () => {
    const href = launchHref({
      gameId: "7",
      nodeId: "PG-1",
      vassalage: "PG",
      gameType: "RNG",
      roomId: "3",
      isVendorList: true,
      from: "/pg?q=dragon",
    });
    const parsed = parseLaunchParams(new URL(href, "http://x").searchParams);
    expect(parsed).toEqual({
      gameId: "7",
      nodeId: "PG-1",
      vassalage: "PG",
      gameType: "RNG",
      roomId: "3",
      isVendorList: true,
      from: "/pg?q=dragon",
    });
    const lottery = {
      gameId: "9",
      nodeId: "TCG_0002",
      vassalage: "TCG",
      gameType: "ELOTT",
      lotteryCode: "KENO5",
      playType: "BIG_SMALL",
      isVendorList: false,
      from: "/elott",
    };
    expect(parseLaunchParams(new URL(launchHref(lottery), "http://x").searchParams)).toEqual(lottery);
    // Coming back home is the default: the link leaves it out and still reads as "/".
    const home = { gameId: "2", nodeId: "EVO_0001", vassalage: "EVO", gameType: "LIVE", isVendorList: false, from: "/" };
    expect(launchHref(home)).not.toContain("from=");
    expect(parseLaunchParams(new URL(launchHref(home), "http://x").searchParams)).toEqual(home);
  });

  it("refuse what is not a launch, and never come back to another site", () => {
    expect(parseLaunchParams(new URLSearchParams(""))).toBeUndefined();
    expect(parseLaunchParams(new URLSearchParams("nodeId=<script>&vassalage=PG&gameType=RNG"))).toBeUndefined();
    expect(parseLaunchParams(new URLSearchParams("nodeId=1&vassalage=P G&gameType=RNG"))).toBeUndefined();
    expect(parseLaunchParams(new URLSearchParams("nodeId=1&vassalage=PG&gameType=RNG&from=//evil.example"))?.from).toBe("/");
    expect(parseLaunchParams(new URLSearchParams("nodeId=1&vassalage=PG&gameType=RNG&from=https://evil.example"))?.from).toBe("/");
    // Browsers read a backslash as a slash and drop tabs and newlines: "/\evil", "/<tab>/evil" are other hosts.
    for (const from of ["/\\evil.example", "/\t/evil.example", "/\n/evil.example", "/ /evil"]) {
      expect(parseLaunchParams(new URLSearchParams({ nodeId: "1", vassalage: "PG", gameType: "RNG", from }))?.from, from).toBe("/");
    }
    expect(safeRedirect("/\t/evil.example")).toBe("/");
    expect(safeRedirect("/rng?q=dragon&page=2")).toBe("/rng?q=dragon&page=2");
    // A vendor without a node: the vendor's first game (DS88 in the navigation).
    expect(parseLaunchParams(new URLSearchParams("vassalage=DS88&gameType=SPORTS"))).toMatchObject({ nodeId: "", vassalage: "DS88" });
  });

  it("frame only https addresses and the platform's own /play pages", () => {
    expect(frameAddress("https://vendor.example/launch?t=1")).toBe("https://vendor.example/launch?t=1");
    expect(frameAddress("/play/abcDEF123-_")).toBe("/play/abcDEF123-_");
    expect(frameAddress("http://vendor.example/")).toBeUndefined();
    expect(frameAddress("javascript:alert(1)")).toBeUndefined();
    expect(frameAddress("/play/../admin")).toBeUndefined();
    expect(frameAddress("//evil.example/play/x")).toBeUndefined();
    expect(frameAddress("")).toBeUndefined();
  });
});

describe("lobby URL state", () => {
  it("reads every part and writes it back with the defaults left out", () => {
    const query = parseLobbyQuery(new URLSearchParams("vendor=pg&q=%20fortune%20%20dragon%20&minBet=1&lines=25&sort=new&page=3"));
    expect(query).toEqual({ vendor: "PG", q: "fortune dragon", minBet: true, lines: true, sort: "new", page: 3, vendorList: undefined });
    expect(lobbySearch(query)).toBe("?vendor=PG&q=fortune+dragon&minBet=1&lines=25&sort=new&page=3");
    expect(lobbySearch(query, { page: 1, q: "" })).toBe("?vendor=PG&minBet=1&lines=25&sort=new");
    expect(lobbySearch(parseLobbyQuery(new URLSearchParams()))).toBe("");
  });

  it("falls back to defaults on bad input instead of failing", () => {
    const query = parseLobbyQuery(new URLSearchParams("vendor=<b>&sort=drop&page=-4&minBet=yes&lines=3&q=" + "x".repeat(500)));
    expect(query).toMatchObject({ vendor: undefined, sort: "default", page: 1, minBet: false, lines: false });
    expect(query.q).toHaveLength(50);
    expect(parseLobbyQuery(new URLSearchParams("page=999999")).page).toBe(1000);
    expect(parseLobbyQuery(new URLSearchParams("page=abc")).page).toBe(1);
  });

  it("maps lobby pages to list filters; crash is RNG's CRASH classification", () => {
    expect(lobbyFilter({ gameType: "CRASH" })).toEqual({ gameType: "RNG", classify: "CRASH", vassalage: undefined });
    expect(lobbyFilter({ gameType: "RNG", vendor: "PG" })).toEqual({ gameType: "RNG", vassalage: "PG" });
    expect(hasSlotFilter(lobbyFilter({ gameType: "RNG" }))).toBe(true);
    expect(hasSlotFilter(lobbyFilter({ gameType: "CRASH" }))).toBe(false);
    expect(hasSlotFilter(lobbyFilter({ gameType: "LIVE" }))).toBe(false);
  });

  it("pages and helpers", () => {
    expect(pageCount(0)).toBe(1);
    expect(pageCount(10_000)).toBe(334);
    expect(withQuery("/live?vendor=EVO", { vendorList: "EVO" })).toBe("/live?vendor=EVO&vendorList=EVO");
    expect(lotteryBalls("01, 02,03")).toEqual(["01", "02", "03"]);
    expect(lotteryBalls([1, 2])).toEqual(["1", "2"]);
    expect(lotteryBalls(null)).toEqual([]);
  });
});
