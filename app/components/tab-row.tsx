import { Link } from "@remix-run/react";
import { type ReactNode, useEffect, useRef } from "react";
import { useTranslation } from "~/i18n/react";
import { type TabRowLayout, tabRowLayout } from "./tab-row-layout";

/**
 * Every row of tabs in the site (decision 040): the member and agent centres' menus, the lottery
 * lanes, a lobby's vendors, the deposit methods, the records' date presets and the forms' tabs.
 * The server picks the row's layout (tab-row-layout.ts) so its first picture holds the active tab
 * without JavaScript in every engine; a label never shrinks below its text (it is never cut, only
 * a tab at the row's edge is partly shown); a fade on each side with more tabs says the row scrolls.
 * With JavaScript the fades follow the scroll and a newly chosen tab is scrolled into view.
 */
export function TabRow({
  label,
  layout,
  children,
  more,
  end,
  testId,
  bleed = true,
  segmented = false,
  className = "",
}: {
  label: string;
  layout: TabRowLayout;
  /** The row's tabs, as <li>s (the first `layout.shown` of them). */
  children: ReactNode;
  /** The tabs folded behind "more" (layout.shown and after), as <li>s, how many, and their badges' sum. */
  more?: { count: number; items: ReactNode; badge?: { count: number; label: string } };
  /** Something at the row's end, outside its scroll (a close button). */
  end?: ReactNode;
  testId?: string;
  /** Whether the row reaches into the page's 12 px gutters (a scrolling row then starts at the screen's edge). */
  bleed?: boolean;
  /** A form's few tabs as one control: its segments share the line and wrap rather than shrink. */
  segmented?: boolean;
  className?: string;
}) {
  const { t } = useTranslation();
  const scroller = useRef<HTMLDivElement>(null);
  const disclosure = useRef<HTMLDetailsElement>(null);
  useTabRowScroll(scroller, layout);
  useClosesOutside(disclosure);
  return (
    <nav aria-label={label} className={`relative ${className}`} data-tab-row={layout.mode}>
      {segmented ? (
        <ul className="tab-segments" data-testid={testId}>
          {children}
        </ul>
      ) : layout.mode === "wrap" ? (
        <div className="flex items-start gap-2">
          <ul className="flex min-w-0 flex-1 flex-wrap gap-2 py-1" data-testid={testId}>
            {children}
          </ul>
          {end ? <div className="shrink-0">{end}</div> : null}
        </div>
      ) : (
        <div className={`flex items-start gap-2 ${bleed ? "-mx-3" : ""}`}>
          {/* Keyed by its layout: a new layout starts at its own end (JavaScript navigation). */}
          <div ref={scroller} key={`${layout.mode}-${layout.shown}`} className="tab-scroller min-w-0 flex-1" data-anchor={layout.mode}>
            <ul data-testid={testId}>{children}</ul>
          </div>
          {more && more.count > 0 ? (
            // Closed again after a choice: a new active tab is a new disclosure.
            <details key={layout.active} ref={disclosure} className="tab-more shrink-0 py-1">
              <summary className="chip">
                {/* "+6" on the screen, "6 more" to a screen reader. */}
                <span aria-hidden="true" dir="ltr">
                  +{more.count}
                </span>
                <span className="sr-only">{t("common:tabs.more", { count: more.count })}</span>
                {more.badge ? <Badge {...more.badge} /> : null}
                <svg aria-hidden="true" viewBox="0 0 24 24" width="16" height="16">
                  <path fill="currentColor" d="m7 10 5 5 5-5z" />
                </svg>
              </summary>
              <ul>{more.items}</ul>
            </details>
          ) : null}
          {end ? <div className={`shrink-0 ${bleed ? "pe-3" : ""}`}>{end}</div> : null}
        </div>
      )}
    </nav>
  );
}

/**
 * With JavaScript: the fades follow the scroll (wide on a side with more tabs, the gutter's width
 * on a side at its end), and a newly chosen tab that lies outside the view is scrolled into it.
 */
