import { getFormProps } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { Field, FormError } from "~/components/forms/field";
import { Tabs } from "~/components/forms/tabs";
import { useRouteForm } from "~/components/forms/use-route-form";
import { Pager, PartUnavailable } from "~/components/records";
import { pointMallAction, pointMallLoader } from "./pointMall.server";
import { Picture } from "~/data-saver/pictures";
import { queueWhenUnreachable } from "~/money/connection-queue";

// The point mall (docs/SPEC.md point 2, /pointMall, header and footer only; decision 027).
// Its form's messages are in "auth" (useMessage): the browser has them before it hydrates.
export const handle = { i18n: ["common", "auth"] };
export const loader = ({ request }: LoaderFunctionArgs) => pointMallLoader(request);
export const action = ({ request }: ActionFunctionArgs) => pointMallAction(request);
// With JavaScript, a post that gets no answer at all waits for the connection (issue 29).
export const clientAction = queueWhenUnreachable;

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data ? [{ title: data.meta.title }, { name: "description", content: data.meta.description }] : [];

type Data = ReturnType<typeof useLoaderData<typeof loader>>;
type MemberData = Extract<Data, { member: true }>;
type VisitorData = Extract<Data, { member: false }>;
type Reward = MemberData["rewards"][number];

export default function PointMall() {
  const d = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const location = useLocation();
  if (!d.member) return <VisitorMall d={d} login={`/login?redirectTo=${encodeURIComponent(location.pathname)}`} />;
  const tabs = (["rewards", "convert", "history", "details"] as const).map((key) => ({
    key,
    label: t(`points.tabs.${key}`),
    to: `?tab=${key}`,
  }));
  return (
    <section className="mx-auto max-w-3xl space-y-3 px-3 py-5">
      <h1 className="text-xl font-bold">{t("page.pointMall")}</h1>
      <div className="grid grid-cols-3 gap-2 rounded-xl bg-panel p-3 text-center text-sm" data-testid="point-balance">
        <p>
          <span className="block text-xs text-ink-dim">{t("points.balance")}</span>
          <strong className="text-lg text-accent">{d.balance}</strong>
        </p>
        <p>
          <span className="block text-xs text-ink-dim">{t("points.earned")}</span>
          {d.earned}
        </p>
        <p>
          <span className="block text-xs text-ink-dim">{t("points.spent")}</span>
          {d.spent}
        </p>
        <p className="col-span-3 text-xs text-ink-dim">{t("points.neverExpire")}</p>
      </div>
      {d.unavailable.includes("balance") ? <PartUnavailable /> : null}
      <Rates rates={d.rates} />
      <Tabs tabs={tabs} current={d.tab} label={t("page.pointMall")} />
      {d.tab === "rewards" ? <Rewards d={d} /> : null}
      {d.tab === "convert" ? <Convert d={d} /> : null}
      {d.tab === "history" ? <History d={d} /> : null}
      {d.tab === "details" ? <Details d={d} /> : null}
    </section>
  );
}

/**
 * A visitor (or a trial player) sees what the mall offers (issue 26, item 6; decision 041): the
 * rewards with their points price and picture first, "log in to redeem" in place of the redeem
 * form, then how points are earned.
 */
