import type { Hono } from "hono";
import { dateRange, type DateRange } from "../services/periods";
import { createMiddleware } from "hono/factory";
import { z } from "zod";
import {
  affiliateLinks,
  agentAnnouncements,
  agentIncome,
  DOWNLINE_SORTS,
  downlineList,
  INCOME_TYPES,
  TEAM_TX_TYPES,
  teamBetRecords,
  teamOverview,
  teamProfitLoss,
  teamTransactions,
} from "../services/agent-reports";
import { createAffiliateCode, registerDownline } from "../services/agent-register";
import { contractFlags, requireAgent } from "../services/agents";
import { accountContext, readJson, text } from "./accounts";
import { ok, type PlatformContext, type PlatformDeps, type PlatformEnv, PlatformError } from "./context";
import { readEncrypted } from "./encrypted";
import type { Relay } from "./game-relays";
import { sessionGuard } from "./guards";
import { intQuery, pagingOf } from "./records-relays";
import { requestIdSchema } from "../services/requests";

// The agent's team and reports of decision 025: relays (registered into relay-routes.ts's table),
// the consolidated contract flags, and the encrypted register-downline call. Every call needs an
// agent account (agent.only otherwise, a trial account too); query values are read tolerantly
// (paging clamped, unknown filters ignored, nothing reaches SQL but as a parameter).

/** A query value, trimmed, without NUL (PostgreSQL text cannot hold one); undefined when empty. */
function query(c: PlatformContext, name: string, max = 64): string | undefined {
  return (
    c.req
      .query(name)
      ?.replace(/\u0000/g, "")
      .trim()
      .slice(0, max) || undefined
  );
}

/** One of `codes`, matched case-insensitively; ALL, absent or unknown → undefined (no filter). */
function codeQuery<T extends string>(c: PlatformContext, name: string, codes: readonly T[]): T | undefined {
  const raw = query(c, name, 32)?.toLowerCase();
  return codes.find((code) => code.toLowerCase() === raw);
}

/** dateFrom/dateTo of decision 017: malformed → 400 parameter.invalid, reversed or too long → date.range.invalid. */
function rangeOf(c: PlatformContext, now: Date): DateRange {
  const result = dateRange(c.req.query("dateFrom"), c.req.query("dateTo"), now);
  if (result.ok) return result.range;
  if (result.reason === "malformed") throw new PlatformError("parameter.invalid", "parameter.invalid", 400);
  throw new PlatformError("date.range.invalid", "date.range.invalid");
}

/** parentId: absent = the agent; anything but an id cannot be in the team. */
function parentOf(c: PlatformContext): number | undefined {
  const raw = query(c, "parentId", 32);
  if (raw === undefined) return undefined;
  if (!/^\d{1,15}$/.test(raw)) throw new PlatformError("downline.not.found", "downline.not.found");
  return Number(raw);
}

const accountTypeSchema = z.union([z.literal(0), z.literal(1), z.enum(["0", "1"]).transform((v) => (v === "1" ? 1 : 0))]);
const affiliateBody = z.object({ requestId: requestIdSchema, accountType: accountTypeSchema });
const downlineBody = z.object({
  requestId: requestIdSchema,
  accountType: accountTypeSchema,
  username: text(),
  password: text(),
  confirmPassword: text(),
  nickname: text(100),
  mobileNum: text(32),
  countryDialingCode: text(8),
  email: text(),
});

