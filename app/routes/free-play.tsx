import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { startSession } from "~/accounts/session-start.server";
import { requestContext } from "~/context.server";
import { errorMessage } from "~/domain/errors";
import { moduleOn } from "~/domain/modules";
import { PlatformError } from "~/gateway/index.server";
import { requireHuman } from "~/security.server";
import { commitSession } from "~/session.server";

// Free play (FREEPLAY3): a trial session, account type 4, with trial credit only.
export async function action({ request }: ActionFunctionArgs) {
  const formData = await request.formData();
  await requireHuman(formData);
  const ctx = await requestContext(request);
  if (!moduleOn(ctx.status.modules, "FREEPLAY3")) return redirect("/login");
  const ua = request.headers.get("User-Agent") ?? "";
  const os = /android/i.test(ua) ? "ANDROID" : /iphone|ipad|ios/i.test(ua) ? "IOS" : "WEB";
  try {
    return await startSession(ctx, await ctx.gateway.session.freePlay(os), "freeplay", "/");
  } catch (error) {
    ctx.session.flash("error", error instanceof PlatformError ? errorMessage(error.errorCode, error.message) : "common:error.platformUnavailable");
    return redirect("/login", { headers: { "Set-Cookie": await commitSession(ctx.session) } });
  }
}

export const loader = () => redirect("/login");
