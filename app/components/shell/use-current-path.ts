import { useLocation } from "@remix-run/react";

/** The current path and query, for "come back here" links and redirects. */
export function useCurrentPath(): string {
  const location = useLocation();
  return `${location.pathname}${location.search}`;
}

/** With JavaScript, a cancel link closes its <details> instead of reloading the page. */
export function closeDetails(event: React.MouseEvent, details: HTMLDetailsElement | null) {
  if (!details) return;
  event.preventDefault();
  details.open = false;
}

/** The current path with ?lng= set, other query parameters kept. */
export function languageHref(pathname: string, search: string, lng: string): string {
  const params = new URLSearchParams(search);
  params.set("lng", lng);
  return `${pathname}?${params}`;
}
