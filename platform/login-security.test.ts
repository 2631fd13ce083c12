import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseCommand } from "./admin";
import { passwordHashGate } from "./cpu-gate";
import { decodePng } from "./images/captcha-images";
import { setModule, setSetting } from "./operator";
import { listOutbox, securityEvents, unlock } from "./operator-accounts";
import { createOperatorApp } from "./operator-http";
import { type Harness, openHarness } from "./testing/harness";
import { refused as fail } from "./testing/envelope";

// Logins and what guards them: image captcha, slide puzzle, lockout, SMS codes and their limits,
// two-factor, security events and the operator's outbox/unlock/events, on one in-memory PGlite.

let h: Harness;
beforeAll(async () => {
  h = await openHarness();
});
afterAll(() => h?.close());

let ipCounter = 0;
const freshIp = () => `203.0.113.${++ipCounter}`;

const post = (path: string, body: unknown, ip: string) => h.json(path, { method: "POST", body: JSON.stringify(body), forwardedFor: ip });
const noLogin = (mobileNum: string, ip: string, extra: Record<string, unknown> = {}) =>
  post("/wps/verification/sms/noLogin", { mobileNum, countryDialingCode: "880", ...extra }, ip);
const smsLogin = (mobile: string, code: string, ip: string) =>
  h.enc("/wps/session/login", { username: mobile, password: code, type: "sms", countryDialingCode: "880" }, { forwardedFor: ip });

async function latestCode(filter: string): Promise<string> {
  const [message] = await listOutbox(h.db, "demo", filter);
  if (!message?.code) throw new Error(`no code sent to ${filter}`);
  return message.code;
}
const otherThan = (code: string) => (code === "000000" ? "111111" : "000000");

async function challengeAnswer(id: string): Promise<string> {
  const [row] = await h.db.query<{ answer: string }>("SELECT answer FROM challenges WHERE id = $1", [id]);
  return row!.answer;
}

describe("image captcha", () => {
  it("is asked for after 3 failures of one user name, known or not, and then required", async () => {
    const ip = freshIp();
    for (const name of ["demo_agent", "nobody_at_all"]) {
      const first = await h.login(name, "wrong-1", { forwardedFor: ip });
      fail(first.body, "login.failed");
      expect(first.body.value).toBeUndefined();
      fail((await h.login(name, "wrong-2", { forwardedFor: ip })).body, "login.failed");
      const third = await h.login(name, "wrong-3", { forwardedFor: ip });
      fail(third.body, "login.failed");
      expect(third.body.value).toEqual({ captcha: true });
      const fourth = await h.login(name, "Demo@1234", { forwardedFor: ip });
      fail(fourth.body, "captcha.invalid");
      expect(fourth.body.value).toEqual({ captcha: true });
    }
  });

  it("serves an uncached PNG bound to an HttpOnly captchaId cookie, single use, case-insensitive", async () => {
    const response = await h.call("/wps/captcha?t=1");
    expect(response.headers.get("cache-control")).toContain("no-store");
    const cookie = response.headers.get("set-cookie") ?? "";
    expect(cookie).toMatch(/^captchaId=[0-9a-f]{32}; /);
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("Path=/");
    const { value } = (await response.json()) as { value: string };
    expect(await decodePng(Buffer.from(value, "base64"))).toMatchObject({ width: 150, height: 50 });
    const id = /captchaId=([0-9a-f]+)/.exec(cookie)![1]!;
    const answer = await challengeAnswer(id);
    expect(answer).toMatch(/^[A-Z2-9]{5}$/);

    const withCaptcha = (captcha: string, password: string) =>
      h.enc(
        "/wps/session/login",
        { username: "demo_agent", password, type: "username", captcha },
        { headers: { Cookie: `captchaId=${id}` } },
      );
    const wrongPassword = await withCaptcha(answer.toLowerCase(), "wrong-4");
    fail(wrongPassword.body, "login.failed");
    expect(wrongPassword.body.value).toEqual({ captcha: true });
    // The captcha was used up by that attempt.
    fail((await withCaptcha(answer, "Demo@1234")).body, "captcha.invalid");

    const next = await h.call("/wps/captcha");
    const nextId = /captchaId=([0-9a-f]+)/.exec(next.headers.get("set-cookie") ?? "")![1]!;
    const nextAnswer = await challengeAnswer(nextId);
    const ok = await h.enc(
      "/wps/session/login",
      { username: "demo_agent", password: "Demo@1234", captcha: ` ${nextAnswer.toLowerCase()} ` },
      { headers: { Cookie: `captchaId=${nextId}` } },
    );
    expect(ok.body.value.userName).toBe("demo_agent");
    // Success wipes the count: no captcha next time.
    expect((await h.login("demo_agent", "Demo@1234")).body.success).toBe(true);
  });

  it("expires after 5 minutes and is off with CAPTCHA3", async () => {
    const response = await h.call("/wps/captcha");
    const id = /captchaId=([0-9a-f]+)/.exec(response.headers.get("set-cookie") ?? "")![1]!;
    const answer = await challengeAnswer(id);
    h.clock.advance(5 * 60_000 + 1);
    for (let i = 0; i < 3; i++) await h.login("demo_agent", "wrong");
    const late = await h.enc(
      "/wps/session/login",
      { username: "demo_agent", password: "Demo@1234", captcha: answer },
      { headers: { Cookie: `captchaId=${id}` } },
    );
    fail(late.body, "captcha.invalid");

    await setModule(h.db, "demo", "CAPTCHA3", false);
    fail((await h.json("/wps/captcha")).body, "function.not.available");
    const plain = await h.login("demo_agent", "wrong");
    fail(plain.body, "login.failed");
    expect(plain.body.value).toBeUndefined();
    expect((await h.login("demo_agent", "Demo@1234")).body.success).toBe(true);
    await setModule(h.db, "demo", "CAPTCHA3", true);
  });
});

