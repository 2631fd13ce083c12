import { Link, useLocation } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { canEnterAgentCentre } from "~/domain/account";
import { agentPath } from "~/domain/agent-menu";
import { memberPath } from "~/domain/member-menu";
import { htmlLang } from "~/i18n/config";
import type { RootData } from "~/shell.server";
import { DataSaverSwitch } from "~/data-saver/pictures";
import { Icon } from "../icon";
import { usePanel } from "./panel";
import { languageHref } from "./use-current-path";

type Entry = { key: string; label: string; to: string; external?: boolean; serviceWindow?: boolean };

/**
 * The left side menu: a drawer opened from the header, drawn only while open (a shell panel:
 * ?panel=menu without JavaScript). Its main, member and language sections are an exclusive
 * accordion (<details name>), so one is open at a time without JavaScript.
 */
export function SideMenu({ data, pathname, labelled = false }: { data: RootData; pathname: string; labelled?: boolean }) {
  const { t } = useTranslation();
  const panel = usePanel("menu");
  return (
    <>
      {/* biome-ignore lint/a11y/useAriaPropsSupportedByRole: a link: its href comes in panel.control */}
      <a
        {...panel.control}
        data-testid="side-menu-control"
        className={labelled ? "btn-ghost gap-1.5 ps-2.5" : "btn-icon max-[399px]:w-10"}
        aria-label={t("nav.openMenu")}
      >
        <Icon name="menu" />
        {labelled ? <span>{t("nav.main")}</span> : null}
      </a>
      {panel.open ? <Drawer data={data} pathname={pathname} panel={panel} /> : null}
    </>
  );
}

