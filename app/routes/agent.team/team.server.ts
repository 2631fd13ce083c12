import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { data } from "@remix-run/node";
import { readFailed, requireAgentPage } from "~/accounts/guards.server";
import { agentAction } from "~/agent/action.server";
import { PlatformError } from "~/gateway/index.server";
import { downlineTransferSchema } from "~/domain/agent-forms";
import { withdrawPasswordRequired } from "~/domain/modules";
import { pageMeta } from "~/i18n/t.server";
import { moneyFormat } from "~/money/format.server";
import { moneyRefusal } from "~/money/action.server";
import { RECORDS_PAGE_SIZE, recordsQuery, timeFormatter } from "~/money/records.server";
import { formRequestId, pendingView } from "~/money/pending.server";
import { redirectWithNotice } from "~/session.server";

// Team management (downlineManagmentView): the downlines under the agent or under one of its team
// (parent=), searched, filtered by level, sorted and paged, all in the URL; drill down a level and
// back up by the breadcrumbs. A direct downline can be sent money (transfer=<id> opens the form).
const SORTS = ["registerTime", "lastLoginTime", "balance", "account"] as const;
const LEVELS = ["1", "2", "3", "4", "5", "0"] as const;
const ID = /^\d{1,15}$/;

function teamQuery(params: URLSearchParams) {
  const pick = <T extends string>(value: string | null, allowed: readonly T[], fallback: T): T =>
    allowed.includes(value as T) ? (value as T) : fallback;
  const keyword = (params.get("q") ?? "")
    .replace(/[\u0000-\u001f]/g, "")
    .trim()
    .slice(0, 32);
  return {
    parentId: ID.test(params.get("parent") ?? "") ? params.get("parent")! : undefined,
    keyword,
    level: pick(params.get("level"), LEVELS, keyword ? "0" : "1"),
    sort: pick(params.get("sort"), SORTS, "registerTime"),
    order: pick(params.get("order"), ["desc", "asc"] as const, "desc"),
    transfer: ID.test(params.get("transfer") ?? "") ? params.get("transfer")! : undefined,
  };
}

export async function teamLoader(request: Request) {
  const ctx = await requireAgentPage(request, "downlineManagmentView");
  const { page, params } = recordsQuery(request);
  const q = teamQuery(params);
  const [answer, money] = await Promise.all([
    ctx.gateway.agent
      .downlines({
        pageNo: page,
        pageSize: RECORDS_PAGE_SIZE,
        parentId: q.parentId,
        keyword: q.keyword || undefined,
        level: Number(q.level),
        sort: q.sort,
        order: q.order,
      })
      .catch((error: unknown) => {
        // A parent outside the agent's team (or no account at all) is a page that does not exist, not an outage.
        if (q.parentId && error instanceof PlatformError && error.errorCode === "downline.not.found")
          throw new Response(null, { status: 404 });
        return readFailed(request)(error);
      }),
    moneyFormat(ctx),
  ]);
  const when = timeFormatter(ctx.language);
  const rows = answer.list.map((r) => ({
    id: r.customerId,
    account: r.account,
    nickname: r.nickname ?? "",
    agent: [1, 2, 41, 42].includes(r.type),
    level: r.level,
    hasTeam: r.directCount > 0,
    directCount: r.directCount,
    balance: money(r.balance),
    lastLogin: when(r.lastLoginTime),
    registered: when(r.registerTime),
    frozen: r.status === "FROZEN",
  }));
  const target = q.transfer ? rows.find((r) => r.id === q.transfer && r.level === 1) : undefined;
  return {
    q,
    page,
    totalPages: answer.totalPages,
    total: answer.total,
    breadcrumb: answer.breadcrumb.map((b) => ({ id: b.customerId, account: b.account })),
    rows,
    transfer: target
      ? {
          id: target.id,
          account: target.account,
          requestId: formRequestId(ctx.session, request, "transfer"),
          pending: pendingView(ctx.session, request, "transfer"),
          passwordRequired: withdrawPasswordRequired(ctx.status.modules),
        }
      : null,
    constraint: getZodConstraint(downlineTransferSchema),
    meta: await pageMeta(request, "agent.team"),
  };
}

export async function teamAction(request: Request) {
  const { ctx, formData } = await agentAction(request, "downlineManagmentView");
  const submission = parseWithZod(formData, { schema: downlineTransferSchema });
  if (submission.status !== "success") return data({ result: submission.reply({ hideFields: ["password"] }) }, { status: 400 });
  const v = submission.value;
  try {
    await ctx.gateway.agent.transferToDownline({
      requestId: v.requestId,
      downlineId: v.downlineId,
      amount: v.amount,
      password: v.password ?? "",
    });
  } catch (error) {
    return moneyRefusal(request, (o) => submission.reply({ ...o, hideFields: ["password"] }), error);
  }
  // Back to the list the form was opened from, without the form.
  const back = new URL(request.url);
  back.searchParams.delete("transfer");
  return redirectWithNotice(ctx.session, back.pathname + back.search, "agent.transfer.sent");
}
