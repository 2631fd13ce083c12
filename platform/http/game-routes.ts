import { randomBytes } from "node:crypto";
import type { Context, Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { createMiddleware } from "hono/factory";
import type { Sql } from "../db/db";
import { type Localized, type MessageKey, pick } from "../messages";
import { formatMinor, parseAmount } from "../money";
import { isValidTarget } from "../play/crash";
import { type BoardView, type GamePageView, renderBoardPage, renderEndedPage, renderErrorPage, renderGamePage } from "../play/pages";
import { cryptoRandom } from "../play/random";
import { paytableFor } from "../play/slot";
import {
  BetRefused,
  demoRtp,
  findPlayGame,
  findRound,
  offeredStakes,
  placeBet,
  playBalance,
  type PlayGame,
  ROUND_KEY,
  stakeAllowed,
} from "../services/bets";
import { findLaunch, type Launch, launchGame, launchLanguage, type LaunchRequest } from "../services/launch";
import { DEFAULT_TIME_ZONE, findMerchant, merchantTimeZone } from "../services/merchants";
import { drawFiller, prizeModeFrom } from "../services/lottery";
import { ok, type PlatformDeps, type PlatformEnv, PlatformError } from "./context";
import { sessionGuard } from "./guards";

// GET /wps/game/launchGame (envelope, token, GAMELO3) and the pages it opens, /play/<token> (HTML,
// no envelope, no Merchant header: the launch carries the merchant). Decision 014.

/** The strict policy of every /play page: inline style and script only, forms back to us, framed by us. */
const CSP =
  "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src 'self' data:; form-action 'self'; frame-ancestors 'self'; base-uri 'none'";

const PAGE_HEADERS = {
  "Cache-Control": "no-store",
  "X-Content-Type-Options": "nosniff",
  "Content-Security-Policy": CSP,
  // The token is in the path: never send it on to another site.
  "Referrer-Policy": "no-referrer",
};

function html(status: number, body: string): Response {
  return new Response(body, { status, headers: { "Content-Type": "text/html; charset=utf-8", ...PAGE_HEADERS } });
}

/** A query value, trimmed; absent and empty alike. */
function param(c: Context, name: string): string | undefined {
  const value = c.req.query(name)?.trim();
  return value ? value : undefined;
}

function launchRequest(c: Context): LaunchRequest {
  const mode = param(c, "launchMode")?.toUpperCase();
  if (mode === "GLS") return { mode, gameId: param(c, "gameId"), nodeId: param(c, "nodeId") };
  if (mode === "LOTT") {
    return {
      mode,
      lottoGameCode: param(c, "lottoGameCode"),
      lottoPrizeMode: param(c, "lottoPrizeMode"),
      lottoArea: param(c, "lottoArea"),
      backUrl: param(c, "backUrl"),
    };
  }
  // The operator's gateway answers a launch without (or with an unknown) launchMode like this.
  throw new PlatformError("launch.mode.required", "launch.mode.required", 500);
}

const newRoundKey = () => randomBytes(18).toString("base64url");

interface Shown {
  launch: Launch;
  game: PlayGame;
  currencySymbol: string;
}

async function currencySymbol(sql: Sql, merchant: string): Promise<string> {
  const [row] = await sql.query<{ currency_symbol: string }>("SELECT currency_symbol FROM merchants WHERE code = $1", [merchant]);
  return row?.currency_symbol ?? "";
}

const playable = (game: PlayGame) => game.demo === "slot" || game.demo === "crash";

interface PageState {
  round?: GamePageView["round"];
  error?: MessageKey;
  errorVars?: Record<string, string | number>;
  stake?: number;
  cashOut?: string;
}

async function gameView(sql: Sql, token: string, { launch, game, currencySymbol }: Shown, state: PageState): Promise<GamePageView> {
  const stakes = offeredStakes(game.minBet);
  const lastStake = state.stake ?? state.round?.stake;
  const lastTarget = state.round?.outcome.game === "crash" ? state.round.outcome.target.toFixed(2) : undefined;
  const kind = playable(game) ? (game.demo as "slot" | "crash") : "none";
  let error = state.error;
  if (!error && !game.available) error = "game.maintenance";
  if (!error && kind === "none") error = "play.not.playable";
  return {
    token,
    lang: launch.language,
    gameName: game.name,
    kind,
    trial: launch.trial,
    currencySymbol,
    balance: await playBalance(sql, launch),
    stakes,
    selectedStake: lastStake !== undefined && stakes.includes(lastStake) ? lastStake : stakes[0]!,
    cashOut: state.cashOut ?? lastTarget ?? "2.00",
    roundKey: newRoundKey(),
    rtp: game.rtp,
    paytable: kind === "slot" ? paytableFor(demoRtp(game)) : undefined,
    round: state.round,
    error,
    errorVars:
      state.errorVars ??
      (error === "play.stake.invalid" ? { min: formatMinor(game.minBet), max: formatMinor(game.minBet * 100) } : undefined),
    canBet: kind !== "none" && game.available,
  };
}

async function boardView(sql: Sql, launch: Launch, now: Date): Promise<BoardView> {
  const lang = launch.language;
  const merchant = await findMerchant(sql, launch.merchant);
  // Draw times in the operator's time zone, as the site shows them elsewhere.
  const timeZone = merchant ? merchantTimeZone(merchant) : DEFAULT_TIME_ZONE;
  if (launch.lotteryCode) {
    const [game] = await sql.query<{ name: Localized }>("SELECT name FROM lottery_games WHERE merchant = $1 AND code = $2", [
      launch.merchant,
      launch.lotteryCode,
    ]);
    const draws = await sql.query<{ issue: string; numbers: string; drawn_at: Date }>(
      `SELECT issue, numbers, drawn_at FROM lottery_draws WHERE merchant = $1 AND code = $2 AND drawn_at <= $3
        ORDER BY drawn_at DESC, id DESC LIMIT 10`,
      [launch.merchant, launch.lotteryCode, now],
    );
    const name = game ? pick(game.name, lang) : launch.lotteryCode;
    return {
      lang,
      title: name,
      games: [
        {
          code: launch.lotteryCode,
          name,
          draws: draws.map((d) => ({ issue: d.issue, numbers: d.numbers, drawnAt: new Date(d.drawn_at) })),
        },
      ],
      backUrl: launch.backUrl,
      timeZone,
    };
  }
  // The lobby: the latest draw of each game (of the prize mode the launch asked for).
  const rows = await sql.query<{ code: string; name: Localized; issue: string | null; numbers: string | null; drawn_at: Date | null }>(
    `SELECT g.code, g.name, d.issue, d.numbers, d.drawn_at
       FROM lottery_games g
       LEFT JOIN LATERAL (SELECT issue, numbers, drawn_at FROM lottery_draws
                           WHERE merchant = g.merchant AND code = g.code AND drawn_at <= $3
                           ORDER BY drawn_at DESC, id DESC LIMIT 1) d ON true
      WHERE g.merchant = $1 AND ($2::text IS NULL OR g.prize_mode = $2)
      ORDER BY g.group_sort, g.sort, g.id
      LIMIT 60`,
    [launch.merchant, launch.lotteryMode, now],
  );
  return {
    lang,
    title: null,
    games: rows.map((r) => ({
      code: r.code,
      name: pick(r.name, lang),
      draws:
        r.issue !== null && r.numbers !== null && r.drawn_at !== null
          ? [{ issue: r.issue, numbers: r.numbers, drawnAt: new Date(r.drawn_at) }]
          : [],
    })),
    backUrl: launch.backUrl,
    timeZone,
  };
}

/** The launch and its game, or the page that says why there is nothing to show. */
async function resolve(deps: PlatformDeps, token: string): Promise<{ launch: Launch; game: PlayGame | null } | null> {
  const launch = await findLaunch(deps.db, token, deps.now());
  if (!launch) return null;
  const game = launch.gameId === null ? null : await findPlayGame(deps.db, launch.gameId);
  return { launch, game };
}

interface BetForm {
  stake?: string;
  roundKey?: string;
  cashOut?: string;
}

/** The posted form; anything that is not a form of strings reads as empty fields. */
async function readBetForm(c: Context): Promise<BetForm> {
  let body: Record<string, unknown>;
  try {
    body = await c.req.parseBody();
  } catch {
    return {};
  }
  const field = (name: string) => {
    const value = body[name];
    return typeof value === "string" && !value.includes("\u0000") ? value.trim() : undefined;
  };
  return { stake: field("stake"), roundKey: field("roundKey"), cashOut: field("cashOut") };
}

/** The cash-out as hundredths (1.01–100, at most two decimals), else null. */
function parseTarget(value: string | undefined): number | null {
  const hundredths = value === undefined ? null : parseAmount(value);
  return hundredths !== null && isValidTarget(hundredths) ? hundredths : null;
}

export function registerGameRoutes(app: Hono<PlatformEnv>, deps: PlatformDeps): void {
  const session = sessionGuard(deps);
  const fill = drawFiller(deps.db);
  /** The draw board: the draws due up to now are written first, as the lottery gateway does. */
  const board = async (launch: Launch) => {
    const now = deps.now();
    await fill(
      launch.merchant,
      now,
      launch.lotteryCode ? { code: launch.lotteryCode } : { prizeMode: prizeModeFrom(launch.lotteryMode ?? "") ?? undefined },
    );
    return renderBoardPage(await boardView(deps.db, launch, now));
  };

  // The module first: switched off, the call is unavailable whoever asks.
  const gamesModule = createMiddleware<PlatformEnv>(async (c, next) => {
    if (!c.get("modules").has("GAMELO3")) throw new PlatformError("function.not.available", "function.not.available", 400);
    await next();
  });

  app.get("/wps/game/launchGame", gamesModule, session, async (c) => {
    const request = launchRequest(c);
    const language = param(c, "language") ? launchLanguage(param(c, "language")) : c.get("lang");
    const answer = await launchGame(deps.db, {
      merchant: c.get("merchant").code,
      member: c.get("member"),
      request,
      language,
      now: deps.now(),
    });
    return ok(c, answer);
  });

  // Pages fail as pages: an unexpected error is an HTML 500, never a JSON envelope.
  // (app.onError has logged it and answered a JSON 500; this replaces that answer.)
  app.use("/play/*", async (c, next) => {
    await next();
    if (c.error) c.res = html(500, renderErrorPage(null));
  });

  app.get("/play/:token", async (c) => {
    const token = c.req.param("token");
    const found = await resolve(deps, token);
    if (!found) return html(404, renderEndedPage(null));
    const { launch, game } = found;
    if (launch.mode === "LOTT") return html(200, await board(launch));
    if (!game) return html(404, renderEndedPage(launch.language));
    const roundParam = c.req.query("round");
    const round = roundParam && /^\d{1,15}$/.test(roundParam) ? await findRound(deps.db, launch, Number(roundParam)) : null;
    const shown = { launch, game, currencySymbol: await currencySymbol(deps.db, launch.merchant) };
    return html(200, renderGamePage(await gameView(deps.db, token, shown, { round })));
  });

  app.post("/play/:token/bet", bodyLimit({ maxSize: 16 * 1024, onError: () => html(413, renderErrorPage(null)) }), async (c) => {
    const token = c.req.param("token");
    const found = await resolve(deps, token);
    if (!found) return html(404, renderEndedPage(null));
    const { launch, game } = found;
    // The draw board takes no bets.
    if (launch.mode === "LOTT") return html(400, await board(launch));
    if (!game) return html(404, renderEndedPage(launch.language));
    const shown = { launch, game, currencySymbol: await currencySymbol(deps.db, launch.merchant) };
    const form = await readBetForm(c);
    const stake = form.stake === undefined ? null : parseAmount(form.stake);
    const target = game.demo === "crash" ? parseTarget(form.cashOut) : undefined;
    const refuse = async (error: MessageKey) =>
      html(
        400,
        renderGamePage(
          await gameView(deps.db, token, shown, {
            error,
            stake: stake !== null && stakeAllowed(game.minBet, stake) ? stake : undefined,
            cashOut: target ? (target / 100).toFixed(2) : undefined,
          }),
        ),
      );

    if (!playable(game)) return refuse("play.not.playable");
    if (!game.available) return refuse("game.maintenance");
    if (!form.roundKey || !ROUND_KEY.test(form.roundKey)) return refuse("play.round.invalid");
    if (stake === null || !stakeAllowed(game.minBet, stake)) return refuse("play.stake.invalid");
    if (target === null) return refuse("play.cashout.invalid");
    try {
      const { betId } = await placeBet(deps.db, {
        launch,
        game,
        stake,
        roundKey: form.roundKey,
        target,
        now: deps.now(),
        random: cryptoRandom,
      });
      // Relative: the app serves these pages under its own /play/ (decision 014).
      return new Response(null, { status: 303, headers: { Location: `/play/${token}?round=${betId}`, "Cache-Control": "no-store" } });
    } catch (err) {
      // The session behind the launch has ended (logout, password change, self-exclusion).
      if (err instanceof BetRefused && err.messageKey === "play.session.ended") return html(404, renderEndedPage(launch.language));
      if (err instanceof BetRefused) return refuse(err.messageKey);
      throw err;
    }
  });
}
