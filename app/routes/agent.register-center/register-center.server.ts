import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { data } from "@remix-run/node";
import QRCode from "qrcode";
import { z } from "zod";
import { blockFailed, requireAgentPage } from "~/accounts/guards.server";
import { agentAction } from "~/agent/action.server";
import { COMMON_PASSWORD_MESSAGE, isCommonPassword } from "~/accounts/common-passwords.server";
import { registerRefusal } from "~/accounts/register-refusal.server";
import { PlatformError } from "~/gateway/index.server";
import { DOWNLINE_CONTACT_FIELDS, downlineSchema } from "~/domain/agent-forms";
import { pageMeta } from "~/i18n/t.server";
import { moneyRefusal } from "~/money/action.server";
import { timeFormatter } from "~/money/records.server";
import { newRequestId } from "~/money/request-id.server";
import { shareLink } from "~/public-url.server";
import { redirectWithNotice } from "~/session.server";

// Account register centre (registerCenter): open a member or sub-agent account under this agent,
// with registration's rules; and the agent's affiliate links (this site's own address) with their
// QR codes drawn on the server, and a new code for members or sub-agents.
export async function registerCenterLoader(request: Request) {
  const ctx = await requireAgentPage(request, "registerCenter");
  const [settings, links] = await Promise.all([
    ctx.gateway.accounts.registerSettings().catch(() => []),
    // The links are a block of the page: the register form works without them (decision 038).
    ctx.gateway.agent.affiliateLinks().catch(blockFailed(request)),
  ]);
  const when = timeFormatter(ctx.language);
  const affiliate = await Promise.all(
    (links ?? []).map(async (l) => {
      // From PUBLIC_URL, not the request's Host (decision 035); without the site's address, no QR code.
      const { link, absolute } = shareLink(request, `/register?affiliateCode=${encodeURIComponent(l.code)}`);
      return {
        code: l.code,
        link,
        forAgents: l.accountType === 1,
        registrations: l.registrations,
        created: when(l.createdAt),
        qr: absolute ? await QRCode.toString(link, { type: "svg", margin: 2, width: 160, errorCorrectionLevel: "M" }) : "",
      };
    }),
  );
  const schema = downlineSchema(settings);
  return {
    settings,
    contactFields: DOWNLINE_CONTACT_FIELDS.filter((f) => f in schema._def.schema.shape),
    affiliate,
    linksUnavailable: links === null,
    requestId: newRequestId(),
    constraint: getZodConstraint(schema),
    meta: await pageMeta(request, "agent.registerCenter"),
  };
}

/** The merchant's first country's dialing code, as registration's hidden default. */
const defaultDialingCode = (countries: { countryDialingCode?: string | null }[]) => countries[0]?.countryDialingCode ?? "880";

const codeSchema = z.object({
  intent: z.literal("code"),
  requestId: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, "validation.formExpired"),
  accountType: z.enum(["0", "1"]),
});

export async function registerCenterAction(request: Request) {
  const { ctx, formData } = await agentAction(request, "registerCenter");
  if (formData.get("intent") === "code") {
    const submission = parseWithZod(formData, { schema: codeSchema });
    if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
    try {
      await ctx.gateway.agent.createAffiliateCode({
        requestId: submission.value.requestId,
        accountType: Number(submission.value.accountType),
      });
    } catch (error) {
      return moneyRefusal(request, (o) => submission.reply(o), error);
    }
    return redirectWithNotice(ctx.session, "/agent/register-center", "agent.register.codeCreated");
  }
  const settings = await ctx.gateway.accounts.registerSettings().catch(() => []);
  const submission = parseWithZod(formData, { schema: downlineSchema(settings) });
  const hide = { hideFields: ["password", "confirmPassword"] };
  if (submission.status !== "success") return data({ result: submission.reply(hide) }, { status: 400 });
  const v = submission.value as {
    requestId: string;
    accountType: "0" | "1";
    username: string;
    password: string;
    confirmPassword: string;
    nickname?: string;
    mobileNum?: string;
    email?: string;
  };
  if (isCommonPassword(v.password))
    return data({ result: submission.reply({ ...hide, fieldErrors: { password: [COMMON_PASSWORD_MESSAGE] } }) }, { status: 400 });
  let account: string;
  try {
    const made = await ctx.gateway.agent.registerDownline({
      requestId: v.requestId,
      accountType: v.accountType === "1" ? 1 : 0,
      username: v.username,
      password: v.password,
      confirmPassword: v.confirmPassword,
      nickname: v.nickname || undefined,
      mobileNum: v.mobileNum || undefined,
      email: v.email || undefined,
      countryDialingCode: v.mobileNum ? defaultDialingCode(await ctx.gateway.accounts.countries().catch(() => [])) : undefined,
    });
    // An answer we do not read is still an account opened: it is found by the name asked for.
    account = made?.account ?? v.username;
  } catch (error) {
    if (error instanceof PlatformError) return data({ result: submission.reply({ ...hide, ...registerRefusal(error) }) }, { status: 400 });
    return moneyRefusal(request, (o) => submission.reply({ ...o, ...hide }), error);
  }
  // The new account is found in team management, searched by its name.
  return redirectWithNotice(
    ctx.session,
    `/agent/team?q=${encodeURIComponent(account)}`,
    v.accountType === "1" ? "agent.register.agentOpened" : "agent.register.memberOpened",
  );
}
