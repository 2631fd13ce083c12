import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setModule, setSetting } from "./operator";
import { listOutbox } from "./operator-accounts";
import { type Harness, openHarness } from "./testing/harness";
import { refused as fail } from "./testing/envelope";

// Registration, register settings, countries and affiliate codes, through the Hono app on one
// in-memory PGlite.

let h: Harness;
beforeAll(async () => {
  h = await openHarness();
  // Seeded off; these tests register with SMS codes unless they say otherwise.
  await setModule(h.db, "demo", "REGMOBVERF3", true);
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

async function registerCode(mobileNum: string, ip: string): Promise<string> {
  const sent = await post("/wps/verification/sms/register", { mobileNo: mobileNum, countryDialingCode: "880" }, ip);
  expect(sent.body.success, JSON.stringify(sent.body)).toBe(true);
  return latestCode(mobileNum);
}

const registration = (over: Record<string, unknown> = {}) => ({
  username: "newplayer1",
  password: "Secret123",
  confirmPassword: "Secret123",
  mobileNum: "01911000001",
  countryDialingCode: "880",
  email: "New.Player@Example.com",
  payeeName: "রহিম উদ্দিন",
  affiliateCode: "agent01",
  login: true,
  registerMethod: "WEB",
  registerUrl: "http://localhost/register",
  domain: "localhost",
  ...over,
});

const register = (payload: unknown, ip: string, path = "/wps/member/register") =>
  h.enc(path, payload, { method: "PUT", forwardedFor: ip, headers: { ModuleId: path.endsWith("mobile") ? "MOBILENUMREG3" : "REG3" } });

describe("register settings, countries, affiliate", () => {
  it("lists every register field with its rule, cacheable", async () => {
    const response = await h.call("/wps/system/setting/register");
    expect(response.headers.get("cache-control")).toContain("max-age");
    const { value } = (await response.json()) as { value: any[] };
    expect(value.map((f) => f.field)).toEqual([
      "username",
      "password",
      "confirmPassword",
      "payeeName",
      "email",
      "qqNum",
      "mobileNum",
      "recommenderId",
      "verificationCode",
      "affiliateCode",
      "referralCode",
      "paymentPassword",
      "line",
      "whatsapp",
      "facebook",
      "wechat",
      "idNumber",
      "birthday",
    ]);
    const field = (name: string) => value.find((f) => f.field === name);
    expect(field("username")).toEqual({
      field: "username",
      enabled: true,
      required: true,
      acceptedPattern: "^[A-Za-z][A-Za-z0-9]*$",
      patternId: 1,
      minLength: 6,
      maxLength: 16,
      type: "text",
      sort: 0,
    });
    expect(field("password")).toMatchObject({
      enabled: true,
      required: true,
      acceptedPattern: "*",
      patternId: 0,
      minLength: 8,
      maxLength: 64,
      type: "password",
    });
    expect(field("mobileNum")).toMatchObject({ enabled: true, patternId: 6, minLength: 7, maxLength: 15, type: "tel" });
    expect(field("email")).toMatchObject({ enabled: true, required: false, patternId: 3, type: "email" });
    expect(field("payeeName")).toMatchObject({ enabled: true, required: false, patternId: 12, minLength: 2, maxLength: 50 });
    expect(field("qqNum").enabled).toBe(false);
    expect(field("birthday")).toMatchObject({ enabled: false, patternId: 11, type: "date" });
    // With REGMOBVERF3 on, the SMS code and its number are required.
    expect(field("verificationCode")).toMatchObject({ enabled: true, required: true });
    expect(field("mobileNum").required).toBe(true);
    for (const f of value) expect(() => new RegExp(f.acceptedPattern === "*" ? ".*" : f.acceptedPattern)).not.toThrow();

    await setModule(h.db, "demo", "REGMOBVERF3", false);
    const off = (await h.json("/wps/system/setting/register")).body.value as { field: string; required: boolean }[];
    expect(off.find((f) => f.field === "verificationCode")?.required).toBe(false);
    expect(off.find((f) => f.field === "mobileNum")?.required).toBe(false);
    await setModule(h.db, "demo", "REGMOBVERF3", true);
  });

  it("lists the countries, Bangladesh first, with flags", async () => {
    const { body } = await h.json("/wps/system/country");
    expect(body.value).toHaveLength(12);
    expect(body.value[0]).toEqual({ countryCode: "BD", countryDialingCode: "880", name: "Bangladesh" });
    const codes = Object.fromEntries(body.value.map((c: any) => [c.countryCode, c.countryDialingCode]));
    expect(codes).toMatchObject({
      IN: "91",
      PK: "92",
      NP: "977",
      LK: "94",
      PH: "63",
      VN: "84",
      TH: "66",
      ID: "62",
      MY: "60",
      SG: "65",
      GB: "44",
    });
    expect((await h.json("/wps/system/country", { language: "BN" })).body.value[0].name).toBe("বাংলাদেশ");
    for (const code of Object.keys(codes)) {
      const flag = await h.call(`/media/flag/${code}.svg`, { merchant: null });
      expect(flag.status, code).toBe(200);
      expect(flag.headers.get("content-type")).toContain("image/svg+xml");
      expect(await flag.text()).toMatch(/^<svg[^>]*viewBox="0 0 60 40"/);
    }
    expect((await h.call("/media/flag/XX.svg", { merchant: null })).status).toBe(404);
  });

  it("checks affiliate codes case-insensitively", async () => {
    expect((await h.json("/wps/agent/affiliate?code=AGENT01&domain=localhost")).body).toEqual({
      success: true,
      value: { code: "AGENT01" },
    });
    expect((await h.json("/wps/agent/affiliate?code=agent01")).body.success).toBe(true);
    // Without any code parameter the call answers the affiliate programme (decision 026).
    for (const query of ["?code=NOPE99", "?code=", `?code=${"A".repeat(300)}`]) {
      fail((await h.json(`/wps/agent/affiliate${query}`)).body, "invitation.code.invalid");
    }
  });

  it("puts the register rules and form settings into the status call", async () => {
    const { info } = (await h.json("/wps/system/status")).body.value;
    expect(info.register.find((f: any) => f.field === "username").patternId).toBe(1);
    expect(info.settings).toMatchObject({ minimumAge: 18, termsUrl: "/helpmc?tag=terms", passwordMinLength: 8, passwordMaxLength: 64 });
  });
});

describe("register", () => {
  it("registers with an SMS code, logs in with firstTimeLogin, and gets the affiliate's agent as upline", async () => {
    const ip = freshIp();
    const code = await registerCode("01911000001", ip);
    const { body } = await register(registration({ verificationCode: code }), ip);
    expect(body.value).toEqual({
      token: expect.stringMatching(/^[0-9a-f]{64}$/),
      id: expect.any(Number),
      userName: "newplayer1",
      customerType: 0,
      firstTimeLogin: true,
      passwordExpired: false,
      defaultPassword: false,
    });
    const info = (await h.json("/wps/member/info", { token: body.value.token })).body.value;
    expect(info).toMatchObject({ account: "newplayer1", type: 0, toUpline: true, mobile: "880******0001" });
    const [row] = await h.db.query<{ upline: string; email: string; payee_name: string; registered_ip: string }>(
      `SELECT u.username AS upline, m.email, m.payee_name, m.registered_ip FROM members m JOIN members u ON u.id = m.upline_id WHERE m.username = 'newplayer1'`,
    );
    expect(row).toEqual({ upline: "demo_agent", email: "new.player@example.com", payee_name: "রহিম উদ্দিন", registered_ip: ip });
    const again = await h.login("newplayer1", "Secret123");
    expect(again.body.value).toMatchObject({ firstTimeLogin: false, userName: "newplayer1" });
  });

  it("refuses invalid fields with a message per field, in the client's language", async () => {
    const ip = freshIp();
    const { body } = await register(
      registration({
        username: "1bad",
        password: "short",
        confirmPassword: "other",
        email: "nope@",
        payeeName: "R2D2",
        verificationCode: "12",
      }),
      ip,
    );
    fail(body, "register.field.invalid");
    expect(Object.keys(body.value.fieldErrors).sort()).toEqual([
      "confirmPassword",
      "email",
      "password",
      "payeeName",
      "username",
      "verificationCode",
    ]);
    expect(body.value.fieldErrors.username).toContain("6–16");
    expect(body.value.fieldErrors.password).toContain("8–64");
    expect(body.value.fieldErrors.verificationCode).toContain("6 digits");

    const mismatch = await register(registration({ confirmPassword: "Secret124", verificationCode: "123456" }), ip);
    expect(mismatch.body.value.fieldErrors).toEqual({ confirmPassword: "The two passwords do not match." });
    const missing = await register({ login: true }, ip, "/wps/member/register");
    expect(Object.keys(missing.body.value.fieldErrors)).toEqual(
      expect.arrayContaining(["username", "password", "confirmPassword", "mobileNum", "verificationCode"]),
    );
    const bengali = await h.enc("/wps/member/register", registration({ username: "x" }), {
      method: "PUT",
      language: "BN",
      forwardedFor: ip,
    });
    expect(bengali.body.value.fieldErrors.username).toMatch(/অক্ষর/);
    const badCountry = await register(registration({ countryDialingCode: "1", verificationCode: "123456" }), ip);
    expect(badCountry.body.value.fieldErrors).toEqual({ mobileNum: "Invalid phone number format." });
  });

  it("refuses taken names and numbers, unknown codes, and wrong or expired SMS codes", async () => {
    const ip = freshIp();
    fail(
      (await register(registration({ username: "NewPlayer1", mobileNum: "01911000009", verificationCode: "123456" }), ip)).body,
      "register.username.taken",
    );
    fail(
      (await register(registration({ username: "fresh0001", mobileNum: "01712345678", verificationCode: "123456" }), ip)).body,
      "register.mobile.taken",
    );
    fail(
      (
        await register(
          registration({ username: "fresh0001", mobileNum: "01911000009", affiliateCode: "NOPE99", verificationCode: "123456" }),
          ip,
        )
      ).body,
      "invitation.code.invalid",
    );
    fail(
      (
        await register(
          registration({ username: "fresh0001", mobileNum: "01911000009", referralCode: "NOPE99", verificationCode: "123456" }),
          ip,
        )
      ).body,
      "invitation.code.invalid",
    );

    const code = await registerCode("01911000009", ip);
    const wrong = code === "000000" ? "111111" : "000000";
    fail(
      (await register(registration({ username: "fresh0001", mobileNum: "01911000009", verificationCode: wrong }), ip)).body,
      "verification.code.invalid",
    );
    h.clock.advance(5 * 60_000 + 1000);
    fail(
      (await register(registration({ username: "fresh0001", mobileNum: "01911000009", verificationCode: code }), ip)).body,
      "verification.code.expired",
    );

    const fresh = await registerCode("01911000009", ip);
    const ok = await register(
      registration({
        username: "fresh0001",
        mobileNum: "01911000009",
        referralCode: "demoref1",
        affiliateCode: "",
        verificationCode: fresh,
      }),
      ip,
    );
    expect(ok.body.value.userName).toBe("fresh0001");
    const [row] = await h.db.query<{ referrer: string; upline_id: number | null }>(
      "SELECT r.username AS referrer, m.upline_id FROM members m JOIN members r ON r.id = m.referred_by WHERE m.username = 'fresh0001'",
    );
    expect(row).toEqual({ referrer: "demo_member", upline_id: null });
    // The code was used up by that registration.
    fail(
      (await register(registration({ username: "fresh0002", mobileNum: "01911000009", verificationCode: fresh }), ip)).body,
      "register.mobile.taken",
    );
  });

  it("checks the age when the birthday field is on, and the slide puzzle when GEETEST3 is on", async () => {
    const ip = freshIp();
    await h.db.query("UPDATE register_fields SET enabled = true, required = true WHERE merchant = 'demo' AND field = 'birthday'");
    await setModule(h.db, "demo", "REGMOBVERF3", false);
    const year = h.clock.now.getUTCFullYear();
    const young = await register(registration({ username: "young0001", mobileNum: "01911000010", birthday: `${year - 17}-01-01` }), ip);
    fail(young.body, "register.age.required");
    expect(young.body.message).toContain("18");
    const badDate = await register(registration({ username: "young0001", mobileNum: "01911000010", birthday: "2000-02-30" }), ip);
    expect(badDate.body.value.fieldErrors).toHaveProperty("birthday");
    const adult = await register(
      registration({ username: "adult0001", mobileNum: "01911000010", birthday: `${year - 30}-06-15`, login: false }),
      ip,
    );
    expect(adult.body.value).toEqual({ customerId: expect.any(Number), userName: "adult0001" });
    await h.db.query("UPDATE register_fields SET enabled = false, required = false WHERE merchant = 'demo' AND field = 'birthday'");

    await setModule(h.db, "demo", "GEETEST3", true);
    fail((await register(registration({ username: "human0001", mobileNum: "01911000011" }), ip)).body, "human.verification.failed");
    const slider = (await h.json("/wps/captcha/slider", { forwardedFor: ip })).body.value;
    const [answer] = await h.db.query<{ answer: string }>("SELECT answer FROM challenges WHERE id = $1", [slider.challengeId]);
    const solved = { challengeId: slider.challengeId, x: Number(answer!.answer) + 3 };
    const human = await register(registration({ username: "human0001", mobileNum: "01911000011", sliderCaptcha: solved }), ip);
    expect(human.body.value.userName).toBe("human0001");
    await setModule(h.db, "demo", "GEETEST3", false);
    await setModule(h.db, "demo", "REGMOBVERF3", true);
  });

  it("registers by mobile number when MOBILENUMREG3 is on; the number then logs in", async () => {
    const ip = freshIp();
    const payload = {
      mobileNum: "01911000002",
      countryDialingCode: "880",
      password: "Mobile123",
      confirmPassword: "Mobile123",
      login: true,
      registerMethod: "WEB",
    };
    fail((await register({ ...payload, verificationCode: "123456" }, ip, "/wps/member/register/mobile")).body, "function.not.available");
    await setModule(h.db, "demo", "MOBILENUMREG3", true);
    const code = await registerCode("01911000002", ip);
    const { body } = await register({ ...payload, username: "01911000002", verificationCode: code }, ip, "/wps/member/register/mobile");
    expect(body.value).toMatchObject({ userName: "8801911000002", firstTimeLogin: true, customerType: 0 });
    for (const typed of ["01911000002", "1911000002", "+8801911000002", "8801911000002"]) {
      expect((await h.login(typed, "Mobile123")).body.value?.userName, typed).toBe("8801911000002");
    }
    await setModule(h.db, "demo", "MOBILENUMREG3", false);
  });
});

describe("farming (issue 25, decision 037)", () => {
  let agentToken = "";
  let seq = 0;
  const downline = (over: Record<string, unknown> = {}) => ({
    requestId: `farming-test-${String(++seq).padStart(4, "0")}-${Date.now()}`,
    accountType: 0,
    username: `farmed${String(seq).padStart(3, "0")}`,
    // This file's register settings ask for a number (REGMOBVERF3 is on).
    mobileNum: `0191200${String(seq).padStart(4, "0")}`,
    password: "Secret@123",
    confirmPassword: "Secret@123",
    ...over,
  });
  const openDownline = (payload: Record<string, unknown>) =>
    h.enc("/wps/relay/passwordCheck/MCS2_registerDownline", payload, { method: "PUT", token: agentToken, forwardedFor: freshIp() });
  const relayPost = (call: string, body: unknown, token: string) =>
    h.json(`/wps/relay/${call}`, { method: "POST", token, body: JSON.stringify(body) });

  // A fresh day (this file's other tests open accounts too) and a session that lives in it.
  const newDay = async () => {
    h.clock.advance(24 * 60 * 60_000);
    agentToken = (await h.login("demo_agent", "Demo@1234", { forwardedFor: freshIp() })).body.value.token;
  };
  beforeAll(newDay);

  it("refuses text-direction controls in names: a downline's nickname, a nickname change, a registration's fields", async () => {
    const rlo = "\u202e";
    const nick = await openDownline(downline({ nickname: `Nadia${rlo}miraK` }));
    fail(nick.body, "register.field.invalid");
    expect(nick.body.value.fieldErrors).toEqual({ nickname: "Names may not contain text-direction control characters." });
    for (const mark of ["\u202a", "\u2066", "\u2069", "\u200e", "\u200f", "\u061c"]) {
      fail((await openDownline(downline({ nickname: `Nadia${mark}Karim` }))).body, "register.field.invalid");
    }

    const member = (await h.login("demo_member", "Demo@1234", { forwardedFor: freshIp() })).body.value.token;
    fail((await relayPost("MCSFE_updateNickname", { nickname: `Lucky${rlo}7` }, member)).body, "text.direction.invalid");
    expect((await relayPost("MCSFE_updateNickname", { nickname: "Lucky 7" }, member)).body.success).toBe(true);

    const ip = freshIp();
    const code = await registerCode("01911000077", ip);
    const refused = await register(
      registration({ username: "bidiplayer1", mobileNum: "01911000077", verificationCode: code, email: `ev${rlo}il@example.com` }),
      ip,
    );
    fail(refused.body, "register.field.invalid");
    expect(refused.body.value.fieldErrors).toEqual({ email: "Names may not contain text-direction control characters." });
  });

  it("lets an agent open 10 accounts in 10 minutes and 100 a day, then says how long to wait", async () => {
    const opened: Record<string, unknown>[] = [];
    for (let i = 0; i < 10; i++) {
      const body = downline();
      const done = await openDownline(body);
      expect(done.body.success, JSON.stringify(done.body)).toBe(true);
      opened.push(body);
      h.clock.advance(5_000);
    }
    const refused = await openDownline(downline());
    fail(refused.body, "agent.register.too.many.requests");
    expect(refused.body.value.retryAfterSeconds).toBe(10 * 60 - 10 * 5);
    expect(refused.body.message).toBe("You have opened too many accounts in a short time. You may open more in 10 minutes.");
    // An account already opened still answers its replay.
    expect((await openDownline(opened[0]!)).body.value).toMatchObject({ replayed: true });
    h.clock.advance(10 * 60_000);
    expect((await openDownline(downline())).body.success).toBe(true);

    // The day's ceiling (here lowered by the operator's setting).
    await setSetting(h.db, "demo", "downlinesPerDay", 12);
    h.clock.advance(10 * 60_000);
    expect((await openDownline(downline())).body.success).toBe(true);
    const daily = await openDownline(downline());
    fail(daily.body, "agent.register.too.many.requests");
    expect(daily.body.value.retryAfterSeconds).toBeGreaterThan(23 * 60 * 60);
    await h.db.query("UPDATE merchants SET settings = settings - 'downlinesPerDay' WHERE code = 'demo'");
  });

  it("takes a downline's mobile number unverified: it opens no code, and its owner registering with it wins", async () => {
    await newDay();
    const opened = await openDownline(downline({ username: "claimednum1", mobileNum: "01911000088", email: "claimed@example.com" }));
    expect(opened.body.success, JSON.stringify(opened.body)).toBe(true);
    const [row] = await h.db.query<{ mobile: string; mobile_verified: boolean }>(
      "SELECT mobile, mobile_verified FROM members WHERE username = 'claimednum1'",
    );
    expect(row).toEqual({ mobile: "8801911000088", mobile_verified: false });
    // A code for an unverified number is never sent: the number's owner gets no login to the agent's account.
    expect(
      (await post("/wps/verification/sms/noLogin", { mobileNum: "01911000088", countryDialingCode: "880" }, freshIp())).body.success,
    ).toBe(true);
    expect((await listOutbox(h.db, "demo", "8801911000088")).filter((m) => m.purpose === "noLogin")).toEqual([]);
    // Another downline cannot claim it again.
    fail((await openDownline(downline({ mobileNum: "01911000088" }))).body, "register.mobile.taken");
    // Two-factor sends no code to it: the downline's new device is offered its email only.
    expect((await h.login("claimednum1", "Secret@123", { forwardedFor: freshIp() })).body.success).toBe(true);
    await setModule(h.db, "demo", "LOGINIPVERF3", true);
    try {
      const asked = await h.login("claimednum1", "Secret@123", { forwardedFor: freshIp(), device: "a-new-browser-of-the-downline-0001" });
      fail(asked.body, "login.verification.required");
      expect(asked.body.value).toMatchObject({ methods: ["EMAIL"], mobile: "" });
    } finally {
      await setModule(h.db, "demo", "LOGINIPVERF3", false);
    }

    // The owner registers with the number (and its SMS code): the unverified claim gives way.
    const ip = freshIp();
    const code = await registerCode("01911000088", ip);
    const owner = await register(
      registration({ username: "realowner1", mobileNum: "01911000088", email: "owner@example.com", verificationCode: code }),
      ip,
    );
    expect(owner.body.success, JSON.stringify(owner.body)).toBe(true);
    const rows = await h.db.query<{ username: string; mobile: string | null; mobile_verified: boolean }>(
      "SELECT username, mobile, mobile_verified FROM members WHERE username IN ('claimednum1', 'realowner1') ORDER BY username",
    );
    expect(rows).toEqual([
      { username: "claimednum1", mobile: null, mobile_verified: true },
      { username: "realowner1", mobile: "8801911000088", mobile_verified: true },
    ]);
    const [event] = await h.db.query<{ kind: string }>(
      "SELECT e.kind FROM security_events e JOIN members m ON m.id = e.member_id WHERE m.username = 'claimednum1' AND e.kind = 'mobile.released'",
    );
    expect(event).toEqual({ kind: "mobile.released" });
    expect((await h.login("01911000088", "Secret123", { forwardedFor: freshIp() })).body.value).toMatchObject({ userName: "realowner1" });
  });
});
