import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { OperatorHtml } from "~/components/operator-html";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { requestContext } from "~/context.server";
import { canEnterAgentCentre } from "~/domain/account";
import { agentPath } from "~/domain/agent-menu";
import { memberPath } from "~/domain/member-menu";
import { sanitizeRichHtml } from "~/html.server";
import { formatCount } from "~/i18n/format.server";
import { pageMeta } from "~/i18n/t.server";
import { moneyFormat } from "~/money/format.server";

// Join us (/join): the affiliate programme from the platform (commission tiers, how it works) and
// where "apply" leads: an agent to its register centre, a player to invite friends, a visitor to
// registration with the affiliate code it came with.
const CODE = /^[A-Za-z0-9]{1,32}$/;

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requestContext(request);
  const [programme, money] = await Promise.all([ctx.gateway.content.affiliateProgramme().catch(() => null), moneyFormat(ctx)]);
  const code = new URL(request.url).searchParams.get("affiliateCode") ?? "";
  const type = ctx.session.get("accountType");
  const signedIn = Boolean(ctx.session.get("token"));
  const apply = !signedIn
    ? `/register${CODE.test(code) ? `?affiliateCode=${encodeURIComponent(code)}` : ""}`
    : canEnterAgentCentre(type) ? agentPath("registerCenter") : memberPath("referral");
  return {
    unavailable: programme === null,
    tiers: (programme?.tiers ?? []).map((tier) => ({
      level: tier.level, activeMembers: formatCount(tier.activeMembers, ctx.language), netProfit: money(tier.netProfit), rate: `${tier.rate}%`,
    })),
    settlement: programme?.settlement ?? "",
    description: sanitizeRichHtml(programme?.description ?? ""),
    apply,
    applyAs: !signedIn ? "visitor" : canEnterAgentCentre(type) ? "agent" : "member",
    meta: await pageMeta(request, "page.join"),
  };
}

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
                  <span className="block text-xs text-ink-dim">{t("join.tierNeeds", { members: tier.activeMembers, profit: tier.netProfit })}</span>
                </span>
                <span className="text-lg font-bold text-accent">{tier.rate}</span>
              </li>
            ))}
          </ul>
          {d.settlement ? <p className="text-xs text-ink-dim">{t(`join.settlement.${d.settlement}`, { defaultValue: d.settlement })}</p> : null}
        </div>
      ) : null}
      {/* The operator's description says how it works; the app's own steps stand in when it says nothing. */}
      {d.description ? null : (
      <div className="space-y-2">
        <h2 className="text-lg font-bold">{t("join.how")}</h2>
        <ol className="list-decimal space-y-1 ps-5 text-sm">
          {(t("join.steps", { returnObjects: true }) as string[]).map((step, i) => <li key={i}>{step}</li>)}
        </ol>
      </div>
      )}
      <Link to={d.apply} className="btn-accent w-full" data-apply={d.applyAs}>{t(`join.apply.${d.applyAs}`)}</Link>
    </section>
  );
}
