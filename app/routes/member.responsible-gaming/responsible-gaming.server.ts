import { env } from "~/env.server";
import { liveLoginEnded } from "~/live/live.server";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { moneyFormat } from "~/money/format.server";
import { data } from "@remix-run/node";
import { readFailed, requireMemberPage } from "~/accounts/guards.server";
import { parseAmount } from "~/domain/money";
import { limitSchema, realityCheckSchema, selfExcludeSchema } from "~/domain/money-forms";
import { pageMeta } from "~/i18n/t.server";
import { moneyAction, moneyRefusal } from "~/money/action.server";
import { timeFormatter } from "~/money/records.server";
import { formRequestId } from "~/money/pending.server";
import { redirectWithNotice } from "~/session.server";

// Responsible gaming: deposit, loss and session-time limits per day, week and month (the platform
// applies a decrease at once and an increase after 24 hours), a reality-check reminder, and
// self-exclusion, after which the platform refuses to log the member in until it ends.

export async function responsibleGamingLoader(request: Request) {
  const ctx = await requireMemberPage(request, "responsibleGaming");
  const money = await moneyFormat(ctx);
  const rg = await ctx.gateway.player.responsibleGaming().catch(readFailed(request));
  const when = timeFormatter(ctx.language);
  const show = (type: string, n: number | null | undefined) => (n == null ? null : type === "SESSION" ? String(n) : money(n));
  return {
    limits: (rg.limits ?? []).map((l) => ({
      type: l.type,
      period: l.period,
      amount: show(l.type, l.amount),
      used: show(l.type, l.used ?? 0),
      remaining: show(l.type, l.remaining),
      pending: l.pendingFrom ? { amount: show(l.type, l.pendingAmount), at: when(l.pendingFrom) } : null,
    })),
    realityCheck: rg.realityCheckMinutes ?? 0,
    excludedUntil: rg.selfExclusionUntil ? when(rg.selfExclusionUntil) : null,
    requestId: formRequestId(ctx.session, request, "limit"),
    excludeRequestId: formRequestId(ctx.session, request, "exclude"),
    constraints: { limit: getZodConstraint(limitSchema), exclude: getZodConstraint(selfExcludeSchema) },
    meta: await pageMeta(request, "member.responsibleGaming"),
  };
}

export async function responsibleGamingAction(request: Request) {
  const { ctx, formData } = await moneyAction(request, "responsibleGaming");
  const intent = formData.get("intent");
  const player = ctx.gateway.player;
  const back = async (notice: string) => {
    return redirectWithNotice(ctx.session, "/member/responsible-gaming", notice);
  };

  if (intent === "reality") {
    const submission = parseWithZod(formData, { schema: realityCheckSchema });
    if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
    try {
      await player.setRealityCheck(submission.value.minutes);
    } catch (error) {
      return moneyRefusal(request, (o) => submission.reply(o), error);
    }
    // Reminders count from this session's start, kept from the login (else from now).
    const minutes = submission.value.minutes;
    const current = ctx.session.get("realityCheck");
    if (minutes > 0) ctx.session.set("realityCheck", { minutes, startedAt: current?.startedAt ?? Date.now(), lastShownAt: Date.now() });
    else ctx.session.unset("realityCheck");
    return back("member.rg.realitySaved");
  }

  if (intent === "exclude") {
    const submission = parseWithZod(formData, { schema: selfExcludeSchema });
    const hide = { hideFields: ["password"] };
    if (submission.status !== "success") return data({ result: submission.reply(hide) }, { status: 400 });
    try {
      await player.selfExclude({ requestId: submission.value.requestId, days: submission.value.days, password: submission.value.password });
    } catch (error) {
      return moneyRefusal(request, (o) => submission.reply({ ...o, ...hide }), error);
    }
    // The platform has ended every session: the player leaves, told until when, on the home page,
    // and every page of theirs still open (another browser, another tab) is told at once.
    await liveLoginEnded(env().MERCHANT_CODE, ctx.session.get("userName"), null, "excluded");
    for (const key of ["token", "accountType", "userName", "rankLevel", "game"] as const) ctx.session.unset(key);
    return redirectWithNotice(ctx.session, "/", "member.rg.excluded");
  }

  const submission = parseWithZod(formData, { schema: limitSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const { requestId, type, period, amount } = submission.value;
  let answer: Awaited<ReturnType<typeof player.setLimit>>;
  try {
    answer = await player.setLimit({
      requestId,
      type,
      period,
      amount: amount ? (type === "SESSION" ? Number(amount) : (parseAmount(amount) ?? null)) : null,
    });
  } catch (error) {
    return moneyRefusal(request, (o) => submission.reply(o), error);
  }
  return back(answer?.pendingFrom ? "member.rg.limitPending" : "member.rg.limitSaved");
}
