import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { moneyFormat } from "~/money/format.server";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { z } from "zod";
import { readFailed, requireMemberPage } from "~/accounts/guards.server";
import { useMessage } from "~/components/forms/field";
import { pageMeta } from "~/i18n/t.server";
import { claimRefusal, moneyAction } from "~/money/action.server";
import { timeFormatter } from "~/money/records.server";
import { formRequestId } from "~/money/pending.server";
import { REQUEST_ID } from "~/money/request-id.server";
import { redirectWithNotice } from "~/session.server";

// Reward centre: the member's promotions with their status (join, claim, applying, rejected,
// issued, claimed, process, joined, signed, closed, coming soon), joined and claimed by forms, and
// the daily raffle.
export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireMemberPage(request, "rewardCenter");
  const money = await moneyFormat(ctx);
  const answer = await ctx.gateway.rewards.promotions().catch(readFailed(request));
  const when = timeFormatter(ctx.language);
  return {
    promotions: answer.list.map((p) => ({
      id: p.promotionId, title: p.title ?? "", description: p.description ?? "", status: p.status, statusName: p.statusName ?? p.status,
      bonus: p.bonusAmount ? money(p.bonusAmount) : "", ends: p.noExpiry ? "" : when(p.endDate),
      canJoin: p.canJoin === true, canClaim: p.canClaim === true,
    })),
    requestId: formRequestId(ctx.session, request),
    meta: await pageMeta(request, "member.rewardCenter"),
  };
}

const form = z.object({ intent: z.enum(["join", "claim", "raffle"]), requestId: z.string().regex(REQUEST_ID), promotionId: z.string().regex(/^[\w-]{1,40}$/).optional() });

export async function action({ request }: ActionFunctionArgs) {
  const { ctx, formData } = await moneyAction(request, "rewardCenter");
  const parsed = form.safeParse(Object.fromEntries(formData));
  if (!parsed.success) return data({ error: "validation.formExpired" }, { status: 400 });
  const { intent, requestId, promotionId } = parsed.data;
  const records = ctx.gateway.records;
  let notice = "member.rewards.claimed";
  try {
    if (intent === "raffle") {
      await records.claimRaffle(requestId);
      notice = "member.rewards.rafflePrize";
    } else if (!promotionId) {
      return data({ error: "validation.formExpired" }, { status: 400 });
    } else if (intent === "join") {
      await records.joinPromotion(requestId, promotionId);
      notice = "member.rewards.joined";
    } else {
      await records.claimPromotion(requestId, promotionId);
    }
  } catch (error) {
    return claimRefusal(request, formData, error);
  }
  return redirectWithNotice(ctx.session, "/member/reward-center", notice);
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => (d ? [{ title: d.meta.title }] : []);

export default function RewardCenter() {
  const d = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  const { t } = useTranslation();
  const tr = useMessage();
  const button = (intent: string, label: string, promotionId?: string) => (
    <Form method="post">
      <AuthenticityTokenInput name="csrf" />
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="requestId" value={d.requestId} />
      {promotionId ? <input type="hidden" name="promotionId" value={promotionId} /> : null}
      <button type="submit" className="btn-accent" disabled={busy}>{label}</button>
    </Form>
  );
  return (
    <section className="mt-4 space-y-3">
      <div className="flex items-center justify-between gap-2">
        <h1 className="text-xl font-bold">{t("member.rewardCenter")}</h1>
        {button("raffle", t("member.rewards.raffle"))}
      </div>
      {answer?.error ? <p role="alert" className="rounded-md bg-bad/15 px-3 py-2 text-sm text-bad">{tr(answer.error)}</p> : null}
      <ul className="space-y-2" data-testid="promotions">
        {d.promotions.map((p) => (
          <li key={p.id} className="rounded-xl bg-panel p-3 text-sm">
            <p className="flex justify-between gap-2"><Link to={`/promoDetail?id=${p.id}`} className="font-semibold underline-offset-2 hover:underline" dir="auto">{p.title}</Link><span className="shrink-0 text-xs text-accent" data-status={p.status}>{p.statusName}</span></p>
            {p.description ? <p className="mt-1 text-ink-dim">{p.description}</p> : null}
            <div className="mt-2 flex items-center justify-between gap-2">
              <span className="text-xs text-ink-dim">{p.bonus ? t("member.rewards.bonus", { amount: p.bonus }) : ""}{p.ends ? ` · ${t("member.rewards.ends", { at: p.ends })}` : ""}</span>
              {p.canJoin ? button("join", t("member.rewards.join"), p.id) : p.canClaim ? button("claim", t("member.rewards.claim"), p.id) : null}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
