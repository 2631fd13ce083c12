import type { HTMLAttributes } from "react";

/**
 * Operator and platform HTML (announcements, help articles, site pages, promotion rules, messages).
 * `html` must have come through `sanitizeRichHtml` (app/html.server.ts) in the loader: the
 * allow-list is applied on the server, once, so this is the one place that writes such HTML.
 */
export function OperatorHtml({
  html,
  ...props
}: { html: string } & Omit<HTMLAttributes<HTMLDivElement>, "children" | "dangerouslySetInnerHTML">) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized on the server by sanitizeRichHtml (see above)
  return <div {...props} dangerouslySetInnerHTML={{ __html: html }} />;
}

/** A picture the server drew itself (the QR codes of `qrcode`): markup of ours, never operator text. */
export function DrawnSvg({
  svg,
  ...props
}: { svg: string } & Omit<HTMLAttributes<HTMLDivElement>, "children" | "dangerouslySetInnerHTML">) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: our own drawing (see above)
  return <div {...props} dangerouslySetInnerHTML={{ __html: svg }} />;
}
