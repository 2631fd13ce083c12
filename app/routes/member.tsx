import type { LoaderFunctionArgs } from "@remix-run/node";
import { NavLink, Outlet, isRouteErrorResponse, Link, useLoaderData, useRouteError } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireMember } from "~/accounts/guards.server";
import { requestContext } from "~/context.server";
import { MEMBER_MENU } from "~/domain/member-menu";
import { moduleOn } from "~/domain/modules";

// The member centre: who may enter is decided here (and again in each page's loader, since
// loaders run in parallel). Its pages come with the member-centre issue.
export async function loader({ request }: LoaderFunctionArgs) {
  await requireMember(request);
  const ctx = await requestContext(request);
  const info = await ctx.gateway.member.info().catch(() => null);
  const conditions = { manualRebate: moduleOn(ctx.status.modules, "MANPLAYREB3"), toUpline: info?.toUpline === true };
  return { menu: MEMBER_MENU.filter((m) => !m.condition || conditions[m.condition]).map(({ page, labelKey, path }) => ({ page, labelKey, path })) };
}

export const handle = { i18n: ["common", "auth"] };

export default function MemberCentre() {
  const { menu } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <div className="px-3 py-4">
      <nav aria-label={t("member.menu")} className="-mx-3 overflow-x-auto px-3">
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
    // SPEC point 8: in_need_true_account, with a confirm button.
    return (
      <section role="alertdialog" aria-labelledby="real-account" className="mx-auto mt-8 max-w-sm rounded-2xl bg-panel-2 p-5 text-center">
        <h1 id="real-account" className="text-lg font-bold">{t("common:dialog.prompt")}</h1>
        <p className="mt-2">{t("auth:trial.needRealAccount")}</p>
        <div className="mt-4 flex justify-center gap-3">
          <Link to="/register" className="btn-ghost">{t("auth:register.title")}</Link>
          <Link to="/" className="btn-accent">{t("common:dialog.confirm")}</Link>
        </div>
      </section>
    );
  }
  throw error;
}
