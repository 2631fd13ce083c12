import { canEnterAgentCentre, loginCheck } from "~/domain/account";
import { AGENT_MENU, agentFlag, needsFlags } from "~/domain/agent-menu";
import { moduleOn } from "~/domain/modules";
import { DEFAULT_BALANCE_SYMBOL } from "~/domain/money";
import { createGateway, SessionExpiredError } from "~/gateway/index.server";
import { isKnownLanguage, platformLanguage } from "~/i18n/config";
import { runInScope } from "~/request-scope.server";
import type { LiveAgent } from "./events";
import type { BoardRead, PlayerLogin, PlayerReads } from "./hub.server";

// A connected player's figures, read through the contract with their own login, as a page would
// read them: the balance, the inbox's unread count (and the newest message when it went up), an
// agent's waiting contract requests and team size. Each read has its own deadline.

const READ_DEADLINE_MS = 5_000;
let count = 0;

export function gatewayReads(login: PlayerLogin): PlayerReads {
  const gateway = createGateway({
    merchant: login.merchant,
    language: platformLanguage(isKnownLanguage(login.language) ? login.language : "en"),
    userAgent: login.userAgent,
    clientIp: login.ip,
    token: login.token,
  });
  const scoped = <T>(fn: () => Promise<T>) =>
    runInScope({ clientIp: login.ip, requestId: `live-${(++count).toString(36)}`, deadline: Date.now() + READ_DEADLINE_MS }, fn);
  const member = loginCheck({ token: login.token, accountType: login.accountType }) === "ok";
  return {
    balance: () =>
      scoped(async () => {
        const b = await gateway.wallet.balance();
        return {
          sum: b.sumBalance,
          symbol: b.currencySymbol || DEFAULT_BALANCE_SYMBOL,
          wallets: (b.balance ?? []).map((w) => ({ id: w.accountTypeId, name: w.displayName ?? "", avail: w.availBalance })),
        };
      }),
    inbox: (previous) =>
      scoped(async () => {
        if (!member || !moduleOn((await gateway.system.status()).modules, "INBOX3")) return null;
        const unread = await gateway.cashier.unreadCount({ fresh: true });
        // The newest message's title goes with a count that moved (the browser tells of it when the count went up).
        if (unread === 0 || unread === previous?.unread) return { unread };
        const newest = (await gateway.cashier.inbox(1, 1).catch(() => null))?.list[0];
        return newest?.title ? { unread, newest: { title: newest.title } } : { unread };
      }),
    agent: () =>
      scoped(async (): Promise<LiveAgent | null> => {
        if (!canEnterAgentCentre(login.accountType)) return null;
        const { modules } = await gateway.system.status();
        const flags = needsFlags(modules) ? await gateway.agent.contractFlags() : null;
        const team = moduleOn(modules, "AGEINFO3") ? (await gateway.agent.overview()).teamSize : undefined;
        if (!flags && team === undefined) return null;
        const waiting = AGENT_MENU.flatMap((m) => (m.condition && agentFlag(flags, m.condition) === 2 ? [m.page] : []));
        return team === undefined ? { waiting } : { waiting, team };
      }),
  };
}

/** The public boards a page may show live: a lottery screen's latest draws (its prize mode), or the popular ones. */
export const BOARDS = { "lottery:Lott": "Lott", "lottery:VN": "VN", "lottery:SEA": "SEA", "lottery:popular": undefined } as const;
export type BoardTopic = keyof typeof BOARDS;

export function boardReads(merchant: string): (topic: string) => BoardRead | null {
  const gateway = createGateway({ merchant, language: "EN", userAgent: "live-boards" });
  return (topic) => {
    if (!(topic in BOARDS)) return null;
    const mode = BOARDS[topic as BoardTopic];
    return () =>
      runInScope({ requestId: `live-${(++count).toString(36)}`, deadline: Date.now() + READ_DEADLINE_MS }, async () => {
        const list =
          mode === "VN" ? await gateway.lottery.vnRecentDraws({ fresh: true }) : await gateway.lottery.popular(mode, 20, { fresh: true });
        return list.map((d) => ({ code: d.code, issue: d.issue, numbers: d.numbers, drawnAt: d.drawnAt, nextDrawAt: d.nextDrawAt }));
      });
  };
}

export const sessionGone = (error: unknown) => error instanceof SessionExpiredError;
