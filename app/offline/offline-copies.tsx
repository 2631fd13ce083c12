import { useLocation, useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { htmlLang } from "~/i18n/config";
import { useTranslation } from "~/i18n/react";
import { type FromWorker, SW_URL, type ToWorker } from "./rules";

// The page's side of the service worker (issue 29, decision 055). Registered only by the app's
// scripts, so a page without JavaScript (or in data saver, which has none) never gets one.

function worker(): ServiceWorkerContainer | undefined {
  return typeof navigator !== "undefined" && "serviceWorker" in navigator ? navigator.serviceWorker : undefined;
}

function tell(message: ToWorker): void {
  worker()?.controller?.postMessage(message);
}

/** After the page has loaded: the worker's first install must not compete with the page itself. */
export function registerServiceWorker(): void {
  const sw = worker();
  if (!sw || !window.isSecureContext) return;
  const register = () => {
    sw.register(SW_URL, { scope: "/" }).catch((error: unknown) => console.warn("service worker", error));
  };
  if (document.readyState === "complete") register();
  else window.addEventListener("load", register, { once: true });
}

/**
 * Tells the worker each page the player reaches (it keeps the ones anyone may see, also those
 * reached without a document load), and shows the ribbon on a page the worker answered from its
 * stored copy: "offline — shown as last seen at 14:32".
 */
export function OfflineCopies() {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const idle = useNavigation().state === "idle";
  const [stale, setStale] = useState<{ href: string; storedAt: number } | null>(null);
  const href = `${location.pathname}${location.search}`;

  // The document this page was loaded as: was it the worker's stored copy? (A client-side
  // navigation's data is fresh, or it fails and the page is loaded as a document again.)
  useEffect(() => {
    const sw = worker();
    if (!sw) return;
    const url = window.location.href;
    const answer = (event: MessageEvent) => {
      const message = event.data as FromWorker;
      if (message?.type === "stale" && message.url === url && message.storedAt) setStale({ href: url, storedAt: message.storedAt });
    };
    sw.addEventListener("message", answer);
    tell({ type: "ask-stale", url });
    return () => sw.removeEventListener("message", answer);
  }, []);

  useEffect(() => {
    const sw = worker();
    if (!sw || !idle) return;
    const say = () =>
      tell({
        type: "seen",
        url: window.location.href,
        lng: document.documentElement.dataset.lng,
        dictionaries: [...document.querySelectorAll<HTMLLinkElement>("link[rel=preload][as=fetch]")].map((l) => l.href),
      });
    if (sw.controller) say();
    else sw.addEventListener("controllerchange", say, { once: true });
    return () => sw.removeEventListener("controllerchange", say);
  }, [href, idle]);

  const storedAt = stale && new URL(stale.href).pathname + new URL(stale.href).search === href ? stale.storedAt : null;
  if (!storedAt) return null;
  const time = new Intl.DateTimeFormat(htmlLang(i18n.language), { hour: "2-digit", minute: "2-digit" }).format(storedAt);
  return (
    <p
      role="status"
      data-testid="offline-ribbon"
      className="sticky top-0 z-50 bg-ink px-3 py-1 text-center text-xs font-semibold text-night"
    >
      {t("offline.ribbon", { time })}
    </p>
  );
}

/**
 * A page's data that could not be fetched at all (no connection) during a client-side navigation:
 * the page is loaded as a document instead, once, so the worker can answer with its stored copy
 * or the offline page in place of an error screen.
 */
export function useDocumentLoadWhenOffline(error: unknown): boolean {
  // Chromium "Failed to fetch", Firefox "NetworkError when attempting…", WebKit "Load failed".
  const unreachable = error instanceof TypeError && /fetch|network|load failed/i.test(error.message) && Boolean(worker()?.controller);
  useEffect(() => {
    if (!unreachable) return;
    const key = `offline-reload:${window.location.href}`;
    if (sessionStorage.getItem(key)) return;
    sessionStorage.setItem(key, "1");
    setTimeout(() => sessionStorage.removeItem(key), 10_000);
    window.location.reload();
  }, [unreachable]);
  return unreachable;
}
