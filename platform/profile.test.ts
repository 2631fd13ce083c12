import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "./crypto";
import { listOutbox } from "./operator-accounts";
import { setModule } from "./operator";
import { type Harness, openHarness } from "./testing/harness";
import { refused as fail } from "./testing/envelope";

// The security centre (decision 018) on one in-memory PGlite: security info, nickname, avatars
// (drawn and uploaded, served under /media/avatar), and binding an email and a mobile once.

let h: Harness;
let token: string;
let fresh: string;

const get = (call: string, t = token) => h.json(`/wps/relay/${call}`, { token: t });
const post = (call: string, body: unknown, t = token) =>
  h.json(`/wps/relay/${call}`, { method: "POST", token: t, body: JSON.stringify(body) });

// The smallest valid PNG (1×1, transparent) and a JPEG's first bytes.
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=", "base64");
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 1)]);

beforeAll(async () => {
  h = await openHarness();
  // A member with neither email nor mobile, to bind both.
  await h.db.query(
    "INSERT INTO members (merchant, username, password_hash, account_type, nickname) VALUES ('demo', 'profile_fresh', $1, 0, 'profile_fresh')",
    [await hashPassword("Demo@1234")],
  );
  await h.login("demo_member", "Demo@1234", { forwardedFor: "10.1.1.1" });
  h.clock.advance(60_000);
  token = (await h.login("demo_member", "Demo@1234", { forwardedFor: "10.2.2.2" })).body.value.token;
  fresh = (await h.login("profile_fresh", "Demo@1234")).body.value.token;
}, 120_000);
afterAll(() => h?.close());

describe("security info", () => {
  it("shows the masked contacts, the avatar and the previous login", async () => {
    const { body } = await get("MCSFE_getSecurityInfo");
    expect(body.value).toMatchObject({
      nickname: "Demo Member",
      avatar: "3",
      avatarType: "STATIC",
      avatarUrl: "/media/avatar/3.svg",
      maskedMobile: "880******5678",
      maskedEmail: "m****r@example.com",
      mobileBound: true,
      emailBound: true,
      hasWithdrawalPassword: false,
      lastLoginIp: "10.1.1.1",
    });
    expect(body.value.lastLoginTime).toBe(h.clock.now.getTime() - 60_000);
    const unbound = (await get("MCSFE_getSecurityInfo", fresh)).body.value;
    expect(unbound).toMatchObject({
      maskedMobile: "",
      maskedEmail: "",
      mobileBound: false,
      emailBound: false,
      avatar: "1",
      avatarType: "STATIC",
    });
    expect((await h.json("/wps/relay/MCSFE_getSecurityInfo")).status).toBe(401);
  });

  it("knows a withdrawal password set by the money part", async () => {
    const [m] = await h.db.query<{ id: number }>("SELECT id FROM members WHERE username = 'profile_fresh'");
    await h.db.query("UPDATE members SET payment_password_hash = 'x' WHERE id = $1", [m!.id]);
    expect((await get("MCSFE_getSecurityInfo", fresh)).body.value.hasWithdrawalPassword).toBe(true);
    await h.db.query("UPDATE members SET payment_password_hash = NULL WHERE id = $1", [m!.id]);
  });
});

describe("nickname", () => {
  it("takes 2–20 characters and refuses markup", async () => {
    expect((await post("MCSFE_updateNickname", { nickname: "  Lucky Star  " })).body.value).toEqual({ nickname: "Lucky Star" });
    expect((await get("MCSFE_getSecurityInfo")).body.value.nickname).toBe("Lucky Star");
    expect((await post("MCSFE_updateNickname", { nickname: "তারা" })).body.value).toEqual({ nickname: "তারা" });
    fail((await post("MCSFE_updateNickname", { nickname: "a" })).body, "nickname.invalid");
    fail((await post("MCSFE_updateNickname", { nickname: "x".repeat(21) })).body, "nickname.invalid");
    fail((await post("MCSFE_updateNickname", { nickname: "<b>hi</b>" })).body, "nickname.invalid");
    fail((await post("MCSFE_updateNickname", { nickname: 12 })).body, "nickname.invalid");
    fail((await post("MCSFE_updateNickname", {})).body, "nickname.invalid");
  });
});

