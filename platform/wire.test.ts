import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_RSA_CHUNKS } from "./crypto";
import { seed } from "./db/seed";
import { MAX_DES_CHARS } from "./http/encrypted";
import { type Harness, openHarness } from "./testing/harness";
import { decryptCustomerServicePath, encryptPayload } from "./testing/wps-client";

// The contract surface of this slice, called through the Hono app's fetch.

let h: Harness;
beforeAll(async () => {
  h = await openHarness();
});
afterAll(() => h?.close());

const flatten = (nodes: any[]): Record<string, string> =>
  Object.fromEntries(nodes.flatMap((n) => [[n.modId, n.enabled], ...Object.entries(flatten(n.childrenNodes))]));

describe("wire rules", () => {
  it("needs a Merchant header, once, naming a known merchant", async () => {
    const missing = await h.json("/wps/system/status", { merchant: null });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ success: false, errorCode: "function.not.available" });
    expect(missing.body.message).toBeTruthy();

    const twice = await h.json("/wps/system/status", { merchant: "demo, demo" });
    expect(twice.status).toBe(400);

    const unknown = await h.json("/wps/system/status", { merchant: "nobody" });
    expect(unknown.body).toMatchObject({ success: false, errorCode: "domain_not_available" });
  });

  it("answers unknown paths and relays with function.not.available", async () => {
    const path = await h.json("/wps/no/such/call");
    expect(path.status).toBe(404);
    expect(path.body.errorCode).toBe("function.not.available");
    const relay = await h.json("/wps/relay/NOPE_nothing");
    expect(relay.body.errorCode).toBe("function.not.available");
  });

  it("adds x-app-trace-id and ignores cache-busting parameters", async () => {
    const response = await h.call("/wps/system/whitelabel?t=1&_=2&ext=webp");
    expect(response.status).toBe(200);
    expect(response.headers.get("x-app-trace-id")).toMatch(/^[0-9a-f]{16}$/);
  });

  it("serves the RSA modulus as lower-case hex text, the same on every call", async () => {
    const first = await h.call("/wps/session/key/rsa?t=1");
    expect(first.headers.get("content-type")).toContain("text/plain");
    const modulus = await first.text();
    expect(modulus).toMatch(/^[0-9a-f]{256}$/);
    expect(await (await h.call("/wps/session/key/rsa?_=2")).text()).toBe(modulus);
  });
});

