import type { LoaderFunctionArgs } from "@remix-run/node";
import { isRouteErrorResponse, Link, NavLink, Outlet, useLoaderData, useRouteError } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireAgent } from "~/accounts/guards.server";
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
      <h1 className="text-lg font-bold">{t("agent.title")}</h1>
      <nav aria-label={t("agent.title")} className="-mx-3 mt-2 overflow-x-auto px-3">
        <ul className="flex gap-2 text-sm">
          {menu.map((item) => (
            <li key={item.page} className="shrink-0">
              <NavLink to={item.path} className={({ isActive }) => `chip ${isActive ? "bg-accent text-night" : ""}`}>{t(item.labelKey)}</NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <Outlet />
    </div>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation(["auth", "common"]);
  if (isRouteErrorResponse(error) && error.status === 403) {
    const trial = (error.data as { reason?: string } | null)?.reason === "real-account-needed";
    return (
      <section role="alertdialog" aria-labelledby="agent-refused" className="mx-auto mt-8 max-w-sm rounded-2xl bg-panel-2 p-5 text-center">
        <h1 id="agent-refused" className="text-lg font-bold">{t("common:dialog.prompt")}</h1>
        <p className="mt-2">{trial ? t("auth:trial.needRealAccount") : t("auth:agent.notAnAgent")}</p>
        <Link to="/" className="btn-accent mt-4">{t("common:dialog.confirm")}</Link>
      </section>
    );
  }
  throw error;
}
