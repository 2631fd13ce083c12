import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Figure } from "~/components/figure";
import { useTranslation } from "~/i18n/react";
import { DateFilter } from "~/components/records";
import { personalProfitLoader } from "./personal-profit.server";

export const loader = ({ request }: LoaderFunctionArgs) => personalProfitLoader(request);

export const meta: MetaFunction<typeof loader> = ({ data: d }) => (d ? [{ title: d.meta.title }] : []);

export default function PersonalProfit() {
  const d = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const result = (r: { profit: number; profitText: string }) => (
    <Figure className={r.profit >= 0 ? "text-ok" : "text-bad"}>{r.profitText}</Figure>
  );
  return (
    <section className="mt-4 space-y-3">
      <h1 className="text-xl font-bold">{t("member.personalProfit")}</h1>
      <DateFilter range={d.range} />
      {d.rows.length === 0 ? (
        <p className="text-ink-dim">{t("records.none")}</p>
      ) : (
        <div className="overflow-x-auto rounded-xl bg-panel">
          <table className="w-full text-start text-sm" data-testid="profit">
            <thead className="text-xs text-ink-dim">
              <tr>
                <th className="px-3 py-2">{t("records.gameType")}</th>
                <th className="px-2">{t("member.profit.bet")}</th>
                <th className="px-2">{t("member.profit.win")}</th>
                <th className="px-2">{t("member.profit.result")}</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-white/10">
              {d.rows.map((r) => (
                <tr key={r.name}>
                  <th scope="row" className="px-3 py-2 font-normal">
                    {r.name}
                  </th>
                  <td className="px-2">
                    <Figure>{r.bet}</Figure>
                  </td>
                  <td className="px-2">
                    <Figure>{r.win}</Figure>
                  </td>
                  <td className="px-2">{result(r)}</td>
                </tr>
              ))}
            </tbody>
            {d.total ? (
              <tfoot className="font-bold">
                <tr>
                  <th scope="row" className="px-3 py-2">
                    {t("member.profit.total")}
                  </th>
                  <td className="px-2">{d.total.bet}</td>
                  <td className="px-2">{d.total.win}</td>
                  <td className="px-2">{result(d.total)}</td>
                </tr>
              </tfoot>
            ) : null}
          </table>
        </div>
      )}
    </section>
  );
}
