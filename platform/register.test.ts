import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setModule } from "./operator";
import { listOutbox } from "./operator-accounts";
import { type Envelope, type Harness, openHarness } from "./testing/harness";

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

const fail = (body: Envelope, errorCode: string) => expect(body, JSON.stringify(body)).toMatchObject({ success: false, errorCode, message: expect.any(String) });

describe("register settings, countries, affiliate", () => {
  it("lists every register field with its rule, cacheable", async () => {
    const response = await h.call("/wps/system/setting/register");
    expect(response.headers.get("cache-control")).toContain("max-age");
    const { value } = (await response.json()) as { value: any[] };
    expect(value.map((f) => f.field)).toEqual([
      "username", "password", "confirmPassword", "payeeName", "email", "qqNum", "mobileNum", "recommenderId", "verificationCode",
      "affiliateCode", "referralCode", "paymentPassword", "line", "whatsapp", "facebook", "wechat", "idNumber", "birthday",
    ]);
    const field = (name: string) => value.find((f) => f.field === name);
    expect(field("username")).toEqual({ field: "username", enabled: true, required: true, acceptedPattern: "^[A-Za-z][A-Za-z0-9]*$", patternId: 1, minLength: 6, maxLength: 16, type: "text", sort: 0 });
    expect(field("password")).toMatchObject({ enabled: true, required: true, acceptedPattern: "*", patternId: 0, minLength: 8, maxLength: 64, type: "password" });
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
    expect(codes).toMatchObject({ IN: "91", PK: "92", NP: "977", LK: "94", PH: "63", VN: "84", TH: "66", ID: "62", MY: "60", SG: "65", GB: "44" });
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
    expect((await h.json("/wps/agent/affiliate?code=AGENT01&domain=localhost")).body).toEqual({ success: true, value: { code: "AGENT01" } });
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
      registration({ username: "1bad", password: "short", confirmPassword: "other", email: "nope@", payeeName: "R2D2", verificationCode: "12" }),
      ip,
    );
    fail(body, "register.field.invalid");
    expect(Object.keys(body.value.fieldErrors).sort()).toEqual(["confirmPassword", "email", "password", "payeeName", "username", "verificationCode"]);
    expect(body.value.fieldErrors.username).toContain("6–16");
    expect(body.value.fieldErrors.password).toContain("8–64");
    expect(body.value.fieldErrors.verificationCode).toContain("6 digits");

    const mismatch = await register(registration({ confirmPassword: "Secret124", verificationCode: "123456" }), ip);
    expect(mismatch.body.value.fieldErrors).toEqual({ confirmPassword: "The two passwords do not match." });
    const missing = await register({ login: true }, ip, "/wps/member/register");
    expect(Object.keys(missing.body.value.fieldErrors)).toEqual(expect.arrayContaining(["username", "password", "confirmPassword", "mobileNum", "verificationCode"]));
    const bengali = await h.enc("/wps/member/register", registration({ username: "x" }), { method: "PUT", language: "BN", forwardedFor: ip });
    expect(bengali.body.value.fieldErrors.username).toMatch(/অক্ষর/);
    const badCountry = await register(registration({ countryDialingCode: "1", verificationCode: "123456" }), ip);
    expect(badCountry.body.value.fieldErrors).toEqual({ mobileNum: "Invalid phone number format." });
  });

  it("refuses taken names and numbers, unknown codes, and wrong or expired SMS codes", async () => {
    const ip = freshIp();
    fail((await register(registration({ username: "NewPlayer1", mobileNum: "01911000009", verificationCode: "123456" }), ip)).body, "register.username.taken");
    fail((await register(registration({ username: "fresh0001", mobileNum: "01712345678", verificationCode: "123456" }), ip)).body, "register.mobile.taken");
    fail((await register(registration({ username: "fresh0001", mobileNum: "01911000009", affiliateCode: "NOPE99", verificationCode: "123456" }), ip)).body, "invitation.code.invalid");
    fail((await register(registration({ username: "fresh0001", mobileNum: "01911000009", referralCode: "NOPE99", verificationCode: "123456" }), ip)).body, "invitation.code.invalid");

    const code = await registerCode("01911000009", ip);
    const wrong = code === "000000" ? "111111" : "000000";
    fail((await register(registration({ username: "fresh0001", mobileNum: "01911000009", verificationCode: wrong }), ip)).body, "verification.code.invalid");
    h.clock.advance(5 * 60_000 + 1000);
    fail((await register(registration({ username: "fresh0001", mobileNum: "01911000009", verificationCode: code }), ip)).body, "verification.code.expired");

    const fresh = await registerCode("01911000009", ip);
    const ok = await register(registration({ username: "fresh0001", mobileNum: "01911000009", referralCode: "demoref1", affiliateCode: "", verificationCode: fresh }), ip);
    expect(ok.body.value.userName).toBe("fresh0001");
    const [row] = await h.db.query<{ referrer: string; upline_id: number | null }>(
      "SELECT r.username AS referrer, m.upline_id FROM members m JOIN members r ON r.id = m.referred_by WHERE m.username = 'fresh0001'",
    );
    expect(row).toEqual({ referrer: "demo_member", upline_id: null });
    // The code was used up by that registration.
    fail((await register(registration({ username: "fresh0002", mobileNum: "01911000009", verificationCode: fresh }), ip)).body, "register.mobile.taken");
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
    const adult = await register(registration({ username: "adult0001", mobileNum: "01911000010", birthday: `${year - 30}-06-15`, login: false }), ip);
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
    const payload = { mobileNum: "01911000002", countryDialingCode: "880", password: "Mobile123", confirmPassword: "Mobile123", login: true, registerMethod: "WEB" };
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
