import { moneyFormat } from "~/money/format.server";
import { readFailed, requireMemberPage } from "~/accounts/guards.server";
import { pageMeta } from "~/i18n/t.server";
import { RECORDS_PAGE_SIZE, recordsQuery, timeFormatter } from "~/money/records.server";
import { rowKey } from "~/gateway/wire.server";

// Bonus details: promotion bonuses, cashback, raffle prizes and mission rewards credited.
export async function bonusDetailsLoader(request: Request) {
  const ctx = await requireMemberPage(request, "bonusDetails");
  const money = await moneyFormat(ctx);
  const { range, page } = recordsQuery(request);
  const answer = await ctx.gateway.records
    .bonuses({ pageNo: page, pageSize: RECORDS_PAGE_SIZE, dateFrom: range.from, dateTo: range.to })
    .catch(readFailed(request));
  const when = timeFormatter(ctx.language);
  return {
    range,
    page,
    totalPages: answer.totalPages,
    total: money(answer.summary?.amount ?? 0),
    rows: answer.list.map((b, i) => ({
      id: b.id ?? rowKey(b, i, ["time", "bonusType", "amount"]),
      type: b.bonusTypeName ?? b.bonusType ?? "",
      title: b.title ?? "",
      amount: money(b.amount),
      time: when(b.time),
    })),
    meta: await pageMeta(request, "member.bonusDetails"),
  };
}
