import type { ActionFunctionArgs } from "@remix-run/node";
import { createCookie, redirect } from "@remix-run/node";
import { SAVER_COOKIE } from "~/data-saver/data-saver";
import { safeRedirect } from "~/domain/paths";
import { readForm } from "~/security.server";
import { cookieSecure } from "~/session.server";

// The side menu's data-saver switch (issue 29): a choice this browser keeps for a year, read by
// every page (app/data-saver). Not the player's account: a phone on a slow line keeps it whoever
// signs in. A plain form and a redirect back, so it works without JavaScript.

const saverCookie = createCookie(SAVER_COOKIE, {
  path: "/",
  sameSite: "lax",
  httpOnly: true,
  maxAge: 60 * 60 * 24 * 365,
  secure: cookieSecure(),
});

export async function action({ request }: ActionFunctionArgs) {
  const form = await readForm(request);
  const on = form.get("on") === "1";
  // The cookie's value is the bare 1 or 0 the pages read (createCookie would encode it).
  const cookie = (await saverCookie.serialize("")).replace(/^[^;]*/, `${SAVER_COOKIE}=${on ? "1" : "0"}`);
  return redirect(safeRedirect(form.get("redirectTo")), { status: 303, headers: { "Set-Cookie": cookie, "Cache-Control": "no-store" } });
}

export function loader() {
  return redirect("/");
}
