import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { requestContext } from "~/context.server";
import { env } from "~/env.server";
import { liveLoginEnded } from "~/live/live.server";
import { csrfForm } from "~/security.server";
import { destroySession } from "~/session.server";
import { log } from "~/request-scope.server";

// Logout: the platform's logout is called, the session is destroyed (the language cookie
// stays), the player lands on /.
export async function action({ request }: ActionFunctionArgs) {
  await csrfForm(request);
  const ctx = await requestContext(request);
  if (ctx.session.get("token")) {
    // A platform that cannot be reached must not keep the player signed in here.
    await ctx.gateway.session.logout().catch((error: unknown) => {
      log().warn({ component: "logout", err: error instanceof Error ? error.message : String(error) }, "platform logout failed");
    });
  }
  // This browser's other tabs, and its stream on whichever instance holds it, are told.
  await liveLoginEnded(env().MERCHANT_CODE, ctx.session.get("userName"), ctx.session.get("token"), "logout");
  const headers = new Headers();
  headers.append("Set-Cookie", await destroySession(ctx.session));
  return redirect("/", { headers });
}

export function loader() {
  return redirect("/");
}
