import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { PartUnavailable } from "~/components/records";
import { TierBadge } from "~/components/tier-badge";
import { memberPath } from "~/domain/member-menu";
import { hubLoader } from "./hub.server";

export const loader = ({ request }: LoaderFunctionArgs) => hubLoader(request);

export const meta: MetaFunction<typeof loader> = ({ data: d }) => (d ? [{ title: d.meta.title }] : []);

type Data = ReturnType<typeof useLoaderData<typeof loader>>;

export default function MemberHub() {
  const d = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <div className="mt-4 space-y-3" data-testid="member-hub">
      <h1 className="flex flex-wrap items-baseline gap-x-2 text-xl font-bold">
        {t("member.menu")}
        {d.user ? <bdi className="text-sm font-normal text-ink-dim">{d.user}</bdi> : null}
      </h1>
      <BalanceBlock balance={d.balance} />
      <Actions />
      {d.inbox ? <InboxBlock inbox={d.inbox} /> : null}
      <RankBlock rank={d.rank} />
      <BetsBlock bets={d.bets} />
    </div>
  );
}

function BalanceBlock({ balance }: { balance: Data["balance"] }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="hub-balance" className="rounded-xl bg-panel p-3" data-testid="hub-balance">
      <div className="flex items-baseline justify-between gap-2">
        <h2 id="hub-balance" className="text-sm text-ink-dim">
          {t("member.wallet.total")}
        </h2>
        <Link to={memberPath("transferFund")} className="text-sm text-accent underline">
          {t("member.transferFund")}
        </Link>
      </div>
      {balance ? (
        <>
          <p className="mt-1 text-2xl font-bold whitespace-nowrap text-accent" data-testid="hub-total">
            <span dir="ltr">{balance.total}</span>
          </p>
          {balance.wallets.length > 0 ? (
            <ul className="mt-2 grid grid-cols-2 gap-1.5 text-sm" aria-label={t("member.hub.wallets")} data-testid="hub-wallets">
              {balance.wallets.map((w) => (
                <li key={w.id} className={`min-w-0 rounded-lg px-2 py-1.5 ${w.main ? "bg-accent/15" : "bg-panel-2"}`}>
                  <span dir="auto" className="block truncate text-xs text-ink-dim">
                    {w.name}
                  </span>
                  {w.available ? (
                    <span className="block font-semibold whitespace-nowrap">
                      <span dir="ltr">{w.amount}</span>
                    </span>
                  ) : (
                    <span className="block text-xs text-ink-dim">{t("member.wallet.unavailable")}</span>
                  )}
                </li>
              ))}
            </ul>
          ) : null}
        </>
      ) : (
        <div className="mt-2">
          <PartUnavailable />
        </div>
      )}
    </section>
  );
}

