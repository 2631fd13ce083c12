import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, Outlet, isRouteErrorResponse, useLoaderData, useRouteError } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireMember } from "~/accounts/guards.server";
import { CentreNav, RefusalDialog } from "~/components/centre";
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
      <CentreNav label={t("member.menu")} items={menu} />
      <Outlet />
    </div>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation(["auth", "common"]);
  if (isRouteErrorResponse(error) && error.status === 403) {
    return (
      <RefusalDialog
        message={t("auth:trial.needRealAccount")}
        extra={<Link to="/register" className="btn-ghost">{t("auth:register.title")}</Link>}
      />
    );
  }
  throw error;
}
