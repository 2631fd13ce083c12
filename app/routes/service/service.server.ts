import { redirect } from "@remix-run/node";
import { requestContext } from "~/context.server";
import { customerServiceUrl } from "~/domain/account";

// /service: where every customer-service entry points (decision 027). The player's rank picks the
// line (VIP above rank 4, else the live chat, type 3 of the platform's service link), the server
// answers with a redirect to it: the link works as a new tab without JavaScript, and in the
// 440×750 window with it.
export async function serviceLoader(request: Request) {
  const ctx = await requestContext(request);
  // The rank as the platform has it now (it may have risen since login); the login's when it cannot say.
  const signedIn = Boolean(ctx.session.get("token"));
  const [rank, links] = await Promise.all([
    signedIn
      ? ctx.gateway.records.rank().then(
          (r) => r.rankLevel ?? ctx.session.get("rankLevel"),
          () => ctx.session.get("rankLevel"),
        )
      : 0,
    ctx.gateway.rewards.serviceLinks().catch(() => []),
  ]);
  // The service link's VIP line (type 1) and live chat (type 3) first, then the status's own.
  const target = customerServiceUrl(
    [
      { csType: "VIP", url: links.find((l) => l.type === 1)?.url },
      { csType: "LIVECHAT", url: links.find((l) => l.type === 3)?.url },
      ...ctx.status.customerService,
    ].filter((l) => l.url),
    rank,
  );
  if (!target) throw new Response(null, { status: 404 });
  return redirect(target, { headers: { "Cache-Control": "private, no-store" } });
}
