import { getFormProps, getInputProps } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod";
import { Form, useNavigation } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { HoneypotFields } from "~/components/honeypot-fields";
import { eager } from "~/components/forms/eager-validation";
import { Field, FormError } from "~/components/forms/field";
import { useRouteForm } from "~/components/forms/use-route-form";
import { SliderCaptcha, type SliderChallengeView } from "~/components/forms/slider-captcha";
import { usernameLoginSchema } from "~/domain/login";
import type { Remembered } from "~/accounts/remember.server";

type Data = {
  redirectTo: string;
  captcha: { stamp: number } | null;
  slider: SliderChallengeView | null;
  remembered: Remembered | null;
};

export function UsernameLoginForm({ data }: { data: Data }) {
  const { t } = useTranslation(["auth", "common"]);
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" && navigation.formAction?.startsWith("/login") === true;
  const [form, fields, events] = useRouteForm({
    id: "login",
    constraint: getZodConstraint(usernameLoginSchema),
    schema: eager(usernameLoginSchema),
    defaultValue: {
      redirectTo: data.redirectTo,
      username: data.remembered?.userName ?? "",
      remember: data.remembered?.userName ? "on" : undefined,
    },
  });
  return (
    <Form method="post" action="/login" className="mt-4 space-y-4" {...getFormProps(form)} {...events}>
      <HoneypotFields />
      <input type="hidden" name="tab" value="username" />
      <input {...getInputProps(fields.redirectTo, { type: "hidden" })} />
      <FormError id={form.errorId} errors={form.errors} />
      <Field
        meta={fields.username}
        label={t("auth:login.username")}
        autoComplete="username"
        placeholder={t("auth:login.usernamePlaceholder")}
      />
      <Field
        meta={fields.password}
        label={t("auth:login.password")}
        type="password"
        autoComplete="current-password"
        placeholder={t("auth:login.passwordPlaceholder")}
      />
      {data.captcha ? (
        <Field meta={fields.captcha} label={t("auth:captcha.label")} autoComplete="off">
          {/* biome-ignore lint/a11y/useValidAnchor: href="" loads this page again with a new picture, without JavaScript too */}
          <a href="" className="shrink-0" title={t("auth:captcha.refresh")} aria-label={t("auth:captcha.refresh")}>
            <img
              src={`/captcha?s=${data.captcha.stamp}`}
              alt={t("auth:captcha.alt")}
              width={120}
              height={44}
              className="h-11 w-[120px] rounded-lg bg-white"
            />
          </a>
        </Field>
      ) : null}
      {data.slider ? <SliderCaptcha challenge={data.slider} /> : null}
      <label className="flex items-center gap-2 text-sm">
        <input {...getInputProps(fields.remember, { type: "checkbox" })} className="h-4 w-4 accent-[var(--color-accent)]" />
        {t("auth:login.remember")}
      </label>
      <button type="submit" className="btn-accent w-full" disabled={pending}>
        {pending ? t("auth:login.submitting") : t("auth:login.submit")}
      </button>
    </Form>
  );
}
