import { getFormProps, getSelectProps } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { Field, FormError, useMessage } from "~/components/forms/field";
import { CONFIRM_RESULTS } from "~/domain/money-choices";
import { useRouteForm } from "~/components/forms/use-route-form";
import { withdrawAction, withdrawLoader } from "./withdraw.server";
import { queueWhenUnreachable } from "~/money/connection-queue";

export const loader = ({ request }: LoaderFunctionArgs) => withdrawLoader(request);
export const action = ({ request }: ActionFunctionArgs) => withdrawAction(request);
// With JavaScript, a post that gets no answer at all waits for the connection (issue 29).
export const clientAction = queueWhenUnreachable;
export const meta: MetaFunction<typeof loader> = ({ data }) => (data ? [{ title: data.meta.title }] : []);

function Hidden({ intent, requestId }: { intent: string; requestId?: string }) {
  return (
    <>
      <AuthenticityTokenInput name="csrf" />
      <input type="hidden" name="intent" value={intent} />
      {requestId ? <input type="hidden" name="requestId" value={requestId} /> : null}
    </>
  );
}

export default function Withdraw() {
  const d = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const tr = useMessage();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const forms = () => import("~/domain/money-forms");
  // The intent names the schema: the password form's changes from "set" to "change" once one exists.
  const pwIntent = d.hasPassword ? "changePassword" : "setPassword";
  const [pwForm, pw, pwEvents] = useRouteForm({
    id: "withdraw-password",
    intent: pwIntent,
    constraint: d.constraints.password,
    schema: () => forms().then((m) => (d.hasPassword ? m.changeWithdrawPasswordSchema : m.setWithdrawPasswordSchema)),
  });
  const [cardForm, card, cardEvents] = useRouteForm({
    id: "bind-card",
    intent: "bindCard",
    constraint: d.constraints.card,
    schema: () => forms().then((m) => m.bindCardSchema),
  });
  const [wForm, w, wEvents] = useRouteForm({
    id: "withdraw",
    intent: "withdraw",
    constraint: d.constraints.withdraw,
    schema: () => forms().then((m) => m.withdrawSchema),
  });
  const [cForm, c, cEvents] = useRouteForm({
    id: "confirm-withdrawal",
    intent: "confirm",
    constraint: d.constraints.confirm,
    schema: () => forms().then((m) => m.confirmWithdrawalSchema),
  });
  const canWithdraw = d.cards.length > 0 && (d.hasPassword || !d.passwordRequired);
  // One confirmation form at a time (the oldest paid-out withdrawal first): its fields have ids.
  const confirming = [...d.withdrawals].reverse().find((x) => x.status === "ISSUED")?.id;

  return (
    <section className="mt-4 space-y-4">
      <h1 className="text-xl font-bold">{t("member.withdraw")}</h1>

      {canWithdraw ? (
        <Form method="post" className="space-y-3 rounded-xl bg-panel p-3" {...getFormProps(wForm)} {...wEvents}>
          <Hidden intent="withdraw" requestId={d.requestId} />
          <FormError id={wForm.errorId} errors={wForm.errors} pending={d.pending.withdraw} />
          <fieldset>
            <legend className="text-sm font-medium">{t("member.withdrawPage.to")}</legend>
            <ul className="mt-1 space-y-1">
              {d.cards.map((card, i) => (
                <li key={card.id}>
                  <label className="flex items-center gap-2 rounded-lg bg-night px-3 py-2 text-sm">
                    <input
                      type="radio"
                      name="bankCardId"
                      value={card.id}
                      defaultChecked={i === 0}
                      className="accent-[var(--color-accent)]"
                    />
                    <span>
                      {card.bank} · {card.number}
                    </span>
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
          <Field
            meta={w.amount}
            label={t("member.withdrawPage.amount", { min: d.limits.min, max: d.limits.max })}
            type="number"
            inputMode="decimal"
            autoComplete="off"
          />
          <p className="text-xs text-ink-dim">
            {t("member.withdrawPage.remaining", { amount: d.limits.remainingAmount, count: d.limits.remainingTimes })}
          </p>
          {d.passwordRequired ? (
            <Field meta={w.password} label={t("member.withdrawPage.password")} type="password" autoComplete="off" />
          ) : null}
          <button type="submit" className="btn-accent w-full" disabled={busy}>
            {t("member.withdrawPage.submit")}
          </button>
        </Form>
      ) : (
        <p className="rounded-md bg-accent/15 px-3 py-2 text-sm">
          {t(d.cards.length === 0 ? "member.withdrawPage.needCard" : "member.withdrawPage.needPassword")}
        </p>
      )}

      {d.withdrawals.length > 0 ? (
        <section aria-labelledby="recent-withdrawals">
          <h2 id="recent-withdrawals" className="mb-2 font-bold">
            {t("member.withdrawPage.recent")}
          </h2>
          <ul className="space-y-2" data-testid="withdrawals">
            {d.withdrawals.map((x) => (
              <li key={x.id} className="rounded-xl bg-panel p-3 text-sm">
                <p className="flex justify-between gap-2">
                  <span>
                    #{x.id} · {x.to}
                  </span>
                  <strong>{x.amount}</strong>
                </p>
                <p className="mt-1 flex justify-between text-xs text-ink-dim">
                  <span>{x.time}</span>
                  <span data-status={x.status}>
                    {t(`member.status.${x.status}`, { defaultValue: x.status })}
                    {x.auto ? ` · ${t("member.withdrawPage.auto")}` : ""}
                  </span>
                </p>
                {x.received ? (
                  <p className="mt-1 text-xs">
                    {x.status === "PARTLY_RECEIVED"
                      ? t("member.withdrawPage.partly", { received: x.received, remaining: x.remaining })
                      : t("member.withdrawPage.receivedFull", { received: x.received })}
                  </p>
                ) : null}
                {x.id === confirming ? (
                  <Form
                    method="post"
                    encType="multipart/form-data"
                    className="mt-2 space-y-2 border-t border-white/10 pt-2"
                    {...getFormProps(cForm)}
                    {...cEvents}
                  >
                    <Hidden intent="confirm" requestId={d.confirmRequestId} />
                    <input type="hidden" name="withdrawalId" value={x.id} />
                    <FormError id={cForm.errorId} errors={cForm.errors} pending={d.pending.confirm} />
                    <fieldset>
                      <legend className="text-sm font-medium">{t("member.withdrawPage.confirmTitle", { deadline: x.deadline })}</legend>
                      {CONFIRM_RESULTS.map((r) => (
                        <label key={r} className="mt-1 flex items-center gap-2">
                          <input
                            type="radio"
                            name="result"
                            value={r}
                            defaultChecked={r === "RECEIVED"}
                            className="accent-[var(--color-accent)]"
                          />
                          {t(`member.withdrawPage.result.${r}`)}
                        </label>
                      ))}
                      {c.result.errors?.[0] ? <p className="field-error">{tr(c.result.errors[0])}</p> : null}
                    </fieldset>
                    <Field
                      meta={c.receivedAmount}
                      label={t("member.withdrawPage.receivedAmount")}
                      type="number"
                      inputMode="decimal"
                      autoComplete="off"
                    />
                    <div>
                      <label htmlFor={`proof-${x.id}`} className="text-sm font-medium">
                        {t("member.withdrawPage.proof")}
                      </label>
                      <input
                        id={`proof-${x.id}`}
                        name="proof"
                        type="file"
                        accept="image/png,image/jpeg"
                        multiple
                        className="mt-1 block w-full text-sm"
                      />
                    </div>
                    <button type="submit" className="btn-accent w-full" disabled={busy}>
                      {t("member.withdrawPage.confirm")}
                    </button>
                  </Form>
                ) : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <details className="rounded-xl bg-panel p-3" open={d.cards.length === 0}>
        <summary className="cursor-pointer font-bold">{t("member.withdrawPage.bindTitle")}</summary>
        <Form method="post" className="mt-3 space-y-3" {...getFormProps(cardForm)} {...cardEvents}>
          <Hidden intent="bindCard" />
          <p className="rounded-md bg-accent/15 px-3 py-2 text-sm">{t("member.withdrawPage.bindFinal")}</p>
          <FormError id={cardForm.errorId} errors={cardForm.errors} />
          <div>
            <label htmlFor={card.cardType.id} className="text-sm font-medium">
              {t("member.withdrawPage.cardType")}
            </label>
            <select {...getSelectProps(card.cardType)} defaultValue="EW" className="field">
              <option value="EW">{t("member.withdrawPage.ewallet")}</option>
              <option value="BC">{t("member.withdrawPage.bankCard")}</option>
            </select>
          </div>
          <div>
            <label htmlFor={card.bankCode.id} className="text-sm font-medium">
              {t("member.withdrawPage.bank")}
            </label>
            <select {...getSelectProps(card.bankCode)} className="field">
              {d.banks.map((b) => (
                <option key={b.code} value={b.code}>
                  {b.name}
                </option>
              ))}
            </select>
            {card.bankCode.errors?.[0] ? <p className="field-error">{tr(card.bankCode.errors[0])}</p> : null}
          </div>
          <Field meta={card.accountName} label={t("member.withdrawPage.accountName")} autoComplete="name" />
          <Field meta={card.accountNumber} label={t("member.withdrawPage.accountNumber")} inputMode="numeric" autoComplete="off" />
          <button type="submit" className="btn-ghost w-full" disabled={busy}>
            {t("member.withdrawPage.bind")}
          </button>
        </Form>
      </details>

      <details className="rounded-xl bg-panel p-3" open={!d.hasPassword && d.passwordRequired}>
        <summary className="cursor-pointer font-bold">
          {t(d.hasPassword ? "member.withdrawPage.changePassword" : "member.withdrawPage.setPassword")}
        </summary>
        <Form method="post" className="mt-3 space-y-3" {...getFormProps(pwForm)} {...pwEvents}>
          <Hidden intent={d.hasPassword ? "changePassword" : "setPassword"} />
          <FormError id={pwForm.errorId} errors={pwForm.errors} />
          {d.hasPassword ? (
            <Field meta={pw.oldPassword} label={t("member.withdrawPage.oldPassword")} type="password" autoComplete="off" />
          ) : null}
          <Field meta={pw.newPassword} label={t("member.withdrawPage.newPassword")} type="password" autoComplete="new-password" />
          <Field
            meta={pw.confirmNewPassword}
            label={t("member.withdrawPage.confirmPassword")}
            type="password"
            autoComplete="new-password"
          />
          <button type="submit" className="btn-ghost w-full" disabled={busy}>
            {t("member.withdrawPage.savePassword")}
          </button>
        </Form>
      </details>
    </section>
  );
}
