import type { Db, Sql } from "../db/db";
import { hashPassword, verifyPassword } from "../crypto";
import { PlatformError } from "../http/context";
import { message } from "../messages";
import type { AccountContext } from "./complete-login";
import { isAgentType, subAgentTypeOf } from "./agents";
import { MAX_AFFILIATE_CODES } from "./agent-reports";
import { newReferralCode } from "./referral-codes";
import { accountConflict, checkRegisterValues, ensureAccountFree, fieldsRefused, insertAccount } from "./registration";
import { settingNumber } from "./merchants";
import { hasDirectionControl } from "./register-validation";
import { conflict, fingerprintOf, lockMember, runOnce, storeAnswer, storedAnswer } from "./requests";
import { recordEvent } from "./security-events";
import type { SessionMember } from "./sessions";

// The agent's register centre (decision 025, AGEDOWNMAN3): accounts opened under the agent and
// its affiliate codes. Writes answer once per (agent, requestId), kept in player_requests: the same
// requestId with the same content answers the first result (replayed: true), other content is
// idempotency.conflict.

const bodyHash = (call: string, content: unknown) => fingerprintOf([call, content]);

// ---------------------------------------------------------------------------------------------
// MCS2_registerDownline

export interface DownlineInput {
  requestId: string;
  /** 0 a member, 1 a sub-agent. */
  accountType: 0 | 1;
  username: string;
  password: string;
  confirmPassword: string;
  nickname?: string;
  mobileNum?: string;
  countryDialingCode?: string;
  email?: string;
}

export interface DownlineAnswer {
  customerId: number;
  account: string;
  /** The new account's type: 0, or the sub-agent type 2 (42 under a 41/42 agent). */
  accountType: number;
  replayed?: boolean;
}

/** The register rules the register centre applies: the user name, the passwords and the contact fields. */
const DOWNLINE_FIELDS: ReadonlySet<string> = new Set(["username", "password", "confirmPassword", "mobileNum", "email"]);

/** The nickname rule of the security centre: 2–20 characters, no control characters or angle brackets. */
// eslint-disable-next-line no-control-regex
const nicknameValid = (text: string) => [...text].length >= 2 && [...text].length <= 20 && !/[\u0000-\u001f\u007f<>]/.test(text);

/** Accounts an agent may open in the register centre (decision 037): a burst, and a day's ceiling. */
export const DOWNLINES_PER_TEN_MINUTES = 10;
export const DOWNLINES_PER_DAY = 100;

/**
 * Refuses (agent.register.too.many.requests, with the real wait) an agent that has opened its
 * allowance: DOWNLINES_PER_TEN_MINUTES in 10 minutes or DOWNLINES_PER_DAY in 24 hours, or the
 * merchant settings downlinesPerTenMinutes and downlinesPerDay. Run under the agent's row lock.
 */
async function assertDownlineAllowance(sql: Sql, ctx: AccountContext, agentId: number): Promise<void> {
  const { merchant, now } = ctx;
  for (const [windowMs, limit] of [
    [10 * 60_000, settingNumber(merchant, "downlinesPerTenMinutes", DOWNLINES_PER_TEN_MINUTES)],
    [24 * 60 * 60_000, settingNumber(merchant, "downlinesPerDay", DOWNLINES_PER_DAY)],
  ] as const) {
    const [row] = await sql.query<{ oldest: Date | null; n: number }>(
      `SELECT count(*)::int AS n, min(created_at) AS oldest FROM (
         SELECT created_at FROM members
          WHERE upline_id = $1 AND created_at > $2 AND created_at <= $3 AND register_info->>'mode' = 'downline'
          ORDER BY created_at DESC LIMIT $4) recent`,
      [agentId, new Date(now.getTime() - windowMs), now, limit],
    );
    if (!row || row.n < limit || !row.oldest) continue;
    const wait = Math.max(1, Math.ceil((new Date(row.oldest).getTime() + windowMs - now.getTime()) / 1000));
    throw new PlatformError("agent.register.too.many.requests", "agent.register.too.many.requests", 200, {
      vars: { minutes: Math.ceil(wait / 60) },
      value: { retryAfterSeconds: wait },
    });
  }
}

/**
 * Opens an account under the agent (its upline is the agent; the tree trigger adds it to the team
 * in the same transaction), validated by the merchant's register rules as a registration is. No
 * session is made for it, and the agent's own session is left alone.
 */
