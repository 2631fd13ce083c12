import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createGateway } from "~/gateway/index.server";
import { getEmbeddedPlatform } from "../../../platform/embedded";
import { action as transferFund } from "~/routes/member.transfer-fund/route";
import { action as deposit } from "~/routes/member.deposit/route";
import { action as withdraw } from "~/routes/member.withdraw/route";
import { action as messages } from "~/routes/member.messages/route";
import { action as cashback } from "~/routes/member.cashback/route";
import { action as security } from "~/routes/member.security-center/route";
import { action as rewards } from "~/routes/member.reward-center/route";
import { action as missions } from "~/routes/member.missions/route";
import { action as upline, loader as uplinePage } from "~/routes/member.transfer-upline/route";
import { action as responsibleGaming } from "~/routes/member.responsible-gaming/route";
import { csrfFor, sessionCookie } from "./session-cookie";
import { rootLoader } from "~/shell.server";

// Every money-moving route of the member centre refuses a post without a valid CSRF token (403)
// and a trial account (403), and neither moves money. One in-memory platform for the file.

const UA = "vitest money guards";
const gateway = (token?: string) => createGateway({ merchant: "demo", language: "EN", token, userAgent: UA });
let memberToken = "";
let trialToken = "";

beforeAll(async () => {
  await getEmbeddedPlatform();
  memberToken = (await gateway().session.login({ username: "demo_member", password: "Demo@1234", type: "username" })).token;
  trialToken = (await gateway().session.freePlay("Android")).token;
}, 60_000);
afterAll(async () => {
  await (await getEmbeddedPlatform()).close();
});

const cookie = sessionCookie;

type Action = (args: { request: Request; params: Record<string, string>; context: Record<string, unknown> }) => Promise<unknown>;
const requestId = "guard-test-request-0001";
// Each route with a body that would move money (or write) were it allowed.
const ROUTES: [string, string, Action, Record<string, string>][] = [
  ["wallet transfer", "/member/transfer-fund", transferFund as Action, { intent: "transfer", requestId, from: "2", to: "8", amount: "10" }],
  ["recall all", "/member/transfer-fund", transferFund as Action, { intent: "recall", requestId }],
  [
    "deposit",
    "/member/deposit",
    deposit as Action,
    { intent: "deposit", requestId, methodCode: "BKASH", channelId: "1", amount: "500", transactionId: "TRX12345" },
  ],
  ["cancel deposit", "/member/deposit", deposit as Action, { intent: "cancel", requestId, depositId: "1" }],
  [
    "withdraw",
    "/member/withdraw",
    withdraw as Action,
    { intent: "withdraw", requestId, bankCardId: "1", amount: "200", password: "Cash#2026" },
  ],
  [
    "withdraw password",
    "/member/withdraw",
    withdraw as Action,
    { intent: "setPassword", newPassword: "Cash#2026", confirmNewPassword: "Cash#2026" },
  ],
  [
    "bind card",
    "/member/withdraw",
    withdraw as Action,
    { intent: "bindCard", cardType: "EW", bankCode: "BKASH", accountName: "Guard Test", accountNumber: "01700000000" },
  ],
  ["confirm withdrawal", "/member/withdraw", withdraw as Action, { intent: "confirm", requestId, withdrawalId: "1", result: "RECEIVED" }],
  ["read messages", "/member/messages", messages as Action, { id: "all" }],
  ["claim cashback", "/member/cashback", cashback as Action, { requestId }],
  ["nickname", "/member/security-center", security as Action, { intent: "nickname", nickname: "Guard" }],
  ["claim promotion", "/member/reward-center", rewards as Action, { intent: "claim", requestId, promotionId: "1" }],
  ["raffle", "/member/reward-center", rewards as Action, { intent: "raffle", requestId }],
  ["claim mission", "/member/missions", missions as Action, { requestId, missionId: "1" }],
  ["transfer to upline", "/member/transfer-upline", upline as Action, { requestId, amount: "10", password: "Cash#2026" }],
  [
    "set a limit",
    "/member/responsible-gaming",
    responsibleGaming as Action,
    { intent: "limit", requestId, type: "DEPOSIT", period: "DAY", amount: "100" },
  ],
  [
    "self-exclusion",
    "/member/responsible-gaming",
    responsibleGaming as Action,
    { intent: "exclude", requestId, days: "7", password: "Demo@1234", understood: "on" },
  ],
];

async function status(run: () => Promise<unknown>): Promise<number> {
  try {
    const outcome = await run();
    if (outcome instanceof Response) return outcome.status;
    return (outcome as { init?: { status?: number } | null }).init?.status ?? 200;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.status;
    const init = (thrown as { init?: { status?: number } | null }).init;
    if (init?.status) return init.status;
    throw thrown;
  }
}

