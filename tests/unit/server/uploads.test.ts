import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PROOF_MAX_BYTES } from "~/domain/money-forms";
import { createGateway } from "~/gateway/index.server";
import { action as withdraw } from "~/routes/member.withdraw/route";
import { securityAction } from "~/routes/member.security-center/security-center.server";
import { csrfFor, sessionCookie } from "./session-cookie";
import { bodyWithin, imageType } from "~/uploads.server";
import { getEmbeddedPlatform } from "../../../platform/embedded";

// Uploads of the member centre: the byte cap counts what arrives (not what Content-Length says),
// and a withdrawal's proof pictures are PNG or JPEG by their bytes, at most three.

const UA = "vitest uploads";
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);

/** A body that arrives in chunks, with no Content-Length (a chunked post). */
function chunked(url: string, parts: Uint8Array[], headers: Record<string, string> = {}): Request {
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const part of parts) controller.enqueue(part);
      controller.close();
    },
  });
  return new Request(url, { method: "POST", headers, body: stream, duplex: "half" } as RequestInit);
}

describe("bodyWithin", () => {
  it("keeps a body under the cap, form and all", async () => {
    const form = new FormData();
    form.set("intent", "confirm");
    form.set("proof", new File([PNG], "p.png", { type: "image/png" }));
    const within = await bodyWithin(new Request("http://localhost/x", { method: "POST", body: form }), 10_000);
    const parsed = await within!.formData();
    expect(parsed.get("intent")).toBe("confirm");
    expect(imageType(Buffer.from(await (parsed.get("proof") as File).arrayBuffer()))).toBe("png");
  });

  it("refuses a body over the cap, whether Content-Length says so or not", async () => {
    const big = new Uint8Array(4_000);
    expect(await bodyWithin(chunked("http://localhost/x", [big, big, big]), 10_000)).toBeUndefined();
    expect(await bodyWithin(chunked("http://localhost/x", [big, big]), 10_000)).toBeDefined();
    // A Content-Length that lies low changes nothing: the bytes are counted.
    expect(await bodyWithin(chunked("http://localhost/x", [big, big, big], { "Content-Length": "10" }), 10_000)).toBeUndefined();
    expect(
      await bodyWithin(new Request("http://localhost/x", { method: "POST", body: "x", headers: { "Content-Length": "99999" } }), 10_000),
    ).toBeUndefined();
  });

  it("reads picture types by their first bytes only", () => {
    expect(imageType(PNG)).toBe("png");
    expect(imageType(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe("jpeg");
    expect(imageType(Buffer.from("GIF89a"))).toBeUndefined();
    expect(imageType(Buffer.from("<svg/>"))).toBeUndefined();
  });
});

describe("withdrawal proof pictures", () => {
  let cookies = "";
  let csrf = "";
  beforeAll(async () => {
    await getEmbeddedPlatform();
    const gateway = createGateway({ merchant: "demo", language: "EN", userAgent: UA });
    const token = (await gateway.session.login({ username: "demo_member", password: "Demo@1234", type: "username" })).token;
    cookies = await sessionCookie({ token, accountType: 0, userName: "demo_member" });
    csrf = await csrfFor(cookies);
  }, 60_000);
  afterAll(async () => {
    await (await getEmbeddedPlatform()).close();
  });

  const notReceived = (files: File[]) => {
    const form = new FormData();
    for (const [k, v] of Object.entries({
      csrf,
      intent: "confirm",
      requestId: "upload-test-request-0001",
      withdrawalId: "1",
      result: "NOT_RECEIVED",
    }))
      form.set(k, v);
    for (const file of files) form.append("proof", file);
    return new Request("http://localhost/member/withdraw", { method: "POST", headers: { Cookie: cookies, "User-Agent": UA }, body: form });
  };
  const answer = async (request: Request) => {
    const out = (await withdraw({ request, params: {}, context: {} })) as {
      init: { status: number } | null;
      data: { result: { error: Record<string, string[]> } };
    };
    return { status: out.init?.status ?? 200, errors: out.data.result.error[""] };
  };

  it("refuses a file that is not a PNG or JPEG, whatever its name says, before the platform is asked", async () => {
    expect(await answer(notReceived([new File(["<svg/>"], "proof.png", { type: "image/png" })]))).toEqual({
      status: 400,
      errors: ["validation.proofInvalid"],
    });
  });

  it("refuses more than three pictures, and one over 5 MB", async () => {
    const four = Array.from({ length: 4 }, (_, i) => new File([PNG], `p${i}.png`, { type: "image/png" }));
    expect(await answer(notReceived(four))).toEqual({ status: 400, errors: ["validation.proofInvalid"] });
    const large = new Uint8Array(PROOF_MAX_BYTES + 1);
    large.set(PNG);
    expect(await answer(notReceived([new File([large], "big.png", { type: "image/png" })]))).toEqual({
      status: 400,
      errors: ["validation.proofInvalid"],
    });
  });

  it("counts a member's picture posts (avatars, withdrawal proofs) before decoding them: past six in a minute, 429 with Retry-After (issue 25)", async () => {
    const upload = async () => {
      const form = new FormData();
      form.set("csrf", csrf);
      form.set("intent", "upload");
      form.set("image", new File(["<svg/>"], "me.png", { type: "image/png" }));
      const out = (await securityAction(
        new Request("http://localhost/member/security-center", {
          method: "POST",
          headers: { Cookie: cookies, "User-Agent": UA },
          body: form,
        }),
      )) as {
        init: { status: number; headers?: HeadersInit } | null;
        data: { error: string };
      };
      return { status: out.init?.status ?? 200, error: out.data.error, retry: new Headers(out.init?.headers).get("Retry-After") };
    };
    // Picture posts are counted together whatever the form (the proofs above count too): up to
    // six a minute are read (and refused here for their bytes), the next is 429 unread.
    const answers = [];
    for (let i = 0; i < 7; i++) answers.push(await upload());
    const first429 = answers.findIndex((a) => a.status === 429);
    expect(first429, "the limit bites within seven").toBeGreaterThan(-1);
    for (const a of answers.slice(0, first429)) expect(a).toMatchObject({ status: 400, error: "validation.avatarType" });
    const refused = answers[first429]!;
    expect(refused.error).toMatch(/^auth:rateLimited\|1\|/);
    expect(Number(refused.retry)).toBeGreaterThan(0);
    // A withdrawal proof is counted before it is decoded too: refused with the wait, not read.
    const out = (await withdraw({ request: notReceived([new File([PNG], "p.png", { type: "image/png" })]), params: {}, context: {} })) as {
      init: { status: number; headers?: HeadersInit } | null;
    };
    expect(out.init?.status).toBe(429);
    expect(Number(new Headers(out.init?.headers).get("Retry-After"))).toBeGreaterThan(0);
  });

  it("answers 413 to a body far beyond three pictures, with the form's message", async () => {
    const chunk = new Uint8Array(1024 * 1024);
    const request = chunked(
      "http://localhost/member/withdraw",
      Array.from({ length: 24 }, () => chunk),
      { Cookie: cookies, "Content-Type": "multipart/form-data; boundary=x" },
    );
    expect(await answer(request)).toEqual({ status: 413, errors: ["validation.proofTooLarge"] });
  });
});