describe("lockout", () => {
  it("locks after 10 failures in 15 minutes until they age out or the operator unlocks", async () => {
    await setModule(h.db, "demo", "CAPTCHA3", false);
    for (let i = 1; i <= 9; i++) fail((await h.login("demo_vip", `wrong-${i}`)).body, "login.failed");
    fail((await h.login("demo_vip", "wrong-10")).body, "login.locked");
    fail((await h.login("demo_vip", "Demo@1234")).body, "login.locked");
    // Unknown names lock the same way.
    for (let i = 1; i <= 10; i++) await h.login("nobody_locked", "x");
    fail((await h.login("nobody_locked", "x")).body, "login.locked");

    h.clock.advance(15 * 60_000 + 1000);
    expect((await h.login("demo_vip", "Demo@1234")).body.success).toBe(true);

    for (let i = 1; i <= 10; i++) await h.login("demo_vip", "wrong");
    fail((await h.login("demo_vip", "Demo@1234")).body, "login.locked");
    expect(await unlock(h.db, "demo", "DEMO_VIP")).toEqual({ username: "demo_vip", cleared: 10 });
    expect((await h.login("demo_vip", "Demo@1234")).body.success).toBe(true);

    const { events } = await securityEvents(h.db, "demo", "demo_vip");
    const kinds = events.map((e) => e.kind);
    expect(kinds[0]).toBe("login.ok");
    expect(kinds).toEqual(expect.arrayContaining(["login.failed", "login.locked", "login.unlocked"]));
    await setModule(h.db, "demo", "CAPTCHA3", true);
  });
});

