import { Link } from "@remix-run/react";

/** Tabs that are links: the chosen tab lives in the URL, so they work without JavaScript. */
export function Tabs({ tabs, current, label }: { tabs: { key: string; label: string; to: string }[]; current: string; label: string }) {
  if (tabs.length < 2) return null;
  return (
    <nav aria-label={label} className="mt-3 grid auto-cols-fr grid-flow-col rounded-full bg-night p-1 text-sm">
      {tabs.map((tab) => (
        <Link
          key={tab.key}
          to={tab.to}
          replace
          preventScrollReset
          aria-current={tab.key === current ? "page" : undefined}
          className={`rounded-full px-3 py-2 text-center font-semibold ${tab.key === current ? "bg-accent text-night" : "text-ink-dim"}`}
        >
          {tab.label}
        </Link>
      ))}
    </nav>
  );
}
