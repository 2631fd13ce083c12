import { getFormProps } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { HoneypotFields } from "~/components/honeypot-fields";
import { revalidateAfterPosts } from "~/accounts/revalidate";
import { MobileField } from "~/components/forms/mobile-field";
import { eager } from "~/components/forms/eager-validation";
import { Field, FormError, FormNotice, useMessage } from "~/components/forms/field";
import { useRouteForm } from "~/components/forms/use-route-form";
import { SliderCaptcha } from "~/components/forms/slider-captcha";
import { SmsSendButton } from "~/components/forms/sms-send-button";
import { Tabs } from "~/components/forms/tabs";
import { Modal } from "~/components/modal";
import { forgotAction, forgotLoader } from "./forgot.server";
import { emailResetSchema, phoneResetSchema } from "./schema";

export const handle = { i18n: ["common", "auth"] };
export const shouldRevalidate = revalidateAfterPosts;
export const loader = ({ request }: LoaderFunctionArgs) => forgotLoader(request);
export const action = ({ request }: ActionFunctionArgs) => forgotAction(request);
export const meta: MetaFunction<typeof loader> = ({ data }) => (data ? [{ title: data.meta.title }] : []);

export default function ForgotPassword() {
  const { t } = useTranslation(["auth", "common"]);
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <Modal name="forgetPassModal" title={t("auth:forgot.title")} closeTo="/login">
      <Tabs
        label={t("auth:forgot.methods")}
        current={data.tab ?? ""}
        tabs={data.tabs.map((tab) => ({ key: tab, label: t(`auth:forgot.by.${tab}`), to: `/forgot-password?tab=${tab}` }))}
      />
      {data.tab === "email" ? <EmailReset notice={actionData?.notice} /> : null}
      {data.tab === "phone" ? <PhoneReset data={data} notice={actionData?.notice} smsSecondsLeft={actionData?.smsSecondsLeft} /> : null}
      {data.tab === null ? <p className="mt-4 text-ink-dim">{t("auth:forgot.none")}</p> : null}
      <p className="mt-4 text-center text-sm">
        <Link to="/login" className="text-accent">
          {t("auth:forgot.backToLogin")}
        </Link>
      </p>
    </Modal>
  );
}

function EmailReset({ notice }: { notice?: string }) {
  const { t } = useTranslation(["auth", "common"]);
  const tr = useMessage();
  const [form, fields, events] = useRouteForm({
    id: "forgot-email",
    constraint: getZodConstraint(emailResetSchema),
    schema: eager(emailResetSchema),
  });
  if (notice) {
    // The success dialog (key in_been_out): the same whether or not an account matched.
    return (
      <div role="alertdialog" aria-labelledby="email-sent" className="mt-4 space-y-4 text-center">
        <p id="email-sent">{tr(notice)}</p>
        <Link to="/login" className="btn-accent w-full">
          {t("auth:forgot.submitOk")}
        </Link>
      </div>
    );
  }
  return (
    <Form method="post" className="mt-4 space-y-4" {...getFormProps(form)} {...events}>
      <HoneypotFields />
      <input type="hidden" name="tab" value="email" />
      <FormError id={form.errorId} errors={form.errors} />
      <Field meta={fields.username} label={t("auth:login.username")} autoComplete="username" />
      <Field meta={fields.email} label={t("auth:field.email")} type="email" autoComplete="email" inputMode="email" />
      <button type="submit" className="btn-accent w-full">
        {t("auth:forgot.sendEmail")}
      </button>
    </Form>
  );
}

function PhoneReset({
  data,
  notice,
  smsSecondsLeft,
}: {
  data: Awaited<ReturnType<typeof forgotLoader>>;
  notice?: string;
  smsSecondsLeft?: number;
}) {
  const { t } = useTranslation(["auth", "common"]);
  const navigation = useNavigation();
  const sending = navigation.state !== "idle" && navigation.formData?.get("intent") === "send-code";
  const [form, fields, events] = useRouteForm({
    id: "forgot-phone",
    constraint: getZodConstraint(phoneResetSchema),
    schema: eager(phoneResetSchema),
  });
  return (
    <Form method="post" className="mt-4 space-y-4" {...getFormProps(form)} {...events}>
      <HoneypotFields />
      <input type="hidden" name="tab" value="phone" />
      <FormError id={form.errorId} errors={form.errors} />
      <FormNotice text={notice} />
      <MobileField meta={fields.mobileNum} countries={data.countries} />
      {data.slider ? <SliderCaptcha challenge={data.slider} /> : null}
      <Field meta={fields.verificationCode} label={t("auth:field.verificationCode")} inputMode="numeric" autoComplete="one-time-code">
        <SmsSendButton secondsLeft={smsSecondsLeft ?? data.smsSecondsLeft} pending={sending} />
      </Field>
      <Field meta={fields.newPassword} label={t("auth:password.new")} type="password" autoComplete="new-password" />
      <button type="submit" name="intent" value="reset" className="btn-accent w-full">
        {t("auth:forgot.resetSubmit")}
      </button>
    </Form>
  );
}
