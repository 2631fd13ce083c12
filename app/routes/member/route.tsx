import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, Outlet, isRouteErrorResponse, useLoaderData, useRouteError } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { requireMember } from "~/accounts/guards.server";
import { CentreNav, RefusalDialog } from "~/components/centre";
import { requestContext } from "~/context.server";
import { centreReturn, MEMBER_MENU, memberPageOpen } from "~/domain/member-menu";
import { commitSession } from "~/session.server";
import { moduleOn } from "~/domain/modules";

// The member centre: who may enter is decided here (and again in each page's loader, since
// loaders run in parallel: requireMember, or requireMemberPage for a page with a condition).
export async function loader({ request }: LoaderFunctionArgs) {
  await requireMember(request);
  const ctx = await requestContext(request);
  const [info, missions] = await Promise.all([
    ctx.gateway.member.info().catch(() => null),
    // The mission entry's badge: how many missions can be claimed now.
    moduleOn(ctx.status.modules, "MISSIONLB3") ? ctx.gateway.records.missions().catch(() => null) : Promise.resolve(null),
  ]);
  // The close button goes back to the page the player came from, remembered on the way in.
  const came = centreReturn(request.headers.get("Referer"), new URL(request.url).origin);
  const headers = new Headers();
  if (came && came !== ctx.session.get("centreReturn")) {
    ctx.session.set("centreReturn", came);
    headers.append("Set-Cookie", await commitSession(ctx.session));
  }
  const badges = { missions: missions?.count ?? 0 };
  const menu = MEMBER_MENU.filter((m) => memberPageOpen(m, ctx.status.modules, info)).map(({ page, labelKey, path, badge }) => ({
    page, labelKey, path, badge: badge ? badges[badge] : undefined,
  }));
  return data({ menu, closeTo: came ?? ctx.session.get("centreReturn") ?? "/" }, { headers });
}

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
        extra={<Link to="/register" className="btn-ghost">{t("auth:register.title")}</Link>}
      />
    );
  }
  if (isRouteErrorResponse(error) && error.status === 503) {
    // The platform did not answer: say so inside the shell, with a way to try again.
    return <RefusalDialog message={t("common:error.platformUnavailable")} />;
  }
  throw error;
}
