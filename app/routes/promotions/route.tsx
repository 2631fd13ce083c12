import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { promotionsLoader } from "~/promotions/promotions.server";
import { StatusBadge } from "~/promotions/status-badge";
import { Picture } from "~/data-saver/pictures";

// Promotions (docs/SPEC.md point 2, /promotions; /activity is the same screen): category tabs as links,
// each promotion a card with its banner (its own width and height: no layout shift), status and
// period, opening its detail page.
export const loader = ({ request }: LoaderFunctionArgs) => promotionsLoader(request);

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data ? [{ title: data.meta.title }, { name: "description", content: data.meta.description }] : [];

export default function Promotions() {
  const d = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const tabs = [{ code: "", name: t("promotions.all") }, ...d.categories];
  return (
    <section className="space-y-3 px-3 py-5">
      <h1 className="text-xl font-bold">{t("page.promotions")}</h1>
      {tabs.length > 2 ? (
        <nav aria-label={t("promotions.categories")} className="-mx-3 flex gap-2 overflow-x-auto px-3 pb-1 text-sm">
          {tabs.map((tab) => (
            <Link
              key={tab.code || "all"}
              to={tab.code ? `?category=${encodeURIComponent(tab.code)}` : "."}
              replace
              preventScrollReset
              aria-current={tab.code === d.category ? "page" : undefined}
              className={`shrink-0 rounded-full px-3 py-1.5 font-semibold ${tab.code === d.category ? "bg-accent text-night" : "bg-panel text-ink-dim"}`}
            >
              {tab.name}
            </Link>
          ))}
        </nav>
      ) : null}
      {d.unavailable ? (
        <p role="alert" className="rounded-md bg-bad/15 px-3 py-2 text-sm text-bad">
          {t("error.platformUnavailable")}
        </p>
      ) : null}
      {!d.unavailable && d.promotions.length === 0 ? <p className="text-ink-dim">{t("promotions.none")}</p> : null}
      <ul className="grid gap-3 sm:grid-cols-2" data-testid="promotion-list">
        {d.promotions.map((p, i) => (
          <li key={p.id} className="overflow-hidden rounded-xl bg-panel">
            <Link to={`/promoDetail?id=${p.id}`} className="block">
              {p.banner ? (
                <Picture
                  src={p.banner}
                  alt=""
                  width={p.bannerWidth}
                  height={p.bannerHeight}
                  loading={i === 0 ? "eager" : "lazy"}
                  fetchPriority={i === 0 ? "high" : undefined}
                  decoding="async"
                  className="block h-auto w-full bg-panel-2"
                />
              ) : null}
              <div className="space-y-1 p-3 text-sm">
                <p className="flex items-start justify-between gap-2">
                  <span className="font-semibold" dir="auto">
                    {p.title}
                  </span>
                  <StatusBadge status={p.status} name={p.statusName} />
                </p>
                {p.summary ? <p className="line-clamp-2 text-ink-dim">{p.summary}</p> : null}
                <p className="text-xs text-ink-dim">
                  {p.bonus ? `${t("member.rewards.bonus", { amount: p.bonus })} · ` : ""}
                  {p.ends ? t("promotions.period", { from: p.starts, to: p.ends }) : t("promotions.noExpiry", { from: p.starts })}
                </p>
              </div>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
