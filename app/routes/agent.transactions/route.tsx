import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Figure } from "~/components/figure";
import { useTranslation } from "~/i18n/react";
import { readFailed, requireAgentPage } from "~/accounts/guards.server";
import { AccountFilter, CodeChips, rangeParams } from "~/agent/filters";
import { teamReportQuery } from "~/agent/reports.server";
import { DateFilter, Pager } from "~/components/records";
import { pageMeta } from "~/i18n/t.server";
import { moneyFormat, signed } from "~/money/format.server";
import { RECORDS_PAGE_SIZE, timeFormatter } from "~/money/records.server";
import { rowKey } from "~/gateway/wire.server";

// Transaction details (agentDownlineTransactionDetailsCopy): the team's deposits, withdrawals and
// transfers between upline and downline, by type, member and date.
const TX_TYPES = ["DEPOSIT", "WITHDRAW", "TRANSFER_DOWN", "TRANSFER_UP"] as const;

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireAgentPage(request, "agentDownlineTransactionDetailsCopy");
  const { range, page, params, account } = teamReportQuery(request);
  const raw = params.get("txType") ?? "";
  const txType = (TX_TYPES as readonly string[]).includes(raw) ? raw : "ALL";
  const [answer, money] = await Promise.all([
    ctx.gateway.agent
      .teamTransactions({ pageNo: page, pageSize: RECORDS_PAGE_SIZE, dateFrom: range.from, dateTo: range.to, account: account || undefined, txType: txType === "ALL" ? undefined : txType })
      .catch(readFailed(request)),
    moneyFormat(ctx),
  ]);
  const when = timeFormatter(ctx.language);
  return {
    range, page, account, txType, totalPages: answer.totalPages,
    rows: answer.list.map((r, i) => ({
      id: r.id ?? rowKey(r, i, ["time", "account", "txType", "amount"]), account: r.account ?? "", type: r.txType, typeName: r.txTypeName ?? "", amount: signed(money)(r.amount), out: r.amount < 0,
      status: r.status ?? "", time: when(r.time),
    })),
    meta: await pageMeta(request, "agent.transactions"),
  };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => (data ? [{ title: data.meta.title }] : []);

export default function TeamTransactions() {
  const d = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const keep = { ...rangeParams(d.range), ...(d.account ? { account: d.account } : {}) };
  const name = (type: string, fallback = type) => t(`agent.txTypes.${type}`, { defaultValue: fallback });
  return (
    <section className="mt-4 space-y-3">
      <h2 className="text-xl font-bold">{t("agent.transactions")}</h2>
      <DateFilter range={d.range} extra={{ ...(d.account ? { account: d.account } : {}), ...(d.txType !== "ALL" ? { txType: d.txType } : {}) }} />
      <CodeChips label={t("records.txType")} param="txType" current={d.txType} keep={keep}
        codes={[{ code: "ALL", name: t("records.all") }, ...TX_TYPES.map((code) => ({ code, name: name(code) }))]} />
      <AccountFilter account={d.account} keep={{ ...rangeParams(d.range), ...(d.txType !== "ALL" ? { txType: d.txType } : {}) }} />
      {d.rows.length === 0 ? <p className="text-ink-dim">{t("records.none")}</p> : null}
      <ul className="divide-y divide-white/10 rounded-xl bg-panel text-sm" data-testid="team-transactions">
        {d.rows.map((r) => (
          <li key={r.id} className="px-3 py-2">
            <p className="flex justify-between gap-2"><span className="truncate font-semibold">{r.account} · {name(r.type, r.typeName)}</span><Figure className={r.out ? "text-bad" : "text-ok"}>{r.amount}</Figure></p>
            <p className="flex justify-between gap-2 text-xs text-ink-dim"><span>{r.status ? t(`agent.txStatus.${r.status}`, { defaultValue: r.status }) : ""}</span><Figure className="shrink-0">{r.time}</Figure></p>
          </li>
        ))}
      </ul>
      <Pager page={d.page} totalPages={d.totalPages} />
    </section>
  );
}
