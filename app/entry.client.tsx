import { RemixBrowser } from "@remix-run/react";
import i18next, { type BackendModule } from "i18next";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { getInitialNamespaces } from "remix-i18next/client";
import { defaultNS, fallbackLanguage } from "~/i18n/config";
import { listenForServiceLinks } from "~/service/window.client";

// A few lines instead of a fetch-backend package: dictionaries come from the cached
// /api/locales route, versioned by <html data-i18n>.
const version = document.documentElement.dataset.i18n ?? "";
const backend: BackendModule = {
  type: "backend",
  init() {},
  read(lng, ns, callback) {
    fetch(`/api/locales?lng=${encodeURIComponent(lng)}&ns=${encodeURIComponent(ns)}&v=${version}`)
      .then((r) => (r.ok ? r.json() : Promise.reject(new Error(`locales ${r.status}`))))
      .then((data) => callback(null, data), (error: Error) => callback(error, false));
  },
};

async function hydrate() {
  await i18next
    .use(initReactI18next)
    .use(backend)
    .init({
      // The site's own code ("cn"), not the lang attribute ("zh-CN").
      lng: document.documentElement.dataset.lng || fallbackLanguage,
      fallbackLng: false,
      defaultNS,
      fallbackNS: "common",
      ns: getInitialNamespaces(),
      interpolation: { escapeValue: false },
    });
  startTransition(() => {
    hydrateRoot(
      document,
      <I18nextProvider i18n={i18next}>
        <StrictMode>
          <RemixBrowser />
        </StrictMode>
      </I18nextProvider>,
    );
  });
}

listenForServiceLinks();
hydrate().catch((error) => console.error(error));
