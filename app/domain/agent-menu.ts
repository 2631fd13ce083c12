// The agent centre's menu (docs/SPEC.md point 2, "Agent centre"): one table for the menu, paths and
// guards. Each entry needs its whitelabel module (decision 025); the contract entries also need
// their consolidated contract flag (GET /wps/member/info/funds/consolidated).

import { moduleOn } from "./modules";

export type AgentFlag = "dividend" | "dailySalary" | "hourlySalary" | "realtimeSalary";

export type AgentPage = { page: string; labelKey: string; path: string; module: string; condition?: AgentFlag };

const MENU = [
  { page: "agentAnnouncement", labelKey: "agent.announcement", path: "/agent/announcement", module: "AGEANNOUNCE3" },
  { page: "agentTeamOverview", labelKey: "agent.overview", path: "/agent/overview", module: "AGEINFO3" },
  { page: "registerCenter", labelKey: "agent.registerCenter", path: "/agent/register-center", module: "AGEDOWNMAN3" },
  { page: "downlineManagmentView", labelKey: "agent.team", path: "/agent/team", module: "AGEDOWNMAN3" },
  { page: "personalHistoryCopy", labelKey: "agent.teamBetting", path: "/agent/team-betting", module: "PERSPNL3" },
  { page: "palStatementsAgentCopy", labelKey: "agent.profitLoss", path: "/agent/profit-loss", module: "PERSPNL3" },
  { page: "agentRevenueReport", labelKey: "agent.income", path: "/agent/income", module: "AGEINFO3" },
  { page: "agentDownlineTransactionDetailsCopy", labelKey: "agent.transactions", path: "/agent/transactions", module: "AGEINFO3" },
  { page: "agentDividendRecordCopy2", labelKey: "agent.dividend", path: "/agent/dividend", module: "SIGNCONDIV3", condition: "dividend" },
  {
    page: "agentDailyWages2",
    labelKey: "agent.dailySalary",
    path: "/agent/daily-salary",
    module: "DAILYSALCONT3",
    condition: "dailySalary",
  },
  { page: "agentHourSalary", labelKey: "agent.hourlySalary", path: "/agent/hourly-salary", module: "HOURSAL3", condition: "hourlySalary" },
  {
    page: "agentRealtimeSalary",
    labelKey: "agent.realtimeSalary",
    path: "/agent/realtime-salary",
    module: "RTSALARY3",
    condition: "realtimeSalary",
  },
] as const satisfies readonly AgentPage[];

export const AGENT_MENU: readonly AgentPage[] = MENU;
/** A page key of the table: a guard given one cannot miss its entry. */
export type AgentPageKey = (typeof MENU)[number]["page"];

/** The consolidated flags as numbers: 0 off, 1 on, 2 on with a request waiting for my answer. */
export type AgentFlags = { dailysalreqtype: number; divtypereq: number; contracthoursalreq: number; realtimesalreqtype: number };

const FLAG_FIELD: Record<AgentFlag, keyof AgentFlags> = {
  dividend: "divtypereq",
  dailySalary: "dailysalreqtype",
  hourlySalary: "contracthoursalreq",
  realtimeSalary: "realtimesalreqtype",
};

/** The flag value of a conditional entry (0 when the flags could not be read). */
export function agentFlag(flags: AgentFlags | null, condition: AgentFlag): number {
  return flags ? flags[FLAG_FIELD[condition]] : 0;
}

/** Whether an entry is there for this agent: its module on and, for a contract page, its flag on. */
export function agentPageOpen(entry: AgentPage, modules: Record<string, boolean>, flags: AgentFlags | null): boolean {
  if (!moduleOn(modules, entry.module)) return false;
  return entry.condition ? agentFlag(flags, entry.condition) > 0 : true;
}

/** Whether any open entry needs the flags: then, and only then, they are asked for. */
export function needsFlags(modules: Record<string, boolean>): boolean {
  return AGENT_MENU.some((m) => m.condition && moduleOn(modules, m.module));
}

export const DEFAULT_AGENT_PAGE = "agentTeamOverview";

export function agentPath(page: string): string {
  return AGENT_MENU.find((m) => m.page === page)?.path ?? "/agent/overview";
}