export function agentRelays(deps: PlatformDeps): Record<string, Relay> {
  const merchantOf = (c: PlatformContext) => c.get("merchant").code;
  /** The session's account, refused unless it is an agent. */
  const agentOf = (c: PlatformContext) => {
    const member = c.get("member");
    requireAgent(member);
    return member.memberId;
  };
  const get = (module: string, handle: Relay["handle"]): Relay => ({ token: true, module, methods: ["GET"], handle });

  return {
    MCS2_getAgentAnnouncements: get("AGEANNOUNCE3", (c) => {
      agentOf(c);
      return agentAnnouncements(deps.db, merchantOf(c), pagingOf(c), c.get("lang"), deps.now());
    }),
    ODSFE2_getTeamOverview: get("AGEINFO3", (c) => teamOverview(deps.db, agentOf(c), deps.now())),
    MCS2_getDownlineList: get("AGEDOWNMAN3", (c) => {
      const agentId = agentOf(c);
      const level = intQuery(c, "level");
      return downlineList(deps.db, agentId, {
        parentId: parentOf(c),
        keyword: query(c, "keyword"),
        level: level === undefined ? undefined : Math.min(Math.max(level, 0), 64),
        sort: codeQuery(c, "sort", DOWNLINE_SORTS) ?? "registerTime",
        order: query(c, "order")?.toLowerCase() === "asc" ? "asc" : "desc",
        paging: pagingOf(c),
      });
    }),
    ODSFE2_getTeamBetRecords: get("PERSPNL3", (c) =>
      teamBetRecords(deps.db, merchantOf(c), agentOf(c), {
        range: rangeOf(c, deps.now()),
        account: query(c, "account"),
        paging: pagingOf(c),
      }),
    ),
    ODSFE2_getTeamProfitLoss: get("PERSPNL3", (c) =>
      teamProfitLoss(deps.db, merchantOf(c), agentOf(c), {
        range: rangeOf(c, deps.now()),
        account: query(c, "account"),
        paging: pagingOf(c),
      }),
    ),
    ODSFE2_getAgentIncome: get("AGEINFO3", (c) =>
      agentIncome(deps.db, agentOf(c), {
        range: rangeOf(c, deps.now()),
        incomeType: codeQuery(c, "incomeType", INCOME_TYPES),
        paging: pagingOf(c),
      }),
    ),
    ODSFE2_getTeamTransactions: get("AGEINFO3", (c) =>
      teamTransactions(
        deps.db,
        merchantOf(c),
        agentOf(c),
        { range: rangeOf(c, deps.now()), account: query(c, "account"), txType: codeQuery(c, "txType", TEAM_TX_TYPES), paging: pagingOf(c) },
        c.get("lang"),
      ),
    ),
    MCS2_getAffiliateLinks: get("AGEDOWNMAN3", (c) => affiliateLinks(deps.db, merchantOf(c), agentOf(c))),
    MCS2_createAffiliateCode: {
      token: true,
      module: "AGEDOWNMAN3",
      methods: ["POST"],
      handle: async (c) => {
        agentOf(c);
        const body = await readJson(c, affiliateBody);
        return createAffiliateCode(deps.db, merchantOf(c), c.get("member"), body.requestId, body.accountType, deps.now());
      },
    },
  };
}

export function registerAgentRoutes(app: Hono<PlatformEnv>, deps: PlatformDeps): void {
  const session = sessionGuard(deps);

  // Decision 025: the flags of the four contract types; a non-agent gets all zeros.
  app.get("/wps/member/info/funds/consolidated", session, async (c) =>
    ok(c, await contractFlags(deps.db, c.get("merchant"), c.get("modules"), c.get("member"))),
  );

  // A switched-off module answers before the token is checked, as on the relay.
  const downlineModule = createMiddleware<PlatformEnv>(async (c, next) => {
    if (!c.get("modules").has("AGEDOWNMAN3")) throw new PlatformError("function.not.available", "function.not.available", 400);
    await next();
  });
  // PUT as decision 025 says; POST as the other passwordCheck/ calls are sent.
  app.on(["PUT", "POST"], "/wps/relay/passwordCheck/MCS2_registerDownline", downlineModule, session, async (c) => {
    const agent = c.get("member");
    requireAgent(agent);
    const body = await readEncrypted(c, deps, downlineBody);
    return ok(
      c,
      await registerDownline(accountContext(c, deps), agent, {
        requestId: body.requestId,
        accountType: body.accountType,
        username: body.username ?? "",
        password: body.password ?? "",
        confirmPassword: body.confirmPassword ?? "",
        nickname: body.nickname,
        mobileNum: body.mobileNum,
        countryDialingCode: body.countryDialingCode,
        email: body.email,
      }),
    );
  });
}
