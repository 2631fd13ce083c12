import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { finishSocialLogin, setSocialFetch, socialButtons, startSocialLogin } from "~/accounts/social.server";
import { getSession } from "~/session.server";
import { getEmbeddedPlatform } from "../../../platform/embedded";

// Decision 013, app side: /auth/<provider> and its callback called directly; discovery, the code
// exchange and the ID token go to the in-process platform's TEST identity provider (an OpenID
// provider; no listener under Vitest), configured as a real provider would be: issuer, client and
// the site's PUBLIC_URL.

const ISSUER = "http://127.0.0.1:9/idp/google";
vi.hoisted(() => {
  process.env.GOOGLE_ISSUER = "http://127.0.0.1:9/idp/google";
  process.env.GOOGLE_CLIENT_ID = "test-google-client";
  process.env.GOOGLE_CLIENT_SECRET = "test-google-secret";
  // Behind a TLS balancer the request says http://10.0.0.5:3000; the redirect URI must not.
  process.env.PUBLIC_URL = "http://localhost";
  // The real Facebook: no issuer set, so its OAuth endpoints (no discovery, no network here).
  process.env.FACEBOOK_CLIENT_ID = "fb-app-123";
  process.env.FACEBOOK_CLIENT_SECRET = "fb-secret";
});

const UA = "Mozilla/5.0 (Linux; Android 10) vitest";
let platformFetch: (request: Request) => Promise<Response>;

beforeAll(async () => {
  const platform = await getEmbeddedPlatform();
  platformFetch = platform.fetch;
  setSocialFetch((input, init) => platform.fetch(new Request(input, init)));
}, 60_000);
afterAll(async () => {
  await (await getEmbeddedPlatform()).close();
});

const get = (path: string, cookie = "") => new Request(`http://10.0.0.5:3000${path}`, { headers: { Cookie: cookie, "User-Agent": UA } });
const cookiesOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");

/** /auth/google: where it sends the browser, and the session cookie holding the state. */
async function start(redirectTo = "/member") {
  const response = await startSocialLogin(get(`/auth/google?redirectTo=${encodeURIComponent(redirectTo)}`), "google");
  expect(response.status).toBe(302);
  return { location: new URL(response.headers.get("Location") ?? ""), cookie: cookiesOf(response) };
}

