import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { HoneypotInputs } from "remix-utils/honeypot/react";
import { Modal } from "~/components/modal";
import { loginSchema, safeRedirect } from "~/domain/login";
import { loginAction, loginLoader } from "./login.server";

export const handle = { i18n: ["common", "auth"] };

export const loader = ({ request }: LoaderFunctionArgs) => loginLoader(request);
export const action = ({ request }: ActionFunctionArgs) => loginAction(request);

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data ? [{ title: data.meta.title }, { name: "description", content: data.meta.description }] : [];

export default function LoginModal() {
  const { t } = useTranslation(["auth", "common"]);
  const { redirectTo, banner } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" && navigation.formAction?.startsWith("/login") === true;
  const [form, fields] = useForm({
    id: "login",
    lastResult,
    constraint: getZodConstraint(loginSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: loginSchema }),
    defaultValue: { redirectTo },
  });
  const closeTo = safeRedirect(redirectTo, "/");
  return (
    <Modal name="loginPopupModal" title={t("auth:login.title")} closeTo={closeTo}>
      {banner ? <img src={banner.src} alt={banner.title} width={360} height={140} className="mt-3 aspect-[18/7] w-full rounded-lg object-cover" /> : null}
      <Form method="post" action="/login" className="mt-4 space-y-4" {...getFormProps(form)}>
        <HoneypotInputs />
        <input {...getInputProps(fields.redirectTo, { type: "hidden" })} />
        {form.errors?.length ? (
          <p id={form.errorId} role="alert" className="rounded-md bg-bad/15 px-3 py-2 text-sm text-bad">{t(form.errors[0] ?? "")}</p>
        ) : null}
        <div>
          <label htmlFor={fields.username.id} className="text-sm font-medium">{t("auth:login.username")}</label>
          <input
            {...getInputProps(fields.username, { type: "text" })}
            className="field" autoComplete="username" autoCapitalize="none" spellCheck={false}
            placeholder={t("auth:login.usernamePlaceholder")}
          />
          {fields.username.errors?.[0] ? <p id={fields.username.errorId} className="field-error">{t(fields.username.errors[0])}</p> : null}
        </div>
        <div>
          <label htmlFor={fields.password.id} className="text-sm font-medium">{t("auth:login.password")}</label>
          <input
            {...getInputProps(fields.password, { type: "password" })}
            className="field" autoComplete="current-password" placeholder={t("auth:login.passwordPlaceholder")}
          />
          {fields.password.errors?.[0] ? <p id={fields.password.errorId} className="field-error">{t(fields.password.errors[0])}</p> : null}
        </div>
        <button type="submit" className="btn-accent w-full" disabled={pending}>
          {pending ? t("auth:login.submitting") : t("auth:login.submit")}
        </button>
        <p className="text-center text-sm text-ink-dim">
          {t("auth:login.noAccount")} <Link to="/register" className="font-semibold text-accent">{t("auth:login.registerNow")}</Link>
        </p>
      </Form>
    </Modal>
  );
}
