import { data, redirect } from "@remix-run/node";
import { requestContext, type RequestContext, sessionExpiredRedirect } from "~/context.server";
import { loginCheck } from "~/domain/account";
import { frameAddress, type LaunchParams, launchTarget, withQuery } from "~/domain/games";
import { PlatformError, SessionExpiredError } from "~/gateway/index.server";
import { commitSession, redirectWithNotice } from "~/session.server";
import { toCard, vendorNames } from "./lobby.server";

/**
 * The game this player has open on its page (casino on /game, lottery on /lottert): only this
 * player's, of that kind, at an address we frame; else null.
 */
export function storedGame(session: RequestContext["session"], kind: "casino" | "lottery") {
  const stored = session.get("game");
  return session.get("token") &&
    stored &&
    frameAddress(stored.url) &&
    stored.kind === kind &&
    stored.userName === (session.get("userName") ?? "")
    ? stored
    : null;
}

/** The game a launch asked for, so "under maintenance" never suggests it again. */
type Refused = { nodeId?: string; vassalage?: string };

/**
 * "Game under maintenance" (docs/SPEC.md point 8) suggests other popular games: never the refused one (the
 * hot list is cached and may still hold it), nor, when a whole vendor was asked for, that vendor.
 */
async function maintenance(ctx: RequestContext, from: string, refused: Refused) {
  const [hot, vendors] = await Promise.all([ctx.gateway.games.hotGames().catch(() => []), vendorNames(ctx)]);
  const others = hot.filter((g) =>
    refused.nodeId ? g.nodeId !== refused.nodeId : g.vassalage.toUpperCase() !== refused.vassalage?.toUpperCase(),
  );
  return data({ state: "maintenance" as const, from, hot: others.slice(0, 12).map((g) => toCard(g, null, vendors)) }, { status: 503 });
}

async function flashBack(ctx: RequestContext, to: string, key: string): Promise<never> {
  throw await redirectWithNotice(ctx.session, to, key, "error");
}

/** Keeps the launch address in the session, so /game (or /lottert) can be reloaded, and goes there. */
export async function openGame(ctx: RequestContext, url: string, from: string, kind: "casino" | "lottery"): Promise<never> {
  const address = frameAddress(url);
  if (!address) return flashBack(ctx, from, "games.launchFailed");
  ctx.session.set("game", { url: address, from, kind, userName: ctx.session.get("userName") ?? "" });
  throw redirect(kind === "lottery" ? "/lottert" : "/game", { headers: { "Set-Cookie": await commitSession(ctx.session) } });
}

/** Platform refusals of a launch: a gone session to login, maintenance to its page, others back with a message. */
export async function launchFailed(request: Request, ctx: RequestContext, error: unknown, from: string, refused: Refused = {}) {
  if (error instanceof SessionExpiredError) throw await sessionExpiredRedirect(request, error);
  if (error instanceof PlatformError && error.errorCode === "game.maintenance") return maintenance(ctx, from, refused);
  return flashBack(
    ctx,
    from,
    error instanceof PlatformError && error.errorCode === "function.not.available" ? "games.unavailable" : "games.launchFailed",
  );
}

/** The login check, then the redirect of docs/SPEC.md point 4's rules, when the player may not launch here. */
export async function refuseOrRoute(request: Request, ctx: RequestContext, target: ReturnType<typeof launchTarget>, from: string) {
  const url = new URL(request.url);
  if (target.kind === "login") throw redirect(`/login?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
  if (target.kind === "realAccountNeeded") return flashBack(ctx, from, "games.realAccountNeeded");
  if (target.kind === "page") throw redirect(target.to);
  if (target.kind === "vendorList") throw redirect(withQuery(from, { vendorList: target.vassalage }));
}

/** /game?gameId=…: apply the launch rules, launch, keep the address, show it. */
export async function launch(request: Request, params: LaunchParams) {
  const ctx = await requestContext(request);
  const check = loginCheck({ token: ctx.session.get("token"), accountType: ctx.session.get("accountType") });
  const target = launchTarget({ ...params, isVendorList: params.isVendorList ?? false }, check);
  await refuseOrRoute(request, ctx, target, params.from);
  try {
    let game = params;
    if (!game.nodeId) {
      // A navigation item standing for one vendor (DS88) starts that vendor's first game.
      const first = await ctx.gateway.games.gameList({ gameType: params.gameType, vassalage: params.vassalage, page: 1, pageSize: 1 });
      const found = first.games[0];
      if (!found) return maintenance(ctx, params.from, { vassalage: params.vassalage });
      game = { ...params, gameId: found.gameId, nodeId: found.nodeId, roomId: found.roomId };
    }
    const url = await ctx.gateway.games.launchGame({
      gameId: game.gameId || undefined,
      nodeId: game.nodeId,
      vassalage: game.vassalage,
      roomId: game.roomId,
    });
    return await openGame(ctx, url, params.from, "casino");
  } catch (error) {
    if (error instanceof Response) throw error;
    return launchFailed(request, ctx, error, params.from, { nodeId: params.nodeId || undefined, vassalage: params.vassalage });
  }
}
