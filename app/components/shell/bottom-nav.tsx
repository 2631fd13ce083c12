import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { isNavItemActive, type NavItem } from "~/domain/navigation";
import { Icon } from "../icon";

export function BottomNav({ items, pathname }: { items: Omit<NavItem, "vendors">[]; pathname: string }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t("nav.bottom")} className="fixed inset-x-0 bottom-0 z-30 border-t border-white/10 bg-panel">
      <ul className="mx-auto flex max-w-5xl snap-x overflow-x-auto">
        {items.map((item) => {
          const active = isNavItemActive({ ...item, vendors: [] }, pathname);
          return (
            <li key={item.nameKey + item.page} className="snap-start">
              <Link
                to={item.page}
                aria-current={active ? "page" : undefined}
                className={`flex h-16 w-16 flex-col items-center justify-center gap-0.5 text-[11px] leading-tight ${active ? "text-accent" : "text-ink-dim"}`}
              >
                <Icon name={item.icon} size={22} />
                <span className="max-w-full truncate px-0.5">{item.displayName ?? t(item.nameKey)}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
