import { getFormProps } from "@conform-to/react";
import type { getZodConstraint } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { Field, FormError } from "~/components/forms/field";
import { useRouteForm } from "~/components/forms/use-route-form";
import { Pager } from "~/components/records";
import { teamAction, teamLoader } from "./team.server";
import { queueWhenUnreachable } from "~/money/connection-queue";

export const loader = ({ request }: LoaderFunctionArgs) => teamLoader(request);
export const action = ({ request }: ActionFunctionArgs) => teamAction(request);
// With JavaScript, a post that gets no answer at all waits for the connection (issue 29).
export const clientAction = queueWhenUnreachable;

export const meta: MetaFunction<typeof loader> = ({ data: d }) => (d ? [{ title: d.meta.title }] : []);

function TransferForm({
  target,
  constraint,
  cancel,
}: {
  target: { id: string; account: string; requestId: string; pending: object | null; passwordRequired: boolean };
  constraint: ReturnType<typeof getZodConstraint>;
  cancel: string;
}) {
  const navigation = useNavigation();
  const { t } = useTranslation();
  const [form, fields, events] = useRouteForm({
    id: "transfer",
    constraint,
    schema: () => import("~/domain/agent-forms").then((m) => m.downlineTransferSchema),
    shouldRevalidate: "onSubmit",
  });
  return (
    <Form
      method="post"
      className="space-y-3 rounded-xl border border-accent/40 bg-panel-2 p-3"
      {...getFormProps(form)}
      {...events}
      aria-labelledby="transfer-title"
    >
      <h3 id="transfer-title" className="font-bold">
        {t("agent.transfer.to", { account: target.account })}
      </h3>
      <AuthenticityTokenInput name="csrf" />
      <input type="hidden" name="intent" value="transfer" />
      <input type="hidden" name="requestId" value={target.requestId} />
      <input type="hidden" name="downlineId" value={target.id} />
      <FormError id={form.errorId} errors={form.errors} pending={target.pending} />
      <Field meta={fields.amount} label={t("member.wallet.amount")} type="number" inputMode="decimal" autoComplete="off" />
      {target.passwordRequired ? (
        <Field meta={fields.password} label={t("member.withdrawPage.password")} type="password" autoComplete="off" />
      ) : null}
      <div className="flex gap-2">
        <button type="submit" className="btn-accent flex-1" disabled={navigation.state !== "idle"}>
          {t("agent.transfer.send")}
        </button>
        <Link to={cancel} className="btn-ghost">
          {t("common:dialog.cancel")}
        </Link>
      </div>
    </Form>
  );
}

