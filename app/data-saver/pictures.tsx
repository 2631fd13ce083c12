import { useLocation, useRouteLoaderData } from "@remix-run/react";
import { useSyncExternalStore } from "react";
import { useTranslation } from "~/i18n/react";
import type { RootData } from "~/shell.server";
import { withPictures } from "./data-saver";

/** Whether this page shows pictures: not in data saver, unless the player asked for this page's. */
export function usePictures(): boolean {
  return useRouteLoaderData<RootData>("root")?.pictures ?? true;
}

/** The data saver's "show pictures" link for this page; nothing when pictures are shown. */
export function ShowPicturesLink() {
  const { t } = useTranslation();
  const location = useLocation();
  if (usePictures()) return null;
  return (
    // A document load: the page comes again with its pictures (and data saver still on).
    <a href={withPictures(location.pathname, location.search)} className="text-xs text-accent underline" data-testid="show-pictures">
      {t("saver.showPictures")}
    </a>
  );
}

// Pictures past the first few wait for the player's first touch, scroll or key (issue 29): a phone
// on a slow line spends its first seconds on the page, not on pictures below it. Without
// JavaScript they are in <noscript>, lazily loaded by the browser.

let interacted = typeof document === "undefined" ? false : undefined;
const listeners = new Set<() => void>();

function reveal() {
  if (interacted) return;
  interacted = true;
  for (const img of document.querySelectorAll<HTMLImageElement>("img[data-src]")) {
    img.src = img.dataset.src ?? "";
    img.removeAttribute("data-src");
  }
  for (const l of listeners) l();
}

/** Called once by entry.client: the first interaction reveals the waiting pictures. */
export function revealPicturesOnFirstInteraction(): void {
  interacted = false;
  for (const type of ["pointerdown", "touchstart", "keydown", "scroll", "wheel"] as const)
    window.addEventListener(type, reveal, { once: true, passive: true, capture: true });
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether the player has touched the page yet (always false on the server). */
export function useInteracted(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => interacted !== false,
    () => false,
  );
}

/**
 * The side menu's switch: a plain form, so it works without JavaScript and the page comes again
 * as a whole (with or without its scripts).
 */
export function DataSaverSwitch({ on }: { on: boolean }) {
  const { t } = useTranslation();
  const location = useLocation();
  return (
    <form method="post" action="/data-saver" className="px-2 py-1" data-testid="data-saver-switch">
      <input type="hidden" name="on" value={on ? "0" : "1"} />
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <button type="submit" role="switch" aria-checked={on} className="menu-link flex w-full items-center justify-between gap-2">
        <span>{t("saver.switch")}</span>
        <span className={`rounded-full px-2 py-0.5 text-xs font-bold ${on ? "bg-accent text-night" : "bg-white/10"}`}>
          {on ? t("saver.on") : t("saver.off")}
        </span>
      </button>
    </form>
  );
}

/** Under the header while data saver is on: what it leaves out, and the way to this page's pictures. */
export function DataSaverBar({ on }: { on: boolean }) {
  const { t } = useTranslation();
  if (!on) return null;
  return (
    <p
      className="flex flex-wrap items-center justify-center gap-x-3 bg-panel-2 px-3 py-1 text-center text-xs text-ink-dim"
      data-testid="data-saver-bar"
    >
      <span>{t("saver.bar")}</span>
      <ShowPicturesLink />
    </p>
  );
}

/** A picture that data saver leaves out (decorations, banners with their text beside them). */
export function Picture(props: React.ImgHTMLAttributes<HTMLImageElement> & { alt: string }) {
  // biome-ignore lint/a11y/useAltText: alt is required by the props' type and passed on
  return usePictures() ? <img {...props} /> : null;
}