function VisitorMall({ d, login }: { d: VisitorData; login: string }) {
  const { t } = useTranslation();
  const steps = ["play", "collect", "redeem"] as const;
  return (
    <section className="mx-auto max-w-3xl space-y-3 px-3 py-5">
      <h1 className="text-xl font-bold">{t("page.pointMall")}</h1>
      <p className="text-ink-dim">{t("pageIntro.pointMall")}</p>
      {d.trial ? (
        <p className="rounded-xl bg-panel p-3 text-sm">{t("points.realAccount")}</p>
      ) : (
        <p className="flex flex-wrap gap-2">
          <Link to={login} className="btn-accent flex-1">
            {t("points.logIn")}
          </Link>
          <Link to="/register" className="btn-ghost">
            {t("auth:register.title")}
          </Link>
        </p>
      )}
      <h2 className="text-lg font-bold">{t("points.catalogue")}</h2>
      {d.unavailable.includes("rewards") ? (
        <PartUnavailable />
      ) : d.rewards.length === 0 ? (
        <p className="text-ink-dim">{t("points.noRewards")}</p>
      ) : (
        <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3" data-testid="point-rewards">
          {d.rewards.map((r) => (
            <RewardCard key={r.id} r={r}>
              {r.soldOut ? (
                <p className="text-xs font-semibold text-bad">{t("points.soldOut")}</p>
              ) : d.trial ? null : (
                <Link
                  to={login}
                  aria-label={`${t("points.logInToRedeem")}: ${r.name}`}
                  className="block rounded-full bg-panel-2 px-3 py-1.5 text-center text-xs font-bold text-accent"
                >
                  {t("points.logInToRedeem")}
                </Link>
              )}
            </RewardCard>
          ))}
        </ul>
      )}
      <section aria-labelledby="earn-title" className="rounded-xl bg-panel p-3 text-sm">
        <h2 id="earn-title" className="font-semibold">
          {t("points.howToEarn")}
        </h2>
        <ol className="mt-2 space-y-2" data-testid="point-steps">
          {steps.map((step, i) => (
            <li key={step} className="flex items-start gap-2">
              <span
                aria-hidden="true"
                className="grid h-6 w-6 shrink-0 place-items-center rounded-full bg-accent text-xs font-bold text-night"
              >
                {i + 1}
              </span>
              <span>{t(`points.steps.${step}`)}</span>
            </li>
          ))}
        </ol>
        <RateList rates={d.rates} />
      </section>
    </section>
  );
}

function RateList({ rates }: { rates: { gameType: string; rate: string }[] }) {
  const { t } = useTranslation();
  return (
    <>
      <p className="mt-2 text-ink-dim">{t("points.ratesIntro")}</p>
      <ul className="mt-2 grid grid-cols-2 gap-1" data-testid="point-rates">
        {rates.map((r) => (
          <li key={r.gameType} className="flex justify-between gap-2 rounded bg-panel-2 px-2 py-1">
            <span>{t(`gameType.${r.gameType}`, { defaultValue: r.gameType })}</span>
            <span dir="ltr">{r.rate}</span>
          </li>
        ))}
      </ul>
    </>
  );
}

/** One reward: picture, name, description, points price and value; the action below is the caller's. */
function RewardCard({ r, children }: { r: Reward; children: React.ReactNode }) {
  const { t } = useTranslation();
  return (
    <li className="flex flex-col overflow-hidden rounded-xl bg-panel text-sm" data-testid="point-reward">
      {r.image ? (
        <Picture src={r.image} alt="" width={240} height={240} loading="lazy" className="block aspect-square h-auto w-full bg-panel-2" />
      ) : null}
      <div className="flex flex-1 flex-col gap-1 p-2">
        <p dir="auto" className="font-semibold">
          {r.name}
        </p>
        {r.description ? (
          <p dir="auto" className="line-clamp-2 text-xs text-ink-dim">
            {r.description}
          </p>
        ) : null}
        <p className="font-bold whitespace-nowrap text-accent" data-testid="reward-points">
          {t("points.cost", { points: r.points })}
        </p>
        {r.amount ? (
          <p className="text-xs">{t(r.type === "BONUS" ? "points.bonusValue" : "points.goodsValue", { amount: r.amount })}</p>
        ) : null}
        {r.amountRequired ? <p className="text-xs text-ink-dim">{t("points.turnoverNeeded", { amount: r.amountRequired })}</p> : null}
        {r.stock !== null ? <p className="text-xs text-ink-dim">{t("points.stock", { left: r.stock })}</p> : null}
        <div className="mt-auto pt-1">{children}</div>
      </div>
    </li>
  );
}