export default function TeamManagement() {
  const d = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const here = (change: Record<string, string | undefined>) => {
    const base: Record<string, string | undefined> = {
      parent: d.q.parentId,
      q: d.q.keyword || undefined,
      level: d.q.level,
      sort: d.q.sort,
      order: d.q.order,
      ...change,
    };
    const params = new URLSearchParams(Object.entries(base).filter((e): e is [string, string] => !!e[1]));
    return `?${params}`;
  };
  return (
    <section className="mt-4 space-y-3">
      <h2 className="text-xl font-bold">{t("agent.team")}</h2>
      {d.breadcrumb.length > 1 ? (
        <nav aria-label={t("agent.teamPage.breadcrumb")}>
          <ol className="flex flex-wrap items-center gap-1 text-sm">
            {d.breadcrumb.map((b, i) => (
              <li key={b.id} className="flex items-center gap-1">
                {i > 0 ? (
                  <span aria-hidden="true" className="text-ink-dim">
                    ›
                  </span>
                ) : null}
                {i === d.breadcrumb.length - 1 ? (
                  <span aria-current="page" className="font-semibold">
                    {b.account}
                  </span>
                ) : (
                  <Link
                    to={here({ parent: i === 0 ? undefined : b.id, q: undefined, level: "1", transfer: undefined })}
                    className="text-accent underline"
                  >
                    {b.account}
                  </Link>
                )}
              </li>
            ))}
          </ol>
        </nav>
      ) : null}
      <Form method="get" className="flex flex-wrap items-end gap-2 text-sm" role="search">
        {d.q.parentId ? <input type="hidden" name="parent" value={d.q.parentId} /> : null}
        <label className="flex min-w-0 basis-full flex-col">
          {t("agent.teamPage.search")}
          <input type="search" name="q" defaultValue={d.q.keyword} maxLength={32} className="field mt-0 py-1.5" autoComplete="off" />
        </label>
        <label className="flex flex-col">
          {t("agent.teamPage.level")}
          <select name="level" defaultValue={d.q.level} className="field mt-0 py-1.5">
            {["1", "2", "3", "4", "5"].map((l) => (
              <option key={l} value={l}>
                {t("agent.teamPage.levelN", { level: l })}
              </option>
            ))}
            <option value="0">{t("agent.teamPage.allLevels")}</option>
          </select>
        </label>
        <label className="flex flex-col">
          {t("agent.teamPage.sort")}
          <select name="sort" defaultValue={d.q.sort} className="field mt-0 py-1.5">
            {(["registerTime", "lastLoginTime", "balance", "account"] as const).map((s) => (
              <option key={s} value={s}>
                {t(`agent.teamPage.sorts.${s}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col">
          {t("agent.teamPage.order")}
          <select name="order" defaultValue={d.q.order} className="field mt-0 py-1.5">
            <option value="desc">{t("agent.teamPage.desc")}</option>
            <option value="asc">{t("agent.teamPage.asc")}</option>
          </select>
        </label>
        <button type="submit" className="btn-ghost">
          {t("records.apply")}
        </button>
      </Form>
      <p className="text-sm text-ink-dim">{t("agent.teamPage.count", { count: d.total })}</p>
      <ul className="divide-y divide-white/10 rounded-xl bg-panel text-sm" data-testid="downlines">
        {d.rows.map((r) => (
          <li key={r.id} className="space-y-1 px-3 py-2">
            <p className="flex items-baseline justify-between gap-2">
              <span className="truncate font-semibold">
                {r.account}
                {r.nickname ? <span className="ms-1 font-normal text-ink-dim">({r.nickname})</span> : null}
              </span>
              <span className="shrink-0 font-semibold">{r.balance}</span>
            </p>
            <p className="flex flex-wrap gap-x-3 text-xs text-ink-dim">
              <span>{r.agent ? t("agent.teamPage.typeAgent") : t("agent.teamPage.typeMember")}</span>
              <span>{t("agent.teamPage.levelN", { level: r.level })}</span>
              <span className={r.frozen ? "text-bad" : "text-ok"}>
                {r.frozen ? t("agent.teamPage.frozen") : t("agent.teamPage.normal")}
              </span>
            </p>
            <p className="flex flex-wrap gap-x-3 text-xs text-ink-dim">
              <span>{t("agent.teamPage.registered", { time: r.registered })}</span>
              <span>{r.lastLogin ? t("agent.teamPage.lastLogin", { time: r.lastLogin }) : t("agent.teamPage.neverLoggedIn")}</span>
            </p>
            <p className="flex flex-wrap gap-2 pt-1">
              {r.hasTeam ? (
                <Link to={here({ parent: r.id, q: undefined, level: "1", transfer: undefined })} className="btn-ghost min-h-9 px-3">
                  {t("agent.teamPage.open", { count: r.directCount })}
                </Link>
              ) : null}
              {r.level === 1 && !r.frozen ? (
                <Link to={`${here({ transfer: r.id })}#transfer`} className="btn-ghost min-h-9 px-3" preventScrollReset>
                  {t("agent.transfer.action")}
                </Link>
              ) : null}
            </p>
            {d.transfer?.id === r.id ? (
              <TransferForm target={d.transfer} constraint={d.constraint} cancel={here({ transfer: undefined })} />
            ) : null}
          </li>
        ))}
      </ul>
      {d.rows.length === 0 ? <p className="text-ink-dim">{t("agent.teamPage.none")}</p> : null}
      <Pager page={d.page} totalPages={d.totalPages} />
    </section>
  );
}