describe("system", () => {
  it("reports status 0 with the boot info", async () => {
    const { status, body } = await h.json("/wps/system/status", { forwardedFor: "10.1.1.1, 27.147.3.4" });
    expect(status).toBe(200);
    const v = body.value;
    expect(v).toMatchObject({
      status: 0,
      maintenance: false,
      regionRestriction: false,
      location: { ip: "27.147.3.4", country: "Bangladesh" },
    });
    expect(v.info.register.map((f: any) => f.field)).toContain("username");
    expect(v.info).toMatchObject({
      domainRoute: { domainList: [] },
      analytics: { gtagId: "" },
      imageCDNs: [],
      launchGameCDNs: [],
      languages: ["EN", "BN"],
      defaultLanguage: "EN",
      settings: { loginedToHomePage: false, minimumAge: 18, passwordMinLength: 8, passwordMaxLength: 64, termsUrl: expect.any(String) },
    });
    expect(typeof v.info.mainDomain).toBe("string");
    const types = v.info.resources.map((r: any) => r.resourceType);
    expect(types).toEqual(expect.arrayContaining(["FACEBOOK", "TELEGRAM", "WHATSAPP", "YOUTUBE", "IOS", "MOBILECONFIG", "ANDROID"]));
    expect(types).not.toContain("TIKTOK");
    for (const r of v.info.resources)
      expect(r).toEqual({
        resourceType: expect.any(String),
        url: expect.any(String),
        qrCodeUrl: expect.any(String),
        label: expect.any(String),
      });
    expect(flatten(v.info.whitelabel).COMM3).toBe("1");
  });

  it("encrypts customer-service links the way desDecrypt reads them", async () => {
    const { body } = await h.json("/wps/v2/system/status?device=MOBILE&url=localhost&originalDomain=");
    const services = body.value.info.customerService;
    expect(services.map((s: any) => s.csType)).toEqual(["LIVECHAT", "VIP"]);
    expect(decryptCustomerServicePath(services[0].path)).toBe("https://chat.example.com/livechat?merchant=demo");
    expect(decryptCustomerServicePath(services[1].path)).toContain("/vip");
  });

  it("locates the client by the last X-Forwarded-For entry", async () => {
    const where = async (xff?: string) => (await h.json("/wps/system/status", { forwardedFor: xff })).body.value.location;
    expect(await where()).toEqual({ ip: "unknown", country: "Unknown" });
    expect(await where("127.0.0.1")).toEqual({ ip: "127.0.0.1", country: "Local network" });
    expect(await where("::1")).toEqual({ ip: "::1", country: "Local network" });
    expect(await where("27.147.1.1, 203.0.113.9")).toEqual({ ip: "203.0.113.9", country: "Unknown" });
  });

  it("localises labels with the Language header", async () => {
    const { body } = await h.json("/wps/system/status", { language: "BN" });
    expect(body.value.info.resources.find((r: any) => r.resourceType === "FACEBOOK").label).toBe("ফেসবুক");
  });

  it("returns the whitelabel module tree with the contract's ids and defaults", async () => {
    const { body } = await h.json("/wps/system/whitelabel");
    expect(body.success).toBe(true);
    for (const node of body.value)
      expect(node).toEqual({ modId: expect.any(String), enabled: expect.stringMatching(/^[01]$/), childrenNodes: expect.any(Array) });
    const flat = flatten(body.value);
    const ids = `COMM3 REG3 USERNAMEREG3 MOBILENUMREG3 MOBILENUMPASSREG3 REGMOBVERF3 MOBILEVERCODELOGIN3 VERIFICATION3
      LOGINIPVERF3 PASS3 PWDEXPFORCECHANGE3 CHNGPASSVERIF3 PWRESETSMS3 FREEPLAY3 CAPTCHA3 GEETEST3 AFFMAN3 PROFPIC3 GAMELO3
      GAMELOHOT3 GAMELOFAV3 GAMELOREC3 FUNDTRANS3 REWCEN3 PTSYS3 MEMTRANS3 INBOX3 OUTBOX3 SENDMAIL3 FEEDBACK3 CBS3
      AGEANNOUNCE3 AGEINFO3 AGEDOWNMAN3 PERSPNL3 RTSALARY3 SIGNCONDIV3 DAILYSALCONT3 HOURSAL3 BINDCARD3 WTHDRW3
      WDRAWNOPASSVERIF3 PAYMENTPASS3 DEPREC3 DPSTBAS3 MISSIONLB3 MANPLAYREB3 REFERRAL3`.split(/\s+/);
    for (const id of ids)
      expect(flat[id], id).toBe(["LOGINIPVERF3", "GEETEST3", "WDRAWNOPASSVERIF3", "MOBILENUMREG3", "REGMOBVERF3"].includes(id) ? "0" : "1");
  });
});

