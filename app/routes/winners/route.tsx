import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { winnersLoader } from "./winners.server";
import { Picture } from "~/data-saver/pictures";

export const loader = ({ request }: LoaderFunctionArgs) => winnersLoader(request);

export const meta: MetaFunction<typeof loader> = ({ data }) => (data ? [{ title: data.meta.title }] : []);

export default function Winners() {
  const d = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <section className="space-y-3 px-3 py-5">
      <h1 className="text-xl font-bold">{t("winners.title")}</h1>
      {d.unavailable ? <p className="text-ink-dim">{t("error.platformUnavailable")}</p> : null}
      {!d.unavailable && d.winners.length === 0 ? <p className="text-ink-dim">{t("winners.none")}</p> : null}
      <ol className="divide-y divide-white/10 rounded-xl bg-panel text-sm" data-testid="winners">
        {d.winners.map((w, i) => (
          <li key={w.key} className="flex items-center gap-2 px-3 py-2">
            <span className="w-6 shrink-0 text-end text-ink-dim">{i + 1}</span>
            {w.icon ? <Picture src={w.icon} alt="" width={32} height={32} loading="lazy" className="h-8 w-8 shrink-0 rounded" /> : null}
            <span className="min-w-0 flex-1">
              <span className="block truncate" dir="auto">
                {w.game}
              </span>
              <span className="block truncate text-xs text-ink-dim" dir="auto">
                {w.name}
              </span>
            </span>
            <span className="figure shrink-0 font-bold text-accent" dir="ltr">
              {w.amount}
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}