describe("slide puzzle", () => {
  it("guards username login within ±6 px, once, for 2 minutes; SMS login needs none", async () => {
    await setModule(h.db, "demo", "GEETEST3", true);
    const challenge = async () => {
      const { body } = await h.json("/wps/captcha/slider?t=1");
      return { ...body.value, answer: Number(await challengeAnswer(body.value.challengeId)) };
    };
    const c1 = await challenge();
    expect(c1).toMatchObject({
      challengeId: expect.stringMatching(/^[0-9a-f]{32}$/),
      width: 300,
      height: 150,
      pieceSize: 50,
      pieceY: expect.any(Number),
    });
    expect(await decodePng(Buffer.from(c1.background, "base64"))).toMatchObject({ width: 300, height: 150 });
    expect(await decodePng(Buffer.from(c1.piece, "base64"))).toMatchObject({ width: 50, height: 50 });

    const login = (sliderCaptcha?: unknown) =>
      h.enc("/wps/session/login", { username: "demo_member", password: "Demo@1234", type: "username", sliderCaptcha });
    fail((await login()).body, "human.verification.failed");
    fail((await login({ challengeId: c1.challengeId, x: c1.answer + 7 })).body, "human.verification.failed");
    fail((await login({ challengeId: c1.challengeId, x: c1.answer })).body, "human.verification.failed"); // used up
    const c2 = await challenge();
    expect((await login({ challengeId: c2.challengeId, x: c2.answer - 6 })).body.success).toBe(true);
    const c3 = await challenge();
    expect((await login({ challengeId: c3.challengeId, x: String(c3.answer + 6) })).body.success).toBe(true);
    const c4 = await challenge();
    h.clock.advance(2 * 60_000 + 1);
    fail((await login({ challengeId: c4.challengeId, x: c4.answer })).body, "human.verification.failed");

    const ip = freshIp();
    fail((await noLogin("01712345678", ip)).body, "human.verification.failed");
    const c5 = await challenge();
    expect((await noLogin("01712345678", ip, { sliderCaptcha: { challengeId: c5.challengeId, x: c5.answer } })).body.success).toBe(true);
    expect((await smsLogin("01712345678", await latestCode("01712345678"), ip)).body.value.userName).toBe("demo_member");
    await setModule(h.db, "demo", "GEETEST3", false);
  });

  it("guards only the products of the setting humanVerification, and says so to ?product=", async () => {
    const slider = async (query: string) => (await h.json(`/wps/captcha/slider${query}`)).body;
    // GEETEST3 off: no product needs a puzzle, though one is served to whoever asks without a product.
    expect(await slider("?product=register")).toEqual({ success: true, value: null });
    expect((await slider("")).value.challengeId).toMatch(/^[0-9a-f]{32}$/);

    await setModule(h.db, "demo", "GEETEST3", true);
    await setSetting(h.db, "demo", "humanVerification", ["register"]);
    try {
      expect(await slider("?product=login")).toEqual({ success: true, value: null });
      const puzzle = (await slider("?product=register")).value;
      expect(puzzle).toMatchObject({ challengeId: expect.stringMatching(/^[0-9a-f]{32}$/), width: 300, height: 150 });

      const ip = freshIp();
      expect((await h.login("demo_member", "Demo@1234", { forwardedFor: ip })).body.success).toBe(true);
      expect((await noLogin("01700000099", ip)).body.success).toBe(true);

      const register = (sliderCaptcha?: unknown) =>
        h.enc(
          "/wps/member/register",
          { username: "puzzled01", password: "Puzzle-pass-1", confirmPassword: "Puzzle-pass-1", sliderCaptcha },
          { method: "PUT", forwardedFor: ip },
        );
      fail((await register()).body, "human.verification.failed");
      const x = Number(await challengeAnswer(puzzle.challengeId));
      expect((await register({ challengeId: puzzle.challengeId, x })).body.value).toMatchObject({ userName: "puzzled01" });
    } finally {
      await setSetting(h.db, "demo", "humanVerification", ["login", "register"]);
      await setModule(h.db, "demo", "GEETEST3", false);
    }
  });
});

