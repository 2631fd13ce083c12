import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { OperatorHtml } from "~/components/operator-html";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { joinLoader } from "./join.server";

export const loader = ({ request }: LoaderFunctionArgs) => joinLoader(request);

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data ? [{ title: data.meta.title }, { name: "description", content: data.meta.description }] : [];

export default function JoinUs() {
  const d = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <section className="space-y-4 px-3 py-5">
      <h1 className="text-xl font-bold">{t("page.join")}</h1>
      <p className="text-ink-dim">{t("pageIntro.join")}</p>
      {d.description ? <OperatorHtml className="prose-invert text-sm" html={d.description} /> : null}
      {d.unavailable ? <p className="text-ink-dim">{t("error.platformUnavailable")}</p> : null}
      {d.tiers.length > 0 ? (
        <div className="space-y-2">
          <h2 className="text-lg font-bold">{t("join.tiers")}</h2>
          <ul className="space-y-2" data-testid="join-tiers">
            {d.tiers.map((tier) => (
              <li key={tier.level} className="flex items-center justify-between gap-3 rounded-xl bg-panel p-3 text-sm">
                <span>
                  <span className="block font-semibold">{t("join.tier", { level: tier.level })}</span>
                  <span className="block text-xs text-ink-dim">
                    {t("join.tierNeeds", { members: tier.activeMembers, profit: tier.netProfit })}
                  </span>
                </span>
                <span className="text-lg font-bold text-accent">{tier.rate}</span>
              </li>
            ))}
          </ul>
          {d.settlement ? (
            <p className="text-xs text-ink-dim">{t(`join.settlement.${d.settlement}`, { defaultValue: d.settlement })}</p>
          ) : null}
        </div>
      ) : null}
      {/* The operator's description says how it works; the app's own steps stand in when it says nothing. */}
      {d.description ? null : (
        <div className="space-y-2">
          <h2 className="text-lg font-bold">{t("join.how")}</h2>
          <ol className="list-decimal space-y-1 ps-5 text-sm">
            {(t("join.steps", { returnObjects: true }) as string[]).map((step, i) => (
              <li key={i}>{step}</li>
            ))}
          </ol>
        </div>
      )}
      <Link to={d.apply} className="btn-accent w-full" data-apply={d.applyAs}>
        {t(`join.apply.${d.applyAs}`)}
      </Link>
    </section>
  );
}
