import { type FieldMetadata, getFormProps, getSelectProps } from "@conform-to/react";
import type { ActionFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { Field, FormError, useMessage } from "~/components/forms/field";
import { useRouteForm } from "~/components/forms/use-route-form";
import { CONTRACT_PERIODS, type ContractKind } from "~/domain/agent-forms";
import type { contractsAction, contractsLoader } from "./contracts.server";

type Data = Awaited<ReturnType<typeof contractsLoader>>;
type ContractView = Data["mine"][number];
/** The action of the four contract routes: `({ request }) => contractsAction(request, kind)`. */
type ContractsRouteAction = (args: ActionFunctionArgs) => ReturnType<typeof contractsAction>;

function Moves({ contract, requestId }: { contract: ContractView; requestId: string }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  if (contract.moves.length === 0) return null;
  return (
    <Form method="post" className="flex flex-wrap gap-2 pt-1">
      <AuthenticityTokenInput name="csrf" />
      <input type="hidden" name="requestId" value={requestId} />
      <input type="hidden" name="contractId" value={contract.id} />
      {contract.moves.map((move) => (
        <button
          key={move}
          type="submit"
          name="intent"
          value={move}
          disabled={navigation.state !== "idle"}
          className={move === "accept" ? "btn-accent px-3 py-1.5 text-sm" : "btn-ghost px-3 py-1.5 text-sm"}
        >
          {t(`agent.contract.moves.${move}`)}
        </button>
      ))}
    </Form>
  );
}

function ContractCard({ contract, requestId, otherLabel }: { contract: ContractView; requestId: string; otherLabel: string }) {
  const { t } = useTranslation();
  const state = contract.status === "PENDING" ? "PENDING" : contract.request === "TERMINATION" ? "TERMINATION" : contract.status;
  const waiting = contract.moves.includes("accept");
  return (
    <li
      className={`space-y-1 rounded-xl bg-panel p-3 text-sm ${waiting ? "border-s-4 border-accent" : ""}`}
      data-testid="contract"
      data-status={contract.status}
    >
      <p className="flex items-baseline justify-between gap-2">
        <span className="truncate font-semibold">
          {otherLabel} {contract.other}
        </span>
        <span
          className={`shrink-0 text-xs font-bold ${state === "ACCEPTED" ? "text-ok" : state === "REJECTED" || state === "FINISHED" ? "text-ink-dim" : "text-accent"}`}
        >
          {t(`agent.contract.status.${state}`)}
        </span>
      </p>
      <dl className="flex flex-wrap gap-x-3 text-xs">
        {contract.terms
          .filter((x) => x.value !== "")
          .map((x) => (
            <div key={x.term} className="flex gap-1">
              <dt className="text-ink-dim">{t(`agent.contract.terms.${x.term}`)}</dt>
              <dd>{x.term === "period" ? t(`agent.contract.periods.${x.value}`) : x.value}</dd>
            </div>
          ))}
      </dl>
      <p className="text-xs text-ink-dim">
        {t("agent.contract.created", { time: contract.created })}
        {contract.accepted ? ` · ${t("agent.contract.acceptedAt", { time: contract.accepted })}` : ""}
        {contract.finished ? ` · ${t("agent.contract.finishedAt", { time: contract.finished })}` : ""}
      </p>
      {waiting ? (
        <p className="text-xs text-accent">
          {contract.request === "TERMINATION" ? t("agent.contract.waitingTermination") : t("agent.contract.waitingAnswer")}
        </p>
      ) : null}
      <Moves contract={contract} requestId={requestId} />
    </li>
  );
}

function OfferForm({ d }: { d: Data }) {
  const { t } = useTranslation();
  const tr = useMessage();
  const actionData = useActionData<ContractsRouteAction>();
  const navigation = useNavigation();
  const type = d.type as ContractKind;
  const [form, allFields, events] = useRouteForm({
    id: `offer-${type}`,
    constraint: d.constraint,
    schema: () => import("~/domain/agent-forms").then((m) => m.contractOfferSchema(type)),
    shouldRevalidate: "onSubmit",
  });
  const fields = allFields as unknown as Record<string, FieldMetadata<string | undefined>>;
  if (d.subAgents.length === 0) return <p className="text-sm text-ink-dim">{t("agent.contract.noSubAgents")}</p>;
  const downline = fields.downlineId!;
  return (
    <Form method="post" className="space-y-3 rounded-xl bg-panel p-3" {...getFormProps(form)} {...events} aria-labelledby="offer-title">
      <h3 id="offer-title" className="font-bold">
        {t("agent.contract.offerTitle")}
      </h3>
      <AuthenticityTokenInput name="csrf" />
      <input type="hidden" name="requestId" value={d.requestId} />
      <FormError id={form.errorId} errors={form.errors} />
      <div>
        <label htmlFor={downline.id} className="text-sm font-medium">
          {t("agent.contract.downline")}
        </label>
        <select {...getSelectProps(downline)} className="field">
          <option value="">{t("agent.contract.chooseDownline")}</option>
          {d.subAgents.map((s) => (
            <option key={s.id} value={s.id}>
              {s.account}
            </option>
          ))}
        </select>
        {downline.errors?.[0] ? (
          <p id={downline.errorId} className="field-error">
            {tr(downline.errors[0])}
          </p>
        ) : null}
      </div>
      {d.terms.map((term) => {
        const meta = fields[term];
        if (!meta) return null;
        if (term === "period") {
          return (
            <div key={term}>
              <label htmlFor={meta.id} className="text-sm font-medium">
                {t("agent.contract.terms.period")}
              </label>
              <select {...getSelectProps(meta)} className="field">
                {CONTRACT_PERIODS.map((p) => (
                  <option key={p} value={p}>
                    {t(`agent.contract.periods.${p}`)}
                  </option>
                ))}
              </select>
            </div>
          );
        }
        return (
          <Field key={term} meta={meta} label={t(`agent.contract.terms.${term}`)} type="number" inputMode="decimal" autoComplete="off" />
        );
      })}
      {actionData?.confirmNeeded && actionData.affected ? (
        <div className="rounded-lg border border-bad/50 p-3 text-sm" role="alert" data-testid="affected">
          <p className="font-semibold">{t("agent.contract.affectedTitle", { count: actionData.affected.length })}</p>
          <ul className="mt-1 list-disc ps-5">
            {actionData.affected.map((a: { account: string; rate: number | null }) => (
              <li key={a.account}>
                {a.account}
                {a.rate != null ? ` · ${a.rate}%` : ""}
              </li>
            ))}
          </ul>
          <label className="mt-2 flex items-center gap-2">
            <input type="checkbox" name="confirm" value="on" className="h-5 w-5" required />
            {t("agent.contract.confirmAffected")}
          </label>
        </div>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <button type="submit" name="intent" value="offer" className="btn-accent flex-1" disabled={navigation.state !== "idle"}>
          {t("agent.contract.offer")}
        </button>
        <button type="submit" name="intent" value="preview" className="btn-ghost" disabled={navigation.state !== "idle"}>
          {t("agent.contract.preview")}
        </button>
      </div>
      {actionData?.affected && !actionData.confirmNeeded ? (
        <p className="text-sm text-ok" role="status">
          {t("agent.contract.noneAffected")}
        </p>
      ) : null}
    </Form>
  );
}

export function ContractsPage() {
  const d = useLoaderData<Data>();
  const { t } = useTranslation();
  return (
    <section className="mt-4 space-y-4">
      <h2 className="text-xl font-bold">{t(d.labelKey)}</h2>
      <div className="space-y-2">
        <h3 className="font-bold">{t("agent.contract.mine")}</h3>
        {d.mine.length === 0 ? <p className="text-sm text-ink-dim">{t("agent.contract.noneMine")}</p> : null}
        <ul className="space-y-2" data-testid="contracts-mine">
          {d.mine.map((c) => (
            <ContractCard key={c.id} contract={c} requestId={d.requestId} otherLabel={t("agent.contract.fromUpline")} />
          ))}
        </ul>
      </div>
      <div className="space-y-2">
        <h3 className="font-bold">{t("agent.contract.team")}</h3>
        {d.team.length === 0 ? <p className="text-sm text-ink-dim">{t("agent.contract.noneTeam")}</p> : null}
        <ul className="space-y-2" data-testid="contracts-team">
          {d.team.map((c) => (
            <ContractCard key={c.id} contract={c} requestId={d.requestId} otherLabel={t("agent.contract.toDownline")} />
          ))}
        </ul>
      </div>
      <OfferForm d={d} />
      <div className="space-y-2">
        <h3 className="font-bold">{t("agent.contract.settlements")}</h3>
        {d.settlements.length === 0 ? <p className="text-sm text-ink-dim">{t("records.none")}</p> : null}
        <ul className="divide-y divide-white/10 rounded-xl bg-panel text-sm" data-testid="settlements">
          {d.settlements.map((s) => (
            <li key={s.key} className="px-3 py-2">
              <p className="flex justify-between gap-2">
                <span className="truncate">{s.period}</span>
                <span className="whitespace-nowrap font-semibold text-ok">{s.amount}</span>
              </p>
              <p className="text-xs text-ink-dim">
                {t("agent.contract.settlementFigures", { validBet: s.validBet, active: s.activeMembers })}
              </p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
