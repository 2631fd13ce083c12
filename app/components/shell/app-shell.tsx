import { Link, useLocation } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { useEffect } from "react";
import type { ShellRegions } from "~/domain/pages";
import type { RootData } from "~/shell.server";
import { DataSaverBar } from "~/data-saver/pictures";
import { BottomNav } from "./bottom-nav";
import { Flash } from "./flash";
import { RealityCheck } from "./reality-check";
import { Footer } from "./footer";
import { Header } from "./header";
import { RightBar } from "./right-bar";
import { SideMenu } from "./side-menu";

/** Header, main, side menu, footer (and the bottom navigation and right bar), as the page's shell asks. */
export function AppShell({
  data,
  regions,
  pathname,
  children,
}: {
  data: RootData;
  regions: ShellRegions;
  pathname: string;
  children: React.ReactNode;
}) {
  const location = useLocation();
  const { t } = useTranslation();
  useEffect(() => {
    // Without JavaScript every navigation is a new page, so panels start closed; with it, the
    // shell stays, and its drawer, menus and dialogs must close when the player moves on.
    document.querySelectorAll<HTMLDetailsElement>("details[data-panel][open]").forEach((d) => {
      d.open = false;
    });
  }, [location.key]);
  useEffect(() => {
    // Escape closes an open drawer, menu or sheet and puts focus back on the control that opened it.
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      const open = [...document.querySelectorAll<HTMLDetailsElement>("details[data-panel][open]")].at(-1);
      if (!open) return;
      event.preventDefault();
      open.open = false;
      open.querySelector<HTMLElement>("summary")?.focus();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, []);
  return (
    <div className={`flex min-h-screen flex-col ${regions.bottomNav ? "pb-16" : ""}`}>
      {/* Hidden it is a 1 px box inside the page's start corner, with no padding or margin (padded, it
          sat past the right edge of a right-to-left page in Gecko and widened the page); focused it
          shows padded (app/tailwind.css, .skip-link). */}
      <a href="#main" className="skip-link z-50 rounded-full bg-accent font-bold text-night">
        {t("nav.skipToContent")}
      </a>
      {regions.header ? (
        <Header data={data} pathname={pathname} sideMenu={regions.sideMenu ? <SideMenu data={data} pathname={pathname} /> : null} />
      ) : regions.sideMenu ? (
        // Pages without the header (the e-lottery screen) still show where the menu is and the way home.
        <div className="sticky top-0 z-40 flex h-12 items-center gap-2 bg-panel px-2">
          <SideMenu data={data} pathname={pathname} labelled />
          <Link to="/" className="ms-auto flex items-center gap-1 font-extrabold">
            <span className="text-accent" aria-hidden="true">
              ★
            </span>
            <span>{t("brand")}</span>
          </Link>
        </div>
      ) : null}
      <DataSaverBar on={data.saver} />
      <Flash notice={data.notice} error={data.error} />
      {data.user ? <RealityCheck check={data.realityCheck} /> : null}
      <main id="main" tabIndex={-1} className="mx-auto w-full max-w-5xl flex-1 outline-none">
        {children}
      </main>
      {regions.rightBar ? <RightBar data={data} /> : null}
      {regions.footer ? <Footer loggedIn={Boolean(data.user)} /> : null}
      {regions.bottomNav ? <BottomNav items={data.nav} pathname={pathname} /> : null}
    </div>
  );
}
