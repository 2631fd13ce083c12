import { getFormProps, getSelectProps } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useTranslation } from "~/i18n/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { Field, FormError, useMessage } from "~/components/forms/field";
import { useRouteForm } from "~/components/forms/use-route-form";
import { formatMoney, MAIN_WALLET, withSymbol } from "~/domain/money";
import { useLive } from "~/live/live";
import { transferFundAction, transferFundLoader } from "./transfer-fund.server";
import { queueWhenUnreachable } from "~/money/connection-queue";

export const loader = ({ request }: LoaderFunctionArgs) => transferFundLoader(request);
export const action = ({ request }: ActionFunctionArgs) => transferFundAction(request);
// With JavaScript, a post that gets no answer at all waits for the connection (issue 29).
export const clientAction = queueWhenUnreachable;
export const meta: MetaFunction<typeof loader> = ({ data }) => (data ? [{ title: data.meta.title }] : []);

export default function TransferFund() {
  const page = useLoaderData<typeof loader>();
  const { single, transferRequestId, recallRequestId, constraint, pending } = page;
  // The stream's newer figures (issue 28), until this page's loader runs again.
  const { wallets, total } = useLiveWallets(page);
  const navigation = useNavigation();
  const { t } = useTranslation();
  const tr = useMessage();
  const busy = navigation.state !== "idle";
  const [form, fields, events] = useRouteForm({
    id: "wallet-transfer",
    constraint,
    defaultValue: pending.transfer ? { amount: pending.transfer.fields.amount } : undefined,
    schema: () => import("~/domain/money-forms").then((m) => m.walletTransferSchema),
  });
  const vendors = wallets.filter((w) => !w.main);
  const select = (name: "from" | "to", options: typeof wallets, label: string, initial?: number) => {
    const meta = fields[name];
    return (
      <div>
        <label htmlFor={meta.id} className="text-sm font-medium">
          {label}
        </label>
        <select {...getSelectProps(meta)} defaultValue={String(initial ?? "")} className="field">
          {options.map((w) => (
            <option key={w.id} value={w.id}>
              {w.name} ({w.amount})
            </option>
          ))}
        </select>
        {meta.errors?.[0] ? (
          <p id={meta.errorId} className="field-error">
            {tr(meta.errors[0])}
          </p>
        ) : null}
      </div>
    );
  };

  return (
    <section className="mt-4 space-y-5">
      <h1 className="text-xl font-bold">{t("member.transferFund")}</h1>
      <div className="rounded-xl bg-panel p-3">
        <p className="flex justify-between text-sm text-ink-dim">
          <span>{t("member.wallet.total")}</span>
          <strong className="text-base text-ink" data-testid="wallet-total">
            {total}
          </strong>
        </p>
        <ul className="mt-2 divide-y divide-white/10 text-sm" data-testid="wallets">
          {wallets.map((w) => (
            <li key={w.id} className="flex justify-between py-2">
              <span className={w.main ? "font-semibold" : ""}>{w.name}</span>
              <span className={w.available ? "" : "text-ink-dim"}>{w.available ? w.amount : t("member.wallet.unavailable")}</span>
            </li>
          ))}
        </ul>
      </div>

      {/* A single-wallet site plays every game from the main wallet: no transfers, only the way back. */}
      {single ? (
        <p className="rounded-xl bg-panel p-3 text-sm" data-testid="single-wallet">
          {t("member.wallet.single")}
        </p>
      ) : (
        <Form method="post" className="space-y-3 rounded-xl bg-panel p-3" {...getFormProps(form)} {...events}>
          <h2 className="font-bold">{t("member.wallet.transferTitle")}</h2>
          <AuthenticityTokenInput name="csrf" />
          <input type="hidden" name="intent" value="transfer" />
          <input type="hidden" name="requestId" value={transferRequestId} />
          <FormError id={form.errorId} errors={form.errors} pending={pending.transfer} />
          {select("from", wallets, t("member.wallet.from"), Number(pending.transfer?.fields.from) || MAIN_WALLET)}
          {select("to", wallets, t("member.wallet.to"), Number(pending.transfer?.fields.to) || vendors[0]?.id)}
          <Field meta={fields.amount} label={t("member.wallet.amount")} type="number" inputMode="decimal" autoComplete="off" />
          <button type="submit" className="btn-accent w-full" disabled={busy}>
            {t("member.wallet.transfer")}
          </button>
        </Form>
      )}

      <Form method="post" className="rounded-xl bg-panel p-3">
        <AuthenticityTokenInput name="csrf" />
        <input type="hidden" name="intent" value="recall" />
        <input type="hidden" name="requestId" value={recallRequestId} />
        <FormError id="recall-message" errors={undefined} pending={pending.recall} />
        <p className="text-sm text-ink-dim">{t("member.wallet.recallHelp")}</p>
        <button type="submit" className="btn-ghost mt-2 w-full" disabled={busy}>
          {t("member.wallet.recall")}
        </button>
      </Form>
    </section>
  );
}

function useLiveWallets<W extends { id: number; amount: string }>(page: { wallets: W[]; total: string }): { wallets: W[]; total: string } {
  const { balance } = useLive();
  const { i18n } = useTranslation();
  const [since, setSince] = useState(balance);
  // Only what arrived after this page's data was read counts.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the loader has run again
  useEffect(() => setSince(balance), [page]);
  if (!balance || balance === since) return page;
  const money = (amount: number) => withSymbol(formatMoney(amount, i18n.language), balance.symbol);
  return {
    total: money(balance.sum),
    wallets: page.wallets.map((w) => {
      const now = balance.wallets.find((l) => l.id === w.id);
      return now ? { ...w, amount: money(now.avail) } : w;
    }),
  };
}
