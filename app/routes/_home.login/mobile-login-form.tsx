import { getFormProps, getInputProps } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod";
import { Form, useNavigation } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { HoneypotFields } from "~/components/honeypot-fields";
import type { CountryOption } from "~/components/forms/country-select";
import { MobileField } from "~/components/forms/mobile-field";
import { eager } from "~/components/forms/eager-validation";
import { Field, FormError, FormNotice } from "~/components/forms/field";
import { useRouteForm } from "~/components/forms/use-route-form";
import { SliderCaptcha, type SliderChallengeView } from "~/components/forms/slider-captcha";
import { SmsSendButton } from "~/components/forms/sms-send-button";
import { smsLoginSchema } from "~/domain/login";
import type { Remembered } from "~/accounts/remember.server";

type Data = {
  redirectTo: string;
  slider: SliderChallengeView | null;
  countries: CountryOption[];
  remembered: Remembered | null;
  smsSecondsLeft: number;
};

export function MobileLoginForm({ data, notice }: { data: Data; notice?: string }) {
  const { t } = useTranslation(["auth", "common"]);
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formAction?.startsWith("/login") === true;
  const sending = busy && navigation.formData?.get("intent") === "send-code";
  const [form, fields, events] = useRouteForm({
    id: "login-mobile",
    constraint: getZodConstraint(smsLoginSchema),
    // Sending a code needs only the number; logging in needs the code too.
    schema: eager(smsLoginSchema),
    defaultValue: {
      redirectTo: data.redirectTo,
      mobileNum: data.remembered?.mobile ?? "",
      remember: data.remembered?.mobile ? "on" : undefined,
    },
  });
  return (
    <Form
      method="post"
      action={`/login?tab=mobile&redirectTo=${encodeURIComponent(data.redirectTo)}`}
      className="mt-4 space-y-4"
      {...getFormProps(form)}
      {...events}
    >
      <HoneypotFields />
      <input type="hidden" name="tab" value="mobile" />
      <input {...getInputProps(fields.redirectTo, { type: "hidden" })} />
      <FormError id={form.errorId} errors={form.errors} />
      <FormNotice text={notice} />
      <MobileField meta={fields.mobileNum} countries={data.countries} defaultDialingCode={data.remembered?.dialingCode} />
      {data.slider ? <SliderCaptcha challenge={data.slider} /> : null}
      <Field meta={fields.code} label={t("auth:field.verificationCode")} inputMode="numeric" autoComplete="one-time-code">
        <SmsSendButton secondsLeft={data.smsSecondsLeft} pending={sending} />
      </Field>
      <label className="flex items-center gap-2 text-sm">
        <input {...getInputProps(fields.remember, { type: "checkbox" })} className="h-4 w-4" />
        {t("auth:login.remember")}
      </label>
      <button type="submit" name="intent" value="login" className="btn-accent w-full" disabled={busy && !sending}>
        {busy && !sending ? t("auth:login.submitting") : t("auth:login.submit")}
      </button>
    </Form>
  );
}
