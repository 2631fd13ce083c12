import { data, redirect } from "@remix-run/node";
import { isRealMember } from "~/accounts/guards.server";
import { formatMoney, DEFAULT_BALANCE_SYMBOL, MAIN_WALLET } from "~/domain/money";
import { storedGame } from "~/pages/game.server";
import { moduleOn, Modules } from "~/domain/modules";
import { buildNavigation, shellNavItem } from "~/domain/navigation";
import { nextRealityCheckAt, realityCheckDue } from "~/domain/reality-check";
import { guardRedirect } from "~/domain/pages";
import { requestContext, sessionExpiredRedirect, type RequestContext } from "~/context.server";
import { directionOf, languageNames } from "~/i18n/config";
import { languageCookie } from "~/i18n/language.server";
import { resourcesVersion } from "~/i18n/resources.server";
import { fixedT } from "~/i18n/t.server";
import { csrfToken } from "~/security.server";
import { commitSession } from "~/session.server";
import { demoSite, env } from "~/env.server";
import { dataSaverFrom, PICTURES_PARAM } from "~/data-saver/data-saver";

// The root loader: status gate, login guard, and what the shell shows on every page.

export type StatusScreen = {
  screen: "maintenance" | "restricted" | "unavailable";
  locale: string;
  ip?: string;
  country?: string;
  contactUrl?: string;
  /** The demo casino (no PLATFORM_URL): the ribbon shows on this screen too. */
  demo?: boolean;
};

const SOCIALS = ["FACEBOOK", "TELEGRAM", "WHATSAPP", "YOUTUBE", "TIKTOK"] as const;
const APP_DOWNLOADS = [
  { resourceType: "IOS", labelKey: "download.ios" },
  { resourceType: "MOBILECONFIG", labelKey: "download.iosLite" },
  { resourceType: "ANDROID", labelKey: "download.android" },
] as const;

/**
 * The header's balance: the sum of the wallets; with a game open on its page, the main wallet the
 * game bets from (the reference platform's games and a single-wallet merchant's), named, so the
 * header and the game show the same figure (issue 26). The sum stays for the account menu.
 */
async function balanceFor(ctx: RequestContext, request: Request, gameOpen: boolean) {
  try {
    const b = await ctx.balance();
    const symbol = b.currencySymbol || DEFAULT_BALANCE_SYMBOL;
    const sumText = formatMoney(b.sumBalance, ctx.language);
    const main = gameOpen ? b.balance?.find((w) => w.accountTypeId === MAIN_WALLET) : undefined;
    if (main)
      return {
        text: formatMoney(main.availBalance, ctx.language),
        symbol,
        sumText,
        wallet: main.displayName || fixedT(ctx.language)("header.mainWallet"),
      };
    return { text: sumText, symbol, sumText };
  } catch (error) {
    // A session the platform no longer knows sends the player to login; anything else
    // leaves the header showing the placeholder rather than failing the page.
    const response = await sessionExpiredRedirect(request, error).catch(() => null);
    if (response) throw response;
    return null;
  }
}

async function navigationFor(ctx: RequestContext) {
  try {
    return buildNavigation(await ctx.gateway.games.vendorLanes()).map(shellNavItem);
  } catch {
    return [];
  }
}

/** Whether this page shows the player's open game (the header then shows the game's wallet). */
function gameOpen(ctx: RequestContext, pathname: string): boolean {
  const kind = pathname === "/game" ? "casino" : pathname === "/lottert" ? "lottery" : null;
  return kind !== null && storedGame(ctx.session, kind) !== null;
}

