import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { PartUnavailable } from "~/components/records";
import { useMessage } from "~/components/forms/field";
import { missionsAction, missionsLoader } from "./missions.server";

export const loader = ({ request }: LoaderFunctionArgs) => missionsLoader(request);
export const action = ({ request }: ActionFunctionArgs) => missionsAction(request);

export const meta: MetaFunction<typeof loader> = ({ data: d }) => (d ? [{ title: d.meta.title }] : []);

export default function Missions() {
  const d = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  const { t } = useTranslation();
  const tr = useMessage();
  return (
    <section className="mt-4 space-y-3">
      <h1 className="text-xl font-bold">{t("member.missions")}</h1>
      {answer?.error ? (
        <p role="alert" className="rounded-md bg-bad/15 px-3 py-2 text-sm text-bad">
          {tr(answer.error)}
        </p>
      ) : null}
      <ul className="space-y-2" data-testid="missions">
        {d.missions.map((m) => (
          <li key={m.id} className="rounded-xl bg-panel p-3 text-sm">
            <p className="flex justify-between gap-2">
              <span className="font-semibold" dir="auto">
                {m.title}
              </span>
              <span className="figure text-accent" dir="ltr">
                +{m.reward}
              </span>
            </p>
            {m.description ? <p className="text-ink-dim">{m.description}</p> : null}
            <div
              className="mt-2 h-2 overflow-hidden rounded-full bg-night"
              role="progressbar"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={Math.round(m.percent)}
              aria-label={m.title}
            >
              <div className="h-full bg-accent" style={{ width: `${m.percent}%` }} />
            </div>
            <div className="mt-2 flex items-center justify-between">
              <span className="text-xs text-ink-dim">
                {m.progress} / {m.target}
              </span>
              {m.status === "CLAIMABLE" ? (
                <Form method="post">
                  <AuthenticityTokenInput name="csrf" />
                  <input type="hidden" name="requestId" value={d.requestId} />
                  <input type="hidden" name="missionId" value={m.id} />
                  <button type="submit" className="btn-accent" disabled={busy}>
                    {t("member.rewards.claim")}
                  </button>
                </Form>
              ) : (
                <span className="text-xs" data-status={m.status}>
                  {t(`member.mission.${m.status}`, { defaultValue: m.status })}
                </span>
              )}
            </div>
          </li>
        ))}
      </ul>
      {d.leaders.length > 0 ? (
        <section aria-labelledby="leaders">
          <h2 id="leaders" className="mb-2 font-bold">
            {t("member.mission.leaderboard")}
          </h2>
          <ol className="divide-y divide-white/10 rounded-xl bg-panel text-sm">
            {d.leaders.map((l) => (
              <li key={l.rank} className={`flex justify-between px-3 py-2 ${l.me ? "font-bold text-accent" : ""}`}>
                <span>
                  {l.rank}. <bdi>{l.name}</bdi>
                </span>
                <span className="figure" dir="ltr">
                  {l.turnover}
                </span>
              </li>
            ))}
          </ol>
        </section>
      ) : d.leadersUnavailable ? (
        <PartUnavailable />
      ) : null}
    </section>
  );
}
