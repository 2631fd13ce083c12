import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { requestContext } from "~/context.server";
import { createGateway, SessionExpiredError } from "~/gateway/index.server";
import { loginAction } from "~/routes/_home.login/login.server";
import { action as logoutAction } from "~/routes/logout";
import { HONEYPOT_MAX_AGE_MS, honeypotInputProps, honeypotProtection } from "~/security.server";
import { runInScope } from "~/request-scope.server";
import { commitSession, destroySession, getSession, oneSessionCookie } from "~/session.server";
import { getEmbeddedPlatform } from "../../../platform/embedded";
import { csrfFor, sessionCookie } from "./session-cookie";

// Issue 11, item 4 and the honeypot of item 3: the session cookie is sealed and lives a bounded
// time, form tokens belong to one login, and a public form without its honeypot is a script's.

const UA = "Mozilla/5.0 (Linux; Android 10) vitest";
const MEMBER = { username: "demo_member", password: "Demo@1234" };
const gateway = (token?: string) => createGateway({ merchant: "demo", language: "EN", token, userAgent: UA });

beforeAll(async () => {
  await getEmbeddedPlatform();
}, 60_000);
afterAll(async () => {
  await (await getEmbeddedPlatform()).close();
});

function post(path: string, fields: Record<string, string>, cookie = "") {
  return new Request(`http://localhost${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie, "User-Agent": UA },
    body: new URLSearchParams(fields),
  });
}
const cookiesOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");

async function honeypot(validFrom = Date.now()) {
  const props = await honeypotProtection().getInputProps({ validFromTimestamp: validFrom });
  return { [props.nameFieldName]: "", [props.validFromFieldName!]: props.encryptedValidFrom! };
}

async function logIn(): Promise<{ cookie: string; token: string }> {
  const response = (await loginAction(post("/login", { ...(await honeypot()), ...MEMBER }))) as Response;
  expect(response.status).toBe(302);
  const cookie = cookiesOf(response);
  const token = (await getSession(new Request("http://localhost/", { headers: { Cookie: cookie } }))).get("token")!;
  return { cookie, token };
}

describe("the session cookie", () => {
  it("is sealed: neither the platform token nor the user name can be read from it", async () => {
    const { cookie, token } = await logIn();
    const value = decodeURIComponent(
      cookie
        .split("; ")
        .find((c) => c.startsWith("__session="))!
        .slice("__session=".length),
    );
    expect(token.length).toBeGreaterThan(20);
    for (const decoded of [
      value,
      Buffer.from(value, "base64").toString("latin1"),
      Buffer.from(value.replace(/^Fe26\.2\*\*?[^*]*\*/, ""), "base64url").toString("latin1"),
    ]) {
      expect(decoded).not.toContain(token);
      expect(decoded).not.toContain(MEMBER.username);
    }
  });

  it("opens only untouched: one changed character gives an empty session", async () => {
    const cookie = (await logIn()).cookie.split("; ").find((c) => c.startsWith("__session="))!;
    const at = cookie.length - 10;
    const tampered = cookie.slice(0, at) + (cookie[at] === "A" ? "B" : "A") + cookie.slice(at + 1);
    const session = await getSession(new Request("http://localhost/", { headers: { Cookie: tampered } }));
    expect(session.get("token")).toBeUndefined();
    // A cookie signed the old way (base64 JSON) is not a session either.
    const legacy = `__session=${Buffer.from(JSON.stringify({ token: "x", userName: "demo_member" })).toString("base64")}.sig`;
    expect((await getSession(new Request("http://localhost/", { headers: { Cookie: legacy } }))).get("token")).toBeUndefined();
  });

  it("opens the same cookie again from memory, each page with its own copy of the data", async () => {
    const cookie = (await logIn()).cookie;
    const request = () => new Request("http://localhost/", { headers: { Cookie: cookie } });
    const first = await getSession(request());
    first.set("userName", "changed by one page");
    first.set("balanceHidden", true);
    const second = await getSession(request());
    expect(second.get("userName")).toBe(MEMBER.username);
    expect(second.get("balanceHidden")).toBeUndefined();
    expect(second.get("token")).toBe(first.get("token"));
  });

  it("sends one session cookie per answer, sealed from the session as the request left it; a logout wins", async () => {
    const sessionCookies = (headers: Headers) => headers.getSetCookie().filter((c) => c.startsWith("__session="));
    await runInScope({}, async () => {
      // Two loaders of one page change the shared session; the one sealed first comes last in the answer.
      const session = await getSession(new Request("http://localhost/"));
      session.flash("notice", "flash.welcome");
      const sealedFirst = await commitSession(session);
      expect(session.get("notice")).toBe("flash.welcome");
      session.set("popupShown", true);
      const sealedLater = await commitSession(session);
      const headers = new Headers();
      headers.append("Set-Cookie", sealedLater);
      headers.append("Set-Cookie", "device=abc; Path=/");
      headers.append("Set-Cookie", sealedFirst);
      await oneSessionCookie(headers);
      expect(headers.getSetCookie()).toContain("device=abc; Path=/");
      expect(sessionCookies(headers)).toHaveLength(1);
      const kept = await getSession(new Request("http://localhost/", { headers: { Cookie: sessionCookies(headers)[0]!.split(";")[0]! } }));
      expect(kept.get("notice")).toBeUndefined();
      expect(kept.get("popupShown")).toBe(true);

      const logout = new Headers();
      logout.append("Set-Cookie", await destroySession(session));
      logout.append("Set-Cookie", await commitSession(session));
      await oneSessionCookie(logout);
      expect(sessionCookies(logout)).toEqual([await destroySession(session)]);
    });
    // One cookie is left as it is.
    const single = new Headers({ "Set-Cookie": "__session=abc; Path=/" });
    await oneSessionCookie(single);
    expect(single.getSetCookie()).toEqual(["__session=abc; Path=/"]);
  });

  it("keeps players signed in across a secret rotation, and drops cookies of a retired secret", async () => {
    const original = process.env.SESSION_SECRET;
    try {
      const old = await getSession(new Request("http://localhost/"));
      old.set("userName", "rotated");
      const sealedOld = (await commitSession(old)).split(";")[0]!;
      vi.resetModules();
      process.env.SESSION_SECRET = `a-brand-new-secret-0123456789,${original}`;
      const rotated = await import("~/session.server");
      const opened = await rotated.getSession(new Request("http://localhost/", { headers: { Cookie: sealedOld } }));
      expect(opened.get("userName")).toBe("rotated");
      // What the new list seals, a server that only knows the old secret cannot open.
      const sealedNew = (await rotated.commitSession(opened)).split(";")[0]!;
      expect(sealedNew).not.toBe(sealedOld);
      expect((await getSession(new Request("http://localhost/", { headers: { Cookie: sealedNew } }))).get("userName")).toBeUndefined();
      vi.resetModules();
      process.env.SESSION_SECRET = "a-brand-new-secret-0123456789";
      const retired = await import("~/session.server");
      expect(
        (await retired.getSession(new Request("http://localhost/", { headers: { Cookie: sealedOld } }))).get("userName"),
      ).toBeUndefined();
    } finally {
      process.env.SESSION_SECRET = original;
      vi.resetModules();
    }
  });

  it("ends a login past its absolute lifetime, here and on the platform, however active it was", async () => {
    const { token } = await logIn();
    const stale = await sessionCookie({ token, accountType: 0, userName: MEMBER.username });
    const session = await getSession(new Request("http://localhost/", { headers: { Cookie: stale } }));
    session.set("startedAt", Date.now() - 25 * 60 * 60 * 1000);
    const cookie = (await commitSession(session)).split(";")[0]!;
    const ctx = await requestContext(new Request("http://localhost/member", { headers: { Cookie: cookie, "User-Agent": UA } }));
    expect(ctx.session.get("token")).toBeUndefined();
    expect(ctx.session.get("notice")).toBe("flash.sessionExpired");
    await expect(gateway(token).member.info()).rejects.toBeInstanceOf(SessionExpiredError);
    // A fresh login of the same player is untouched.
    const fresh = await logIn();
    const live = await requestContext(new Request("http://localhost/member", { headers: { Cookie: fresh.cookie, "User-Agent": UA } }));
    expect(live.session.get("token")).toBe(fresh.token);
    expect(live.session.get("startedAt")).toBeGreaterThan(Date.now() - 60_000);
  });
});

describe("form tokens", () => {
  it("belong to one login: another login's token is refused, and logout takes the token", async () => {
    const first = await logIn();
    const second = await logIn();
    const firstToken = await csrfFor(first.cookie);
    expect(firstToken).not.toBe(await csrfFor(second.cookie));
    await expect(
      logoutAction({ request: post("/logout", { csrf: firstToken }, second.cookie), params: {}, context: {} }),
    ).rejects.toMatchObject({
      init: { status: 403 },
      data: { refusal: "formExpired" },
    });
    const out = await logoutAction({ request: post("/logout", { csrf: firstToken }, first.cookie), params: {}, context: {} });
    expect(out.status).toBe(302);
    const cleared = out.headers.getSetCookie();
    expect(cleared.some((c) => /^__session=;.*Max-Age=0/.test(c))).toBe(true);
    // The platform session is gone; the second login still holds.
    await expect(gateway(first.token).member.info()).rejects.toBeInstanceOf(SessionExpiredError);
    expect((await gateway(second.token).member.info()).account).toBe(MEMBER.username);
  });
});

describe("the honeypot", () => {
  it("refuses a public form posted without its honeypot fields, or with a stale or forged stamp", async () => {
    const refused = { init: { status: 400 }, data: { refusal: "notAccepted" } };
    const props = await honeypotProtection().getInputProps();
    await expect(loginAction(post("/login", { ...MEMBER }))).rejects.toMatchObject(refused);
    await expect(loginAction(post("/login", { ...MEMBER, [props.nameFieldName]: "" }))).rejects.toMatchObject(refused);
    await expect(loginAction(post("/login", { ...MEMBER, [props.validFromFieldName!]: props.encryptedValidFrom! }))).rejects.toMatchObject(
      refused,
    );
    await expect(
      loginAction(post("/login", { ...MEMBER, ...(await honeypot(Date.now() - HONEYPOT_MAX_AGE_MS - 60_000)) })),
    ).rejects.toMatchObject(refused);
    await expect(
      loginAction(post("/login", { ...MEMBER, [props.nameFieldName]: "", [props.validFromFieldName!]: "U2FsdGVkX1+forged" })),
    ).rejects.toMatchObject(refused);
    // Garbage stamps (random bytes decode to malformed UTF-8 inside crypto-js) are refusals, never a 500.
    for (let i = 0; i < 40; i++) {
      const junk = i % 2 ? randomBytes(16 + i).toString("base64") : `U2FsdGVkX1${randomBytes(24 + i).toString("base64")}`;
      await expect(
        loginAction(post("/login", { ...MEMBER, [props.nameFieldName]: "", [props.validFromFieldName!]: junk })),
      ).rejects.toMatchObject(refused);
    }
    // The control: the same login with a fresh honeypot goes through.
    const ok = (await loginAction(post("/login", { ...(await honeypot()), ...MEMBER }))) as Response;
    expect(ok.status).toBe(302);
  });

  it("hands out one stamp a second to the pages rendered in it, and that stamp is accepted", async () => {
    // Some seconds ahead, so that this second's stamp is made here rather than left by a test before.
    const now = Date.now() + 5_000;
    const first = await honeypotInputProps(now);
    expect(await honeypotInputProps(now + 999)).toBe(first);
    const next = await honeypotInputProps(now + 1_000);
    expect(next).not.toBe(first);
    expect(next.encryptedValidFrom).not.toBe(first.encryptedValidFrom);
    const fields = { [first.nameFieldName]: "", [first.validFromFieldName!]: first.encryptedValidFrom! };
    const ok = (await loginAction(post("/login", { ...fields, ...MEMBER }))) as Response;
    expect(ok.status).toBe(302);
  });
});

describe("a secret rotation", () => {
  it("keeps public forms opened before it working: the honeypot stamp is read with every secret", async () => {
    const original = process.env.SESSION_SECRET;
    const stamped = await honeypot();
    try {
      vi.resetModules();
      process.env.SESSION_SECRET = `a-brand-new-secret-0123456789,${original}`;
      const { requireHuman } = await import("~/security.server");
      const form = new FormData();
      for (const [k, v] of Object.entries(stamped)) form.set(k, v);
      await expect(requireHuman(form)).resolves.toBeUndefined();
    } finally {
      process.env.SESSION_SECRET = original;
      vi.resetModules();
    }
  });
});

describe("the device cookie (two-factor remembers devices)", () => {
  it("keeps a signed random id for 400 days, and replaces one it did not sign", async () => {
    const { deviceOf } = await import("~/accounts/device.server");
    const fresh = deviceOf(new Request("http://localhost/login"));
    expect(fresh.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(fresh.setCookie).toMatch(/^device=[0-9a-f-]{36}\.[\w-]+; Path=\/; Max-Age=34560000; HttpOnly; SameSite=Lax/);
    const pair = fresh.setCookie!.split(";")[0]!;
    const again = deviceOf(new Request("http://localhost/login", { headers: { Cookie: `${pair}; other=1` } }));
    expect(again).toEqual({ id: fresh.id });
    // A chosen id (someone else's, copied without its signature, or made up) is not taken.
    for (const forged of [
      `device=${fresh.id}`,
      `device=${fresh.id}.AAAA`,
      `device=11111111-1111-4111-8111-111111111111.${pair.split(".")[1]}`,
    ]) {
      const replaced = deviceOf(new Request("http://localhost/login", { headers: { Cookie: forged } }));
      expect(replaced.id, forged).not.toBe(forged.slice(7, 43));
      expect(replaced.setCookie, forged).toBeDefined();
    }
  });
});
