import { getFormProps } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { CopyField } from "~/components/forms/copy-field";
import { Field, FormError } from "~/components/forms/field";
import { useRouteForm } from "~/components/forms/use-route-form";
import { PaymentMark } from "~/components/payment-mark";
import { TabRow } from "~/components/tab-row";
import { tabRowLayout } from "~/components/tab-row-layout";
import { depositAction, depositLoader } from "./deposit.server";
import { queueWhenUnreachable } from "~/money/connection-queue";

export const loader = ({ request }: LoaderFunctionArgs) => depositLoader(request);
export const action = ({ request }: ActionFunctionArgs) => depositAction(request);
// With JavaScript, a post that gets no answer at all waits for the connection (issue 29).
export const clientAction = queueWhenUnreachable;
export const meta: MetaFunction<typeof loader> = ({ data }) => (data ? [{ title: data.meta.title }] : []);

/** A method chip's payment mark and the gap after it (PaymentMark's 20 px, the chip's gap-1). */
const PAYMENT_MARK_ROOM = 24;
const chip = (active: boolean) => `chip whitespace-nowrap ${active ? "bg-accent font-bold text-night" : ""}`;

export default function Deposit() {
  const d = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const { t } = useTranslation();
  const [form, fields, events] = useRouteForm({
    // A quick amount is a link: the form starts again with it (its id changes with it).
    id: `deposit-${d.method}-${d.channel?.id}-${d.amount}`,
    defaultValue: { amount: d.amount },
    constraint: d.constraint,
    schema: () => import("~/domain/money-forms").then((m) => m.depositSchema),
  });
  const link = (params: Record<string, string | undefined>) => {
    const search = new URLSearchParams(Object.entries(params).filter((e): e is [string, string] => Boolean(e[1])));
    return `?${search}`;
  };
  const byReference = d.channel?.byReference === true;

  return (
    <section className="mt-4 space-y-4">
      <h1 className="text-xl font-bold">{t("member.deposit")}</h1>
      {!d.allowed ? (
        <p role="alert" className="rounded-md bg-bad/15 px-3 py-2 text-bad">
          {t("member.depositPage.closed")}
        </p>
      ) : null}

      <TabRow
        label={t("member.depositPage.methods")}
        testId="deposit-methods"
        layout={tabRowLayout(
          d.methods.map((m) => m.name),
          d.methods.findIndex((m) => m.code === d.method),
          { lines: 3, extra: () => PAYMENT_MARK_ROOM },
        )}
      >
        {d.methods.map((m) => (
          <li key={m.code}>
            <Link
              to={link({ method: m.code })}
              aria-current={m.code === d.method ? "page" : undefined}
              className={chip(m.code === d.method)}
            >
              <PaymentMark code={m.code} />
              {m.name}
            </Link>
          </li>
        ))}
      </TabRow>
      {d.channels.length > 1 ? (
        <TabRow
          label={t("member.depositPage.channels")}
          layout={tabRowLayout(
            d.channels.map((c) => c.name),
            d.channels.findIndex((c) => c.id === d.channel?.id),
            { lines: 3 },
          )}
        >
          {d.channels.map((c) => (
            <li key={c.id}>
              <Link
                to={link({ method: d.method ?? undefined, channel: c.id })}
                aria-current={c.id === d.channel?.id ? "page" : undefined}
                className={chip(c.id === d.channel?.id)}
              >
                {c.name}
              </Link>
            </li>
          ))}
        </TabRow>
      ) : null}

      {d.channel && d.allowed ? (
        <Form method="post" className="space-y-3 rounded-xl bg-panel p-3" {...getFormProps(form)} {...events}>
          <AuthenticityTokenInput name="csrf" />
          <input type="hidden" name="intent" value="deposit" />
          <input type="hidden" name="requestId" value={d.requestId} />
          <input type="hidden" name="methodCode" value={d.method ?? ""} />
          <input type="hidden" name="channelId" value={d.channel.id} />
          <FormError id={form.errorId} errors={form.errors} pending={d.pending.deposit} />
          {byReference ? (
            <div className="rounded-lg bg-night p-3 text-sm" data-testid="deposit-account">
              <p>{t("member.depositPage.sendTo")}</p>
              {/* Each value the player pastes into the payment app: a read-only field, copied by a button with JavaScript. */}
              <div className="mt-2 space-y-2">
                {d.channel.accountNumber ? (
                  <CopyField label={t("member.depositPage.accountNumber")} value={d.channel.accountNumber} testId="copy-account-number" />
                ) : null}
                {d.channel.accountName ? (
                  <CopyField label={t("member.depositPage.accountName")} value={d.channel.accountName} testId="copy-account-name" />
                ) : null}
              </div>
              {d.channel.instructions ? (
                <p className="mt-2 text-ink-dim" dir="auto">
                  {d.channel.instructions}
                </p>
              ) : null}
            </div>
          ) : null}
          {d.channel.fixed.length > 0 ? (
            <ul className="flex flex-wrap gap-2" aria-label={t("member.depositPage.quickAmounts")}>
              {d.channel.fixed.map((a) => (
                <li key={a.value}>
                  <Link
                    to={link({ method: d.method ?? undefined, channel: d.channel?.id, amount: a.value })}
                    preventScrollReset
                    className={`inline-flex rounded-full border px-3 py-1.5 text-sm ${d.amount === a.value ? "border-accent text-accent" : "border-white/20"}`}
                  >
                    {a.text}
                  </Link>
                </li>
              ))}
            </ul>
          ) : null}
          <Field
            meta={fields.amount}
            label={t("member.depositPage.amount", { min: d.channel.min, max: d.channel.max })}
            type="number"
            inputMode="decimal"
            autoComplete="off"
          />
          {byReference ? <Field meta={fields.transactionId} label={t("member.depositPage.reference")} autoComplete="off" /> : null}
          <button type="submit" className="btn-accent w-full" disabled={navigation.state !== "idle"}>
            {t("member.depositPage.submit")}
          </button>
        </Form>
      ) : null}

      {d.recent.length > 0 ? (
        <section aria-labelledby="recent-deposits">
          <h2 id="recent-deposits" className="mb-2 font-bold">
            {t("member.depositPage.recent")}
          </h2>
          <ul className="divide-y divide-white/10 rounded-xl bg-panel text-sm" data-testid="recent-deposits">
            {d.recent.map((r) => (
              <li key={r.id} className="flex items-center gap-2 px-3 py-2">
                <span className="min-w-0 flex-1 truncate">
                  #{r.id} · {r.method} {r.channel}
                </span>
                <span className="font-semibold">{r.amount}</span>
                <span className="w-24 text-end text-xs" data-status={r.status}>
                  {t(`member.status.${r.status}`, { defaultValue: r.status })}
                </span>
                {r.status === "PENDING" ? (
                  <Form method="post">
                    <AuthenticityTokenInput name="csrf" />
                    <input type="hidden" name="intent" value="cancel" />
                    <input type="hidden" name="requestId" value={d.cancelRequestId} />
                    <input type="hidden" name="depositId" value={r.id} />
                    <button type="submit" className="text-xs text-accent underline">
                      {t("member.depositPage.cancel")}
                    </button>
                  </Form>
                ) : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </section>
  );
}
