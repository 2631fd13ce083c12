import { describe, expect, it } from "vitest";
import { readMessage } from "~/domain/messages";
import { formFields, registerPayload, registerSchema, type RegisterField, type RegisterOptions } from "~/domain/register";

const settings: RegisterField[] = [
  { field: "username", enabled: true, required: true, patternId: 1, acceptedPattern: "", minLength: 6, maxLength: 16, sort: 1 },
  { field: "password", enabled: true, required: true, patternId: 0, acceptedPattern: "*", minLength: 8, maxLength: 64, sort: 2 },
  { field: "confirmPassword", enabled: true, required: false, sort: 3 },
  { field: "mobileNum", enabled: true, required: false, patternId: 6, minLength: 7, maxLength: 15, sort: 4 },
  { field: "email", enabled: true, required: false, patternId: 3, minLength: 5, maxLength: 80, sort: 5 },
  { field: "payeeName", enabled: true, required: true, patternId: 12, minLength: 2, maxLength: 50, sort: 6 },
  { field: "qqNum", enabled: false, required: true, patternId: 6, sort: 7 },
  { field: "paymentPassword", enabled: true, required: false, patternId: 6, minLength: 6, maxLength: 6, sort: 8 },
  { field: "mysteryField", enabled: true, required: true },
];
const account: RegisterOptions = { mode: "account", smsVerification: false, mobilePassword: true, minimumAge: 18 };
const ok = {
  countryDialingCode: "880",
  ageConfirmed: "on",
  termsAccepted: "on",
  username: "player01",
  password: "secret-pass",
  confirmPassword: "secret-pass",
  mobileNum: "01712345678",
  payeeName: "রহিম উদ্দিন",
  paymentPassword: "123456",
};

const errorsOf = (result: ReturnType<ReturnType<typeof registerSchema>["safeParse"]>) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join("."), i.message]));

describe("formFields", () => {
  it("shows enabled known fields in the platform's order, mobile and payment password required when shown", () => {
    const fields = formFields(settings, account);
    expect(fields.map((f) => f.field)).toEqual([
      "username",
      "password",
      "confirmPassword",
      "mobileNum",
      "email",
      "payeeName",
      "paymentPassword",
    ]);
    expect(fields.find((f) => f.field === "mobileNum")?.required).toBe(true);
    expect(fields.find((f) => f.field === "paymentPassword")?.required).toBe(true);
    expect(fields.find((f) => f.field === "email")?.required).toBe(false);
  });
  it("always requires username and password in account mode, even if the platform says otherwise", () => {
    const fields = formFields([{ field: "username", enabled: false, required: false }], account);
    expect(fields.filter((f) => f.required).map((f) => f.field)).toEqual(["username", "password"]);
  });
  it("drops the username in mobile mode, and the password unless mobile registration asks for one", () => {
    const mobile = formFields(settings, { ...account, mode: "mobile", mobilePassword: false, smsVerification: true });
    expect(mobile.map((f) => f.field)).not.toContain("username");
    expect(mobile.map((f) => f.field)).not.toContain("password");
    expect(mobile.find((f) => f.field === "verificationCode")?.required).toBe(true);
  });
  it("asks for a verification code only when SMS verification is on and a mobile is asked", () => {
    expect(formFields(settings, account).some((f) => f.field === "verificationCode")).toBe(false);
    expect(formFields(settings, { ...account, smsVerification: true }).some((f) => f.field === "verificationCode")).toBe(true);
    const noMobile = settings.filter((s) => s.field !== "mobileNum");
    expect(formFields(noMobile, { ...account, smsVerification: true }).some((f) => f.field === "verificationCode")).toBe(false);
  });
});