describe("session", () => {
  it("logs in with an encrypted payload and returns the session fields", async () => {
    const { status, body } = await h.login("demo_member", "Demo@1234", { forwardedFor: "27.147.9.9" });
    expect(status).toBe(200);
    expect(body.value).toEqual({
      token: expect.stringMatching(/^[0-9a-f]{64}$/),
      id: expect.any(Number),
      userName: "demo_member",
      customerType: 0,
      firstTimeLogin: false,
      passwordExpired: false,
      defaultPassword: false,
    });
    const [member] = await h.db.query<{ last_login_ip: string; last_login_at: Date }>(
      "SELECT last_login_ip, last_login_at FROM members WHERE username = 'demo_member'",
    );
    expect(member?.last_login_ip).toBe("27.147.9.9");
    expect(new Date(member!.last_login_at).getTime()).toBe(h.clock.now.getTime());
  });

  it("compares the user name trimmed and case-insensitively", async () => {
    const { body } = await h.login("  DEMO_Agent ", "Demo@1234");
    expect(body.value).toMatchObject({ userName: "demo_agent", customerType: 1 });
  });

  it("fails the same way for a wrong password and an unknown user, in the client's language", async () => {
    const wrong = await h.login("demo_member", "Demo@12345");
    const unknown = await h.login("nobody_here", "Demo@1234");
    for (const r of [wrong, unknown]) {
      expect(r.status).toBe(200);
      expect(r.body).toEqual({ success: false, errorCode: "login.failed", message: "Incorrect username or password." });
    }
    const bengali = await h.login("demo_member", "nope", { language: "BN" });
    expect(bengali.body.message).toBe("ভুল ইউজারনেম বা পাসওয়ার্ড।");
  });

  it("accepts the older body forms: raw base64, a JSON string literal, X-Digest alone", async () => {
    const modulus = await (await h.call("/wps/session/key/rsa")).text();
    const payload = { username: "demo_vip", password: "Demo@1234", type: "username" };
    const bodies = [(des: string) => des, (des: string) => JSON.stringify(des), () => "{}"];
    for (const make of bodies) {
      const { des, rsa } = encryptPayload(payload, modulus);
      const { body } = await h.json("/wps/session/login", {
        method: "POST",
        headers: { Encryption: rsa, "X-Digest": des },
        body: make(des),
      });
      expect(body.value?.userName).toBe("demo_vip");
    }
  });

  it("answers 400 request_body_required to what does not decode", async () => {
    const modulus = await (await h.call("/wps/session/key/rsa")).text();
    const { des, rsa } = encryptPayload({ username: "demo_member", password: "Demo@1234" }, modulus);
    const attempts: { headers: Record<string, string>; body: string }[] = [
      { headers: {}, body: JSON.stringify({ value: des }) },
      { headers: { Encryption: rsa }, body: "" },
      { headers: { Encryption: "abc123" }, body: JSON.stringify({ value: des }) },
      { headers: { Encryption: rsa }, body: JSON.stringify({ value: "bm90IGRlcw==" }) },
      { headers: { Encryption: rsa }, body: "{not json" },
    ];
    for (const attempt of attempts) {
      const { status, body } = await h.json("/wps/session/login", { method: "POST", ...attempt });
      expect(status).toBe(400);
      expect(body).toMatchObject({ success: false, errorCode: "request_body_required" });
    }
  });

  it("decrypts at most MAX_RSA_CHUNKS chunks and a 64 KB form's DES text, else 400 request_body_required", async () => {
    const modulus = await (await h.call("/wps/session/key/rsa")).text();
    const payload = { username: "demo_vip", password: "Demo@1234", type: "username" };
    const send = (des: string, rsa: string) =>
      h.json("/wps/session/login", { method: "POST", headers: { Encryption: rsa }, body: JSON.stringify({ value: des }) });
    // A secret that fills the allowed chunks still works; one that needs a chunk more does not.
    const longest = encryptPayload(payload, modulus, "k".repeat(126 * MAX_RSA_CHUNKS));
    expect(longest.rsa.split(" ")).toHaveLength(MAX_RSA_CHUNKS);
    expect((await send(longest.des, longest.rsa)).body.value?.userName).toBe("demo_vip");
    const tooMany = encryptPayload(payload, modulus, "k".repeat(126 * MAX_RSA_CHUNKS + 1));
    expect(tooMany.rsa.split(" ")).toHaveLength(MAX_RSA_CHUNKS + 1);
    const refused = await send(tooMany.des, tooMany.rsa);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ success: false, errorCode: "request_body_required" });
    // 600 chunks of junk: refused without 600 RSA steps.
    const junk = Array.from({ length: 600 }, () => modulus.slice(0, -1) + "0").join(" ");
    const started = Date.now();
    const flood = await send(longest.des, junk);
    expect(flood.body).toMatchObject({ success: false, errorCode: "request_body_required" });
    expect(Date.now() - started).toBeLessThan(1000);

    const big = encryptPayload({ ...payload, note: "x".repeat(64 * 1024) }, modulus);
    expect(big.des.length).toBeGreaterThan(MAX_DES_CHARS);
    const oversized = await send(big.des, big.rsa);
    expect(oversized.status).toBe(400);
    expect(oversized.body).toMatchObject({ success: false, errorCode: "request_body_required" });
  });

  it("refuses SMS login while no code has been sent", async () => {
    const modulus = await (await h.call("/wps/session/key/rsa")).text();
    const { des, rsa } = encryptPayload({ username: "8801711000002", password: "123456", type: "sms" }, modulus);
    const { body } = await h.json("/wps/session/login", {
      method: "POST",
      headers: { Encryption: rsa },
      body: JSON.stringify({ value: des }),
    });
    expect(body).toMatchObject({ success: false, errorCode: "verification.code.invalid" });
  });

  it("logs out with DELETE (token revoked) and with POST {} without a token", async () => {
    const { token } = (await h.login("demo_member", "Demo@1234")).body.value;
    expect((await h.json("/wps/member/info", { token })).status).toBe(200);
    const out = await h.json("/wps/session/logout", { method: "DELETE", token, body: "{}" });
    expect(out.body).toEqual({ success: true, value: null });
    expect((await h.json("/wps/member/info", { token })).status).toBe(401);
    expect((await h.json("/wps/session/logout", { method: "POST", body: "{}" })).body).toEqual({ success: true, value: null });
  });

  it("ends a session after 12 hours without a request, and each request extends it", async () => {
    const { token } = (await h.login("demo_member", "Demo@1234")).body.value;
    h.clock.advance(11 * 3600_000);
    expect((await h.json("/wps/member/info", { token })).status).toBe(200);
    h.clock.advance(11 * 3600_000);
    expect((await h.json("/wps/member/info", { token })).status).toBe(200);
    h.clock.advance(12 * 3600_000 + 1000);
    const expired = await h.json("/wps/member/info", { token });
    expect(expired.status).toBe(401);
    expect(expired.body).toMatchObject({ success: false, errorCode: "login.not.session" });
  });
});

