import type { Hono } from "hono";
import { z } from "zod";
import type { Db } from "./db/db";
import { OperatorError } from "./operator";
import { findMemberByUsername } from "./services/members";
import { securityInfo } from "./services/profile";
import { responsibleGaming } from "./services/responsible-gaming";

// The responsible-gaming part's back-office commands (decision 018): look at a member's limits,
// reality check, self-exclusion and profile; reset them (support, or resetting demo data after a
// test). A player can never lift a self-exclusion early; only this operator command can.

async function requireMember(db: Db, merchant: string, username: string) {
  const member = await findMemberByUsername(db, merchant, username);
  if (!member) throw new OperatorError(`No member "${username}" at merchant "${merchant}".`);
  return member;
}

/** `player <username>`: limits (with this period's use), reality check, self-exclusion, profile. */
export async function playerState(db: Db, merchant: string, username: string, now = new Date()) {
  const member = await requireMember(db, merchant, username);
  const rg = await responsibleGaming(db, { memberId: member.id, merchant, accountType: member.account_type }, now);
  const profile = await securityInfo(db, member.id);
  return {
    username: member.username,
    limits: rg.limits.filter((l) => l.amount !== null || l.pendingFrom !== null),
    realityCheckMinutes: rg.realityCheckMinutes,
    selfExclusionUntil: rg.selfExclusionUntil === null ? null : new Date(rg.selfExclusionUntil).toISOString(),
    nickname: profile.nickname,
    avatar: `${profile.avatarType} ${profile.avatar}`,
    mobile: profile.maskedMobile,
    email: profile.maskedEmail,
  };
}

/** `player <username> reset`: removes every limit (pending ones too), the reality check and the self-exclusion. */
export async function resetPlayer(db: Db, merchant: string, username: string, now = new Date()) {
  const member = await requireMember(db, merchant, username);
  await db.tx(async (sql) => {
    await sql.query("DELETE FROM rg_limits WHERE member_id = $1", [member.id]);
    await sql.query("UPDATE rg_settings SET reality_check_minutes = 0, self_excluded_until = NULL, updated_at = $2 WHERE member_id = $1", [
      member.id,
      now,
    ]);
  });
  return { username: member.username, reset: true };
}

export interface PlayerCommand {
  path: string;
  method: "GET" | "POST";
  body?: Record<string, unknown>;
  query?: Record<string, string>;
  direct(db: Db, merchant: string): Promise<unknown>;
}

/** The `player` command of admin.ts; bad arguments throw usage(message). */
export function parsePlayerCommand(args: string[], usage: (message: string) => Error = (m) => new OperatorError(m)): PlayerCommand {
  const [username, verb, ...rest] = args;
  if (!username || rest.length > 0 || (verb !== undefined && verb !== "reset"))
    throw usage('Use "player <username>" or "player <username> reset".');
  if (verb === "reset") return { path: "player", method: "POST", body: { username }, direct: (db, m) => resetPlayer(db, m, username) };
  return { path: "player", method: "GET", query: { username }, direct: (db, m) => playerState(db, m, username) };
}

export const PLAYER_USAGE = `  player <username>                      a member's limits, reality check, self-exclusion and profile
  player <username> reset                remove the member's limits, reality check and self-exclusion`;

const resetBody = z.object({ merchant: z.string().min(1).optional(), username: z.string().min(1).max(100) });

/** The operator listener's routes for the player commands (operator-http.ts). */
export function registerPlayerOperatorRoutes(app: Hono, db: Db, merchant: string, now: () => Date): void {
  app.get("/operator/player", async (c) => {
    const username = c.req.query("username");
    if (!username) throw new OperatorError("Bad request: username is required.");
    return c.json({ ok: true, result: await playerState(db, c.req.query("merchant") ?? merchant, username, now()) });
  });
  app.post("/operator/player", async (c) => {
    const parsed = resetBody.safeParse(await c.req.json().catch(() => undefined));
    if (!parsed.success) throw new OperatorError("Bad request: username is required.");
    return c.json({ ok: true, result: await resetPlayer(db, parsed.data.merchant ?? merchant, parsed.data.username, now()) });
  });
}
