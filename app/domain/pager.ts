// The numbered pagers of docs/SPEC.md point 2: notices (range 3, margin 1) and the announcement popup
// (range 5, margin 1). `range` pages around the current one, `margin` pages at each end, a gap
// where pages are left out (a single left-out page is shown instead of a gap: a gap hides nothing
// then).

export type PagerItem = number | "gap";

export function pagerItems(current: number, total: number, range: number, margin: number): PagerItem[] {
  if (total <= 0) return [];
  const page = Math.min(Math.max(1, Math.trunc(current) || 1), total);
  let start = page - Math.floor((range - 1) / 2);
  let end = start + range - 1;
  if (start < 1) [start, end] = [1, Math.min(total, range)];
  if (end > total) [start, end] = [Math.max(1, total - range + 1), total];
  const shown = new Set<number>();
  for (let n = 1; n <= Math.min(margin, total); n++) shown.add(n);
  for (let n = start; n <= end; n++) shown.add(n);
  for (let n = Math.max(1, total - margin + 1); n <= total; n++) shown.add(n);
  const pages = [...shown].sort((a, b) => a - b);
  const items: PagerItem[] = [];
  for (const [i, n] of pages.entries()) {
    const before = pages[i - 1];
    if (before !== undefined && n - before === 2) items.push(n - 1);
    else if (before !== undefined && n - before > 2) items.push("gap");
    items.push(n);
  }
  return items;
}

/** The page (from 1) that holds the item at `index` (from 0), `size` a page. */
export function pageOfIndex(index: number, size: number): number {
  return index < 0 ? 1 : Math.floor(index / size) + 1;
}

export const NOTICE_PAGER = { size: 9, range: 3, margin: 1 } as const;
export const POPUP_PAGER = { size: 5, range: 5, margin: 1 } as const;
