import { timeFormatter } from "~/i18n/format.server";
import { requestContext } from "~/context.server";
import { loginCheck } from "~/domain/account";
import { LOBBY_PAGE_SIZE, LOTTERY_CODE as CODE } from "~/domain/games";
import type { Page } from "~/domain/pages";
import type { LotteryDraw, LotteryGroup } from "~/gateway/lottery.server";
import { mediaUrl } from "~/html.server";
import { launchFailed, openGame, refuseOrRoute } from "./game.server";
import { toCard, vendorNames } from "./lobby.server";

// The lottery screens: /lottery (TCG lotteries, optional gameCode and playType), /vnlottery,
// /elott and /seaLottery. Each shows its menus and recent results; choosing a game launches it
// (launchMode LOTT) into the in-game page /lottert.

type Area = { prizeMode: "Lott" | "VN" | "SEA"; area: string; results: "VN" | "Lott"; seaMode?: boolean };
const AREAS: Record<string, Area> = {
  lottery: { prizeMode: "Lott", area: "TCG", results: "Lott" },
  vnlottery: { prizeMode: "VN", area: "VN", results: "VN" },
  seaLottery: { prizeMode: "SEA", area: "SEA", results: "Lott", seaMode: true },
};

const withIcon = (locale: string) => {
  const drawTime = timeFormatter(locale);
  return (d: LotteryDraw) => ({ ...d, icon: mediaUrl(d.icon), time: drawTime(d.drawnAt || null), next: drawTime(d.nextDrawAt || null) });
};
const groupsWithIcons = (groups: LotteryGroup[]) =>
  groups.map((g) => ({ ...g, games: g.games.map((x) => ({ ...x, icon: mediaUrl(x.icon) })) }));

/** Launches a lottery when the URL asks for one (gameCode, or view=lobby); otherwise returns. */
async function launchIfAsked(request: Request, page: Page, area: Area) {
  const url = new URL(request.url);
  const gameCode = url.searchParams.get("gameCode") ?? "";
  const view = url.searchParams.get("view") === "lobby" ? "lobby" : "betting";
  const playType = url.searchParams.get("playType") ?? "";
  if (!CODE.test(gameCode) && url.searchParams.get("view") !== "lobby") return;
  const ctx = await requestContext(request);
  const check = loginCheck({ token: ctx.session.get("token"), accountType: ctx.session.get("accountType") });
  const from = page.path;
  await refuseOrRoute(
    request,
    ctx,
    check === "ok" ? { kind: "launch" } : { kind: check === "login-required" ? "login" : "realAccountNeeded" },
    from,
  );
  try {
    const address = await ctx.gateway.games.launchLottery({
      area: area.area,
      prizeMode: area.prizeMode,
      gameCode: CODE.test(gameCode) ? gameCode : undefined,
      playType: CODE.test(playType) ? playType : undefined,
      view,
      backUrl: from,
      seaMode: area.seaMode,
    });
    return await openGame(ctx, address, from, "lottery");
  } catch (error) {
    if (error instanceof Response) throw error;
    return launchFailed(request, ctx, error, from);
  }
}

export async function loadLottery(request: Request, page: Page) {
  const ctx = await requestContext(request);
  const { games, lottery } = ctx.gateway;
  const loggedIn = Boolean(ctx.session.get("token"));

  if (page.key === "elott") {
    // E-lottery: the ELOTT games of the catalogue, and the popular draws beside them.
    const [list, popular, vendors] = await Promise.all([
      games.gameList({ gameType: "ELOTT", page: 1, pageSize: LOBBY_PAGE_SIZE }).catch(() => null),
      ctx.gateway.lottery.popular(undefined, 20).catch(() => []),
      vendorNames(ctx),
    ]);
    return {
      kind: "elott" as const,
      loggedIn,
      games: (list?.games ?? []).map((g) => toCard(g, null, vendors)),
      groups: [],
      results: popular.map(withIcon(ctx.language)),
      latest: [],
    };
  }

  const area = AREAS[page.key] ?? AREAS.lottery!;
  const launched = await launchIfAsked(request, page, area);
  if (launched) return { kind: "maintenance" as const, loggedIn, hot: launched.data.hot, games: [], groups: [], results: [], latest: [] };

  const [groups, latest, results] = await Promise.all([
    lottery.menus(area.prizeMode).catch(() => []),
    area.prizeMode === "VN" ? lottery.vnRecentDraws().catch(() => []) : lottery.popular(area.prizeMode, 20).catch(() => []),
    lottery.openedNumbers(area.results, undefined, area.prizeMode === "VN" ? 100 : 30).catch(() => []),
  ]);
  return {
    kind: area.prizeMode,
    loggedIn,
    games: [],
    groups: groupsWithIcons(groups),
    latest: latest.map(withIcon(ctx.language)),
    results: results.map(withIcon(ctx.language)),
  };
}