/** What the test provider does when the player picks an identity: a code for the redirect URI. */
async function pickIdentity(authorize: URL, identity = "google-sub-1001") {
  const form = new URLSearchParams(authorize.searchParams);
  form.set("identity", identity);
  const response = await platformFetch(
    new Request(`${authorize.origin}${authorize.pathname}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: form.toString(),
    }),
  );
  expect(response.status).toBe(302);
  return new URL(response.headers.get("Location") ?? "");
}

async function flashOf(response: Response) {
  return (await getSession(new Request("http://localhost/", { headers: { Cookie: cookiesOf(response) } }))).get("error");
}

describe("social login, app side", () => {
  it("lists each provider whose module is on and which is configured", () => {
    expect(socialButtons({ GOOGLELOGIN3: true, FBLOGIN3: true })).toEqual(["google", "facebook"]);
    expect(socialButtons({ GOOGLELOGIN3: false, FBLOGIN3: true })).toEqual(["facebook"]);
    expect(socialButtons({ GOOGLELOGIN3: false })).toEqual([]);
  });

  it("redirects to the discovered authorization endpoint with client, PUBLIC_URL's callback, state, nonce and PKCE", async () => {
    const { location, cookie } = await start();
    expect(location.origin + location.pathname).toBe(`${ISSUER}/authorize`);
    expect(Object.fromEntries(location.searchParams)).toMatchObject({
      client_id: "test-google-client",
      redirect_uri: "http://localhost/auth/google/callback",
      response_type: "code",
      code_challenge_method: "S256",
    });
    expect(location.searchParams.get("state")).toMatch(/^[\w-]{32,}$/);
    expect(location.searchParams.get("nonce")).toMatch(/^[\w-]{32,}$/);
    expect(location.searchParams.get("code_challenge")).toMatch(/^[\w-]{43}$/);
    // The verifier stays in the sealed session; the cookie does not show it.
    const saved = (await getSession(new Request("http://localhost/", { headers: { Cookie: cookie } }))).get("socialState");
    expect(saved?.verifier).toMatch(/^[\w-]{43,}$/);
    expect(cookie).not.toContain(saved!.verifier!);
    expect(cookie).toContain("__session=");
    expect((await start()).location.searchParams.get("state")).not.toBe(location.searchParams.get("state"));
  });

  it("refuses a state that is not the session's, without using the code, and says so on /login", async () => {
    const { location, cookie } = await start();
    const back = await pickIdentity(location);
    const response = await finishSocialLogin(
      get(`/auth/google/callback?code=${back.searchParams.get("code")}&state=tampered`, cookie),
      "google",
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/login?redirectTo=%2Fmember");
    expect(await flashOf(response)).toBe("common:flash.socialFailed");
    // A callback without any started login is refused too.
    const none = await finishSocialLogin(get(`/auth/google/callback?code=x&state=${back.searchParams.get("state")}`), "google");
    expect(none.headers.get("Location")).toBe("/login");
  });

  it("logs in: state checked, code exchanged, platform login, session started, state used up", async () => {
    const { location, cookie } = await start();
    const back = await pickIdentity(location);
    const callback = `/auth/google/callback?${back.searchParams}`;
    const response = await finishSocialLogin(get(callback, cookie), "google");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/member");
    const session = await getSession(new Request("http://localhost/", { headers: { Cookie: cookiesOf(response) } }));
    expect(session.get("token")).toMatch(/\w{32,}/);
    expect(session.get("userName")).toMatch(/^g_/);
    expect(session.get("socialState")).toBeUndefined();
    expect(session.get("mustChangePassword")).toBeUndefined();
    // Replayed with the pre-login cookie (which still holds the state), the spent code is refused.
    const replay = await finishSocialLogin(get(callback, cookie), "google");
    expect(replay.headers.get("Location")).toBe("/login?redirectTo=%2Fmember");
    expect(await flashOf(replay)).toBe("common:flash.socialFailed");
  });

  it("refuses a code issued to another login attempt (PKCE): the state matches, the verifier does not", async () => {
    const victim = await start();
    // The attacker's own authorization, with the victim's nonce (it is in the victim's URL) and
    // the attacker's PKCE challenge: only the verifier can tell the code is not the victim's.
    const attacker = new URL(victim.location);
    attacker.searchParams.set("code_challenge", "Attacker-chosen-challenge-0123456789abcdefgh");
    const stolen = await pickIdentity(attacker);
    expect(stolen.searchParams.get("state")).toBe(victim.location.searchParams.get("state"));
    const injected = `/auth/google/callback?${stolen.searchParams}`;
    const response = await finishSocialLogin(get(injected, victim.cookie), "google");
    expect(response.headers.get("Location")).toBe("/login?redirectTo=%2Fmember");
    expect(await flashOf(response)).toBe("common:flash.socialFailed");
  });

  it("sends the real Facebook player to its OAuth dialog with PKCE, the callback from PUBLIC_URL, and no ID token asked", async () => {
    const response = await startSocialLogin(get("/auth/facebook"), "facebook");
    const location = new URL(response.headers.get("Location") ?? "");
    expect(location.origin + location.pathname).toBe("https://www.facebook.com/v21.0/dialog/oauth");
    expect(Object.fromEntries(location.searchParams)).toMatchObject({
      client_id: "fb-app-123",
      redirect_uri: "http://localhost/auth/facebook/callback",
      scope: "email public_profile",
      code_challenge_method: "S256",
    });
    expect(location.searchParams.has("nonce")).toBe(false);
  });

  it("comes back to /login with the message when the provider says no", async () => {
    const { location, cookie } = await start("/");
    const response = await finishSocialLogin(
      get(`/auth/google/callback?error=access_denied&state=${location.searchParams.get("state")}`, cookie),
      "google",
    );
    expect(response.headers.get("Location")).toBe("/login");
    expect(await flashOf(response)).toBe("common:flash.socialFailed");
  });
});
