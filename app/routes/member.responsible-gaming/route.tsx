import { getFormProps, getSelectProps } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { Field, FormError, useMessage } from "~/components/forms/field";
import { useRouteForm } from "~/components/forms/use-route-form";
import { EXCLUSION_DAYS, LIMIT_PERIODS, LIMIT_TYPES, REALITY_CHECK_MINUTES } from "~/domain/money-choices";
import { responsibleGamingAction, responsibleGamingLoader } from "./responsible-gaming.server";

export const loader = ({ request }: LoaderFunctionArgs) => responsibleGamingLoader(request);
export const action = ({ request }: ActionFunctionArgs) => responsibleGamingAction(request);
export const meta: MetaFunction<typeof loader> = ({ data }) => (data ? [{ title: data.meta.title }] : []);

export default function ResponsibleGaming() {
  const d = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const { t } = useTranslation();
  const tr = useMessage();
  const busy = navigation.state !== "idle";
  const [limitForm, lf, limitEvents] = useRouteForm({
    id: "rg-limit",
    intent: "limit",
    constraint: d.constraints.limit,
    schema: () => import("~/domain/money-forms").then((m) => m.limitSchema),
    shouldRevalidate: "onSubmit",
  });
  const [exForm, ef, exEvents] = useRouteForm({
    id: "rg-exclude",
    intent: "exclude",
    constraint: d.constraints.exclude,
    schema: () => import("~/domain/money-forms").then((m) => m.selfExcludeSchema),
    shouldRevalidate: "onSubmit",
  });

  return (
    <section className="mt-4 space-y-4">
      <h1 className="text-xl font-bold">{t("member.responsibleGaming")}</h1>
      <p className="text-sm text-ink-dim">{t("member.rg.intro")}</p>

      <div className="overflow-x-auto rounded-xl bg-panel">
        <table className="w-full text-start text-sm" data-testid="limits">
          <thead className="text-xs text-ink-dim">
            <tr>
              <th className="px-3 py-2">{t("member.rg.limit")}</th>
              <th className="px-2">{t("member.rg.inForce")}</th>
              <th className="px-2">{t("member.rg.used")}</th>
              <th className="px-2">{t("member.rg.left")}</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-white/10">
            {d.limits.map((l) => (
              <tr key={`${l.type}-${l.period}`} data-limit={`${l.type}-${l.period}`}>
                <th scope="row" className="px-3 py-2 font-normal">
                  {t(`member.rg.types.${l.type}`)} · {t(`member.rg.periods.${l.period}`)}
                  {l.pending ? (
                    <span className="block text-xs text-accent">
                      {l.pending.amount == null
                        ? t("member.rg.pendingRemoval", { at: l.pending.at })
                        : t("member.rg.pending", { amount: l.pending.amount, at: l.pending.at })}
                    </span>
                  ) : null}
                </th>
                <td className="px-2">{l.amount ?? "—"}</td>
                <td className="px-2">{l.used}</td>
                <td className="px-2">{l.remaining ?? "—"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <Form method="post" className="space-y-3 rounded-xl bg-panel p-3" {...getFormProps(limitForm)} {...limitEvents}>
        <h2 className="font-bold">{t("member.rg.setTitle")}</h2>
        <p className="text-xs text-ink-dim">{t("member.rg.rule")}</p>
        <AuthenticityTokenInput name="csrf" />
        <input type="hidden" name="intent" value="limit" />
        <input type="hidden" name="requestId" value={d.requestId} />
        <FormError id={limitForm.errorId} errors={limitForm.errors} />
        <div className="grid grid-cols-2 gap-2">
          <label className="text-sm font-medium">
            {t("member.rg.type")}
            <select {...getSelectProps(lf.type)} defaultValue="DEPOSIT" className="field">
              {LIMIT_TYPES.map((x) => (
                <option key={x} value={x}>
                  {t(`member.rg.types.${x}`)}
                </option>
              ))}
            </select>
          </label>
          <label className="text-sm font-medium">
            {t("member.rg.period")}
            <select {...getSelectProps(lf.period)} defaultValue="DAY" className="field">
              {LIMIT_PERIODS.map((x) => (
                <option key={x} value={x}>
                  {t(`member.rg.periods.${x}`)}
                </option>
              ))}
            </select>
          </label>
        </div>
        <Field meta={lf.amount} label={t("member.rg.amount")} type="number" inputMode="decimal" autoComplete="off" />
        <button type="submit" className="btn-accent w-full" disabled={busy}>
          {t("member.rg.save")}
        </button>
      </Form>

      <Form method="post" className="space-y-2 rounded-xl bg-panel p-3">
        <h2 className="font-bold">{t("member.rg.realityTitle")}</h2>
        <p className="text-xs text-ink-dim">{t("member.rg.realityText")}</p>
        <AuthenticityTokenInput name="csrf" />
        <input type="hidden" name="intent" value="reality" />
        <label className="block text-sm font-medium">
          {t("member.rg.every")}
          <select name="minutes" defaultValue={String(d.realityCheck)} className="field">
            {REALITY_CHECK_MINUTES.map((m) => (
              <option key={m} value={m}>
                {m === 0 ? t("member.rg.off") : t("member.rg.minutes", { count: m })}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="btn-ghost w-full" disabled={busy}>
          {t("member.rg.save")}
        </button>
      </Form>

      <details className="rounded-xl bg-panel p-3">
        <summary className="cursor-pointer font-bold">{t("member.rg.excludeTitle")}</summary>
        <Form method="post" className="mt-3 space-y-3" {...getFormProps(exForm)} {...exEvents}>
          <p className="rounded-md bg-bad/15 px-3 py-2 text-sm">{t("member.rg.excludeText")}</p>
          <AuthenticityTokenInput name="csrf" />
          <input type="hidden" name="intent" value="exclude" />
          <input type="hidden" name="requestId" value={d.excludeRequestId} />
          <FormError id={exForm.errorId} errors={exForm.errors} />
          <label className="block text-sm font-medium">
            {t("member.rg.excludeFor")}
            <select {...getSelectProps(ef.days)} defaultValue="7" className="field">
              {EXCLUSION_DAYS.map((n) => (
                <option key={n} value={n}>
                  {t("member.rg.days", { count: n })}
                </option>
              ))}
            </select>
          </label>
          <Field meta={ef.password} label={t("member.rg.password")} type="password" autoComplete="current-password" />
          <label className="flex items-start gap-2 text-sm">
            <input type="checkbox" name="understood" className="mt-1 h-5 w-5 accent-[var(--color-accent)]" />
            {t("member.rg.understood")}
          </label>
          {ef.understood.errors?.[0] ? <p className="field-error">{tr(ef.understood.errors[0])}</p> : null}
          <button type="submit" className="btn-ghost w-full border-bad text-bad" disabled={busy}>
            {t("member.rg.exclude")}
          </button>
        </Form>
      </details>
    </section>
  );
}