/** Deposit, Withdraw and Transfer as large touch targets (icons drawn inline: nothing to wait for). */
function Actions() {
  const { t } = useTranslation();
  const actions = [
    { to: memberPath("depositv2"), label: t("member.deposit"), path: "M12 3v12m0 0-5-5m5 5 5-5M4 19h16", accent: true },
    { to: memberPath("withdraw"), label: t("member.withdraw"), path: "M12 21V9m0 0-5 5m5-5 5 5M4 5h16", accent: false },
    {
      to: memberPath("transferFund"),
      label: t("member.wallet.transfer"),
      path: "M4 8h14m0 0-4-4m4 4-4 4M20 16H6m0 0 4-4m-4 4 4 4",
      accent: false,
    },
  ];
  return (
    <nav aria-label={t("member.hub.actions")}>
      <ul className="grid grid-cols-3 gap-2" data-testid="hub-actions">
        {actions.map((a) => (
          <li key={a.to}>
            <Link
              to={a.to}
              className={`flex min-h-20 flex-col items-center justify-center gap-1 rounded-xl px-1 py-2 text-center text-sm font-bold leading-tight ${a.accent ? "bg-accent text-night" : "bg-panel-2 text-ink"}`}
            >
              <svg aria-hidden="true" viewBox="0 0 24 24" width="28" height="28" className="rtl:-scale-x-100">
                <path d={a.path} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
              </svg>
              <span className="break-words hyphens-auto">{a.label}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function InboxBlock({ inbox }: { inbox: NonNullable<Data["inbox"]> }) {
  const { t } = useTranslation();
  if (inbox === "failed") {
    return (
      <section aria-labelledby="hub-inbox" className="rounded-xl bg-panel p-3">
        <h2 id="hub-inbox" className="mb-2 text-sm text-ink-dim">
          {t("member.messages")}
        </h2>
        <PartUnavailable />
      </section>
    );
  }
  return (
    <section aria-labelledby="hub-inbox">
      <h2 id="hub-inbox" className="sr-only">
        {t("member.messages")}
      </h2>
      <Link to={memberPath("messageV2")} className="flex min-h-14 items-center gap-3 rounded-xl bg-panel px-3 py-2" data-testid="hub-inbox">
        <svg aria-hidden="true" viewBox="0 0 24 24" width="24" height="24" className="shrink-0 text-accent">
          <path d="M3 6h18v12H3zm0 0 9 7 9-7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
        </svg>
        <span className="min-w-0 flex-1">
          <span className="block font-semibold">{t("member.messages")}</span>
          <span className="block text-sm text-ink-dim">
            {inbox.unread > 0 ? t("member.hub.unread", { count: inbox.unread }) : t("member.hub.noUnread")}
          </span>
        </span>
        {inbox.unread > 0 ? (
          <span aria-hidden="true" className="grid h-6 min-w-6 place-items-center rounded-full bg-bad px-1.5 text-xs font-bold text-white">
            {inbox.unread > 99 ? "99+" : inbox.unread}
          </span>
        ) : null}
      </Link>
    </section>
  );
}

function RankBlock({ rank }: { rank: Data["rank"] }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="hub-rank" className="rounded-xl bg-panel p-3" data-testid="hub-rank">
      <div className="flex items-baseline justify-between gap-2">
        <h2 id="hub-rank" className="text-sm text-ink-dim">
          {t("vip.yourRank")}
        </h2>
        <Link to="/vip" className="text-sm text-accent underline">
          {t("member.hub.benefits")}
        </Link>
      </div>
      {rank ? (
        <Link to={memberPath("playerRank")} className="mt-2 flex items-center gap-3">
          <TierBadge level={rank.level} size={44} />
          <span className="min-w-0 flex-1">
            <span className="block text-lg font-bold text-accent" data-testid="hub-rank-name">
              {rank.name}
            </span>
            <span className="block text-xs text-ink-dim">{t("member.rank.level", { level: rank.level })}</span>
          </span>
        </Link>
      ) : (
        <div className="mt-2">
          <PartUnavailable />
        </div>
      )}
      {rank?.next ? (
        <>
          <div
            className="mt-3 h-2.5 overflow-hidden rounded-full bg-night"
            role="progressbar"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.round(rank.progress)}
            aria-label={t("member.rank.progress")}
          >
            <div className="h-full bg-accent" style={{ width: `${rank.progress}%` }} />
          </div>
          <p className="mt-1.5 text-xs">{t("member.rank.toNext", { actual: rank.actual, expected: rank.expected, next: rank.next })}</p>
        </>
      ) : rank ? (
        <p className="mt-2 text-xs">{t("member.rank.top")}</p>
      ) : null}
    </section>
  );
}

function BetsBlock({ bets }: { bets: Data["bets"] }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="hub-bets" className="rounded-xl bg-panel p-3" data-testid="hub-bets">
      <div className="flex items-baseline justify-between gap-2">
        <h2 id="hub-bets" className="text-sm text-ink-dim">
          {t("member.hub.latestBets")}
        </h2>
        <Link to={`${memberPath("personalHistoryCopy")}?range=last30`} className="text-sm text-accent underline">
          {t("member.hub.allBets")}
        </Link>
      </div>
      {bets === null ? (
        <div className="mt-2">
          <PartUnavailable />
        </div>
      ) : bets.length === 0 ? (
        <p className="mt-2 text-sm text-ink-dim">{t("member.hub.noBets")}</p>
      ) : (
        <ul className="mt-1 divide-y divide-white/10 text-sm">
          {bets.map((b) => (
            <li key={b.id} className="py-2">
              <p className="flex justify-between gap-2">
                <span dir="auto" className="truncate font-semibold">
                  {b.game}
                </span>
                <span dir="ltr" className={`whitespace-nowrap ${b.profit >= 0 ? "text-ok" : "text-bad"}`}>
                  {b.profitText}
                </span>
              </p>
              <p className="flex justify-between gap-2 text-xs text-ink-dim">
                <span className="whitespace-nowrap" dir="ltr">
                  {b.stake}
                </span>
                <span className="whitespace-nowrap">{b.time}</span>
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
