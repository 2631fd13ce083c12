import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { hashPassword, needsRehash, PASSWORD_COST, passwordCost, verifyPassword } from "./crypto";
import { applyMovement, MAIN_WALLET } from "./ledger";
import { credit, listAccounts, setModule, setSetting } from "./operator";
import { listOutbox } from "./operator-accounts";
import { type Harness, openHarness } from "./testing/harness";
import { refused as fail } from "./testing/envelope";

// Login flags, passwords (change, forgot by email, reset by phone) and free play, through the
// Hono app on one in-memory PGlite.

let h: Harness;
beforeAll(async () => {
  h = await openHarness();
});
afterAll(() => h?.close());

let ipCounter = 0;
/** A fresh client IP per flow, so per-IP limits of one test never reach another. */
const freshIp = () => `198.51.100.${++ipCounter}`;

const post = (path: string, body: unknown, ip: string) => h.json(path, { method: "POST", body: JSON.stringify(body), forwardedFor: ip });

async function latestCode(digits: string): Promise<string> {
  const [message] = await listOutbox(h.db, "demo", digits);
  if (!message?.code) throw new Error(`no code sent to ${digits}`);
  return message.code;
}

describe("login flags", () => {
  it("flags the merchant's default password and an expired password", async () => {
    expect((await h.login("demo_default", "123456")).body.value).toMatchObject({
      userName: "demo_default",
      defaultPassword: true,
      passwordExpired: false,
    });
    await setSetting(h.db, "demo", "passwordExpiryDays", 30);
    await h.db.query("UPDATE members SET password_changed_at = $1 WHERE username = 'demo_vip'", [
      new Date(h.clock.now.getTime() - 31 * 86_400_000),
    ]);
    expect((await h.login("demo_vip", "Demo@1234")).body.value).toMatchObject({ passwordExpired: true, defaultPassword: false });
    await setSetting(h.db, "demo", "passwordExpiryDays", 0);
    expect((await h.login("demo_vip", "Demo@1234")).body.value.passwordExpired).toBe(false);
  });

  it("lets a member log in with the bound mobile number as user name", async () => {
    expect((await h.login("01712345678", "Demo@1234")).body.value.userName).toBe("demo_member");
    expect((await h.login("8801712345678", "Demo@1234")).body.value.userName).toBe("demo_member");
    fail((await h.login("01712345678", "wrong-password")).body, "login.failed");
  });
});

