import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createGateway, PlatformError } from "~/gateway/index.server";
import { getEmbeddedPlatform } from "../../../platform/embedded";
import { solveSliderImages } from "../../setup/slider-solver";

// The accounts calls of the gateway against the in-process reference platform (decision 008).
const gw = (token?: string) => createGateway({ merchant: "demo", language: "EN", token, userAgent: "vitest", clientIp: "192.0.2.10" });

beforeAll(async () => {
  await getEmbeddedPlatform();
}, 60_000);
afterAll(async () => {
  await (await getEmbeddedPlatform()).close();
});

async function refusalOf(promise: Promise<unknown>): Promise<PlatformError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof PlatformError)) throw new Error(`expected a platform refusal, got ${String(error)}`);
  return error;
}

describe("accounts gateway ↔ reference platform", () => {
  it("reads register settings, countries and the affiliate check", async () => {
    const settings = await gw().accounts.registerSettings();
    expect(settings.find((s) => s.field === "username")).toMatchObject({ enabled: true, required: true, patternId: 1 });
    const countries = await gw().accounts.countries();
    expect(countries[0]).toMatchObject({ countryCode: "BD", countryDialingCode: "880" });
    await expect(gw().accounts.checkAffiliate("AGENT01", "localhost")).resolves.toBeUndefined();
    expect((await refusalOf(gw().accounts.checkAffiliate("NOPE99", "localhost"))).errorCode).toBe("invitation.code.invalid");
  });

  it("registers (encrypted) and gets a session; a taken name is refused", async () => {
    const name = `gw${Date.now() % 1_000_000_000}`;
    const payload = {
      username: name,
      password: "Secret-pass-1",
      confirmPassword: "Secret-pass-1",
      mobileNum: `19${Date.now() % 100_000_000}`,
      countryDialingCode: "880",
      login: true,
      registerMethod: "WEB",
      registerUrl: "http://localhost/register",
      domain: "localhost",
    };
    // The demo guards registration with the slide puzzle: unsolved, refused; solved, registered.
    expect((await refusalOf(gw().accounts.register(payload, "account"))).errorCode).toBe("human.verification.failed");
    const puzzle = (await gw().accounts.slider("register"))!;
    const x = await solveSliderImages(puzzle.background, puzzle.piece, puzzle.pieceY);
    const result = await gw().accounts.register({ ...payload, sliderCaptcha: { challengeId: puzzle.challengeId, x } }, "account");
    expect(result).toMatchObject({ userName: name, firstTimeLogin: true });
    expect((await gw(result.token).member.info()).account).toBe(name);
    const again = (await gw().accounts.slider("register"))!;
    const solved = { challengeId: again.challengeId, x: await solveSliderImages(again.background, again.piece, again.pieceY) };
    expect(
      (await refusalOf(gw().accounts.register({ ...payload, mobileNum: "1999999999", sliderCaptcha: solved }, "account"))).errorCode,
    ).toBe("register.username.taken");
  });

  it("issues a slide puzzle and an image captcha bound to a cookie", async () => {
    // The demo guards registration with the puzzle, not login (merchant setting humanVerification).
    const slider = (await gw().accounts.slider("register"))!;
    expect(slider.width).toBeGreaterThan(slider.pieceSize);
    expect(Buffer.from(slider.background, "base64").subarray(1, 4).toString()).toBe("PNG");
    expect(await gw().accounts.slider("login")).toBeNull();
    const captcha = await gw().accounts.captcha();
    expect(captcha.captchaId).toBeTruthy();
    expect(Buffer.from(captcha.image, "base64").subarray(1, 4).toString()).toBe("PNG");
  });

  it("sends SMS codes and refuses a second one within the minute", async () => {
    const sent = await gw().accounts.smsWithoutLogin({ mobileNum: "1712345678", countryDialingCode: "880" });
    expect(sent.expiredMinutes).toBeGreaterThan(0);
    expect((await refusalOf(gw().accounts.smsWithoutLogin({ mobileNum: "1712345678", countryDialingCode: "880" }))).errorCode).toBe(
      "sms.resend.too.soon",
    );
  });

  it("never says whether an account exists when resetting by email", async () => {
    await expect(gw().accounts.forgotByEmail({ username: "nobody_here", email: "nobody@example.com" })).resolves.toBeUndefined();
    await expect(gw().accounts.forgotByEmail({ username: "demo_member", email: "member@example.com" })).resolves.toBeUndefined();
  });

  it("changes a password (encrypted) and refuses a wrong current one", async () => {
    const login = await gw().session.login({ username: "demo_vip", password: "Demo@1234", type: "username" });
    const change = (oldPassword: string, newPassword: string) =>
      gw(login.token).accounts.changePassword({ oldPassword, newPassword, confirmNewPassword: newPassword });
    expect((await refusalOf(change("wrong-one", "Another-pass-2"))).errorCode).toBe("password.old.invalid");
    await change("Demo@1234", "Another-pass-2");
    await change("Another-pass-2", "Demo@1234");
  });

  it("flags a default password, and gives a trial session on free play", async () => {
    const forced = await gw().session.login({ username: "demo_default", password: "123456", type: "username" });
    expect(forced.defaultPassword).toBe(true);
    const trial = await gw().session.freePlay("WEB");
    expect(trial.customerType).toBe(4);
    expect((await gw(trial.token).wallet.balance()).sumBalance).toBe(2000);
  });
});