describe("member and wallet", () => {
  it("needs a token: missing, unknown or another merchant's → 401 login.not.session", async () => {
    for (const token of [undefined, "f".repeat(64), `Bearer ${"0".repeat(64)}`]) {
      const { status, body } = await h.json("/wps/member/info", { token });
      expect(status).toBe(401);
      expect(body).toMatchObject({ success: false, errorCode: "login.not.session", message: expect.any(String) });
    }
    expect((await h.json("/wps/v2/wallets/balance?typeId=0")).status).toBe(401);

    await seed(h.db, "other");
    const { token } = (await h.login("demo_member", "Demo@1234")).body.value;
    expect((await h.json("/wps/member/info", { token, merchant: "other" })).status).toBe(401);
    expect((await h.json("/wps/member/info", { token })).status).toBe(200);
  });

  it("returns member info", async () => {
    const { token, id } = (await h.login("demo_member", "Demo@1234")).body.value;
    const { body } = await h.json("/wps/member/info", { token });
    expect(body.value).toEqual({
      id,
      account: "demo_member",
      nickname: "Demo Member",
      type: 0,
      clubLabel: { labelName: "Silver", rankLevel: 2 },
      memberLabel: [],
      regDate: Date.parse("2024-03-01T10:00:00Z"),
      mobile: "880******5678",
      toUpline: true,
    });
    const vip = (await h.login("demo_vip", "Demo@1234")).body.value.token;
    const vipInfo = (await h.json("/wps/member/info", { token: vip, language: "BN" })).body.value;
    expect(vipInfo).toMatchObject({ clubLabel: { labelName: "ডায়মন্ড", rankLevel: 5 }, toUpline: false });
  });

  it("returns the wallet balances with the main wallet first", async () => {
    const { token } = (await h.login("demo_member", "Demo@1234")).body.value;
    const { body } = await h.json("/wps/v2/wallets/balance?typeId=0", { token });
    expect(body.value).toMatchObject({ sumBalance: 5250, currency: "BDT", currencySymbol: "৳" });
    const [main, ...vendors] = body.value.balance;
    expect(main).toEqual({ accountTypeId: 2, accountId: expect.any(Number), displayName: "Main Wallet", availBalance: 5000, status: "OK" });
    expect(vendors.map((w: any) => w.availBalance)).toEqual([250, 0]);
    expect(vendors.every((w: any) => w.accountTypeId !== 2 && w.status === "OK")).toBe(true);
  });
});

