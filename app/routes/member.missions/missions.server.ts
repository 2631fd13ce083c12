import { data } from "@remix-run/node";
import { moneyFormat } from "~/money/format.server";
import { z } from "zod";
import { blockFailed, readFailed, requireMemberPage } from "~/accounts/guards.server";
import { pageMeta } from "~/i18n/t.server";
import { claimRefusal, moneyAction } from "~/money/action.server";
import { formRequestId } from "~/money/pending.server";
import { REQUEST_ID } from "~/money/request-id.server";
import { redirectWithNotice } from "~/session.server";

// Mission activity: missions with their progress and reward (claimed by a form), and this
// month's leaderboard.
export async function missionsLoader(request: Request) {
  const ctx = await requireMemberPage(request, "missionLeaderboard");
  const money = await moneyFormat(ctx);
  const [missions, board] = await Promise.all([
    ctx.gateway.records.missions(),
    ctx.gateway.records.leaderboard(10).catch(blockFailed(request)),
  ]).catch(readFailed(request));
  const amount = (metric: string | null | undefined, n: number) => (metric === "BET_COUNT" ? String(n) : money(n));
  return {
    missions: (missions.list ?? []).map((m) => ({
      id: m.missionId,
      title: m.title ?? "",
      description: m.description ?? "",
      status: m.status,
      progress: amount(m.metric, m.progress),
      target: amount(m.metric, m.target),
      percent: m.target > 0 ? Math.min(100, (m.progress / m.target) * 100) : 0,
      reward: money(m.reward),
    })),
    leadersUnavailable: board === null,
    leaders: (board?.list ?? []).map((l) => ({
      rank: l.rank,
      name: l.customerName ?? "",
      turnover: money(l.turnover),
      me: l.isMe === true,
    })),
    requestId: formRequestId(ctx.session, request),
    meta: await pageMeta(request, "member.missions"),
  };
}

const form = z.object({ requestId: z.string().regex(REQUEST_ID), missionId: z.string().regex(/^[\w-]{1,40}$/) });

export async function missionsAction(request: Request) {
  const { ctx, formData } = await moneyAction(request, "missionLeaderboard");
  const parsed = form.safeParse(Object.fromEntries(formData));
  if (!parsed.success) return data({ error: "validation.formExpired" }, { status: 400 });
  try {
    await ctx.gateway.records.claimMission(parsed.data.requestId, parsed.data.missionId);
  } catch (error) {
    return claimRefusal(request, formData, error);
  }
  return redirectWithNotice(ctx.session, "/member/missions", "member.rewards.claimed");
}
