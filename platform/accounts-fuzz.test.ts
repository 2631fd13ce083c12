import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setModule } from "./operator";
import { type Harness, openHarness } from "./testing/harness";
import { encryptPayload } from "./testing/wps-client";

// Every endpoint of the accounts slice takes random bodies (RUNS), queries and headers: the answer
// is never a 5xx and nothing rejects unhandled.

let h: Harness;
let modulus: string;
let token: string;
const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);

beforeAll(async () => {
  h = await openHarness();
  // The seeded-off registration paths too, so random bodies reach their checks.
  await setModule(h.db, "demo", "REGMOBVERF3", true);
  await setModule(h.db, "demo", "MOBILENUMREG3", true);
  modulus = await (await h.call("/wps/session/key/rsa")).text();
  token = (await h.login("demo_agent", "Demo@1234")).body.value.token;
  process.on("unhandledRejection", onUnhandled);
});
afterAll(async () => {
  process.off("unhandledRejection", onUnhandled);
  await h?.close();
});

// Random requests per endpoint: 250 in npm test; FUZZ_RUNS=1000 (or more) for the long run.
const RUNS = Number(process.env.FUZZ_RUNS) || 250;

const text = fc.oneof(
  fc.string({ maxLength: 24 }),
  fc.string({ unit: "grapheme", maxLength: 24 }),
  fc.constantFrom(
    "",
    " ",
    "0",
    "01712345678",
    "8801712345678",
    "+880 1712-345678",
    "AGENT01",
    "demo_member",
    "Demo@1234",
    "123456",
    "2000-02-30",
    "null",
    "%zz",
    "রহিম",
    "김철수",
    "สมชาย",
    "张三",
    "a\u0000b",
    "\u0000",
  ),
  fc.string({ unit: "binary", maxLength: 40 }),
);
const value = fc.oneof(
  { weight: 4, arbitrary: text },
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(text, { maxLength: 3 }),
  fc.dictionary(text, text, { maxKeys: 3 }),
  fc.record({ challengeId: text, x: fc.oneof(fc.integer(), text) }),
);
/** An object with the endpoint's own keys (each maybe missing) and random values. */
const shaped = (keys: string[]) => fc.record(Object.fromEntries(keys.map((k) => [k, value])), { requiredKeys: [] });

type Body =
  | { kind: "raw"; text: string }
  | { kind: "json"; value: unknown }
  | { kind: "form"; fields: Record<string, string> }
  | { kind: "enc"; value: unknown; mangle: boolean };

const bodyArb = (keys: string[], encrypted: boolean): fc.Arbitrary<Body> =>
  fc.oneof(
    fc.record({
      kind: fc.constant("raw" as const),
      text: fc.oneof(text, fc.constantFrom("{", "[]", '{"value":""}', '{"value":"bm90IGRlcw=="}', '"abc"')),
    }),
    fc.record({ kind: fc.constant("json" as const), value: fc.oneof(shaped(keys), fc.jsonValue({ maxDepth: 2 })) }),
    fc.record({
      kind: fc.constant("form" as const),
      fields: fc.dictionary(keys.length ? fc.oneof(fc.constantFrom(...keys), text) : text, text, { maxKeys: 4 }),
    }),
    ...(encrypted
      ? [
          fc.record({
            kind: fc.constant("enc" as const),
            value: fc.oneof({ weight: 3, arbitrary: shaped(keys) }, fc.jsonValue({ maxDepth: 2 })),
            mangle: fc.boolean(),
          }),
        ]
      : []),
  );

/** What a header can carry at all: visible ASCII and spaces. */
const headerText = fc.stringMatching(/^[\x21-\x7e][\x20-\x7e]{0,40}$/);
const headersArb = fc.record(
  {
    Encryption: fc.oneof(headerText, fc.stringMatching(/^[0-9a-f]{1,300}$/)),
    "X-Digest": headerText,
    Cookie: fc.oneof(
      headerText.map((t) => `captchaId=${t}`),
      fc.stringMatching(/^captchaId=[0-9a-f]{32}$/),
    ),
    Language: fc.constantFrom("EN", "BN", "xx", ""),
    "X-Forwarded-For": fc.oneof(fc.ipV4(), headerText),
    Authorization: fc.oneof(headerText, fc.constant("token")),
    "Content-Type": fc.constantFrom(
      "application/json",
      "text/plain",
      "application/x-www-form-urlencoded",
      "multipart/form-data; boundary=x",
    ),
  },
  { requiredKeys: [] },
);

