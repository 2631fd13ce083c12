import { useLocation } from "@remix-run/react";

/** The query parameter that opens a shell panel without JavaScript (panel.tsx). */
export const PANEL_PARAM = "panel";

/** A query string without the open panel: links and come-backs lead to the page, not to its open menu. */
export function withoutPanel(search: string): string {
  if (!search.includes(`${PANEL_PARAM}=`)) return search;
  const params = new URLSearchParams(search);
  params.delete(PANEL_PARAM);
  const query = params.toString();
  return query ? `?${query}` : "";
}

/** The page's URL with ?panel= set to `name`, or without it (null), other parameters kept. */
export function panelHref(pathname: string, search: string, name: string | null): string {
  const rest = withoutPanel(search);
  if (!name) return `${pathname}${rest}`;
  return `${pathname}${rest ? `${rest}&` : "?"}${PANEL_PARAM}=${encodeURIComponent(name)}`;
}

/** The current path and query (an open panel left out), for "come back here" links and redirects. */
export function useCurrentPath(): string {
  const location = useLocation();
  return `${location.pathname}${withoutPanel(location.search)}`;
}

/** With JavaScript, a cancel link closes its <details> instead of reloading the page. */
export function closeDetails(event: React.MouseEvent, details: HTMLDetailsElement | null) {
  if (!details) return;
  event.preventDefault();
  details.open = false;
}

/** The current path with ?lng= set, other query parameters kept (an open panel left out). */
export function languageHref(pathname: string, search: string, lng: string): string {
  const params = new URLSearchParams(withoutPanel(search));
  params.set("lng", lng);
  return `${pathname}?${params}`;
}
