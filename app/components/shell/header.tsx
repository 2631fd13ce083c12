import { Form, Link, useNavigation } from "@remix-run/react";
import { useRef } from "react";
import { useTranslation } from "~/i18n/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { memberPath } from "~/domain/member-menu";
import { HIDDEN_BALANCE, DEFAULT_BALANCE_SYMBOL } from "~/domain/money";
import type { RootData } from "~/shell.server";
import { Icon } from "../icon";
import { useCurrentPath, closeDetails } from "./use-current-path";

export function Header({ data, pathname, sideMenu }: { data: RootData; pathname: string; sideMenu: React.ReactNode }) {
  const { t } = useTranslation();
  const current = useCurrentPath();
  return (
    <header className="sticky top-0 z-40 bg-panel shadow-md">
      <div className="mx-auto flex h-14 max-w-5xl items-center gap-1 px-1 min-[400px]:px-1.5 sm:gap-2 sm:px-2">
        {sideMenu}
        {/* Named by the brand it shows (the name must hold the visible text); it leads home. The
            name stays on the narrowest phones (the star goes below 400 px); with a very large
            balance the name gives way first, never the balance or Deposit. */}
        <Link
          to="/"
          className="flex min-w-0 items-center gap-0.5 text-base font-extrabold tracking-tight min-[400px]:text-lg"
          aria-label={t("brand")}
        >
          <span className="text-accent max-[399px]:hidden" aria-hidden="true">
            ★
          </span>
          <span className="truncate">{t("brand")}</span>
        </Link>
        <div className="ms-auto flex shrink-0 items-center gap-0.5 min-[400px]:gap-1">
          {data.user ? (
            <>
              <BalanceForm balance={data.balance} redirectTo={current} />
              {/* The first thing a player looks for, on every page with a header. */}
              <Link
                to={memberPath("depositv2")}
                className="btn-accent min-h-9 shrink-0 px-1.5 max-[399px]:text-[13px] min-[400px]:px-3"
                data-testid="header-deposit"
              >
                {t("member.deposit")}
              </Link>
              <AccountMenu data={data} cancelHref={current} />
            </>
          ) : pathname === "/login" ? null : (
            <>
              <Link to={`/register`} className="btn-ghost whitespace-nowrap px-3">
                {t("header.register")}
              </Link>
              <Link to={`/login?redirectTo=${encodeURIComponent(current)}`} className="btn-accent whitespace-nowrap px-3">
                {t("header.login")}
              </Link>
            </>
          )}
        </div>
      </div>
    </header>
  );
}

function BalanceForm({ balance, redirectTo }: { balance: RootData["balance"]; redirectTo: string }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const submitting = navigation.formAction === "/balance" ? navigation.formData?.get("intent") : null;
  // Hidden shows ***; while loading, the currency placeholder shows.
  const hidden = submitting === "toggle" ? !balance?.hidden : balance?.hidden;
  const value = balance?.value;
  const symbol = value?.symbol ?? DEFAULT_BALANCE_SYMBOL;
  const text = hidden ? HIDDEN_BALANCE : submitting === "refresh" || !value ? "--" : value.text;
  return (
    <Form
      method="post"
      action="/balance"
      preventScrollReset
      className="flex shrink-0 items-center rounded-full bg-night/70 ps-2 text-[13px] min-[400px]:text-sm"
    >
      <AuthenticityTokenInput name="csrf" />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <button
        type="submit"
        name="intent"
        value="toggle"
        data-testid="balance"
        className="flex items-center gap-1 font-semibold tabular-nums"
      >
        {/* The button's name says what it does and holds what it shows (the balance). */}
        <span className="sr-only">{hidden ? t("header.showBalance") : t("header.hideBalance")}: </span>
        {/* With a game open: the wallet the game bets from, named, as the game shows it. */}
        <span className="flex min-w-0 flex-col items-start leading-tight">
          {value?.wallet ? (
            <span className="max-w-full truncate text-[10px] font-normal text-ink-dim" data-testid="balance-wallet">
              {value.wallet}
            </span>
          ) : null}
          <span className="whitespace-nowrap" dir="ltr">
            <span className="text-accent">{symbol}</span>
            {text}
          </span>
        </span>
        {/* Below 380 px the eye gives its room to the figure: the figure itself still toggles. */}
        <Icon name={hidden ? "eyeOff" : "eye"} size={16} className="shrink-0 text-ink-dim max-[379px]:hidden" />
      </button>
      <button
        type="submit"
        name="intent"
        value="refresh"
        aria-label={t("header.refreshBalance")}
        className={`shrink-0 p-1.5 text-ink-dim ${submitting === "refresh" ? "animate-spin" : ""}`}
      >
        <Icon name="refresh" size={16} />
      </button>
    </Form>
  );
}

/**
 * The person menu: who is signed in and the balance, the four things a player comes for as large
 * targets (Deposit, Withdraw, Transfer, the inbox with its count), the rest as a list, and logout
 * (with its confirmation) at the end instead of in the header.
 */
