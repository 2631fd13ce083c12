import { describe, expect, it } from "vitest";
import { AGENT_MENU, agentFlag, agentPageOpen, agentPath, DEFAULT_AGENT_PAGE, needsFlags, type AgentFlags } from "~/domain/agent-menu";
import { contractMoveSchema, contractOfferSchema, downlineSchema, downlineTransferSchema } from "~/domain/agent-forms";

const allOn = Object.fromEntries(AGENT_MENU.map((m) => [m.module, true]));
const flags = (over: Partial<AgentFlags> = {}): AgentFlags => ({
  dailysalreqtype: 1,
  divtypereq: 1,
  contracthoursalreq: 1,
  realtimesalreqtype: 1,
  ...over,
});

describe("agent centre menu", () => {
  it("has docs/SPEC.md point 2's twelve pages in its order, overview by default", () => {
    expect(AGENT_MENU.map((m) => m.page)).toEqual([
      "agentAnnouncement",
      "agentTeamOverview",
      "registerCenter",
      "downlineManagmentView",
      "personalHistoryCopy",
      "palStatementsAgentCopy",
      "agentRevenueReport",
      "agentDownlineTransactionDetailsCopy",
      "agentDividendRecordCopy2",
      "agentDailyWages2",
      "agentHourSalary",
      "agentRealtimeSalary",
    ]);
    expect(agentPath(DEFAULT_AGENT_PAGE)).toBe("/agent/overview");
    expect(new Set(AGENT_MENU.map((m) => m.path)).size).toBe(12);
  });

  it("shows each entry only with its module on", () => {
    for (const m of AGENT_MENU) {
      expect(agentPageOpen(m, allOn, flags()), m.page).toBe(true);
      expect(agentPageOpen(m, { ...allOn, [m.module]: false }, flags()), m.page).toBe(false);
    }
  });

  it("shows a contract entry only when its consolidated flag is on (dividend with divtypereq, and so on)", () => {
    const open = (page: string, f: AgentFlags | null) => agentPageOpen(AGENT_MENU.find((m) => m.page === page)!, allOn, f);
    expect(open("agentDividendRecordCopy2", flags({ divtypereq: 0 }))).toBe(false);
    expect(open("agentDailyWages2", flags({ divtypereq: 0 }))).toBe(true);
    expect(open("agentDailyWages2", flags({ dailysalreqtype: 0 }))).toBe(false);
    expect(open("agentHourSalary", flags({ contracthoursalreq: 0 }))).toBe(false);
    expect(open("agentRealtimeSalary", flags({ realtimesalreqtype: 0 }))).toBe(false);
    // 2: on, with a request waiting for this agent's answer.
    expect(open("agentRealtimeSalary", flags({ realtimesalreqtype: 2 }))).toBe(true);
    expect(agentFlag(flags({ contracthoursalreq: 2 }), "hourlySalary")).toBe(2);
    // Flags unread: contract pages closed, the others still open.
    expect(open("agentDailyWages2", null)).toBe(false);
    expect(open("agentTeamOverview", null)).toBe(true);
  });

  it("asks for the flags only when a contract module is on", () => {
    expect(needsFlags(allOn)).toBe(true);
    expect(needsFlags({ ...allOn, SIGNCONDIV3: false, DAILYSALCONT3: false, HOURSAL3: false, RTSALARY3: false })).toBe(false);
  });
});

describe("agent centre forms", () => {
  const id = "abcdefghijklmnop";
  it("a transfer needs a downline, a positive amount with two decimals at most, and a fresh request id", () => {
    expect(downlineTransferSchema.safeParse({ intent: "transfer", requestId: id, downlineId: "12", amount: "10.50" }).success).toBe(true);
    expect(downlineTransferSchema.safeParse({ intent: "transfer", requestId: id, downlineId: "12", amount: "1.234" }).success).toBe(false);
    expect(downlineTransferSchema.safeParse({ intent: "transfer", requestId: id, downlineId: "x", amount: "1" }).success).toBe(false);
    expect(downlineTransferSchema.safeParse({ intent: "transfer", requestId: "short", downlineId: "12", amount: "1" }).success).toBe(false);
  });

  it("an offer carries its type's terms: a rate from 0 to 100 with two decimals, a period for dividends", () => {
    const daily = contractOfferSchema("DAILY");
    const ok = daily.safeParse({
      intent: "offer",
      requestId: id,
      downlineId: "7",
      rate: "1.25",
      periodValidBet: "1000",
      activeMembers: "3",
    });
    expect(ok.success && ok.data).toMatchObject({ rate: 1.25, periodValidBet: 1000, activeMembers: 3 });
    expect(daily.safeParse({ intent: "offer", requestId: id, downlineId: "7", rate: "100.5" }).success).toBe(false);
    expect(daily.safeParse({ intent: "offer", requestId: id, downlineId: "7", rate: "1.255" }).success).toBe(false);
    expect(daily.safeParse({ intent: "offer", requestId: id, downlineId: "7", rate: "" }).success).toBe(false);
    // Optional amounts default to 0.
    const empty = daily.safeParse({ intent: "offer", requestId: id, downlineId: "7", rate: "2" });
    expect(empty.success && empty.data).toMatchObject({ periodValidBet: 0, activeMembers: 0 });
    const dividend = contractOfferSchema("DIVIDEND");
    expect(dividend.safeParse({ intent: "offer", requestId: id, downlineId: "7", rate: "20" }).success).toBe(false);
    expect(dividend.safeParse({ intent: "offer", requestId: id, downlineId: "7", rate: "20", period: "W" }).success).toBe(true);
    expect(dividend.safeParse({ intent: "offer", requestId: id, downlineId: "7", rate: "20", period: "Y" }).success).toBe(false);
  });

  it("a contract move is one of accept, reject, terminate and cancel", () => {
    for (const intent of ["accept", "reject", "terminate", "cancel"]) {
      expect(contractMoveSchema.safeParse({ intent, requestId: id, contractId: "5" }).success, intent).toBe(true);
    }
    expect(contractMoveSchema.safeParse({ intent: "delete", requestId: id, contractId: "5" }).success).toBe(false);
  });

  it("a downline account follows registration's rules for the user name and password", () => {
    const settings = [
      { field: "username", enabled: true, required: true, patternId: 1, acceptedPattern: "", minLength: 6, maxLength: 16 },
      { field: "password", enabled: true, required: true, patternId: 0, acceptedPattern: "*", minLength: 8, maxLength: 64 },
      { field: "email", enabled: true, required: true, patternId: 0, acceptedPattern: "*", minLength: 5, maxLength: 64 },
    ];
    const schema = downlineSchema(settings);
    const base = {
      intent: "register",
      requestId: id,
      accountType: "0",
      username: "player01",
      password: "Secret#123",
      confirmPassword: "Secret#123",
      email: "a@example.com",
    };
    expect(schema.safeParse(base).success).toBe(true);
    // Contact fields as registration asks for them.
    expect(schema.safeParse({ ...base, email: "" }).success).toBe(false);
    expect(schema.safeParse({ ...base, email: "new@example.com" }).success).toBe(true);
    expect(schema.safeParse({ ...base, username: "1player" }).success).toBe(false);
    expect(schema.safeParse({ ...base, password: "short" }).success).toBe(false);
    expect(schema.safeParse({ ...base, confirmPassword: "Other#123" }).success).toBe(false);
    expect(schema.safeParse({ ...base, accountType: "4" }).success).toBe(false);
  });
});
