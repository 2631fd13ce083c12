import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData, useNavigation } from "@remix-run/react";
import { getFormProps } from "@conform-to/react";
import { useTranslation } from "~/i18n/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { Field, FormError } from "~/components/forms/field";
import { useRouteForm } from "~/components/forms/use-route-form";
import { transferUplineAction, transferUplineLoader } from "./transfer-upline.server";
import { queueWhenUnreachable } from "~/money/connection-queue";

export const loader = ({ request }: LoaderFunctionArgs) => transferUplineLoader(request);
export const action = ({ request }: ActionFunctionArgs) => transferUplineAction(request);
// With JavaScript, a post that gets no answer at all waits for the connection (issue 29).
export const clientAction = queueWhenUnreachable;

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
  if (!d.hasUpline)
    return (
      <section className="mt-4">
        <h1 className="text-xl font-bold">{t("member.transferUpline")}</h1>
        <p className="mt-2 text-ink-dim">{t("member.upline.none")}</p>
      </section>
    );
  return (
    <section className="mt-4 space-y-3">
      <h1 className="text-xl font-bold">{t("member.transferUpline")}</h1>
      <Form method="post" className="space-y-3 rounded-xl bg-panel p-3" {...getFormProps(form)} {...events}>
        <p className="text-sm">{t("member.upline.to", { name: d.upline })}</p>
        <AuthenticityTokenInput name="csrf" />
        <input type="hidden" name="requestId" value={d.requestId} />
        <FormError id={form.errorId} errors={form.errors} pending={d.pending} />
        <Field meta={fields.amount} label={t("member.wallet.amount")} type="number" inputMode="decimal" autoComplete="off" />
        {d.passwordRequired ? (
          <Field meta={fields.password} label={t("member.withdrawPage.password")} type="password" autoComplete="off" />
        ) : null}
        <button type="submit" className="btn-accent w-full" disabled={navigation.state !== "idle"}>
          {t("member.upline.send")}
        </button>
      </Form>
    </section>
  );
}
