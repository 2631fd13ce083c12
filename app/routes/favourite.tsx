import type { ActionFunctionArgs } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { z } from "zod";
import { requestContext, sessionExpiredRedirect } from "~/context.server";
import { safeRedirect } from "~/domain/paths";
import { PlatformError, SessionExpiredError } from "~/gateway/index.server";
import { csrfForm } from "~/security.server";
import { redirectWithNotice } from "~/session.server";

// The favourite heart of a game card: a plain form post (works without JavaScript) that goes
// back to the lobby it came from; with JavaScript a fetcher posts it and the heart changes at once.
const favouriteForm = z.object({
  nodeId: z.string().regex(/^[\w.:-]{1,64}$/),
  vassalage: z.string().regex(/^[A-Za-z0-9_]{1,32}$/),
  gameType: z.string().regex(/^[A-Za-z0-9_]{0,20}$/),
  on: z.enum(["0", "1"]),
});

export async function action({ request }: ActionFunctionArgs) {
  const formData = await csrfForm(request);
  const back = safeRedirect(formData.get("redirectTo"));
  const ctx = await requestContext(request);
  if (!ctx.session.get("token")) return redirect(`/login?redirectTo=${encodeURIComponent(back)}`);
  const parsed = favouriteForm.safeParse(Object.fromEntries(formData));
  if (!parsed.success) {
    return redirectWithNotice(ctx.session, back, "games.favouriteFailed", "error");
  }
  const { nodeId, vassalage, gameType, on } = parsed.data;
  try {
    await ctx.gateway.games.setFavourite({ nodeId, vassalage: vassalage.toUpperCase(), gameType: gameType.toUpperCase() }, on === "1");
    return formData.get("answer") === "data" ? data({ on: on === "1" }) : redirect(back);
  } catch (error) {
    if (error instanceof SessionExpiredError) return sessionExpiredRedirect(request, error);
    return redirectWithNotice(
      ctx.session,
      back,
      error instanceof PlatformError && error.errorCode === "favourite.limit" ? "games.favouriteLimit" : "games.favouriteFailed",
      "error",
    );
  }
}

export function loader() {
  return redirect("/");
}
