import { data } from "@remix-run/node";
import { UNAVAILABLE_RETRY_SECONDS } from "~/accounts/unavailable";
import { demoSite, env } from "~/env.server";
import { log, requestScope, retryAfter } from "~/request-scope.server";
import type { StatusScreen } from "~/shell.server";
import { createGateway, SessionExpiredError, type Gateway } from "~/gateway/index.server";
import type { SiteStatus } from "~/gateway/system.server";
import type { Balance } from "~/gateway/wallet.server";
import { platformLanguage, type Language } from "~/i18n/config";
import { detectLanguage, enabledLanguages, guessLanguage, languageFromQuery } from "~/i18n/language.server";
import { getSession, redirectWithNotice, sessionOutlived, SIGNED_IN_KEYS, type AppSession } from "~/session.server";

// Everything a loader or action needs about the caller, worked out once per request:
// the session, the site status, the language and a gateway bound to all three.

export type RequestContext = {
  session: AppSession;
  status: SiteStatus;
  language: Language;
  languages: Language[];
  /** The language came from ?lng= and should be remembered in the cookie. */
  languageFromQuery: boolean;
  /** Bound to the player's token (if any), language and IP. */
  gateway: Gateway;
  /** The player's balance, read once per page (a GET) however many loaders ask; fresh on every other call. */
  balance(): Promise<Balance>;
  clientIp?: string;
};

/** The player's IP as the server entry saw it (the socket, or TRUST_PROXY hops); unknown outside it. */
export function clientIp(): string | undefined {
  return requestScope()?.clientIp;
}

const perRequest = new WeakMap<Request, Promise<RequestContext>>();

async function build(request: Request): Promise<RequestContext> {
  const session = await getSession(request);
  const guess = await guessLanguage(request);
  const outlived = sessionOutlived(session) ? session.get("token") : undefined;
  const ip = clientIp();
  const base = {
    merchant: env().MERCHANT_CODE,
    userAgent: request.headers.get("User-Agent") ?? "",
    clientIp: ip,
  };
  const probe = createGateway({ ...base, language: platformLanguage(guess) });
  const status = await probe.system.status().catch((error: unknown) => {
    // No site status, no page: every loader and action that needs the context answers with the
    // unavailable screen (503, Retry-After) in the language the browser asked for.
    log().warn({ component: "context", err: error instanceof Error ? error.message : String(error) }, "platform status unavailable");
    throw data<StatusScreen>(
      { screen: "unavailable", locale: guess, demo: demoSite() },
      { status: 503, headers: retryAfter(UNAVAILABLE_RETRY_SECONDS) },
    );
  });
  const { enabled, fallback } = enabledLanguages(status.languages, status.defaultLanguage);
  const language = await detectLanguage(request, enabled, fallback);
  if (outlived) {
    // Past its absolute lifetime the login ends here and on the platform, so its games end too.
    for (const key of SIGNED_IN_KEYS) session.unset(key);
    session.flash("notice", "flash.sessionExpired");
    await createGateway({ ...base, language: platformLanguage(language), token: outlived })
      .session.logout()
      .catch((error: unknown) =>
        log().warn(
          { component: "context", err: error instanceof Error ? error.message : String(error) },
          "platform logout of an outlived session failed",
        ),
      );
  }
  const gateway = createGateway({
    ...base,
    language: platformLanguage(language),
    token: session.get("token"),
    player: session.get("userName"),
  });
  let page: Promise<Balance> | undefined;
  // A page's loaders run together on one request; an action changes money, so it always reads afresh.
  const balance =
    request.method === "GET" || request.method === "HEAD" ? () => (page ??= gateway.wallet.balance()) : () => gateway.wallet.balance();
  return { session, status, language, languages: enabled, languageFromQuery: languageFromQuery(request), gateway, balance, clientIp: ip };
}

/**
 * The caller's context, built once per incoming request: Remix hands a document's loaders and
 * its renderer different Request objects, so the memo lives in the request's scope when there is
 * one (the site status is then read once per request, not once per Request object).
 */
export function requestContext(request: Request): Promise<RequestContext> {
  // An action and the loaders that follow it (a form posted without JavaScript) keep apart: the
  // action may change the session the loaders must read afresh.
  const key = `requestContext:${request.method === "HEAD" ? "GET" : request.method}`;
  const memo = requestScope()?.memo;
  let ctx = (memo?.get(key) as Promise<RequestContext> | undefined) ?? perRequest.get(request);
  if (!ctx) {
    ctx = build(request);
    perRequest.set(request, ctx);
    memo?.set(key, ctx);
  }
  return ctx;
}

/**
 * For an answer that lives long (the live stream): what this request worked out is dropped once
 * read, instead of living (gateways, status, session) as long as the connection.
 */
export function forgetRequestContext(request: Request): void {
  perRequest.delete(request);
  requestScope()?.memo?.clear();
}

/**
 * When the platform says the session is gone, forget the token and send the player to
 * the login modal with a message; any other error goes on up.
 */
export async function sessionExpiredRedirect(request: Request, error: unknown): Promise<Response> {
  if (!(error instanceof SessionExpiredError)) throw error;
  const session = await getSession(request);
  for (const key of SIGNED_IN_KEYS) session.unset(key);
  const back = new URL(request.url);
  const to = back.pathname === "/login" ? "/login" : `/login?redirectTo=${encodeURIComponent(back.pathname + back.search)}`;
  return redirectWithNotice(session, to, "flash.sessionExpired");
}
