import { getFormProps, getSelectProps, type FieldMetadata } from "@conform-to/react";
import { DrawnSvg } from "~/components/operator-html";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useLoaderData, useNavigation } from "@remix-run/react";
import QRCode from "qrcode";
import { z } from "zod";
import { useTranslation } from "~/i18n/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { blockFailed, requireAgentPage } from "~/accounts/guards.server";
import { PartUnavailable } from "~/components/records";
import { agentAction } from "~/agent/action.server";
import { COMMON_PASSWORD_MESSAGE, isCommonPassword } from "~/accounts/common-passwords.server";
import { registerRefusal } from "~/accounts/register-refusal.server";
import { PlatformError } from "~/gateway/index.server";
import { Field, FormError, useMessage } from "~/components/forms/field";
import { useRouteForm } from "~/components/forms/use-route-form";
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
export async function loader({ request }: LoaderFunctionArgs) {
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
        code: l.code, link, forAgents: l.accountType === 1, registrations: l.registrations, created: when(l.createdAt),
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

const codeSchema = z.object({ intent: z.literal("code"), requestId: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, "validation.formExpired"), accountType: z.enum(["0", "1"]) });

export async function action({ request }: ActionFunctionArgs) {
  const { ctx, formData } = await agentAction(request, "registerCenter");
  if (formData.get("intent") === "code") {
    const submission = parseWithZod(formData, { schema: codeSchema });
    if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
    try {
      await ctx.gateway.agent.createAffiliateCode({ requestId: submission.value.requestId, accountType: Number(submission.value.accountType) });
    } catch (error) {
      return moneyRefusal(request, (o) => submission.reply(o), error);
    }
    return redirectWithNotice(ctx.session, "/agent/register-center", "agent.register.codeCreated");
  }
  const settings = await ctx.gateway.accounts.registerSettings().catch(() => []);
  const submission = parseWithZod(formData, { schema: downlineSchema(settings) });
  const hide = { hideFields: ["password", "confirmPassword"] };
  if (submission.status !== "success") return data({ result: submission.reply(hide) }, { status: 400 });
  const v = submission.value as { requestId: string; accountType: "0" | "1"; username: string; password: string; confirmPassword: string; nickname?: string; mobileNum?: string; email?: string };
  if (isCommonPassword(v.password)) return data({ result: submission.reply({ ...hide, fieldErrors: { password: [COMMON_PASSWORD_MESSAGE] } }) }, { status: 400 });
  let account: string;
  try {
    const made = await ctx.gateway.agent.registerDownline({
      requestId: v.requestId, accountType: v.accountType === "1" ? 1 : 0, username: v.username, password: v.password, confirmPassword: v.confirmPassword,
      nickname: v.nickname || undefined, mobileNum: v.mobileNum || undefined, email: v.email || undefined,
      countryDialingCode: v.mobileNum ? defaultDialingCode(await ctx.gateway.accounts.countries().catch(() => [])) : undefined,
    });
    // An answer we do not read is still an account opened: it is found by the name asked for.
    account = made?.account ?? v.username;
  } catch (error) {
    if (error instanceof PlatformError) return data({ result: submission.reply({ ...hide, ...registerRefusal(error) }) }, { status: 400 });
    return moneyRefusal(request, (o) => submission.reply({ ...o, ...hide }), error);
  }
  // The new account is found in team management, searched by its name.
  return redirectWithNotice(ctx.session, `/agent/team?q=${encodeURIComponent(account)}`, v.accountType === "1" ? "agent.register.agentOpened" : "agent.register.memberOpened");
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => (d ? [{ title: d.meta.title }] : []);

export default function RegisterCentre() {
  const d = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const { t } = useTranslation();
  const tr = useMessage();
  const [form, allFields, events] = useRouteForm({
    id: "register-downline",
    constraint: d.constraint,
    schema: () => import("~/domain/agent-forms").then((m) => m.downlineSchema(d.settings)),
    shouldRevalidate: "onSubmit",
    defaultValue: { accountType: "0" },
  });
  const fields = allFields as unknown as Record<string, FieldMetadata<string | undefined>>;
  const accountType = fields.accountType!;
  return (
    <section className="mt-4 space-y-4">
      <h2 className="text-xl font-bold">{t("agent.registerCenter")}</h2>
      <Form method="post" className="space-y-3 rounded-xl bg-panel p-3" {...getFormProps(form)} {...events} aria-labelledby="open-title">
        <h3 id="open-title" className="font-bold">{t("agent.register.open")}</h3>
        <AuthenticityTokenInput name="csrf" />
        <input type="hidden" name="intent" value="register" />
        <input type="hidden" name="requestId" value={d.requestId} />
        <FormError id={form.errorId} errors={form.errors} />
        <div>
          <label htmlFor={accountType.id} className="text-sm font-medium">{t("agent.register.accountType")}</label>
          <select {...getSelectProps(accountType)} className="field">
            <option value="0">{t("agent.teamPage.typeMember")}</option>
            <option value="1">{t("agent.teamPage.typeAgent")}</option>
          </select>
          {accountType.errors?.[0] ? <p id={accountType.errorId} className="field-error">{tr(accountType.errors[0])}</p> : null}
        </div>
        <Field meta={fields.username!} label={t("auth:field.username")} autoComplete="off" />
        <Field meta={fields.password!} label={t("auth:field.password")} type="password" autoComplete="new-password" />
        <Field meta={fields.confirmPassword!} label={t("auth:field.confirmPassword")} type="password" autoComplete="new-password" />
        <Field meta={fields.nickname!} label={t("agent.register.nickname")} autoComplete="off" />
        {d.contactFields.map((f) => (
          <Field key={f} meta={fields[f]!} label={t(`auth:field.${f}`)} type={f === "email" ? "email" : "tel"} inputMode={f === "email" ? "email" : "tel"} autoComplete="off" />
        ))}
        <button type="submit" className="btn-accent w-full" disabled={navigation.state !== "idle"}>{t("agent.register.submit")}</button>
      </Form>
      <div className="space-y-2">
        <h3 className="font-bold">{t("agent.register.links")}</h3>
        {d.linksUnavailable ? <PartUnavailable /> : null}
        <ul className="space-y-3" data-testid="affiliate-links">
          {d.affiliate.map((a) => (
            <li key={a.code} className="flex flex-wrap items-start gap-3 rounded-xl bg-panel p-3 text-sm">
              {a.qr ? <DrawnSvg className="w-[160px] shrink-0 rounded-lg bg-white" role="img" aria-label={t("agent.register.qr", { code: a.code })} svg={a.qr} /> : null}
              <div className="min-w-0 flex-1 space-y-1">
                <p className="font-bold tracking-widest text-accent">{a.code}</p>
                <p className="text-xs text-ink-dim">{a.forAgents ? t("agent.register.forAgents") : t("agent.register.forMembers")} · {t("agent.register.registrations", { count: a.registrations })}</p>
                <input readOnly value={a.link} className="field mt-0 w-full py-1 text-xs" aria-label={t("agent.register.link")} onFocus={(e) => e.currentTarget.select()} />
              </div>
            </li>
          ))}
        </ul>
        <Form method="post" className="flex flex-wrap items-end gap-2 text-sm">
          <AuthenticityTokenInput name="csrf" />
          <input type="hidden" name="intent" value="code" />
          <input type="hidden" name="requestId" value={d.requestId} />
          <label className="flex flex-col">
            {t("agent.register.newCodeFor")}
            <select name="accountType" defaultValue="0" className="field mt-0 py-1.5">
              <option value="0">{t("agent.register.forMembers")}</option>
              <option value="1">{t("agent.register.forAgents")}</option>
            </select>
          </label>
          <button type="submit" className="btn-ghost" disabled={navigation.state !== "idle"}>{t("agent.register.newCode")}</button>
        </Form>
      </div>
    </section>
  );
}