describe("registerSchema", () => {
  const schema = registerSchema(settings, account);
  it("accepts a good form, Bengali names included", () => {
    expect(schema.safeParse(ok).success).toBe(true);
  });
  it("gives each field its pattern's message with min and max", () => {
    const errors = errorsOf(schema.safeParse({ ...ok, username: "1bad", payeeName: "R2", paymentPassword: "12" }));
    expect(readMessage(errors.username!)).toEqual({ key: "pattern.1", min: 6, max: 16 });
    expect(readMessage(errors.payeeName!)).toEqual({ key: "pattern.12", min: 2, max: 50 });
    expect(readMessage(errors.paymentPassword!)).toEqual({ key: "pattern.6", min: 6, max: 6 });
  });
  it("requires what is required and leaves optional fields alone", () => {
    const errors = errorsOf(schema.safeParse({ ...ok, payeeName: "  ", email: "" }));
    expect(errors.payeeName).toBe("validation.required");
    expect(errors.email).toBeUndefined();
  });
  it("needs the confirmation equal to the password", () => {
    expect(errorsOf(schema.safeParse({ ...ok, confirmPassword: "other-pass" })).confirmPassword).toBe("validation.inconsistent_twice");
  });
  it("needs the age and terms boxes ticked", () => {
    const errors = errorsOf(schema.safeParse({ ...ok, ageConfirmed: undefined, termsAccepted: undefined }));
    expect(readMessage(errors.ageConfirmed!)).toEqual({ key: "register.ageRequired", min: 18, max: 18 });
    expect(errors.termsAccepted).toBe("register.termsRequired");
  });
});

describe("registerPayload", () => {
  it("adds the payload fields of docs/SPEC.md point 3 and drops the form-only boxes", () => {
    const payload = registerPayload({ ...ok, confirmPassword: undefined }, account, {
      registerUrl: "https://site/register",
      domain: "site",
      referralCode: "REF1",
    });
    expect(payload).toMatchObject({
      login: true,
      registerMethod: "WEB",
      registerUrl: "https://site/register",
      domain: "site",
      confirmPassword: "secret-pass",
      referralCode: "REF1",
    });
    expect(payload).not.toHaveProperty("ageConfirmed");
  });
  it("uses the mobile number as the user name in mobile registration", () => {
    const payload = registerPayload(
      { mobileNum: "01712345678", countryDialingCode: "880" },
      { ...account, mode: "mobile" },
      { registerUrl: "u", domain: "d" },
    );
    expect(payload.username).toBe("01712345678");
  });
});

describe("text-direction controls (issue 25, decision 037)", () => {
  const marks = ["\u202a", "\u202b", "\u202c", "\u202d", "\u202e", "\u2066", "\u2067", "\u2068", "\u2069", "\u200e", "\u200f", "\u061c"];

  it("are refused in every typed name and contact of the register form, each under its field", () => {
    const schema = registerSchema(settings, account);
    for (const mark of marks) {
      const errors = errorsOf(schema.safeParse({ ...ok, email: `ev${mark}il@example.com`, payeeName: `রহিম${mark} উদ্দিন` }));
      expect(errors, JSON.stringify(mark)).toEqual({ email: "validation.directionControl", payeeName: "validation.directionControl" });
    }
    // Passwords are taken as typed: any character may be part of one.
    expect(schema.safeParse({ ...ok, password: "secret\u202epass", confirmPassword: "secret\u202epass" }).success).toBe(true);
  });

  it("are refused in a downline's nickname in the register centre; other scripts are not", async () => {
    const { downlineSchema } = await import("~/domain/agent-forms");
    const schema = downlineSchema(settings);
    const base = {
      intent: "register",
      requestId: "register-centre-0001",
      accountType: "0",
      username: "player02",
      password: "secret-pass",
      confirmPassword: "secret-pass",
      mobileNum: "01712345678",
      email: "",
    };
    const refused = schema.safeParse({ ...base, nickname: "Nadia\u202eKarim" });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([["nickname", "validation.directionControl"]]);
    expect(schema.safeParse({ ...base, nickname: "নাদিয়া করিম" }).success).toBe(true);
    expect(schema.safeParse({ ...base, nickname: "نادیہ کریم" }).success).toBe(true);
  });
});
