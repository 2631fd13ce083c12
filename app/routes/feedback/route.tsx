import { getFormProps, getSelectProps, getTextareaProps } from "@conform-to/react";
import { OperatorHtml } from "~/components/operator-html";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { HoneypotFields } from "~/components/honeypot-fields";
import { FormError, useMessage } from "~/components/forms/field";
import { PicturesField } from "~/components/forms/pictures-field";
import { useRouteForm } from "~/components/forms/use-route-form";
import { Pager } from "~/components/records";
import { FEEDBACK_MAX_CHARS, FEEDBACK_TYPES } from "~/domain/feedback";
import { feedbackAction, feedbackLoader } from "./feedback.server";
import { PictureLinks } from "~/components/picture-links";

// The form anatomy to copy (README, "Where things are"): loader and action in ./feedback.server.ts,
// re-exported here; the form is useRouteForm with the loader's constraint and a lazy schema; the
// hidden inputs are the csrf token (or a visitor's honeypot) and the requestId; a page with several
// forms gives each a hidden intent and useRouteForm its `intent` (member.withdraw); anything else of
// the answer is useActionData<typeof action>().
// Its form's messages are in "auth" (useMessage): the browser has them before it hydrates.
export const handle = { i18n: ["common", "auth"] };
export const loader = ({ request }: LoaderFunctionArgs) => feedbackLoader(request);
export const action = ({ request }: ActionFunctionArgs) => feedbackAction(request);
export const meta: MetaFunction<typeof loader> = ({ data }) => (data ? [{ title: data.meta.title }] : []);

export default function FeedbackPage() {
  const d = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const { t } = useTranslation();
  const tr = useMessage();
  const [form, fields, events] = useRouteForm({
    id: "feedback",
    constraint: d.constraint,
    schema: () => import("~/domain/feedback").then((m) => m.feedbackSchema),
    shouldRevalidate: "onSubmit",
  });
  const imagesError = (form.allErrors.images ?? [])[0];
  return (
    <section className="space-y-4 px-3 py-5">
      <h1 className="text-xl font-bold">{t("feedback.title")}</h1>
      {!d.enabled ? (
        <p className="text-ink-dim">{t("feedback.off")}</p>
      ) : (
        <Form method="post" encType="multipart/form-data" className="space-y-3 rounded-xl bg-panel p-3" {...getFormProps(form)} {...events}>
          {d.signedIn ? <AuthenticityTokenInput name="csrf" /> : <HoneypotFields />}
          <input type="hidden" name="requestId" value={d.requestId} />
          <FormError id={form.errorId} errors={form.errors} />
          <div>
            <label htmlFor={fields.questionType.id} className="text-sm font-medium">
              {t("feedback.type")}
            </label>
            <select {...getSelectProps(fields.questionType)} className="field">
              <option value="">{t("feedback.chooseType")}</option>
              {FEEDBACK_TYPES.map((type) => (
                <option key={type} value={type}>
                  {t(`feedback.types.${type}`)}
                </option>
              ))}
            </select>
            {fields.questionType.errors?.[0] ? (
              <p id={fields.questionType.errorId} className="field-error">
                {tr(fields.questionType.errors[0])}
              </p>
            ) : null}
          </div>
          <div>
            <label htmlFor={fields.content.id} className="text-sm font-medium">
              {t("feedback.content")}
            </label>
            <textarea {...getTextareaProps(fields.content)} rows={5} maxLength={FEEDBACK_MAX_CHARS} className="field" />
            {fields.content.errors?.[0] ? (
              <p id={fields.content.errorId} className="field-error">
                {tr(fields.content.errors[0])}
              </p>
            ) : null}
          </div>
          <PicturesField id="feedback-images" label={t("feedback.images")} error={imagesError} />
          <button type="submit" className="btn-accent w-full" disabled={navigation.state !== "idle"}>
            {t("feedback.send")}
          </button>
        </Form>
      )}
      {d.signedIn ? (
        <div className="space-y-2">
          <h2 className="text-lg font-bold">{t("feedback.mine")}</h2>
          {d.past.length === 0 ? <p className="text-sm text-ink-dim">{t("feedback.none")}</p> : null}
          <ul className="space-y-2" data-testid="feedback-list">
            {d.past.map((f) => (
              <li key={f.id} className="space-y-1 rounded-xl bg-panel p-3 text-sm">
                <p className="flex justify-between gap-2">
                  <span className="font-semibold">{t(`feedback.types.${f.type}`, { defaultValue: f.type })}</span>
                  <span className={`text-xs font-bold ${f.status === "REPLIED" ? "text-ok" : "text-ink-dim"}`}>
                    {t(`feedback.status.${f.status}`, { defaultValue: f.status })}
                  </span>
                </p>
                <p dir="auto" className="whitespace-pre-wrap break-words">
                  {f.content}
                </p>
                <p className="text-xs text-ink-dim">
                  {f.time}
                  {f.images.length ? ` · ${t("feedback.withImages", { count: f.images.length })}` : ""}
                </p>
                <PictureLinks images={f.images} />
                {f.replies.map((r) => (
                  <div key={r.key} className="rounded-lg border-s-4 border-accent bg-panel-2 p-2">
                    <p className="text-xs font-semibold text-accent">{t("feedback.reply", { time: r.time })}</p>
                    <OperatorHtml className="prose-invert text-sm" html={r.html} />
                  </div>
                ))}
              </li>
            ))}
          </ul>
          <Pager page={d.page} totalPages={d.totalPages} />
        </div>
      ) : (
        <p className="text-sm text-ink-dim">
          <Link to="/login?redirectTo=%2Ffeedback" className="text-accent underline">
            {t("feedback.logInToSee")}
          </Link>
        </p>
      )}
    </section>
  );
}