describe("passwords", () => {
  it("changes the password: old checked, rule, same, confirmation; other sessions end", async () => {
    const first = (await h.login("demo_default", "123456")).body.value.token;
    const second = (await h.login("demo_default", "123456")).body.value.token;
    const change = (payload: unknown, token = first) => h.enc("/wps/member/password", payload, { token });
    expect(
      (await change({ oldPassword: "123456", newPassword: "Better123", confirmNewPassword: "Better123" }, "f".repeat(64))).status,
    ).toBe(401);
    fail((await change({ oldPassword: "nope", newPassword: "Better123", confirmNewPassword: "Better123" })).body, "password.old.invalid");
    const rule = await change({ oldPassword: "123456", newPassword: "short", confirmNewPassword: "short" });
    fail(rule.body, "password.rule");
    expect(rule.body.message).toContain("8–64");
    fail((await change({ oldPassword: "123456", newPassword: "x".repeat(65), confirmNewPassword: "x".repeat(65) })).body, "password.rule");
    fail(
      (await change({ oldPassword: "123456", newPassword: "Better123", confirmNewPassword: "Better124" })).body,
      "password.confirm.mismatch",
    );
    await setSetting(h.db, "demo", "passwordMinLength", 6);
    fail((await change({ oldPassword: "123456", newPassword: "123456", confirmNewPassword: "123456" })).body, "password.rule");
    fail((await change({ oldPassword: "Demo@1234x", newPassword: "Demo@1234x" })).body, "password.old.invalid");
    await setSetting(h.db, "demo", "passwordMinLength", 8);

    const done = await change({ oldPassword: "123456", newPassword: "পাসওয়ার্ড ভালো 1", confirmNewPassword: "পাসওয়ার্ড ভালো 1" });
    expect(done.body).toEqual({ success: true, value: null });
    expect((await h.json("/wps/member/info", { token: first })).status).toBe(200);
    expect((await h.json("/wps/member/info", { token: second })).status).toBe(401);
    fail((await h.login("demo_default", "123456")).body, "login.failed");
    expect((await h.login("demo_default", "পাসওয়ার্ড ভালো 1")).body.value).toMatchObject({ defaultPassword: false });
    const same = await h.enc("/wps/member/password", { oldPassword: "পাসওয়ার্ড ভালো 1", newPassword: "পাসওয়ার্ড ভালো 1" }, { token: first });
    fail(same.body, "password.same");
  });

  it("sends a temporary password by email when user name and email match, and never tells", async () => {
    const form = (username: string, email: string) =>
      h.call("/wps/member/password/email", {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ username, email }).toString(),
        forwardedFor: freshIp(),
      });
    const outboxSize = async () => (await listOutbox(h.db, "demo", "vip@example.com")).length;
    const answers: string[] = [];
    for (const [username, email] of [
      ["nobody_here", "vip@example.com"],
      ["demo_vip", "other@example.com"],
      ["DEMO_VIP", "VIP@example.com"],
    ] as const) {
      const response = await form(username, email);
      expect(response.status).toBe(200);
      answers.push(await response.text());
    }
    expect(new Set(answers)).toEqual(new Set([JSON.stringify({ success: true, value: null })]));
    expect(await outboxSize()).toBe(1);
    const [mail] = await listOutbox(h.db, "demo", "vip@example.com");
    const temporary = /temporary password is (\S+)\./.exec(mail!.text)?.[1];
    expect(temporary).toMatch(/^[A-Za-z0-9]{12}$/);

    // The old password still works until the temporary one is used; then that one is the password, expired.
    expect((await h.login("demo_vip", "Demo@1234")).body.success).toBe(true);
    expect((await h.login("demo_vip", temporary!)).body.value).toMatchObject({ passwordExpired: true });
    fail((await h.login("demo_vip", "Demo@1234")).body, "login.failed");
    const { token } = (await h.login("demo_vip", temporary!)).body.value;
    await h.enc("/wps/member/password", { oldPassword: temporary, newPassword: "Demo@1234", confirmNewPassword: "Demo@1234" }, { token });
    expect((await h.login("demo_vip", "Demo@1234")).body.value.passwordExpired).toBe(false);

    const json = await h.json("/wps/member/password/email", { method: "POST", body: JSON.stringify({ username: "demo_vip" }) });
    fail(json.body, "parameter.invalid");
  });

  it("resets by phone with the noLogin code, once; unknown numbers get the same answers", async () => {
    const ip = freshIp();
    const ask = (mobileNum: string) => post("/wps/verification/sms/noLogin", { mobileNum, countryDialingCode: "880" }, ip);
    const known = await ask("01812345678");
    const unknown = await ask("01999999999");
    expect(Object.keys(known.body.value)).toEqual(["expiredMinutes", "maxAttemptTimes", "expirationTime"]);
    expect(Object.keys(unknown.body.value)).toEqual(Object.keys(known.body.value));
    expect(await listOutbox(h.db, "demo", "01999999999")).toEqual([]);
    const code = await latestCode("01812345678");

    const reset = (mobileNum: string, verificationCode: string, newPassword = "Phone1234") =>
      h.enc(
        "/wps/member/password/verification",
        { newPassword, mobileNum, verificationCode, countryDialingCode: "880" },
        { forwardedFor: ip },
      );
    fail((await reset("01812345678", code, "short")).body, "password.rule");
    fail((await reset("01999999999", code)).body, "verification.code.invalid");
    const { token } = (await h.login("demo_2fa", "Demo@1234")).body.value;
    expect((await reset("01812345678", code)).body).toEqual({ success: true, value: null });
    expect((await h.json("/wps/member/info", { token })).status).toBe(401);
    fail((await reset("01812345678", code)).body, "verification.code.invalid");
    expect((await h.login("01812345678", "Phone1234")).body.value.userName).toBe("demo_2fa");
    fail((await h.login("demo_2fa", "Demo@1234")).body, "login.failed");
  });

  it("logs in with a hash of the earlier default (N = 2^14) and replaces it with one at OWASP's cost", async () => {
    const ip = freshIp();
    const registered = await h.enc(
      "/wps/member/register",
      { username: "rehash01", password: "Rehash-pass-1", confirmPassword: "Rehash-pass-1" },
      { method: "PUT", forwardedFor: ip },
    );
    expect(registered.body.success, JSON.stringify(registered.body)).toBe(true);
    const hashOf = async () =>
      (
        await h.db.query<{ password_hash: string }>("SELECT password_hash FROM members WHERE merchant = 'demo' AND username = 'rehash01'")
      )[0]!.password_hash;
    // Already at the cost in force: a login leaves the hash alone.
    const current = await hashOf();
    expect(needsRehash(current)).toBe(false);
    expect((await h.login("rehash01", "Rehash-pass-1", { forwardedFor: ip })).body.success).toBe(true);
    expect(await hashOf()).toBe(current);

    await h.db.query("UPDATE members SET password_hash = $1 WHERE merchant = 'demo' AND username = 'rehash01'", [
      await hashPassword("Rehash-pass-1", { N: 16384, r: 8, p: 1 }),
    ]);
    fail((await h.login("rehash01", "Rehash-pass-2", { forwardedFor: ip })).body, "login.failed");
    expect((await hashOf()).startsWith("scrypt$16384$8$1$")).toBe(true);
    vi.stubEnv("VITEST", ""); // the production cost, for this test only
    try {
      expect(passwordCost()).toEqual(PASSWORD_COST);
      expect((await h.login("rehash01", "Rehash-pass-1", { forwardedFor: ip })).body.success).toBe(true);
      const upgraded = await hashOf();
      expect(upgraded.startsWith("scrypt$131072$8$1$")).toBe(true);
      expect(await verifyPassword("Rehash-pass-1", upgraded)).toBe(true);
      expect((await h.login("rehash01", "Rehash-pass-1", { forwardedFor: ip })).body.success).toBe(true);
      expect(await hashOf()).toBe(upgraded);
    } finally {
      vi.unstubAllEnvs();
    }
  });
});

