import { PassThrough } from "node:stream";
import { inspect } from "node:util";
import type { EntryContext, HandleDataRequestFunction, HandleErrorFunction } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { isRouteErrorResponse, RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { DrawnProvider } from "~/components/server-drawn";
import { requestContext } from "~/context.server";
import { drawnOnServer } from "~/drawn.server";
import { redactUrl } from "~/domain/redact";
import { env } from "~/env.server";
import { declaredNamespaces, fallbackLanguage } from "~/i18n/config";
import { guessLanguage } from "~/i18n/language.server";
import { I18nProvider } from "~/i18n/react";
import { pageTranslations } from "~/i18n/t.server";
import { NonceProvider } from "~/nonce";
import { markShared } from "~/page-cache.server";
import { markViewer } from "~/offline/viewer.server";
import { log, notedRetryAfter, requestScope } from "~/request-scope.server";
import { oneSessionCookie } from "~/session.server";

// What our server entry calls in this build (build.entry.module).
export { attachServer, closeApp, drainLive, platformReady, runInScope, warmUp } from "~/lifecycle.server";
export { pageCacheFastKey, pageCacheKey } from "~/page-cache.server";
export { quickRefusal } from "~/quick-refusal.server";

// Validate the environment when the server starts, not at the first request.
env();

/**
 * A page or data answer for someone with a session (signed in, or mid-way through a form), or one
 * that sets a cookie, is theirs alone: no shared cache keeps it. Routes that chose otherwise keep theirs.
 */
function keepPrivate(request: Request, headers: Headers) {
  const session = /(?:^|;\s*)__session=/.test(request.headers.get("Cookie") ?? "");
  if ((session || headers.has("Set-Cookie")) && !headers.has("Cache-Control")) headers.set("Cache-Control", "private, no-store");
}

/**
 * What Remix refuses because of the request itself (a method the route has no action for, a
 * `?_data=` naming no route, a page that does not exist): a 4xx answer, which is the client's doing,
 * with its reason; Remix's own notice that a `?_data=` request came to a single-fetch app likewise.
 */
function clientMistake(error: unknown): { status?: number; reason: string } | null {
  if (isRouteErrorResponse(error) && error.status < 500) {
    const inner = (error as { error?: unknown }).error;
    return {
      status: error.status,
      reason: inner instanceof Error ? inner.message : typeof error.data === "string" ? error.data : error.statusText,
    };
  }
  if (error instanceof Error && error.message.startsWith("Warning: Single fetch-enabled apps should not be making ?_data requests"))
    return { reason: error.message };
  return null;
}

/**
 * Errors thrown by loaders, actions and rendering: logged once, with the request's id. A client's
 * mistake is a warning without a stack (issue 25): only our own failures are errors.
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  const raw = new URL(request.url).pathname;
  const path = redactUrl(raw);
  const mistake = clientMistake(error);
  if (mistake) {
    // Remix's reasons quote the URL: redacted as the path is.
    log().warn({ status: mistake.status, path, reason: mistake.reason.split(raw).join(path).slice(0, 300) }, "request refused");
    return;
  }
  // Not "[object Object]": what was thrown, as Node shows it.
  const err =
    error instanceof Error
      ? { message: error.message, stack: error.stack }
      : { message: inspect(error, { depth: 3, breakLength: Infinity }) };
  log().error({ err, path }, "request failed");
};

/**
 * A 429 or 503 from any route's loader or action says when to come back (Retry-After); Remix
 * keeps only the leaf route's headers, so the page's answer takes it from whichever route said it.
 */
function retryAfterOf(remixContext: EntryContext, headers: Headers) {
  const { actionHeaders = {}, loaderHeaders = {} } = remixContext.staticHandlerContext;
  for (const value of [
    notedRetryAfter(),
    ...[...Object.values(actionHeaders), ...Object.values(loaderHeaders)].map((h) => h.get("Retry-After")),
  ]) {
    if (value && !headers.has("Retry-After")) headers.set("Retry-After", value);
  }
}

export const handleDataRequest: HandleDataRequestFunction = async (response, { request }) => {
  await oneSessionCookie(response.headers);
  keepPrivate(request, response.headers);
  await markViewer(request, response.headers);
  const retry = notedRetryAfter();
  if (retry && !response.headers.has("Retry-After")) response.headers.set("Retry-After", retry);
  return response;
};

const ABORT_DELAY = 5_000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
) {
  // Loaders have run: the request's context (and so its language) is already known.
  // Without a context (the platform is down) the status screen is in the browser's language.
  const lng = await requestContext(request).then(
    (c) => c.language,
    () => guessLanguage(request).catch(() => fallbackLanguage),
  );
  // The dictionaries the page's routes declare are the ones the browser has when it hydrates.
  const matches = remixContext.staticHandlerContext.matches;
  const undeclared = new Set<string>();
  const translations = pageTranslations(
    lng,
    declaredNamespaces(matches.map((m) => remixContext.routeModules[m.route.id]?.handle)),
    (ns) => {
      if (!undeclared.has(ns) && env().UNDECLARED_TRANSLATIONS === "fail")
        throw new Error(`the page uses the dictionary "${ns}", which its routes do not declare (handle.i18n)`);
      undeclared.add(ns);
    },
  );
  const nonce = requestScope()?.nonce;
  await oneSessionCookie(responseHeaders);
  keepPrivate(request, responseHeaders);
  retryAfterOf(remixContext, responseHeaders);
  await markViewer(request, responseHeaders);
  await markShared(request, responseStatusCode, responseHeaders);

  const bot = isbot(request.headers.get("user-agent") ?? "");
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const onReady = () => {
      shellRendered = true;
      if (undeclared.size > 0)
        log().error(
          { namespaces: [...undeclared], routes: matches.map((m) => m.route.id) },
          "page uses dictionaries its routes do not declare (handle.i18n): the browser redraws it",
        );
      const body = new PassThrough();
      responseHeaders.set("Content-Type", "text/html; charset=utf-8");
      resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
      pipe(body);
    };
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <I18nProvider store={translations}>
          <DrawnProvider value={drawnOnServer()}>
            <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
          </DrawnProvider>
        </I18nProvider>
      </NonceProvider>,
      {
        nonce,
        onAllReady: bot ? onReady : undefined,
        onShellReady: bot ? undefined : onReady,
        onShellError: reject,
        onError(error) {
          responseStatusCode = 500;
          if (shellRendered) log().error({ err: error instanceof Error ? error.message : String(error) }, "render failed after the shell");
        },
      },
    );
    setTimeout(abort, ABORT_DELAY);
  });
}
