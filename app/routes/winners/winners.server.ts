import { requestContext } from "~/context.server";
import { mediaUrl } from "~/html.server";
import { pageMeta } from "~/i18n/t.server";
import { moneyFormat } from "~/money/format.server";

// Winners list (docs/SPEC.md point 2, known by name only; decision 026): the platform's board of big wins
// (GCSGAME_getRankList), the home block's list in full.
const WINNERS_SHOWN = 50;

export async function winnersLoader(request: Request) {
  const ctx = await requestContext(request);
  const [winners, money] = await Promise.all([ctx.gateway.games.winners(WINNERS_SHOWN).catch(() => null), moneyFormat(ctx)]);
  return {
    unavailable: winners === null,
    winners: (winners ?? []).map((w, i) => ({
      key: `${i}-${w.customerName}`,
      name: w.customerName,
      game: w.gameName,
      amount: money(w.winAmount),
      icon: mediaUrl(w.icon),
    })),
    meta: await pageMeta(request, "winners.title"),
  };
}
