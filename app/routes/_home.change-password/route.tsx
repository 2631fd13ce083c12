import { getFormProps } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { eager } from "~/components/forms/eager-validation";
import { Field, FormError } from "~/components/forms/field";
import { useRouteForm } from "~/components/forms/use-route-form";
import { Modal } from "~/components/modal";
import { changePasswordSchema } from "~/domain/passwords";
import { changePasswordAction, changePasswordLoader } from "./change-password.server";

export const handle = { i18n: ["common", "auth"] };
export const loader = ({ request }: LoaderFunctionArgs) => changePasswordLoader(request);
export const action = ({ request }: ActionFunctionArgs) => changePasswordAction(request);
export const meta: MetaFunction<typeof loader> = ({ data }) => (data ? [{ title: data.meta.title }] : []);

export default function ChangePassword() {
  const { t } = useTranslation(["auth", "common"]);
  const { forced } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const [form, fields, events] = useRouteForm({
    id: "change-password",
    constraint: getZodConstraint(changePasswordSchema),
    schema: eager(changePasswordSchema),
  });
  return (
    // A forced change cannot be dismissed: the player changes the password or logs out.
    <Modal name="changePassModal" title={t("auth:password.changeTitle")} closeTo="/" showClose={!forced}>
      {forced ? <p className="mt-2 rounded-md bg-accent/15 px-3 py-2 text-sm">{t("auth:password.forced")}</p> : null}
      <Form method="post" className="mt-4 space-y-4" {...getFormProps(form)} {...events}>
        <AuthenticityTokenInput name="csrf" />
        <FormError id={form.errorId} errors={form.errors} />
        <Field meta={fields.oldPassword} label={t("auth:password.old")} type="password" autoComplete="current-password" />
        <Field meta={fields.newPassword} label={t("auth:password.new")} type="password" autoComplete="new-password" />
        <Field meta={fields.confirmNewPassword} label={t("auth:password.confirm")} type="password" autoComplete="new-password" />
        <button type="submit" className="btn-accent w-full" disabled={navigation.state !== "idle"}>
          {t("auth:password.changeSubmit")}
        </button>
      </Form>
    </Modal>
  );
}
