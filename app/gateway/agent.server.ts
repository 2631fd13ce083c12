import { z } from "zod";
import { call, callOnce, type GatewayContext, memberRelay } from "./client.server";
import { amount, id, label, maybeMoney, money, objectIn, pageOf, rowsOf, text, time } from "./wire.server";

// The agent centre's calls of decision 025: consolidated contract flags, team reports, the
// register centre, the four contract calls and the encrypted transfer to a downline (the member
// centre's cashier module sends the one to the upline).
// The only place in the app that knows these names and fields; everything is parsed tolerantly.

// Read tolerantly (decision 038): lists in any reading, rows we cannot read left out, figures as
// numbers or strings, ids of rows nothing links to optional.
const count = amount;

const paged = pageOf;

/** A flag is on when truthy: 1, 2, "1", true (decision 025; 2 = a request waits for my answer). */
const flag = z.unknown().transform((v) => {
  if (typeof v === "number") return v;
  if (typeof v === "boolean") return v ? 1 : 0;
  if (typeof v === "string" && /^\d+$/.test(v.trim())) return Number(v.trim());
  if (typeof v === "string") return v.trim() && !/^(false|off|n|no)$/i.test(v.trim()) ? 1 : 0;
  return 0;
});
const consolidated = z
  .object({ dailysalreqtype: flag, divtypereq: flag, contracthoursalreq: flag, realtimesalreqtype: flag })
  .passthrough();
export type ContractFlags = z.infer<typeof consolidated>;

const announcement = z.object({ id: id.nullish(), title: text, content: text, time }).passthrough();

const periodFigures = z
  .object({
    period: label,
    newMembers: count,
    activeMembers: count,
    depositAmount: count,
    depositCount: count,
    withdrawAmount: count,
    withdrawCount: count,
    validBet: count,
    profitLoss: count,
  })
  .passthrough();
const overview = z
  .object({ account: text, balance: count, teamSize: count, directMembers: count, subAgents: count, periods: rowsOf(periodFigures) })
  .passthrough();

const downline = z
  .object({
    customerId: id,
    account: label,
    nickname: text,
    type: money,
    level: count,
    directCount: count,
    balance: count,
    lastLoginTime: time,
    registerTime: time,
    status: text,
  })
  .passthrough();
const downlinePage = z
  .preprocess(
    (v) => ({ page: v, breadcrumb: objectIn(v).breadcrumb }),
    z.object({ page: pageOf(downline, z.unknown()), breadcrumb: rowsOf(z.object({ customerId: id, account: label }).passthrough()) }),
  )
  .transform((v) => ({ list: v.page.list, total: v.page.total, totalPages: v.page.totalPages, breadcrumb: v.breadcrumb }));
export type Downline = z.infer<typeof downline>;

const teamBet = z
  .object({
    betId: id.nullish(),
    account: text,
    gameName: text,
    gameType: text,
    vendor: text,
    stake: count,
    win: count,
    profit: maybeMoney,
    time,
  })
  .passthrough();
const betSummary = z.object({ count: count, stake: count, win: count, profit: count }).passthrough();

const profitRow = z
  .object({
    customerId: id.nullish(),
    account: text,
    type: maybeMoney,
    level: count,
    depositAmount: count,
    withdrawAmount: count,
    validBet: count,
    win: count,
    profitLoss: count,
    bonus: count,
  })
  .passthrough();
const profitSummary = z
  .object({ depositAmount: count, withdrawAmount: count, validBet: count, win: count, profitLoss: count, bonus: count })
  .passthrough();

const income = z
  .object({ id: id.nullish(), incomeType: label, amount: count, periodStart: time, periodEnd: time, contractId: text, time })
  .passthrough();
const incomeSummary = z
  .object({ commission: count, dividend: count, dailySalary: count, hourlySalary: count, realtimeSalary: count, total: count })
  .passthrough();

const teamTransaction = z
  .object({ id: id.nullish(), account: text, txType: label, txTypeName: text, amount: count, status: text, time })
  .passthrough();

const affiliateLink = z.object({ code: z.string(), accountType: count, registrations: count, createdAt: time }).passthrough();

export const CONTRACT_TYPES = ["DIVIDEND", "DAILY", "HOURLY", "REALTIME"] as const;
export type ContractType = (typeof CONTRACT_TYPES)[number];
export type ContractAction = "PREVIEW" | "OFFER" | "ACCEPT" | "REJECT" | "TERMINATE" | "CANCEL";

const terms = z
  .object({
    rate: maybeMoney,
    period: text,
    periodValidBet: maybeMoney,
    periodProfitLoss: maybeMoney,
    activeMembers: maybeMoney,
    betAmount: maybeMoney,
    winRate: maybeMoney,
    lossRate: maybeMoney,
    singleBetSalary: maybeMoney,
  })
  .passthrough();
export type ContractTerms = z.infer<typeof terms>;
const contract = z
  .object({
    contractId: id,
    contractType: z.string(),
    uplineId: text,
    uplineAccount: text,
    downlineId: text,
    downlineAccount: text,
    status: z.string(),
    request: text,
    requestBy: text,
    terms: terms.nullish(),
    createdAt: time,
    acceptedAt: time,
    finishedAt: time,
    lastSettledAt: time,
  })
  .passthrough();
