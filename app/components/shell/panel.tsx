import { useLocation, useNavigate } from "@remix-run/react";
import { useEffect, useId, useRef, useState } from "react";
import { PANEL_PARAM, panelHref } from "./use-current-path";

/**
 * A panel of the shell (the side menu, the "More" sheet) that is rendered only while it is open
 * (issue 14: they were a fifth of every page's markup, and most visitors never open them).
 * Its control is a link to the same page with ?panel=<name>: without JavaScript the server draws
 * the page with the panel open, and the panel's close links lead back to the page without it;
 * with JavaScript the same links open and close it in place. Escape closes it and gives focus
 * back to the control; opening it moves focus into it; moving to another page closes it.
 */
export function usePanel(name: string) {
  const location = useLocation();
  const navigate = useNavigate();
  const id = useId();
  const control = useRef<HTMLAnchorElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const inUrl = new URLSearchParams(location.search).get(PANEL_PARAM) === name;
  const [openedHere, setOpenedHere] = useState(false);
  const open = inUrl || openedHere;
  const closeHref = panelHref(location.pathname, location.search, null);

  useEffect(() => setOpenedHere(false), [location.key]);

  const close = (event?: { preventDefault(): void }) => {
    event?.preventDefault();
    if (inUrl) navigate(closeHref, { replace: true, preventScrollReset: true });
    setOpenedHere(false);
    control.current?.focus();
  };

  useEffect(() => {
    if (!openedHere) return;
    panel.current?.querySelector<HTMLElement>("a[href], summary, button")?.focus();
  }, [openedHere]);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      event.preventDefault();
      close();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  });

  return {
    open,
    panelId: id,
    panelRef: panel,
    /** Props of the link that opens (or, open, closes) the panel. */
    control: {
      ref: control,
      href: open ? closeHref : panelHref(location.pathname, location.search, name),
      "aria-expanded": open,
      "aria-controls": open ? id : undefined,
      onClick: (event: React.MouseEvent) => {
        if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        if (open) return close(event);
        event.preventDefault();
        setOpenedHere(true);
      },
    },
    /** Props of a link that closes the panel (its close button, its backdrop). */
    closer: { href: closeHref, onClick: (event: React.MouseEvent) => close(event) },
  };
}
