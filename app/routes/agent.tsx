import type { LoaderFunctionArgs } from "@remix-run/node";
import { isRouteErrorResponse, Outlet, useLoaderData, useRouteError } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireAgent } from "~/accounts/guards.server";
import { CentreNav, RefusalDialog } from "~/components/centre";
import { AGENT_MENU } from "~/domain/agent-menu";

// The agent centre (SPEC point 2): agents only, checked here and again in each page's loader.
// Dividend and salary entries wait for the consolidated contract flags (agent-centre issue).
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAgent(request);
  return { menu: AGENT_MENU.filter((m) => !m.condition).map(({ page, labelKey, path }) => ({ page, labelKey, path })) };
}

export const handle = { i18n: ["common", "auth"] };

export default function AgentCentre() {
  const { menu } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <div className="px-3 py-4">
      <h1 className="mb-2 text-lg font-bold">{t("agent.title")}</h1>
      <CentreNav label={t("agent.title")} items={menu} />
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
  throw error;
}
