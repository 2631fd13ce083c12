import { getFormProps, getInputProps, type FieldMetadata } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useMemo } from "react";
import { Trans, useTranslation } from "~/i18n/react";
import { HoneypotFields } from "~/components/honeypot-fields";
import { revalidateAfterPosts } from "~/accounts/revalidate";
import { MobileField } from "~/components/forms/mobile-field";
import { Field, FormError, FormNotice, useMessage } from "~/components/forms/field";
import { useRouteForm } from "~/components/forms/use-route-form";
import { SliderCaptcha } from "~/components/forms/slider-captcha";
import { SocialButtons } from "~/components/forms/social-buttons";
import { SmsSendButton } from "~/components/forms/sms-send-button";
import { Tabs } from "~/components/forms/tabs";
import { Modal, ModalBanner } from "~/components/modal";
import { sendCodeSchema } from "~/domain/login";
import { registerSchema } from "~/domain/register";
import type { z } from "zod";
import { registerAction, registerLoader } from "./register.server";

export const handle = { i18n: ["common", "auth"] };
export const shouldRevalidate = revalidateAfterPosts;
export const loader = ({ request }: LoaderFunctionArgs) => registerLoader(request);
export const action = ({ request }: ActionFunctionArgs) => registerAction(request);
export const meta: MetaFunction<typeof loader> = ({ data }) => (data ? [{ title: data.meta.title }] : []);

const INPUT_TYPES: Record<string, "password" | "email" | "tel" | "date"> = {
  password: "password",
  confirmPassword: "password",
  paymentPassword: "password",
  email: "email",
  mobileNum: "tel",
  birthday: "date",
};
const AUTOCOMPLETE: Record<string, string> = {
  username: "username",
  password: "new-password",
  confirmPassword: "new-password",
  email: "email",
  mobileNum: "tel-national",
  payeeName: "name",
  verificationCode: "one-time-code",
  birthday: "bday",
};

export default function RegisterModal() {
  const { t } = useTranslation(["auth", "common"]);
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const sending = busy && navigation.formData?.get("intent") === "send-code";
  const schema = useMemo(() => registerSchema(data.settings, data.options), [data.settings, data.options]);
  const [form, fields, events] = useRouteForm<z.ZodType<Record<string, string>>>({
    id: `register-${data.mode}`,
    constraint: getZodConstraint(schema),
    // Eager, and asking for a code checks only the number; registering checks everything.
    schema: {
      eager: (formData) =>
        formData.get("intent") === "send-code" ? parseWithZod(formData, { schema: sendCodeSchema }) : parseWithZod(formData, { schema }),
    },
    defaultValue: { referralCode: data.referralCode, affiliateCode: data.affiliateCode },
  });
  const field = (name: string) => fields[name] as FieldMetadata<string | undefined>;

  return (
    <Modal name="registerModal" title={t("auth:register.title")} closeTo="/">
      <ModalBanner banner={data.banner} />
      <Tabs
        label={t("auth:register.methods")}
        current={data.mode}
        tabs={data.modes.map((m) => ({
          key: m,
          label: t(`auth:register.by.${m}`),
          to: `/register?tab=${m}${data.referralCode ? `&referralCode=${encodeURIComponent(data.referralCode)}` : ""}`,
        }))}
      />
      <Form method="post" action={`/register?tab=${data.mode}`} className="mt-4 space-y-4" {...getFormProps(form)} {...events}>
        <HoneypotFields />
        <input type="hidden" name="mode" value={data.mode} />
        <FormError id={form.errorId} errors={form.errors} />
        <FormNotice text={actionData?.notice} />
        {data.fields.map((name) =>
          name === "mobileNum" ? (
            <MobileField key={name} meta={field(name)} countries={data.countries} />
          ) : name === "verificationCode" ? (
            <Field key={name} meta={field(name)} label={t("auth:field.verificationCode")} inputMode="numeric" autoComplete="one-time-code">
              <SmsSendButton secondsLeft={actionData?.smsSecondsLeft ?? data.smsSecondsLeft} pending={sending} />
            </Field>
          ) : (
            <Field
              key={name}
              meta={field(name)}
              label={t(`auth:field.${name}`)}
              type={INPUT_TYPES[name] ?? "text"}
              autoComplete={AUTOCOMPLETE[name]}
            />
          ),
        )}
        {data.fields.includes("mobileNum") ? null : (
          <input type="hidden" name="countryDialingCode" value={data.countries[0]?.countryDialingCode ?? "880"} />
        )}
        {data.slider ? <SliderCaptcha challenge={data.slider} /> : null}
        <Checkbox meta={field("ageConfirmed")} label={t("auth:register.age", { age: data.options.minimumAge })} />
        <Checkbox
          meta={field("termsAccepted")}
          label={
            // One sentence with the link inside (<terms>…</terms>: "link" would parse as a void HTML tag), so each language places it.
            <Trans
              t={t}
              i18nKey="auth:register.acceptTerms"
              // biome-ignore lint/a11y/useAnchorContent: Trans puts the sentence's words inside the link
              components={{ terms: <a href={data.termsUrl} className="text-accent underline" target="_blank" rel="noopener noreferrer" /> }}
            />
          }
        />
        <div className="flex gap-2">
          <button type="reset" className="btn-ghost flex-1">
            {t("auth:register.reset")}
          </button>
          <button type="submit" name="intent" value="register" className="btn-accent flex-[2]" disabled={busy && !sending}>
            {busy && !sending ? t("auth:register.submitting") : t("auth:register.submit")}
          </button>
        </div>
        <p className="text-center text-sm text-ink-dim">
          {t("auth:register.haveAccount")}{" "}
          <Link to="/login" className="font-semibold text-accent">
            {t("auth:register.toLogin")}
          </Link>
        </p>
      </Form>
      <SocialButtons providers={data.social} />
    </Modal>
  );
}

function Checkbox({ meta, label }: { meta: FieldMetadata<string | undefined>; label: React.ReactNode }) {
  const tr = useMessage();
  return (
    <div>
      <label className="flex items-start gap-2 text-sm">
        <input {...getInputProps(meta, { type: "checkbox" })} className="mt-0.5 h-4 w-4" />
        <span>{label}</span>
      </label>
      {meta.errors?.[0] ? (
        <p id={meta.errorId} className="field-error">
          {tr(meta.errors[0])}
        </p>
      ) : null}
    </div>
  );
}
