import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, Outlet, isRouteErrorResponse, useLoaderData, useRouteError } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { CentreNav, RefusalDialog } from "~/components/centre";
import { memberLoader } from "./member.server";

export const loader = ({ request }: LoaderFunctionArgs) => memberLoader(request);

export const handle = { i18n: ["common", "auth"] };

export default function MemberCentre() {
  const { menu, closeTo } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <div className="px-3 py-4">
      <CentreNav label={t("member.menu")} items={menu} closeTo={closeTo} />
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
        extra={
          <Link to="/register" className="btn-ghost">
            {t("auth:register.title")}
          </Link>
        }
      />
    );
  }
  if (isRouteErrorResponse(error) && error.status === 503) {
    // The platform did not answer: say so inside the shell, with a way to try again.
    return <RefusalDialog message={t("common:error.platformUnavailable")} />;
  }
  throw error;
}
