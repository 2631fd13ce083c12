import { createHash, randomBytes } from "node:crypto";
import { createLocalJWKSet, decodeProtectedHeader, type JSONWebKeySet, jwtVerify, SignJWT, UnsecuredJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { socialSchema } from "./db/schema-social";
import { setModule, setSetting } from "./operator";
import { createOperatorApp } from "./operator-http";
import { idpSigningKey } from "./services/test-idp-keys";
import { type Harness, openHarness } from "./testing/harness";

// Decision 013: the TEST identity provider as an OpenID Connect provider (discovery, authorize with
// registered redirect URIs and PKCE, code → access and ID token, userinfo, jwks) and the social
// logins that take its ID tokens (or, on the older wire, access tokens), through the Hono app on
// one in-memory PGlite.

type Provider = "google" | "facebook";
const ORIGIN = "http://platform.test"; // the harness's request origin
const REDIRECT: Record<Provider, string> = {
  google: "http://localhost:3100/auth/google/callback",
  facebook: "http://localhost:3100/auth/facebook/callback",
};
const CLIENT: Record<Provider, { client_id: string; client_secret: string }> = {
  google: { client_id: "test-google-client", client_secret: "test-google-secret" },
  facebook: { client_id: "test-facebook-client", client_secret: "test-facebook-secret" },
};
const VERIFIER = randomBytes(32).toString("base64url");
// Computed here, not with the provider's own helper.
const CHALLENGE = createHash("sha256").update(VERIFIER).digest("base64url");

let h: Harness;
const savedEnv = { IDP_REDIRECT_URIS: process.env.IDP_REDIRECT_URIS, PORT: process.env.PORT, PUBLIC_URL: process.env.PUBLIC_URL };
function restoreEnv(name: keyof typeof savedEnv) {
  if (savedEnv[name] === undefined) delete process.env[name];
  else process.env[name] = savedEnv[name];
}
beforeAll(async () => {
  h = await openHarness();
  process.env.IDP_REDIRECT_URIS = `${REDIRECT.google}, ${REDIRECT.facebook}`;
});
afterAll(async () => {
  for (const name of Object.keys(savedEnv) as (keyof typeof savedEnv)[]) restoreEnv(name);
  await h?.close();
});

function authorizeParams(provider: Provider, extra: Record<string, string> = {}): URLSearchParams {
  const params = new URLSearchParams({
    client_id: CLIENT[provider].client_id,
    redirect_uri: REDIRECT[provider],
    state: "st-1",
    response_type: "code",
    scope: "openid email",
    code_challenge: CHALLENGE,
    code_challenge_method: "S256",
    nonce: "n-1",
    ...extra,
  });
  for (const [name, value] of [...params]) if (value === "") params.delete(name);
  return params;
}

const postAuthorize = (provider: string, form: URLSearchParams) =>
  h.call(`/idp/${provider}/authorize`, {
    method: "POST",
    merchant: null,
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: form.toString(),
  });
const getAuthorize = (provider: string, query: URLSearchParams) => h.call(`/idp/${provider}/authorize?${query}`, { merchant: null });

/** Picks the identity on the test provider's page; extra overrides (or with "" removes) parameters. */
async function authorize(provider: Provider, identity: string, extra: Record<string, string> = {}) {
  const response = await postAuthorize(provider, authorizeParams(provider, { identity, ...extra }));
  expect(response.status).toBe(302);
  return new URL(response.headers.get("Location") ?? "");
}

async function token(code: string, overrides: Record<string, string> = {}, provider: Provider = "google") {
  const body = new URLSearchParams({
    grant_type: "authorization_code",
    code,
    redirect_uri: REDIRECT[provider],
    code_verifier: VERIFIER,
    ...CLIENT[provider],
    ...overrides,
  });
  for (const [name, value] of [...body]) if (value === "") body.delete(name);
  const response = await h.call(`/idp/${provider}/token`, {
    method: "POST",
    merchant: null,
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: body.toString(),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** The whole code flow: the provider's access token and ID token for the identity. */
async function idpTokens(
  provider: Provider = "google",
  identity = provider === "google" ? "google-sub-1001" : "fb-2002",
  extra: Record<string, string> = {},
) {
  const code = (await authorize(provider, identity, extra)).searchParams.get("code") ?? "";
  const answer = await token(code, {}, provider);
  expect(answer.status).toBe(200);
  return { accessToken: String(answer.body.access_token), idToken: String(answer.body.id_token) };
}

const socialLogin = (provider: string, payload: unknown, ip = "198.51.100.70") =>
  h.json(`/wps/session/login/${provider}`, { method: "POST", body: JSON.stringify(payload), forwardedFor: ip });

async function jwks(provider: Provider): Promise<JSONWebKeySet> {
  const response = await h.call(`/idp/${provider}/jwks`, { merchant: null });
  expect(response.status).toBe(200);
  return (await response.json()) as JSONWebKeySet;
}

describe("test identity provider", () => {
  it("publishes an OpenID configuration whose issuer is the URL the client asked", async () => {
    for (const provider of ["google", "facebook"] as const) {
      const response = await h.call(`/idp/${provider}/.well-known/openid-configuration`, { merchant: null });
      expect(response.status).toBe(200);
      const config = (await response.json()) as Record<string, unknown>;
      const issuer = `${ORIGIN}/idp/${provider}`;
      expect(config).toMatchObject({
        issuer,
        authorization_endpoint: `${issuer}/authorize`,
        token_endpoint: `${issuer}/token`,
        userinfo_endpoint: `${issuer}/userinfo`,
        jwks_uri: `${issuer}/jwks`,
        response_types_supported: ["code"],
        subject_types_supported: ["public"],
        id_token_signing_alg_values_supported: ["RS256"],
        code_challenge_methods_supported: ["S256"],
        token_endpoint_auth_methods_supported: ["client_secret_post", "client_secret_basic"],
        grant_types_supported: ["authorization_code"],
        scopes_supported: expect.arrayContaining(["openid", "email"]),
      });
      // The code redirect carries no iss, so the provider must not promise one.
      expect(config).not.toHaveProperty("authorization_response_iss_parameter_supported");
    }
    expect((await h.call("/idp/twitter/.well-known/openid-configuration", { merchant: null })).status).toBe(404);
  });

  it("shows a labelled page with a form button per test identity, and refuses unknown clients", async () => {
    const q = authorizeParams("google", { state: 'abc"<' });
    const page = await getAuthorize("google", q);
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toContain("TEST identity provider");
    expect(html).toContain("Google Test User");
    expect(html).toContain('value="google-sub-1001"');
    expect(html).toContain('value="abc&#34;&#60;"');
    expect(html).toContain(`name="code_challenge" value="${CHALLENGE}"`);
    expect(html).toContain('name="nonce" value="n-1"');
    expect(html).not.toContain("<script");
    q.set("client_id", "someone-else");
    const unknownClient = await getAuthorize("google", q);
    expect(unknownClient.status).toBe(400);
    expect(unknownClient.headers.get("Location")).toBeNull();
    // Google's client is no Facebook client.
    expect((await getAuthorize("facebook", authorizeParams("google"))).status).toBe(400);
    expect((await getAuthorize("twitter", authorizeParams("google"))).status).toBe(404);
  });

  it("answers an unregistered redirect_uri with a 400 page and never redirects there", async () => {
    const unregistered = [
      "http://evil.test/auth/google/callback",
      `${REDIRECT.google}/`,
      `${REDIRECT.google}?next=http://evil.test`,
      REDIRECT.google.replace("localhost", "LOCALHOST"),
      "http://localhost:3100/auth/google/callback2",
      "javascript:alert(1)",
    ];
    for (const redirect_uri of unregistered) {
      // Even a request that is wrong otherwise too (no PKCE) must not bounce the player there.
      for (const q of [authorizeParams("google", { redirect_uri }), authorizeParams("google", { redirect_uri, code_challenge: "" })]) {
        const page = await getAuthorize("google", q);
        expect(page.status, redirect_uri).toBe(400);
        expect(page.headers.get("Location")).toBeNull();
        expect(await page.text()).toContain("not registered");
        q.set("identity", "google-sub-1001");
        const picked = await postAuthorize("google", q);
        expect(picked.status).toBe(400);
        expect(picked.headers.get("Location")).toBeNull();
      }
    }
    const missing = await getAuthorize("google", authorizeParams("google", { redirect_uri: "" }));
    expect(missing.status).toBe(400);
    // A repeated redirect_uri is ambiguous: refused the same way.
    const twice = authorizeParams("google");
    twice.append("redirect_uri", "http://evil.test/cb");
    expect((await getAuthorize("google", twice)).status).toBe(400);
    const registered = await authorize("google", "google-sub-1001");
    expect(registered.origin + registered.pathname).toBe(REDIRECT.google);
  });

  it("registers the site's callbacks on PUBLIC_URL, localhost:PORT and 127.0.0.1:PORT without IDP_REDIRECT_URIS", async () => {
    delete process.env.IDP_REDIRECT_URIS;
    process.env.PORT = "3456";
    process.env.PUBLIC_URL = "https://bet.example/";
    try {
      for (const redirect_uri of [
        "https://bet.example/auth/google/callback",
        "http://localhost:3456/auth/google/callback",
        "http://127.0.0.1:3456/auth/google/callback",
      ]) {
        const back = await authorize("google", "google-sub-1001", { redirect_uri });
        expect(back.origin + back.pathname).toBe(redirect_uri);
        expect(back.searchParams.get("code")).toBeTruthy();
      }
      for (const redirect_uri of [
        REDIRECT.google,
        "http://localhost:3000/auth/google/callback",
        "https://bet.example/auth/facebook/callback",
      ]) {
        expect((await getAuthorize("google", authorizeParams("google", { redirect_uri }))).status, redirect_uri).toBe(400);
      }
      delete process.env.PORT;
      delete process.env.PUBLIC_URL;
      expect(
        (await getAuthorize("facebook", authorizeParams("facebook", { redirect_uri: "http://localhost:3000/auth/facebook/callback" })))
          .status,
      ).toBe(200);
    } finally {
      for (const name of ["PORT", "PUBLIC_URL"] as const) restoreEnv(name);
      process.env.IDP_REDIRECT_URIS = `${REDIRECT.google}, ${REDIRECT.facebook}`;
    }
  });

  it("requires PKCE with S256, and sends other request errors back to the client with the state", async () => {
    const cases: [Record<string, string>, string][] = [
      [{ code_challenge: "", code_challenge_method: "" }, "invalid_request"],
      [{ code_challenge_method: "" }, "invalid_request"],
      [{ code_challenge_method: "plain" }, "invalid_request"],
      [{ code_challenge: "too-short" }, "invalid_request"],
      [{ code_challenge: `${CHALLENGE}!` }, "invalid_request"],
      [{ nonce: "n".repeat(201) }, "invalid_request"],
      [{ response_type: "" }, "invalid_request"],
      [{ response_type: "token" }, "unsupported_response_type"],
    ];
    for (const [extra, error] of cases) {
      for (const response of [
        await getAuthorize("google", authorizeParams("google", extra)),
        await postAuthorize("google", authorizeParams("google", { ...extra, identity: "google-sub-1001" })),
      ]) {
        expect(response.status, JSON.stringify(extra)).toBe(302);
        const back = new URL(response.headers.get("Location") ?? "");
        expect(back.origin + back.pathname).toBe(REDIRECT.google);
        expect(back.searchParams.get("error"), JSON.stringify(extra)).toBe(error);
        expect(back.searchParams.get("state")).toBe("st-1");
        expect(back.searchParams.has("code")).toBe(false);
      }
    }
  });

  it("redirects back with code and state; the code works once, for its client, redirect URI and verifier", async () => {
    const back = await authorize("google", "google-sub-1001");
    expect(back.origin + back.pathname).toBe(REDIRECT.google);
    expect(back.searchParams.get("state")).toBe("st-1");
    expect(back.searchParams.has("iss")).toBe(false);
    const code = back.searchParams.get("code") ?? "";
    expect(code.length).toBeGreaterThan(20);
    expect((await token(code, { client_secret: "wrong" })).body).toEqual({ error: "invalid_client" });
    const first = await token(code);
    expect(first.body).toMatchObject({
      token_type: "Bearer",
      expires_in: 3600,
      access_token: expect.any(String),
      id_token: expect.any(String),
    });
    expect((await token(code)).body).toEqual({ error: "invalid_grant" });

    const other = (await authorize("google", "google-sub-1001")).searchParams.get("code") ?? "";
    expect((await token(other, { redirect_uri: "http://evil.test/cb" })).body).toEqual({ error: "invalid_grant" });
    expect((await token("nope", { grant_type: "password" })).body).toEqual({ error: "unsupported_grant_type" });

    const info = await h.call("/idp/google/userinfo", {
      merchant: null,
      headers: { Authorization: `Bearer ${String(first.body.access_token)}` },
    });
    expect(await info.json()).toEqual({ sub: "google-sub-1001", email: "gplayer@example.com", name: "Google Test User" });
    expect((await h.call("/idp/google/userinfo", { merchant: null, headers: { Authorization: "Bearer nope" } })).status).toBe(401);
    // A Google token is no Facebook token.
    expect(
      (await h.call("/idp/facebook/userinfo", { merchant: null, headers: { Authorization: `Bearer ${String(first.body.access_token)}` } }))
        .status,
    ).toBe(401);
  });

  it("refuses a wrong or missing code_verifier with invalid_grant, and the code is then used up", async () => {
    for (const code_verifier of [randomBytes(32).toString("base64url"), "", CHALLENGE, `${VERIFIER}x`]) {
      const code = (await authorize("google", "google-sub-1001")).searchParams.get("code") ?? "";
      const wrong = await token(code, { code_verifier });
      expect(wrong.status).toBe(400);
      expect(wrong.body).toEqual({ error: "invalid_grant" });
      expect((await token(code)).body).toEqual({ error: "invalid_grant" });
    }
  });

  it("takes client credentials by HTTP Basic too", async () => {
    const code = (await authorize("google", "google-sub-1001")).searchParams.get("code") ?? "";
    const body = new URLSearchParams({ grant_type: "authorization_code", code, redirect_uri: REDIRECT.google, code_verifier: VERIFIER });
    const basic = Buffer.from("test-google-client:test-google-secret").toString("base64");
    const response = await h.call("/idp/google/token", {
      method: "POST",
      merchant: null,
      headers: { "Content-Type": "application/x-www-form-urlencoded", Authorization: `Basic ${basic}` },
      body: body.toString(),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ id_token: expect.any(String) });
  });

  it("issues an RS256 ID token that verifies against its jwks with the client's aud, the issuer and the nonce", async () => {
    const keys = await jwks("google");
    expect(keys.keys).toHaveLength(1);
    expect(keys.keys[0]).toMatchObject({ kty: "RSA", alg: "RS256", use: "sig", kid: expect.any(String), n: expect.any(String), e: "AQAB" });
    expect(keys.keys[0]).not.toHaveProperty("d");
    const { idToken } = await idpTokens("google", "google-sub-1001", { nonce: "nonce-42" });
    expect(decodeProtectedHeader(idToken)).toMatchObject({ alg: "RS256", kid: keys.keys[0]?.kid });
    const { payload } = await jwtVerify(idToken, createLocalJWKSet(keys), {
      issuer: `${ORIGIN}/idp/google`,
      audience: "test-google-client",
      algorithms: ["RS256"],
      currentDate: h.clock.now,
    });
    expect(payload).toMatchObject({
      sub: "google-sub-1001",
      nonce: "nonce-42",
      email: "gplayer@example.com",
      email_verified: true,
      name: "Google Test User",
    });
    expect((payload.exp ?? 0) - (payload.iat ?? 0)).toBe(600);
    expect(Math.abs((payload.iat ?? 0) - h.clock.now.getTime() / 1000)).toBeLessThan(2);

    // No nonce asked, none given; each provider has a key of its own.
    const withoutNonce = await idpTokens("facebook", "fb-2002", { nonce: "" });
    const fbKeys = await jwks("facebook");
    expect(fbKeys.keys[0]?.kid).not.toBe(keys.keys[0]?.kid);
    const fb = await jwtVerify(withoutNonce.idToken, createLocalJWKSet(fbKeys), {
      issuer: `${ORIGIN}/idp/facebook`,
      audience: "test-facebook-client",
      currentDate: h.clock.now,
    });
    expect(fb.payload).not.toHaveProperty("nonce");
    await expect(jwtVerify(withoutNonce.idToken, createLocalJWKSet(keys), { currentDate: h.clock.now })).rejects.toThrow();
    // Kept in the database, once per provider.
    const rows = await h.db.query<{ provider: string; kid: string }>("SELECT provider, kid FROM idp_signing_keys ORDER BY provider");
    expect(rows).toEqual([
      { provider: "facebook", kid: fbKeys.keys[0]?.kid },
      { provider: "google", kid: keys.keys[0]?.kid },
    ]);
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

  it("is served by the operator listener's app without the operator key, with that listener's origin as issuer and the same key", async () => {
    const app = createOperatorApp({ db: h.db, merchant: "demo", key: "k".repeat(20), now: () => h.clock.now });
    const base = "http://127.0.0.1:3199/idp/google";
    const config = (await (await app.fetch(new Request(`${base}/.well-known/openid-configuration`))).json()) as Record<string, unknown>;
    expect(config).toMatchObject({ issuer: base, authorization_endpoint: `${base}/authorize`, jwks_uri: `${base}/jwks` });
    expect((await app.fetch(new Request(`${base}/authorize?${authorizeParams("google")}`))).status).toBe(200);
    expect((await app.fetch(new Request("http://127.0.0.1/operator/accounts"))).status).toBe(401);

    const picked = await app.fetch(
      new Request(`${base}/authorize`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: authorizeParams("google", { identity: "google-sub-1002" }).toString(),
      }),
    );
    const code = new URL(picked.headers.get("Location") ?? "").searchParams.get("code") ?? "";
    const answer = await app.fetch(
      new Request(`${base}/token`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({
          grant_type: "authorization_code",
          code,
          redirect_uri: REDIRECT.google,
          code_verifier: VERIFIER,
          ...CLIENT.google,
        }).toString(),
      }),
    );
    const idToken = String(((await answer.json()) as Record<string, unknown>).id_token);
    // The platform app's jwks (same database) verifies what the operator listener signed.
    const { payload } = await jwtVerify(idToken, createLocalJWKSet(await jwks("google")), {
      issuer: base,
      audience: "test-google-client",
      currentDate: h.clock.now,
    });
    expect(payload.sub).toBe("google-sub-1002");
  });
});

describe("social login", () => {
  it("takes the ID token: creates a member on the first login, then logs the same member in; the binding is final", async () => {
    const first = await socialLogin("google", { idToken: (await idpTokens()).idToken });
    expect(first.body).toMatchObject({
      success: true,
      value: { firstTimeLogin: true, defaultPassword: false, passwordExpired: false, customerType: 0 },
    });
    const userName = first.body.value.userName as string;
    expect(userName).toMatch(/^g_[a-z0-9]{10}$/);
    const info = await h.json("/wps/member/info", { token: first.body.value.token });
    expect(info.body.value).toMatchObject({ account: userName, nickname: "Google Test User" });

    const again = await socialLogin("google", { idToken: (await idpTokens()).idToken });
    expect(again.body.value).toMatchObject({ userName, firstTimeLogin: false });
    // The older wire (an access token alone) finds the same member.
    const byAccessToken = await socialLogin("google", { accessToken: (await idpTokens()).accessToken });
    expect(byAccessToken.body.value).toMatchObject({ userName, firstTimeLogin: false });
    const rows = await h.db.query<{ n: number; email: string }>(
      "SELECT count(*)::int AS n, max(email) AS email FROM member_social WHERE subject = 'google-sub-1001'",
    );
    expect(rows[0]).toEqual({ n: 1, email: "gplayer@example.com" });
    // No password can log in to a social member.
    expect((await h.login(userName, "!social")).body).toMatchObject({ success: false, errorCode: "login.failed" });
  });

  it("refuses an ID token of another audience, provider or issuer, an expired, early, tampered or unsigned one", async () => {
    const key = await idpSigningKey(h.db, "google");
    const now = Math.floor(h.clock.now.getTime() / 1000);
    const sign = (claims: Record<string, unknown>, alg = "RS256") =>
      new SignJWT({ email: "gplayer@example.com", email_verified: true, name: "Google Test User", ...claims })
        .setProtectedHeader({ alg, kid: key.kid })
        .sign(key.privateKey);
    const good = { iss: `${ORIGIN}/idp/google`, sub: "google-sub-1001", aud: "test-google-client", iat: now, exp: now + 600 };
    // The same signer with the right claims logs in, so each refusal below is the claim's doing.
    expect((await socialLogin("google", { idToken: await sign(good) })).body).toMatchObject({ success: true });

    const real = (await idpTokens()).idToken;
    const [header, body, signature] = real.split(".");
    const claims = JSON.parse(Buffer.from(body ?? "", "base64url").toString("utf8")) as Record<string, unknown>;
    const tampered = [header, Buffer.from(JSON.stringify({ ...claims, sub: "google-sub-1002" })).toString("base64url"), signature].join(
      ".",
    );

    const refused: [string, string][] = [
      ["another audience", await sign({ ...good, aud: "someone-else" })],
      ["two audiences", await sign({ ...good, aud: ["test-google-client", "someone-else"] })],
      ["Facebook's issuer", await sign({ ...good, iss: `${ORIGIN}/idp/facebook` })],
      ["a foreign issuer", await sign({ ...good, iss: "https://accounts.google.com" })],
      ["a non-http issuer", await sign({ ...good, iss: "ftp://platform.test/idp/google" })],
      ["expired", await sign({ ...good, iat: now - 700, exp: now - 100 })],
      ["issued in the future", await sign({ ...good, iat: now + 300, exp: now + 900 })],
      ["no subject", await sign({ ...good, sub: undefined })],
      ["Facebook's token", (await idpTokens("facebook", "fb-2002")).idToken],
      ["tampered", tampered],
      ["unsigned", new UnsecuredJWT(good).encode()],
      ["not a JWT", "not-a-token"],
    ];
    for (const [what, idToken] of refused) {
      const answer = await socialLogin("google", { idToken });
      expect(answer.body, what).toMatchObject({ success: false, errorCode: "social.login.failed", message: expect.any(String) });
    }
    // An ID token, when given, is what counts: a good access token beside a bad ID token does not help.
    const both = await socialLogin("google", { idToken: tampered, accessToken: (await idpTokens()).accessToken });
    expect(both.body).toMatchObject({ errorCode: "social.login.failed" });

    // Ten minutes on (plus the tolerance), the provider's own token has expired.
    const late = (await idpTokens()).idToken;
    h.clock.advance((600 + 31) * 1000);
    expect((await socialLogin("google", { idToken: late })).body).toMatchObject({ errorCode: "social.login.failed" });
  });

  it("checks the audience against the merchant's registered client (setting socialClientIds)", async () => {
    const { idToken, accessToken } = await idpTokens();
    await setSetting(h.db, "demo", "socialClientIds", { google: "merchant-google-client", facebook: "merchant-facebook-client" });
    try {
      expect((await socialLogin("google", { idToken })).body).toMatchObject({ errorCode: "social.login.failed" });
      // Nor can the test provider's access token alone get around the audience.
      expect((await socialLogin("google", { accessToken })).body).toMatchObject({ errorCode: "social.login.failed" });
      const key = await idpSigningKey(h.db, "google");
      const ownClient = await new SignJWT({ email: "gplayer@example.com", email_verified: true, name: "Google Test User" })
        .setProtectedHeader({ alg: "RS256", kid: key.kid })
        .setIssuer(`${ORIGIN}/idp/google`)
        .setSubject("google-sub-1001")
        .setAudience("merchant-google-client")
        .setIssuedAt(h.clock.now)
        .setExpirationTime(new Date(h.clock.now.getTime() + 600_000))
        .sign(key.privateKey);
      expect((await socialLogin("google", { idToken: ownClient })).body).toMatchObject({ success: true, value: { firstTimeLogin: false } });
    } finally {
      await h.db.query("UPDATE merchants SET settings = settings - 'socialClientIds' WHERE code = 'demo'");
    }
  });

  it("keeps different subjects and providers apart", async () => {
    const a = await socialLogin("google", { idToken: (await idpTokens("google", "google-sub-1002")).idToken });
    const fb = await idpTokens("facebook", "fb-2002");
    // A Facebook token does not log in through Google.
    expect((await socialLogin("google", { accessToken: fb.accessToken })).body).toMatchObject({
      success: false,
      errorCode: "social.login.failed",
    });
    expect((await socialLogin("google", { idToken: fb.idToken })).body).toMatchObject({ success: false, errorCode: "social.login.failed" });
    const b = await socialLogin("facebook", { idToken: fb.idToken });
    expect(b.body.value.userName).toMatch(/^fb_/);
    expect(b.body.value.userName).not.toBe(a.body.value.userName);
  });

  it("fails with social.login.failed for a bad or expired access token, and a bad body is parameter.invalid", async () => {
    expect((await socialLogin("google", { accessToken: "not-a-token" })).body).toMatchObject({
      success: false,
      errorCode: "social.login.failed",
      message: expect.any(String),
    });
    const { accessToken } = await idpTokens();
    h.clock.advance(3601 * 1000);
    expect((await socialLogin("google", { accessToken })).body).toMatchObject({ errorCode: "social.login.failed" });
    for (const payload of [{ accessToken: 42 }, {}, { idToken: "" }, { idToken: null }, { idToken: "x".repeat(8001) }, 42]) {
      expect((await socialLogin("google", payload)).body, JSON.stringify(payload).slice(0, 40)).toMatchObject({
        errorCode: "parameter.invalid",
      });
    }
  });

  it("is gated by GOOGLELOGIN3 and FBLOGIN3", async () => {
    await setModule(h.db, "demo", "GOOGLELOGIN3", false);
    try {
      const refused = await socialLogin("google", { idToken: (await idpTokens()).idToken });
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
    expect(rows).toEqual([
      { mod_id: "FBLOGIN3", enabled: true, parent: "GROUP_PROFILE" },
      { mod_id: "GOOGLELOGIN3", enabled: true, parent: "GROUP_PROFILE" },
    ]);
  });
});
