import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isCommonPassword } from "~/accounts/common-passwords.server";
import { refusal } from "~/accounts/verification.server";
import { createGateway, PlatformError } from "~/gateway/index.server";
import { changePasswordAction } from "~/routes/_home.change-password/change-password.server";
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
    const answer = (await changePasswordAction(request)) as { init: { status: number }; data: { result: { error: Record<string, string[]> } } };
    expect(answer.init.status).toBe(400);
    expect(answer.data.result.error.newPassword).toEqual(["auth:password.common"]);
    // The old password still works.
    await expect(gateway.session.login({ username: "demo_vip", password: "Demo@1234", type: "username" })).resolves.toMatchObject({ userName: "demo_vip" });
  });
});

describe("too many verification codes", () => {
  const reply = (options: { formErrors: string[] }) => ({ status: "error" as const, error: { "": options.formErrors } });

  it("says the wait the platform gives, with Retry-After, instead of a fixed 5 minutes", () => {
    const error = new PlatformError("Too many requests, try again after 55 minutes.", "sms.too.many.requests", "/wps/verification/sms/noLogin", 200, { retryAfterSeconds: 3295 });
    const answer = refusal(reply, error) as unknown as { init: { status: number; headers: HeadersInit }; data: { result: { error: Record<string, string[]> } } };
    expect(answer.init.status).toBe(429);
    expect(new Headers(answer.init.headers).get("Retry-After")).toBe("3295");
    expect(answer.data.result.error[""]).toEqual(["auth:sms.tooManyWait|55|55"]);
  });

  it("keeps the specification's words when the platform gives no wait", () => {
    const error = new PlatformError("Too many requests, try again after 5 minutes.", "sms.too.many.requests", "/wps/verification/sms/noLogin", 200, null);
    const answer = refusal(reply, error) as unknown as { init: { status: number }; data: { result: { error: Record<string, string[]> } } };
    expect(answer.init.status).toBe(400);
    expect(answer.data.result.error[""]).toEqual(["auth:sms.tooMany"]);
  });
});
