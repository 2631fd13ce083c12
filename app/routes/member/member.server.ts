import { data } from "@remix-run/node";
import { requireMember } from "~/accounts/guards.server";
import { requestContext } from "~/context.server";
import { centreReturn, MEMBER_MENU, memberPageOpen } from "~/domain/member-menu";
import { commitSession } from "~/session.server";
import { moduleOn } from "~/domain/modules";

// The member centre: who may enter is decided here (and again in each page's loader, since
// loaders run in parallel: requireMember, or requireMemberPage for a page with a condition).
export async function memberLoader(request: Request) {
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
    page,
    labelKey,
    path,
    badge: badge ? badges[badge] : undefined,
  }));
  return data({ menu, closeTo: came ?? ctx.session.get("centreReturn") ?? "/" }, { headers });
}