const post = (path: string, cookies: string, fields: Record<string, string>) =>
  new Request(`http://localhost${path}`, {
    method: "POST",
    headers: { Cookie: cookies, "Content-Type": "application/x-www-form-urlencoded", "User-Agent": UA },
    body: new URLSearchParams(fields),
  });

describe("money routes refuse", () => {
  it("a member's post without a valid CSRF token, and a trial account's post, with 403 and no money moved", async () => {
    const member = await cookie({ token: memberToken, accountType: 0, userName: "demo_member" });
    const trial = await cookie({ token: trialToken, accountType: 4, userName: "trial" });
    const csrf = await csrfFor(member);
    // Another login's token (the trial's) is refused like a forged one.
    const foreign = await csrfFor(trial);
    const before = (await gateway(memberToken).wallet.balance()).sumBalance;
    const trialBefore = (await gateway(trialToken).wallet.balance()).sumBalance;

    for (const [name, path, act, fields] of ROUTES) {
      expect(await status(() => act({ request: post(path, member, fields), params: {}, context: {} })), `${name}: no token`).toBe(403);
      expect(
        await status(() => act({ request: post(path, member, { ...fields, csrf: "forged" }), params: {}, context: {} })),
        `${name}: forged token`,
      ).toBe(403);
      expect(
        await status(() => act({ request: post(path, member, { ...fields, csrf: foreign }), params: {}, context: {} })),
        `${name}: another login's token`,
      ).toBe(403);
      expect(
        await status(() => act({ request: post(path, trial, { ...fields, csrf: foreign }), params: {}, context: {} })),
        `${name}: trial`,
      ).toBe(403);
    }
    expect((await gateway(memberToken).wallet.balance()).sumBalance).toBe(before);
    expect((await gateway(trialToken).wallet.balance()).sumBalance).toBe(trialBefore);

    // The control: the same post with the member's valid token goes through (and, resent, moves once).
    const [, , act, fields] = ROUTES[0]!;
    const jiliOf = async () =>
      (await gateway(memberToken).wallet.balance()).balance?.find((w) => w.accountTypeId === 8)?.availBalance ?? NaN;
    const jiliBefore = await jiliOf();
    const ok = () =>
      act({
        request: post("/member/transfer-fund", member, { ...fields, csrf, requestId: "guard-test-control-0001" }),
        params: {},
        context: {},
      });
    expect(await status(ok)).toBe(302);
    expect(await status(ok)).toBe(302);
    expect(await jiliOf()).toBeCloseTo(jiliBefore + 10, 2);
  });
});

describe("a page behind a menu condition", () => {
  it("is 404 by its address, for the loader and the action, when the condition fails", async () => {
    const vip = (await gateway().session.login({ username: "demo_vip", password: "Demo@1234", type: "username" })).token;
    const noUpline = await cookie({ token: vip, accountType: 0, userName: "demo_vip" });
    const withUpline = await cookie({ token: memberToken, accountType: 0, userName: "demo_member" });
    const get = (cookies: string) =>
      new Request("http://localhost/member/transfer-upline", { headers: { Cookie: cookies, "User-Agent": UA } });
    expect(await status(() => uplinePage({ request: get(noUpline), params: {}, context: {} }))).toBe(404);
    expect(await status(() => uplinePage({ request: get(withUpline), params: {}, context: {} }))).toBe(200);
    const fields = { requestId: "guard-test-upline-0001", amount: "10", password: "Cash#2026", csrf: await csrfFor(noUpline) };
    expect(await status(() => upline({ request: post("/member/transfer-upline", noUpline, fields), params: {}, context: {} }))).toBe(404);
  });
});

describe("reality check", () => {
  it("shows once when due, then counts from that reminder", async () => {
    const startedAt = Date.now() - 31 * 60_000;
    const session = await cookie({ token: memberToken, accountType: 0, userName: "demo_member", realityCheck: { minutes: 30, startedAt } });
    const first = await rootLoader(new Request("http://localhost/rng", { headers: { Cookie: session, "User-Agent": UA } }));
    expect(first.data.realityCheck?.due).toBe(31);
    const next = first.init?.headers
      ? new Headers(first.init.headers)
          .getSetCookie()
          .find((c) => c.startsWith("__session="))
          ?.split(";")[0]
      : undefined;
    expect(next).toBeTruthy();
    const again = await rootLoader(new Request("http://localhost/rng", { headers: { Cookie: next!, "User-Agent": UA } }));
    expect(again.data.realityCheck?.due).toBeNull();
    expect(again.data.realityCheck?.nextAt).toBeGreaterThan(Date.now() + 29 * 60_000);
  });
});