function useTabRowScroll(ref: React.RefObject<HTMLDivElement | null>, layout: TabRowLayout) {
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const list = el.firstElementChild as HTMLElement | null;
    if (!list) return;
    const rtl = getComputedStyle(el).direction === "rtl";
    const update = () => {
      const view = el.getBoundingClientRect();
      const row = list.getBoundingClientRect();
      const left = row.left < view.left - 1;
      const right = row.right > view.right + 1;
      el.dataset.moreStart = String(Number(rtl ? right : left));
      el.dataset.moreEnd = String(Number(rtl ? left : right));
    };
    const active = list.querySelector<HTMLElement>('[aria-current="page"]');
    if (active) {
      const view = el.getBoundingClientRect();
      const box = active.getBoundingClientRect();
      // The fades' width on each side: a tab under one counts as out of view.
      if (box.left < view.left + 32 || box.right > view.right - 32) {
        const reduced = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
        el.scrollBy({ left: box.left + box.width / 2 - (view.left + view.width / 2), behavior: reduced ? "auto" : "smooth" });
      }
    }
    update();
    el.addEventListener("scroll", update, { passive: true });
    window.addEventListener("resize", update);
    return () => {
      el.removeEventListener("scroll", update);
      window.removeEventListener("resize", update);
    };
  }, [ref, layout.mode, layout.shown, layout.active]);
}

/** With JavaScript an open "more" closes on a tap outside it or on Escape (without, its own button closes it). */
function useClosesOutside(ref: React.RefObject<HTMLDetailsElement | null>) {
  useEffect(() => {
    const close = (event: Event) => {
      const el = ref.current;
      if (!el?.open) return;
      if (event instanceof KeyboardEvent ? event.key === "Escape" : !el.contains(event.target as Node)) {
        el.open = false;
        if (event instanceof KeyboardEvent) el.querySelector("summary")?.focus();
      }
    };
    document.addEventListener("pointerdown", close);
    document.addEventListener("keydown", close);
    return () => {
      document.removeEventListener("pointerdown", close);
      document.removeEventListener("keydown", close);
    };
  }, [ref]);
}

function Badge({ count, label }: { count: number; label: string }) {
  return (
    <span className="ms-1 rounded-full bg-bad px-1.5 text-xs font-bold text-white" role="img" aria-label={label}>
      {count}
    </span>
  );
}

export type Tab = {
  key: string;
  label: string;
  to: string;
  /** A count shown on the tab when above 0, with its spoken name. */
  badge?: { count: number; label: string };
};

const BADGE_WIDTH = 30;

/** A row of link tabs (the chosen tab lives in the URL, so they work without JavaScript). */
export function TabNav({
  label,
  tabs,
  current,
  lines = 2,
  room,
  end,
  testId,
  replace,
  preventScrollReset,
  className,
  badgeLabel,
}: {
  label: string;
  tabs: readonly Tab[];
  current: string | undefined;
  /** Up to how many lines the row may wrap to instead of scrolling. */
  lines?: number;
  /** The row's width on a 360 px phone with the gutters it reaches into (tab-row-layout.ts). */
  room?: number;
  end?: ReactNode;
  testId?: string;
  /** The spoken name of a count of folded tabs' badges, shown on "more". */
  badgeLabel?: (count: number) => string;
  replace?: boolean;
  preventScrollReset?: boolean;
  className?: string;
}) {
  const active = tabs.findIndex((tab) => tab.key === current);
  const layout = tabRowLayout(
    tabs.map((tab) => tab.label),
    active,
    {
      room,
      lines,
      more: true,
      extra: (i) => (tabs[i]?.badge?.count ? BADGE_WIDTH : 0),
    },
  );
  const chip = (tab: Tab) => (
    <li key={tab.key}>
      <Link
        to={tab.to}
        replace={replace}
        preventScrollReset={preventScrollReset}
        aria-current={tab.key === current ? "page" : undefined}
        className={`chip whitespace-nowrap ${tab.key === current ? "bg-accent font-bold text-night" : ""}`}
      >
        {tab.label}
        {tab.badge?.count ? <Badge {...tab.badge} /> : null}
      </Link>
    </li>
  );
  const folded = tabs.slice(layout.shown);
  const foldedBadges = folded.reduce((total, tab) => total + (tab.badge?.count ?? 0), 0);
  return (
    <TabRow
      label={label}
      layout={layout}
      end={end}
      testId={testId}
      className={className}
      more={
        folded.length > 0
          ? {
              count: folded.length,
              items: folded.map(chip),
              badge: foldedBadges > 0 ? { count: foldedBadges, label: badgeLabel?.(foldedBadges) ?? String(foldedBadges) } : undefined,
            }
          : undefined
      }
    >
      {tabs.slice(0, layout.shown).map(chip)}
    </TabRow>
  );
}
