import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { useMessage } from "~/components/forms/field";
import { memberPath } from "~/domain/member-menu";
import { securityAction, securityLoader } from "./security-center.server";

export const loader = ({ request }: LoaderFunctionArgs) => securityLoader(request);
export const action = ({ request }: ActionFunctionArgs) => securityAction(request);
export const meta: MetaFunction<typeof loader> = ({ data }) => (data ? [{ title: data.meta.title }] : []);

// The answers differ in their keys: read as one shape, which TypeScript checks the action's answers fit.
type Answer = { intent?: string; error?: string; sent?: boolean; email?: string; mobileNum?: string };

export default function SecurityCenter() {
  const d = useLoaderData<typeof loader>();
  const answer: Answer | undefined = useActionData<typeof action>();
  const navigation = useNavigation();
  const { t } = useTranslation();
  const tr = useMessage();
  const busy = navigation.state !== "idle";
  const errorFor = (...intents: string[]) =>
    answer?.error && intents.includes(answer.intent ?? "") ? (
      <p role="alert" className="field-error">
        {tr(answer.error)}
      </p>
    ) : null;
  const csrf = <AuthenticityTokenInput name="csrf" />;

  return (
    <section className="mt-4 space-y-4">
      <h1 className="text-xl font-bold">{t("member.securityCenter")}</h1>

      <div className="flex items-center gap-3 rounded-xl bg-panel p-3">
        {d.avatarUrl ? <img src={d.avatarUrl} alt="" width={56} height={56} className="h-14 w-14 rounded-full bg-night" /> : null}
        <div className="min-w-0">
          <p className="truncate font-bold" data-testid="nickname">
            {d.nickname || d.userName}
          </p>
          <p className="text-xs text-ink-dim">{d.userName}</p>
          {d.lastLogin.time ? (
            <p className="text-xs text-ink-dim">{t("member.security.lastLogin", { time: d.lastLogin.time, ip: d.lastLogin.ip })}</p>
          ) : null}
        </div>
      </div>

      <Form method="post" className="space-y-2 rounded-xl bg-panel p-3">
        {csrf}
        <input type="hidden" name="intent" value="nickname" />
        <label htmlFor="nickname" className="text-sm font-medium">
          {t("member.security.nickname")}
        </label>
        <div className="flex gap-2">
          <input
            id="nickname"
            name="nickname"
            defaultValue={d.nickname}
            minLength={2}
            maxLength={20}
            required
            className="field mt-0 flex-1"
          />
          <button type="submit" className="btn-ghost" disabled={busy}>
            {t("member.rg.save")}
          </button>
        </div>
        {errorFor("nickname")}
      </Form>

      {d.avatars.length > 0 ? (
        <details className="rounded-xl bg-panel p-3">
          <summary className="cursor-pointer font-bold">{t("member.security.avatar")}</summary>
          <Form method="post" className="mt-3">
            {csrf}
            <input type="hidden" name="intent" value="avatar" />
            <fieldset className="grid grid-cols-4 gap-2">
              <legend className="sr-only">{t("member.security.avatar")}</legend>
              {d.avatars.map((a) => (
                <label key={a.id} className="cursor-pointer">
                  <input type="radio" name="avatar" value={a.id} defaultChecked={a.id === d.avatar} className="peer sr-only" />
                  <img
                    src={a.url}
                    alt={t("member.security.avatarN", { n: a.id })}
                    width={64}
                    height={64}
                    loading="lazy"
                    className="w-full rounded-full border-2 border-transparent peer-checked:border-accent peer-focus-visible:border-white"
                  />
                </label>
              ))}
            </fieldset>
            <button type="submit" className="btn-ghost mt-2 w-full" disabled={busy}>
              {t("member.security.useAvatar")}
            </button>
            {errorFor("avatar")}
          </Form>
          <Form method="post" encType="multipart/form-data" className="mt-3 space-y-2 border-t border-white/10 pt-3">
            {csrf}
            <input type="hidden" name="intent" value="upload" />
            <label htmlFor="avatar-upload" className="text-sm font-medium">
              {t("member.security.upload")}
            </label>
            <input id="avatar-upload" name="image" type="file" accept="image/png,image/jpeg" className="block w-full text-sm" />
            <button type="submit" className="btn-ghost w-full" disabled={busy}>
              {t("member.security.uploadSubmit")}
            </button>
            {errorFor("upload")}
          </Form>
        </details>
      ) : null}

      <div className="space-y-3 rounded-xl bg-panel p-3 text-sm">
        <Binding
          label={t("member.security.mobile")}
          bound={d.mobile.bound}
          masked={d.mobile.masked}
          codeSent={answer?.intent === "mobileCode" && answer.sent === true}
          error={errorFor("mobileCode", "mobileBind")}
          csrf={csrf}
          busy={busy}
          kind="mobile"
          value={answer?.mobileNum ?? ""}
        />
        <Binding
          label={t("member.security.email")}
          bound={d.email.bound}
          masked={d.email.masked}
          codeSent={answer?.intent === "emailCode" && answer.sent === true}
          error={errorFor("emailCode", "emailBind")}
          csrf={csrf}
          busy={busy}
          kind="email"
          value={answer?.email ?? ""}
        />
      </div>

      <ul className="divide-y divide-white/10 rounded-xl bg-panel text-sm">
        <li>
          <Link to="/change-password" className="menu-link px-3">
            {t("member.security.changePassword")}
          </Link>
        </li>
        <li>
          <Link to={memberPath("withdraw")} className="menu-link px-3">
            {t(d.hasWithdrawalPassword ? "member.withdrawPage.changePassword" : "member.withdrawPage.setPassword")}
          </Link>
        </li>
        <li>
          <Link to={memberPath("responsibleGaming")} className="menu-link px-3">
            {t("member.responsibleGaming")}
          </Link>
        </li>
      </ul>
    </section>
  );
}

