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

export async function joinLoader(request: Request) {
  const ctx = await requestContext(request);
  const [programme, money] = await Promise.all([ctx.gateway.content.affiliateProgramme().catch(() => null), moneyFormat(ctx)]);
  const code = new URL(request.url).searchParams.get("affiliateCode") ?? "";
  const type = ctx.session.get("accountType");
  const signedIn = Boolean(ctx.session.get("token"));
  const apply = !signedIn
    ? `/register${CODE.test(code) ? `?affiliateCode=${encodeURIComponent(code)}` : ""}`
    : canEnterAgentCentre(type)
      ? agentPath("registerCenter")
      : memberPath("referral");
  return {
    unavailable: programme === null,
    tiers: (programme?.tiers ?? []).map((tier) => ({
      level: tier.level,
      activeMembers: formatCount(tier.activeMembers, ctx.language),
      netProfit: money(tier.netProfit),
      rate: `${tier.rate}%`,
    })),
    settlement: programme?.settlement ?? "",
    description: sanitizeRichHtml(programme?.description ?? ""),
    apply,
    applyAs: !signedIn ? "visitor" : canEnterAgentCentre(type) ? "agent" : "member",
    meta: await pageMeta(request, "page.join"),
  };
}
