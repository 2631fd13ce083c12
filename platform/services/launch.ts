import { hashToken, newToken } from "../crypto";
import type { Db, Sql } from "../db/db";
import { PlatformError } from "../http/context";
import { type Language, languageFrom } from "../messages";
import { recordRecentGame } from "./favourites";
import { assertLoginAllowed } from "./responsible-gaming-checks";
import { TRIAL_ACCOUNT } from "./members";
import { SESSION_IDLE_MS, type SessionMember } from "./sessions";

// GET /wps/game/launchGame (decision 014): a launch hands out /play/<token>, a page of this
// platform (the demo games, the lottery draw board). The token is 256 random bits, stored hashed;
// it carries the member, the game, the book (trial or real) and the language. It belongs to the
// session that made it and ends with it (the row goes when the session's does), after 30 minutes
// without use, and at the latest after 12 hours (decision 015).

export const LAUNCH_TTL_MS = 12 * 60 * 60 * 1000;
export const LAUNCH_IDLE_MS = 30 * 60 * 1000;
// Marking a launch used on every page and bet would write on every read; once a minute is enough.
const TOUCH_AFTER_MS = 60 * 1000;

export type LaunchRequest =
  | { mode: "GLS"; gameId?: string; nodeId?: string }
  | { mode: "LOTT"; lottoGameCode?: string; lottoPrizeMode?: string; lottoArea?: string; backUrl?: string };

export interface LaunchAnswer {
  content: { game_url: string };
  gameUrl: string;
}

export interface Launch {
  tokenHash: string;
  /** The platform session that made the launch. */
  sessionHash: string;
  merchant: string;
  memberId: number;
  mode: "GLS" | "LOTT";
  gameId: number | null;
  lotteryCode: string | null;
  lotteryMode: string | null;
  backUrl: string | null;
  trial: boolean;
  language: Language;
  expiresAt: Date;
}

/** "bn", "BN", "bn-BD", "bn_BD" → BN; anything unknown → EN. */
export function launchLanguage(value: string | undefined | null): Language {
  return languageFrom((value ?? "").split(/[-_]/)[0]);
}

/**
 * A back link the board may show: a path of this site ("/lottery", not "//host") or an https URL.
 * Anything else (javascript:, http:, data:) is dropped rather than refused: the link is optional.
 */