function Rates({ rates }: { rates: { gameType: string; rate: string }[] }) {
  const { t } = useTranslation();
  return (
    <details className="rounded-xl bg-panel p-3 text-sm">
      <summary className="cursor-pointer font-semibold">{t("points.howToEarn")}</summary>
      <RateList rates={rates} />
    </details>
  );
}

function Rewards({ d }: { d: MemberData }) {
  const { t } = useTranslation();
  if (d.rewards.length === 0) return <p className="text-ink-dim">{t("points.noRewards")}</p>;
  return (
    <>
      {d.redeeming ? <RedeemForm d={d} reward={d.redeeming} /> : null}
      <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3" data-testid="point-rewards">
        {d.rewards.map((r) => (
          <RewardCard key={r.id} r={r}>
            {r.soldOut ? (
              <p className="text-xs font-semibold text-bad">{t("points.soldOut")}</p>
            ) : (
              <Link
                to={`?tab=rewards&redeem=${r.id}#redeem`}
                preventScrollReset
                aria-label={`${t("points.redeem")}: ${r.name}`}
                className={`block rounded-full px-3 py-1.5 text-center text-xs font-bold ${r.affordable ? "bg-accent text-night" : "bg-panel-2 text-ink-dim"}`}
              >
                {t("points.redeem")}
              </Link>
            )}
          </RewardCard>
        ))}
      </ul>
    </>
  );
}

function RedeemForm({ d, reward }: { d: MemberData; reward: NonNullable<MemberData["redeeming"]> }) {
  const { t } = useTranslation();
  const busy = useNavigation().state !== "idle";
  const [form, fields, events] = useRouteForm({
    id: "redeem",
    intent: "redeem",
    constraint: d.redeemConstraint,
    schema: () => import("~/domain/points").then((m) => m.redeemSchema),
    shouldRevalidate: "onSubmit",
  });
  return (
    <Form method="post" className="space-y-3 rounded-xl border border-accent bg-panel p-3 scroll-mt-16" {...getFormProps(form)} {...events}>
      <h2 className="font-bold">{t("points.redeemTitle", { name: reward.name, points: reward.points })}</h2>
      <AuthenticityTokenInput name="csrf" />
      <input type="hidden" name="intent" value="redeem" />
      <input type="hidden" name="requestId" value={d.requestId} />
      <input type="hidden" name="rewardId" value={reward.id} />
      <FormError id={form.errorId} errors={form.errors} pending={d.pending?.intent === "redeem" ? d.pending : null} />
      <Field meta={fields.mobile} label={t("points.mobile")} type="tel" autoComplete="tel" inputMode="tel" />
      <Field meta={fields.receivingAddress} label={t(`points.address.${reward.address}`)} autoComplete="off" />
      <Field meta={fields.password} label={t("points.password")} type="password" autoComplete="off" />
      <div className="flex gap-2">
        <button type="submit" className="btn-accent flex-1" disabled={busy}>
          {t("points.confirmRedeem")}
        </button>
        <Link to="?tab=rewards" className="btn-ghost" preventScrollReset>
          {t("dialog.cancel")}
        </Link>
      </div>
    </Form>
  );
}

