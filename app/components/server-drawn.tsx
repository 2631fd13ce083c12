import { useNavigate } from "@remix-run/react";
import { createContext, useContext, useState, type ReactNode } from "react";

// A block the server draws and the browser keeps as it came (decision 031): on a page request its
// loader sends no data for it (app/drawn.server.ts), the server renders it from the request's
// scope, and hydration leaves its markup alone. After a client-side navigation or a revalidation
// the loader's answer carries the data, and the block is rendered like any other.

const DrawnContext = createContext<((name: string) => unknown) | undefined>(undefined);

/** Given by entry.server: this request's server-drawn data, by block name. */
export const DrawnProvider = DrawnContext.Provider;

/** The markup the document came with, per block, read once: a remount must not lose it. */
const keptMarkup = new Map<string, string>();

function markupFromDocument(name: string): string {
  if (typeof document === "undefined") return "";
  let html = keptMarkup.get(name);
  if (html === undefined) {
    html = document.querySelector(`[data-drawn="${name}"]`)?.innerHTML ?? "";
    keptMarkup.set(name, html);
  }
  return html;
}

/**
 * `data` null means the server drew this block into the document: on the server it renders from
 * the request's scope, in the browser it keeps the document's markup. The wrapper is
 * `display: contents`, so the block lays out as if it were not there.
 */
export function ServerDrawn<T>({ name, data, children }: { name: string; data: T | null; children: (data: T) => ReactNode }) {
  const fromServer = useContext(DrawnContext);
  const navigate = useNavigate();
  const value = data ?? (fromServer?.(name) as T | undefined) ?? null;
  const [kept] = useState(() => (value === null ? markupFromDocument(name) : ""));
  if (value !== null || fromServer) {
    return (
      <div key="live" data-drawn={name} className="contents">
        {value === null ? null : children(value)}
      </div>
    );
  }
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the click is delegated from the links inside (keyboards activate links with a click event too)
    // biome-ignore lint/a11y/useKeyWithClickEvents: as above: only the links inside are interactive
    <div
      key="kept"
      data-drawn={name}
      className="contents"
      // Hydration keeps the server's markup: React does not compare or patch inner HTML.
      suppressHydrationWarning
      // biome-ignore lint/security/noDangerouslySetInnerHtml: the server's own rendering of this block, read back from the document
      dangerouslySetInnerHTML={{ __html: kept }}
      // The links in it were <Link>s on the server: they still navigate in place, as those would.
      onClick={(event) => {
        const to = inPlaceTarget(event);
        if (!to) return;
        event.preventDefault();
        navigate(to);
      }}
    />
  );
}

/** Where a click in kept markup goes when a <Link> would have handled it: a plain left click on a same-site link. */
function inPlaceTarget(event: React.MouseEvent<HTMLElement>): string | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return null;
  const anchor = (event.target as Element).closest?.("a[href]");
  if (!(anchor instanceof HTMLAnchorElement) || !event.currentTarget.contains(anchor)) return null;
  if ((anchor.target && anchor.target !== "_self") || anchor.hasAttribute("download") || anchor.origin !== window.location.origin)
    return null;
  // Only what the server drew as a <Link> (it marks those for route discovery); plain <a>s load the page.
  if (!anchor.hasAttribute("data-discover")) return null;
  return `${anchor.pathname}${anchor.search}${anchor.hash}`;
}
