import { moneyFormat, signed } from "~/money/format.server";
import { vendorNames } from "~/pages/lobby.server";
import { readFailed, requireMember } from "~/accounts/guards.server";
import { pageMeta } from "~/i18n/t.server";
import { rowKey } from "~/gateway/wire.server";
import { RECORDS_PAGE_SIZE, recordsQuery, timeFormatter } from "~/money/records.server";
import { BET_GAME_TYPES } from "~/domain/report-filters";

// Betting record (personalHistoryCopy): the member's bets in a date range, by game type, paged,
// with the range's totals.

export async function bettingRecordLoader(request: Request) {
  const ctx = await requireMember(request);
  const money = await moneyFormat(ctx);
  const { range, page, params } = recordsQuery(request);
  const gameType = BET_GAME_TYPES.includes(params.get("gameType") ?? "") ? params.get("gameType")! : "ALL";
  const [answer, vendors] = await Promise.all([
    ctx.gateway.records
      .bets({
        pageNo: page,
        pageSize: RECORDS_PAGE_SIZE,
        dateFrom: range.from,
        dateTo: range.to,
        gameType: gameType === "ALL" ? undefined : gameType,
      })
      .catch(readFailed(request)),
    vendorNames(ctx),
  ]);
  const when = timeFormatter(ctx.language);
  return {
    range,
    gameType,
    page,
    totalPages: answer.totalPages,
    bets: answer.list.map((b, i) => ({
      // A platform that sends no betId (decision 038): the row is keyed by what it shows.
      id: b.betId ?? rowKey(b, i, ["time", "gameName", "stake"]),
      game: b.gameName ?? "",
      type: b.gameType ?? "",
      vendor: vendors.get((b.vendor ?? "").toUpperCase()) ?? b.vendor ?? "",
      stake: money(b.stake),
      win: money(b.win),
      profit: b.profit ?? b.win - b.stake,
      profitText: signed(money)(b.profit ?? b.win - b.stake),
      time: when(b.time),
    })),
    summary: answer.summary
      ? {
          stake: money(answer.summary.stake ?? 0),
          win: money(answer.summary.win ?? 0),
          profit: answer.summary.profit ?? 0,
          profitText: signed(money)(answer.summary.profit ?? 0),
          count: answer.summary.count ?? answer.total,
        }
      : null,
    meta: await pageMeta(request, "member.bettingRecord"),
  };
}
