import { Link } from "@remix-run/react";
import { TabRow } from "~/components/tab-row";
import { tabRowLayout } from "~/components/tab-row-layout";

/**
 * Tabs that are links: the chosen tab lives in the URL, so they work without JavaScript. One
 * control of segments (the shared tab row, decision 040): each at least as wide as its label,
 * wrapping to a second line rather than cutting a label.
 */
export function Tabs({ tabs, current, label }: { tabs: { key: string; label: string; to: string }[]; current: string; label: string }) {
  if (tabs.length < 2) return null;
  const layout = tabRowLayout(
    tabs.map((tab) => tab.label),
    tabs.findIndex((tab) => tab.key === current),
    { lines: Number.POSITIVE_INFINITY },
  );
  return (
    <TabRow label={label} layout={layout} segmented className="mt-3">
      {tabs.map((tab) => (
        <li key={tab.key}>
          <Link to={tab.to} replace preventScrollReset aria-current={tab.key === current ? "page" : undefined}>
            {tab.label}
          </Link>
        </li>
      ))}
    </TabRow>
  );
}
