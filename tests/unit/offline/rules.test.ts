import { describe, expect, it } from "vitest";
import { changesViewer, offlineKind, storablePath } from "~/offline/rules";

describe("what the service worker may store (decision 055)", () => {
  it("keeps the pages anyone may see: home, lobbies, help, notices, promotions, VIP, download", () => {
    for (const path of [
      "/",
      "/home",
      "/rng",
      "/live",
      "/pp",
      "/seamless",
      "/help",
      "/helpmc",
      "/noticePage",
      "/news",
      "/promotions",
      "/promoDetail",
      "/vip",
      "/down",
      "/download",
      "/about/terms",
    ]) {
      expect(storablePath(path), path).toBe(true);
    }
  });
  it("never keeps the member centre, the agent centre, forms, games, the cashier or a player's favourites", () => {
    for (const path of [
      "/member/deposit",
      "/member",
      "/agent/team",
      "/login",
      "/register",
      "/verify-login",
      "/fav",
      "/game",
      "/lottery",
      "/pointMall",
      "/join",
      "/nowhere",
    ]) {
      expect(storablePath(path), path).toBe(false);
    }
  });
});

describe("what the offline page says", () => {
  it("the cashier needs a connection", () => {
    expect(offlineKind("/member/deposit")).toBe("cashier");
    expect(offlineKind("/member/withdraw")).toBe("cashier");
    expect(offlineKind("/member/transfer-fund")).toBe("cashier");
    expect(offlineKind("/pointMall")).toBe("cashier");
  });
  it("games need a connection: the game frame, the platform's game pages and the lotteries", () => {
    expect(offlineKind("/game")).toBe("game");
    expect(offlineKind("/play/abcdefgh12")).toBe("game");
    expect(offlineKind("/lottery")).toBe("game");
    expect(offlineKind("/lottert")).toBe("game");
  });
  it("anything else was just not seen yet", () => {
    expect(offlineKind("/vip")).toBe("page");
    expect(offlineKind("/member/messages")).toBe("page");
  });
});

describe("what drops every stored page", () => {
  it("a post that changes who is signed in, as a form or as the app's data request", () => {
    for (const path of ["/logout", "/logout.data", "/login", "/login.data", "/register", "/verify-login.data", "/join"]) {
      expect(changesViewer("POST", path), path).toBe(true);
    }
    expect(changesViewer("GET", "/auth/google/callback")).toBe(true);
  });
  it("not reading those pages, nor any other post", () => {
    expect(changesViewer("GET", "/login")).toBe(false);
    expect(changesViewer("GET", "/logout")).toBe(false);
    expect(changesViewer("POST", "/member/deposit.data")).toBe(false);
    expect(changesViewer("POST", "/feedback")).toBe(false);
  });
});