describe("SMS codes", () => {
  it("sends 6 digits that expire after 5 minutes, not again within 60 s, and work once", async () => {
    h.clock.advance(61_000);
    const ip = freshIp();
    const sent = await noLogin("01712345678", ip);
    expect(sent.body.value).toEqual({ expiredMinutes: 5, maxAttemptTimes: 5, expirationTime: h.clock.now.getTime() + 5 * 60_000 });
    const code = await latestCode("01712345678");
    expect(code).toMatch(/^[0-9]{6}$/);
    const [outbox] = await listOutbox(h.db, "demo", "8801712345678");
    expect(outbox).toMatchObject({ channel: "sms", to: "8801712345678", purpose: "noLogin" });
    expect(outbox!.text).toContain(code);

    const soon = await noLogin("01712345678", ip);
    fail(soon.body, "sms.resend.too.soon");
    expect(soon.body.value).toEqual({ retryAfterSeconds: 60 });
    h.clock.advance(30_000);
    expect((await noLogin("1712345678", ip)).body.value).toEqual({ retryAfterSeconds: 30 });

    expect((await smsLogin("01712345678", code, ip)).body.value).toMatchObject({ userName: "demo_member", defaultPassword: false });
    fail((await smsLogin("01712345678", code, ip)).body, "verification.code.invalid");

    h.clock.advance(31_000);
    expect((await noLogin("01712345678", ip)).body.success).toBe(true);
    const late = await latestCode("01712345678");
    h.clock.advance(5 * 60_000 + 1);
    fail((await smsLogin("01712345678", late, ip)).body, "verification.code.expired");
  });

  it("burns a code after 5 wrong tries, and only the newest code works", async () => {
    const ip = freshIp();
    h.clock.advance(61_000);
    await noLogin("01712345678", ip);
    const code = await latestCode("01712345678");
    for (let i = 0; i < 5; i++) fail((await smsLogin("01712345678", otherThan(code), ip)).body, "verification.code.invalid");
    fail((await smsLogin("01712345678", code, ip)).body, "verification.code.invalid");

    h.clock.advance(61_000);
    await noLogin("01712345678", ip);
    const older = await latestCode("01712345678");
    h.clock.advance(61_000);
    await noLogin("01712345678", ip);
    const newer = await latestCode("01712345678");
    if (older !== newer) fail((await smsLogin("01712345678", older, ip)).body, "verification.code.invalid");
    expect((await smsLogin("01712345678", newer, ip)).body.success).toBe(true);
  });

  it("caps 5 an hour per number and 20 an hour per IP, without telling members from strangers", async () => {
    h.clock.advance(60 * 60_000);
    const ip = freshIp();
    for (let i = 0; i < 5; i++) {
      expect((await noLogin("01811111111", ip)).body.success, `send ${i + 1}`).toBe(true);
      h.clock.advance(61_000);
    }
    const capped = await noLogin("01811111111", ip);
    fail(capped.body, "sms.too.many.requests");
    // The wait said is the real one: until the first of the hour's five codes leaves the window.
    expect(capped.body.value).toEqual({ retryAfterSeconds: 3600 - 5 * 61 });
    expect(capped.body.message).toBe("Too many requests, try again after 55 minutes.");
    expect(await listOutbox(h.db, "demo", "01811111111")).toEqual([]); // nobody holds it: nothing sent

    const busy = freshIp();
    for (let i = 0; i < 20; i++) expect((await noLogin(`0182000${String(i).padStart(4, "0")}`, busy)).body.success).toBe(true);
    const busyRefused = (await noLogin("01820009999", busy)).body;
    fail(busyRefused, "sms.too.many.requests");
    // Twenty at once: the address is free again an hour after the first, never sooner than the 5-minute backoff.
    expect(busyRefused.value).toEqual({ retryAfterSeconds: 3600 });
    h.clock.advance(60 * 60_000);
    expect((await noLogin("01820009999", busy)).body.success).toBe(true);
    expect((await noLogin("01811111111", ip)).body.success).toBe(true);

    fail(
      (await post("/wps/verification/sms/register", { mobileNum: "01830000000", countryDialingCode: "880" }, freshIp())).body,
      "function.not.available",
    );
    await setModule(h.db, "demo", "REGMOBVERF3", true);
    const register = await post("/wps/verification/sms/register", { mobileNum: "01830000000", countryDialingCode: "880" }, freshIp());
    expect(register.body.value.expiredMinutes).toBe(5);
    // The 60 s rule is per purpose: another flow may send to the same number at once.
    expect((await noLogin("01830000000", freshIp())).body.success).toBe(true);
    fail(
      (await post("/wps/verification/sms/register", { mobileNo: "01830000000", countryDialingCode: "880" }, freshIp())).body,
      "sms.resend.too.soon",
    );
    fail((await post("/wps/verification/sms/register", { mobileNo: "12", countryDialingCode: "880" }, freshIp())).body, "mobile.invalid");
    fail(
      (await post("/wps/verification/sms/register", { mobileNo: "01830000001", countryDialingCode: "999" }, freshIp())).body,
      "mobile.invalid",
    );
    fail((await post("/wps/verification/sms/register", "not an object", freshIp())).body, "parameter.invalid");
    await setModule(h.db, "demo", "REGMOBVERF3", false);
  });
});

