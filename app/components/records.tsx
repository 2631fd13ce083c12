import { Form, Link, useLocation } from "@remix-run/react";
import { useId } from "react";
import { useTranslation } from "~/i18n/react";
import { withoutPanel } from "~/components/shell/use-current-path";
import { TabNav } from "~/components/tab-row";
import { type DateRange, RANGE_PRESETS, RANGE_STEPS, steppedRange } from "~/domain/date-range";

/**
 * The records' date filter: presets (a tab row) and the picker's steps (7 and 30 days earlier or
 * later) as links, a custom range as a GET form; all of it works without JavaScript.
 */
export function DateFilter({
  range,
  extra = {},
}: {
  range: Pick<DateRange, "preset" | "from" | "to" | "today">;
  extra?: Record<string, string>;
}) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const href = (params: Record<string, string>) => `${pathname}?${new URLSearchParams({ ...extra, ...params })}`;
  const { preset, from, to } = range;
  const stepsName = useId();
  return (
    <div className="space-y-2">
      <TabNav
        label={t("records.range")}
        testId="date-presets"
        current={preset}
        tabs={RANGE_PRESETS.filter((p) => p !== "custom").map((p) => ({
          key: p,
          label: t(`records.presets.${p}`),
          to: href({ range: p }),
        }))}
      />
      {/* The picker's steps move the dates shown and say so ("30 days earlier"), under a visible name. */}
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
        <span id={stepsName} className="text-ink-dim">
          {t("records.steps.label")}
        </span>
        <ul className="flex flex-wrap items-center gap-2" aria-labelledby={stepsName} data-testid="date-steps">
          {RANGE_STEPS.map((days) => {
            const moved = steppedRange(range, days);
            const name = `${days < 0 ? "back" : "forward"}${Math.abs(days)}`;
            return moved ? (
              <li key={days}>
                <Link to={href({ range: "custom", ...moved })} className="chip whitespace-nowrap">
                  {t(`records.steps.${name}`)}
                </Link>
              </li>
            ) : null;
          })}
        </ul>
      </div>
      {/* Keyed by the range, so the dates shown follow a preset or step chosen with JavaScript. */}
      <Form key={`${from}|${to}`} method="get" className="flex flex-wrap items-end gap-2 text-sm">
        {Object.entries(extra).map(([k, v]) => (
          <input key={k} type="hidden" name={k} value={v} />
        ))}
        <input type="hidden" name="range" value="custom" />
        <label className="flex flex-col">
          {t("records.from")}
          <input type="date" name="from" defaultValue={from} className="field mt-0 py-1.5" />
        </label>
        <label className="flex flex-col">
          {t("records.to")}
          <input type="date" name="to" defaultValue={to} className="field mt-0 py-1.5" />
        </label>
        <button type="submit" className="btn-ghost">
          {t("records.apply")}
        </button>
      </Form>
    </div>
  );
}

/** Previous and next page links that keep the rest of the URL. */
export function Pager({ page, totalPages }: { page: number; totalPages: number }) {
  const { t } = useTranslation();
  const location = useLocation();
  if (totalPages <= 1) return null;
  const href = (n: number) => {
    const params = new URLSearchParams(withoutPanel(location.search));
    params.set("page", String(n));
    return `${location.pathname}?${params}`;
  };
  return (
    <nav aria-label={t("games.pages")} className="mt-3 flex items-center justify-between text-sm">
      {page > 1 ? (
        <Link to={href(page - 1)} className="btn-ghost">
          {t("games.previous")}
        </Link>
      ) : (
        <span />
      )}
      <span className="text-ink-dim">{t("games.pageOf", { page, total: totalPages })}</span>
      {page < totalPages ? (
        <Link to={href(page + 1)} className="btn-ghost">
          {t("games.next")}
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}

/**
 * Numbered page links (docs/SPEC.md's pagers: range around the current page, margin at the ends, gaps),
 * keeping the rest of the URL; plain links, so they work without JavaScript.
 */
export function NumberedPager({
  items,
  page,
  label,
  param = "page",
  drop = [],
}: {
  items: (number | "gap")[];
  page: number;
  label: string;
  param?: string;
  drop?: string[];
}) {
  const location = useLocation();
  if (items.length <= 1) return null;
  const href = (n: number) => {
    const params = new URLSearchParams(withoutPanel(location.search));
    for (const name of drop) params.delete(name);
    params.set(param, String(n));
    return `${location.pathname}?${params}`;
  };
  return (
    <nav aria-label={label} className="mt-3">
      <ul className="flex flex-wrap items-center justify-center gap-1 text-sm">
        {items.map((item, i) =>
          item === "gap" ? (
            <li key={`gap-${i}`} aria-hidden="true" className="px-1 text-ink-dim">
              …
            </li>
          ) : (
            <li key={item}>
              <Link
                to={href(item)}
                aria-current={item === page ? "page" : undefined}
                className={`inline-flex h-10 min-w-10 items-center justify-center rounded-full px-2 ${item === page ? "bg-accent font-bold text-night" : "bg-panel"}`}
              >
                {item}
              </Link>
            </li>
          ),
        )}
      </ul>
    </nav>
  );
}

/** The line in place of a block whose read failed while the rest of the page drew (decision 038). */
export function PartUnavailable() {
  const { t } = useTranslation();
  return (
    <p role="status" className="rounded-md bg-panel px-3 py-2 text-sm text-ink-dim" data-testid="part-unavailable">
      {t("error.partUnavailable")}
    </p>
  );
}
