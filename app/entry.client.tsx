import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { fallbackLanguage } from "~/i18n/config";
import { browserStore, initialNamespaces } from "~/i18n/browser-store.client";
import { I18nProvider } from "~/i18n/react";
import { listenForServiceLinks } from "~/service/window.client";
import { revealPicturesOnFirstInteraction } from "~/data-saver/pictures";
import { keepInstallPrompt } from "~/install/install-app";
import { registerServiceWorker } from "~/offline/offline-copies";

// The page's dictionaries (preloaded by the document, versioned by <html data-i18n>) before
// hydration, so the first render in the browser says what the server said.
const store = browserStore(document.documentElement.dataset.lng || fallbackLanguage, document.documentElement.dataset.i18n ?? "");

async function hydrate() {
  await store.ensure(initialNamespaces());
  startTransition(() => {
    hydrateRoot(
      document,
      <I18nProvider store={store}>
        <StrictMode>
          <RemixBrowser />
        </StrictMode>
      </I18nProvider>,
    );
  });
}

listenForServiceLinks();
revealPicturesOnFirstInteraction();
keepInstallPrompt();
registerServiceWorker();
hydrate().catch((error) => console.error(error));
