import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useLoaderData, useNavigation } from "@remix-run/react";
import { getFormProps } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod";
import { useTranslation } from "~/i18n/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { readFailed, requireMemberPage } from "~/accounts/guards.server";
import { Field, FormError } from "~/components/forms/field";
import { useRouteForm } from "~/components/forms/use-route-form";
import { uplineTransferSchema } from "~/domain/money-forms";
import { pageMeta } from "~/i18n/t.server";
import { moneyAction, moneyRefusal } from "~/money/action.server";
import { formRequestId, pendingView } from "~/money/pending.server";
import { redirectWithNotice } from "~/session.server";

// Transfer to upline (docs/SPEC.md point 6): members whose account has an upline send money from the main
// wallet to the upline's, confirmed with the withdraw password.
export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireMemberPage(request, "transferUpline");
  const info = await ctx.gateway.cashier.uplineInfo().catch(readFailed(request));
  return { hasUpline: info.hasUpline, upline: info.uplineName ?? "", passwordRequired: info.passwordRequired !== false, requestId: formRequestId(ctx.session, request), pending: pendingView(ctx.session, request), constraint: getZodConstraint(uplineTransferSchema), meta: await pageMeta(request, "member.transferUpline") };
}

export async function action({ request }: ActionFunctionArgs) {
  const { ctx, formData } = await moneyAction(request, "transferUpline");
  const submission = parseWithZod(formData, { schema: uplineTransferSchema });
  if (submission.status !== "success") return data({ result: submission.reply({ hideFields: ["password"] }) }, { status: 400 });
  try {
    await ctx.gateway.cashier.transferToUpline({ requestId: submission.value.requestId, amount: submission.value.amount, password: submission.value.password ?? "" });
  } catch (error) {
    return moneyRefusal(request, (o) => submission.reply({ ...o, hideFields: ["password"] }), error);
  }
  return redirectWithNotice(ctx.session, "/member/transfer-upline", "member.upline.sent");
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => (d ? [{ title: d.meta.title }] : []);

export default function TransferUpline() {
  const d = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const { t } = useTranslation();
  const [form, fields, events] = useRouteForm({
    id: "upline-transfer",
    defaultValue: d.pending ? { amount: d.pending.fields.amount } : undefined,
    constraint: d.constraint,
    schema: () => import("~/domain/money-forms").then((m) => m.uplineTransferSchema),
    shouldRevalidate: "onSubmit",
  });
  if (!d.hasUpline) return <section className="mt-4"><h1 className="text-xl font-bold">{t("member.transferUpline")}</h1><p className="mt-2 text-ink-dim">{t("member.upline.none")}</p></section>;
  return (
    <section className="mt-4 space-y-3">
      <h1 className="text-xl font-bold">{t("member.transferUpline")}</h1>
      <Form method="post" className="space-y-3 rounded-xl bg-panel p-3" {...getFormProps(form)} {...events}>
        <p className="text-sm">{t("member.upline.to", { name: d.upline })}</p>
        <AuthenticityTokenInput name="csrf" />
        <input type="hidden" name="requestId" value={d.requestId} />
        <FormError id={form.errorId} errors={form.errors} pending={d.pending} />
        <Field meta={fields.amount} label={t("member.wallet.amount")} type="number" inputMode="decimal" autoComplete="off" />
        {d.passwordRequired ? <Field meta={fields.password} label={t("member.withdrawPage.password")} type="password" autoComplete="off" /> : null}
        <button type="submit" className="btn-accent w-full" disabled={navigation.state !== "idle"}>{t("member.upline.send")}</button>
      </Form>
    </section>
  );
}
