import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { WithFigures } from "~/components/figure";
import { useTranslation } from "~/i18n/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { useMessage } from "~/components/forms/field";
import { cashbackAction, cashbackLoader } from "./cashback.server";

export const loader = ({ request }: LoaderFunctionArgs) => cashbackLoader(request);
export const action = ({ request }: ActionFunctionArgs) => cashbackAction(request);

export const meta: MetaFunction<typeof loader> = ({ data: d }) => (d ? [{ title: d.meta.title }] : []);

export default function Cashback() {
  const d = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const { t } = useTranslation();
  const tr = useMessage();
  return (
    <section className="mt-4 space-y-3">
      <h1 className="text-xl font-bold">{t("member.cashback")}</h1>
      <ul className="divide-y divide-white/10 rounded-xl bg-panel text-sm" data-testid="rebates">
        {d.rows.map((r) => (
          <li key={r.type} className="flex items-center justify-between gap-2 px-3 py-2">
            <span>
              <bdi>{r.name}</bdi>
              <span className="block text-xs text-ink-dim">
                <WithFigures t={t} i18nKey="member.cashbackPage.line" values={{ rate: r.rate }} figures={{ bet: r.validBet }} />
              </span>
            </span>
            <strong className="figure" dir="ltr">
              {r.amount}
            </strong>
          </li>
        ))}
      </ul>
      <p className="flex justify-between rounded-xl bg-panel px-3 py-2">
        <span>{t("member.cashbackPage.total")}</span>
        <strong data-testid="rebate-total">{d.total}</strong>
      </p>
      {answer?.error ? (
        <p role="alert" className="rounded-md bg-bad/15 px-3 py-2 text-sm text-bad">
          {tr(answer.error)}
        </p>
      ) : null}
      <Form method="post">
        <AuthenticityTokenInput name="csrf" />
        <input type="hidden" name="requestId" value={d.requestId} />
        <button type="submit" className="btn-accent w-full" disabled={!d.canClaim || navigation.state !== "idle"}>
          {t("member.cashbackPage.claim")}
        </button>
      </Form>
      {!d.canClaim ? <p className="text-xs text-ink-dim">{t("member.cashbackPage.minimum", { min: d.minClaim })}</p> : null}
    </section>
  );
}
