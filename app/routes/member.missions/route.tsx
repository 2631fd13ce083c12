import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { moneyFormat } from "~/money/format.server";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { z } from "zod";
import { blockFailed, readFailed, requireMemberPage } from "~/accounts/guards.server";
import { PartUnavailable } from "~/components/records";
import { useMessage } from "~/components/forms/field";
import { pageMeta } from "~/i18n/t.server";
import { claimRefusal, moneyAction } from "~/money/action.server";
import { formRequestId } from "~/money/pending.server";
import { REQUEST_ID } from "~/money/request-id.server";
import { redirectWithNotice } from "~/session.server";

// Mission activity: missions with their progress and reward (claimed by a form), and this
// month's leaderboard.
export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireMemberPage(request, "missionLeaderboard");
  const money = await moneyFormat(ctx);
  const [missions, board] = await Promise.all([ctx.gateway.records.missions(), ctx.gateway.records.leaderboard(10).catch(blockFailed(request))]).catch(readFailed(request));
  const amount = (metric: string | null | undefined, n: number) => (metric === "BET_COUNT" ? String(n) : money(n));
  return {
    missions: (missions.list ?? []).map((m) => ({
      id: m.missionId, title: m.title ?? "", description: m.description ?? "", status: m.status,
      progress: amount(m.metric, m.progress), target: amount(m.metric, m.target), percent: m.target > 0 ? Math.min(100, (m.progress / m.target) * 100) : 0,
      reward: money(m.reward),
    })),
    leadersUnavailable: board === null,
    leaders: (board?.list ?? []).map((l) => ({ rank: l.rank, name: l.customerName ?? "", turnover: money(l.turnover), me: l.isMe === true })),
    requestId: formRequestId(ctx.session, request),
    meta: await pageMeta(request, "member.missions"),
  };
}

const form = z.object({ requestId: z.string().regex(REQUEST_ID), missionId: z.string().regex(/^[\w-]{1,40}$/) });

export async function action({ request }: ActionFunctionArgs) {
  const { ctx, formData } = await moneyAction(request, "missionLeaderboard");
  const parsed = form.safeParse(Object.fromEntries(formData));
  if (!parsed.success) return data({ error: "validation.formExpired" }, { status: 400 });
  try {
    await ctx.gateway.records.claimMission(parsed.data.requestId, parsed.data.missionId);
  } catch (error) {
    return claimRefusal(request, formData, error);
  }
  return redirectWithNotice(ctx.session, "/member/missions", "member.rewards.claimed");
}

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
      {answer?.error ? <p role="alert" className="rounded-md bg-bad/15 px-3 py-2 text-sm text-bad">{tr(answer.error)}</p> : null}
      <ul className="space-y-2" data-testid="missions">
        {d.missions.map((m) => (
          <li key={m.id} className="rounded-xl bg-panel p-3 text-sm">
            <p className="flex justify-between gap-2"><span className="font-semibold" dir="auto">{m.title}</span><span className="figure text-accent" dir="ltr">+{m.reward}</span></p>
            {m.description ? <p className="text-ink-dim">{m.description}</p> : null}
            <div className="mt-2 h-2 overflow-hidden rounded-full bg-night" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(m.percent)} aria-label={m.title}>
              <div className="h-full bg-accent" style={{ width: `${m.percent}%` }} />
            </div>
            <div className="mt-2 flex items-center justify-between">
              <span className="text-xs text-ink-dim">{m.progress} / {m.target}</span>
              {m.status === "CLAIMABLE" ? (
                <Form method="post">
                  <AuthenticityTokenInput name="csrf" />
                  <input type="hidden" name="requestId" value={d.requestId} />
                  <input type="hidden" name="missionId" value={m.id} />
                  <button type="submit" className="btn-accent" disabled={busy}>{t("member.rewards.claim")}</button>
                </Form>
              ) : <span className="text-xs" data-status={m.status}>{t(`member.mission.${m.status}`, { defaultValue: m.status })}</span>}
            </div>
          </li>
        ))}
      </ul>
      {d.leaders.length > 0 ? (
        <section aria-labelledby="leaders">
          <h2 id="leaders" className="mb-2 font-bold">{t("member.mission.leaderboard")}</h2>
          <ol className="divide-y divide-white/10 rounded-xl bg-panel text-sm">
            {d.leaders.map((l) => (
              <li key={l.rank} className={`flex justify-between px-3 py-2 ${l.me ? "font-bold text-accent" : ""}`}><span>{l.rank}. <bdi>{l.name}</bdi></span><span className="figure" dir="ltr">{l.turnover}</span></li>
            ))}
          </ol>
        </section>
      ) : d.leadersUnavailable ? <PartUnavailable /> : null}
    </section>
  );
}
