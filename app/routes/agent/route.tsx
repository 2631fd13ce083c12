import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { isRouteErrorResponse, Outlet, useLoaderData, useRouteError } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { agentFlags, requireAgent } from "~/accounts/guards.server";
import { CentreNav, RefusalDialog } from "~/components/centre";
import { AGENT_MENU, agentFlag, agentPageOpen } from "~/domain/agent-menu";
import { centreReturn } from "~/domain/member-menu";
import { commitSession } from "~/session.server";

// The agent centre (docs/SPEC.md point 2): agents only, checked here and again in each page's loader
// (loaders run in parallel). Entries follow their module and, for contracts, the consolidated
// flags; a contract entry whose request waits for this agent's answer carries a badge.
export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireAgent(request);
  const flags = await agentFlags(request, ctx).catch(() => null);
  const came = centreReturn(request.headers.get("Referer"), new URL(request.url).origin);
  const headers = new Headers();
  if (came && came !== ctx.session.get("centreReturn")) {
    ctx.session.set("centreReturn", came);
    headers.append("Set-Cookie", await commitSession(ctx.session));
  }
  const menu = AGENT_MENU.filter((m) => agentPageOpen(m, ctx.status.modules, flags)).map(({ page, labelKey, path, condition }) => ({
    page, labelKey, path, badge: condition && agentFlag(flags, condition) === 2 ? 1 : undefined,
  }));
  return data({ menu, closeTo: came ?? ctx.session.get("centreReturn") ?? "/" }, { headers });
}

export const handle = { i18n: ["common", "auth"] };

export default function AgentCentre() {
  const { menu, closeTo } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <div className="px-3 py-4">
      <h1 className="mb-2 text-lg font-bold">{t("agent.title")}</h1>
      <CentreNav label={t("agent.title")} items={menu} closeTo={closeTo} />
      <Outlet />
    </div>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation(["auth", "common"]);
  if (isRouteErrorResponse(error) && error.status === 403) {
    const trial = (error.data as { reason?: string } | null)?.reason === "real-account-needed";
    return <RefusalDialog message={trial ? t("auth:trial.needRealAccount") : t("auth:agent.notAnAgent")} />;
  }
  if (isRouteErrorResponse(error) && error.status === 503) return <RefusalDialog message={t("common:error.platformUnavailable")} />;
  throw error;
}
