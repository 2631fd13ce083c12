import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { useMessage } from "~/components/forms/field";
import { rewardCenterAction, rewardCenterLoader } from "./reward-center.server";

export const loader = ({ request }: LoaderFunctionArgs) => rewardCenterLoader(request);
export const action = ({ request }: ActionFunctionArgs) => rewardCenterAction(request);

export const meta: MetaFunction<typeof loader> = ({ data: d }) => (d ? [{ title: d.meta.title }] : []);

export default function RewardCenter() {
  const d = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  const { t } = useTranslation();
  const tr = useMessage();
  const button = (intent: string, label: string, promotionId?: string) => (
    <Form method="post">
      <AuthenticityTokenInput name="csrf" />
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="requestId" value={d.requestId} />
      {promotionId ? <input type="hidden" name="promotionId" value={promotionId} /> : null}
      <button type="submit" className="btn-accent" disabled={busy}>
        {label}
      </button>
    </Form>
  );
  return (
    <section className="mt-4 space-y-3">
      <div className="flex items-center justify-between gap-2">
        <h1 className="text-xl font-bold">{t("member.rewardCenter")}</h1>
        {button("raffle", t("member.rewards.raffle"))}
      </div>
      {answer?.error ? (
        <p role="alert" className="rounded-md bg-bad/15 px-3 py-2 text-sm text-bad">
          {tr(answer.error)}
        </p>
      ) : null}
      <ul className="space-y-2" data-testid="promotions">
        {d.promotions.map((p) => (
          <li key={p.id} className="rounded-xl bg-panel p-3 text-sm">
            <p className="flex justify-between gap-2">
              <Link to={`/promoDetail?id=${p.id}`} className="font-semibold underline-offset-2 hover:underline" dir="auto">
                {p.title}
              </Link>
              <span className="shrink-0 text-xs text-accent" data-status={p.status}>
                {p.statusName}
              </span>
            </p>
            {p.description ? <p className="mt-1 text-ink-dim">{p.description}</p> : null}
            <div className="mt-2 flex items-center justify-between gap-2">
              <span className="text-xs text-ink-dim">
                {p.bonus ? t("member.rewards.bonus", { amount: p.bonus }) : ""}
                {p.ends ? ` · ${t("member.rewards.ends", { at: p.ends })}` : ""}
              </span>
              {p.canJoin
                ? button("join", t("member.rewards.join"), p.id)
                : p.canClaim
                  ? button("claim", t("member.rewards.claim"), p.id)
                  : null}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
