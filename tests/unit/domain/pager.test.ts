import { describe, expect, it } from "vitest";
import { NOTICE_PAGER, pageOfIndex, pagerItems, POPUP_PAGER } from "~/domain/pager";

const notices = (page: number, total: number) => pagerItems(page, total, NOTICE_PAGER.range, NOTICE_PAGER.margin);
const popup = (page: number, total: number) => pagerItems(page, total, POPUP_PAGER.range, POPUP_PAGER.margin);

describe("notices pager: 9 a page, range 3, margin 1", () => {
  it("shows every page when there are few", () => {
    expect(notices(1, 1)).toEqual([1]);
    expect(notices(2, 4)).toEqual([1, 2, 3, 4]);
    expect(notices(1, 0)).toEqual([]);
  });
  it("keeps three pages around the current one, the first and the last, and gaps between", () => {
    expect(notices(1, 10)).toEqual([1, 2, 3, "gap", 10]);
    expect(notices(5, 10)).toEqual([1, "gap", 4, 5, 6, "gap", 10]);
    expect(notices(10, 10)).toEqual([1, "gap", 8, 9, 10]);
    // One page left out is shown, not hidden behind a gap.
    expect(notices(4, 10)).toEqual([1, 2, 3, 4, 5, "gap", 10]);
  });
  it("reads a page out of range as the nearest one", () => {
    expect(notices(99, 10)).toEqual(notices(10, 10));
    expect(notices(-3, 10)).toEqual(notices(1, 10));
    expect(notices(Number.NaN, 10)).toEqual(notices(1, 10));
  });
  it("opens on the page that holds a notice", () => {
    expect(pageOfIndex(0, NOTICE_PAGER.size)).toBe(1);
    expect(pageOfIndex(8, NOTICE_PAGER.size)).toBe(1);
    expect(pageOfIndex(9, NOTICE_PAGER.size)).toBe(2);
    expect(pageOfIndex(-1, NOTICE_PAGER.size)).toBe(1);
  });
});

describe("announcement popup pager: 5 a page, range 5, margin 1", () => {
  it("keeps five pages around the current one", () => {
    expect(popup(1, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(popup(1, 12)).toEqual([1, 2, 3, 4, 5, "gap", 12]);
    expect(popup(7, 12)).toEqual([1, "gap", 5, 6, 7, 8, 9, "gap", 12]);
    expect(popup(12, 12)).toEqual([1, "gap", 8, 9, 10, 11, 12]);
  });
});
