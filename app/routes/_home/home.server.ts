import type { LoaderFunctionArgs } from "@remix-run/node";
import { requestContext } from "~/context.server";
import { serverDrawn } from "~/drawn.server";
import { mediaUrl, plainText } from "~/html.server";
import { moneyFormat } from "~/money/format.server";
import { pageMeta } from "~/i18n/t.server";
import { toCard, vendorNames } from "~/pages/lobby.server";

/** docs/SPEC.md point 9: popular lottery count 20. */
const POPULAR_LOTTERY_COUNT = 20;
const NOTICE_PREVIEW = 5;

export async function homeLoader({ request, context }: LoaderFunctionArgs) {
  const ctx = await requestContext(request);
  // Each block degrades to nothing when its call fails, never to an error page.
  const announcements = await ctx.gateway.content.announcements().catch(() => null);
  const banners = (announcements?.banners ?? [])
    .filter((b) => (b.groupName ?? "w_home") === "w_home")
    .flatMap((b) => {
      const src = mediaUrl(b.url);
      const href = b.externalLink || b.redirect || undefined;
      return src
        ? [{ id: String(b.bannerId ?? src), src, title: b.title ?? "", href: href && /^(https:\/\/|\/)/.test(href) ? href : undefined }]
        : [];
    });
  const marquee = (announcements?.player ?? [])
    .map((m) => ({ id: String(m.id ?? ""), text: plainText(m.content || m.title || "") }))
    .filter((m) => m.text);
  const loggedIn = Boolean(ctx.session.get("token"));
  const games = ctx.gateway.games;
  const [hot, popular, winners, recent, vendors] = await Promise.all([
    games.hotGames().catch(() => []),
    ctx.gateway.lottery.popular(undefined, POPULAR_LOTTERY_COUNT).catch(() => []),
    games.winners(10).catch(() => []),
    loggedIn ? games.recentGames(6).catch(() => []) : Promise.resolve([]),
    vendorNames(ctx),
  ]);
  const money = await moneyFormat(ctx);
  const notices = (announcements?.player ?? [])
    .slice(0, NOTICE_PREVIEW)
    .map((m) => ({ id: String(m.id ?? ""), title: plainText(m.title || m.content || "") }))
    .filter((n) => n.title);
  // Announcements, banners and the lists are links and text: drawn on the server, not hydrated.
  return {
    top: serverDrawn(context, "home.top", { marquee, banners }),
    loggedIn,
    recent: recent.map((g) => toCard(g, null, vendors)),
    lists: serverDrawn(context, "home.lists", {
      hot: hot.slice(0, 12).map((g) => toCard(g, null, vendors)),
      popular: popular.map((d) => ({
        code: d.code,
        name: d.name,
        icon: mediaUrl(d.icon),
        numbers: d.numbers,
        prizeMode: d.prizeMode ?? "",
      })),
      winners: winners.map((w) => ({ name: w.customerName, game: w.gameName, amount: money(w.winAmount) })),
      notices,
    }),
    meta: await pageMeta(request, "page.home"),
  };
}
