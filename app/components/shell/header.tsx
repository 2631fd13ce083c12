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
      <div className="mx-auto flex h-14 max-w-5xl items-center gap-1 px-2 sm:gap-2">
        {sideMenu}
        {/* Named by the brand it shows (the name must hold the visible text); it leads home. */}
        <Link to="/" className="flex items-center gap-1 text-lg font-extrabold tracking-tight" aria-label={t("brand")}>
          <span className="text-accent" aria-hidden="true">★</span>
          {/* On the narrowest phones the star alone keeps room for balance, menu and logout. */}
          <span className={data.user ? "hidden min-[420px]:inline" : ""}>{t("brand")}</span>
        </Link>
        <div className="ms-auto flex min-w-0 items-center gap-0.5 sm:gap-1">
          {data.user ? (
            <>
              <BalanceForm balance={data.balance} redirectTo={current} />
              <AccountMenu data={data} />
              <LogoutDialog cancelHref={current} />
            </>
          ) : pathname === "/login" ? null : (
            <>
              <Link to={`/register`} className="btn-ghost whitespace-nowrap px-3">{t("header.register")}</Link>
              <Link to={`/login?redirectTo=${encodeURIComponent(current)}`} className="btn-accent whitespace-nowrap px-3">{t("header.login")}</Link>
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
    <Form method="post" action="/balance" preventScrollReset className="flex min-w-0 items-center rounded-full bg-night/70 ps-2.5 text-sm">
      <AuthenticityTokenInput name="csrf" />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <button
        type="submit" name="intent" value="toggle" data-testid="balance"
        className="flex items-center gap-1 font-semibold tabular-nums"
      >
        {/* The button's name says what it does and holds what it shows (the balance). */}
        <span className="sr-only">{hidden ? t("header.showBalance") : t("header.hideBalance")}: </span>
        <span className="text-accent">{symbol}</span>
        <span>{text}</span>
        <Icon name={hidden ? "eyeOff" : "eye"} size={16} className="text-ink-dim" />
      </button>
      <button
        type="submit" name="intent" value="refresh" aria-label={t("header.refreshBalance")}
        className={`p-2 text-ink-dim ${submitting === "refresh" ? "animate-spin" : ""}`}
      >
        <Icon name="refresh" size={16} />
      </button>
    </Form>
  );
}

function AccountMenu({ data }: { data: RootData }) {
  const { t } = useTranslation();
  const items = [
    { to: memberPath("depositv2"), label: t("member.deposit") },
    { to: memberPath("withdraw"), label: t("member.withdraw") },
    { to: memberPath("securityCenter"), label: t("header.myAccount") },
    { to: memberPath("personalHistoryCopy"), label: t("member.bettingRecord") },
    { to: memberPath("rewardCenter"), label: t("member.rewardCenter") },
    { to: memberPath("messageV2"), label: data.unread > 0 ? `${t("member.messages")} (${data.unread})` : t("member.messages") },
  ];
  return (
    <details className="relative" data-panel>
      <summary className="btn-icon relative">
        {/* Named by text, not aria-label: the badge's number sits inside a word in several languages
            ("2件", "2টি"), which a label must contain but cannot. The badge itself is for the eye. */}
        <span className="sr-only">{data.unread > 0 ? t("header.accountMenuUnread", { count: data.unread }) : t("header.accountMenu")}</span>
        <Icon name="user" />
        {data.unread > 0 ? (
          <span aria-hidden="true" className="absolute end-0.5 top-0.5 grid h-4 min-w-4 place-items-center rounded-full bg-bad px-1 text-[10px] font-bold text-white" data-testid="unread-badge">
            {data.unread > 99 ? "99+" : data.unread}
          </span>
        ) : null}
      </summary>
      <div className="absolute end-0 top-11 z-40 w-60 rounded-lg bg-panel-2 p-2 shadow-xl">
        <p className="truncate px-2 py-1 text-sm text-ink-dim" data-testid="user-name">{data.user?.userName}</p>
        <ul className="text-sm">
          {items.map((item) => (
            <li key={item.to}><Link className="menu-link" to={item.to}>{item.label}</Link></li>
          ))}
          {data.customerService ? (
            <li><a className="menu-link" href={data.customerService} target="_blank" rel="noopener" data-service-window>{t("nav.customerService")}</a></li>
          ) : null}
          {data.socials.map((s) => (
            <li key={s.type}><a className="menu-link" href={s.url} target="_blank" rel="noopener noreferrer">{t(`social.${s.type}`)}</a></li>
          ))}
          <li><Link className="menu-link" to="/help">{t("nav.helpCentre")}</Link></li>
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
      <summary className="btn-icon" aria-label={t("header.logout")}>
        <Icon name="logout" className="rtl:-scale-x-100" />
      </summary>
      <div className="fixed inset-0 z-50 grid place-items-center bg-black/70 p-4">
        <div role="dialog" aria-modal="true" aria-labelledby="logout-title" className="w-full max-w-[400px] rounded-xl bg-panel-2 p-5 text-center shadow-2xl">
          <h2 id="logout-title" className="text-lg font-bold">{t("dialog.prompt")}</h2>
          <p className="mt-2 text-ink-dim">{t("logout.sure")}</p>
          <div className="mt-5 flex justify-center gap-3">
            {/* Without JavaScript, cancel reloads the page, which closes the dialog. */}
            <a href={cancelHref} className="btn-ghost" onClick={(e) => closeDetails(e, details.current)}>{t("dialog.cancel")}</a>
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
