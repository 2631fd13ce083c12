import { parseWithZod } from "@conform-to/zod";
import { getZodConstraint } from "@conform-to/zod";
import { data } from "@remix-run/node";
import type { AccountActionData, AccountAnswer } from "~/accounts/action-data";
import { readFailed, requireAgentPage } from "~/accounts/guards.server";
import { agentAction } from "~/agent/action.server";
import { CONTRACT_PAGES, CONTRACT_TERMS, type ContractKind, contractMoveSchema, contractOfferSchema } from "~/domain/agent-forms";
import { errorMessage } from "~/domain/errors";
import type { Contract } from "~/gateway/agent.server";
import { PlatformError } from "~/gateway/index.server";
import { pageMeta } from "~/i18n/t.server";
import { moneyFormat } from "~/money/format.server";
import { moneyRefusal } from "~/money/action.server";
import { periodFormatter } from "~/i18n/format.server";
import { timeFormatter } from "~/money/records.server";
import { newRequestId } from "~/money/request-id.server";
import { formRequestId } from "~/money/pending.server";
import { redirectWithNotice } from "~/session.server";

// One page per contract type (dividend, daily, hourly and real-time salary; docs/SPEC.md points 3 and 4):
// what my upline offers me and what I offered my sub-agents, the answers each side may give, an
// offer form for a direct sub-agent, and the latest settlements paid.

const LABELS: Record<ContractKind, string> = {
  DIVIDEND: "agent.dividend",
  DAILY: "agent.dailySalary",
  HOURLY: "agent.hourlySalary",
  REALTIME: "agent.realtimeSalary",
};

/** What a party may do now (decision 025): the side that did not make the open request answers it. */
function movesFor(c: Contract, side: "UPLINE" | "DOWNLINE"): ("accept" | "reject" | "terminate" | "cancel")[] {
  if (c.request && c.requestBy !== side) return ["accept", "reject"];
  if (c.request && c.requestBy === side) return ["cancel"];
  if (c.status === "ACCEPTED") return ["terminate"];
  return [];
}

export async function contractsLoader(request: Request, type: ContractKind) {
  const ctx = await requireAgentPage(request, CONTRACT_PAGES[type].page);
  const agent = ctx.gateway.agent;
  const [mine, team, direct, money] = await Promise.all([
    agent.contracts(type, { pageNo: 1, pageSize: 20, role: "mine" }),
    agent.contracts(type, { pageNo: 1, pageSize: 50, role: "team" }),
    agent.downlines({ pageNo: 1, pageSize: 100, level: 1, sort: "account", order: "asc" }).catch(() => null),
    moneyFormat(ctx),
  ]).catch(readFailed(request));
  const when = timeFormatter(ctx.language);
  const period = periodFormatter(ctx.language);
  const view = (c: Contract, side: "UPLINE" | "DOWNLINE") => ({
    id: c.contractId,
    status: c.status,
    request: c.request ?? null,
    requestBy: c.requestBy ?? null,
    other: side === "UPLINE" ? (c.downlineAccount ?? "") : (c.uplineAccount ?? ""),
    terms: CONTRACT_TERMS[type].map((term) => {
      const value = c.terms?.[term];
      const shown =
        value == null
          ? ""
          : term === "period"
            ? String(value)
            : /rate/i.test(term) || term === "activeMembers"
              ? String(value)
              : money(Number(value));
      return { term, value: shown };
    }),
    created: when(c.createdAt),
    accepted: when(c.acceptedAt),
    finished: when(c.finishedAt),
    moves: movesFor(c, side),
  });
  const settlements = [...mine.settlements, ...team.settlements]
    .sort((a, b) => Number(b.time ?? 0) - Number(a.time ?? 0))
    .slice(0, 20)
    .map((s, i) => ({
      key: `${s.contractId}-${s.periodStart}-${i}`,
      contractId: s.contractId ?? "",
      period: period(s.periodStart, s.periodEnd),
      validBet: money(s.validBet),
      amount: money(s.amount),
      activeMembers: s.activeMembers,
    }));
  return {
    type,
    labelKey: LABELS[type],
    terms: CONTRACT_TERMS[type],
    mine: mine.list.map((c) => view(c, "DOWNLINE")),
    team: team.list.map((c) => view(c, "UPLINE")),
    subAgents: (direct?.list ?? []).filter((r) => [1, 2, 41, 42].includes(r.type)).map((r) => ({ id: r.customerId, account: r.account })),
    settlements,
    requestId: formRequestId(ctx.session, request),
    constraint: getZodConstraint(contractOfferSchema(type)),
    meta: await pageMeta(request, LABELS[type]),
  };
}

export async function contractsAction(
  request: Request,
  type: ContractKind,
): Promise<AccountAnswer<AccountActionData & { affected?: { account: string; rate: number | null }[]; confirmNeeded?: boolean }>> {
  const { ctx, formData } = await agentAction(request, CONTRACT_PAGES[type].page);
  const intent = formData.get("intent");
  const agent = ctx.gateway.agent;
  if (intent === "preview" || intent === "offer") {
    const submission = parseWithZod(formData, { schema: contractOfferSchema(type) });
    if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
    const {
      intent: _i,
      requestId,
      downlineId,
      confirm,
      ...terms
    } = submission.value as Record<string, unknown> & { requestId: string; downlineId: string; confirm?: string };
    try {
      if (intent === "offer") {
        await agent.contractAct(type, { requestId, action: "OFFER", downlineId, terms, confirm: confirm === "on" });
        return redirectWithNotice(ctx.session, CONTRACT_PAGES[type].path, "agent.contract.offered");
      }
    } catch (error) {
      // The offer ends contracts below: show whom, and ask again with the box to tick.
      if (!(error instanceof PlatformError && error.errorCode === "contract.confirm.required")) {
        return moneyRefusal(request, (o) => submission.reply(o), error);
      }
    }
    try {
      const affected = ((await agent.contractPreview(type, { requestId: newRequestId(), downlineId, terms })) ?? []).map((a) => ({
        account: a.account ?? "",
        rate: a.rate ?? null,
      }));
      return data({ result: submission.reply(), affected, confirmNeeded: affected.length > 0 });
    } catch (error) {
      return moneyRefusal(request, (o) => submission.reply(o), error);
    }
  }
  const submission = parseWithZod(formData, { schema: contractMoveSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const { intent: move, requestId, contractId } = submission.value;
  try {
    await agent.contractAct(type, { requestId, action: move.toUpperCase() as "ACCEPT", contractId });
  } catch (error) {
    if (error instanceof PlatformError) {
      return redirectWithNotice(ctx.session, CONTRACT_PAGES[type].path, errorMessage(error.errorCode, error.message), "error");
    }
    return moneyRefusal(request, (o) => submission.reply(o), error);
  }
  return redirectWithNotice(ctx.session, CONTRACT_PAGES[type].path, `agent.contract.moved.${move}`);
}
