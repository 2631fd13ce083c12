import { Fragment, type ReactNode } from "react";
import type { TFunction } from "~/i18n/translate";

// Figures (amounts, dates and times, counts) are written whole: ".figure" (app/tailwind.css)
// never wraps inside a value ("won ৳ 0.00", "2026-11-25 18:46:05"), its digits line up in columns,
// and it is isolated from the text around it in its own direction (figureDirection below).

/** One figure: an amount, a date or a time as the server formatted it. */
export function Figure({ children, className = "", testId }: { children: ReactNode; className?: string; testId?: string }) {
  return (
    <span className={className ? `figure ${className}` : "figure"} dir={figureDirection(children)} data-testid={testId}>
      {children}
    </span>
  );
}

const RIGHT_TO_LEFT_LETTER = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/;

/**
 * A figure without right-to-left letters ("৳ 515.95", "2026-11-25 18:46:05") reads left to right
 * in every page, symbol before the number as in its English writing; one with them (an Urdu date,
 * "2 دسمبر، 2026") takes the direction of its first letter. (dir="auto" alone would give a figure
 * with no letters at all the page's direction: "515.95 ৳" in Urdu.)
 */
export function figureDirection(children: ReactNode): "ltr" | "auto" {
  const text =
    typeof children === "string" || typeof children === "number"
      ? String(children)
      : Array.isArray(children)
        ? children.filter((c) => typeof c === "string" || typeof c === "number").join("")
        : "";
  return RIGHT_TO_LEFT_LETTER.test(text) ? "auto" : "ltr";
}

const MARK = /\u2063(\d+)\u2063/g;

/**
 * A sentence of ours with figures inside ("stake {{stake}} · won {{win}}"): translated as it is,
 * with each value of `figures` drawn as a Figure, so the sentence wraps between words only.
 */
export function WithFigures({
  t,
  i18nKey,
  figures,
  values,
}: {
  t: TFunction;
  i18nKey: string;
  figures: Record<string, ReactNode>;
  values?: Record<string, unknown>;
}) {
  const names = Object.keys(figures);
  // Each figure's place is marked with an invisible separator and its index, then filled in.
  const marked = Object.fromEntries(names.map((name, i) => [name, `\u2063${i}\u2063`]));
  const text = t(i18nKey, { ...values, ...marked });
  const parts: ReactNode[] = [];
  let at = 0;
  for (const match of text.matchAll(MARK)) {
    if (match.index > at) parts.push(text.slice(at, match.index));
    parts.push(<Figure key={parts.length}>{figures[names[Number(match[1])]!]}</Figure>);
    at = match.index + match[0].length;
  }
  if (at < text.length) parts.push(text.slice(at));
  return <Fragment>{parts}</Fragment>;
}