describe("avatars", () => {
  it("lists the eight drawn ones and serves them as SVG", async () => {
    const { body } = await get("MCSFE_getPlayerAvatar");
    expect(body.value.list).toHaveLength(8);
    expect(body.value.list[4]).toEqual({ avatar: "5", url: "/media/avatar/5.svg" });
    const svg = await h.call("/media/avatar/5.svg", { merchant: null });
    expect(svg.status).toBe(200);
    expect(svg.headers.get("Content-Type")).toContain("image/svg+xml");
    expect(await svg.text()).toContain("<svg");
    expect((await h.call("/media/avatar/9.svg", { merchant: null })).status).toBe(404);
    expect((await h.call("/media/avatar/x.svg", { merchant: null })).status).toBe(404);
  });

  it("sets a drawn one, uploads a PNG or JPEG and serves it, refuses others", async () => {
    expect((await post("MCSFE_setPlayerAvatar", { avatarType: "STATIC", avatar: "7" })).body.value).toMatchObject({
      avatar: "7",
      avatarType: "STATIC",
      avatarUrl: "/media/avatar/7.svg",
    });
    fail((await post("MCSFE_setPlayerAvatar", { avatarType: "STATIC", avatar: "9" })).body, "avatar.invalid");
    fail((await post("MCSFE_setPlayerAvatar", { avatarType: "OTHER" })).body, "avatar.invalid");

    const up = await post("MCSFE_setPlayerAvatar", { avatarType: "CUSTOM", image: `data:image/png;base64,${PNG.toString("base64")}` });
    expect(up.body.value).toMatchObject({
      avatarType: "CUSTOM",
      avatarUrl: expect.stringMatching(/^\/media\/avatar\/custom\/[0-9a-f]{32}\.png$/),
    });
    const image = await h.call(up.body.value.avatarUrl, { merchant: null });
    expect(image.status).toBe(200);
    expect(image.headers.get("Content-Type")).toBe("image/png");
    expect(Buffer.from(await image.arrayBuffer()).equals(PNG)).toBe(true);
    expect((await get("MCSFE_getSecurityInfo")).body.value).toMatchObject({ avatarType: "CUSTOM", avatarUrl: up.body.value.avatarUrl });

    const jpeg = await post("MCSFE_setPlayerAvatar", { avatarType: "CUSTOM", image: `data:image/jpeg;base64,${JPEG.toString("base64")}` });
    expect(jpeg.body.value.avatarUrl).toMatch(/\.jpg$/);
    // The replaced upload is gone.
    expect((await h.call(up.body.value.avatarUrl, { merchant: null })).status).toBe(404);

    fail(
      (await post("MCSFE_setPlayerAvatar", { avatarType: "CUSTOM", image: `data:image/gif;base64,${PNG.toString("base64")}` })).body,
      "avatar.image.invalid",
    );
    fail(
      (
        await post("MCSFE_setPlayerAvatar", {
          avatarType: "CUSTOM",
          image: `data:image/png;base64,${Buffer.from("not an image at all").toString("base64")}`,
        })
      ).body,
      "avatar.image.invalid",
    );
    const big = Buffer.concat([PNG, Buffer.alloc(200 * 1024)]);
    fail(
      (await post("MCSFE_setPlayerAvatar", { avatarType: "CUSTOM", image: `data:image/png;base64,${big.toString("base64")}` })).body,
      "avatar.image.too.large",
    );
    fail((await post("MCSFE_setPlayerAvatar", { avatarType: "CUSTOM" })).body, "avatar.image.invalid");
  });

  it("needs PROFPIC3", async () => {
    await setModule(h.db, "demo", "PROFPIC3", false);
    fail((await get("MCSFE_getPlayerAvatar")).body, "function.not.available");
    await setModule(h.db, "demo", "PROFPIC3", true);
  });
});

