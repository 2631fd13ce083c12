import { getFormProps, getSelectProps, type FieldMetadata } from "@conform-to/react";
import { DrawnSvg } from "~/components/operator-html";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { PartUnavailable } from "~/components/records";
import { Field, FormError, useMessage } from "~/components/forms/field";
import { useRouteForm } from "~/components/forms/use-route-form";
import { registerCenterAction, registerCenterLoader } from "./register-center.server";

export const loader = ({ request }: LoaderFunctionArgs) => registerCenterLoader(request);
export const action = ({ request }: ActionFunctionArgs) => registerCenterAction(request);

export const meta: MetaFunction<typeof loader> = ({ data: d }) => (d ? [{ title: d.meta.title }] : []);

export default function RegisterCentre() {
  const d = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const { t } = useTranslation();
  const tr = useMessage();
  const [form, allFields, events] = useRouteForm({
    id: "register-downline",
    constraint: d.constraint,
    schema: () => import("~/domain/agent-forms").then((m) => m.downlineSchema(d.settings)),
    shouldRevalidate: "onSubmit",
    defaultValue: { accountType: "0" },
  });
  const fields = allFields as unknown as Record<string, FieldMetadata<string | undefined>>;
  const accountType = fields.accountType!;
  return (
    <section className="mt-4 space-y-4">
      <h2 className="text-xl font-bold">{t("agent.registerCenter")}</h2>
      <Form method="post" className="space-y-3 rounded-xl bg-panel p-3" {...getFormProps(form)} {...events} aria-labelledby="open-title">
        <h3 id="open-title" className="font-bold">
          {t("agent.register.open")}
        </h3>
        <AuthenticityTokenInput name="csrf" />
        <input type="hidden" name="intent" value="register" />
        <input type="hidden" name="requestId" value={d.requestId} />
        <FormError id={form.errorId} errors={form.errors} />
        <div>
          <label htmlFor={accountType.id} className="text-sm font-medium">
            {t("agent.register.accountType")}
          </label>
          <select {...getSelectProps(accountType)} className="field">
            <option value="0">{t("agent.teamPage.typeMember")}</option>
            <option value="1">{t("agent.teamPage.typeAgent")}</option>
          </select>
          {accountType.errors?.[0] ? (
            <p id={accountType.errorId} className="field-error">
              {tr(accountType.errors[0])}
            </p>
          ) : null}
        </div>
        <Field meta={fields.username!} label={t("auth:field.username")} autoComplete="off" />
        <Field meta={fields.password!} label={t("auth:field.password")} type="password" autoComplete="new-password" />
        <Field meta={fields.confirmPassword!} label={t("auth:field.confirmPassword")} type="password" autoComplete="new-password" />
        <Field meta={fields.nickname!} label={t("agent.register.nickname")} autoComplete="off" />
        {d.contactFields.map((f) => (
          <Field
            key={f}
            meta={fields[f]!}
            label={t(`auth:field.${f}`)}
            type={f === "email" ? "email" : "tel"}
            inputMode={f === "email" ? "email" : "tel"}
            autoComplete="off"
          />
        ))}
        <button type="submit" className="btn-accent w-full" disabled={navigation.state !== "idle"}>
          {t("agent.register.submit")}
        </button>
      </Form>
      <div className="space-y-2">
        <h3 className="font-bold">{t("agent.register.links")}</h3>
        {d.linksUnavailable ? <PartUnavailable /> : null}
        <ul className="space-y-3" data-testid="affiliate-links">
          {d.affiliate.map((a) => (
            <li key={a.code} className="flex flex-wrap items-start gap-3 rounded-xl bg-panel p-3 text-sm">
              {a.qr ? (
                <DrawnSvg
                  className="w-[160px] shrink-0 rounded-lg bg-white"
                  role="img"
                  aria-label={t("agent.register.qr", { code: a.code })}
                  svg={a.qr}
                />
              ) : null}
              <div className="min-w-0 flex-1 space-y-1">
                <p className="font-bold tracking-widest text-accent">{a.code}</p>
                <p className="text-xs text-ink-dim">
                  {a.forAgents ? t("agent.register.forAgents") : t("agent.register.forMembers")} ·{" "}
                  {t("agent.register.registrations", { count: a.registrations })}
                </p>
                <input
                  readOnly
                  value={a.link}
                  className="field mt-0 w-full py-1 text-xs"
                  aria-label={t("agent.register.link")}
                  onFocus={(e) => e.currentTarget.select()}
                />
              </div>
            </li>
          ))}
        </ul>
        <Form method="post" className="flex flex-wrap items-end gap-2 text-sm">
          <AuthenticityTokenInput name="csrf" />
          <input type="hidden" name="intent" value="code" />
          <input type="hidden" name="requestId" value={d.requestId} />
          <label className="flex flex-col">
            {t("agent.register.newCodeFor")}
            <select name="accountType" defaultValue="0" className="field mt-0 py-1.5">
              <option value="0">{t("agent.register.forMembers")}</option>
              <option value="1">{t("agent.register.forAgents")}</option>
            </select>
          </label>
          <button type="submit" className="btn-ghost" disabled={navigation.state !== "idle"}>
            {t("agent.register.newCode")}
          </button>
        </Form>
      </div>
    </section>
  );
}