describe("free play", () => {
  const realSum = async () =>
    (
      await h.db.query<{ total: number; house: number }>(
        "SELECT coalesce(sum(balance), 0)::bigint AS total, coalesce(sum(balance) FILTER (WHERE kind = 'house'), 0)::bigint AS house FROM ledger_accounts WHERE merchant = 'demo' AND kind IN ('house', 'wallet')",
      )
    )[0]!;

  it("opens a trial account whose credit lives only in the trial book", async () => {
    const before = await realSum();
    const ip = freshIp();
    const { body } = await post("/wps/session/login/freeplay", { os: "Windows", platform: "W" }, ip);
    expect(body.value).toMatchObject({
      customerType: 4,
      firstTimeLogin: true,
      passwordExpired: false,
      defaultPassword: false,
      userName: expect.stringMatching(/^trial_/),
    });
    const { token, id } = body.value;
    const balance = (await h.json("/wps/v2/wallets/balance?typeId=0", { token })).body.value;
    expect(balance.sumBalance).toBe(2000);
    expect(balance.balance[0]).toMatchObject({ accountTypeId: MAIN_WALLET, availBalance: 2000 });
    expect((await h.json("/wps/member/info", { token })).body.value.type).toBe(4);

    expect(await realSum()).toEqual(before);
    expect(before.total).toBe(0);
    const wallets = await h.db.query<{ kind: string }>("SELECT kind FROM ledger_accounts WHERE member_id = $1", [id]);
    expect(wallets.map((w) => w.kind)).toEqual(["trial"]);
    const accounts = await listAccounts(h.db, "demo");
    expect(accounts.find((a) => a.id === id)).toMatchObject({ type: 4, mainBalance: 0, totalBalance: 0 });
    const trialBook = await h.db.query<{ total: number }>(
      "SELECT sum(balance)::bigint AS total FROM ledger_accounts WHERE kind IN ('trial', 'trial_house')",
    );
    expect(trialBook[0]!.total).toBe(0);

    await expect(credit(h.db, "demo", body.value.userName, "10")).rejects.toThrow(/trial account/);
    const [member] = await h.db.query<{ id: number }>("SELECT id FROM members WHERE username = 'demo_member'");
    await expect(
      h.db.tx((sql) =>
        applyMovement(sql, {
          merchant: "demo",
          idempotencyKey: "test:mix",
          kind: "mix",
          legs: [
            { account: { kind: "trial", memberId: id, accountTypeId: MAIN_WALLET }, amount: -100 },
            { account: { kind: "wallet", memberId: member!.id, accountTypeId: MAIN_WALLET }, amount: 100 },
          ],
        }),
      ),
    ).rejects.toMatchObject({ code: "invalid.movement" });
    // Nor can a trial account get a real wallet, even through the ledger directly.
    await expect(
      h.db.tx((sql) =>
        applyMovement(sql, {
          merchant: "demo",
          idempotencyKey: "test:real-to-trial",
          kind: "credit",
          legs: [
            { account: { kind: "house" }, amount: -100 },
            { account: { kind: "wallet", memberId: id, accountTypeId: MAIN_WALLET }, amount: 100 },
          ],
        }),
      ),
    ).rejects.toMatchObject({ code: "invalid.movement" });
    expect(await realSum()).toEqual(before);

    fail((await h.login(body.value.userName, "!trial")).body, "login.failed");
    fail((await h.enc("/wps/member/password", { oldPassword: "x", newPassword: "Something1" }, { token })).body, "function.not.available");
  });

  it("refuses mixed movements in the database itself", async () => {
    const [trial] = await h.db.query<{ id: number }>("SELECT id FROM ledger_accounts WHERE kind = 'trial' LIMIT 1");
    const [house] = await h.db.query<{ id: number }>("SELECT id FROM ledger_accounts WHERE kind = 'house' AND merchant = 'demo'");
    await expect(
      h.db.tx(async (sql) => {
        const [tx] = await sql.query<{ id: number }>(
          "INSERT INTO ledger_transactions (merchant, idempotency_key, kind, fingerprint, created_at) VALUES ('demo', 'test:raw-mix', 'raw', 'x', now()) RETURNING id",
        );
        await sql.query(
          "INSERT INTO ledger_entries (transaction_id, account_id, amount, balance_after) VALUES ($1, $2, 5, 0), ($1, $3, -5, 0)",
          [tx!.id, trial!.id, house!.id],
        );
      }),
    ).rejects.toThrow(/mixes real and trial/);
  });

  it("is off without FREEPLAY3 and limited per IP", async () => {
    await setModule(h.db, "demo", "FREEPLAY3", false);
    fail((await post("/wps/session/login/freeplay", {}, freshIp())).body, "function.not.available");
    await setModule(h.db, "demo", "FREEPLAY3", true);
    const ip = freshIp();
    for (let i = 0; i < 10; i++)
      expect((await post("/wps/session/login/freeplay", { os: "Android", platform: "W" }, ip)).body.success).toBe(true);
    fail((await post("/wps/session/login/freeplay", { os: "Android", platform: "W" }, ip)).body, "too.many.requests");
  });
});