function AccountMenu({ data, cancelHref }: { data: RootData; cancelHref: string }) {
  const { t } = useTranslation();
  const value = data.balance?.value;
  const actions = [
    { to: memberPath("depositv2"), label: t("member.deposit"), icon: "deposit" as const },
    { to: memberPath("withdraw"), label: t("member.withdraw"), icon: "withdraw" as const },
    { to: memberPath("transferFund"), label: t("member.wallet.transfer"), icon: "transfer" as const },
    { to: memberPath("messageV2"), label: t("member.messages"), icon: "inbox" as const, count: data.unread },
  ];
  const items = [
    { to: memberPath("securityCenter"), label: t("header.myAccount") },
    { to: memberPath("personalHistoryCopy"), label: t("member.bettingRecord") },
    { to: memberPath("rewardCenter"), label: t("member.rewardCenter") },
  ];
  return (
    <details className="relative" data-panel>
      {/* 40 px on the narrowest phones: the brand's name keeps its room. */}
      <summary className="btn-icon relative max-[399px]:w-10">
        {/* Named by text, not aria-label: the badge's number sits inside a word in several languages
            ("2件", "2টি"), which a label must contain but cannot. The badge itself is for the eye. */}
        <span className="sr-only">{data.unread > 0 ? t("header.accountMenuUnread", { count: data.unread }) : t("header.accountMenu")}</span>
        <Icon name="user" />
        {data.unread > 0 ? (
          <span
            aria-hidden="true"
            className="absolute end-0.5 top-0.5 grid h-4 min-w-4 place-items-center rounded-full bg-bad px-1 text-[10px] font-bold text-white"
            data-testid="unread-badge"
          >
            {data.unread > 99 ? "99+" : data.unread}
          </span>
        ) : null}
      </summary>
      <div className="absolute end-0 top-11 z-40 w-[min(20rem,calc(100vw-1rem))] rounded-xl bg-panel-2 p-3 shadow-xl">
        <div className="flex items-baseline justify-between gap-2 px-1">
          <p className="min-w-0 truncate text-sm text-ink-dim" data-testid="user-name">
            {data.user?.userName}
          </p>
          {value && !data.balance?.hidden ? (
            <p className="shrink-0 whitespace-nowrap font-bold tabular-nums" dir="ltr">
              <span className="text-accent">{value.symbol}</span>
              {value.sumText ?? value.text}
            </p>
          ) : null}
        </div>
        <ul className="mt-2 grid grid-cols-4 gap-1.5 text-center text-[11px] leading-tight" data-testid="account-actions">
          {actions.map((a) => (
            <li key={a.to}>
              <Link
                to={a.to}
                className="relative flex min-h-16 flex-col items-center justify-center gap-1 rounded-lg bg-night/60 px-0.5 py-2 hover:bg-white/5"
              >
                <Icon name={a.icon} size={22} className="text-accent" />
                <span className="line-clamp-2 max-w-full break-words">{a.label}</span>
                {a.count ? (
                  <span className="absolute end-1 top-1 grid h-4 min-w-4 place-items-center rounded-full bg-bad px-1 text-[10px] font-bold text-white">
                    {a.count > 99 ? "99+" : a.count}
                  </span>
                ) : null}
              </Link>
            </li>
          ))}
        </ul>
        <ul className="mt-2 text-sm">
          {items.map((item) => (
            <li key={item.to}>
              <Link className="menu-link" to={item.to}>
                {item.label}
              </Link>
            </li>
          ))}
          {data.customerService ? (
            <li>
              <a className="menu-link" href={data.customerService} target="_blank" rel="noopener" data-service-window>
                {t("nav.customerService")}
              </a>
            </li>
          ) : null}
          {data.socials.map((s) => (
            <li key={s.type}>
              <a className="menu-link" href={s.url} target="_blank" rel="noopener noreferrer">
                {t(`social.${s.type}`)}
              </a>
            </li>
          ))}
          <li>
            <Link className="menu-link" to="/help">
              {t("nav.helpCentre")}
            </Link>
          </li>
          <li className="mt-1 border-t border-white/10 pt-1">
            <LogoutDialog cancelHref={cancelHref} />
          </li>
        </ul>
      </div>
    </details>
  );
}

function LogoutDialog({ cancelHref }: { cancelHref: string }) {
  const { t } = useTranslation();
  const details = useRef<HTMLDetailsElement>(null);
  const navigation = useNavigation();
  const leaving = navigation.formAction === "/logout";
  return (
    <details ref={details} data-testid="logout" data-panel>
      {/* Its name is its visible text (tests and screen readers find it by "Log out"). */}
      <summary className="menu-link flex items-center gap-2" aria-label={t("header.logout")}>
        <Icon name="logout" size={18} className="text-ink-dim rtl:-scale-x-100" />
        <span>{t("header.logout")}</span>
      </summary>
      <div className="fixed inset-0 z-50 grid place-items-center bg-black/70 p-4">
        <div
          role="dialog"
          aria-modal="true"
          aria-labelledby="logout-title"
          className="w-full max-w-[400px] rounded-xl bg-panel-2 p-5 text-center shadow-2xl"
        >
          <h2 id="logout-title" className="text-lg font-bold">
            {t("dialog.prompt")}
          </h2>
          <p className="mt-2 text-ink-dim">{t("logout.sure")}</p>
          <div className="mt-5 flex justify-center gap-3">
            {/* Without JavaScript, cancel reloads the page, which closes the dialog. */}
            <a href={cancelHref} className="btn-ghost" onClick={(e) => closeDetails(e, details.current)}>
              {t("dialog.cancel")}
            </a>
            <Form method="post" action="/logout">
              <AuthenticityTokenInput name="csrf" />
              <button type="submit" className="btn-accent" disabled={leaving}>
                {leaving ? t("dialog.working") : t("dialog.confirm")}
              </button>
            </Form>
          </div>
        </div>
      </div>
    </details>
  );
}
