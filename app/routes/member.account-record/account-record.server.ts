import { moneyFormat, signed } from "~/money/format.server";
import { readFailed, requireMemberPage } from "~/accounts/guards.server";
import { pageMeta } from "~/i18n/t.server";
import { rowKey } from "~/gateway/wire.server";
import { RECORDS_PAGE_SIZE, recordsQuery, timeFormatter } from "~/money/records.server";

// Account record (transactionHistory): every movement of the member's wallets (ODSFE2_MemTransDet)
// in a date range, by transaction type, paged.
const TYPE = /^[A-Z_]{1,30}$/;

export async function accountRecordLoader(request: Request) {
  const ctx = await requireMemberPage(request, "transactionHistory");
  const money = await moneyFormat(ctx);
  const { range, page, params } = recordsQuery(request);
  const txType = TYPE.test(params.get("txType") ?? "") ? params.get("txType")! : "ALL";
  const records = ctx.gateway.records;
  const [answer, types] = await Promise.all([
    records.transactions({
      pageNo: page,
      pageSize: RECORDS_PAGE_SIZE,
      dateFrom: range.from,
      dateTo: range.to,
      txType: txType === "ALL" ? undefined : txType,
    }),
    records.txTypes().catch(() => ({ list: [] })),
  ]).catch(readFailed(request));
  const when = timeFormatter(ctx.language);
  return {
    range,
    txType,
    types: types.list.map((x) => ({ code: x.txType, name: x.txTypeName ?? x.txType })),
    page,
    totalPages: answer.totalPages,
    rows: answer.list.map((r, i) => ({
      id: r.id ?? rowKey(r, i, ["time", "txType", "amount"]),
      type: r.txTypeName ?? r.txType ?? "",
      amount: r.amount,
      amountText: signed(money)(r.amount),
      balance: r.balanceAfter != null ? money(r.balanceAfter) : "",
      wallet: r.walletName ?? "",
      time: when(r.time),
      remark: r.remark ?? "",
    })),
    meta: await pageMeta(request, "member.accountRecord"),
  };
}
