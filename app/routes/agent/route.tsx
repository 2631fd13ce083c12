import type { LoaderFunctionArgs } from "@remix-run/node";
import { isRouteErrorResponse, Outlet, useLoaderData, useRouteError } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useTranslation } from "~/i18n/react";
import { CentreNav, RefusalDialog } from "~/components/centre";
import { useLive } from "~/live/live";
import { agentLoader } from "./agent.server";

export const loader = ({ request }: LoaderFunctionArgs) => agentLoader(request);

export const handle = { i18n: ["common", "auth"] };

export default function AgentCentre() {
  const page = useLoaderData<typeof loader>();
  const { closeTo } = page;
  const { t } = useTranslation();
  const menu = useLiveBadges(page);
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

/** A contract entry's badge as the live stream last told it (issue 28), until this loader runs again. */
function useLiveBadges(page: { menu: { page: string; labelKey: string; path: string; badge?: number }[] }) {
  const { agent } = useLive();
  const [since, setSince] = useState(agent);
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the loader has run again
  useEffect(() => setSince(agent), [page]);
  if (!agent || agent === since) return page.menu;
  return page.menu.map((m) => ({ ...m, badge: agent.waiting.includes(m.page) ? 1 : undefined }));
}