describe("binding", () => {
  it("binds an email with the code sent to the outbox, once", async () => {
    fail((await post("MCSFE_sendBindEmailCode", { email: "member@example.com" }, fresh)).body, "email.taken");
    fail((await post("MCSFE_sendBindEmailCode", { email: "not-an-email" }, fresh)).body, "email.invalid");
    const sent = await post("MCSFE_sendBindEmailCode", { email: "Fresh@Example.com" }, fresh);
    expect(sent.body.value).toMatchObject({ expiredMinutes: 5, maxAttemptTimes: 5 });
    const [mail] = await listOutbox(h.db, "demo", "fresh@example.com");
    expect(mail?.code).toMatch(/^\d{6}$/);
    fail(
      (await post("MCSFE_bindEmail", { email: "fresh@example.com", code: "000000" === mail!.code ? "111111" : "000000" }, fresh)).body,
      "verification.code.invalid",
    );
    const bound = await post("MCSFE_bindEmail", { email: "fresh@example.com", code: mail!.code }, fresh);
    expect(bound.body.value).toEqual({ maskedEmail: "f****h@example.com", emailBound: true });
    expect((await get("MCSFE_getSecurityInfo", fresh)).body.value).toMatchObject({ emailBound: true, maskedEmail: "f****h@example.com" });
    fail((await post("MCSFE_sendBindEmailCode", { email: "other@example.com" }, fresh)).body, "binding.final");
    fail((await post("MCSFE_bindEmail", { email: "other@example.com", code: "123456" }, fresh)).body, "binding.final");
    fail((await post("MCSFE_sendBindEmailCode", { email: "new@example.com" })).body, "binding.final");
  });

  it("binds a mobile with an SMS code, once", async () => {
    fail((await post("MCSFE_sendBindMobileCode", { countryDialingCode: "880", mobileNum: "01712345678" }, fresh)).body, "mobile.taken");
    fail((await post("MCSFE_sendBindMobileCode", { countryDialingCode: "880", mobileNum: "12" }, fresh)).body, "mobile.invalid");
    const sent = await post("MCSFE_sendBindMobileCode", { countryDialingCode: "880", mobileNum: "01912345670" }, fresh);
    expect(sent.body.success).toBe(true);
    const [sms] = await listOutbox(h.db, "demo", "8801912345670");
    expect(sms?.purpose).toBe("bindMobile");
    const bound = await post("MCSFE_bindMobile", { countryDialingCode: "880", mobileNum: "01912345670", code: sms!.code }, fresh);
    expect(bound.body.value).toEqual({ maskedMobile: "880******5670", mobileBound: true });
    fail((await post("MCSFE_sendBindMobileCode", { countryDialingCode: "880", mobileNum: "01912345671" }, fresh)).body, "binding.final");
    // The bound number now logs in by SMS like any other.
    const [row] = await h.db.query<{ mobile: string; mobile_country: string }>(
      "SELECT mobile, mobile_country FROM members WHERE username = 'profile_fresh'",
    );
    expect(row).toEqual({ mobile: "8801912345670", mobile_country: "880" });
  });
});

describe("trial accounts", () => {
  it("are refused every write", async () => {
    const trial = (
      await h.json("/wps/session/login/freeplay", {
        method: "POST",
        body: JSON.stringify({ os: "Windows", platform: "W" }),
        forwardedFor: "10.20.30.41",
      })
    ).body.value.token;
    expect((await get("MCSFE_getSecurityInfo", trial)).body.success).toBe(true);
    fail((await post("MCSFE_updateNickname", { nickname: "Trial Guy" }, trial)).body, "trial.not.allowed");
    fail((await post("MCSFE_setPlayerAvatar", { avatarType: "STATIC", avatar: "2" }, trial)).body, "trial.not.allowed");
    fail((await post("MCSFE_sendBindEmailCode", { email: "trial@example.com" }, trial)).body, "trial.not.allowed");
    fail(
      (await post("MCSFE_bindMobile", { countryDialingCode: "880", mobileNum: "01912345679", code: "123456" }, trial)).body,
      "trial.not.allowed",
    );
  });
});
