import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createGateway, PlatformError, SessionExpiredError } from "~/gateway/index.server";
import { setTransport, transport } from "~/gateway/transport.server";
import { getEmbeddedPlatform } from "../../../platform/embedded";
import { rootLoader } from "~/shell.server";
import { loginAction } from "~/routes/_home.login/login.server";
import { action as logoutAction } from "~/routes/logout";
import { action as balanceAction } from "~/routes/balance";
import { honeypotProtection } from "~/security.server";
import { csrfFor } from "./session-cookie";

// The gateway against the in-process reference platform, and loaders and actions called
// directly: one in-memory PGlite for the whole file.

const MEMBER = { username: "demo_member", password: "Demo@1234" };
const UA = "Mozilla/5.0 (Linux; Android 10) vitest";
const gateway = (token?: string, language = "EN") => createGateway({ merchant: "demo", language, token, userAgent: UA });

beforeAll(async () => {
  await getEmbeddedPlatform();
}, 60_000);
afterAll(async () => {
  await (await getEmbeddedPlatform()).close();
});

describe("gateway ↔ reference platform", () => {
  it("logs in through the encrypted handshake and reads member info and balance", async () => {
    const login = await gateway().session.login({ ...MEMBER, type: "username" });
    expect(login.token.length).toBeGreaterThanOrEqual(32);
    expect(login.userName).toBe(MEMBER.username);
    const info = await gateway(login.token).member.info();
    expect(info.account).toBe(MEMBER.username);
    const balance = await gateway(login.token).wallet.balance();
    expect(balance.sumBalance).toBeGreaterThan(0);
    expect(balance.balance?.some((b) => b.accountTypeId === 2)).toBe(true);
    await gateway(login.token).session.logout();
    await expect(gateway(login.token).member.info()).rejects.toBeInstanceOf(SessionExpiredError);
  });

  it("gets a business failure, not an exception, for a wrong password", async () => {
    const error = await gateway()
      .session.login({ ...MEMBER, password: "nope-nope", type: "username" })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PlatformError);
    expect(error).toMatchObject({ errorCode: "login.failed" });
  });

  it("reads status, the module tree, announcements and vendor lanes", async () => {
    const status = await gateway().system.status();
    expect(status.mode).toBe("normal");
    expect(status.modules.GAMELO3).toBe(true);
    expect(status.customerService[0]?.url).toMatch(/^https?:\/\//);
    expect(status.languages).toEqual(["en", "bn"]);
    const modules = await gateway().system.whitelabel();
    expect(modules).toEqual(status.modules);
    const announcements = await gateway("", "BN").content.announcements();
    expect(announcements.banners?.length).toBeGreaterThan(0);
    const lanes = await gateway().games.vendorLanes();
    expect(lanes.find((l) => l.gameType === "SPORTS")?.vendors.some((v) => v.vassalage === "DS88")).toBe(true);
  });
});

