import { blockFailed, requireMember } from "~/accounts/guards.server";
import { parseDateRange } from "~/domain/date-range";
import { MAIN_WALLET } from "~/domain/money";
import { moduleOn } from "~/domain/modules";
import { env } from "~/env.server";
import { rowKey } from "~/gateway/wire.server";
import { pageMeta } from "~/i18n/t.server";
import { moneyFormat, signed } from "~/money/format.server";
import { timeFormatter } from "~/money/records.server";

// The member hub (issue 26, item 5): what a player opens the member centre for, on one phone
// screen: the balance by wallet, Deposit, Withdraw and Transfer, the unread messages, the rank and
// the latest bets. Each block reads as its own page does and degrades alone (decision 038): a
// failed read puts one line in its place, the rest is drawn.

const LATEST = 3;

export async function hubLoader(request: Request) {
  const ctx = await requireMember(request);
  const failed = blockFailed(request);
  const inbox = moduleOn(ctx.status.modules, "INBOX3");
  // The last 30 days, as the betting record's own "Last 30 days".
  const range = parseDateRange(new URLSearchParams({ range: "last30" }), Date.now(), env().TIME_ZONE);
  const [balance, unread, rank, bets, money] = await Promise.all([
    ctx.balance().catch(failed),
    inbox ? ctx.gateway.cashier.unreadCount().catch(failed) : Promise.resolve(null),
    ctx.gateway.records.rank().catch(failed),
    ctx.gateway.records.bets({ pageNo: 1, pageSize: LATEST, dateFrom: range.from, dateTo: range.to }).catch(failed),
    moneyFormat(ctx),
  ]);
  const when = timeFormatter(ctx.language);
  const turnover = rank?.monthlyTurnover;
  return {
    user: ctx.session.get("userName") ?? "",
    balance: balance
      ? {
          total: money(balance.sumBalance),
          wallets: (balance.balance ?? []).map((w) => ({
            id: w.accountTypeId,
            name: w.displayName ?? String(w.accountTypeId),
            amount: money(w.availBalance),
            available: (w.status ?? "OK") === "OK",
            main: w.accountTypeId === MAIN_WALLET,
          })),
        }
      : null,
    // null with the inbox module off: no block at all; "failed" when the count did not read.
    inbox: inbox ? (unread === null ? ("failed" as const) : { unread }) : null,
    rank: rank
      ? {
          name: rank.playerRankName ?? "",
          level: rank.rankLevel ?? 0,
          next: rank.nextRankName ?? null,
          actual: money(turnover?.actual ?? 0),
          expected: money(turnover?.expected ?? 0),
          progress: Math.max(
            0,
            Math.min(100, rank.progress ?? (turnover && turnover.expected > 0 ? (turnover.actual / turnover.expected) * 100 : 0)),
          ),
        }
      : null,
    bets: bets
      ? bets.list.slice(0, LATEST).map((b, i) => {
          const profit = b.profit ?? b.win - b.stake;
          return {
            id: b.betId ?? rowKey(b, i, ["time", "gameName", "stake"]),
            game: b.gameName ?? "",
            profit,
            profitText: signed(money)(profit),
            stake: money(b.stake),
            time: when(b.time),
          };
        })
      : null,
    meta: await pageMeta(request, "member.menu"),
  };
}
