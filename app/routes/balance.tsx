import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { safeRedirect } from "~/domain/paths";
import { csrfForm } from "~/security.server";
import { commitSession, getSession } from "~/session.server";

// The header balance: hide/show and refresh, as plain form posts. Refresh needs no
// work here: the redirect reloads the page and the root loader reads the balance afresh.
export async function action({ request }: ActionFunctionArgs) {
  const formData = await csrfForm(request);
  const intent = formData.get("intent");
  const back = safeRedirect(formData.get("redirectTo"));
  const session = await getSession(request);
  if (!session.get("token")) return redirect(`/login?redirectTo=${encodeURIComponent(back)}`);
  if (intent === "toggle") {
    session.set("balanceHidden", session.get("balanceHidden") !== true);
    return redirect(back, { headers: { "Set-Cookie": await commitSession(session) } });
  }
  if (intent === "refresh") return redirect(back);
  return new Response("Unknown intent", { status: 400 });
}

export function loader() {
  return redirect("/");
}
