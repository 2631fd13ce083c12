import { getFormProps, getInputProps } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { HoneypotFields } from "~/components/honeypot-fields";
import { revalidateAfterPosts } from "~/accounts/revalidate";
import { eager } from "~/components/forms/eager-validation";
import { Field, FormError, FormNotice } from "~/components/forms/field";
import { useRouteForm } from "~/components/forms/use-route-form";
import { SmsSendButton } from "~/components/forms/sms-send-button";
import { Modal } from "~/components/modal";
import { twoFactorSchema } from "./schema";
import { verifyAction, verifyLoader } from "./verify.server";

export const handle = { i18n: ["common", "auth"] };
export const shouldRevalidate = revalidateAfterPosts;
export const loader = ({ request }: LoaderFunctionArgs) => verifyLoader(request);
export const action = ({ request }: ActionFunctionArgs) => verifyAction(request);
export const meta: MetaFunction<typeof loader> = ({ data }) => (data ? [{ title: data.meta.title }] : []);

/** Two-factor: a login from an IP the platform does not know for this member. */
export default function VerifyLogin() {
  const { t } = useTranslation(["auth", "common"]);
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [form, fields, events] = useRouteForm({
    id: "verify-login",
    constraint: getZodConstraint(twoFactorSchema),
    schema: eager(twoFactorSchema),
    defaultValue: { method: data.methods[0] },
  });
  return (
    <Modal name="loginVerifyModal" title={t("auth:twoFactor.title")} closeTo="/login">
      <p className="mt-2 text-sm text-ink-dim">{t("auth:twoFactor.text")}</p>
      <Form method="post" className="mt-4 space-y-4" {...getFormProps(form)} {...events}>
        <HoneypotFields />
        <FormError id={form.errorId} errors={form.errors} />
        <FormNotice text={actionData?.notice} />
        <fieldset>
          <legend className="text-sm font-medium">{t("auth:twoFactor.method")}</legend>
          {data.methods.map((method) => (
            <label key={method} className="mt-1 flex items-center gap-2 text-sm">
              <input {...getInputProps(fields.method, { type: "radio", value: method })} key={method} />
              {method === "EMAIL" ? t("auth:twoFactor.byEmail", { to: data.email }) : t("auth:twoFactor.bySms", { to: data.mobile })}
            </label>
          ))}
        </fieldset>
        <Field meta={fields.code} label={t("auth:field.verificationCode")} inputMode="numeric" autoComplete="one-time-code">
          <SmsSendButton secondsLeft={actionData?.smsSecondsLeft ?? data.secondsLeft} />
        </Field>
        <button type="submit" name="intent" value="verify" className="btn-accent w-full">
          {t("auth:twoFactor.submit")}
        </button>
      </Form>
    </Modal>
  );
}
