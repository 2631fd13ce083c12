import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { clearGatewayCache } from "~/gateway/cache.server";
import { createGateway } from "~/gateway/index.server";
import { setTransport, transport } from "~/gateway/transport.server";
import { loader } from "~/routes/member.player-rank/route";
import { loader as service } from "~/routes/service/route";
import { sessionCookie } from "./session-cookie";
import { getEmbeddedPlatform } from "../../../platform/embedded";

// The player-rank page: the rank, the member's club label when it says more than the rank, and a
// link to the customer service of that rank (VIP above level 4, else live chat).

const UA = "vitest player rank";
async function memberCookie(username: string): Promise<string> {
  const gateway = createGateway({ merchant: "demo", language: "EN", userAgent: UA });
  const token = (await gateway.session.login({ username, password: "Demo@1234", type: "username" })).token;
  return sessionCookie({ token, accountType: 0, userName: username });
}
const page = async (cookie: string) =>
  await loader({
    request: new Request("http://localhost/member/player-rank", { headers: { Cookie: cookie, "User-Agent": UA } }),
    params: {},
    context: {},
  });

beforeAll(async () => {
  await getEmbeddedPlatform();
}, 60_000);
afterEach(() => {
  setTransport(undefined);
  clearGatewayCache();
});
afterAll(async () => {
  await (await getEmbeddedPlatform()).close();
});

describe("player rank", () => {
  it("links live chat below VIP rank and VIP service above it, through /service", async () => {
    const serviceFor = async (cookie?: string) => {
      const outcome = await service({
        request: new Request("http://localhost/service", { headers: { ...(cookie ? { Cookie: cookie } : {}), "User-Agent": UA } }),
        params: {},
        context: {},
      });
      expect(outcome.status).toBe(302);
      return outcome.headers.get("Location");
    };
    const memberCookieValue = await memberCookie("demo_member");
    const member = await page(memberCookieValue);
    expect(member).toMatchObject({ name: "Silver", level: 2, vipService: false, serviceUrl: "/service" });
    // The platform's service link, type 3 (live chat), decrypted.
    expect(await serviceFor(memberCookieValue)).toMatch(/^https:\/\/chat\.example\.com\/livechat\?/);
    // The seeded club label is the rank's own name: not shown twice.
    expect(member.club).toBe("Silver");

    const vipCookie = await memberCookie("demo_vip");
    const vip = await page(vipCookie);
    expect(vip).toMatchObject({ level: 5, vipService: true });
    expect(await serviceFor(vipCookie)).toMatch(/^https:\/\/chat\.example\.com\/vip\?/);
    // A visitor gets the live chat.
    expect(await serviceFor()).toMatch(/\/livechat\?/);
  });

  it("shows a club label the platform gives beside the rank", async () => {
    const cookie = await memberCookie("demo_member");
    const real = transport();
    setTransport({
      name: "in-process",
      async send(request) {
        const response = await real.send(request);
        if (new URL(request.url).pathname !== "/wps/member/info") return response;
        const body = (await response.json()) as { value: Record<string, unknown> };
        return Response.json({ ...body, value: { ...body.value, clubLabel: { labelName: "Royal Club", rankLevel: 2 } } });
      },
    });
    expect((await page(cookie)).club).toBe("Royal Club");
  });

  it("answers 503 (shown inside the centre) when the platform does not answer its read", async () => {
    const cookie = await memberCookie("demo_member");
    const real = transport();
    setTransport({
      name: "in-process",
      send: (request) =>
        /getPlayerRankProgress|\/wps\/member\/info/.test(new URL(request.url).pathname)
          ? Promise.reject(new Error("ECONNRESET"))
          : real.send(request),
    });
    const thrown = await page(cookie).catch((e: unknown) => e);
    expect(thrown).toMatchObject({ init: { status: 503 }, data: { reason: "unavailable" } });
  });
});