function Binding({
  label,
  bound,
  masked,
  codeSent,
  error,
  csrf,
  busy,
  kind,
  value,
}: {
  label: string;
  bound: boolean;
  masked: string;
  codeSent: boolean;
  error: React.ReactNode;
  csrf: React.ReactNode;
  busy: boolean;
  kind: "mobile" | "email";
  value: string;
}) {
  const { t } = useTranslation();
  if (bound) {
    return (
      <p className="flex justify-between">
        <span>{label}</span>
        <span>
          {masked} · <span className="text-ok">{t("member.security.bound")}</span>
        </span>
      </p>
    );
  }
  return (
    <Form method="post" className="space-y-2">
      {csrf}
      <p className="font-medium">
        {label} · <span className="text-ink-dim">{t("member.security.notBound")}</span>
      </p>
      <p className="text-xs text-ink-dim">{t("member.security.bindFinal")}</p>
      {kind === "mobile" ? (
        <div className="flex gap-2">
          <label className="sr-only" htmlFor="bind-dial">
            {t("member.security.dialCode")}
          </label>
          <input id="bind-dial" name="countryDialingCode" defaultValue="880" inputMode="numeric" className="field mt-0 w-20" />
          <label className="sr-only" htmlFor="bind-mobile">
            {label}
          </label>
          <input
            id="bind-mobile"
            name="mobileNum"
            defaultValue={value}
            inputMode="tel"
            autoComplete="tel-national"
            className="field mt-0 flex-1"
          />
        </div>
      ) : (
        <>
          <label className="sr-only" htmlFor="bind-email">
            {label}
          </label>
          <input id="bind-email" name="email" type="email" defaultValue={value} autoComplete="email" className="field mt-0" />
        </>
      )}
      {codeSent ? (
        <>
          <label htmlFor={`code-${kind}`} className="text-sm">
            {t("member.security.code")}
          </label>
          <input id={`code-${kind}`} name="code" inputMode="numeric" autoComplete="one-time-code" className="field mt-0" />
        </>
      ) : null}
      {error}
      <div className="flex gap-2">
        <button type="submit" name="intent" value={`${kind}Code`} className="btn-ghost flex-1" disabled={busy}>
          {t("member.security.sendCode")}
        </button>
        {codeSent ? (
          <button type="submit" name="intent" value={`${kind}Bind`} className="btn-accent flex-1" disabled={busy}>
            {t("member.security.bind")}
          </button>
        ) : null}
      </div>
    </Form>
  );
}
