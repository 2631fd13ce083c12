// The agent centre's menu (SPEC.md point 2, "Agent centre"): one table for the menu, paths and
// guards. Conditional entries depend on the platform's consolidated contract flags.

export type AgentFlag = "dividend" | "dailySalary" | "hourlySalary" | "realtimeSalary";

export type AgentPage = { page: string; labelKey: string; path: string; condition?: AgentFlag };

export const AGENT_MENU: readonly AgentPage[] = [
  { page: "agentAnnouncement", labelKey: "agent.announcement", path: "/agent/announcement" },
  { page: "agentTeamOverview", labelKey: "agent.overview", path: "/agent/overview" },
  { page: "registerCenter", labelKey: "agent.registerCenter", path: "/agent/register-center" },
  { page: "downlineManagmentView", labelKey: "agent.team", path: "/agent/team" },
  { page: "personalHistoryCopy", labelKey: "agent.teamBetting", path: "/agent/team-betting" },
  { page: "palStatementsAgentCopy", labelKey: "agent.profitLoss", path: "/agent/profit-loss" },
  { page: "agentRevenueReport", labelKey: "agent.income", path: "/agent/income" },
  { page: "agentDownlineTransactionDetailsCopy", labelKey: "agent.transactions", path: "/agent/transactions" },
  { page: "agentDividendRecordCopy2", labelKey: "agent.dividend", path: "/agent/dividend", condition: "dividend" },
  { page: "agentDailyWages2", labelKey: "agent.dailySalary", path: "/agent/daily-salary", condition: "dailySalary" },
  { page: "agentHourSalary", labelKey: "agent.hourlySalary", path: "/agent/hourly-salary", condition: "hourlySalary" },
  { page: "agentRealtimeSalary", labelKey: "agent.realtimeSalary", path: "/agent/realtime-salary", condition: "realtimeSalary" },
];

export const DEFAULT_AGENT_PAGE = "agentTeamOverview";

export function agentPath(page: string): string {
  return AGENT_MENU.find((m) => m.page === page)?.path ?? "/agent/overview";
}
