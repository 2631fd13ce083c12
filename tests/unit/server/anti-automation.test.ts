import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isCommonPassword } from "~/accounts/common-passwords.server";
import { refusal } from "~/accounts/verification.server";
import { createGateway, PlatformError } from "~/gateway/index.server";
import { changePasswordAction } from "~/routes/_home.change-password/change-password.server";
import { loginAction } from "~/routes/_home.login/login.server";
import { feedbackAction } from "~/routes/feedback/feedback.server";
import { limitAttempt, limitsOf, RateLimitedError } from "~/limits.server";
import { runInScope } from "~/request-scope.server";
import { honeypotProtection } from "~/security.server";
import { getEmbeddedPlatform } from "../../../platform/embedded";
import { csrfFor, sessionCookie } from "./session-cookie";

// Issue 11, items 2 and 3: common passwords are refused where a password is chosen, and a
// too-many-codes refusal says the real wait.

const UA = "vitest anti-automation";

beforeAll(async () => {
  await getEmbeddedPlatform();
}, 60_000);
afterAll(async () => {
  await (await getEmbeddedPlatform()).close();
});

describe("common passwords", () => {
  it("are the 10,000 most common, compared without case; ordinary strong ones pass", () => {
    for (const p of ["password", "Password", "12345678", "qwerty123", "iloveyou", "password1"]) expect(isCommonPassword(p), p).toBe(true);
    for (const p of ["Secret-pass-1", "Demo@1234", "Kolkata#Rain88", "mango-tiger-41"]) expect(isCommonPassword(p), p).toBe(false);
  });

  it("are refused by the password change under the field, and the password is not changed", async () => {
    const gateway = createGateway({ merchant: "demo", language: "EN", userAgent: UA });
    const token = (await gateway.session.login({ username: "demo_vip", password: "Demo@1234", type: "username" })).token;
    const cookie = await sessionCookie({ token, accountType: 0, userName: "demo_vip" });
    const fields = { csrf: await csrfFor(cookie), oldPassword: "Demo@1234", newPassword: "qwerty123", confirmNewPassword: "qwerty123" };
    const request = new Request("http://localhost/change-password", {
      method: "POST",
      headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded", "User-Agent": UA },
      body: new URLSearchParams(fields),
    });
    const answer = (await changePasswordAction(request)) as {
      init: { status: number };
      data: { result: { error: Record<string, string[]> } };
    };
    expect(answer.init.status).toBe(400);
    expect(answer.data.result.error.newPassword).toEqual(["auth:password.common"]);
    // The old password still works.
    await expect(gateway.session.login({ username: "demo_vip", password: "Demo@1234", type: "username" })).resolves.toMatchObject({
      userName: "demo_vip",
    });
  });
});

describe("too many verification codes", () => {
  const reply = (options: { formErrors: string[] }) => ({ status: "error" as const, error: { "": options.formErrors } });

  it("says the wait the platform gives, with Retry-After, instead of a fixed 5 minutes", () => {
    const error = new PlatformError(
      "Too many requests, try again after 55 minutes.",
      "sms.too.many.requests",
      "/wps/verification/sms/noLogin",
      200,
      { retryAfterSeconds: 3295 },
    );
    const answer = refusal(reply, error) as unknown as {
      init: { status: number; headers: HeadersInit };
      data: { result: { error: Record<string, string[]> } };
    };
    expect(answer.init.status).toBe(429);
    expect(new Headers(answer.init.headers).get("Retry-After")).toBe("3295");
    expect(answer.data.result.error[""]).toEqual(["auth:sms.tooManyWait|55|55"]);
  });

  it("answers the platform's busy password hashes (too.many.requests) as 429 with its wait, like other too-many refusals", () => {
    for (const code of ["too.many.requests", "login.too.many.requests", "agent.register.too.many.requests"]) {
      const error = new PlatformError("Too many requests, please try again later.", code, "/wps/session/login", 429, {
        retryAfterSeconds: 3,
      });
      const answer = refusal(reply, error) as unknown as { init: { status: number; headers: HeadersInit } };
      expect(answer.init.status, code).toBe(429);
      expect(new Headers(answer.init.headers).get("Retry-After")).toBe("3");
    }
  });

  it("keeps the specification's words when the platform gives no wait", () => {
    const error = new PlatformError(
      "Too many requests, try again after 5 minutes.",
      "sms.too.many.requests",
      "/wps/verification/sms/noLogin",
      200,
      null,
    );
    const answer = refusal(reply, error) as unknown as { init: { status: number }; data: { result: { error: Record<string, string[]> } } };
    expect(answer.init.status).toBe(400);
    expect(answer.data.result.error[""]).toEqual(["auth:sms.tooMany"]);
  });
});