function Convert({ d }: { d: MemberData }) {
  const { t } = useTranslation();
  const busy = useNavigation().state !== "idle";
  const [form, fields, events] = useRouteForm({
    id: "convert",
    intent: "convert",
    constraint: d.convertConstraint,
    schema: () => import("~/domain/points").then((m) => m.convertSchema),
    shouldRevalidate: "onSubmit",
  });
  if (!d.conversion) return <p className="text-ink-dim">{t("points.noConversion")}</p>;
  return (
    <Form method="post" className="space-y-3 rounded-xl bg-panel p-3" {...getFormProps(form)} {...events}>
      <p className="text-sm" data-testid="conversion-rate">
        {t("points.ratio", { points: d.conversion.ratio, amount: d.conversion.oneUnit })}
      </p>
      <p className="text-xs text-ink-dim">{t("points.bounds", { min: d.conversion.min, max: d.conversion.max })}</p>
      <AuthenticityTokenInput name="csrf" />
      <input type="hidden" name="intent" value="convert" />
      <input type="hidden" name="requestId" value={d.requestId} />
      <FormError id={form.errorId} errors={form.errors} pending={d.pending?.intent === "convert" ? d.pending : null} />
      <Field meta={fields.points} label={t("points.pointsToConvert")} inputMode="decimal" />
      <Field meta={fields.mobile} label={t("points.mobile")} type="tel" autoComplete="tel" inputMode="tel" />
      <Field meta={fields.receivingAddress} label={t("points.address.WHATSAPP")} autoComplete="off" />
      <Field meta={fields.password} label={t("points.password")} type="password" autoComplete="off" />
      <button type="submit" className="btn-accent w-full" disabled={busy}>
        {t("points.confirmConvert")}
      </button>
    </Form>
  );
}

function History({ d }: { d: MemberData }) {
  const { t } = useTranslation();
  if (d.history.length === 0) return <p className="text-ink-dim">{t("points.noHistory")}</p>;
  const tone = (s: string) => (s === "APPROVED" ? "text-ok" : s === "REJECTED" ? "text-bad" : "text-accent");
  return (
    <>
      <ul className="space-y-2" data-testid="redeem-history">
        {d.history.map((h) => (
          <li key={h.id} className="space-y-1 rounded-xl bg-panel p-3 text-sm">
            <p className="flex justify-between gap-2">
              <span className="font-semibold">{h.name}</span>
              <span className={`text-xs font-bold ${tone(h.status)}`} data-status={h.status}>
                {h.statusName}
              </span>
            </p>
            <p className="text-xs text-ink-dim">
              {t("points.historyLine", { points: h.points, time: h.applied })}
              {h.amount ? ` · ${h.amount}` : ""}
            </p>
            {h.address ? <p className="text-xs text-ink-dim">{t("points.sentTo", { address: h.address })}</p> : null}
            {h.decided ? (
              <p className="text-xs text-ink-dim">
                {t("points.decided", { time: h.decided })}
                {h.reference ? ` · ${t("points.reference", { ref: h.reference })}` : ""}
                {h.paidAccount ? ` · ${h.paidAccount}` : ""}
              </p>
            ) : null}
            {h.remark ? (
              <p dir="auto" className="text-xs">
                {h.remark}
              </p>
            ) : null}
          </li>
        ))}
      </ul>
      <Pager page={d.page} totalPages={d.totalPages} />
    </>
  );
}

function Details({ d }: { d: MemberData }) {
  const { t } = useTranslation();
  if (d.details.length === 0) return <p className="text-ink-dim">{t("points.noDetails")}</p>;
  return (
    <>
      <ul className="space-y-2" data-testid="point-details">
        {d.details.map((e) => (
          <li key={e.id} className="rounded-xl bg-panel p-3 text-sm">
            <p className="flex justify-between gap-2">
              <span className="font-semibold">
                {e.typeName}
                {e.name ? ` · ${e.name}` : ""}
              </span>
              <span dir="ltr" className={`font-bold ${e.change >= 0 ? "text-ok" : "text-bad"}`}>
                {e.changeText}
              </span>
            </p>
            <p className="text-xs text-ink-dim">
              {e.time} · {t("points.balanceAfter", { points: e.balance })}
              {e.amount ? ` · ${e.amount}` : ""}
            </p>
            {e.remark ? (
              <p dir="auto" className="text-xs">
                {e.remark}
              </p>
            ) : null}
          </li>
        ))}
      </ul>
      <Pager page={d.page} totalPages={d.totalPages} />
    </>
  );
}