describe("two-factor (LOGINIPVERF3)", () => {
  const browserA = "3b0f6c1e-7a51-4c1e-9a0e-1f1f7d2a0001";
  const browserB = "3b0f6c1e-7a51-4c1e-9a0e-1f1f7d2a0002";

  it("asks every new device for a code, even from a known IP; the device that passed is known from anywhere", async () => {
    // A password alone, while two-factor is off, does not make a device known for later.
    const passwordOnly = "3b0f6c1e-7a51-4c1e-9a0e-1f1f7d2a0003";
    expect((await h.login("demo_2fa", "Demo@1234", { forwardedFor: "10.9.9.9", device: passwordOnly })).body.success).toBe(true);
    await setModule(h.db, "demo", "LOGINIPVERF3", true);
    fail((await h.login("demo_2fa", "Demo@1234", { forwardedFor: "10.9.9.9", device: passwordOnly })).body, "login.verification.required");
    // 10.9.9.9 is an address demo_2fa is seeded with: an address alone no longer lets a browser in.
    const ip = "10.9.9.9";
    const first = await h.login("demo_2fa", "Demo@1234", { forwardedFor: ip, device: browserA });
    fail(first.body, "login.verification.required");
    expect(first.body.value).toEqual({
      verificationToken: expect.stringMatching(/^[0-9a-f]{64}$/),
      methods: ["SMS"],
      mobile: "880******5678",
      email: "",
    });
    const token = first.body.value.verificationToken;
    fail((await h.login("demo_2fa", "wrong", { forwardedFor: ip, device: browserA })).body, "login.failed");

    const sendCode = (method: string, from = ip, verificationToken = token) =>
      post("/wps/session/login/verification/code", { verificationToken, method }, from);
    expect((await sendCode("EMAIL")).status).toBe(400);
    fail((await sendCode("SMS", freshIp())).body, "login.verification.expired");
    expect((await sendCode("SMS")).body.value).toMatchObject({ expiredMinutes: 5, maxAttemptTimes: 5 });
    const code = await latestCode("8801812345678");
    const verify = (c: string, from = ip) =>
      h.enc("/wps/session/login/verification", { verificationToken: token, method: "SMS", code: c }, { forwardedFor: from });
    fail((await verify(otherThan(code))).body, "verification.code.invalid");
    fail((await verify(code, freshIp())).body, "login.verification.expired");
    const done = await verify(code);
    expect(done.body.value).toMatchObject({ userName: "demo_2fa", customerType: 0, token: expect.stringMatching(/^[0-9a-f]{64}$/) });
    fail((await verify(code)).body, "login.verification.expired");

    // Browser A passed: known from this address and from any other.
    expect((await h.login("demo_2fa", "Demo@1234", { forwardedFor: ip, device: browserA })).body.success).toBe(true);
    expect((await h.login("demo_2fa", "Demo@1234", { forwardedFor: freshIp(), device: browserA })).body.success).toBe(true);
    // A second browser that knows the password, on the same network, is asked; so is one with no id or a short one.
    fail((await h.login("demo_2fa", "Demo@1234", { forwardedFor: ip, device: browserB })).body, "login.verification.required");
    fail((await h.login("demo_2fa", "Demo@1234", { forwardedFor: ip, device: "" })).body, "login.verification.required");
    fail((await h.login("demo_2fa", "Demo@1234", { forwardedFor: ip, device: "device-1" })).body, "login.verification.required");
    // Only hashes are stored.
    const stored = await h.db.query<{ device_hash: string }>(
      "SELECT device_hash FROM known_devices d JOIN members m ON m.id = d.member_id WHERE m.username = 'demo_2fa'",
    );
    expect(stored.length).toBe(1);
    expect(stored[0]!.device_hash).not.toContain(browserA);

    const kinds = (await securityEvents(h.db, "demo", "demo_2fa")).events.map((e) => e.kind);
    expect(kinds).toEqual(
      expect.arrayContaining([
        "login.verification.required",
        "login.verification.code.sent",
        "login.verification.failed",
        "login.verification.ok",
      ]),
    );
  });

  it("offers the bound email too, and the token lives 10 minutes", async () => {
    const away = freshIp();
    const { body } = await h.login("demo_member", "Demo@1234", { forwardedFor: away, device: browserA });
    expect(body.value).toMatchObject({ methods: ["SMS", "EMAIL"], email: "m****r@example.com" });
    const token = body.value.verificationToken;
    expect((await post("/wps/session/login/verification/code", { verificationToken: token, method: "EMAIL" }, away)).body.success).toBe(
      true,
    );
    const code = await latestCode("member@example.com");
    const done = await h.enc(
      "/wps/session/login/verification",
      { verificationToken: token, method: "EMAIL", code },
      { forwardedFor: away },
    );
    expect(done.body.value.userName).toBe("demo_member");
    expect((await h.login("demo_member", "Demo@1234", { forwardedFor: freshIp(), device: browserA })).body.success).toBe(true);

    const later = freshIp();
    const again = await h.login("demo_member", "Demo@1234", { forwardedFor: later, device: browserB });
    h.clock.advance(10 * 60_000 + 1);
    fail(
      (await post("/wps/session/login/verification/code", { verificationToken: again.body.value.verificationToken, method: "SMS" }, later))
        .body,
      "login.verification.expired",
    );
    await setModule(h.db, "demo", "LOGINIPVERF3", false);
  });
});