function Drawer({ data, pathname, panel }: { data: RootData; pathname: string; panel: ReturnType<typeof usePanel> }) {
  const { t } = useTranslation();
  const location = useLocation();
  // Account pages for a visitor lead to the login modal first.
  const account = (path: string) => (data.user ? path : `/login?redirectTo=${encodeURIComponent(path)}`);

  // The affiliate button: an agent's opens its register centre, a player's the referral page.
  const agent = data.user != null && canEnterAgentCentre(data.user.accountType);
  const share: Entry[] = agent
    ? data.modules.registerCentre
      ? [{ key: "referral", label: t("nav.share"), to: agentPath("registerCenter") }]
      : []
    : data.modules.referral
      ? [{ key: "referral", label: t("nav.share"), to: account(memberPath("referral")) }]
      : [];
  const main: Entry[] = [
    { key: "deposit", label: t("member.deposit"), to: account(memberPath("depositv2")) },
    { key: "withdraw", label: t("member.withdraw"), to: account(memberPath("withdraw")) },
    ...share,
    { key: "reward", label: t("member.rewardCenter"), to: account(memberPath("rewardCenter")) },
    ...(data.modules.manualRebate ? [{ key: "cashback", label: t("member.cashback"), to: account(memberPath("manualRebate")) }] : []),
    { key: "announcements", label: t("announcements.title"), to: "/announcements" },
    { key: "down", label: t("nav.appDownload"), to: "/down" },
    ...(data.customerService
      ? [{ key: "cs", label: t("nav.customerService"), to: data.customerService, external: true, serviceWindow: true }]
      : []),
    { key: "feedback", label: t("feedback.title"), to: "/feedback" },
  ];
  const member: Entry[] = [
    { key: "vip", label: t("nav.vip"), to: "/vip" },
    { key: "bets", label: t("member.bettingRecord"), to: account(memberPath("personalHistoryCopy")) },
    { key: "details", label: t("nav.accountDetails"), to: account(memberPath("transactionHistory")) },
    { key: "mine", label: t("header.myAccount"), to: account(memberPath("transactionHistory")) },
    { key: "security", label: t("nav.securityCentre"), to: account(memberPath("securityCenter")) },
    { key: "profit", label: t("nav.profit"), to: account(memberPath("personalProfit")) },
    ...(data.modules.manualRebate ? [{ key: "mail", label: t("member.messages"), to: account(memberPath("messageV2")) }] : []),
  ];

  return (
    <div id={panel.panelId} ref={panel.panelRef} data-testid="side-menu" className="fixed inset-0 z-40 flex bg-black/60">
      <nav aria-label={t("nav.menu")} className="h-full w-[85%] max-w-xs overflow-y-auto bg-panel p-3 shadow-2xl">
        <div className="mb-2 flex items-center justify-between">
          <Link to="/help" className="btn-icon" aria-label={t("nav.helpCentre")}>
            <Icon name="help" />
          </Link>
          {/* biome-ignore lint/a11y/useAriaPropsSupportedByRole: a link: its href comes in panel.closer */}
          <a {...panel.closer} className="btn-icon" aria-label={t("nav.closeMenu")}>
            <Icon name="close" />
          </a>
        </div>
        <Section name="main" title={t("nav.main")} open>
          {main.map((e) => (
            <MenuLink key={e.key} entry={e} />
          ))}
          <li>
            <p className="px-2 pb-1 pt-3 text-xs uppercase tracking-wide text-ink-dim">{t("nav.gameCentre")}</p>
            <ul className="grid grid-cols-2 gap-1">
              {data.nav.map((item) => (
                <li key={item.nameKey + item.page}>
                  <Link to={item.page} className={`menu-link flex items-center gap-2 ${pathname === item.page ? "text-accent" : ""}`}>
                    <Icon name={item.icon} size={16} />
                    <span className="truncate">{item.displayName ?? t(item.nameKey)}</span>
                  </Link>
                </li>
              ))}
              {data.user ? (
                // docs/SPEC.md point 2: the favourites link shows only when logged in.
                <li>
                  <Link to="/fav" className={`menu-link flex items-center gap-2 ${pathname === "/fav" ? "text-accent" : ""}`}>
                    <Icon name="fav" size={16} />
                    <span className="truncate">{t("gameType.FAV")}</span>
                  </Link>
                </li>
              ) : null}
            </ul>
          </li>
        </Section>
        <Section name="member" title={t("nav.member")}>
          {member.map((e) => (
            <MenuLink key={e.key} entry={e} />
          ))}
        </Section>
        {data.languages.length > 1 ? (
          <Section name="language" title={t("nav.language")}>
            {data.languages.map((l) => (
              <li key={l.code}>
                <a
                  href={languageHref(location.pathname, location.search, l.code)}
                  hrefLang={htmlLang(l.code)}
                  lang={htmlLang(l.code)}
                  aria-current={l.code === data.locale ? "true" : undefined}
                  className={`menu-link ${l.code === data.locale ? "text-accent" : ""}`}
                >
                  {l.name}
                </a>
              </li>
            ))}
          </Section>
        ) : null}
        <div className="border-t border-white/5 py-1">
          <DataSaverSwitch on={data.saver} />
        </div>
      </nav>
      {/* biome-ignore lint/a11y/useAnchorContent: the backdrop: a tap outside closes the panel; the panel has its own labelled close control */}
      <a {...panel.closer} className="flex-1" aria-hidden="true" tabIndex={-1} />
    </div>
  );
}

function Section({ name, title, open, children }: { name: string; title: string; open?: boolean; children: React.ReactNode }) {
  return (
    <details name="side-section" open={open} className="border-t border-white/5 py-1" data-section={name}>
      <summary className="cursor-pointer px-2 py-2 font-semibold">{title}</summary>
      <ul className="text-sm">{children}</ul>
    </details>
  );
}

function MenuLink({ entry }: { entry: Entry }) {
  return (
    <li>
      {entry.external ? (
        <a
          className="menu-link"
          href={entry.to}
          target="_blank"
          rel={entry.serviceWindow ? "noopener" : "noopener noreferrer"}
          data-service-window={entry.serviceWindow ? "" : undefined}
        >
          {entry.label}
        </a>
      ) : (
        <Link className="menu-link" to={entry.to}>
          {entry.label}
        </Link>
      )}
    </li>
  );
}
