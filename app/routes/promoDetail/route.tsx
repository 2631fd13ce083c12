import { getFormProps, getTextareaProps } from "@conform-to/react";
import { OperatorHtml } from "~/components/operator-html";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { FormError, useMessage } from "~/components/forms/field";
import { useRouteForm } from "~/components/forms/use-route-form";
import { PicturesField } from "~/components/forms/pictures-field";
import { useCurrentPath } from "~/components/shell/use-current-path";
import { PROMOTION_REMARK_MAX } from "~/domain/promotions";
import { promoDetailAction, promoDetailLoader } from "~/promotions/promotions.server";
import { StatusBadge } from "~/promotions/status-badge";
import { PictureLinks } from "~/components/picture-links";
import { Picture } from "~/data-saver/pictures";

// Promotion detail (docs/SPEC.md point 2, /promoDetail?id=): the terms (the operator's HTML, sanitized),
// the period, and the one action the status allows: log in, join, apply (a remark of at most 140
// characters and up to 3 pictures), or claim; an application shows its remark, pictures and the
// operator's answer.
// Its form's messages are in "auth" (useMessage): the browser has them before it hydrates.
export const handle = { i18n: ["common", "auth"] };
export const loader = ({ request }: LoaderFunctionArgs) => promoDetailLoader(request);
export const action = ({ request }: ActionFunctionArgs) => promoDetailAction(request);

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data ? [{ title: data.meta.title }, { name: "description", content: data.promotion.summary || data.meta.description }] : [];

export default function PromoDetail() {
  const d = useLoaderData<typeof loader>();
  const p = d.promotion;
  const { t } = useTranslation();
  const tr = useMessage();
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  const here = useCurrentPath();
  const button = (intent: "join" | "claim", label: string) => (
    <Form method="post">
      <AuthenticityTokenInput name="csrf" />
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="requestId" value={d.requestId} />
      <button type="submit" className="btn-accent w-full" disabled={busy}>
        {label}
      </button>
    </Form>
  );
  return (
    <article className="space-y-3 px-3 py-5">
      <p className="text-sm">
        <Link to="/promotions" className="text-accent underline">
          {t("promotions.back")}
        </Link>
      </p>
      {p.banner ? (
        <Picture
          src={p.banner}
          alt=""
          width={p.bannerWidth}
          height={p.bannerHeight}
          fetchPriority="high"
          className="block h-auto w-full rounded-xl bg-panel-2"
        />
      ) : null}
      <div className="space-y-1">
        <h1 className="flex items-start justify-between gap-2 text-xl font-bold">
          <span dir="auto">{p.title}</span>
          <StatusBadge status={p.status} name={p.statusName} />
        </h1>
        <p className="text-sm text-ink-dim">
          {p.categoryName ? `${p.categoryName} · ` : ""}
          {p.ends ? t("promotions.period", { from: p.starts, to: p.ends }) : t("promotions.noExpiry", { from: p.starts })}
        </p>
        {p.bonus ? <p className="text-sm font-semibold text-accent">{t("member.rewards.bonus", { amount: p.bonus })}</p> : null}
      </div>
      {p.description ? <p className="text-sm">{p.description}</p> : null}

      {answer && "error" in answer && answer.error ? (
        <p role="alert" className="rounded-md bg-bad/15 px-3 py-2 text-sm text-bad">
          {tr(answer.error)}
        </p>
      ) : null}
      <div className="rounded-xl bg-panel p-3" data-testid="promotion-action">
        {d.action === "login" ? (
          <Link to={`/login?redirectTo=${encodeURIComponent(here)}`} className="btn-accent block w-full text-center">
            {t("promotions.logInToJoin")}
          </Link>
        ) : d.action === "join" ? (
          button("join", t("member.rewards.join"))
        ) : d.action === "claim" ? (
          button("claim", t("member.rewards.claim"))
        ) : d.action === "apply" ? (
          <ApplyForm requestId={d.requestId} constraint={d.constraint} />
        ) : (
          <p className="text-sm text-ink-dim">{t(`promotions.statusHint.${p.status}`, { defaultValue: p.statusName })}</p>
        )}
        {p.application ? (
          <div className="mt-3 space-y-1 border-t border-panel-2 pt-3 text-sm" data-testid="promotion-application">
            <p className="font-semibold">{t("promotions.yourApplication", { time: p.application.time })}</p>
            <p dir="auto" className="whitespace-pre-wrap break-words">
              {p.application.remark}
            </p>
            <PictureLinks images={p.application.images} />
            {p.application.reason ? (
              <p className="text-bad">
                {t("promotions.reasonLabel")} <span dir="auto">{p.application.reason}</span>
              </p>
            ) : null}
          </div>
        ) : null}
      </div>

      {p.terms ? (
        <section aria-labelledby="terms" className="rounded-xl bg-panel p-3">
          <h2 id="terms" className="mb-2 text-lg font-bold">
            {t("promotions.terms")}
          </h2>
          <OperatorHtml className="prose-invert text-sm" dir="auto" html={p.terms} />
        </section>
      ) : null}
    </article>
  );
}

function ApplyForm({
  requestId,
  constraint,
}: {
  requestId: string;
  constraint: ReturnType<typeof useLoaderData<typeof loader>>["constraint"];
}) {
  const { t } = useTranslation();
  const tr = useMessage();
  const navigation = useNavigation();
  const [form, fields, events] = useRouteForm({
    id: "promotion-apply",
    constraint,
    schema: () => import("~/domain/promotions").then((m) => m.applySchema),
    shouldRevalidate: "onSubmit",
  });
  const imagesError = (form.allErrors.images ?? [])[0];
  return (
    <Form method="post" encType="multipart/form-data" className="space-y-3" {...getFormProps(form)} {...events}>
      <AuthenticityTokenInput name="csrf" />
      <input type="hidden" name="requestId" value={requestId} />
      <FormError id={form.errorId} errors={form.errors} />
      <div>
        <label htmlFor={fields.remark.id} className="text-sm font-medium">
          {t("promotions.remark")}
        </label>
        <textarea
          {...getTextareaProps(fields.remark)}
          rows={3}
          maxLength={PROMOTION_REMARK_MAX}
          className="field"
          aria-describedby={`${fields.remark.id}-hint ${fields.remark.errorId}`}
        />
        <p id={`${fields.remark.id}-hint`} className="text-xs text-ink-dim">
          {t("promotions.remarkHint", { max: PROMOTION_REMARK_MAX })}
        </p>
        {fields.remark.errors?.[0] ? (
          <p id={fields.remark.errorId} className="field-error">
            {tr(fields.remark.errors[0])}
          </p>
        ) : null}
      </div>
      <PicturesField id="promotion-images" label={t("promotions.images")} error={imagesError} />
      <button type="submit" className="btn-accent w-full" disabled={navigation.state !== "idle"}>
        {t("promotions.apply")}
      </button>
    </Form>
  );
}