const queryArb = fc.oneof(
  fc
    .dictionary(fc.constantFrom("code", "domain", "t", "_", "username", "typeId"), text, { maxKeys: 3 })
    .map((q) => new URLSearchParams(q).toString()),
  fc.constantFrom("%", "%zz", "code=%E0%A4%A", "code=a&code=b", "t=1&t=2", "=", "&&"),
  text.map((t) => encodeURIComponent(t)),
);

interface Endpoint {
  method: "GET" | "POST" | "PUT";
  path: string;
  keys: string[];
  encrypted?: boolean;
}

const endpoints: Endpoint[] = [
  { method: "GET", path: "/wps/system/setting/register", keys: [] },
  { method: "GET", path: "/wps/system/country", keys: [] },
  { method: "GET", path: "/wps/agent/affiliate", keys: [] },
  { method: "GET", path: "/wps/captcha", keys: [] },
  { method: "GET", path: "/wps/captcha/slider", keys: [] },
  { method: "GET", path: "/media/flag/BD.svg", keys: [] },
  { method: "POST", path: "/wps/verification/sms/register", keys: ["mobileNum", "mobileNo", "countryDialingCode", "sliderCaptcha"] },
  { method: "POST", path: "/wps/verification/sms/noLogin", keys: ["mobileNum", "countryDialingCode", "sliderCaptcha"] },
  { method: "POST", path: "/wps/session/login/verification/code", keys: ["verificationToken", "method"] },
  { method: "POST", path: "/wps/session/login/freeplay", keys: ["os", "platform"] },
  { method: "POST", path: "/wps/member/password/email", keys: ["username", "email"] },
  {
    method: "POST",
    path: "/wps/session/login",
    keys: ["username", "password", "type", "captcha", "sliderCaptcha", "countryDialingCode"],
    encrypted: true,
  },
  { method: "POST", path: "/wps/session/login/verification", keys: ["verificationToken", "method", "code"], encrypted: true },
  {
    method: "PUT",
    path: "/wps/member/register",
    keys: [
      "username",
      "password",
      "confirmPassword",
      "mobileNum",
      "countryDialingCode",
      "verificationCode",
      "email",
      "payeeName",
      "affiliateCode",
      "referralCode",
      "birthday",
      "login",
      "sliderCaptcha",
    ],
    encrypted: true,
  },
  {
    method: "PUT",
    path: "/wps/member/register/mobile",
    keys: ["mobileNum", "countryDialingCode", "password", "confirmPassword", "verificationCode", "login"],
    encrypted: true,
  },
  { method: "POST", path: "/wps/member/password", keys: ["oldPassword", "newPassword", "confirmNewPassword"], encrypted: true },
  {
    method: "POST",
    path: "/wps/member/password/verification",
    keys: ["newPassword", "mobileNum", "verificationCode", "countryDialingCode"],
    encrypted: true,
  },
];

function request(endpoint: Endpoint, body: Body, headers: Record<string, string>, query: string) {
  const init: { method: string; headers: Record<string, string>; body?: string } = { method: endpoint.method, headers: { ...headers } };
  if (headers.Authorization === "token") init.headers.Authorization = token;
  if (endpoint.method !== "GET") {
    if (body.kind === "raw") init.body = body.text;
    if (body.kind === "json") init.body = JSON.stringify(body.value) ?? "";
    if (body.kind === "form") {
      init.body = new URLSearchParams(body.fields).toString();
      init.headers["Content-Type"] = "application/x-www-form-urlencoded";
    }
    if (body.kind === "enc") {
      const { des, rsa } = encryptPayload(body.value, modulus);
      init.body = JSON.stringify({ value: body.mangle ? des.slice(0, -4) : des });
      init.headers.Encryption = rsa;
    }
  }
  return h.call(`${endpoint.path}${query ? `?${query}` : ""}`, { method: init.method, headers: init.headers, body: init.body });
}

describe("accounts endpoints under random input", () => {
  for (const endpoint of endpoints) {
    it(`${endpoint.method} ${endpoint.path}: ${RUNS} random requests, no 5xx`, async () => {
      await fc.assert(
        fc.asyncProperty(bodyArb(endpoint.keys, endpoint.encrypted ?? false), headersArb, queryArb, async (body, headers, query) => {
          const response = await request(endpoint, body, headers, query);
          const payload = await response.text();
          if (response.status >= 500) throw new Error(`${response.status}: ${payload}`);
          if (endpoint.path.startsWith("/wps/")) {
            const envelope = JSON.parse(payload) as { success: unknown };
            expect(typeof envelope.success).toBe("boolean");
          }
        }),
        { numRuns: RUNS },
      );
      expect(unhandled).toEqual([]);
    }, 180_000);
  }
});
