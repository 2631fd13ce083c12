import { Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { isNavItemActive, type ShellNavItem } from "~/domain/navigation";
import { Icon } from "../icon";
import { usePanel } from "./panel";

type Item = ShellNavItem;

/** Items shown in the bar itself; the rest (and these again) are in the "More" sheet. */
export const BAR_ITEMS = 4;

/**
 * The bottom navigation: the spec's items in the spec's order. A 360 px phone has room for five
 * readable slots, so the first four stand in the bar and a fifth, "More", opens a sheet with every
 * item (a shell panel, drawn only while open: ?panel=games without JavaScript).
 */
export function BottomNav({ items, pathname }: { items: Item[]; pathname: string }) {
  const { t } = useTranslation();
  const panel = usePanel("games");
  const bar = items.slice(0, BAR_ITEMS);
  const activeInMore = items.slice(BAR_ITEMS).some((item) => isActive(item, pathname));
  return (
    <nav aria-label={t("nav.bottom")} className="fixed inset-x-0 bottom-0 z-30 border-t border-white/10 bg-panel">
      <ul className="mx-auto grid max-w-5xl grid-cols-5">
        {bar.map((item) => (
          <li key={item.nameKey + item.page}>
            <NavLink item={item} active={isActive(item, pathname)} />
          </li>
        ))}
        {items.length > BAR_ITEMS ? (
          <li>
            <a
              {...panel.control}
              data-testid="nav-more"
              className={`nav-slot ${activeInMore ? "text-accent" : "text-ink-dim"}`}
              aria-current={activeInMore ? "page" : undefined}
            >
              <Icon name="grid" size={22} />
              <span>{t("nav.more")}</span>
            </a>
            {panel.open ? (
              <div
                id={panel.panelId}
                ref={panel.panelRef}
                data-testid="nav-sheet"
                className="fixed inset-x-0 bottom-16 top-0 z-30 flex flex-col justify-end bg-black/60"
              >
                {/* biome-ignore lint/a11y/useAnchorContent: the backdrop: a tap outside closes the panel; the panel has its own labelled close control */}
                <a {...panel.closer} className="flex-1" aria-hidden="true" tabIndex={-1} />
                <div className="mx-auto w-full max-w-5xl rounded-t-2xl bg-panel p-3 shadow-2xl">
                  <p className="px-1 pb-2 text-sm font-semibold">{t("nav.allGames")}</p>
                  <ul className="grid grid-cols-4 gap-1">
                    {items.map((item) => (
                      <li key={item.nameKey + item.page}>
                        <NavLink item={item} active={isActive(item, pathname)} />
                      </li>
                    ))}
                  </ul>
                </div>
              </div>
            ) : null}
          </li>
        ) : null}
      </ul>
    </nav>
  );
}

function isActive(item: Item, pathname: string) {
  return isNavItemActive(item, pathname);
}

function NavLink({ item, active }: { item: Item; active: boolean }) {
  const { t } = useTranslation();
  return (
    <Link to={item.page} aria-current={active ? "page" : undefined} className={`nav-slot ${active ? "text-accent" : "text-ink-dim"}`}>
      <Icon name={item.icon} size={22} />
      <span>{item.displayName ?? t(item.nameKey)}</span>
    </Link>
  );
}
