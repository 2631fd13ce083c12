import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { socialSchema } from "./db/schema-social";
import { setModule } from "./operator";
import { createOperatorApp } from "./operator-http";
import { type Harness, openHarness } from "./testing/harness";

// Decision 013: the TEST identity provider (authorize page, code → token, userinfo) and the social
// logins that take its access tokens, through the Hono app on one in-memory PGlite.

let h: Harness;
beforeAll(async () => {
  h = await openHarness();
});
afterAll(() => h?.close());

const REDIRECT = "http://localhost:3100/auth/google/callback";
const GOOGLE = { client_id: "test-google-client", client_secret: "test-google-secret" };

async function authorize(provider: string, identity: string, extra: Record<string, string> = {}) {
  const form = new URLSearchParams({ ...{ client_id: GOOGLE.client_id, redirect_uri: REDIRECT, state: "st-1", response_type: "code", scope: "openid email" }, identity, ...extra });
  const response = await h.call(`/idp/${provider}/authorize`, {
    method: "POST", merchant: null, headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: form.toString(),
  });
  expect(response.status).toBe(302);
  return new URL(response.headers.get("Location") ?? "");
}

async function token(code: string, overrides: Record<string, string> = {}) {
  const body = new URLSearchParams({ grant_type: "authorization_code", code, redirect_uri: REDIRECT, ...GOOGLE, ...overrides });
  const response = await h.call("/idp/google/token", { method: "POST", merchant: null, headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: body.toString() });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function googleAccessToken(identity = "google-sub-1001"): Promise<string> {
  const code = (await authorize("google", identity)).searchParams.get("code") ?? "";
  const answer = await token(code);
  expect(answer.status).toBe(200);
  return String(answer.body.access_token);
}

const socialLogin = (provider: string, accessToken: unknown, ip = "198.51.100.70") =>
  h.json(`/wps/session/login/${provider}`, { method: "POST", body: JSON.stringify({ accessToken }), forwardedFor: ip });

describe("test identity provider", () => {
  it("shows a labelled page with a form button per test identity, and refuses unknown clients", async () => {
    const q = new URLSearchParams({ client_id: GOOGLE.client_id, redirect_uri: REDIRECT, state: "abc\"<", response_type: "code", scope: "openid" });
    const page = await h.call(`/idp/google/authorize?${q}`, { merchant: null });
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toContain("TEST identity provider");
    expect(html).toContain("Google Test User");
    expect(html).toContain('value="google-sub-1001"');
    expect(html).toContain('value="abc&#34;&#60;"');
    expect(html).not.toContain("<script");
    q.set("client_id", "someone-else");
    expect((await h.call(`/idp/google/authorize?${q}`, { merchant: null })).status).toBe(400);
    q.set("client_id", GOOGLE.client_id);
    q.set("response_type", "token");
    expect((await h.call(`/idp/google/authorize?${q}`, { merchant: null })).status).toBe(400);
    expect((await h.call(`/idp/twitter/authorize?${q}`, { merchant: null })).status).toBe(404);
  });

  it("redirects back with code and state; the code works once, for its client and redirect URI", async () => {
    const back = await authorize("google", "google-sub-1001");
    expect(back.origin + back.pathname).toBe(REDIRECT);
    expect(back.searchParams.get("state")).toBe("st-1");
    const code = back.searchParams.get("code") ?? "";
    expect(code.length).toBeGreaterThan(20);
    expect((await token(code, { client_secret: "wrong" })).body).toEqual({ error: "invalid_client" });
    const first = await token(code);
    expect(first.body).toMatchObject({ token_type: "Bearer", expires_in: 3600, access_token: expect.any(String) });
    expect((await token(code)).body).toEqual({ error: "invalid_grant" });

    const other = (await authorize("google", "google-sub-1001")).searchParams.get("code") ?? "";
    expect((await token(other, { redirect_uri: "http://evil.test/cb" })).body).toEqual({ error: "invalid_grant" });
    expect((await token("nope", { grant_type: "password" })).body).toEqual({ error: "unsupported_grant_type" });

    const info = await h.call("/idp/google/userinfo", { merchant: null, headers: { Authorization: `Bearer ${String(first.body.access_token)}` } });
    expect(await info.json()).toEqual({ sub: "google-sub-1001", email: "gplayer@example.com", name: "Google Test User" });
    expect((await h.call("/idp/google/userinfo", { merchant: null, headers: { Authorization: "Bearer nope" } })).status).toBe(401);
    // A Google token is no Facebook token.
    expect((await h.call("/idp/facebook/userinfo", { merchant: null, headers: { Authorization: `Bearer ${String(first.body.access_token)}` } })).status).toBe(401);
  });

  it("lets a code live two minutes", async () => {
    const code = (await authorize("google", "google-sub-1001")).searchParams.get("code") ?? "";
    h.clock.advance(2 * 60 * 1000 + 1);
    expect((await token(code)).body).toEqual({ error: "invalid_grant" });
  });

  it("sends access_denied back on cancel", async () => {
    const back = await authorize("google", "", { cancel: "1" });
    expect(back.searchParams.get("error")).toBe("access_denied");
    expect(back.searchParams.get("state")).toBe("st-1");
  });

  it("is served by the operator listener's app without the operator key", async () => {
    const app = createOperatorApp({ db: h.db, merchant: "demo", key: "k".repeat(20), now: () => h.clock.now });
    const q = new URLSearchParams({ client_id: GOOGLE.client_id, redirect_uri: REDIRECT, response_type: "code" });
    expect((await app.fetch(new Request(`http://127.0.0.1/idp/google/authorize?${q}`))).status).toBe(200);
    expect((await app.fetch(new Request("http://127.0.0.1/operator/accounts"))).status).toBe(401);
  });
});

describe("social login", () => {
  it("creates a member on the first login, then logs the same member in; the binding is final", async () => {
    const first = await socialLogin("google", await googleAccessToken());
    expect(first.body).toMatchObject({ success: true, value: { firstTimeLogin: true, defaultPassword: false, passwordExpired: false, customerType: 0 } });
    const userName = first.body.value.userName as string;
    expect(userName).toMatch(/^g_[a-z0-9]{10}$/);
    const info = await h.json("/wps/member/info", { token: first.body.value.token });
    expect(info.body.value).toMatchObject({ account: userName, nickname: "Google Test User" });

    const again = await socialLogin("google", await googleAccessToken());
    expect(again.body.value).toMatchObject({ userName, firstTimeLogin: false });
    const rows = await h.db.query<{ n: number }>("SELECT count(*)::int AS n FROM member_social WHERE subject = 'google-sub-1001'");
    expect(rows[0]?.n).toBe(1);
    // No password can log in to a social member.
    expect((await h.login(userName, "!social")).body).toMatchObject({ success: false, errorCode: "login.failed" });
  });

  it("keeps different subjects and providers apart", async () => {
    const a = await socialLogin("google", await googleAccessToken("google-sub-1002"));
    const q = { client_id: "test-facebook-client", redirect_uri: REDIRECT.replace("google", "facebook") };
    const back = await authorize("facebook", "fb-2002", q);
    const body = new URLSearchParams({ grant_type: "authorization_code", code: back.searchParams.get("code") ?? "", redirect_uri: q.redirect_uri, client_id: q.client_id, client_secret: "test-facebook-secret" });
    const tok = await h.call("/idp/facebook/token", { method: "POST", merchant: null, headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: body.toString() });
    const fbToken = String(((await tok.json()) as Record<string, unknown>).access_token);
    // A Facebook token does not log in through Google.
    expect((await socialLogin("google", fbToken)).body).toMatchObject({ success: false, errorCode: "social.login.failed" });
    const b = await socialLogin("facebook", fbToken);
    expect(b.body.value.userName).toMatch(/^fb_/);
    expect(b.body.value.userName).not.toBe(a.body.value.userName);
  });

  it("fails with social.login.failed for a bad or expired token, and a bad body is parameter.invalid", async () => {
    expect((await socialLogin("google", "not-a-token")).body).toMatchObject({ success: false, errorCode: "social.login.failed", message: expect.any(String) });
    const accessToken = await googleAccessToken();
    h.clock.advance(3601 * 1000);
    expect((await socialLogin("google", accessToken)).body).toMatchObject({ errorCode: "social.login.failed" });
    expect((await socialLogin("google", 42)).body).toMatchObject({ errorCode: "parameter.invalid" });
  });

  it("is gated by GOOGLELOGIN3 and FBLOGIN3", async () => {
    await setModule(h.db, "demo", "GOOGLELOGIN3", false);
    try {
      const refused = await socialLogin("google", await googleAccessToken());
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ errorCode: "function.not.available" });
    } finally {
      await setModule(h.db, "demo", "GOOGLELOGIN3", true);
    }
    const status = await h.json("/wps/system/status");
    expect(JSON.stringify(status.body)).toContain("FBLOGIN3");
  });

  it("switches both modules on for a merchant seeded before migration 003", async () => {
    await h.db.query("DELETE FROM modules WHERE merchant = 'demo' AND mod_id IN ('GOOGLELOGIN3', 'FBLOGIN3')");
    await h.db.query(socialSchema[socialSchema.length - 1] ?? "");
    const rows = await h.db.query<{ mod_id: string; enabled: boolean; parent: string }>(
      "SELECT mod_id, enabled, parent FROM modules WHERE merchant = 'demo' AND mod_id IN ('GOOGLELOGIN3', 'FBLOGIN3') ORDER BY mod_id",
    );
    expect(rows).toEqual([{ mod_id: "FBLOGIN3", enabled: true, parent: "GROUP_PROFILE" }, { mod_id: "GOOGLELOGIN3", enabled: true, parent: "GROUP_PROFILE" }]);
  });
});
