import { describe, expect, it } from "vitest";
import { FAR_PAD, labelWidth, NEAR_PAD, tabRowLayout } from "~/components/tab-row-layout";

// Widths of labels drawn bold at 14 px by Chromium with the site's fonts (Noto Sans, Noto Sans
// Bengali, Noto Naskh Arabic, the CJK and Thai Noto fonts), measured for decision 040.
const MEASURED: [string, number][] = [
  ["Withdraw", 68],
  ["Personal profit and loss", 165],
  ["Responsible gaming", 141],
  ["ডিপোজিট", 62],
  ["দায়িত্বশীল গেমিং", 100],
  ["আজ", 32],
  ["بونس کی تفصیل", 104],
  ["پلیٹ فارم کی معلومات", 138],
  ["ذمہ دارانہ گیمنگ", 104],
  ["سب", 28], // Noto Nastaliq Urdu: its final forms are the widest
  ["Untung rugi pengguna", 160],
  ["アカウント登録センター", 154],
  ["책임감 있는 게임", 97],
  ["ศูนย์เปิดบัญชีสมาชิก", 114],
  ["Chuyển tiền cho tuyến trên", 191],
];

const CENTRE = [
  "My account",
  "My wallet",
  "Deposit",
  "Withdraw",
  "Betting record",
  "Cashback",
  "Account record",
  "Personal profit and loss",
  "Bonus details",
  "Reward centre",
  "Invite friends",
  "Mission activity",
  "Platform information",
  "Player rank",
  "Responsible gaming",
];
const chip = (label: string, bold = false) => labelWidth(label, bold) + 24;
const span = (labels: string[], from: number, to: number, active: number) =>
  labels.slice(from, to + 1).reduce((total, label, i) => total + chip(label, from + i === active) + (i > 0 ? 8 : 0), 0);

describe("a tab label's estimated width", () => {
  it("is never narrower than the label drawn, in any script", () => {
    for (const [label, drawn] of MEASURED) expect(labelWidth(label, true), label).toBeGreaterThanOrEqual(drawn);
  });

  it("does not count marks that take no room, and a wide character counts as wide", () => {
    expect(labelWidth("ดี", true)).toBeLessThan(labelWidth("ดดี", true));
    expect(labelWidth("入金")).toBeGreaterThan(labelWidth("ab"));
  });
});

describe("a tab row's layout", () => {
  it("keeps a row that fits on one line as it is", () => {
    expect(tabRowLayout(["Today", "Last 7 days", "Last 30 days"], 2, { lines: 2 })).toEqual({ mode: "start", shown: 3, active: 2 });
  });

  it("wraps a few tabs onto up to the lines it may take, all of them shown", () => {
    const lanes = ["Lottery", "Vietnam lottery", "E-lottery", "South-East Asia lottery"];
    expect(tabRowLayout(lanes, 3, { lines: 2 })).toEqual({ mode: "wrap", shown: 4, active: 3 });
    // Allowed one line only, the same row scrolls, opening at its end for the last tab.
    expect(tabRowLayout(lanes, 3, { lines: 1 }).mode).toBe("end");
  });

  it("opens a long row at its start for one of its first tabs, or for none", () => {
    expect(tabRowLayout(CENTRE, 0)).toEqual({ mode: "start", shown: CENTRE.length, active: 0 });
    expect(tabRowLayout(CENTRE, 1)).toEqual({ mode: "start", shown: CENTRE.length, active: 1 });
    expect(tabRowLayout(CENTRE, -1)).toEqual({ mode: "start", shown: CENTRE.length, active: -1 });
    expect(tabRowLayout(CENTRE, 99).active).toBe(-1);
  });

  it("opens it at its end for one of its last tabs, every tab still in the row", () => {
    const last = CENTRE.length - 1;
    expect(tabRowLayout(CENTRE, last, { more: true })).toEqual({ mode: "end", shown: CENTRE.length, active: last });
    expect(tabRowLayout(CENTRE, last - 1, { more: true })).toEqual({ mode: "end", shown: CENTRE.length, active: last - 1 });
  });

  it("for a tab in the middle ends the row a little after it, the rest behind “more”, and the active tab in view", () => {
    for (const room of [296, 360]) {
      for (let active = 2; active < CENTRE.length - 2; active++) {
        const layout = tabRowLayout(CENTRE, active, { more: true, room });
        const view = room - NEAR_PAD - FAR_PAD;
        if (layout.shown === CENTRE.length) {
          // Near enough an end to show the whole row from it.
          if (layout.mode === "start") expect(span(CENTRE, 0, active, active)).toBeLessThanOrEqual(view);
          else expect(span(CENTRE, active, CENTRE.length - 1, active)).toBeLessThanOrEqual(view);
          continue;
        }
        expect(layout.mode, `${CENTRE[active]} at ${room}`).toBe("end");
        expect(layout.shown).toBeGreaterThan(active);
        // What the row shows from its end, with "+n" beside it, fits the view.
        expect(span(CENTRE, active, layout.shown - 1, active) + 72).toBeLessThanOrEqual(Math.max(view, chip(CENTRE[active]!, true) + 72));
      }
    }
  });

  it("without a “more” to fold into, wraps rather than hide the active tab", () => {
    expect(tabRowLayout(CENTRE, 7, { lines: 1 })).toEqual({ mode: "wrap", shown: CENTRE.length, active: 7 });
  });

  it("counts a badge's width", () => {
    const labels = ["Alpha", "Beta", "Gamma", "Delta", "Epsilon", "Zeta"];
    const plain = tabRowLayout(labels, 0, { room: 360 });
    const badged = tabRowLayout(labels, 0, { room: 360, extra: () => 30 });
    expect(plain.mode).toBe("start");
    expect(badged.mode).toBe("start");
    // The same row with badges no longer fits on one line: it needs to scroll.
    expect(tabRowLayout(labels, 5, { room: 360, lines: 1, extra: () => 30 }).mode).toBe("end");
  });
});