export function safeBackUrl(value: string | undefined): string | null {
  const url = value?.trim();
  if (!url || url.length > 2000 || /[\s\\<>"'`]/.test(url)) return null;
  if (url.startsWith("/") && !url.startsWith("//")) return url;
  try {
    return new URL(url).protocol === "https:" ? url : null;
  } catch {
    return null;
  }
}

interface GameRow {
  id: number;
  enabled: boolean;
  vendor_off: boolean;
}

/** The game a GLS launch names by gameId and/or nodeId (both must agree when both are sent). */
async function findLaunchableGame(sql: Sql, merchant: string, gameId: string | undefined, nodeId: string | undefined): Promise<GameRow> {
  const id = gameId?.trim() ? gameId.trim() : undefined;
  const node = nodeId?.trim() ? nodeId.trim() : undefined;
  if ((id === undefined && node === undefined) || (id !== undefined && !/^\d{1,15}$/.test(id))) {
    throw new PlatformError("game.not.found", "game.not.found");
  }
  // A vendor switched off in any of its lanes puts all its games under maintenance.
  const [game] = await sql.query<GameRow>(
    `SELECT g.id, g.enabled,
            EXISTS (SELECT 1 FROM vendors v WHERE v.merchant = g.merchant AND v.vassalage = g.vassalage AND NOT v.enabled) AS vendor_off
       FROM games g
      WHERE g.merchant = $1 AND ($2::bigint IS NULL OR g.id = $2) AND ($3::text IS NULL OR g.node_id = $3)`,
    [merchant, id === undefined ? null : Number(id), node ?? null],
  );
  if (!game) throw new PlatformError("game.not.found", "game.not.found");
  if (!game.enabled || game.vendor_off) throw new PlatformError("game.maintenance", "game.maintenance");
  return game;
}

/**
 * A lottery launch: a named game must exist; without one (the lobby) the board lists the games of
 * the prize mode asked for (lottoPrizeMode, else lottoArea), or all of them when none matches.
 */
async function lotteryTarget(
  sql: Sql,
  merchant: string,
  request: Extract<LaunchRequest, { mode: "LOTT" }>,
): Promise<{ code: string | null; mode: string | null }> {
  const code = request.lottoGameCode?.trim();
  if (code) {
    const [game] = await sql.query<{ code: string }>("SELECT code FROM lottery_games WHERE merchant = $1 AND code = $2", [merchant, code]);
    if (!game) throw new PlatformError("game.not.found", "game.not.found");
    return { code: game.code, mode: null };
  }
  const wanted = [request.lottoPrizeMode, request.lottoArea].map((v) => v?.trim().toLowerCase()).filter((v): v is string => !!v);
  const modes = await sql.query<{ prize_mode: string }>("SELECT DISTINCT prize_mode FROM lottery_games WHERE merchant = $1", [merchant]);
  for (const w of wanted) {
    const match = modes.find((m) => m.prize_mode.toLowerCase() === w);
    if (match) return { code: null, mode: match.prize_mode };
  }
  return { code: null, mode: null };
}

export interface LaunchInput {
  merchant: string;
  member: SessionMember;
  request: LaunchRequest;
  language: Language;
  now: Date;
}

export async function launchGame(db: Db, { merchant, member, request, language, now }: LaunchInput): Promise<LaunchAnswer> {
  const token = newToken();
  await db.tx(async (sql) => {
    let gameId: number | null = null;
    let lottery: { code: string | null; mode: string | null } = { code: null, mode: null };
    let backUrl: string | null = null;
    if (request.mode === "GLS") {
      gameId = (await findLaunchableGame(sql, merchant, request.gameId, request.nodeId)).id;
      await recordRecentGame(sql, member.memberId, gameId, now);
    } else {
      lottery = await lotteryTarget(sql, merchant, request);
      backUrl = safeBackUrl(request.backUrl);
    }
    // Launches pile up one per click; a member's expired ones go when the next is made.
    await sql.query("DELETE FROM game_launches WHERE member_id = $1 AND expires_at <= $2", [member.memberId, now]);
    await sql.query(
      `INSERT INTO game_launches (token_hash, merchant, member_id, game_id, lottery_code, lottery_mode, back_url, mode, trial,
                                  language, created_at, expires_at, session_hash, last_used_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $11)`,
      [
        hashToken(token),
        merchant,
        member.memberId,
        gameId,
        lottery.code,
        lottery.mode,
        backUrl,
        request.mode,
        member.accountType === TRIAL_ACCOUNT,
        language,
        now,
        new Date(now.getTime() + LAUNCH_TTL_MS),
        member.tokenHash,
      ],
    );
  });
  const url = `/play/${token}`;
  return { content: { game_url: url }, gameUrl: url };
}

/**
 * The live launch behind a /play token: its session still live, used within LAUNCH_IDLE_MS, not
 * past its 12 hours; null for a malformed, unknown or ended one. Marks it used.
 */
export async function findLaunch(sql: Sql, token: string, now: Date): Promise<Launch | null> {
  if (!/^[0-9a-f]{64}$/.test(token)) return null;
  const [row] = await sql.query<{
    token_hash: string;
    session_hash: string;
    merchant: string;
    member_id: number;
    mode: "GLS" | "LOTT";
    game_id: number | null;
    lottery_code: string | null;
    lottery_mode: string | null;
    back_url: string | null;
    trial: boolean;
    language: string;
    expires_at: Date;
    last_used_at: Date;
  }>(
    `SELECT l.token_hash, l.session_hash, l.merchant, l.member_id, l.mode, l.game_id, l.lottery_code, l.lottery_mode, l.back_url,
            l.trial, l.language, l.expires_at, l.last_used_at
       FROM game_launches l JOIN sessions s ON s.token_hash = l.session_hash
      WHERE l.token_hash = $1 AND l.expires_at > $2 AND s.expires_at > $2 AND l.last_used_at > $3`,
    [hashToken(token), now, new Date(now.getTime() - LAUNCH_IDLE_MS)],
  );
  if (!row) return null;
  if (now.getTime() - new Date(row.last_used_at).getTime() > TOUCH_AFTER_MS) {
    await sql.query("UPDATE game_launches SET last_used_at = $2 WHERE token_hash = $1", [row.token_hash, now]);
    // Playing is being logged in: the session stays alive, and its minutes count towards the
    // player's session-time limit (rg_session_log follows the session's expiry).
    await sql.query("UPDATE sessions SET expires_at = greatest(expires_at, $2) WHERE token_hash = $1", [
      row.session_hash,
      new Date(now.getTime() + SESSION_IDLE_MS),
    ]);
  }
  return {
    tokenHash: row.token_hash,
    sessionHash: row.session_hash,
    merchant: row.merchant,
    memberId: row.member_id,
    mode: row.mode,
    gameId: row.game_id,
    lotteryCode: row.lottery_code,
    lotteryMode: row.lottery_mode,
    backUrl: row.back_url,
    trial: row.trial,
    language: languageFrom(row.language),
    expiresAt: new Date(row.expires_at),
  };
}

/**
 * Inside a bet's transaction: the launch's session still exists, locked against its deletion
 * until the bet commits, so a logout, password change or self-exclusion either comes after the
 * bet or the bet sees it. Then what the player set for themselves: a self-exclusion or a reached
 * session-time limit stops play as it stops logins (the loss limit is checked with the stake).
 */
export async function launchStillPlaying(
  sql: Sql,
  launch: Launch,
  now: Date,
): Promise<"play.session.ended" | "limit.session.reached" | null> {
  // The member first, then the session: the order in which self-exclusion takes them (the member
  // row FOR UPDATE, then its sessions deleted). Taken the other way round, a bet holding the
  // session while its rows' foreign keys wait for the member deadlocked with a self-exclusion.
  await sql.query("SELECT 1 FROM members WHERE id = $1 FOR KEY SHARE", [launch.memberId]);
  const [session] = await sql.query("SELECT 1 FROM sessions WHERE token_hash = $1 AND expires_at > $2 FOR SHARE", [
    launch.sessionHash,
    now,
  ]);
  if (!session) return "play.session.ended";
  if (launch.trial) return null;
  try {
    await assertLoginAllowed(sql, launch.memberId, now);
    return null;
  } catch (error) {
    if (error instanceof PlatformError && error.errorCode === "limit.session.exceeded") return "limit.session.reached";
    if (error instanceof PlatformError) return "play.session.ended";
    throw error;
  }
}