export async function registerDownline(ctx: AccountContext, agent: SessionMember, input: DownlineInput): Promise<DownlineAnswer> {
  const { db, merchant, lang, ip, now } = ctx;
  if (!isAgentType(agent.accountType)) throw new PlatformError("agent.only", "agent.only");
  const call = "MCS2_registerDownline";
  const username = input.username.trim();
  const nickname = input.nickname?.trim() || "";
  // The passwords stay out of the stored fingerprint (an unsalted hash would let a reader of the
  // table test guesses); a replay checks the password against the account it opened instead.
  const hash = bodyHash(call, {
    accountType: input.accountType,
    username: username.toLowerCase(),
    nickname,
    mobileNum: input.mobileNum?.trim() ?? "",
    countryDialingCode: input.countryDialingCode?.trim() ?? "",
    email: input.email?.trim().toLowerCase() ?? "",
  });
  const replay = async (sql: Sql): Promise<DownlineAnswer | null> => {
    const seen = await storedAnswer<DownlineAnswer>(sql, "player_requests", agent.memberId, input.requestId);
    if (!seen) return null;
    if (seen.fingerprint !== hash) throw conflict();
    const [account] = await sql.query<{ password_hash: string }>("SELECT password_hash FROM members WHERE id = $1", [
      seen.answer.customerId,
    ]);
    if (!account || !(await verifyPassword(input.password, account.password_hash))) throw conflict();
    return { ...seen.answer, replayed: true };
  };
  const first = await replay(db);
  if (first) return first;

  const checked = await checkRegisterValues(
    ctx,
    {
      username,
      password: input.password,
      confirmPassword: input.confirmPassword,
      mobileNum: input.mobileNum,
      countryDialingCode: input.countryDialingCode,
      email: input.email,
    },
    "account",
    DOWNLINE_FIELDS,
  );
  const fieldErrors = { ...checked.fieldErrors };
  if (nickname && hasDirectionControl(nickname)) fieldErrors.nickname = message("text.direction.invalid", lang);
  else if (nickname && !nicknameValid(nickname)) fieldErrors.nickname = message("nickname.invalid", lang);
  if (Object.keys(fieldErrors).length > 0) throw fieldsRefused(fieldErrors);
  await ensureAccountFree(db, merchant.code, username, checked.phone);

  const accountType = input.accountType === 1 ? subAgentTypeOf(agent.accountType) : 0;
  const passwordHash = await hashPassword(input.password);
  for (let attempt = 0; ; attempt++) {
    try {
      return await db.tx(async (sql) => {
        // The agent's row orders its register calls: a twin with the same requestId waits here, then replays.
        await sql.query("SELECT 1 FROM members WHERE id = $1 FOR UPDATE", [agent.memberId]);
        const twin = await replay(sql);
        if (twin) return twin;
        await assertDownlineAllowance(sql, ctx, agent.memberId);
        const customerId = await insertAccount(sql, merchant.code, {
          username,
          passwordHash,
          accountType,
          nickname: nickname || username,
          phone: checked.phone,
          email: checked.values.email && checked.enabled.has("email") ? checked.values.email.toLowerCase() : null,
          payeeName: "",
          birthday: null,
          profile: {},
          paymentHash: null,
          referredBy: null,
          uplineId: agent.memberId,
          ip,
          registerInfo: { mode: "downline", registeredBy: agent.memberId },
          now,
          // The agent typed the number; nobody proved it. It never blocks its owner (decision 037).
          mobileVerified: false,
        });
        await recordEvent(sql, {
          merchant: merchant.code,
          memberId: customerId,
          kind: "register",
          ip,
          at: now,
          detail: { mode: "downline", upline: true, by: agent.memberId },
        });
        const answer: DownlineAnswer = { customerId, account: username, accountType };
        await storeAnswer(sql, "player_requests", {
          memberId: agent.memberId,
          requestId: input.requestId,
          action: call,
          fingerprint: hash,
          answer,
          now,
        });
        return answer;
      });
    } catch (err) {
      const taken = accountConflict(err);
      if (taken === null) throw err;
      if (taken === "referral" && attempt < 3) continue;
      if (taken === "mobile") throw new PlatformError("register.mobile.taken", "register.mobile.taken");
      // A twin that won the race under this requestId answers its result; else the name is taken.
      const again = await replay(db);
      if (again) return again;
      throw new PlatformError("register.username.taken", "register.username.taken");
    }
  }
}

// ---------------------------------------------------------------------------------------------
// MCS2_createAffiliateCode

export interface AffiliateCodeAnswer {
  code: string;
  accountType: 0 | 1;
  registrations: number;
  createdAt: number;
  replayed?: boolean;
}

/** A new affiliate code of the agent (8 of A–Z, 2–9): accountType 1 registers sub-agents. At most MAX_AFFILIATE_CODES. */
export async function createAffiliateCode(
  db: Db,
  merchant: string,
  agent: SessionMember,
  requestId: string,
  accountType: 0 | 1,
  now: Date,
): Promise<AffiliateCodeAnswer> {
  if (!isAgentType(agent.accountType)) throw new PlatformError("agent.only", "agent.only");
  const once = {
    store: "player_requests",
    memberId: agent.memberId,
    requestId,
    action: "MCS2_createAffiliateCode",
    content: { accountType },
    now,
  } as const;
  return runOnce(db, { ...once, lock: lockMember(agent.memberId, "FOR UPDATE"), markReplayed: true }, async (sql) => {
    const [held] = await sql.query<{ n: number }>("SELECT count(*)::int AS n FROM affiliate_codes WHERE merchant = $1 AND member_id = $2", [
      merchant,
      agent.memberId,
    ]);
    if ((held?.n ?? 0) >= MAX_AFFILIATE_CODES) {
      throw new PlatformError("affiliate.code.limit", "affiliate.code.limit", 200, { vars: { max: MAX_AFFILIATE_CODES } });
    }
    for (let attempt = 0; attempt < 10; attempt++) {
      // ON CONFLICT: a code taken by someone else is tried again without aborting the transaction.
      const [row] = await sql.query<{ code: string }>(
        `INSERT INTO affiliate_codes (merchant, code, member_id, account_type, created_at) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (merchant, code) DO NOTHING RETURNING code`,
        [merchant, newReferralCode(), agent.memberId, accountType, now],
      );
      if (!row) continue;
      const answer: AffiliateCodeAnswer = { code: row.code, accountType, registrations: 0, createdAt: now.getTime() };
      return answer;
    }
    throw new Error("no free affiliate code after 10 attempts");
  });
}