export type Contract = z.infer<typeof contract>;
const settlement = z
  .object({
    contractId: text,
    periodStart: time,
    periodEnd: time,
    validBet: count,
    profitLoss: count,
    activeMembers: count,
    amount: count,
    time,
  })
  .passthrough();
const contractList = z
  .preprocess(
    (v) => ({ page: v, pending: objectIn(v).pending, settlements: objectIn(v).settlements }),
    z.object({ page: pageOf(contract, z.unknown()), pending: count, settlements: rowsOf(settlement) }),
  )
  .transform((v) => ({
    list: v.page.list,
    total: v.page.total,
    totalPages: v.page.totalPages,
    pending: v.pending,
    settlements: v.settlements,
  }));
const preview = z.preprocess(
  (v) => (Array.isArray(v) ? v : objectIn(v).affected),
  rowsOf(z.object({ contractId: text, account: text, rate: maybeMoney }).passthrough()),
);

/** The contract call of each type and the module it carries (decision 025). */
export const CONTRACT_CALLS: Record<ContractType, { relay: string; module: string }> = {
  DIVIDEND: { relay: "MCS2_processDividendReq", module: "SIGNCONDIV3" },
  DAILY: { relay: "MCS2_processDailySalContract", module: "DAILYSALCONT3" },
  HOURLY: { relay: "MCS2_processContractHourSalary", module: "HOURSAL3" },
  REALTIME: { relay: "MCSFE_processRealTimeSalaryContract", module: "RTSALARY3" },
};

export type Period = { dateFrom: string; dateTo: string };
export type Paging = { pageNo: number; pageSize: number };

export function agentApi(ctx: GatewayContext) {
  const { get, post } = memberRelay(ctx);
  return {
    contractFlags: () => call(ctx, { method: "GET", path: "/wps/member/info/funds/consolidated", auth: "required", schema: consolidated }),
    announcements: (p: Paging) => get("MCS2_getAgentAnnouncements", p, paged(announcement, z.unknown()), "AGEANNOUNCE3"),
    overview: () => get("ODSFE2_getTeamOverview", {}, overview, "AGEINFO3"),
    downlines: (q: Paging & { parentId?: string; keyword?: string; level?: number; sort?: string; order?: string }) =>
      get("MCS2_getDownlineList", q, downlinePage, "AGEDOWNMAN3"),
    teamBets: (q: Paging & Period & { account?: string }) => get("ODSFE2_getTeamBetRecords", q, paged(teamBet, betSummary), "PERSPNL3"),
    teamProfitLoss: (q: Paging & Period & { account?: string }) =>
      get("ODSFE2_getTeamProfitLoss", q, paged(profitRow, profitSummary), "PERSPNL3"),
    income: (q: Paging & Period & { incomeType?: string }) => get("ODSFE2_getAgentIncome", q, paged(income, incomeSummary), "AGEINFO3"),
    teamTransactions: (q: Paging & Period & { account?: string; txType?: string }) =>
      get("ODSFE2_getTeamTransactions", q, paged(teamTransaction, z.unknown()), "AGEINFO3"),
    affiliateLinks: () => get("MCS2_getAffiliateLinks", {}, rowsOf(affiliateLink), "AGEDOWNMAN3"),
    createAffiliateCode: (body: { requestId: string; accountType: number }) =>
      post("MCS2_createAffiliateCode", body, z.object({ code: z.string() }).passthrough(), "AGEDOWNMAN3"),
    registerDownline: (body: {
      requestId: string;
      accountType: 0 | 1;
      username: string;
      password: string;
      confirmPassword: string;
      nickname?: string;
      mobileNum?: string;
      countryDialingCode?: string;
      email?: string;
    }) =>
      callOnce(ctx, {
        method: "PUT",
        path: "/wps/relay/passwordCheck/MCS2_registerDownline",
        body,
        encrypted: true,
        auth: "required",
        moduleId: "AGEDOWNMAN3",
        schema: z.object({ customerId: id, account: z.string(), accountType: money.nullish() }).passthrough(),
      }),
    contracts: (type: ContractType, q: Paging & { role?: "mine" | "team" }) =>
      get(CONTRACT_CALLS[type].relay, q, contractList, CONTRACT_CALLS[type].module),
    contractAct: (
      type: ContractType,
      body: {
        requestId: string;
        action: Exclude<ContractAction, "PREVIEW">;
        contractId?: string;
        downlineId?: string;
        terms?: Record<string, unknown>;
        confirm?: boolean;
      },
    ) => post(CONTRACT_CALLS[type].relay, body, contract, CONTRACT_CALLS[type].module),
    /** The downline's own contracts an offer with these terms would end (decision 025's lower rule). */
    contractPreview: (type: ContractType, body: { requestId: string; downlineId: string; terms: Record<string, unknown> }) =>
      post(CONTRACT_CALLS[type].relay, { ...body, action: "PREVIEW" }, preview, CONTRACT_CALLS[type].module),
    transferToDownline: (body: { requestId: string; downlineId: string; amount: number; password: string }) =>
      callOnce(ctx, {
        method: "POST",
        path: "/wps/relay/passwordCheck/MCS2_transferToDownline",
        body,
        encrypted: true,
        auth: "required",
        moduleId: "FUNDTRANS3",
        schema: z.object({ amount: money, balance: money.nullish() }).passthrough(),
      }),
  };
}