describe("announcements and vendors", () => {
  const announcementsPath = "/wps/relay/MCSFE_getListAnnouncements?types=B,PL,PU,PR&platform=W&execution=B";

  it("lists banners, marquee, popups and promotions without a token", async () => {
    const { body } = await h.json(announcementsPath);
    const { banners, player, popup, promotion } = body.value;
    expect(banners.filter((b: any) => b.groupName === "w_home")).toHaveLength(3);
    expect(banners.filter((b: any) => b.groupName === "w_login")).toHaveLength(1);
    expect(banners.filter((b: any) => b.groupName === "w_register")).toHaveLength(1);
    for (const b of banners) {
      expect(b).toEqual({
        bannerId: expect.any(Number),
        groupName: expect.any(String),
        url: `/media/banner/${b.bannerId}.svg`,
        title: expect.any(String),
        linkageType: expect.any(Number),
        redirect: expect.any(String),
        externalLink: expect.any(String),
      });
    }
    // Decision 026: two pages of notices (9 a page) and of popups (5 a page), each with its time.
    expect(player.length).toBeGreaterThanOrEqual(12);
    expect(player[0]).toEqual({
      id: expect.any(Number),
      title: expect.any(String),
      content: expect.any(String),
      externalLink: "",
      announcementDisplaySpeed: expect.any(Number),
      time: expect.any(Number),
    });
    expect(popup.length).toBeGreaterThanOrEqual(7);
    expect(popup[0]).toEqual({ id: expect.any(Number), title: expect.any(String), content: expect.any(String), time: expect.any(Number) });
    expect(popup.some((p: any) => p.content.includes("<a href="))).toBe(true);
    expect(popup.some((p: any) => p.content.includes("<script"))).toBe(true);
    expect(promotion).toHaveLength(2);
    expect(promotion[0]).toMatchObject({
      title: expect.any(String),
      category: "NEW_MEMBER",
      startDate: expect.any(Number),
      endDate: null,
      noExpiry: true,
    });
    expect(promotion[1]).toMatchObject({ noExpiry: false, endDate: Date.parse("2030-12-31T23:59:59Z") });
    expect(promotion[0].announcementImages).toEqual([{ sequence: 1, url: `/media/promotion/${promotion[0].id}.svg` }]);
  });

  it("returns only the requested groups, in the requested language", async () => {
    const { body } = await h.json("/wps/relay/MCSFE_getListAnnouncements?types=PL&platform=W", { language: "BN" });
    expect(body.value.banners).toEqual([]);
    expect(body.value.popup).toEqual([]);
    expect(body.value.player.map((p: any) => p.title)).toContain("স্বাগতম");
    // Drawings with words on them are asked for in the reader's language, and drawn in it.
    const bengali = (await h.json("/wps/relay/MCSFE_getListAnnouncements?types=B&platform=W", { language: "BN" })).body.value.banners[0];
    expect(bengali.url).toBe(`/media/banner/${bengali.bannerId}.svg?lang=BN`);
    const drawn = await (await h.call(bengali.url, { merchant: null })).text();
    expect(drawn).toContain(escapeForSvg(bengali.title.split(" ")[0]));
  });

  it("lists vendor lanes", async () => {
    const { body } = await h.json("/wps/relay/GCSGAME_newGameVendor?platform=html5");
    const lanes: any[] = body.value.data.lanes;
    expect(lanes.map((l) => l.title)).toEqual([
      "LIVE",
      "SPORTS",
      "FISH",
      "RNG",
      "PVP",
      "ESPORTS",
      "COCKFIGHT",
      "LOTT",
      "ELOTT",
      "CRICKET",
      "BGS",
    ]);
    const lane = (t: string) => lanes.find((l) => l.title === t);
    expect(lane("RNG").cards.length).toBeGreaterThanOrEqual(13);
    expect(lane("RNG").cards.map((c: any) => c.vassalage)).toEqual(
      expect.arrayContaining(["PNG", "PP", "PG", "NE2", "PTU", "HB", "JL", "FC", "BNG", "CQ9"]),
    );
    expect(lane("RNG").cards.filter((c: any) => c.gameClassify.includes("CRASH"))).toHaveLength(1);
    expect(lane("SPORTS").cards.map((c: any) => c.vassalage)).toContain("DS88");
    expect(lane("LOTT").cards.map((c: any) => c.vassalage)).toEqual(["TCG_SEA", "TCG_LOTTO_VN"]);
    const card = lane("RNG").cards[1];
    expect(card).toEqual({
      vassalage: "PP",
      displayName: "Pragmatic Play",
      smallIcon: "/media/vendor/PP.svg",
      h5Icon: "/media/vendor/PP.svg",
      lagerIcon: "/media/vendor/PP.svg",
      isHot: 1,
      gameClassify: ["RNG"],
    });
    expect(typeof lane("RNG").gameClassify).toBe("string");
  });
});

describe("media", () => {
  it("draws banners and vendor logos as cached SVG", async () => {
    const { body } = await h.json("/wps/relay/MCSFE_getListAnnouncements?types=B");
    const banner = body.value.banners[0];
    const image = await h.call(banner.url, { merchant: null });
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toContain("image/svg+xml");
    expect(image.headers.get("cache-control")).toBe("public, max-age=86400");
    const svg = await image.text();
    expect(svg.startsWith("<svg")).toBe(true);
    expect(svg).toContain("Welcome bonus");

    const logo = await h.call("/media/vendor/PNG.svg", { merchant: null });
    expect(await logo.text()).toContain("Play&#39;n Go");
    const bengali = await h.call(`${banner.url}?lang=BN`, { merchant: null });
    expect(await bengali.text()).toContain("স্বাগতম");
  });

  it("answers 404 for unknown images and odd names", async () => {
    for (const path of [
      "/media/vendor/NOPE.svg",
      "/media/banner/999999.svg",
      "/media/banner/abc.svg",
      "/media/other/1.svg",
      "/media/vendor/..%2Fx.svg",
      "/media/vendor/PP.png",
    ]) {
      expect((await h.call(path, { merchant: null })).status, path).toBe(404);
    }
  });
});

/** The drawing escapes text as numeric entities only for markup characters; Bengali words pass as they are. */
function escapeForSvg(word: string): string {
  return word.replace(/[<>&"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}
