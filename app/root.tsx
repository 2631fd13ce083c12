import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useMatches,
  useRouteError,
  useRouteLoaderData,
} from "@remix-run/react";
import { useChangeLanguage, useTranslation } from "~/i18n/react";
import { isFormRefusal } from "~/domain/form-refusal";
import { AuthenticityTokenProvider } from "remix-utils/csrf/react";
import { AppShell } from "~/components/shell/app-shell";
import { LiveProvider, useLiveRoot } from "~/live/live";
import { InlineIconSymbols } from "~/components/icon";
import { NotFound } from "~/components/not-found";
import { StatusScreenView } from "~/components/status-screen";
import { shellForPath } from "~/domain/pages";
import { declaredNamespaces, directionOf, htmlLang } from "~/i18n/config";
import { useNonce } from "~/nonce";
import { OfflineCopies, useDocumentLoadWhenOffline } from "~/offline/offline-copies";
import { ConnectionBanner } from "~/money/connection-banner";
import { rootLoader, type RootData, type StatusScreen } from "~/shell.server";
import stylesheet from "~/tailwind.css?url";

export const handle = { i18n: ["common"] };

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.ico", sizes: "32x32" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export function loader({ request }: LoaderFunctionArgs) {
  return rootLoader(request);
}

export function Layout({ children }: { children: React.ReactNode }) {
  const root = useRouteLoaderData<RootData>("root");
  const { i18n, t } = useTranslation();
  const lng = root?.locale ?? i18n.language ?? "en";
  const nonce = useNonce();
  const error = useRouteError();
  const demo = root?.demo ?? (isRouteErrorResponse(error) && isStatusScreen(error.data) && error.data.demo === true);
  // Data saver (issue 29, decision 054): the page as it works without JavaScript, and no scripts
  // at all: every page and form works without them, and they are most of a first load's bytes.
  const saver = root?.saver === true;
  return (
    <html lang={htmlLang(lng)} dir={directionOf(lng)} data-lng={lng} data-i18n={root?.i18nVersion} className={saver ? "saver" : undefined}>
      <head>
        {/* Document-wide tags live here: Remix renders only the deepest route's meta export, so a
            viewport tag there vanishes on every page with a title and a phone lays out 980 px. */}
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0f1220" />
        {/* Installable (issue 29): the manifest in this page's language (browsers fetch it without
            cookies), and what iOS reads instead of it. */}
        <link rel="manifest" href={`/manifest.webmanifest?lng=${lng}`} />
        <link rel="apple-touch-icon" href="/icons/180.png" />
        <meta name="mobile-web-app-capable" content="yes" />
        <meta name="apple-mobile-web-app-capable" content="yes" />
        <meta name="apple-mobile-web-app-status-bar-style" content="black-translucent" />
        <meta name="apple-mobile-web-app-title" content={t("brand")} />
        <Meta />
        <Links />
        {saver ? null : <DictionaryPreloads lng={lng} version={root?.i18nVersion} />}
        {root ? <style nonce={nonce}>{`:root{--accent:${root.accent}}`}</style> : null}
      </head>
      <body className="min-h-screen bg-night text-ink antialiased">
        <InlineIconSymbols />
        {demo ? <DemoRibbon /> : null}
        {saver ? null : (
          <>
            <OfflineCopies />
            <ConnectionBanner />
          </>
        )}
        {children}
        {saver ? null : (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        )}
      </body>
    </html>
  );
}

/**
 * The page's dictionaries start loading with the document (issue 14): hydration fetches them
 * (entry.client.tsx) and would otherwise wait for the scripts before asking. The URLs and the
 * fetch mode match the client's, so the browser hands the preloaded answers over.
 */
function DictionaryPreloads({ lng, version }: { lng: string; version?: string }) {
  const matches = useMatches();
  if (!version) return null;
  return (
    <>
      {declaredNamespaces(matches.map((match) => match.handle)).map((ns) => (
        <link
          key={ns}
          rel="preload"
          as="fetch"
          crossOrigin="anonymous"
          href={`/api/locales?lng=${encodeURIComponent(lng)}&ns=${encodeURIComponent(ns)}&v=${version}`}
        />
      ))}
    </>
  );
}

/** Every page of the demo casino says so: it must never pass for the operator's real site. */
function DemoRibbon() {
  const { t } = useTranslation();
  return (
    <p data-testid="demo-ribbon" className="bg-amber-400 px-3 py-0.5 text-center text-xs font-semibold text-black">
      {t("demo.ribbon")}
    </p>
  );
}

export default function App() {
  const root = useRouteLoaderData<RootData>("root");
  const location = useLocation();
  useChangeLanguage(root?.locale ?? "en");
  if (!root) return <Outlet />;
  return (
    <AuthenticityTokenProvider token={root.csrf}>
      <LiveProvider root={root}>
        <LiveShell root={root} pathname={location.pathname} />
      </LiveProvider>
    </AuthenticityTokenProvider>
  );
}

/** The shell with the live stream's newer figures in it (issue 28): header balance, unread badge. */
function LiveShell({ root, pathname }: { root: RootData; pathname: string }) {
  return (
    <AppShell data={useLiveRoot(root)} regions={shellForPath(pathname)} pathname={pathname}>
      <Outlet />
    </AppShell>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();
  // No connection during a client-side navigation: loaded as a document, which the service worker answers.
  const reloading = useDocumentLoadWhenOffline(error);
  if (reloading) return <main className="mx-auto max-w-md p-6 text-center" aria-busy="true" />;
  if (isRouteErrorResponse(error) && isStatusScreen(error.data)) {
    return <StatusScreenView screen={error.data} />;
  }
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  if (isRouteErrorResponse(error) && isFormRefusal(error.data)) {
    // A form refused before it was read (another login's token, a script's post): say why, and how to go on.
    return (
      <main className="mx-auto max-w-md p-6 text-center">
        <h1 className="text-xl font-bold">{t("error.title")}</h1>
        <p className="mt-2 text-ink-dim" role="alert">
          {t(`error.${error.data.refusal}`)}
        </p>
        <a className="btn-accent mt-6 inline-block" href="/">
          {t("error.home")}
        </a>
      </main>
    );
  }
  // The server logs it once, with the request id (handleError in entry.server).
  if (typeof document !== "undefined") console.error(error);
  return (
    <main className="mx-auto max-w-md p-6 text-center">
      <h1 className="text-xl font-bold">{t("error.title")}</h1>
      <p className="mt-2 text-ink-dim">{t("error.text")}</p>
      <a className="btn-accent mt-6 inline-block" href="/">
        {t("error.home")}
      </a>
    </main>
  );
}

function isStatusScreen(value: unknown): value is StatusScreen {
  return typeof value === "object" && value !== null && "screen" in value;
}