function formRequest(path: string, fields: Record<string, string>, cookie = "") {
  return new Request(`http://localhost${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie, "User-Agent": UA },
    body: new URLSearchParams(fields),
  });
}

async function honeypotFields() {
  const props = await honeypotProtection().getInputProps();
  return { [props.nameFieldName]: "", [props.validFromFieldName ?? "from__confirm"]: props.encryptedValidFrom ?? "" };
}

function setCookies(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

describe("login and logout actions", () => {
  it("answers 400 with field messages, never the password, for an empty or wrong login", async () => {
    const empty = await loginAction(formRequest("/login", { ...(await honeypotFields()), username: " ", password: "" }));
    expect(empty).toMatchObject({ init: { status: 400 } });
    expect(JSON.stringify(empty)).toContain("validation.usernameRequired");

    const wrong = await loginAction(
      formRequest("/login", { ...(await honeypotFields()), username: MEMBER.username, password: "wrong-one" }),
    );
    expect(wrong).toMatchObject({ init: { status: 400 } });
    const text = JSON.stringify(wrong);
    expect(text).toContain("auth:login.failed");
    expect(text).not.toContain("wrong-one");
  });

  it("refuses a filled honeypot", async () => {
    const props = await honeypotProtection().getInputProps();
    const bot = formRequest("/login", {
      [props.nameFieldName]: "i am a bot",
      [props.validFromFieldName ?? "from__confirm"]: props.encryptedValidFrom ?? "",
      ...MEMBER,
    });
    await expect(loginAction(bot)).rejects.toMatchObject({ init: { status: 400 }, data: { refusal: "notAccepted" } });
  });

  it("logs in, shows the balance in the root loader, and logs out with a CSRF token", async () => {
    const ok = await loginAction(formRequest("/login", { ...(await honeypotFields()), ...MEMBER, redirectTo: "/vip" }));
    expect(ok).toBeInstanceOf(Response);
    const response = ok as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/vip");
    const session = setCookies(response);

    const root = await rootLoader(new Request("http://localhost/vip", { headers: { Cookie: session, "User-Agent": UA } }));
    expect(root.data.user?.userName).toBe(MEMBER.username);
    expect(root.data.balance?.value?.text).toMatch(/^\d{1,3}(,\d{3})*\.\d{2}$/);
    // The form token is bound to this login: no cookie of its own.
    expect(root.data.csrf).toBe(await csrfFor(session));
    const cookies = session;

    // Hiding the balance is remembered in the session.
    const hidden = await balanceAction({
      request: formRequest("/balance", { csrf: root.data.csrf, intent: "toggle", redirectTo: "/vip" }, cookies),
      params: {},
      context: {},
    });
    expect(hidden.status).toBe(302);
    const hiddenSession = setCookies(hidden);
    const again = await rootLoader(new Request("http://localhost/", { headers: { Cookie: hiddenSession, "User-Agent": UA } }));
    expect(again.data.balance?.hidden).toBe(true);

    // Without the token: 403, and the session still works.
    await expect(
      logoutAction({ request: formRequest("/logout", { csrf: "forged" }, cookies), params: {}, context: {} }),
    ).rejects.toMatchObject({ init: { status: 403 }, data: { refusal: "formExpired" } });
    const out = await logoutAction({ request: formRequest("/logout", { csrf: root.data.csrf }, cookies), params: {}, context: {} });
    expect(out.status).toBe(302);
    expect(out.headers.get("Location")).toBe("/");
    expect(out.headers.get("Set-Cookie")).toMatch(/__session=;.*Expires=Thu, 01 Jan 1970/);
  });

  it("answers an unknown balance intent with 400", async () => {
    const login = (await loginAction(formRequest("/login", { ...(await honeypotFields()), ...MEMBER }))) as Response;
    const cookies = setCookies(login);
    const token = await csrfFor(cookies);
    const response = await balanceAction({
      request: formRequest("/balance", { csrf: token, intent: "explode" }, cookies),
      params: {},
      context: {},
    });
    expect(response.status).toBe(400);
  });
});

describe("root loader status gate", () => {
  /** The real platform, except that its status answer is rewritten as a platform in that mode would send it. */
  function statusOverride(patch: Record<string, unknown>) {
    setTransport(undefined);
    const real = transport();
    setTransport({
      name: "in-process",
      async send(request) {
        const response = await real.send(request);
        if (new URL(request.url).pathname !== "/wps/system/status") return response;
        const body = (await response.json()) as { value: Record<string, unknown> };
        return Response.json({ ...body, value: { ...body.value, ...patch } });
      },
    });
  }
  afterEach(() => setTransport(undefined));

  it("throws 503 in maintenance and 403 when restricted, with what the screens need", async () => {
    statusOverride({ status: 1, maintenance: true });
    const maintenance = await rootLoader(new Request("http://localhost/", { headers: { "User-Agent": UA } })).catch((e: unknown) => e);
    expect(maintenance).toMatchObject({ init: { status: 503 }, data: { screen: "maintenance" } });

    statusOverride({ status: 2, regionRestriction: true, location: { ip: "198.51.100.7", country: "Atlantis" } });
    const restricted = await rootLoader(new Request("http://localhost/", { headers: { "User-Agent": UA } })).catch((e: unknown) => e);
    expect(restricted).toMatchObject({ init: { status: 403 }, data: { screen: "restricted", ip: "198.51.100.7", country: "Atlantis" } });
    expect((restricted as { data: { contactUrl?: string } }).data.contactUrl).toMatch(/^https?:\/\//);

    // The spec's numeric reading alone is enough too.
    statusOverride({ status: 1 });
    await expect(rootLoader(new Request("http://localhost/", { headers: { "User-Agent": UA } }))).rejects.toMatchObject({
      init: { status: 503 },
    });
  });

  it("shows an unavailable screen (503) when the platform cannot be reached", async () => {
    setTransport({ name: "http", send: () => Promise.reject(new Error("ECONNREFUSED")) });
    await expect(rootLoader(new Request("http://localhost/", { headers: { "User-Agent": UA } }))).rejects.toMatchObject({
      init: { status: 503 },
      data: { screen: "unavailable" },
    });
  });

  it("serves the shell when the status is normal", async () => {
    const normal = await rootLoader(new Request("http://localhost/", { headers: { "User-Agent": UA } }));
    expect(normal.data.nav.length).toBeGreaterThan(5);
    expect(normal.data.languages.map((l) => l.code)).toEqual(["en", "bn"]);
  });

  it("sends a player whose platform session is gone to login, with a message", async () => {
    const login = (await loginAction(formRequest("/login", { ...(await honeypotFields()), ...MEMBER }))) as Response;
    const cookie = setCookies(login);
    // The platform forgets the token (logged in elsewhere, expired, …).
    const token = await tokenFromSession(cookie);
    await gateway(token).session.logout();
    const gone = await rootLoader(new Request("http://localhost/vip", { headers: { Cookie: cookie, "User-Agent": UA } })).catch(
      (e: unknown) => e,
    );
    expect(gone).toBeInstanceOf(Response);
    expect((gone as Response).headers.get("Location")).toBe("/login?redirectTo=%2Fvip");
  });
});

async function tokenFromSession(cookie: string): Promise<string> {
  const { getSession } = await import("~/session.server");
  const session = await getSession(new Request("http://localhost/", { headers: { Cookie: cookie } }));
  return session.get("token") ?? "";
}