export async function rootLoader(request: Request) {
  // Without the site's status requestContext throws the unavailable screen (503).
  const ctx: RequestContext = await requestContext(request);
  const { status, session, language } = ctx;
  const contactUrl = status.customerService.find((c) => c.csType === "LIVECHAT")?.url ?? status.customerService[0]?.url;
  if (status.mode === "maintenance") {
    throw data<StatusScreen>({ screen: "maintenance", locale: language, contactUrl, demo: demoSite() }, { status: 503 });
  }
  if (status.mode === "restricted") {
    throw data<StatusScreen>(
      { screen: "restricted", locale: language, ip: status.location.ip, country: status.location.country, contactUrl, demo: demoSite() },
      { status: 403 },
    );
  }

  const url = new URL(request.url);
  const token = session.get("token");
  const guard = guardRedirect(url.pathname, Boolean(token), status.loginedToHomePage);
  if (guard) throw redirect(guard);
  if (token && session.get("mustChangePassword") === true && url.pathname !== "/change-password") {
    throw redirect("/change-password");
  }

  const headers = new Headers();
  if (ctx.languageFromQuery) headers.append("Set-Cookie", await languageCookie.serialize(language));

  // The inbox's unread count shows on the header's account menu (members only; trials have no
  // inbox). It is kept a few seconds per player, except on the inbox itself.
  const member = isRealMember(session);
  const inbox = url.pathname.startsWith("/member/messages");
  const [balance, nav, unread] = await Promise.all([
    token ? balanceFor(ctx, request, gameOpen(ctx, url.pathname)) : null,
    navigationFor(ctx),
    member && moduleOn(status.modules, "INBOX3") ? ctx.gateway.cashier.unreadCount({ fresh: inbox }).catch(() => 0) : Promise.resolve(0),
  ]);

  // A reality-check reminder that fell due shows once (the browser's timer shows the next one).
  const realityCheck = token ? session.get("realityCheck") : undefined;
  const playedMinutes = realityCheckDue(realityCheck, Date.now());
  if (realityCheck && playedMinutes !== undefined) session.set("realityCheck", { ...realityCheck, lastShownAt: Date.now() });
  const notice = session.get("notice") ?? null;
  const error = session.get("error") ?? null;
  if (notice || error || playedMinutes !== undefined) headers.append("Set-Cookie", await commitSession(session));

  const resource = (type: string) => status.resources.find((r) => r.resourceType === type);
  const saver = dataSaverFrom(request.headers.get("Cookie"), request.headers.get("Save-Data"));
  // Every entry opens /service, which picks the line for the player's rank (decision 027).
  const customerService = status.customerService.length > 0 ? "/service" : null;

  return data(
    {
      locale: language,
      dir: directionOf(language),
      i18nVersion: resourcesVersion,
      accent: env().ACCENT_COLOR,
      // The operator's zone: times a live update writes into the page (issue 28) read as the server's.
      timeZone: env().TIME_ZONE,
      languages: ctx.languages.map((code) => ({ code, name: languageNames[code] })),
      user: token ? { userName: session.get("userName") ?? "", accountType: session.get("accountType") ?? 0 } : null,
      balance: token ? { value: balance, hidden: session.get("balanceHidden") === true } : null,
      unread,
      nav,
      modules: {
        referral: moduleOn(status.modules, Modules.referral),
        // The agent's affiliate button opens the register centre (docs/SPEC.md point 2).
        registerCentre: moduleOn(status.modules, "AGEDOWNMAN3"),
        manualRebate: moduleOn(status.modules, Modules.manualRebate),
      },
      socials: SOCIALS.flatMap((type) => {
        const r = resource(type);
        return r ? [{ type, url: r.url }] : [];
      }),
      appDownloads: APP_DOWNLOADS.flatMap((d) => (resource(d.resourceType) ? [d] : [])),
      customerService,
      // Data saver (issue 29): no scripts, no pictures unless this page asked for them.
      saver,
      pictures: !saver || url.searchParams.get(PICTURES_PARAM) === "1",
      // Only signed-in players have authenticated forms; the token is bound to their login.
      csrf: csrfToken(session),
      demo: demoSite(),
      notice,
      error,
      realityCheck: realityCheck
        ? {
            due: playedMinutes ?? null,
            startedAt: realityCheck.startedAt,
            minutes: realityCheck.minutes,
            nextAt: playedMinutes !== undefined ? Date.now() + realityCheck.minutes * 60_000 : (nextRealityCheckAt(realityCheck) ?? null),
          }
        : null,
    },
    { headers },
  );
}

export type RootData = Awaited<ReturnType<typeof rootLoader>>["data"];