describe("operator commands", () => {
  it("lists the outbox, unlocks, resets passwords and shows events over the operator listener", async () => {
    const app = createOperatorApp({ db: h.db, merchant: "demo", key: "operator-key-for-tests-0001" });
    const call = async (path: string, init: RequestInit = {}) =>
      (
        await app.fetch(
          new Request(`http://operator.test${path}`, {
            ...init,
            headers: { "X-Operator-Key": "operator-key-for-tests-0001", "Content-Type": "application/json" },
          }),
        )
      ).json() as Promise<any>;
    const outbox = await call("/operator/outbox?filter=01712345678");
    expect(outbox.ok).toBe(true);
    expect(outbox.result.length).toBeGreaterThan(0);
    expect(outbox.result.every((m: any) => m.to === "8801712345678")).toBe(true);
    const times = outbox.result.map((m: any) => m.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    expect((await call("/operator/outbox?filter=member@example.com")).result[0]).toMatchObject({
      channel: "email",
      to: "member@example.com",
    });
    expect((await call("/operator/outbox?filter=nonsense")).ok).toBe(false);
    expect((await call("/operator/unlock", { method: "POST", body: JSON.stringify({ username: "demo_vip" }) })).result).toMatchObject({
      username: "demo_vip",
    });
    expect((await call("/operator/unlock", { method: "POST", body: JSON.stringify({ username: "nobody" }) })).ok).toBe(false);
    const events = await call("/operator/events?username=demo_vip");
    // The operator's clock is the real one, the app's is moved by these tests: look for it anywhere.
    expect(events.result.events).toContainEqual(expect.objectContaining({ kind: "login.unlocked", ip: "operator" }));
    expect((await call("/operator/events")).ok).toBe(false);

    const reset = await call("/operator/reset-password", {
      method: "POST",
      body: JSON.stringify({ username: "demo_default", password: "123456" }),
    });
    expect(reset).toEqual({ ok: true, result: { username: "demo_default" } });
    expect((await h.login("demo_default", "123456")).body.value).toMatchObject({ defaultPassword: true, passwordExpired: false });
    expect((await call("/operator/reset-password", { method: "POST", body: JSON.stringify({ username: "demo_default" }) })).ok).toBe(false);

    expect(parseCommand(["outbox"])).toMatchObject({ path: "outbox", method: "GET", query: {} });
    expect(parseCommand(["reset-password", "demo_default", "123456"])).toMatchObject({
      path: "reset-password",
      method: "POST",
      body: { username: "demo_default", password: "123456" },
    });
    expect(parseCommand(["outbox", "8801712345678"])).toMatchObject({ query: { filter: "8801712345678" } });
    expect(parseCommand(["unlock", "demo_vip"])).toMatchObject({ path: "unlock", method: "POST", body: { username: "demo_vip" } });
    expect(parseCommand(["events", "demo_vip"])).toMatchObject({ path: "events", query: { username: "demo_vip" } });
    expect(() => parseCommand(["unlock"])).toThrow();
  });
});

describe("a spray of logins (issue 25, decision 036)", () => {
  const ownerDevice = "7c1d2e3f-4a5b-4c6d-8e7f-90a1b2c3d4e5";
  const strangerDevice = "7c1d2e3f-4a5b-4c6d-8e7f-90a1b2c3d4e6";

  async function registerOwner(username: string, mobileNum: string): Promise<void> {
    const payload = {
      username,
      password: "Owner1234",
      confirmPassword: "Owner1234",
      mobileNum,
      countryDialingCode: "880",
      email: `${username}@example.com`,
      payeeName: "Owner Name",
      login: true,
      registerMethod: "WEB",
      registerUrl: "http://localhost/register",
      domain: "localhost",
      loginDeviceId: ownerDevice,
    };
    const done = await h.enc("/wps/member/register", payload, { method: "PUT", forwardedFor: freshIp(), headers: { ModuleId: "REG3" } });
    expect(done.body.success, JSON.stringify(done.body)).toBe(true);
  }

  it("turns an address away after 10 made-up names, before hashing, for every name but a member's own device", async () => {
    await setModule(h.db, "demo", "CAPTCHA3", false);
    await registerOwner("sprayowner1", "01733000001");
    const spray = freshIp();
    for (let i = 0; i < 10; i++)
      fail((await h.login(`made_up_${i}`, "x", { forwardedFor: spray, device: strangerDevice })).body, "login.failed");
    const refused = await h.login("made_up_10", "x", { forwardedFor: spray, device: strangerDevice });
    fail(refused.body, "login.too.many.requests");
    expect(refused.body.value).toEqual({ retryAfterSeconds: expect.any(Number) });
    expect(refused.body.value.retryAfterSeconds).toBeGreaterThan(0);
    expect(refused.body.value.retryAfterSeconds).toBeLessThanOrEqual(15 * 60);
    // The same answer for a name that exists, even with its right password: nothing tells which names do.
    fail((await h.login("sprayowner1", "Owner1234", { forwardedFor: spray, device: strangerDevice })).body, "login.too.many.requests");
    // Not one of them was counted against a name or hashed: the made-up name has no failure of its own.
    const [row] = await h.db.query<{ n: number }>("SELECT count(*)::int AS n FROM login_failures WHERE subject = 'u:made_up_10'");
    expect(row!.n).toBe(0);
    // The owner's own browser behind the same address gets in; other addresses are untouched.
    expect((await h.login("sprayowner1", "Owner1234", { forwardedFor: spray, device: ownerDevice })).body.success).toBe(true);
    fail((await h.login("made_up_11", "x", { forwardedFor: freshIp(), device: strangerDevice })).body, "login.failed");
    h.clock.advance(15 * 60_000 + 1000);
    fail((await h.login("made_up_12", "x", { forwardedFor: spray, device: strangerDevice })).body, "login.failed");
    await setModule(h.db, "demo", "CAPTCHA3", true);
  });

  it("answers 429 with the wait, not a 5xx a client's breaker would count, while the password hashes are busy", async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const { running, waiting } = passwordHashGate.options;
    const blockers = Array.from({ length: running + waiting }, () => passwordHashGate.run(() => held).catch(() => undefined));
    try {
      const answer = await h.login("demo_vip", "Demo@1234", { forwardedFor: freshIp() });
      expect(answer.status).toBe(429);
      fail(answer.body, "too.many.requests");
      expect(answer.body.value).toEqual({ retryAfterSeconds: expect.any(Number) });
    } finally {
      release();
      await Promise.all(blockers);
    }
    expect((await h.login("demo_vip", "Demo@1234", { forwardedFor: freshIp() })).body.success).toBe(true);
  });

  it("a stranger spraying a member's name locks the name, not the owner's device, an SMS code or a reset by phone", async () => {
    await setModule(h.db, "demo", "CAPTCHA3", false);
    await registerOwner("sprayowner2", "01733000002");
    // From many addresses, so that no address bound stops it first.
    for (let i = 0; i < 10; i++) await h.login("sprayowner2", `guess-${i}`, { forwardedFor: freshIp(), device: strangerDevice });
    fail((await h.login("sprayowner2", "Owner1234", { forwardedFor: freshIp(), device: strangerDevice })).body, "login.locked");
    // The owner's known device still gets in, from anywhere.
    expect((await h.login("sprayowner2", "Owner1234", { forwardedFor: freshIp(), device: ownerDevice })).body.success).toBe(true);
    // ...but is locked by ten wrong passwords of its own.
    const lost = freshIp();
    for (let i = 0; i < 10; i++) await h.login("sprayowner2", `mine-${i}`, { forwardedFor: lost, device: ownerDevice });
    fail((await h.login("sprayowner2", "Owner1234", { forwardedFor: lost, device: ownerDevice })).body, "login.locked");

    // An SMS code to the bound mobile is not held by the password lock.
    const ip = freshIp();
    expect((await noLogin("01733000002", ip)).body.success).toBe(true);
    const code = await latestCode("8801733000002");
    expect((await smsLogin("01733000002", code, ip)).body.success).toBe(true);

    // A completed reset by phone lets a new browser in with the new password.
    h.clock.advance(61_000);
    expect((await noLogin("01733000002", ip)).body.success).toBe(true);
    const resetCode = await latestCode("8801733000002");
    const reset = await h.enc(
      "/wps/member/password/verification",
      { newPassword: "Fresh5678", mobileNum: "01733000002", verificationCode: resetCode, countryDialingCode: "880" },
      { forwardedFor: ip },
    );
    expect(reset.body.success, JSON.stringify(reset.body)).toBe(true);
    expect((await h.login("01733000002", "Fresh5678", { forwardedFor: ip, device: strangerDevice })).body.success).toBe(true);
    await setModule(h.db, "demo", "CAPTCHA3", true);
  });

  it("a reset by phone forgets the old-password guesses as the operator's reset does (one setPassword)", async () => {
    await setModule(h.db, "demo", "CAPTCHA3", false);
    await registerOwner("resetowner1", "01733000003");
    const ip = freshIp();
    const token = (await h.login("resetowner1", "Owner1234", { forwardedFor: ip, device: ownerDevice })).body.value.token;
    const change = (oldPassword: string, newPassword: string, as = token) =>
      h.enc("/wps/member/password", { oldPassword, newPassword, confirmNewPassword: newPassword }, { token: as, forwardedFor: ip });
    // Ten wrong old passwords lock the change (its own count, decision 036).
    for (let i = 0; i < 10; i++) fail((await change(`wrong-${i}`, "Newer1234")).body, "password.old.invalid");
    fail((await change("Owner1234", "Newer1234")).body, "login.locked");

    h.clock.advance(61_000);
    expect((await noLogin("01733000003", ip)).body.success).toBe(true);
    const code = await latestCode("8801733000003");
    const reset = await h.enc(
      "/wps/member/password/verification",
      { newPassword: "Fresh5678", mobileNum: "01733000003", verificationCode: code, countryDialingCode: "880" },
      { forwardedFor: ip },
    );
    expect(reset.body.success, JSON.stringify(reset.body)).toBe(true);
    // The old session ended; with the new password the member can change it again at once.
    expect((await change("Fresh5678", "Newer1234")).status).toBe(401);
    const fresh = (await h.login("resetowner1", "Fresh5678", { forwardedFor: ip, device: ownerDevice })).body.value.token;
    expect((await change("Fresh5678", "Newer1234", fresh)).body.success).toBe(true);
    await setModule(h.db, "demo", "CAPTCHA3", true);
  });
});