// Issue 25, items 4 and 5 (decisions 036 and 037): the forms that buy a password hash, an image
// decode or an account are counted per address in short bursts, before any of that work.
describe("bursts counted before the work", () => {
  async function honeypot() {
    const props = await honeypotProtection().getInputProps({ validFromTimestamp: Date.now() });
    return { [props.nameFieldName]: "", [props.validFromFieldName!]: props.encryptedValidFrom! };
  }
  const statusOf = (answer: unknown) =>
    answer instanceof Response
      ? { status: answer.status, retry: answer.headers.get("Retry-After") }
      : {
          status: (answer as { init: { status: number } | null }).init?.status ?? 200,
          retry: new Headers((answer as { init: { headers?: HeadersInit } | null }).init?.headers).get("Retry-After"),
        };

  it("a login spray with made-up names from one address gets 429 with Retry-After from its 11th login in a minute", async () => {
    const login = async (ip: string, username: string) => {
      const body = new URLSearchParams({ ...(await honeypot()), username, password: "Wrong-pass-1" });
      const request = new Request("http://localhost/login", {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", "User-Agent": UA },
        body,
      });
      return statusOf(await runInScope({ clientIp: ip }, () => loginAction(request)));
    };
    const spray = "192.0.2.41";
    for (let i = 0; i < 10; i++) expect((await login(spray, `sprayname${i}`)).status, `login ${i + 1}`).toBe(400);
    const refused = await login(spray, "sprayname10");
    expect(refused.status).toBe(429);
    expect(Number(refused.retry)).toBeGreaterThan(0);
    expect(Number(refused.retry)).toBeLessThanOrEqual(60);
    // Another address is answered as before.
    expect((await login("192.0.2.42", "sprayname11")).status).toBe(400);
  });

  it("a visitor's feedback is counted before its pictures are looked at", async () => {
    const feedback = async (ip: string) => {
      const form = new FormData();
      for (const [k, v] of Object.entries({
        ...(await honeypot()),
        requestId: "feedback-burst-request-01",
        questionType: "OTHER",
        content: "hello",
      }))
        form.set(k, v);
      form.append("images", new File(["<svg/>"], "a.png", { type: "image/png" }));
      const request = new Request("http://localhost/feedback", { method: "POST", headers: { "User-Agent": UA }, body: form });
      return statusOf(await runInScope({ clientIp: ip }, () => feedbackAction(request)));
    };
    const ip = "192.0.2.43";
    for (let i = 0; i < 5; i++) expect((await feedback(ip)).status, `post ${i + 1}`).toBe(400); // the picture is refused
    const refused = await feedback(ip);
    expect(refused.status).toBe(429);
    expect(Number(refused.retry)).toBeGreaterThan(0);
  });

  it("registration: 5 from one address in 10 minutes, 40 a day; other addresses unaffected", async () => {
    expect(limitsOf("register")).toEqual(
      expect.arrayContaining([
        { by: "address", points: 5, seconds: 600 },
        { by: "address", points: 40, seconds: 86_400 },
      ]),
    );
    const attempt = (ip: string) => runInScope({ clientIp: ip }, () => limitAttempt("register"));
    for (let i = 0; i < 5; i++) await attempt("192.0.2.44");
    const refused = await attempt("192.0.2.44").catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(RateLimitedError);
    expect((refused as RateLimitedError).retryAfter).toBeLessThanOrEqual(600);
    await expect(attempt("192.0.2.45")).resolves.toBeUndefined();
  });

  it("a stranger's password-reset and SMS spray of an account does not spend its owner's count elsewhere", async () => {
    for (const form of ["forgot", "sms"] as const) {
      const attempt = (ip: string) => runInScope({ clientIp: ip }, () => limitAttempt(form, "Demo_Owner"));
      let refused: unknown;
      for (let i = 0; i < 30 && !refused; i++)
        refused = await attempt("198.51.100.66").then(
          () => undefined,
          (e: unknown) => e,
        );
      expect(refused, `${form}: the stranger's address is stopped`).toBeInstanceOf(RateLimitedError);
      // The owner, from home, still gets a reset and its codes.
      await expect(attempt("203.0.113.77"), `${form}: the owner`).resolves.toBeUndefined();
    }
    // A second login step's code stays counted whole, whoever sends it.
    const code = (ip: string) => runInScope({ clientIp: ip }, () => limitAttempt("sms", "2fa:some-verification-token"));
    let stopped: unknown;
    for (let i = 0; i < 30 && !stopped; i++)
      stopped = await code(`198.51.100.${i + 1}`).then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(stopped).toBeInstanceOf(RateLimitedError);
  });
});
