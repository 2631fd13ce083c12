import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { moneyFormat } from "~/money/format.server";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { WithFigures } from "~/components/figure";
import { useTranslation } from "~/i18n/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { z } from "zod";
import { readFailed, requireMemberPage } from "~/accounts/guards.server";
import { useMessage } from "~/components/forms/field";
import { pageMeta } from "~/i18n/t.server";
import { claimRefusal, moneyAction } from "~/money/action.server";
import { formRequestId } from "~/money/pending.server";
import { REQUEST_ID } from "~/money/request-id.server";
import { redirectWithNotice } from "~/session.server";

// Cashback (manualRebate, when MANPLAYREB3 is on): the rebate each game type's valid bets earned
// since the last claim, and one button that claims it all into the main wallet.
export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireMemberPage(request, "manualRebate");
  const money = await moneyFormat(ctx);
  const rebate = await ctx.gateway.records.rebate().catch(readFailed(request));
  return {
    rows: (rebate.list ?? []).map((r) => ({ type: r.gameType ?? "", name: r.gameTypeName ?? r.gameType ?? "", validBet: money(r.validBet), rate: r.rate, amount: money(r.amount) })),
    total: money(rebate.totalAmount),
    canClaim: rebate.totalAmount >= (rebate.minClaim ?? 0) && rebate.totalAmount > 0,
    minClaim: money(rebate.minClaim ?? 0),
    requestId: formRequestId(ctx.session, request),
    meta: await pageMeta(request, "member.cashback"),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const { ctx, formData } = await moneyAction(request, "manualRebate");
  const requestId = z.string().regex(REQUEST_ID).safeParse(formData.get("requestId"));
  if (!requestId.success) return data({ error: "validation.formExpired" }, { status: 400 });
  try {
    await ctx.gateway.records.claimRebate(requestId.data);
  } catch (error) {
    return claimRefusal(request, formData, error);
  }
  return redirectWithNotice(ctx.session, "/member/cashback", "member.cashbackPage.claimed");
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => (d ? [{ title: d.meta.title }] : []);

export default function Cashback() {
  const d = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const { t } = useTranslation();
  const tr = useMessage();
  return (
    <section className="mt-4 space-y-3">
      <h1 className="text-xl font-bold">{t("member.cashback")}</h1>
      <ul className="divide-y divide-white/10 rounded-xl bg-panel text-sm" data-testid="rebates">
        {d.rows.map((r) => (
          <li key={r.type} className="flex items-center justify-between gap-2 px-3 py-2">
            <span><bdi>{r.name}</bdi><span className="block text-xs text-ink-dim"><WithFigures t={t} i18nKey="member.cashbackPage.line" values={{ rate: r.rate }} figures={{ bet: r.validBet }} /></span></span>
            <strong className="figure" dir="ltr">{r.amount}</strong>
          </li>
        ))}
      </ul>
      <p className="flex justify-between rounded-xl bg-panel px-3 py-2"><span>{t("member.cashbackPage.total")}</span><strong data-testid="rebate-total">{d.total}</strong></p>
      {answer?.error ? <p role="alert" className="rounded-md bg-bad/15 px-3 py-2 text-sm text-bad">{tr(answer.error)}</p> : null}
      <Form method="post">
        <AuthenticityTokenInput name="csrf" />
        <input type="hidden" name="requestId" value={d.requestId} />
        <button type="submit" className="btn-accent w-full" disabled={!d.canClaim || navigation.state !== "idle"}>{t("member.cashbackPage.claim")}</button>
      </Form>
      {!d.canClaim ? <p className="text-xs text-ink-dim">{t("member.cashbackPage.minimum", { min: d.minClaim })}</p> : null}
    </section>
  );
}
